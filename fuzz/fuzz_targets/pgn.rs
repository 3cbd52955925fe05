//! The PGN reader, replay and writer: any bytes are read game by game without a panic;
//! every game is replayed (errors are values); every game tree written in export format
//! reads back to the same tree.
#![no_main]

use libfuzzer_sys::fuzz_target;
use chessbits_pgn::{GameBuilder, Reader, RecordCollector, SanMode};

fuzz_target!(|data: &[u8]| {
    let mut records = Vec::new();
    if Reader::new(data)
        .read_all(&mut RecordCollector::new(), |r| records.push(r))
        .is_err()
    {
        return;
    }
    for record in &records {
        for mode in [SanMode::Strict, SanMode::Lenient] {
            let _ = chessbits_pgn::replay(record, mode, |before, m, after| {
                assert!(chessbits_movegen::is_legal(before, m));
                let _ = after;
            });
        }
    }
    let mut reader = Reader::new(data);
    while let Ok(Some((game, _))) = reader.read_game(&mut GameBuilder::new()) {
        let mut out = Vec::new();
        chessbits_pgn::write_game(&game, &mut out);
        let (back, _) = Reader::new(&out[..])
            .read_game(&mut GameBuilder::new())
            .expect("no I/O error on a slice")
            .expect("a written game reads back");
        assert!(
            back.lines == game.lines,
            "the tree changed through the writer"
        );
    }
});
