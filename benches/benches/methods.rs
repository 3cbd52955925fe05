//! Every sliding-attack method of `attack-tables`, measured side by side on the same inputs
//! (`cargo xtask bench` turns the groups into the report's tables and charts):
//!
//! - `methods-lookup` (throughput) and `methods-latency` (a dependent chain: each lookup's
//!   square depends on the previous result): rook, bishop and queen lookups over the
//!   (slider square, occupancy) pairs of 1,000 middlegame positions from real games
//!   (`benches/data/middlegames.fen`), each method reading its own kept occupancy.
//! - `methods-movegen`: pseudo-legal move generation for the 1,000 positions, the shape of
//!   the papers' experiments (Tannous 2007 Table 1: 879 positions x 10; Fenner & Levene 2008 Table 4: 1,001
//!   positions x 100); as in Tannous 2007, each method's occupancy (the rotated boards) is
//!   prepared beforehand.
//! - `methods-perft`: perft(Kiwipete, 4) with bulk counting, the method's occupancy kept up
//!   to date in every make and unmake (so the upkeep of rotated bitboards is timed).
//! - `methods-queen-random`: the measure of the Chess_Movegen comparison of C++ slider
//!   algorithms: 100,000 random occupancies (`rand64 & rand64`), each prepared for the
//!   method (rotated: from scratch) and asked 12 queen lookups on random squares.
//! - `perfect-lines`: Fenner & Levene's Table 4, one line at a time: the occupancy vector of a
//!   file, a1-h8 or a8-h1 diagonal by looping over the line, or by the paper's hashes.
//!
//! The bytes of every method's tables are printed and, when `CHESSBITS_REPORT_DIR` is set
//! (`cargo xtask bench` sets it), written to `table-bytes.tsv` there. Warm-up and
//! measurement times are criterion's, from the command line (`cargo xtask bench` sets them
//! for every bench target); the slow groups take fewer samples.
#![allow(missing_docs)] // criterion_group! and criterion_main! generate undocumented items

use std::hint::black_box;
use std::time::Duration;

use benches::SplitMix64;
use chessbits_attack_tables::{perfect, Direct, MethodVisitor, OccupancyState, SlidingAttacks};
use chessbits_bitboard_core::{Bitboard, Square};
use chessbits_position::Position;
use criterion::measurement::WallTime;
use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion, Throughput};

/// One experiment, run for every method of this build (the registry's order) by
/// `chessbits_attack_tables::for_each_method`.
enum Experiment<'a> {
    Lookups(&'a [(Square, Bitboard)]),
    Latency(&'a [(Square, Bitboard)]),
    Movegen(&'a [Position]),
    Perft(&'a Position),
    QueenRandom(&'a [(Bitboard, [Square; 12])]),
    TableBytes(&'a mut Vec<(&'static str, usize)>),
}

struct Run<'a, 'c> {
    c: &'c mut Criterion,
    experiment: Experiment<'a>,
}

impl MethodVisitor for Run<'_, '_> {
    fn visit<S: SlidingAttacks>(&mut self) {
        match &mut self.experiment {
            Experiment::Lookups(pairs) => lookups::<S>(self.c, pairs),
            Experiment::Latency(pairs) => latency::<S>(self.c, pairs),
            Experiment::Movegen(positions) => movegen::<S>(self.c, positions),
            Experiment::Perft(pos) => perft::<S>(self.c, pos),
            Experiment::QueenRandom(queries) => queen_random::<S>(self.c, queries),
            Experiment::TableBytes(rows) => rows.push((S::NAME, S::table_bytes())),
        }
    }
}

fn for_each_method(c: &mut Criterion, experiment: Experiment<'_>) {
    chessbits_attack_tables::for_each_method(&mut Run { c, experiment });
}

/// The middlegame positions: one FEN per line, `#` comments.
fn middlegames() -> Vec<Position> {
    let text = include_str!("../data/middlegames.fen");
    let positions: Vec<Position> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|fen| Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}")))
        .collect();
    assert_eq!(positions.len(), 1000, "benches/data/middlegames.fen");
    positions
}

/// Every (slider square, occupancy) pair of the positions: bishops, rooks and queens of both
/// sides.
fn slider_pairs(positions: &[Position]) -> Vec<(Square, Bitboard)> {
    positions
        .iter()
        .flat_map(|pos| {
            let board = pos.board();
            let occ = board.occupied();
            (board.bishops_and_queens() | board.rooks_and_queens())
                .into_iter()
                .map(move |sq| (sq, occ))
        })
        .collect()
}

/// Samples of the slow groups (iterations of milliseconds: perft, the random queen queries,
/// generation for 1,000 positions), so that each benchmark stays near the measurement time.
const SLOW_SAMPLES: usize = 20;

/// Warm-up and measurement seconds of the fast groups (lookups of nanoseconds, 13 to 33
/// benchmarks a group) in a full run of `cargo xtask bench`: their 95% intervals stay
/// within a few per cent at this length, and the run stays under ten minutes. A `--quick`
/// run (`CHESSBITS_BENCH_QUICK`) and a plain `cargo bench` keep the times of the command
/// line.
const FAST_GROUP_SECS: (f64, f64) = (0.1, 0.3);

/// A group with this benchmark's sample size (criterion's default unless `slow`); a fast
/// group takes [`FAST_GROUP_SECS`] in a full `cargo xtask bench` run.
fn group<'a>(c: &'a mut Criterion, name: &str, slow: bool) -> BenchmarkGroup<'a, WallTime> {
    let mut group = c.benchmark_group(name);
    if slow {
        group.sample_size(SLOW_SAMPLES);
    } else if std::env::var_os("CHESSBITS_REPORT_DIR").is_some()
        && std::env::var_os("CHESSBITS_BENCH_QUICK").is_none()
    {
        group.warm_up_time(Duration::from_secs_f64(FAST_GROUP_SECS.0));
        group.measurement_time(Duration::from_secs_f64(FAST_GROUP_SECS.1));
    }
    group
}

