//! The classical ray walk: follow each ray square by square until the first blocker.
//!
//! This is `chessbits_bitboard_core::reference` behind the [`SlidingAttacks`] trait: slow, obviously
//! correct, and the specification every other method is tested against. It needs no table.

use chessbits_bitboard_core::{reference, Bitboard, Square};

use crate::SlidingAttacks;

/// The reference ray walk as a [`SlidingAttacks`] implementation.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Classical;

impl SlidingAttacks for Classical {
    const NAME: &'static str = "classical";
    type Occupancy = Bitboard;

    #[inline]
    fn rook(sq: Square, occupied: Bitboard) -> Bitboard {
        reference::rook_attacks(sq, occupied)
    }

    #[inline]
    fn bishop(sq: Square, occupied: Bitboard) -> Bitboard {
        reference::bishop_attacks(sq, occupied)
    }

    #[inline]
    fn queen(sq: Square, occupied: Bitboard) -> Bitboard {
        reference::queen_attacks(sq, occupied)
    }
}
