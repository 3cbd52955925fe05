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

use criterion::{
    criterion_group, criterion_main, BenchmarkId, Criterion, SamplingMode, Throughput,
};

mod common;

use common::*;

fn perft_bulk(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    // Iterations of 0.1 to 0.5 s: ten samples of one iteration each (criterion's automatic
    // choice for iterations this long, stated).
    group.sampling_mode(SamplingMode::Flat);
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
    // Iterations of 0.1 to 0.5 s: ten samples of one iteration each (criterion's automatic
    // choice for iterations this long, stated).
    group.sampling_mode(SamplingMode::Flat);
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