/// Which lookup.
#[derive(Copy, Clone)]
enum Piece {
    Rook,
    Bishop,
    Queen,
}

impl Piece {
    const ALL: [Piece; 3] = [Piece::Rook, Piece::Bishop, Piece::Queen];

    fn name(self) -> &'static str {
        match self {
            Piece::Rook => "rook",
            Piece::Bishop => "bishop",
            Piece::Queen => "queen",
        }
    }

    #[inline(always)]
    fn attacks<S: SlidingAttacks>(self, sq: Square, kept: &S::Occupancy) -> Bitboard {
        match self {
            Piece::Rook => S::rook_in(sq, kept),
            Piece::Bishop => S::bishop_in(sq, kept),
            Piece::Queen => S::queen_in(sq, kept),
        }
    }
}

/// The pairs with each method's kept occupancy.
fn kept_pairs<S: SlidingAttacks>(pairs: &[(Square, Bitboard)]) -> Vec<(Square, S::Occupancy)> {
    pairs
        .iter()
        .map(|&(sq, occ)| (sq, S::Occupancy::new(occ)))
        .collect()
}

/// (a) Lookups over the middlegame pairs, as throughput.
fn lookups<S: SlidingAttacks>(c: &mut Criterion, pairs: &[(Square, Bitboard)]) {
    let kept = kept_pairs::<S>(pairs);
    let mut group = group(c, "methods-lookup", false);
    group.throughput(Throughput::Elements(kept.len() as u64));
    for piece in Piece::ALL {
        group.bench_function(format!("{}/{}", S::NAME, piece.name()), |b| {
            b.iter(|| {
                let mut acc = 0u64;
                for (sq, kept) in &kept {
                    acc ^= piece.attacks::<S>(black_box(*sq), kept).0;
                }
                acc
            })
        });
    }
    group.finish();
}

/// (a') The same lookups as a dependent chain (latency).
fn latency<S: SlidingAttacks>(c: &mut Criterion, pairs: &[(Square, Bitboard)]) {
    let kept = kept_pairs::<S>(pairs);
    let mut group = group(c, "methods-latency", false);
    group.throughput(Throughput::Elements(kept.len() as u64));
    for piece in Piece::ALL {
        group.bench_function(format!("{}/{}", S::NAME, piece.name()), |b| {
            let zero = black_box(0u64);
            b.iter(|| {
                let mut prev = 0u64;
                for (sq, kept) in &kept {
                    // `prev & zero` is always 0, but the compiler cannot know: the square,
                    // hence the lookup, waits for the previous result.
                    let sq = Square::new_masked(*sq as u32 ^ (prev & zero) as u32);
                    prev = piece.attacks::<S>(sq, kept).0;
                }
                prev
            })
        });
    }
    group.finish();
}

/// (b) Pseudo-legal generation over the positions, occupancies prepared beforehand.
fn movegen<S: SlidingAttacks>(c: &mut Criterion, positions: &[Position]) {
    let kept: Vec<S::Occupancy> = positions
        .iter()
        .map(|pos| S::Occupancy::new(pos.board().occupied()))
        .collect();
    let mut group = group(c, "methods-movegen", true);
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function(S::NAME, |b| {
        b.iter(|| {
            let mut moves = 0;
            for (pos, kept) in positions.iter().zip(&kept) {
                moves +=
                    chessbits_movegen::pseudo_legal_moves_with::<S>(black_box(pos), kept).len();
            }
            moves
        })
    });
    group.finish();
}

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const KIWIPETE_4: u64 = 4_085_603;

