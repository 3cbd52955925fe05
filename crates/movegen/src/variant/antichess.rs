//! The antichess family (antichess, giveaway, suicide): no king to keep safe, pawns promote
//! to kings too, and a capture, when one exists, must be played. Giveaway and suicide
//! castle (antichess positions hold no castling rights). The end (a side without pieces
//! wins; a stalemated side wins, or in suicide the side with fewer pieces) is in `end`.

use chessbits_bitboard_core::{Bitboard, Move, Role};

use super::generate::{castling_path, pseudo_legal, Seen};
use super::{back_rank, VariantPosition};
use crate::gen::{Filter, Visitor};

/// The legal moves: the captures if there are any, else the quiet moves.
pub(crate) fn generate<V: Visitor>(pos: &VariantPosition, v: &mut V) {
    let captures = Filter {
        quiets: false,
        ..Filter::ALL
    };
    let mut seen = Seen {
        inner: &mut *v,
        any: false,
    };
    pseudo_legal(pos, captures, true, &mut seen);
    if !seen.any {
        let quiets = Filter {
            captures: false,
            ..Filter::ALL
        };
        pseudo_legal(pos, quiets, true, v);
        castling(pos, v);
    }
}

/// The castling moves of the side to move, as python-chess's giveaway and suicide boards
/// castle: its lowest king on its back rank (there may be several) with each castling right
/// whose squares between are empty, whether or not they are attacked.
pub(crate) fn castling<V: Visitor>(pos: &VariantPosition, v: &mut V) {
    let back = Bitboard::rank(back_rank(pos.turn));
    let rooks = pos.castling & back & pos.board.by_piece(Role::Rook.of(pos.turn));
    if rooks.is_empty() {
        return;
    }
    let kings = pos.board.by_piece(Role::King.of(pos.turn)) & back;
    let Some(king) = kings.lsb() else {
        return;
    };
    let occ = pos.board.occupied();
    for rook in rooks {
        if (castling_path(king, rook) & occ).is_empty() {
            v.special(Move::castle(king, rook));
        }
    }
}
