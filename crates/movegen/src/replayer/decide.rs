//! Deciding the move a parsed [`San`] means (by the crate's decoder), and playing it.

use chessbits_bitboard_core::{Move, MoveKind, Role, Square};
use chessbits_position::CastlingSide;

use super::*;
use crate::gen;
use crate::DefaultMethod;

impl SanReplayer {
    /// The one legal move `san` means here, as [`San::to_move`] finds it in lenient mode:
    /// the crate's one decoder (castling, two moves a game, by the bare board's own
    /// test); `None` for anything else (illegal, ambiguous, null and
    /// coordinate moves), which the caller hands to the full replay.
    #[inline(never)]
    pub(crate) fn decide(&self, san: &San) -> Option<(Role, Move)> {
        if let San::Castle(side) = *san {
            return Some((Role::King, self.castle(side)?));
        }
        let m = self.decode(san)?;
        let role = match m.kind() {
            MoveKind::Normal | MoveKind::Castle => self.pieces.role_at(m.from())?,
            MoveKind::EnPassant | MoveKind::Promotion(_) => Role::Pawn,
            MoveKind::Drop(_) => return None,
        };
        Some((role, m))
    }

    /// Castling on `side`, if it is legal here: the generator's rule ([`gen::castling`]).
    pub(super) fn castle(&self, side: CastlingSide) -> Option<Move> {
        self.king()?;
        gen::castling::<DefaultMethod, _>(self, side)
    }

    /// Plays `m`, a move of the piece of `role` that [`SanReplayer::decide`] returned (or
    /// a fast path found): position's rules for the placement ([`Pieces::play`]) and the
    /// castling rights ([`Castles::lose`]), and the square a double step passes.
    ///
    /// [`Pieces::play`]: chessbits_position::Pieces::play
    /// [`Castles::lose`]: chessbits_position::Castles::lose
    #[inline(always)]
    pub(crate) fn play(&mut self, role: Role, m: Move) {
        let us = self.turn;
        let (from, to) = (m.from(), m.to());
        self.pieces.play(us, role, m);
        if !self.castles.is_empty() {
            self.castles.lose(from, to);
        }
        self.ep = (role == Role::Pawn && (from as u32 ^ to as u32) == 16)
            .then(|| Square::new_masked((from as u32 + to as u32) / 2));
        self.turn = us.other();
    }
}
