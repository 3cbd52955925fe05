//! Wording a played move: its canonical SAN with the suffix, and its UCI.

use chessbits_bitboard_core::{Bitboard, Move, MoveText, Role, Square, TextSink};
use chessbits_position::CastlingSide;

use super::SanReplayer;
use crate::gen;
use crate::list::Counter;
use crate::san::{San, Suffix};
use crate::DefaultMethod;

/// A played move's canonical SAN with the suffix, and the move itself (castling as
/// [`Move::castle`], king and rook; en passant as [`Move::en_passant`]).
pub(super) type Worded = (MoveText, Move);

impl SanReplayer {
    /// The texts of the move `san` (as [`SanReplayer::apply`] read and played it) that led
    /// from this board to `after`, when `san` is already the move's canonical SAN: the
    /// shapes nearly every move of a real game has (`e4`, `Nf3`, `Nxe5`, `exd5`, `e8=Q`,
    /// `O-O`), with the capture sign where, and only where, the move takes. The SAN is
    /// then `san` as [`San::write_to`] writes it, and the suffix this board gives (the
    /// text's own `+` or `#` is not trusted), and the UCI comes from the squares, without
    /// looking for the mover or its rivals. `None` for anything else (a disambiguation,
    /// which may be more than needed; a missing or wrong capture sign), which
    /// [`SanReplayer::text_of`] words.
    #[inline(always)]
    pub(super) fn token_text(&self, after: &SanReplayer, san: &San) -> Option<Worded> {
        let takes = |to: Square| self.theirs().contains(to);
        let (to, promotion) = match *san {
            San::Normal {
                role: Role::Pawn,
                file: None,
                rank: None,
                capture: false,
                to,
                promotion,
            } => (to, promotion),
            San::Normal {
                role: Role::Pawn,
                file: Some(file),
                rank: None,
                capture: true,
                to,
                promotion,
            } if file != to.file() => (to, promotion),
            San::Normal {
                role,
                file: None,
                rank: None,
                capture,
                to,
                promotion: None,
            } if role != Role::Pawn && capture == takes(to) => (to, None),
            San::Castle(side) => return self.castling_text(after, side),
            _ => return None,
        };
        let from = (self.ours() - after.pieces.by_color(self.turn)).single_square()?;
        let mut text = MoveText::new();
        san.write_to(&mut text);
        after.push_suffix(&mut text)?;
        Some((text, self.move_of(from, to, promotion)))
    }

    /// The move from `from` to `to` on this board (not castling), promoting to `promotion`:
    /// en passant when a pawn takes onto an empty square.
    #[inline(always)]
    fn move_of(&self, from: Square, to: Square, promotion: Option<Role>) -> Move {
        match promotion {
            Some(p) => Move::promote(from, to, p),
            None if self.role(Role::Pawn).contains(from)
                && from.file() != to.file()
                && !self.occupied().contains(to) =>
            {
                Move::en_passant(from, to)
            }
            None => Move::normal(from, to),
        }
    }

    /// [`SanReplayer::token_text`] of castling.
    #[inline(never)]
    fn castling_text(&self, after: &SanReplayer, side: CastlingSide) -> Option<Worded> {
        let rook_file = match side {
            CastlingSide::KingSide => 7,
            CastlingSide::QueenSide => 0,
        };
        let back = self.turn.fold(0, 56);
        let mut san = MoveText::new();
        San::Castle(side).write_to(&mut san);
        after.push_suffix(&mut san)?;
        let (king, rook) = (
            Square::new_masked(back + 4),
            Square::new_masked(back + rook_file),
        );
        Some((san, Move::castle(king, rook)))
    }

    /// Appends the SAN suffix of the move that led to this board: `+` if the side to move
    /// is in check, `#` if it has no legal move either (the generator's count). `None`
    /// without a king.
    #[inline(always)]
    fn push_suffix(&self, san: &mut MoveText) -> Option<()> {
        let king = self.king()?;
        if self.attacked(king, self.occupied(), Bitboard::EMPTY) {
            let suffix = if self.has_legal_move() {
                Suffix::Check
            } else {
                Suffix::Checkmate
            };
            san.put(suffix.char() as u8);
        }
        Some(())
    }

    /// The texts of the move that led from this board to `after` (a move
    /// [`SanReplayer::apply`] played): the move is read off the squares the mover left and
    /// reached, then worded by the crate's one encoder (the disambiguation by the other pieces of its role that
    /// legally reach the destination), the suffix by whether the other side is in check
    /// and has a legal move. `None` only if the boards are not one move apart.
    #[inline(never)]
    pub(super) fn text_of(&self, after: &SanReplayer) -> Option<Worded> {
        let left = self.ours() - after.pieces.by_color(self.turn);
        let reached = after.pieces.by_color(self.turn) - self.ours();
        let m = if left.more_than_one() {
            // Castling (standard chess): the king and a rook left their squares.
            let from = (self.role(Role::King) & left).single_square()?;
            let rook = (self.role(Role::Rook) & left).single_square()?;
            Move::castle(from, rook)
        } else {
            let from = left.single_square()?;
            let to = reached.single_square()?;
            let role = self.pieces.role_at(from)?;
            let promotion = match after.pieces.role_at(to)? {
                r if r != role => Some(r),
                _ => None,
            };
            self.move_of(from, to, promotion)
        };
        let mut san_text = MoveText::new();
        self.encode(m).write_to(&mut san_text);
        after.push_suffix(&mut san_text)?;
        Some((san_text, m))
    }

    /// Whether the side to move has a legal move: the generator's count.
    #[inline(never)]
    fn has_legal_move(&self) -> bool {
        let mut counter = Counter(0);
        gen::generate::<DefaultMethod, _, _>(self, gen::Filter::ALL, &mut counter);
        counter.0 > 0
    }
}
