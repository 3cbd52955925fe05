//! Playing a move's text: read once by the SAN reader, common shapes by specialised moves.

use chessbits_attack_tables as at;
use chessbits_bitboard_core::{Bitboard, Color, File, Rank, Role, Square};

use super::*;
use crate::san::{read_common_plus, BuildSan, CommonShapes};

impl SanReplayer {
    /// Plays the move `text` (SAN as the reader hands it over) means here and returns it
    /// as read; `None`, with the board unchanged, for anything the full replay must
    /// decide.
    ///
    /// The text is read once, by movegen's SAN reader, the one lexer of SAN: the shapes
    /// nearly every move has (`e4`, `exd5`, `Nf3`, `Nxe5`, `Nbd7`, `R1e2`, with or
    /// without `+` or `#`) by its common-shape reader, which hands each shape to the
    /// specialised moves below as it recognises it; any other text by
    /// [`SanPlus::from_ascii_with`] (lenient), then promotions by the same moves and
    /// anything else by [`SanReplayer::decide`] and [`SanReplayer::play`].
    #[inline(always)]
    pub(crate) fn apply(&mut self, text: &[u8]) -> Option<San> {
        // The common shapes first (with a check or mate sign or without), lexed once and
        // played as they are recognised.
        match read_common_plus(text, &mut Shapes(self)) {
            Some(played) => played,
            None => self.apply_other(text),
        }
    }

    /// [`SanReplayer::apply`] of a text in any other shape (a promotion, castling, a
    /// lenient form, a suffix of annotations), apart from the common shapes' code so that
    /// the loop over a game's moves stays small.
    #[inline(never)]
    fn apply_other(&mut self, text: &[u8]) -> Option<San> {
        let san = SanPlus::from_ascii_with(text, SanMode::Lenient).ok()?.san;
        let played = match san {
            San::Normal {
                role: Role::Pawn,
                file: None,
                rank: None,
                capture: false,
                to,
                promotion,
            } => self.pawn_push(to, promotion),
            San::Normal {
                role: Role::Pawn,
                file: Some(file),
                rank: None,
                capture: true,
                to,
                promotion,
            } if file != to.file() => self.pawn_capture(file, to, promotion),
            San::Normal {
                role,
                file,
                rank,
                to,
                promotion: None,
                ..
            } if role != Role::Pawn => self.piece_move(role, to, hint(file, rank)),
            _ => self.general(&san),
        };
        played.then_some(san)
    }

    /// Any other move: [`SanReplayer::decide`] and [`SanReplayer::play`].
    #[inline(never)]
    fn general(&mut self, san: &San) -> bool {
        match self.decide(san) {
            Some((role, m)) => {
                self.play(role, m);
                true
            }
            None => false,
        }
    }

    /// The king of the side to move.
    #[inline(always)]
    pub(super) fn king(&self) -> Option<Square> {
        (self.role(Role::King) & self.ours()).single_square()
    }

    /// A pawn's step or double step onto `to`, promoting to `promotion`.
    #[inline(always)]
    fn pawn_push(&mut self, to: Square, promotion: Option<Role>) -> bool {
        let us = self.turn;
        let occ = self.occupied();
        let pawns = self.role(Role::Pawn) & self.ours();
        let back = if us == Color::White { -1 } else { 1 };
        let Some(one) = to.offset(0, back) else {
            return false;
        };
        let from = if occ.contains(to) {
            return false;
        } else if pawns.contains(one) {
            one
        } else if !occ.contains(one) && Bitboard::relative_rank(us, Rank::Fourth).contains(to) {
            let Some(two) = one.offset(0, back) else {
                return false;
            };
            if !pawns.contains(two) {
                return false;
            }
            two
        } else {
            return false;
        };
        if Bitboard::relative_rank(us, Rank::Eighth).contains(to) != promotion.is_some() {
            return false;
        }
        let Some(king) = self.king() else {
            return false;
        };
        if self.attacked(king, (occ - from) | to, Bitboard::EMPTY) {
            return false;
        }
        self.play(Role::Pawn, pawn_move(from, to, promotion));
        true
    }

