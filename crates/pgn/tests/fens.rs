//! `before_fen,san,after_fen` rows against python-chess, a different implementation, on a
//! sample of 2,043 real games (Lichess and TWIC), and the writer's round trip on the same
//! games. The sample and the expected rows are in `tests/data/sample/` (zstd); how they were
//! made is in `tests/data/README.md`.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use chessbits_pgn::pipeline::Pipeline;
use std::io::Read;
use std::path::{Path, PathBuf};

use chessbits_pgn::{GameBuilder, GameRecord, Reader, RecordCollector, SanMode};

const SAMPLES: [&str; 5] = [
    "lichess_db_2025-05_1000k",
    "lichess_DannyTheDonkey_2019-01-29",
    "lichess_DrDrunkenstein_2019-01-29",
    "twic0920",
    "twic1599_1000k",
];

fn sample_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/sample")
}

fn read_zst(path: &Path) -> Vec<u8> {
    let mut out = Vec::new();
    chessbits_pgn::input::open(path)
        .expect("sample file")
        .read_to_end(&mut out)
        .expect("zstd");
    out
}

fn records(pgn: &[u8]) -> Vec<GameRecord> {
    let mut out = Vec::new();
    Reader::new(pgn)
        .read_all(&mut RecordCollector::new(), |r| out.push(r))
        .expect("no I/O error");
    out
}

#[test]
fn rows_equal_python_chess() {
    let mut games = 0;
    let mut rows = 0;
    for name in SAMPLES {
        let pgn = read_zst(&sample_dir().join(format!("{name}.pgn.zst")));
        let expected = read_zst(&sample_dir().join(format!("{name}.csv.zst")));
        let recs = records(&pgn);
        let mut got = common::FENS_HEADER.as_bytes().to_vec();
        let report = common::fens_games(&recs, SanMode::Lenient, &mut got);
        assert!(report.errors.is_empty(), "{name}: {:?}", report.errors);
        for (i, (g, e)) in got
            .split(|&b| b == b'\n')
            .zip(expected.split(|&b| b == b'\n'))
            .enumerate()
        {
            assert!(
                g == e,
                "{name}, row {i}:\n  got      {}\n  expected {}",
                String::from_utf8_lossy(g),
                String::from_utf8_lossy(e)
            );
        }
        assert_eq!(got.len(), expected.len(), "{name}: row count differs");
        games += report.games;
        rows += report.moves;
    }
    assert_eq!(games, 2043);
    assert_eq!(rows, 166_732);
}

#[test]
fn strict_mode_reads_the_sample_too() {
    for name in SAMPLES {
        let pgn = read_zst(&sample_dir().join(format!("{name}.pgn.zst")));
        let report = chessbits_pgn::check_games(&records(&pgn), SanMode::Strict);
        assert!(report.errors.is_empty(), "{name}: {:?}", report.errors);
    }
}

#[test]
fn writer_round_trips_every_sample_game() {
    let mut games = 0;
    for name in SAMPLES {
        let pgn = read_zst(&sample_dir().join(format!("{name}.pgn.zst")));
        let mut reader = Reader::new(&pgn[..]);
        let mut builder = GameBuilder::new();
        while let Some((game, errors)) = reader.read_game(&mut builder).expect("no I/O error") {
            assert!(errors.is_empty(), "{name}: {errors:?}");
            let mut out = Vec::new();
            chessbits_pgn::write_game(&game, &mut out);
            for line in out.split(|&b| b == b'\n') {
                if !line.starts_with(b"[") {
                    assert!(line.len() <= chessbits_pgn::MAX_COLUMNS || !line.contains(&b' '));
                }
            }
            let (back, errors) = Reader::new(&out[..])
                .read_game(&mut GameBuilder::new())
                .expect("no I/O error")
                .expect("a game");
            assert!(errors.is_empty());
            assert_eq!(back.lines, game.lines, "{name}: game {}", games + 1);
            assert_eq!(back.result, game.result);
            for (tag, _) in game.tags.iter() {
                let name_str = String::from_utf8_lossy(tag);
                assert_eq!(back.tag(&name_str), game.tag(&name_str));
            }
            let mut again = Vec::new();
            chessbits_pgn::write_game(&back, &mut again);
            assert_eq!(again, out);
            games += 1;
        }
    }
    assert_eq!(games, 2043);
}

/// The shared data set (its `pgn/` directory), when `CHESSBITS_DATA` names it: tests read
/// nothing outside this package unless told where (`.ci/run` sets it to `../shared/data`).
fn shared_data() -> Option<PathBuf> {
    let dir = PathBuf::from(std::env::var_os("CHESSBITS_DATA")?).join("pgn");
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!("skipped: {} is not a directory", dir.display());
        None
    }
}

/// All 145,716 games of the GNU Chess book collection (85 MB): about 2 s in release.
/// `cargo test --release -p chessbits-pgn -- --ignored` (or `chessbits pgn check` on the file).
#[test]
#[ignore = "reads 85 MB from $CHESSBITS_DATA"]
fn gnuchess_book_replays_without_error() {
    let Some(dir) = shared_data() else {
        eprintln!("skipped: set CHESSBITS_DATA to the shared data directory to run this");
        return;
    };
    let path = dir.join("master/gnuchess-book_1.02.pgn.zst");
    let mut report = chessbits_pgn::Report::default();
    Pipeline::new(Reader::new(
        chessbits_pgn::input::open(&path).expect("the file"),
    ))
    .threads(2)
    .run(
        |batch| chessbits_pgn::check_games(&batch, SanMode::Lenient),
        |r| {
            report.merge(r);
            true
        },
    )
    .expect("no I/O error");
    assert_eq!(report.games, 145_716);
    assert_eq!(report.moves, 11_264_836);
    assert!(
        report.errors.is_empty(),
        "{:?}",
        &report.errors[..5.min(report.errors.len())]
    );
}
