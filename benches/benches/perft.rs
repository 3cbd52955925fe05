//! Perft against the peers, single thread, in one run: chessbits (`movegen`) against
//! cozy-chess and shakmaty with bulk counting (the last ply counted, not played), and
//! against shakmaty and cozy-chess without bulk counting (every leaf made: chessbits makes
//! and unmakes each leaf, keeping its Polyglot hash, checkers, castling rights and
//! en-passant square; the peers copy the position and play the move on the copy).
//!
//! Throughput is in leaf nodes, so `cargo xtask bench` reports nodes per second. Each
//! implementation's count is checked against the published figure before it is timed.
#![allow(missing_docs)] // criterion_group! and criterion_main! generate undocumented items

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// (label, FEN, depth, nodes) with bulk counting.
const BULK: &[(&str, &str, u32, u64)] = &[
    ("start-6", START, 6, 119_060_324),
    ("kiwipete-5", KIWIPETE, 5, 193_690_690),
];

/// (label, FEN, depth, nodes) with every leaf made.
const FULL: &[(&str, &str, u32, u64)] = &[
    ("start-5", START, 5, 4_865_609),
    ("kiwipete-4", KIWIPETE, 4, 4_085_603),
];

fn chessbits_pos(fen: &str) -> chessbits_position::Position {
    chessbits_position::Position::from_fen(fen).expect("valid FEN")
}

fn cozy_board(fen: &str) -> cozy_chess::Board {
    fen.parse().expect("valid FEN")
}

fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
    } else {
        board.generate_moves(|moves| {
            for m in moves {
                let mut next = board.clone();
                next.play_unchecked(m);
                nodes += cozy_perft(&next, depth - 1);
            }
            false
        });
    }
    nodes
}

fn shakmaty_pos(fen: &str) -> shakmaty::Chess {
    use shakmaty::fen::Fen;
    let fen: Fen = fen.parse().expect("valid FEN");
    fen.into_position(shakmaty::CastlingMode::Standard)
        .expect("legal position")
}

/// cozy-chess without bulk counting: every leaf is played on a copy.
fn cozy_full(board: &cozy_chess::Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    board.generate_moves(|moves| {
        for m in moves {
            let mut next = board.clone();
            next.play_unchecked(m);
            nodes += cozy_full(&next, depth - 1);
        }
        false
    });
    nodes
}

/// shakmaty without bulk counting: every leaf is played.
fn shakmaty_full(pos: &shakmaty::Chess, depth: u32) -> u64 {
    use shakmaty::Position;
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    for m in pos.legal_moves() {
        let mut next = pos.clone();
        next.play_unchecked(m);
        nodes += shakmaty_full(&next, depth - 1);
    }
    nodes
}

fn perft_bulk(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    group.warm_up_time(Duration::from_secs(1));
    for &(label, fen, depth, nodes) in BULK {
        group.throughput(Throughput::Elements(nodes));
        let pos = chessbits_pos(fen);
        assert_eq!(
            chessbits_movegen::perft(&pos, depth),
            nodes,
            "chessbits {label}"
        );
        group.bench_with_input(BenchmarkId::new("chessbits", label), &pos, |b, pos| {
            b.iter(|| chessbits_movegen::perft(black_box(pos), depth))
        });
        let board = cozy_board(fen);
        assert_eq!(cozy_perft(&board, depth), nodes, "cozy-chess {label}");
        group.bench_with_input(BenchmarkId::new("cozy-chess", label), &board, |b, board| {
            b.iter(|| cozy_perft(black_box(board), depth))
        });
        let spos = shakmaty_pos(fen);
        assert_eq!(shakmaty::perft(&spos, depth), nodes, "shakmaty {label}");
        group.bench_with_input(BenchmarkId::new("shakmaty", label), &spos, |b, spos| {
            b.iter(|| shakmaty::perft(black_box(spos), depth))
        });
    }
    group.finish();
}

fn perft_full(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft-full");
    group.sample_size(10);
    group.warm_up_time(Duration::from_secs(1));
    for &(label, fen, depth, nodes) in FULL {
        group.throughput(Throughput::Elements(nodes));
        let pos = chessbits_pos(fen);
        assert_eq!(
            chessbits_movegen::perft_full(&pos, depth),
            nodes,
            "chessbits {label}"
        );
        group.bench_with_input(BenchmarkId::new("chessbits", label), &pos, |b, pos| {
            b.iter(|| chessbits_movegen::perft_full(black_box(pos), depth))
        });
        let spos = shakmaty_pos(fen);
        assert_eq!(shakmaty_full(&spos, depth), nodes, "shakmaty {label}");
        group.bench_with_input(BenchmarkId::new("shakmaty", label), &spos, |b, spos| {
            b.iter(|| shakmaty_full(black_box(spos), depth))
        });
        let board = cozy_board(fen);
        assert_eq!(cozy_full(&board, depth), nodes, "cozy-chess {label}");
        group.bench_with_input(BenchmarkId::new("cozy-chess", label), &board, |b, board| {
            b.iter(|| cozy_full(black_box(board), depth))
        });
    }
    group.finish();
}

criterion_group!(benches, perft_bulk, perft_full);
criterion_main!(benches);