    /// A pawn of file `file` taking on `to` (not en passant), promoting to `promotion`.
    #[inline(always)]
    fn pawn_capture(&mut self, file: File, to: Square, promotion: Option<Role>) -> bool {
        let us = self.turn;
        let to_bb = Bitboard::from_square(to);
        if !self.theirs().contains(to) {
            // En passant, or nothing to take: the general code.
            return self.general_pawn_capture(file, to, promotion);
        }
        let pawns = self.role(Role::Pawn) & self.ours() & Bitboard::file(file);
        let Some(from) = (at::pawn_attacks(us.other(), to) & pawns).single_square() else {
            return false;
        };
        if Bitboard::relative_rank(us, Rank::Eighth).contains(to) != promotion.is_some() {
            return false;
        }
        let Some(king) = self.king() else {
            return false;
        };
        if self.attacked(king, self.occupied() - from, to_bb) {
            return false;
        }
        self.play(Role::Pawn, pawn_move(from, to, promotion));
        true
    }

    #[inline(never)]
    fn general_pawn_capture(&mut self, file: File, to: Square, promotion: Option<Role>) -> bool {
        let san = San::Normal {
            role: Role::Pawn,
            file: Some(file),
            rank: None,
            capture: true,
            to,
            promotion,
        };
        self.general(&san)
    }

    /// A piece of `role` from `filter` (the disambiguation) to `to`.
    #[inline(always)]
    fn piece_move(&mut self, role: Role, to: Square, filter: Bitboard) -> bool {
        let ours = self.ours();
        if ours.contains(to) {
            return false;
        }
        let occ = self.occupied();
        let mine = self.role(role) & ours & filter;
        let candidates = match role {
            Role::Knight => at::knight_attacks(to) & mine,
            Role::Bishop => reached(to, bishop_lines(to) & mine, occ),
            Role::Rook => reached(to, rook_lines(to) & mine, occ),
            Role::Queen => reached(to, (rook_lines(to) | bishop_lines(to)) & mine, occ),
            Role::King => at::king_attacks(to) & mine,
            Role::Pawn => return false,
        };
        let to_bb = Bitboard::from_square(to);
        let from = if role == Role::King {
            let Some(from) = candidates.single_square() else {
                return false;
            };
            if self.attacked(to, occ - from, to_bb) {
                return false;
            }
            from
        } else {
            let Some(king) = self.king() else {
                return false;
            };
            let mut found = None;
            for from in candidates {
                if !self.attacked(king, (occ - from) | to, to_bb) {
                    if found.is_some() {
                        return false;
                    }
                    found = Some(from);
                }
            }
            match found {
                Some(from) => from,
                None => return false,
            }
        };
        self.play(role, Move::normal(from, to));
        true
    }
}

/// The replayer as the reader of the common SAN shapes: each shape played as it is
/// recognised, and its [`San`] (built only where it is asked for) when it was played.
struct Shapes<'a>(&'a mut SanReplayer);

impl CommonShapes for Shapes<'_> {
    type Output = Option<San>;

    #[inline(always)]
    fn pawn_push(&mut self, to: Square) -> Option<San> {
        self.0.pawn_push(to, None).then(|| BuildSan.pawn_push(to))
    }

    #[inline(always)]
    fn pawn_capture(&mut self, file: File, to: Square) -> Option<San> {
        self.0
            .pawn_capture(file, to, None)
            .then(|| BuildSan.pawn_capture(file, to))
    }

    #[inline(always)]
    fn piece(
        &mut self,
        role: Role,
        file: Option<File>,
        rank: Option<Rank>,
        capture: bool,
        to: Square,
    ) -> Option<San> {
        self.0
            .piece_move(role, to, hint(file, rank))
            .then(|| BuildSan.piece(role, file, rank, capture, to))
    }
}

/// A pawn's move from `from` to `to`, promoting to `promotion`.
#[inline(always)]
fn pawn_move(from: Square, to: Square, promotion: Option<Role>) -> Move {
    match promotion {
        Some(p) => Move::promote(from, to, p),
        None => Move::normal(from, to),
    }
}

/// The squares a disambiguation (a file, a rank, both or neither) allows.
#[inline(always)]
fn hint(file: Option<File>, rank: Option<Rank>) -> Bitboard {
    file.map_or(Bitboard::FULL, Bitboard::file) & rank.map_or(Bitboard::FULL, Bitboard::rank)
}
