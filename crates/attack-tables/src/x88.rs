//! "Is square `to` attacked by `piece` standing on `from`?" in one lookup, by a table indexed
//! by piece kind and the 0x88 difference of the squares (Chess Programming Wiki, "Square Attacked By", "Attacked by Piece on
//! Square").
//!
//! Each entry is an *obstruction set*, seen from `from` (rotated so that `from` is bit 0):
//! empty where the piece attacks across that difference by a step (pawn, knight, king), the
//! in-between squares where a slider attacks along a line, and every square where the piece
//! cannot attack at all. The answer is then `obstructions & occupancy.rotate_right(from)` is
//! empty; the piece itself on `from` (bit 0 after rotation) makes the "never" entries fail.
//!
//! Seven kinds (white pawn, black pawn, knight, bishop, rook, queen, king) × 256 differences
//! × 8 bytes = 14,336 bytes.

use chessbits_bitboard_core::{reference, Bitboard, Color, Piece, Role, Square};

use crate::inbetween::x88_diff_index;

/// Bytes of the table.
pub const TABLE_BYTES: usize = 7 * 256 * 8;

/// The table row of a piece: 0 white pawn, 1 black pawn, 2 knight, 3 bishop, 4 rook,
/// 5 queen, 6 king.
#[inline]
#[must_use]
pub const fn kind(piece: Piece) -> usize {
    match piece.role {
        Role::Pawn => piece.color as usize,
        role => role as usize + 1,
    }
}

const KINDS: [Piece; 7] = [
    Piece {
        color: Color::White,
        role: Role::Pawn,
    },
    Piece {
        color: Color::Black,
        role: Role::Pawn,
    },
    Piece {
        color: Color::White,
        role: Role::Knight,
    },
    Piece {
        color: Color::White,
        role: Role::Bishop,
    },
    Piece {
        color: Color::White,
        role: Role::Rook,
    },
    Piece {
        color: Color::White,
        role: Role::Queen,
    },
    Piece {
        color: Color::White,
        role: Role::King,
    },
];

const fn empty_board_attacks(piece: Piece, sq: Square) -> Bitboard {
    match piece.role {
        Role::Pawn => reference::pawn_attacks(piece.color, sq),
        Role::Knight => reference::knight_attacks(sq),
        Role::King => reference::king_attacks(sq),
        Role::Bishop => reference::bishop_attacks(sq, Bitboard::EMPTY),
        Role::Rook => reference::rook_attacks(sq, Bitboard::EMPTY),
        Role::Queen => reference::queen_attacks(sq, Bitboard::EMPTY),
    }
}

static OBSTRUCTIONS: [[u64; 256]; 7] = {
    let mut t = [[u64::MAX; 256]; 7];
    let mut k = 0;
    while k < 7 {
        let piece = KINDS[k];
        let mut a = 0;
        while a < 64 {
            let from = Square::new_masked(a);
            let reach = empty_board_attacks(piece, from);
            let mut b = 0;
            while b < 64 {
                let to = Square::new_masked(b);
                if reach.contains(to) {
                    t[k][x88_diff_index(from, to)] = reference::between(from, to).0.rotate_right(a);
                }
                b += 1;
            }
            a += 1;
        }
        k += 1;
    }
    t
};

/// Whether `piece` on `from` attacks `to`, with `occupied` as the blockers (which must
/// include `from`).
#[inline]
#[must_use]
pub fn attacks_square(piece: Piece, from: Square, to: Square, occupied: Bitboard) -> bool {
    OBSTRUCTIONS[kind(piece)][x88_diff_index(from, to)] & occupied.0.rotate_right(from as u32) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_is_a_distinct_row() {
        let rows = KINDS.map(kind);
        assert_eq!(rows, [0, 1, 2, 3, 4, 5, 6]);
        assert_eq!(kind(Role::Knight.of(Color::Black)), 2);
    }
}
