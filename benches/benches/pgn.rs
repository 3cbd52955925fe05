//! PGN reading, single thread, side by side in one run: this workspace's `pgn` crate against
//! pgn-reader + shakmaty (the fastest streaming PGN reader in Rust), on the same bytes.
//!
//! - `pgn_read` (throughput in bytes) and `pgn_read_moves` (throughput in mainline moves)
//!   time the same four functions: `parse` (tokenize every game and parse every move's SAN
//!   syntax, no position) and `replay` (also decode every SAN in its position and play it:
//!   ours the way `chessbits pgn check --threads 1` does it), for `ours` and for
//!   `pgn-reader+shakmaty`. The whole-process comparison, `chessbits pgn check` against
//!   the `pgn_peer` program, is in `cargo xtask bench`'s PGN section.
//! - `pgn_fens` (throughput in rows) times the `before_fen,san,after_fen` job on one sample
//!   file: ours on one thread and on every core (in-process, rows into memory), and, when
//!   they are installed, `pgn-extract --fencomments` (the C tool the "Chess Bitboards" blog series used;
//!   Debian package `pgn-extract`) and python-chess (`python3 -c 'import chess'`) as
//!   processes writing to a temporary file.
//!
//! The input is the PGN sample committed under `crates/pgn/tests/data/sample/` (2,043 Lichess
//! and TWIC games, 166,732 moves), decompressed into memory once.
#![allow(missing_docs)] // criterion_group! and criterion_main! generate undocumented items

use std::hint::black_box;
use std::io::Read;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::process::Command;

use chessbits_pgn::{SanMode, SanPlus, Skip};
use criterion::{
    criterion_group, criterion_main, BenchmarkId, Criterion, SamplingMode, Throughput,
};

const SAMPLES: [&str; 5] = [
    "lichess_db_2025-05_1000k",
    "lichess_DannyTheDonkey_2019-01-29",
    "lichess_DrDrunkenstein_2019-01-29",
    "twic0920",
    "twic1599_1000k",
];

fn sample_path(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../crates/pgn/tests/data/sample")
        .join(format!("{name}.pgn.zst"))
}

fn read_sample(name: &str) -> Vec<u8> {
    let mut out = Vec::new();
    chessbits_pgn::input::open(&sample_path(name))
        .and_then(|mut r| r.read_to_end(&mut out))
        .unwrap_or_else(|e| panic!("cannot read the PGN sample {name}: {e}"));
    out
}

// ----- ours -----

/// Parse only: every SAN's syntax, no position.
#[derive(Default)]
struct OursParse {
    moves: u64,
}

impl chessbits_pgn::Visitor for OursParse {
    type Output = ();
    fn san(&mut self, san: &[u8], _line: u64) {
        if SanPlus::from_ascii_with(san, SanMode::Lenient).is_ok() {
            self.moves += 1;
        }
    }
    fn begin_variation(&mut self) -> Skip {
        Skip(true)
    }
    fn end_game(&mut self) {}
}

fn ours_parse(input: &[u8]) -> u64 {
    let mut v = OursParse::default();
    let mut reader = chessbits_pgn::Reader::new(input);
    while let Ok(Some(())) = reader.read_game(&mut v) {}
    v.moves
}

/// Parse and replay as `chessbits pgn check --threads 1` does: games read into records, the
/// records checked batch by batch (every SAN decoded in its position and played).
fn ours_replay(input: &[u8]) -> u64 {
    let mut moves = 0;
    chessbits_pgn::pipeline::Pipeline::new(chessbits_pgn::Reader::new(input))
        .run(
            |batch| chessbits_pgn::check_games(&batch, SanMode::Lenient),
            |report| {
                assert!(
                    report.errors.is_empty(),
                    "our replay failed on the benchmark input"
                );
                moves += report.moves;
                true
            },
        )
        .unwrap_or_else(|e| panic!("reading from memory cannot fail: {e}"));
    moves
}

// ----- pgn-reader + shakmaty -----

use shakmaty::{Chess, Position as _};

struct PeerParse {
    moves: u64,
}

impl pgn_reader::Visitor for PeerParse {
    type Tags = ();
    type Movetext = ();
    type Output = ();
    fn begin_tags(&mut self) -> ControlFlow<(), ()> {
        ControlFlow::Continue(())
    }
    fn begin_movetext(&mut self, _tags: ()) -> ControlFlow<(), ()> {
        ControlFlow::Continue(())
    }
    fn san(&mut self, _m: &mut (), _san: pgn_reader::SanPlus) -> ControlFlow<()> {
        self.moves += 1;
        ControlFlow::Continue(())
    }
    fn end_game(&mut self, _m: ()) {}
}

