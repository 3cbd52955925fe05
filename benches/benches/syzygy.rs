//! Syzygy probes per second, against shakmaty-syzygy, on the same tables and positions:
//! WDL and DTZ of 4,096 seeded random legal positions of every material of the shared data
//! set's 3- and 4-piece tables (`$CHESSBITS_DATA/syzygy/regular`). Both answers are checked
//! equal first. Before criterion's runs, the four functions are timed interleaved in rounds
//! (ours, the peer, ours, ...) and the best round's rates and their ratios are printed.
//!
//! With `CHESSBITS_REPORT_DIR` (set by `cargo xtask bench`), the positions and our values
//! are also written there as `syzygy-positions.csv` (`fen,wdl,dtz`), which xtask then has
//! python-chess probe and time (`benches/python/syzygy_probe.py`).
//!
//! Without `CHESSBITS_DATA` it prints a notice and measures nothing (`cargo xtask bench`
//! then skips the experiment).
#![allow(missing_docs)] // criterion_group! and criterion_main! generate undocumented items

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::Instant;

use chessbits_bitboard_core::{Bitboard, Color, Piece, Role, Square};
use chessbits_position::{Board, CastlingMode, Position, Setup};
use criterion::{
    criterion_group, criterion_main, BenchmarkId, Criterion, SamplingMode, Throughput,
};
use shakmaty::{fen::Fen, Chess};

const POSITIONS: usize = 4096;

/// The file of positions for python-chess, in `CHESSBITS_REPORT_DIR` (xtask reads it by this
/// name).
const POSITIONS_CSV: &str = "syzygy-positions.csv";

fn tables_dir() -> Option<PathBuf> {
    match std::env::var_os("CHESSBITS_DATA") {
        Some(d) => Some(PathBuf::from(d).join("syzygy/regular")),
        None => {
            eprintln!("syzygy: skipped: CHESSBITS_DATA is not set (the tables are in the shared data set)");
            None
        }
    }
}

/// xorshift64*.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) % n as u64) as usize
    }
}

fn random_position(rng: &mut Rng, pieces: &[Piece]) -> Position {
    'retry: loop {
        let mut board = Board::empty();
        for &p in pieces {
            let sq = Square::new(rng.below(64) as u32).expect("0..64");
            if board.piece_at(sq).is_some()
                || (p.role == Role::Pawn && matches!(sq as u8 >> 3, 0 | 7))
            {
                continue 'retry;
            }
            board.put(sq, p);
        }
        let setup = Setup {
            board,
            turn: if rng.below(2) == 0 {
                Color::White
            } else {
                Color::Black
            },
            castling_rights: Bitboard::EMPTY,
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
            chess960: false,
            ..Setup::empty()
        };
        if let Ok(pos) = Position::from_setup(&setup, CastlingMode::Standard) {
            return pos;
        }
    }
}

struct Inputs {
    ours: chessbits_syzygy::Tablebase,
    theirs: shakmaty_syzygy::Tablebase<Chess>,
    positions: Vec<Position>,
    chess: Vec<Chess>,
}

fn inputs(dir: &Path) -> Inputs {
    let mut ours = chessbits_syzygy::Tablebase::new();
    ours.add_directory(dir).expect("the tables read");
    let mut theirs = shakmaty_syzygy::Tablebase::new();
    theirs.add_directory(dir).expect("the tables read");
    let materials: Vec<_> = ours.complete_tables().into_iter().map(|(_, p)| p).collect();
    let mut rng = Rng(0xB0A7_5EED);
    let positions: Vec<Position> = (0..POSITIONS)
        .map(|i| random_position(&mut rng, &materials[i % materials.len()]))
        .collect();
    let chess: Vec<Chess> = positions
        .iter()
        .map(|p| {
            Fen::from_ascii(p.fen().as_bytes())
                .expect("our FEN parses")
                .into_position(shakmaty::CastlingMode::Standard)
                .expect("a legal position")
        })
        .collect();
    for (p, c) in positions.iter().zip(&chess) {
        let w = ours.probe_wdl(p).expect("probe").to_i32();
        let d = ours.probe_dtz(p).expect("probe");
        assert_eq!(
            w,
            theirs.probe_wdl_after_zeroing(c).expect("probe") as i32,
            "{}",
            p.fen()
        );
        assert_eq!(
            d,
            theirs.probe_dtz(c).expect("probe").ignore_rounding().0,
            "{}",
            p.fen()
        );
    }
    Inputs {
        ours,
        theirs,
        positions,
        chess,
    }
}

