//! Zobrist hashing with the Polyglot keys, so that hashes equal Polyglot opening-book keys.

use chessbits_bitboard_core::{Color, Piece, Square};

use crate::polyglot_keys::POLYGLOT_RANDOM;

/// The key of `piece` on `sq`.
#[inline]
pub(crate) fn piece_key(piece: Piece, sq: Square) -> u64 {
    // Polyglot orders "kinds" black pawn, white pawn, black knight, ...
    let kind = piece.role as usize * 2 + usize::from(piece.color == Color::White);
    POLYGLOT_RANDOM[64 * kind + sq as usize]
}

/// The combined key of a set of castling rights in Polyglot bit order.
#[inline]
pub(crate) fn castling_key(bits: u8) -> u64 {
    let mut key = 0;
    for i in 0..4 {
        if bits & (1 << i) != 0 {
            key ^= POLYGLOT_RANDOM[768 + i];
        }
    }
    key
}

/// The key of an en-passant square (by its file).
#[inline]
pub(crate) fn ep_key(sq: Square) -> u64 {
    POLYGLOT_RANDOM[772 + sq.file().index()]
}

/// The key toggled when white is to move.
#[inline]
pub(crate) fn white_to_move_key() -> u64 {
    POLYGLOT_RANDOM[780]
}