struct PeerReplay {
    moves: u64,
}

impl pgn_reader::Visitor for PeerReplay {
    type Tags = Option<Chess>;
    type Movetext = (Chess, bool);
    type Output = bool;
    fn begin_tags(&mut self) -> ControlFlow<bool, Option<Chess>> {
        ControlFlow::Continue(None)
    }
    fn tag(
        &mut self,
        tags: &mut Option<Chess>,
        name: &[u8],
        value: pgn_reader::RawTag<'_>,
    ) -> ControlFlow<bool> {
        if name == b"FEN" {
            let pos = shakmaty::fen::Fen::from_ascii(value.as_bytes())
                .ok()
                .and_then(|f| f.into_position(shakmaty::CastlingMode::Standard).ok());
            match pos {
                Some(pos) => *tags = Some(pos),
                None => return ControlFlow::Break(false),
            }
        }
        ControlFlow::Continue(())
    }
    fn begin_movetext(&mut self, tags: Option<Chess>) -> ControlFlow<bool, (Chess, bool)> {
        ControlFlow::Continue((tags.unwrap_or_default(), true))
    }
    fn san(&mut self, m: &mut (Chess, bool), san: pgn_reader::SanPlus) -> ControlFlow<bool> {
        match san.san.to_move(&m.0) {
            Ok(mv) => {
                m.0.play_unchecked(mv);
                self.moves += 1;
                ControlFlow::Continue(())
            }
            Err(_) => ControlFlow::Break(false),
        }
    }
    fn end_game(&mut self, m: (Chess, bool)) -> bool {
        m.1
    }
}

fn peer_parse(input: &[u8]) -> u64 {
    let mut v = PeerParse { moves: 0 };
    let mut reader = pgn_reader::Reader::new(input);
    while let Ok(Some(())) = reader.read_game(&mut v) {}
    v.moves
}

fn peer_replay(input: &[u8]) -> u64 {
    let mut v = PeerReplay { moves: 0 };
    let mut reader = pgn_reader::Reader::new(input);
    while let Ok(Some(ok)) = reader.read_game(&mut v) {
        assert!(ok, "pgn-reader replay failed on the benchmark input");
    }
    v.moves
}

// ----- the groups -----

fn read(c: &mut Criterion) {
    let mut input = Vec::new();
    for name in SAMPLES {
        input.extend_from_slice(&read_sample(name));
        input.extend_from_slice(b"\n\n");
    }
    let moves = ours_replay(&input);
    // Both readers see the same moves (checked once, before timing).
    assert_eq!(ours_parse(&input), moves);
    assert_eq!(peer_parse(&input), moves);
    assert_eq!(peer_replay(&input), moves);
    for (group_name, throughput) in [
        ("pgn_read", Throughput::Bytes(input.len() as u64)),
        ("pgn_read_moves", Throughput::Elements(moves)),
    ] {
        let mut group = c.benchmark_group(group_name);
        group.throughput(throughput);
        group.sample_size(20);
        let input = &input[..];
        group.bench_function(BenchmarkId::new("ours", "parse"), |b| {
            b.iter(|| ours_parse(black_box(input)))
        });
        group.bench_function(BenchmarkId::new("pgn-reader+shakmaty", "parse"), |b| {
            b.iter(|| peer_parse(black_box(input)))
        });
        group.bench_function(BenchmarkId::new("ours", "replay"), |b| {
            b.iter(|| ours_replay(black_box(input)))
        });
        group.bench_function(BenchmarkId::new("pgn-reader+shakmaty", "replay"), |b| {
            b.iter(|| peer_replay(black_box(input)))
        });
        group.finish();
    }
}

/// Our `before_fen,san,after_fen` job on `threads` threads; returns the bytes written.
fn ours_fens(input: &[u8], threads: usize) -> usize {
    let mut total = 0;
    chessbits_pgn::pipeline::Pipeline::new(chessbits_pgn::Reader::new(input))
        .threads(threads)
        .run(
            |batch| {
                let mut rows = Vec::with_capacity(1 << 20);
                chessbits_tables::fens::fens_rows(&batch, SanMode::Lenient, &mut rows);
                rows
            },
            |rows| {
                total += rows.len();
                true
            },
        )
        .unwrap_or_else(|e| panic!("reading from memory cannot fail: {e}"));
    total
}

