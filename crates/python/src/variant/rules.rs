//! The variant answers of `chessbits.Board`'s methods that python-chess's variant boards
//! inherit from its `Board` and override where the variant says so: checks and checkers,
//! the game's end with the draws, pins, `find_move`, and the en-passant questions.

use chessbits_attack_tables as at;
use chessbits_bitboard_core::{Bitboard, Color, Move as RawMove, Role, Square};
use chessbits_position::{CastlingNotation, Setup, Variant};
use pyo3::prelude::*;

use super::{fields, mirror_setup, Only, VariantCore};
use crate::board::Move;

impl VariantCore {
    /// The variant of the board.
    pub(crate) fn variant(&self) -> Variant {
        self.pos.variant()
    }

    /// Whether the board follows Chess960's castling.
    pub(crate) fn is_chess960(&self) -> bool {
        self.pos.is_chess960()
    }

    /// The board as python-chess's `Board` fields show it (the setup of the variant).
    pub(crate) fn current_setup(&self) -> Setup {
        self.setup()
    }

    /// `fen` (this board's FEN) with the castling field in Shredder-FEN (`HAha`), the
    /// rights python-chess writes (the clean ones).
    pub(crate) fn with_shredder_castling(&self, fen: &str) -> String {
        let mut s = self.setup();
        s.castling_rights = s.clean_castling_rights(self.is_chess960());
        let shredder = s.fen_with_castling(CastlingNotation::Shredder);
        let field = shredder.split(' ').nth(2).unwrap_or("-").to_string();
        let mut fields: Vec<&str> = fen.split(' ').collect();
        if let Some(castling) = fields.get_mut(2) {
            *castling = &field;
        }
        fields.join(" ")
    }

    /// Whether the kings of the two sides stand next to each other (python-chess's atomic
    /// `_kings_connected`: unpromoted kings).
    fn kings_connected(setup: &Setup) -> bool {
        let kings = |c: Color| setup.board.by_piece(Role::King.of(c)) - setup.promoted;
        kings(Color::White)
            .into_iter()
            .any(|k| (at::king_attacks(k) & kings(Color::Black)).any())
    }

    /// Whether the variant has no checks on this board (antichess: never; atomic: while
    /// the kings touch), as python-chess's `checkers_mask`, `was_into_check` and
    /// `is_into_check` of the variant.
    pub(crate) fn checks_void(&self) -> bool {
        match self.variant() {
            v if v.is_antichess_family() => true,
            Variant::Atomic => VariantCore::kings_connected(&self.setup()),
            _ => false,
        }
    }

    /// python-chess's `pin_mask` of the variant: every square in antichess (no king to
    /// pin to), else `None` (the board's own rule).
    pub(crate) fn pin_void(&self) -> bool {
        self.variant().is_antichess_family()
    }

    /// Whether the king of the side that just moved stands attacked (python-chess's
    /// `was_into_check`).
    pub(crate) fn was_into_check(&self) -> bool {
        if self.checks_void() {
            return false;
        }
        let s = self.setup();
        let them = s.turn.other();
        let Some(king) = (s.board.by_piece(Role::King.of(them)) - s.promoted).msb() else {
            return false;
        };
        (s.board.attackers_by(king, s.turn, s.board.occupied()) & s.board.occupied()).any()
    }

    /// Whether the pseudo-legal `move` leaves the mover's king attacked (python-chess's
    /// `is_into_check` of the variant: never in antichess; in atomic, not while the kings
    /// touch after the move).
    pub(crate) fn is_into_check(&self, r#move: &Bound<'_, PyAny>) -> bool {
        if self.variant().is_antichess_family() {
            return false;
        }
        let Some(pos) = self.position() else {
            return false;
        };
        let Ok(text) = crate::board::uci_of(r#move).or_else(|_| r#move.extract::<String>()) else {
            return false;
        };
        let Some(m) = pos
            .pseudo_legal_moves()
            .into_iter()
            .find(|&m| pos.uci(m) == text)
        else {
            return false;
        };
        let after = pos.play_unchecked(m);
        let mut s = after.to_setup();
        s.turn = pos.turn().other();
        if self.variant() == Variant::Atomic && VariantCore::kings_connected(&s) {
            return false;
        }
        let b = &s.board;
        let us = pos.turn();
        let king = (b.by_piece(Role::King.of(us)) - s.promoted).msb();
        king.is_some_and(|k| (b.attackers_by(k, us.other(), b.occupied()) & b.occupied()).any())
    }

