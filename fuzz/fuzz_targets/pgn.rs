//! The PGN reader, replay and writer: any bytes are read game by game without a panic;
//! every game is replayed (errors are values); every game tree written in export format
//! reads back to the same tree.
#![no_main]

use chessbits_pgn::{GameBuilder, Reader, RecordCollector, SanMode};
use libfuzzer_sys::fuzz_target;
use std::io::Read;

/// Hands out the input in reads whose sizes (1 to 64 bytes) the input itself chooses.
struct Trickle<'a> {
    rest: &'a [u8],
    sizes: &'a [u8],
    k: usize,
}

impl Read for Trickle<'_> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        let size = self
            .sizes
            .get(self.k % self.sizes.len().max(1))
            .map_or(7, |&b| 1 + usize::from(b % 64));
        self.k += 1;
        let n = size.min(out.len()).min(self.rest.len());
        out[..n].copy_from_slice(&self.rest[..n]);
        self.rest = &self.rest[n..];
        Ok(n)
    }
}

fuzz_target!(|data: &[u8]| {
    let mut records = Vec::new();
    if Reader::new(data)
        .read_all(&mut RecordCollector::new(), |r| records.push(r))
        .is_err()
    {
        return;
    }
    let mut trickled = Vec::new();
    Reader::new(Trickle {
        rest: data,
        sizes: data,
        k: 0,
    })
    .read_all(&mut RecordCollector::new(), |r| trickled.push(r))
    .expect("no I/O error from a slice");
    assert!(trickled == records, "where the reads end changed the games");
    for record in &records {
        for mode in [SanMode::Strict, SanMode::Lenient] {
            let _ = chessbits_pgn::replay(record, mode, |before, m, after| {
                // A null move (`--`, `Z0`) is played as such; every other move is legal.
                assert!(m.is_null() || chessbits_movegen::is_legal(before, m));
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
