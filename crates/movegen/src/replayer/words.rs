//! Wording a played move: its canonical SAN with the suffix, and its UCI.

use chessbits_attack_tables as at;
use chessbits_bitboard_core::{Bitboard, Color, Move, MoveText, Rank, Role, Square, TextSink};
use chessbits_position::CastlingSide;

use super::SanReplayer;
use crate::san::{San, Suffix};

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
        let us = self.turn as usize;
        let from = (self.by_color[us] - after.by_color[us]).single_square()?;
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
                && !self.occupied.contains(to) =>
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
    /// is in check, `#` if it has no legal move either. `None` without a king.
    #[inline(always)]
    fn push_suffix(&self, san: &mut MoveText) -> Option<()> {
        let king = self.king()?;
        if self.attacked(king, self.occupied, Bitboard::EMPTY) {
            let suffix = if self.has_legal_move(king) {
                Suffix::Check
            } else {
                Suffix::Checkmate
            };
            san.put(suffix.char() as u8);
        }
        Some(())
    }

    /// The piece on `sq`.
    #[inline(always)]
    pub(super) fn role_at(&self, sq: Square) -> Option<Role> {
        Role::ALL
            .into_iter()
            .find(|&r| self.by_role[r as usize].contains(sq))
    }

    /// The texts of the move that led from this board to `after` (a move
    /// [`SanReplayer::apply`] played): the move is read off the squares the mover left and
    /// reached, then worded by the crate's one encoder (the disambiguation by the other pieces of its role that
    /// legally reach the destination), the suffix by whether the other side is in check
    /// and has a legal move. `None` only if the boards are not one move apart.
    #[inline(never)]
    pub(super) fn text_of(&self, after: &SanReplayer) -> Option<Worded> {
        let us = self.turn as usize;
        let left = self.by_color[us] - after.by_color[us];
        let reached = after.by_color[us] - self.by_color[us];
        let m = if left.more_than_one() {
            // Castling (standard chess): the king and a rook left their squares.
            let from = (self.role(Role::King) & left).single_square()?;
            let rook = (self.role(Role::Rook) & left).single_square()?;
            Move::castle(from, rook)
        } else {
            let from = left.single_square()?;
            let to = reached.single_square()?;
            let role = self.role_at(from)?;
            let promotion = match after.role_at(to)? {
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

    /// Whether the side to move, whose king is on `king`, has a legal move other than
    /// castling (only asked when it is in check, where castling is never legal): every
    /// move a piece could make is tried by whether it leaves the king attacked.
    fn has_legal_move(&self, king: Square) -> bool {
        let us = self.turn;
        let ours = self.ours();
        let theirs = self.theirs();
        let occ = self.occupied;
        for to in at::king_attacks(king) - ours {
            if !self.attacked(to, occ - king, Bitboard::from_square(to)) {
                return true;
            }
        }
        let legal = |from: Square, to: Square| {
            !self.attacked(king, (occ - from) | to, Bitboard::from_square(to))
        };
        for from in ours - self.role(Role::King) {
            let targets = if self.role(Role::Pawn).contains(from) {
                let mut t = at::pawn_attacks(us, from) & theirs;
                let forward = if us == Color::White { 1 } else { -1 };
                if let Some(one) = from.offset(0, forward) {
                    if !occ.contains(one) {
                        t |= one;
                        if Bitboard::relative_rank(us, Rank::Second).contains(from) {
                            if let Some(two) = one.offset(0, forward) {
                                if !occ.contains(two) {
                                    t |= two;
                                }
                            }
                        }
                    }
                }
                if let Some(ep) = self.ep {
                    if at::pawn_attacks(us, from).contains(ep) && !occ.contains(ep) {
                        let victim = Square::from_coords(ep.file(), from.rank());
                        if theirs.contains(victim) && (self.role(Role::Pawn)).contains(victim) {
                            let occ_after = ((occ - from) | ep) - victim;
                            if !self.attacked(king, occ_after, Bitboard::from_square(victim)) {
                                return true;
                            }
                        }
                    }
                }
                t
            } else if self.role(Role::Knight).contains(from) {
                at::knight_attacks(from) - ours
            } else {
                let mut t = Bitboard::EMPTY;
                if self.role(Role::Bishop).contains(from) || self.role(Role::Queen).contains(from) {
                    t |= at::bishop_attacks(from, occ);
                }
                if self.role(Role::Rook).contains(from) || self.role(Role::Queen).contains(from) {
                    t |= at::rook_attacks(from, occ);
                }
                t - ours
            };
            for to in targets {
                if legal(from, to) {
                    return true;
                }
            }
        }
        false
    }
}