fn tool_works(program: &str, args: &[&str]) -> bool {
    Command::new(program)
        .args(args)
        .output()
        .is_ok_and(|o| o.status.success())
}

/// python-chess's side of `pgn_fens`: a script run as a process on the sample.
const PYTHON_FENS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/python/pgn_fens.py");

/// Where a full `cargo xtask bench` run (`CHESSBITS_REPORT_DIR`, no `CHESSBITS_BENCH_QUICK`)
/// finds the group's input for python-chess, which it times itself after the group, best
/// of a few rounds (`xtask/src/fens_python.rs`): criterion takes at least 11 runs of about
/// 2 s.
const XTASK_FENS_INPUT: &str = "pgn-fens-input.pgn";

fn fens(c: &mut Criterion) {
    let name = SAMPLES[0];
    let input = read_sample(name);
    let rows = {
        let mut out = Vec::new();
        let records: Vec<chessbits_pgn::GameRecord> = {
            let mut v = Vec::new();
            let _ = chessbits_pgn::Reader::new(&input[..])
                .read_all(&mut chessbits_pgn::RecordCollector::new(), |r| v.push(r));
            v
        };
        chessbits_tables::fens::fens_rows(&records, SanMode::Lenient, &mut out).moves
    };
    let dir = std::env::temp_dir().join(format!("chessbits-bench-pgn-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let pgn_path = dir.join(format!("{name}.pgn"));
    let out_path = dir.join("out");
    std::fs::write(&pgn_path, &input).unwrap_or_else(|e| panic!("temp file: {e}"));
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());

    let mut group = c.benchmark_group("pgn_fens");
    group.throughput(Throughput::Elements(rows));
    // The processes take up to 3 s an iteration (python-chess): ten samples of equal
    // iteration counts (one each for python-chess), as criterion's automatic choice would
    // take for them, stated for every benchmark of the group. (python-chess reads the whole
    // sample: on a part of it, its start-up of about 0.4 s would weigh more.)
    group.sampling_mode(SamplingMode::Flat);
    group.sample_size(10);
    let inp = &input[..];
    group.bench_function(BenchmarkId::new("ours", "1-thread"), |b| {
        b.iter(|| ours_fens(black_box(inp), 1))
    });
    group.bench_function(BenchmarkId::new("ours", format!("{cores}-threads")), |b| {
        b.iter(|| ours_fens(black_box(inp), cores))
    });
    // Debian installs it in /usr/games, which is not always on PATH.
    let pgn_extract = ["pgn-extract", "/usr/games/pgn-extract"]
        .into_iter()
        .find(|p| tool_works(p, &["--version"]));
    if let Some(pgn_extract) = pgn_extract {
        group.bench_function(BenchmarkId::new("pgn-extract", "fencomments"), |b| {
            b.iter(|| {
                let status = Command::new(pgn_extract)
                    .args(["--fencomments", "-s", "-o"])
                    .arg(&out_path)
                    .arg(&pgn_path)
                    .status();
                assert!(status.is_ok_and(|s| s.success()), "pgn-extract failed");
            })
        });
    } else {
        eprintln!("pgn-extract not installed (Debian package `pgn-extract`): not measured");
    }
    // python-chess takes seconds per iteration: the quick run leaves it out, a full run of
    // `cargo xtask bench` times it after the group (from the input left in the report
    // directory), a plain `cargo bench` here.
    let quick = std::env::var_os("CHESSBITS_BENCH_QUICK").is_some();
    let report_dir = std::env::var_os("CHESSBITS_REPORT_DIR").map(PathBuf::from);
    if quick {
        eprintln!("python-chess: not measured in a quick run");
    } else if let Some(report_dir) = report_dir {
        let path = report_dir.join(XTASK_FENS_INPUT);
        std::fs::write(&path, &input)
            .unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
        eprintln!("python-chess: timed by cargo xtask bench after the group");
    } else if tool_works("python3", &["-c", "import chess.pgn"]) {
        group.bench_function(BenchmarkId::new("python-chess", "1-thread"), |b| {
            b.iter(|| {
                let status = Command::new("python3")
                    .arg(PYTHON_FENS)
                    .arg(&pgn_path)
                    .arg(&out_path)
                    .status();
                assert!(status.is_ok_and(|s| s.success()), "python-chess failed");
            })
        });
    } else {
        eprintln!("python-chess not installed: not measured");
    }
    group.finish();
    let _ = std::fs::remove_dir_all(&dir);
}

criterion_group!(benches, read, fens);
criterion_main!(benches);
