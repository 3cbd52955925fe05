//! Atomic: a capture explodes the capturer and every piece but pawns on the squares around
//! the target. A move is legal when the mover's king survives it and is then not attacked,
//! or the enemy king is gone, or the two kings touch (a king next to the enemy king cannot
//! be taken: the capture would explode the taker's own king). Kings do not capture.
//!
//! Legality is decided from the board as it would stand after the move (explosion
//! included), computed as bitboards: nothing is played. The explosion of a played move is
//! `make`'s.

use chessbits_attack_tables as at;
use chessbits_bitboard_core::{Bitboard, Move, MoveKind, Role, Square};

use super::generate::{castling_path, pseudo_legal};
use super::{back_rank, VariantPosition};
use crate::gen::{Filter, Visitor};

/// The squares a capture on `to` clears: the target, and every piece but pawns around it
/// (the capturer, which has left its square, is cleared by the caller).
#[inline(always)]
pub(crate) fn blast(pos: &VariantPosition, to: Square) -> Bitboard {
    (at::king_attacks(to) & (pos.board.occupied() - pos.board.pawns())).with(to)
}

/// The legal moves.
pub(crate) fn generate<V: Visitor>(pos: &VariantPosition, v: &mut V) {
    let board = &pos.board;
    let us = pos.turn;
    // Not the variant's end: each side has its king.
    let Some(king) = board.king_of(us) else {
        return;
    };
    let their_kings = board.by_piece(Role::King.of(us.other()));
    let connected = (at::king_attacks(king) & their_kings).any();
    let checkers = if connected {
        Bitboard::EMPTY
    } else {
        board.attackers_by(king, us.other(), board.occupied())
    };
    let mut filter = Legal {
        pos,
        inner: &mut *v,
        king,
        their_kings,
        connected,
        checkers,
        pinned: board.blockers_of(king, us) & board.by_color(us),
    };
    pseudo_legal(pos, Filter::ALL, false, &mut filter);
    castling(pos, king, v);
}

/// Passes on the legal moves of the pseudo-legal ones.
struct Legal<'a, V> {
    pos: &'a VariantPosition,
    inner: &'a mut V,
    /// The mover's king.
    king: Square,
    their_kings: Bitboard,
    /// Whether the kings touch now.
    connected: bool,
    /// The pieces giving check now (none when the kings touch).
    checkers: Bitboard,
    /// The mover's pieces pinned to its king.
    pinned: Bitboard,
}

impl<V> Legal<'_, V> {
    /// Whether the move of the piece on `from` to `to` (en passant if `ep`) is legal.
    #[inline(always)]
    fn allows(&self, from: Square, to: Square, ep: bool) -> bool {
        let board = &self.pos.board;
        let them = self.pos.turn.other();
        let occ = board.occupied();
        let capture = ep || board.by_color(them).contains(to);
        if !capture {
            if from != self.king {
                // The kings stay where they are.
                if self.connected
                    || (self.checkers.is_empty()
                        && (!self.pinned.contains(from) || at::aligned(self.king, from, to)))
                {
                    return true;
                }
            }
            let king = if from == self.king { to } else { self.king };
            if (at::king_attacks(king) & self.their_kings).any() {
                return true;
            }
            let after = occ.without(from).with(to);
            return (board.attackers_by(king, them, after) & after).is_empty();
        }
        if from == self.king {
            return false;
        }
        let mut gone = blast(self.pos, to).with(from);
        if ep {
            gone.insert(Square::from_coords(to.file(), from.rank()));
        }
        if gone.contains(self.king) {
            return false;
        }
        let their_kings = self.their_kings - gone;
        if their_kings.is_empty() || (at::king_attacks(self.king) & their_kings).any() {
            return true;
        }
        let after = occ - gone;
        (board.attackers_by(self.king, them, after) & after).is_empty()
    }
}

impl<V: Visitor> Visitor for Legal<'_, V> {
    #[inline(always)]
    fn piece(&mut self, role: Role, from: Square, to: Bitboard) {
        let mut legal = Bitboard::EMPTY;
        for sq in to {
            if self.allows(from, sq, false) {
                legal.insert(sq);
            }
        }
        self.inner.piece(role, from, legal);
    }

    #[inline(always)]
    fn pawn_set(&mut self, to: Bitboard, offset: i32) {
        // Whether a pawn move is legal does not depend on what it promotes to.
        let mut legal = Bitboard::EMPTY;
        for sq in to {
            let from = Square::new_masked((sq as i32 - offset) as u32);
            if self.allows(from, sq, false) {
                legal.insert(sq);
            }
        }
        self.inner.pawn_set(legal, offset);
    }

    #[inline(always)]
    fn special(&mut self, m: Move) {
        if self.allows(m.from(), m.to(), m.kind() == MoveKind::EnPassant) {
            self.inner.special(m);
        }
    }
}

/// Whether the opponent attacks a square of `path` with `occ` as blockers, the squares next
/// to its king excepted (a king may stand there: the kings would touch).
fn attacked_for_king(pos: &VariantPosition, path: Bitboard, occ: Bitboard) -> bool {
    let them = pos.turn.other();
    let mut path = path;
    for k in pos.board.by_piece(Role::King.of(them)) {
        path -= at::king_attacks(k);
    }
    path.into_iter()
        .any(|sq| pos.board.attackers_by(sq, them, occ).any())
}

/// The castling moves: the king (unpromoted, on its back rank) with a rook that keeps its
/// right, the squares between and the targets empty but for the two, the king never on a
/// square attacked as [`attacked_for_king`] says.
fn castling<V: Visitor>(pos: &VariantPosition, king: Square, v: &mut V) {
    let back = Bitboard::rank(back_rank(pos.turn));
    let rooks = pos.castling & back & pos.board.by_piece(Role::Rook.of(pos.turn));
    if rooks.is_empty() || pos.castling_king() != Some(king) {
        return;
    }
    let occ = pos.board.occupied();
    for rook in rooks {
        let m = Move::castle(king, rook);
        let (king_to, rook_to) = (m.king_to(), m.rook_to().unwrap_or(rook));
        if (castling_path(king, rook) & occ).any()
            || attacked_for_king(pos, at::between(king, king_to).with(king), occ - king)
            || attacked_for_king(
                pos,
                Bitboard::from_square(king_to),
                (occ - king - rook) | rook_to,
            )
        {
            continue;
        }
        v.special(m);
    }
}
