//! Zobrist hashing with the Polyglot keys, so that hashes equal Polyglot opening-book keys.
//!
//! The keys are rearranged at compile time into the tables make/unmake reads: piece keys by
//! the board's mailbox code (a thirteenth, all-zero row for an empty square, so that a
//! capture or its absence is one unconditional XOR) and the sixteen combinations of
//! castling rights.

use chessbits_bitboard_core::{Piece, Square};

use crate::board::NO_PIECE;
use crate::polyglot_keys::POLYGLOT_RANDOM;

/// Piece-square keys by mailbox code (`Piece::index`, then `NO_PIECE` as zeros) and square.
static PIECE_KEYS: [[u64; 64]; 16] = piece_keys();

/// The combined key of each set of castling rights (Polyglot bit order).
static CASTLING_KEYS: [u64; 16] = castling_keys();

const fn piece_keys() -> [[u64; 64]; 16] {
    let mut table = [[0; 64]; 16];
    let mut code = 0;
    while code < 12 {
        // Our code is role * 2 + colour (white 0); Polyglot orders "kinds" black pawn,
        // white pawn, black knight, ...: kind = role * 2 + (1 if white).
        let kind = (code & !1) + 1 - (code & 1);
        let mut sq = 0;
        while sq < 64 {
            table[code][sq] = POLYGLOT_RANDOM[64 * kind + sq];
            sq += 1;
        }
        code += 1;
    }
    let _ = NO_PIECE; // rows 12..16 stay zero: NO_PIECE and the unused codes
    table
}

const fn castling_keys() -> [u64; 16] {
    let mut table = [0; 16];
    let mut bits = 0;
    while bits < 16 {
        let mut i = 0;
        while i < 4 {
            if bits & (1 << i) != 0 {
                table[bits] ^= POLYGLOT_RANDOM[768 + i];
            }
            i += 1;
        }
        bits += 1;
    }
    table
}

/// The key of `piece` on `sq`.
#[inline]
pub(crate) fn piece_key(piece: Piece, sq: Square) -> u64 {
    PIECE_KEYS[piece.index()][sq as usize]
}

/// The key of the mailbox code `code` on `sq` (0 for `NO_PIECE`).
#[inline(always)]
pub(crate) fn code_key(code: u8, sq: Square) -> u64 {
    PIECE_KEYS[usize::from(code & 15)][sq as usize]
}

/// The combined key of a set of castling rights in Polyglot bit order.
#[inline(always)]
pub(crate) fn castling_key(bits: u8) -> u64 {
    CASTLING_KEYS[usize::from(bits & 15)]
}

/// The en-passant key of each square (by its file), then 0 for "no square".
static EP_KEYS: [u64; 65] = {
    let mut table = [0; 65];
    let mut sq = 0;
    while sq < 64 {
        table[sq] = POLYGLOT_RANDOM[772 + sq % 8];
        sq += 1;
    }
    table
};

/// By en-passant square (64: none), the key that a move toggles for the turn and for the
/// en-passant square it clears: [`white_to_move_key`] XOR that square's key. One lookup
/// instead of a lookup and a constant.
static TURN_EP_KEYS: [u64; 65] = {
    let mut table = [0; 65];
    let mut i = 0;
    while i < 65 {
        table[i] = EP_KEYS[i] ^ POLYGLOT_RANDOM[780];
        i += 1;
    }
    table
};

/// [`white_to_move_key`] XOR the key of the en-passant square `ep` (none: 0): what a move
/// toggles for the turn and the square it clears.
#[inline(always)]
pub(crate) fn turn_and_ep_key(ep: Option<Square>) -> u64 {
    TURN_EP_KEYS[ep.map_or(64, |sq| sq as usize)]
}

/// The key of an en-passant square (by its file).
#[inline]
pub(crate) fn ep_key(sq: Square) -> u64 {
    EP_KEYS[sq as usize]
}

/// The key toggled when white is to move.
#[inline(always)]
pub(crate) fn white_to_move_key() -> u64 {
    POLYGLOT_RANDOM[780]
}

#[cfg(test)]
mod tests {
    use super::*;
    use chessbits_bitboard_core::{Color, Role};

    #[test]
    fn tables_follow_the_polyglot_layout() {
        for role in Role::ALL {
            for color in Color::ALL {
                let kind = role as usize * 2 + usize::from(color == Color::White);
                for sq in Square::ALL {
                    assert_eq!(
                        piece_key(role.of(color), sq),
                        POLYGLOT_RANDOM[64 * kind + sq as usize]
                    );
                }
            }
        }
        for sq in Square::ALL {
            assert_eq!(code_key(NO_PIECE, sq), 0);
        }
        assert_eq!(castling_key(0), 0);
        assert_eq!(
            castling_key(0b1010),
            POLYGLOT_RANDOM[769] ^ POLYGLOT_RANDOM[771]
        );
    }
}
