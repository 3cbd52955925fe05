//! "Square Attacked By" (Chess Programming Wiki), measured: the four in-between variants (and the four
//! line variants), attackers-to a square against the early-exit yes/no test, attacked by a
//! piece on a square (0x88 table against the attack lookup), and the legality of a move from
//! elsewhere against generating all legal moves and searching the list.
//!
//! Positions are the 1,000 real-game middlegames of `benches/data/middlegames.fen`.
#![allow(missing_docs)] // criterion_group! and criterion_main! generate undocumented items

use std::hint::black_box;

use chessbits_attack_tables::{inbetween, x88};
use chessbits_bitboard_core::{Bitboard, Move, Square};
use chessbits_position::Position;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

fn middlegames() -> Vec<Position> {
    let text = include_str!("../data/middlegames.fen");
    let positions: Vec<Position> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| Position::from_fen(l).expect("valid FEN"))
        .collect();
    assert_eq!(positions.len(), 1000);
    positions
}

fn pairs() -> Vec<(Square, Square)> {
    Square::ALL
        .into_iter()
        .flat_map(|a| Square::ALL.into_iter().map(move |b| (a, b)))
        .collect()
}

macro_rules! bench_pairs {
    ($group:expr, $name:literal, $f:path, $pairs:expr) => {
        $group.bench_function($name, |b| {
            b.iter(|| {
                let mut acc = 0u64;
                for &(x, y) in $pairs {
                    acc ^= $f(black_box(x), black_box(y)).0;
                }
                acc
            })
        });
    };
}

fn in_between(c: &mut Criterion) {
    let pairs = pairs();
    let mut group = c.benchmark_group("in-between");
    group.throughput(Throughput::Elements(pairs.len() as u64));
    bench_pairs!(
        group,
        "between/rectangular",
        inbetween::between_rectangular,
        &pairs
    );
    bench_pairs!(
        group,
        "between/triangular",
        inbetween::between_triangular,
        &pairs
    );
    bench_pairs!(group, "between/x88", inbetween::between_x88, &pairs);
    bench_pairs!(
        group,
        "between/calculated",
        inbetween::between_calculated,
        &pairs
    );
    bench_pairs!(
        group,
        "line/rectangular",
        inbetween::line_rectangular,
        &pairs
    );
    bench_pairs!(group, "line/triangular", inbetween::line_triangular, &pairs);
    bench_pairs!(group, "line/x88", inbetween::line_x88, &pairs);
    bench_pairs!(group, "line/calculated", inbetween::line_calculated, &pairs);
    group.finish();
}

fn attacks_to(c: &mut Criterion) {
    let positions = middlegames();
    let mut group = c.benchmark_group("attacks-to");
    group.throughput(Throughput::Elements(positions.len() as u64 * 64));
    group.bench_function("attackers-to (both sides)", |b| {
        b.iter(|| {
            let mut acc = 0u64;
            for pos in &positions {
                let board = pos.board();
                for sq in Square::ALL {
                    acc ^= board.attackers_to(black_box(sq), board.occupied()).0;
                }
            }
            acc
        })
    });
    group.bench_function("is-attacked-by (branch-free)", |b| {
        b.iter(|| {
            let mut n = 0u32;
            for pos in &positions {
                let board = pos.board();
                let them = pos.turn().other();
                for sq in Square::ALL {
                    n += u32::from(board.is_attacked_by(black_box(sq), them, board.occupied()));
                }
            }
            n
        })
    });
    group.bench_function("is-attacked-by (early exit)", |b| {
        b.iter(|| {
            let mut n = 0u32;
            for pos in &positions {
                let board = pos.board();
                let them = pos.turn().other();
                for sq in Square::ALL {
                    n += u32::from(board.is_attacked_by_early_exit(
                        black_box(sq),
                        them,
                        board.occupied(),
                    ));
                }
            }
            n
        })
    });
    // Attacked by one given piece on a given square: every piece of the side to move
    // against every square.
    let piece_targets: Vec<(chessbits_bitboard_core::Piece, Square, Bitboard)> = positions
        .iter()
        .take(100)
        .flat_map(|pos| {
            let board = pos.board().clone();
            board
                .by_color(pos.turn())
                .into_iter()
                .filter_map(move |sq| board.piece_at(sq).map(|p| (p, sq, board.occupied())))
        })
        .collect();
    group.throughput(Throughput::Elements(piece_targets.len() as u64 * 64));
    group.bench_function("piece-on-square/x88-table", |b| {
        b.iter(|| {
            let mut n = 0u32;
            for &(piece, from, occ) in &piece_targets {
                for to in Square::ALL {
                    n += u32::from(x88::attacks_square(piece, from, black_box(to), occ));
                }
            }
            n
        })
    });
    group.bench_function("piece-on-square/attack-lookup", |b| {
        b.iter(|| {
            let mut n = 0u32;
            for &(piece, from, occ) in &piece_targets {
                for to in Square::ALL {
                    n += u32::from(
                        chessbits_attack_tables::attacks(piece, from, occ).contains(black_box(to)),
                    );
                }
            }
            n
        })
    });
    group.finish();
}

