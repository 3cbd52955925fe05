//! PEXT tables (BMI2): for each square the relevant mask and the offset of its
//! `2^popcount(mask)` entries; entry `i` holds the attacks for the occupancy whose bits,
//! gathered under the mask in order, spell `i` (so `pext(occupied, mask)` is the index).
//! Built only for targets with the `bmi2` feature.

use chessbits_bitboard_core::{reference, Bitboard, Direction, Square};

/// Scatters the low bits of `index` to the set bits of `mask`, lowest first (PDEP).
fn deposit(index: usize, mask: Bitboard) -> Bitboard {
    mask.into_iter()
        .enumerate()
        .filter(|&(i, _)| index >> i & 1 == 1)
        .map(|(_, sq)| sq)
        .collect()
}

/// `(mask, offset)` per square and the concatenated attack table of one slider.
pub(crate) fn table(
    dirs: &[Direction],
    relevant_mask: impl Fn(Square) -> Bitboard,
) -> (Vec<(u64, usize)>, Vec<u64>) {
    let mut entries = Vec::with_capacity(64);
    let mut attacks = Vec::new();
    for sq in Square::ALL {
        let mask = relevant_mask(sq);
        entries.push((mask.0, attacks.len()));
        for index in 0..1usize << mask.count() {
            attacks.push(reference::sliding_attacks(sq, deposit(index, mask), dirs).0);
        }
    }
    // The library reads these tables without bounds checks: every block must lie inside.
    for &(mask, offset) in &entries {
        assert!(offset + (1usize << mask.count_ones()) <= attacks.len());
    }
    (entries, attacks)
}
