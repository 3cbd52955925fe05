//! Racing kings: standard chess without pawns and castling, where no move may give check;
//! the race to the eighth rank is in `end`.

use chessbits_attack_tables as at;
use chessbits_bitboard_core::{Bitboard, Move, Role, Square};

use super::generate::standard;
use super::VariantPosition;
use crate::gen::Visitor;

/// The legal moves: the standard ones that give no check.
pub(crate) fn generate<V: Visitor>(pos: &VariantPosition, v: &mut V) {
    let board = &pos.board;
    let us = pos.turn;
    let Some(their_king) = board.king_of(us.other()) else {
        standard(pos, v);
        return;
    };
    let ours = board.by_color(us);
    let occ = board.occupied();
    // Our pieces that alone stand between their king and one of our sliders: moving off
    // that line gives check.
    let mut discoverers = Bitboard::EMPTY;
    let snipers = (at::rook_attacks(their_king, Bitboard::EMPTY) & board.rooks_and_queens()
        | at::bishop_attacks(their_king, Bitboard::EMPTY) & board.bishops_and_queens())
        & ours;
    for sniper in snipers {
        let between = at::between(their_king, sniper) & occ;
        if between.single_square().is_some() && (between & ours).any() {
            discoverers |= between;
        }
    }
    let mut filter = NoCheck {
        pos,
        inner: v,
        their_king,
        discoverers,
    };
    standard(pos, &mut filter);
}

/// Passes on the moves that give no check.
struct NoCheck<'a, V> {
    pos: &'a VariantPosition,
    inner: &'a mut V,
    their_king: Square,
    discoverers: Bitboard,
}

impl<V> NoCheck<'_, V> {
    /// The squares to which the piece on `from` would give check.
    #[inline(always)]
    fn checking(&self, from: Square) -> Bitboard {
        let board = &self.pos.board;
        let k = self.their_king;
        let occ = board.occupied().without(from);
        let direct = match board.role_at(from) {
            Some(Role::Knight) => at::knight_attacks(k),
            Some(Role::Bishop) => at::bishop_attacks(k, occ),
            Some(Role::Rook) => at::rook_attacks(k, occ),
            Some(Role::Queen) => at::queen_attacks(k, occ),
            Some(Role::Pawn) => at::pawn_attacks(self.pos.turn.other(), k),
            _ => Bitboard::EMPTY,
        };
        if self.discoverers.contains(from) {
            direct | !at::line(k, from)
        } else {
            direct
        }
    }

    /// Whether the move `m` gives check, found by looking at the board after it.
    fn gives_check(&self, m: Move) -> bool {
        let board = &self.pos.board;
        let us = self.pos.turn;
        let (from, to) = (m.from(), m.to());
        let occ = (board.occupied().without(from)) | to;
        let Some(piece) = board.piece_at(from) else {
            return false;
        };
        let role = m.promotion().unwrap_or(piece.role);
        let ours = board.by_color(us).without(from);
        at::attacks(role.of(us), to, occ).contains(self.their_king)
            || (at::rook_attacks(self.their_king, occ) & board.rooks_and_queens() & ours).any()
            || (at::bishop_attacks(self.their_king, occ) & board.bishops_and_queens() & ours).any()
    }
}

impl<V: Visitor> Visitor for NoCheck<'_, V> {
    #[inline(always)]
    fn piece(&mut self, role: Role, from: Square, to: Bitboard) {
        let quiet = to - self.checking(from);
        self.inner.piece(role, from, quiet);
    }

    #[inline(always)]
    fn pawn_set(&mut self, to: Bitboard, offset: i32) {
        // Racing kings has no pawns; any that come are judged one by one.
        for to in to {
            let from = Square::new_masked((to as i32 - offset) as u32);
            if !self.gives_check(Move::normal(from, to)) {
                self.inner.pawn_set(Bitboard::from_square(to), offset);
            }
        }
    }

    #[inline(always)]
    fn special(&mut self, m: Move) {
        if !self.gives_check(m) {
            self.inner.special(m);
        }
    }
}