/// (c) Perft with the method's occupancy kept through make and unmake.
fn perft<S: SlidingAttacks>(c: &mut Criterion, pos: &Position) {
    assert_eq!(
        chessbits_movegen::perft_with::<S>(pos, 4),
        KIWIPETE_4,
        "{}",
        S::NAME
    );
    let mut group = group(c, "methods-perft", true);
    group.throughput(Throughput::Elements(KIWIPETE_4));
    group.bench_function(format!("{}/kiwipete-4", S::NAME), |b| {
        b.iter(|| chessbits_movegen::perft_with::<S>(black_box(pos), 4))
    });
    group.finish();
}

/// Occupancies and squares of the Chess_Movegen measure: (occupancy, 12 squares).
fn random_queries() -> Vec<(Bitboard, [Square; 12])> {
    let mut rng = SplitMix64::new(benches::SEED ^ 0xc0de);
    (0..100_000)
        .map(|_| {
            let occ = Bitboard(rng.next_u64() & rng.next_u64());
            let squares = [(); 12].map(|_| Square::new_masked(rng.next_u64() as u32));
            (occ, squares)
        })
        .collect()
}

/// (e) Queen lookups per second on random squares and occupancies, each occupancy prepared
/// for the method inside the timing (as Chess_Movegen's `Prepare`).
fn queen_random<S: SlidingAttacks>(c: &mut Criterion, queries: &[(Bitboard, [Square; 12])]) {
    let mut group = group(c, "methods-queen-random", true);
    group.throughput(Throughput::Elements(12 * queries.len() as u64));
    group.bench_function(S::NAME, |b| {
        b.iter(|| {
            let mut acc = 0u64;
            for (occ, squares) in queries {
                let kept = S::Occupancy::new(*occ);
                for &sq in squares {
                    acc ^= S::queen_in(sq, &kept).0;
                }
            }
            acc
        })
    });
    group.finish();
}

/// Fenner & Levene 2008, Table 4: one line kind at a time, loop against hash.
fn perfect_lines(c: &mut Criterion, pairs: &[(Square, Bitboard)]) {
    type Line = fn(Square, Bitboard) -> Bitboard;
    let variants: [(&str, Line); 13] = [
        ("file/loop", perfect::file_by_loop),
        ("file/h1", perfect::file_by_h1),
        ("file/h1-minimal", perfect::file_by_h1_minimal),
        ("file/h1-direct", perfect::file_by_h1_direct),
        ("a1h8/loop", perfect::diagonal_by_loop),
        ("a1h8/h1", perfect::diagonal_by_h1),
        ("a1h8/h1-minimal", perfect::diagonal_by_h1_minimal),
        ("a1h8/h1-direct", perfect::diagonal_by_h1_direct),
        ("a8h1/loop", perfect::anti_diagonal_by_loop),
        ("a8h1/h2", perfect::anti_diagonal_by_h2),
        ("a8h1/h2-minimal", perfect::anti_diagonal_by_h2_minimal),
        ("a8h1/h2-direct", perfect::anti_diagonal_by_h2_direct),
        ("rank/shift", perfect::rank_by_shift),
    ];
    let mut group = group(c, "perfect-lines", false);
    group.throughput(Throughput::Elements(pairs.len() as u64));
    for (name, line) in variants {
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut acc = 0u64;
                for &(sq, occ) in pairs {
                    acc ^= line(black_box(sq), occ).0;
                }
                acc
            })
        });
    }
    group.finish();
}

/// (d) Table bytes by method.
fn table_bytes(c: &mut Criterion) {
    let mut rows = Vec::new();
    Direct::init();
    for_each_method(c, Experiment::TableBytes(&mut rows));
    let tsv: String = rows
        .iter()
        .map(|(name, bytes)| format!("{name}\t{bytes}\n"))
        .collect();
    print!("table bytes by method:\n{tsv}");
    if let Some(dir) = std::env::var_os("CHESSBITS_REPORT_DIR") {
        let path = std::path::Path::new(&dir).join("table-bytes.tsv");
        std::fs::create_dir_all(&dir).expect("report dir is writable");
        std::fs::write(&path, tsv).expect("report dir is writable");
    }
}

fn methods(c: &mut Criterion) {
    table_bytes(c);
    let positions = middlegames();
    let pairs = slider_pairs(&positions);
    assert!(pairs.len() > 5_000, "{} slider pairs", pairs.len());
    // Each group's benchmarks together (`cargo xtask bench` prints a group's table when the
    // next group starts).
    for_each_method(c, Experiment::Lookups(&pairs));
    for_each_method(c, Experiment::Latency(&pairs));
    for_each_method(c, Experiment::Movegen(&positions));
    let kiwipete = Position::from_fen(KIWIPETE).expect("valid FEN");
    for_each_method(c, Experiment::Perft(&kiwipete));
    let queries = random_queries();
    for_each_method(c, Experiment::QueenRandom(&queries));
    perfect_lines(c, &pairs);
}

criterion_group!(benches, methods);
criterion_main!(benches);
