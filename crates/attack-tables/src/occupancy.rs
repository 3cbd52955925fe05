//! The occupancy of the board as a sliding-attack method keeps it between moves.
//!
//! Most methods read the plain occupancy bitboard, so their kept occupancy *is* a
//! [`Bitboard`]. Rotated bitboards (Hyatt 1999) keep the same set in four orientations and
//! update all four on every move; [`OccupancyState`] is how a move generator or a search keeps
//! any method's occupancy up to date without knowing which method it is: it builds the state
//! once with [`OccupancyState::new`] and then calls [`OccupancyState::update`] (or
//! [`OccupancyState::toggle`]) as pieces come and go, so the cost of maintaining the state is
//! paid where a real program pays it.

use chessbits_bitboard_core::{Bitboard, Square};

/// An occupancy kept incrementally: built once, then updated square by square.
///
/// Every implementation must hold exactly the squares of the bitboard it was built from and
/// updated with; [`OccupancyState::bitboard`] gives them back.
pub trait OccupancyState: Copy + core::fmt::Debug + PartialEq {
    /// The state for `occupied`, computed from scratch.
    fn new(occupied: Bitboard) -> Self;

    /// The occupied squares as a plain bitboard.
    fn bitboard(&self) -> Bitboard;

    /// A piece arrives on the empty square `sq`, or leaves the occupied square `sq`.
    fn toggle(&mut self, sq: Square);

    /// The board's occupancy changed from `before` to `after` (a move was made or taken
    /// back): toggles every square that changed.
    #[inline]
    fn update(&mut self, before: Bitboard, after: Bitboard) {
        for sq in before ^ after {
            self.toggle(sq);
        }
    }

    /// This state with `sq` toggled, leaving `self` as it is.
    #[inline]
    #[must_use = "toggled returns a new state; use toggle to change this one"]
    fn toggled(&self, sq: Square) -> Self {
        let mut next = *self;
        next.toggle(sq);
        next
    }
}

/// The plain occupancy: what every method but rotated bitboards reads.
impl OccupancyState for Bitboard {
    #[inline]
    fn new(occupied: Bitboard) -> Bitboard {
        occupied
    }

    #[inline]
    fn bitboard(&self) -> Bitboard {
        *self
    }

    #[inline]
    fn toggle(&mut self, sq: Square) {
        *self ^= Bitboard::from_square(sq);
    }

    #[inline]
    fn update(&mut self, _before: Bitboard, after: Bitboard) {
        *self = after;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bitboard_state_is_the_bitboard() {
        let mut occ = <Bitboard as OccupancyState>::new(Bitboard(0x00ff));
        OccupancyState::toggle(&mut occ, Square::A1);
        OccupancyState::toggle(&mut occ, Square::A3);
        assert_eq!(occ, Bitboard(0x00fe | 1 << 16));
        assert_eq!(OccupancyState::toggled(&occ, Square::A3), Bitboard(0x00fe));
        occ.update(occ, Bitboard(7));
        assert_eq!(occ.bitboard(), Bitboard(7));
    }
}
