//! Fancy magic bitboards (Kannan 2007; the "fancy" variant with one shared table and a
//! per-square offset, as popularised by Stockfish).
//!
//! For a slider on `sq`, only the pieces on its *relevant mask* matter: its empty-board rays
//! without the last square of each ray. The index of the attack set is
//!
//! ```text
//! offset + ((occupied & mask) * magic) >> shift        shift = 64 - popcount(mask)
//! ```
//!
//! so each square owns `2^popcount(mask)` consecutive entries of one table: 102,400 for the
//! rook (800 KiB) and 5,248 for the bishop (41 KiB). The magic multipliers come from
//! `cargo xtask gen-tables` (a seeded search, committed as `src/magics.rs` and re-exported
//! here as [`ROOK_MAGICS`], [`BISHOP_MAGICS`] and [`SEED`]); `build.rs` fills the tables from
//! `chessbits_bitboard_core::reference` and refuses to build if a magic maps two occupancies with
//! different attack sets to one entry.
//!
//! ```
//! use chessbits_attack_tables::magic;
//! use chessbits_bitboard_core::{Bitboard, Square};
//!
//! let entry = magic::rook_entry(Square::A1);
//! assert_eq!(entry.mask().count(), 12);
//! assert_eq!(entry.shift(), 52);
//! assert_eq!(entry.offset(), 0);
//! let occupied = Bitboard::from_square(Square::A3);
//! let index = entry.index(occupied);
//! assert_eq!(Bitboard(magic::rook_table()[index]), magic::rook_attacks(Square::A1, occupied));
//! ```

use chessbits_bitboard_core::{Bitboard, Square};

use crate::{tables, SlidingAttacks};

pub use crate::magics::{BISHOP_MAGICS, ROOK_MAGICS, SEED};

/// Number of entries of the rook attack table (`sum of 2^popcount(mask)` over the squares).
pub const ROOK_TABLE_SIZE: usize = 102_400;

/// Number of entries of the bishop attack table.
pub const BISHOP_TABLE_SIZE: usize = 5_248;

/// The magic method as a [`SlidingAttacks`] implementation (the crate's default).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Magic;

impl SlidingAttacks for Magic {
    const NAME: &'static str = "magic";
    type Occupancy = Bitboard;

    #[inline]
    fn rook(sq: Square, occupied: Bitboard) -> Bitboard {
        rook_attacks(sq, occupied)
    }

    #[inline]
    fn bishop(sq: Square, occupied: Bitboard) -> Bitboard {
        bishop_attacks(sq, occupied)
    }

    fn table_bytes() -> usize {
        core::mem::size_of_val(&tables::ROOK_MAGICS)
            + core::mem::size_of_val(&tables::ROOK_ATTACKS)
            + core::mem::size_of_val(&tables::BISHOP_MAGICS)
            + core::mem::size_of_val(&tables::BISHOP_ATTACKS)
    }
}

/// What one square needs for a magic lookup: the relevant mask, the magic multiplier, the
/// shift and the square's offset into the shared table.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct MagicEntry {
    pub(crate) mask: Bitboard,
    pub(crate) magic: u64,
    pub(crate) shift: u32,
    pub(crate) offset: u32,
}

impl MagicEntry {
    /// The relevant-occupancy mask: the empty-board rays without their edge squares.
    #[inline]
    pub const fn mask(&self) -> Bitboard {
        self.mask
    }

    /// The magic multiplier (one of [`ROOK_MAGICS`] or [`BISHOP_MAGICS`]).
    #[inline]
    #[must_use]
    pub const fn magic(&self) -> u64 {
        self.magic
    }

    /// The right shift applied to the product: `64 - popcount(mask)`.
    #[inline]
    #[must_use]
    pub const fn shift(&self) -> u32 {
        self.shift
    }

    /// Where this square's `2^popcount(mask)` entries start in the shared table.
    #[inline]
    #[must_use]
    pub const fn offset(&self) -> usize {
        self.offset as usize
    }

    /// Index into the shared table of the attack set for `occupied` (squares outside the
    /// mask are ignored).
    #[inline]
    #[must_use]
    pub const fn index(&self, occupied: Bitboard) -> usize {
        self.offset as usize
            + ((occupied.0 & self.mask.0).wrapping_mul(self.magic) >> self.shift) as usize
    }
}

/// Rook attacks from `sq` on `occupied` by magic lookup.
#[inline]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let entry = &tables::ROOK_MAGICS[sq.index()];
    Bitboard(tables::ROOK_ATTACKS[entry.index(occupied)])
}

/// Bishop attacks from `sq` on `occupied` by magic lookup.
#[inline]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let entry = &tables::BISHOP_MAGICS[sq.index()];
    Bitboard(tables::BISHOP_ATTACKS[entry.index(occupied)])
}

/// The rook's magic entry for `sq`.
#[inline]
#[must_use]
pub fn rook_entry(sq: Square) -> &'static MagicEntry {
    &tables::ROOK_MAGICS[sq.index()]
}

/// The bishop's magic entry for `sq`.
#[inline]
#[must_use]
pub fn bishop_entry(sq: Square) -> &'static MagicEntry {
    &tables::BISHOP_MAGICS[sq.index()]
}

/// The shared rook attack table, indexed by [`MagicEntry::index`] of a [`rook_entry`].
/// Slots no occupancy maps to hold an empty bitboard.
#[inline]
#[must_use]
pub fn rook_table() -> &'static [u64; ROOK_TABLE_SIZE] {
    &tables::ROOK_ATTACKS
}

/// The shared bishop attack table, indexed by [`MagicEntry::index`] of a [`bishop_entry`].
#[inline]
#[must_use]
pub fn bishop_table() -> &'static [u64; BISHOP_TABLE_SIZE] {
    &tables::BISHOP_ATTACKS
}
