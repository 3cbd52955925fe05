//! Direct lookup (Tannous 2007) with arrays: the same four tables keyed by the
//! slider's square and the masked line occupancy, but each square's table is a flat
//! open-addressing hash table generated at build time instead of the language's map.
//!
//! Like the paper's Python dictionaries (open addressing with double hashing, Knuth's
//! Algorithm D), a key's home slot is `(key * K1) >> shift` and the probe step
//! `((key * K2) >> shift) | 1`; each square's table has twice as many slots as keys, so most
//! lookups hit on the first probe. Keys and attack sets are stored side by side, 16 bytes a
//! slot; there is no rotation and no occupancy to maintain: the key is `occupied & mask`.
//!
//! ```
//! use chessbits_attack_tables::{Classical, DirectDense, SlidingAttacks};
//! use chessbits_bitboard_core::{Bitboard, Square};
//!
//! let occupied = Bitboard::from_square(Square::C6) | Square::F7 | Square::C2;
//! assert_eq!(DirectDense::queen(Square::C4, occupied), Classical::queen(Square::C4, occupied));
//! ```

use chessbits_bitboard_core::{Bitboard, Square};

use crate::{tables, SlidingAttacks};

/// Dense direct lookup as a [`SlidingAttacks`] implementation.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct DirectDense;

/// One square's table for one line: the squares that make the key (the line without the
/// slider), where the table starts and `64 - log2(slots)`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct DenseSlot {
    pub(crate) mask: u64,
    pub(crate) offset: u32,
    pub(crate) shift: u32,
}

const RANK: usize = 0;
const FILE: usize = 1;
const DIAGONAL: usize = 2;
const ANTI_DIAGONAL: usize = 3;

/// Looks `occupied & mask` up in the table of `line` for `sq`.
#[inline(always)]
fn lookup(line: usize, sq: Square, occupied: u64) -> u64 {
    let slot = &tables::DENSE_SLOTS[line][sq.index()];
    let key = occupied & slot.mask;
    let wrap = (u64::MAX >> slot.shift) as usize;
    let mut i = (key.wrapping_mul(tables::DENSE_K1) >> slot.shift) as usize;
    let step = ((key.wrapping_mul(tables::DENSE_K2) >> slot.shift) | 1) as usize;
    // Every subset of the mask was inserted, so the key is always found; the bound only
    // keeps a corrupted table from looping.
    for _ in 0..=wrap {
        let [stored, attacks] = tables::DENSE_ENTRIES[slot.offset as usize + i];
        if stored == key {
            return attacks;
        }
        debug_assert_ne!(stored, tables::DENSE_EMPTY, "key {key:#x} missing");
        i = (i + step) & wrap;
    }
    0
}

impl SlidingAttacks for DirectDense {
    const NAME: &'static str = "direct-dense";
    type Occupancy = Bitboard;

    #[inline]
    fn rook(sq: Square, occupied: Bitboard) -> Bitboard {
        Bitboard(lookup(RANK, sq, occupied.0) | lookup(FILE, sq, occupied.0))
    }

    #[inline]
    fn bishop(sq: Square, occupied: Bitboard) -> Bitboard {
        Bitboard(lookup(DIAGONAL, sq, occupied.0) | lookup(ANTI_DIAGONAL, sq, occupied.0))
    }

    #[inline]
    fn table_bytes() -> usize {
        core::mem::size_of_val(&tables::DENSE_SLOTS)
            + core::mem::size_of_val(&tables::DENSE_ENTRIES)
    }
}

/// How many probes the lookup of `occupied` on `line` (0 rank, 1 file, 2 a1-h8, 3 a8-h1)
/// for a slider on `sq` takes: 1 when the key sits in its home slot. For the tests and the
/// documentation of the table's quality.
pub fn probes(line: usize, sq: Square, occupied: Bitboard) -> u32 {
    let slot = &tables::DENSE_SLOTS[line & 3][sq.index()];
    let key = occupied.0 & slot.mask;
    let wrap = (u64::MAX >> slot.shift) as usize;
    let mut i = (key.wrapping_mul(tables::DENSE_K1) >> slot.shift) as usize;
    let step = ((key.wrapping_mul(tables::DENSE_K2) >> slot.shift) | 1) as usize;
    let mut n = 1;
    while tables::DENSE_ENTRIES[slot.offset as usize + i][0] != key && n <= wrap as u32 {
        i = (i + step) & wrap;
        n += 1;
    }
    n
}
