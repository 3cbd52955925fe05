//! Sliding-piece attack lookups of two methods, the reference ray walk (`Classical`) and the
//! fancy-magic lookup behind `chessbits_attack_tables::rook_attacks` (`Magic`), on the same seeded
//! squares and occupancies (`benches::slider_inputs`). Every method of the registry is
//! measured side by side in `benches/methods.rs` (`methods-lookup`).
//!
//! One iteration looks up all `benches::LOOKUPS` inputs; the throughput is set in elements,
//! so `cargo xtask bench` reports the time per lookup.
#![allow(missing_docs)] // criterion_group! and criterion_main! generate undocumented items

use std::hint::black_box;

use benches::{check_slider_inputs, slider_inputs, LOOKUPS};
use chessbits_attack_tables::{Classical, Magic, SlidingAttacks};
use chessbits_bitboard_core::{Bitboard, Square};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};

/// The criterion group name; `cargo xtask bench` reads `target/criterion/sliding/`.
const GROUP: &str = "sliding";

/// Benchmarks `$method` (a path like `S::rook`) as `sliding/<method name>/$piece`. A macro,
/// not a function pointer, so that every lookup is a direct (inlinable) call.
macro_rules! bench_lookup {
    ($group:expr, $name:expr, $piece:literal, $method:path, $inputs:expr) => {
        $group.bench_with_input(BenchmarkId::new($name, $piece), $inputs, |b, inputs| {
            b.iter(|| {
                let mut acc = 0u64;
                for &(sq, occupied) in inputs {
                    acc ^= $method(black_box(sq), black_box(occupied)).0;
                }
                acc
            })
        });
    };
}

fn bench_method<S: SlidingAttacks>(c: &mut Criterion, inputs: &[(Square, Bitboard)]) {
    let mut group = c.benchmark_group(GROUP);
    group.throughput(Throughput::Elements(LOOKUPS as u64));
    bench_lookup!(group, S::NAME, "rook", S::rook, inputs);
    bench_lookup!(group, S::NAME, "bishop", S::bishop, inputs);
    bench_lookup!(group, S::NAME, "queen", S::queen, inputs);
    group.finish();
}

fn sliding(c: &mut Criterion) {
    let inputs = slider_inputs();
    check_slider_inputs(&inputs);
    bench_method::<Magic>(c, &inputs);
    bench_method::<Classical>(c, &inputs);
}

criterion_group!(benches, sliding);
criterion_main!(benches);
