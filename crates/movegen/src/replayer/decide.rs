//! Deciding the move a parsed [`San`] means (by the crate's decoder), and playing it.

use chessbits_bitboard_core::{Bitboard, MoveKind, Role, Square};
use chessbits_position::CastlingSide;

use super::*;

impl SanReplayer {
    /// The one legal move `san` means here, as [`San::to_move`] finds it in lenient mode:
    /// the crate's one decoder (castling, two moves a game, by the bare board's own
    /// test); `None` for anything else (illegal, ambiguous, null and
    /// coordinate moves), which the caller hands to the full replay.
    #[inline(never)]
    pub(crate) fn decide(&self, san: &San) -> Option<Step> {
        if let San::Castle(side) = *san {
            return self.castle(side);
        }
        let m = self.decode(san)?;
        let (from, to) = (m.from(), m.to());
        Some(match m.kind() {
            MoveKind::Castle => Step::Castle(CastlingSide::of_rook(from, to)),
            MoveKind::EnPassant => Step::EnPassant { from, to },
            MoveKind::Promotion(p) => Step::Normal {
                role: Role::Pawn,
                from,
                to,
                promotion: Some(p),
            },
            MoveKind::Normal => Step::Normal {
                role: self.role_at(from)?,
                from,
                to,
                promotion: None,
            },
            MoveKind::Drop(_) => return None,
        })
    }

    /// Standard castling: the right, an empty path between king and rook, and no attacked
    /// square under the king (from, crossed, to).
    pub(super) fn castle(&self, side: CastlingSide) -> Option<Step> {
        let back = self.turn.fold(0, 56);
        let sq = |file: u32| Square::new_masked(back + file);
        let (king, rook) = (
            sq(4),
            sq(if side == CastlingSide::KingSide { 7 } else { 0 }),
        );
        let ours = self.ours();
        if !self.castling.contains(rook)
            || !(self.role(Role::King) & ours).contains(king)
            || !(self.role(Role::Rook) & ours).contains(rook)
        {
            return None;
        }
        let (path, crossed) = match side {
            CastlingSide::KingSide => (Bitboard::from_square(sq(5)) | sq(6), [sq(4), sq(5), sq(6)]),
            CastlingSide::QueenSide => (
                Bitboard::from_square(sq(1)) | sq(2) | sq(3),
                [sq(4), sq(3), sq(2)],
            ),
        };
        if (path & self.occupied).any() {
            return None;
        }
        let occ = self.occupied - king - rook;
        if crossed
            .into_iter()
            .any(|s| self.attacked(s, occ, Bitboard::EMPTY))
        {
            return None;
        }
        Some(Step::Castle(side))
    }

    /// Plays a move [`SanReplayer::decide`] returned.
    #[inline]
    pub(crate) fn play(&mut self, step: Step) {
        let us = self.turn as usize;
        let them = us ^ 1;
        let mut ep = None;
        let touched = match step {
            Step::Normal {
                role,
                from,
                to,
                promotion,
            } => {
                let to_bb = Bitboard::from_square(to);
                let both = Bitboard::from_square(from) | to;
                // A capture: whatever stood on `to` goes (the mover is put back below).
                for r in &mut self.by_role {
                    *r &= !to_bb;
                }
                self.by_color[them] &= !to_bb;
                self.by_color[us] ^= both;
                match promotion {
                    Some(p) => {
                        self.by_role[Role::Pawn as usize] &= !Bitboard::from_square(from);
                        self.by_role[p as usize] |= to_bb;
                    }
                    None => self.by_role[role as usize] ^= both,
                }
                if role == Role::Pawn && (from as u32 ^ to as u32) == 16 {
                    ep = Some(Square::new_masked((from as u32 + to as u32) / 2));
                }
                both
            }
            Step::EnPassant { from, to } => {
                let victim = Square::from_coords(to.file(), from.rank());
                let both = Bitboard::from_square(from) | to;
                self.by_color[us] ^= both;
                self.by_color[them] ^= Bitboard::from_square(victim);
                self.by_role[Role::Pawn as usize] ^= both | victim;
                both
            }
            Step::Castle(side) => {
                let back = if us == WHITE { 0 } else { 56 };
                let sq = |file: u32| Square::new_masked(back + file);
                let (king_to, rook_from, rook_to) = match side {
                    CastlingSide::KingSide => (sq(6), sq(7), sq(5)),
                    CastlingSide::QueenSide => (sq(2), sq(0), sq(3)),
                };
                let king = Bitboard::from_square(sq(4)) | king_to;
                let rook = Bitboard::from_square(rook_from) | rook_to;
                self.by_color[us] ^= king | rook;
                self.by_role[Role::King as usize] ^= king;
                self.by_role[Role::Rook as usize] ^= rook;
                Bitboard::from_square(sq(4))
            }
        };
        self.occupied = self.by_color[WHITE] | self.by_color[BLACK];
        if self.castling.any() {
            self.lose_rights(touched);
        }
        self.ep = ep;
        self.turn = self.turn.other();
    }
}
