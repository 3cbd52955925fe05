//! PEXT bitboards (BMI2): the parallel bit extract instruction gathers the occupancy bits
//! under a square's relevant mask into a dense index, so each square's attack sets sit in
//! `2^popcount(mask)` consecutive entries, indexed by `offset + pext(occupied, mask)`; no
//! magic multiplier and no collision to search for. The tables have the same sizes as the
//! fancy-magic ones (102,400 rook and 5,248 bishop entries), in a different order.
//!
//! This module exists only when the target has BMI2 (`-C target-feature=+bmi2`, or
//! `-C target-cpu=native` on a CPU that has it): [`crate::HAS_PEXT`] says whether it was
//! built. On AMD CPUs before Zen 3 PEXT is microcoded and slow; there the magic method wins.
//!
//! ```
//! use chessbits_attack_tables::{Classical, Pext, SlidingAttacks};
//! use chessbits_bitboard_core::{Bitboard, Square};
//!
//! let occupied = Bitboard::from_square(Square::E6) | Square::B4 | Square::G2;
//! assert_eq!(Pext::queen(Square::E4, occupied), Classical::queen(Square::E4, occupied));
//! ```
#![allow(unsafe_code)]

use chessbits_bitboard_core::{Bitboard, Square};

use crate::{tables, SlidingAttacks};

/// PEXT lookup as a [`SlidingAttacks`] implementation.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Pext;

/// One square's relevant mask and where its entries start.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct PextEntry {
    pub(crate) mask: u64,
    pub(crate) offset: u32,
}

/// `pext(value, mask)`: the bits of `value` under `mask`, packed towards bit 0.
#[inline(always)]
pub fn pext(value: u64, mask: u64) -> u64 {
    // SAFETY: this module is compiled only when the target has the `bmi2` feature
    // (`#[cfg(has_pext)]` on the module, which build.rs sets only when the target's
    // features, CARGO_CFG_TARGET_FEATURE, include bmi2), so every CPU the code is built for
    // executes PEXT; the intrinsic has no other precondition.
    unsafe { core::arch::x86_64::_pext_u64(value, mask) }
}

impl PextEntry {
    #[inline(always)]
    fn index(&self, occupied: Bitboard) -> usize {
        // Wrapping: the sum is below the table's length (see `lookup`), so it never wraps,
        // and builds with overflow checks need no test of it in every lookup.
        (self.offset as usize).wrapping_add(pext(occupied.0, self.mask) as usize)
    }
}

/// `table[entry.index(occupied)]` without the bounds check.
///
/// The check costs about a fifth of the lookup rate (on the AMD EPYC of the benchmark
/// report: about 870 M queen lookups per second with it, 1,070 without), and the index can
/// never be out of range: `pext` yields fewer than `2^popcount(mask)` and `build.rs` lays the
/// squares' blocks end to end, asserting `offset + 2^popcount(mask) <= table.len()` for
/// every entry; `tests::every_index_is_in_range` checks it again on the compiled tables.
#[inline(always)]
fn lookup<const N: usize>(table: &[u64; N], entry: &PextEntry, occupied: Bitboard) -> u64 {
    let index = entry.index(occupied);
    debug_assert!(index < N);
    // SAFETY: `index < entry.offset + 2^popcount(entry.mask) <= N` (see above): PEXT
    // gathers `popcount(mask)` bits, so its result is below `2^popcount(mask)`, and the
    // generated entries satisfy the bound, which `build.rs` asserts and the test re-checks.
    unsafe { *table.get_unchecked(index) }
}

impl SlidingAttacks for Pext {
    const NAME: &'static str = "pext";
    type Occupancy = Bitboard;

    #[inline]
    fn rook(sq: Square, occupied: Bitboard) -> Bitboard {
        let entry = &tables::PEXT_ROOK[sq.index()];
        Bitboard(lookup(&tables::PEXT_ROOK_ATTACKS, entry, occupied))
    }

    #[inline]
    fn bishop(sq: Square, occupied: Bitboard) -> Bitboard {
        let entry = &tables::PEXT_BISHOP[sq.index()];
        Bitboard(lookup(&tables::PEXT_BISHOP_ATTACKS, entry, occupied))
    }

    fn table_bytes() -> usize {
        core::mem::size_of_val(&tables::PEXT_ROOK)
            + core::mem::size_of_val(&tables::PEXT_ROOK_ATTACKS)
            + core::mem::size_of_val(&tables::PEXT_BISHOP)
            + core::mem::size_of_val(&tables::PEXT_BISHOP_ATTACKS)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The invariant behind the unchecked table reads: every square's block lies inside its
    /// table, and the blocks tile the table exactly.
    #[test]
    fn every_index_is_in_range() {
        for (entries, len) in [
            (&tables::PEXT_ROOK, tables::PEXT_ROOK_ATTACKS.len()),
            (&tables::PEXT_BISHOP, tables::PEXT_BISHOP_ATTACKS.len()),
        ] {
            let mut next = 0;
            for entry in entries {
                assert_eq!(entry.offset as usize, next);
                next += 1usize << entry.mask.count_ones();
                assert!(next <= len);
                // The largest index: every bit under the mask set.
                assert_eq!(entry.index(Bitboard(entry.mask)), next - 1);
                assert_eq!(entry.index(Bitboard::FULL), next - 1);
            }
            assert_eq!(next, len);
        }
    }

    /// The intrinsic behind the first `unsafe` block, against a bit-by-bit definition.
    #[test]
    fn pext_gathers_the_masked_bits_in_order() {
        let mut state = 0x1234_5678_9abc_def0u64;
        for _ in 0..10_000 {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            let value = state;
            let mask = state.rotate_left(17) & state.rotate_left(41);
            let mut expected = 0u64;
            let mut out = 0;
            for i in 0..64 {
                if mask >> i & 1 == 1 {
                    expected |= (value >> i & 1) << out;
                    out += 1;
                }
            }
            assert_eq!(pext(value, mask), expected, "{value:#x} {mask:#x}");
        }
    }
}