/// Writes the positions and our values as `fen,wdl,dtz` into `CHESSBITS_REPORT_DIR`, when
/// it is set.
fn write_positions(i: &Inputs) {
    let Some(dir) = std::env::var_os("CHESSBITS_REPORT_DIR") else {
        return;
    };
    let mut csv = String::from("fen,wdl,dtz\n");
    for p in &i.positions {
        let wdl = i.ours.probe_wdl(p).expect("probe").to_i32();
        let dtz = i.ours.probe_dtz(p).expect("probe");
        csv.push_str(&format!("{},{wdl},{dtz}\n", p.fen()));
    }
    let path = Path::new(&dir).join(POSITIONS_CSV);
    std::fs::write(&path, csv).unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
}

fn ours_wdl(i: &Inputs) -> i64 {
    i.positions
        .iter()
        .map(|p| i64::from(i.ours.probe_wdl(black_box(p)).map_or(9, |w| w.to_i32())))
        .sum()
}

fn theirs_wdl(i: &Inputs) -> i64 {
    i.chess
        .iter()
        .map(|c| {
            i64::from(
                i.theirs
                    .probe_wdl_after_zeroing(black_box(c))
                    .map_or(9, |w| w as i32),
            )
        })
        .sum()
}

fn ours_dtz(i: &Inputs) -> i64 {
    i.positions
        .iter()
        .map(|p| i64::from(i.ours.probe_dtz(black_box(p)).unwrap_or(9999)))
        .sum()
}

fn theirs_dtz(i: &Inputs) -> i64 {
    i.chess
        .iter()
        .map(|c| {
            i64::from(
                i.theirs
                    .probe_dtz(black_box(c))
                    .map_or(9999, |d| d.ignore_rounding().0),
            )
        })
        .sum()
}

type Probe = fn(&Inputs) -> i64;

const RUNS: [(&str, &str, Probe); 4] = [
    ("chessbits", "wdl", ours_wdl),
    ("shakmaty-syzygy", "wdl", theirs_wdl),
    ("chessbits", "dtz", ours_dtz),
    ("shakmaty-syzygy", "dtz", theirs_dtz),
];

/// The four functions timed in turn for some rounds; the best round of each.
fn interleaved(i: &Inputs) {
    let mut best = [f64::MAX; 4];
    for _ in 0..15 {
        for (k, (_, _, run)) in RUNS.iter().enumerate() {
            let start = Instant::now();
            black_box(run(i));
            best[k] = best[k].min(start.elapsed().as_secs_f64());
        }
    }
    let rate = |k: usize| POSITIONS as f64 / best[k];
    eprintln!("syzygy, interleaved (best of 15 rounds, {POSITIONS} positions):");
    for (k, (name, what, _)) in RUNS.iter().enumerate() {
        eprintln!("  {what} {name}: {:.0} probes/s", rate(k));
    }
    eprintln!(
        "  chessbits / shakmaty-syzygy: wdl {:.2}x, dtz {:.2}x",
        rate(0) / rate(1),
        rate(2) / rate(3)
    );
}

fn syzygy(c: &mut Criterion) {
    let Some(dir) = tables_dir() else {
        return;
    };
    let inputs = inputs(&dir);
    write_positions(&inputs);
    interleaved(&inputs);
    let mut group = c.benchmark_group("syzygy");
    group.throughput(Throughput::Elements(POSITIONS as u64));
    // Iterations of 2 to 50 ms: ten samples of equal iterations (the warm-up and
    // measurement times are `cargo xtask bench`'s).
    group.sampling_mode(SamplingMode::Flat);
    group.sample_size(10);
    for (name, what, run) in RUNS {
        group.bench_with_input(BenchmarkId::new(name, what), &inputs, |b, i| {
            b.iter(|| run(i))
        });
    }
    group.finish();
}

criterion_group!(benches, syzygy);
criterion_main!(benches);