    /// python-chess's `apply_mirror` of a variant board: the placement mirrored, the
    /// colours and the side to move swapped; pockets and check counters stay (its `mirror`
    /// swaps them too); the stack cleared.
    pub(crate) fn apply_mirror(&mut self) {
        let s = self.setup();
        let mut m = mirror_setup(&s);
        m.pockets = s.pockets;
        m.remaining_checks = s.remaining_checks;
        self.rebuild(m);
    }

    /// The legal move from `from_square` to `to_square` (queen promotion by default for a
    /// pawn reaching a back rank; castling as the king's two-step), python-chess's
    /// `find_move`; `None` when there is none.
    pub(crate) fn find_move(
        &self,
        from: Square,
        to: Square,
        promotion: Option<Role>,
    ) -> Option<Move> {
        let pos = self.position()?;
        let pawn = pos.board().role_at(from) == Some(Role::Pawn);
        let promotion =
            promotion.or_else(|| (pawn && Bitboard::BACKRANKS.contains(to)).then_some(Role::Queen));
        pos.legal_moves()
            .into_iter()
            .filter(|m| !m.is_drop())
            .find(|&m| {
                let f = fields(pos, m);
                let (mf, mt) = (u32::from(f.from), u32::from(f.to));
                let same = mf == from.index() as u32
                    && (mt == to.index() as u32 || m.is_castle() && m.to() == to);
                same && m.promotion() == promotion
            })
            .map(|m| fields(pos, m))
    }

    /// The en-passant captures, legal or pseudo-legal, within the masks.
    pub(crate) fn ep_moves<'py>(
        &self,
        py: Python<'py>,
        legal: bool,
        from_mask: u64,
        to_mask: u64,
    ) -> PyResult<Bound<'py, PyAny>> {
        Ok(self
            .moves_list(py, legal, from_mask, to_mask, Only::EnPassant)?
            .try_iter()?
            .into_any())
    }

    /// Whether a pseudo-legal en-passant capture exists (python-chess's
    /// `has_pseudo_legal_en_passant`).
    pub(crate) fn has_pseudo_legal_en_passant(&self) -> bool {
        self.position().is_some_and(|p| {
            p.pseudo_legal_moves()
                .into_iter()
                .any(RawMove::is_en_passant)
        })
    }

    /// The end of the game as python-chess's `outcome(claim_draw=...)` finds it on a
    /// variant board: the variant's rules (its end, checkmate, insufficient material,
    /// stalemate), then the seventy-five-move rule and fivefold repetition, then, when
    /// asked, the fifty-move rule and threefold repetition.
    pub(crate) fn outcome_full(&self, claim_draw: bool) -> Option<(&'static str, Option<bool>)> {
        if let Some(found) = self._outcome() {
            return Some(found);
        }
        if self.is_seventyfive_moves() {
            return Some(("SEVENTYFIVE_MOVES", None));
        }
        if self.is_fivefold_repetition() {
            return Some(("FIVEFOLD_REPETITION", None));
        }
        if claim_draw {
            if self.can_claim_fifty_moves() {
                return Some(("FIFTY_MOVES", None));
            }
            if self.can_claim_threefold_repetition() {
                return Some(("THREEFOLD_REPETITION", None));
            }
        }
        None
    }

    /// In check with no legal move (python-chess's test, the variant's end included).
    pub(crate) fn is_checkmate(&self) -> bool {
        self.is_check() && !self.any_legal()
    }

    /// Not in check, the variant's end not reached, and no legal move.
    pub(crate) fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.is_variant_end() && !self.any_legal()
    }

    /// Whether the variant's end names the side to move the winner (`"VARIANT_WIN"`), the
    /// loser or a draw.
    pub(crate) fn is_outcome(&self, name: &str) -> bool {
        self._outcome().is_some_and(|(n, _)| n == name)
    }
}
