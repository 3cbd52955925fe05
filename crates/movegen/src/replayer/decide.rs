//! Deciding the move a parsed [`San`] means, and playing it.

use chessbits_attack_tables as at;
use chessbits_bitboard_core::{Bitboard, Color, Rank, Role, Square};
use chessbits_position::CastlingSide;

use super::*;

impl SanReplayer {
    /// The one legal move `san` means here, as [`San::to_move`] finds it in lenient mode;
    /// `None` for anything else (illegal, ambiguous, null and coordinate moves), which the
    /// caller hands to the full replay.
    #[inline]
    pub(crate) fn decide(&self, san: &San) -> Option<Step> {
        let San::Normal {
            role,
            file,
            rank,
            to,
            promotion,
            ..
        } = *san
        else {
            return match *san {
                San::Castle(side) => self.castle(side),
                _ => None,
            };
        };
        let us = self.turn;
        let ours = self.ours();
        if ours.contains(to) {
            return None;
        }
        let occ = self.occupied;
        let mine = self.role(role) & ours;
        let mut ep = false;
        let mut candidates = match role {
            Role::Pawn => {
                let f = match (file, rank) {
                    // A coordinate move (`e2e4`): lenient mode reads it another way.
                    (Some(_), Some(_)) => return None,
                    (f, _) => f,
                };
                if f.is_some_and(|f| f != to.file()) {
                    if self.theirs().contains(to) {
                        at::pawn_attacks(us.other(), to) & mine
                    } else if self.ep == Some(to) {
                        ep = true;
                        at::pawn_attacks(us.other(), to) & mine
                    } else {
                        return None;
                    }
                } else {
                    // A push onto an empty square: one step, or two from the start.
                    if occ.contains(to) {
                        return None;
                    }
                    let (one, two) = match us {
                        Color::White => (to.offset(0, -1)?, to.offset(0, -2)),
                        Color::Black => (to.offset(0, 1)?, to.offset(0, 2)),
                    };
                    if mine.contains(one) {
                        Bitboard::from_square(one)
                    } else if !occ.contains(one)
                        && Bitboard::relative_rank(us, Rank::Fourth).contains(to)
                    {
                        two.map_or(Bitboard::EMPTY, |two| mine & two)
                    } else {
                        return None;
                    }
                }
            }
            Role::Knight => at::knight_attacks(to) & mine,
            Role::Bishop => reached(to, bishop_lines(to) & mine, occ),
            Role::Rook => reached(to, rook_lines(to) & mine, occ),
            Role::Queen => reached(to, (rook_lines(to) | bishop_lines(to)) & mine, occ),
            Role::King => at::king_attacks(to) & mine,
        };
        if let Some(f) = file {
            candidates &= Bitboard::file(f);
        }
        if let Some(r) = rank {
            candidates &= Bitboard::rank(r);
        }
        let king = (self.role(Role::King) & ours).single_square()?;
        let captured = if ep {
            // The pawn taken en passant stands beside the destination.
            to.offset(0, us.fold(-1, 1))?
        } else {
            to
        };
        let gone = Bitboard::from_square(captured);
        let mut found = None;
        for from in candidates {
            let legal = if role == Role::King {
                !self.attacked(to, occ - from, gone)
            } else {
                let occ_after = ((occ - from) | to) - (gone - to);
                !self.attacked(king, occ_after, gone)
            };
            if legal {
                if found.is_some() {
                    return None;
                }
                found = Some(from);
            }
        }
        let from = found?;
        let last_rank =
            role == Role::Pawn && Bitboard::relative_rank(us, Rank::Eighth).contains(to);
        if last_rank != promotion.is_some() {
            return None;
        }
        Some(if ep {
            Step::EnPassant { from, to }
        } else {
            Step::Normal {
                role,
                from,
                to,
                promotion,
            }
        })
    }

    /// Standard castling: the right, an empty path between king and rook, and no attacked
    /// square under the king (from, crossed, to).
    fn castle(&self, side: CastlingSide) -> Option<Step> {
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
