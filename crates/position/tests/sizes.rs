//! The compact types stay compact.

use chessbits_bitboard_core::Move;
use chessbits_position::{Position, Undo};

#[test]
fn undo_and_move_are_small() {
    assert_eq!(std::mem::size_of::<Move>(), 2);
    // The state block make saves and unmake restores with one copy: hash, both clocks
    // (the ply count's parity is the side to move), en-passant square, captured piece and
    // castling rights.
    assert!(
        std::mem::size_of::<Undo>() <= 32,
        "{}",
        std::mem::size_of::<Undo>()
    );
    // Copy-make copies the whole position: keep an eye on it.
    assert!(
        std::mem::size_of::<Position>() <= 336,
        "{}",
        std::mem::size_of::<Position>()
    );
}