/// The moves `generate` lists in each position, with the position's index.
fn moves_of(
    positions: &[Position],
    generate: fn(&Position) -> chessbits_movegen::MoveList,
) -> Vec<(usize, Move)> {
    positions
        .iter()
        .enumerate()
        .flat_map(|(i, pos)| {
            generate(pos)
                .iter()
                .map(move |&m| (i, m))
                .collect::<Vec<_>>()
        })
        .collect()
}

fn legality(c: &mut Criterion) {
    let positions = middlegames();
    // Every pseudo-legal move of every position: the moves a hash table or killer slot
    // would hand over, legal or not.
    let candidates = moves_of(&positions, chessbits_movegen::pseudo_legal_moves);
    let mut group = c.benchmark_group("legality");
    group.throughput(Throughput::Elements(candidates.len() as u64));
    group.bench_function("is_legal (no move list)", |b| {
        b.iter(|| {
            let mut n = 0u32;
            for &(i, m) in &candidates {
                n += u32::from(chessbits_movegen::is_legal(&positions[i], black_box(m)));
            }
            n
        })
    });
    group.bench_function("generate all legal moves and search", |b| {
        b.iter(|| {
            let mut n = 0u32;
            for &(i, m) in &candidates {
                n +=
                    u32::from(chessbits_movegen::legal_moves(&positions[i]).contains(black_box(m)));
            }
            n
        })
    });
    group.finish();
}

/// Static exchange evaluation and gives-check (what the Chess Programming Wiki's "Square Attacked By" builds attacks-to for), per call.
fn see_and_checks(c: &mut Criterion) {
    let positions = middlegames();
    let captures = moves_of(&positions, chessbits_movegen::captures);
    let mut group = c.benchmark_group("see");
    group.throughput(Throughput::Elements(captures.len() as u64));
    group.bench_function("see (swap algorithm)", |b| {
        b.iter(|| {
            let mut acc = 0i32;
            for &(i, m) in &captures {
                acc = acc.wrapping_add(chessbits_movegen::see(&positions[i], black_box(m)));
            }
            acc
        })
    });
    group.bench_function("see_exact (every capture order)", |b| {
        b.iter(|| {
            let mut acc = 0i32;
            for &(i, m) in &captures {
                acc = acc.wrapping_add(chessbits_movegen::see_exact(&positions[i], black_box(m)));
            }
            acc
        })
    });
    group.bench_function("see_ge(0)", |b| {
        b.iter(|| {
            let mut n = 0u32;
            for &(i, m) in &captures {
                n += u32::from(chessbits_movegen::see_ge(&positions[i], black_box(m), 0));
            }
            n
        })
    });
    group.finish();

    let moves = moves_of(&positions, chessbits_movegen::legal_moves);
    let mut group = c.benchmark_group("gives-check");
    group.throughput(Throughput::Elements(moves.len() as u64));
    group.bench_function("gives_check (attacks-to after the move)", |b| {
        b.iter(|| {
            let mut n = 0u32;
            for &(i, m) in &moves {
                n += u32::from(chessbits_movegen::gives_check(&positions[i], black_box(m)));
            }
            n
        })
    });
    group.bench_function("make, is_check, unmake", |b| {
        let mut positions = positions.clone();
        b.iter(|| {
            let mut n = 0u32;
            for &(i, m) in &moves {
                let pos = &mut positions[i];
                let undo = pos.make_unchecked(black_box(m));
                n += u32::from(pos.is_check());
                pos.unmake(m, undo);
            }
            n
        })
    });
    group.finish();
}

criterion_group!(benches, in_between, attacks_to, legality, see_and_checks);
criterion_main!(benches);
