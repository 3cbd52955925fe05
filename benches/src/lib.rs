//! Shared inputs for the workspace's criterion benchmarks (in `benches/`), so that every
//! method is measured on exactly the same, reproducible data.
//!
//! Run the benchmarks and get a markdown report with `cargo xtask bench [--quick]`.

use chessbits_bitboard_core::{Bitboard, Square};

pub mod peers;

/// Seed of the benchmark inputs.
pub const SEED: u64 = 0xbe4c_4a11_0c0f_fee5;

/// Number of (square, occupancy) pairs one benchmark iteration looks up.
pub const LOOKUPS: usize = 1024;

/// splitmix64: a tiny seeded generator, so the inputs need no crate and never change.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator starting from `seed`.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The next pseudo-random 64-bit value.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// [`LOOKUPS`] pseudo-random squares, each with a pseudo-random occupancy of about a quarter
/// of the board (16 pieces, as in a middlegame) that includes the square itself.
pub fn slider_inputs() -> Vec<(Square, Bitboard)> {
    let mut rng = SplitMix64::new(SEED);
    (0..LOOKUPS)
        .map(|_| {
            let sq = Square::new_masked(rng.next_u64() as u32);
            let occupied = Bitboard(rng.next_u64() & rng.next_u64()).with(sq);
            (sq, occupied)
        })
        .collect()
}

/// Panics unless `inputs` are what [`slider_inputs`] promises: [`LOOKUPS`] pairs covering
/// all 64 squares, about 16 pieces on average, each occupancy holding its square. Benchmarks
/// call it once before measuring, so a broken generator cannot go unnoticed.
pub fn check_slider_inputs(inputs: &[(Square, Bitboard)]) {
    assert_eq!(inputs.len(), LOOKUPS);
    let squares: Bitboard = inputs.iter().map(|&(sq, _)| sq).collect();
    assert_eq!(squares, Bitboard::FULL, "inputs miss some squares");
    assert!(inputs.iter().all(|&(sq, occ)| occ.contains(sq)));
    let pieces: usize = inputs.iter().map(|&(_, occ)| occ.count() as usize).sum();
    let mean = pieces / LOOKUPS;
    assert!((14..=19).contains(&mean), "mean occupancy {mean}");
}
