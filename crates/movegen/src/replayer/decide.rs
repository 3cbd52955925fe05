//! Deciding the move a parsed [`San`] means (by the crate's decoder), and playing it.

use chessbits_bitboard_core::{Bitboard, Move, MoveKind, Role, Square};
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
                role: self.pieces.role_at(from)?,
                from,
                to,
                promotion: None,
            },
            MoveKind::Drop(_) => return None,
        })
    }

    /// Castling on `side`, if it is legal here: the generator's rule (rights, an empty
    /// path, no attacked square under the king), asked of the king's moves.
    pub(super) fn castle(&self, side: CastlingSide) -> Option<Step> {
        struct Castles {
            side: CastlingSide,
            found: bool,
        }
        impl gen::Visitor for Castles {
            #[inline(always)]
            fn piece(&mut self, _from: Square, _to: Bitboard) {}
            fn special(&mut self, m: Move) {
                if m.kind() == MoveKind::Castle
                    && CastlingSide::of_rook(m.from(), m.to()) == self.side
                {
                    self.found = true;
                }
            }
        }
        let king = self.king()?;
        let mut castles = Castles { side, found: false };
        let filter = gen::Filter {
            from: Bitboard::from_square(king),
            captures: false,
            quiets: true,
        };
        gen::generate::<DefaultMethod, _, _>(self, filter, &mut castles);
        castles.found.then_some(Step::Castle(side))
    }

    /// Plays a move [`SanReplayer::decide`] returned.
    #[inline]
    pub(crate) fn play(&mut self, step: Step) {
        let us = self.turn;
        let mut ep = None;
        let touched = match step {
            Step::Normal {
                role,
                from,
                to,
                promotion,
            } => {
                let both = Bitboard::from_square(from) | to;
                // A capture: whatever stood on `to` goes.
                self.pieces.clear(to);
                match promotion {
                    Some(p) => {
                        self.pieces
                            .toggle(Role::Pawn.of(us), Bitboard::from_square(from));
                        self.pieces.toggle(p.of(us), Bitboard::from_square(to));
                    }
                    None => self.pieces.toggle(role.of(us), both),
                }
                if role == Role::Pawn && (from as u32 ^ to as u32) == 16 {
                    ep = Some(Square::new_masked((from as u32 + to as u32) / 2));
                }
                both
            }
            Step::EnPassant { from, to } => {
                let victim = Square::from_coords(to.file(), from.rank());
                let both = Bitboard::from_square(from) | to;
                self.pieces.toggle(Role::Pawn.of(us), both);
                self.pieces
                    .toggle(Role::Pawn.of(us.other()), Bitboard::from_square(victim));
                both
            }
            Step::Castle(side) => {
                let back = us.fold(0, 56);
                let sq = |file: u32| Square::new_masked(back + file);
                let (king_to, rook_from, rook_to) = match side {
                    CastlingSide::KingSide => (sq(6), sq(7), sq(5)),
                    CastlingSide::QueenSide => (sq(2), sq(0), sq(3)),
                };
                self.pieces
                    .toggle(Role::King.of(us), Bitboard::from_square(sq(4)) | king_to);
                self.pieces.toggle(
                    Role::Rook.of(us),
                    Bitboard::from_square(rook_from) | rook_to,
                );
                Bitboard::from_square(sq(4))
            }
        };
        if self.castling.any() {
            self.lose_rights(touched);
        }
        self.ep = ep;
        self.turn = self.turn.other();
    }
}
