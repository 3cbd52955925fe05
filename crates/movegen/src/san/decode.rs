//! [`San`] to the one legal move it means in a position: the one SAN decoder, for
//! standard positions and the variants' alike (through [`SanPosition`]).

use chessbits_bitboard_core::{Bitboard, Move, Rank, Role, Square};
use chessbits_position::Position;

use super::candidates::{disambiguation, legal_others, reaching, SanPosition};
use super::types::{San, SanError, SanMode};

impl San {
    /// The one legal move this SAN means in `pos`, or why there is none.
    pub fn to_move(&self, pos: &Position, mode: SanMode) -> Result<Move, SanError> {
        decode(self, pos, mode)
    }
}

/// The one legal move `san` means in `pos`, or why there is none: the pieces of the role
/// that reach the destination (looked up in the attack tables), filtered by the
/// disambiguation and by legality.
pub(crate) fn decode<P: SanPosition>(san: &San, pos: &P, mode: SanMode) -> Result<Move, SanError> {
    match *san {
        San::Null => {
            if pos.is_check() {
                Err(SanError::NullInCheck)
            } else {
                Ok(Move::NULL)
            }
        }
        San::Drop { role, to } => pos.drop_move(role, to).ok_or(SanError::Illegal),
        San::Castle(side) => pos.castle(side).ok_or(SanError::Illegal),
        San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } => {
            let us = pos.turn();
            if let (Role::Pawn, Some(f), Some(r), SanMode::Lenient) = (role, file, rank, mode) {
                return pos.coordinates(Square::from_coords(f, r), to, promotion);
            }
            let pawn_capture = role == Role::Pawn && file.is_some_and(|f| f != to.file());
            let candidates = reaching(pos, role, to, pawn_capture);
            let mut matching = candidates;
            if let Some(f) = file {
                matching &= Bitboard::file(f);
            }
            if let Some(r) = rank {
                matching &= Bitboard::rank(r);
            }
            let ep = role == Role::Pawn && pawn_capture && Some(to) == pos.ep_square();
            let promotes =
                role == Role::Pawn && Bitboard::relative_rank(us, Rank::Eighth).contains(to);
            // The move from `from`, as far as the text says it (a promotion to a queen
            // stands for one whose piece is missing, which is then reported).
            let move_from = |from: Square| {
                if promotes {
                    Move::promote(from, to, promotion.unwrap_or(Role::Queen))
                } else if ep {
                    Move::en_passant(from, to)
                } else {
                    Move::normal(from, to)
                }
            };
            let mut found = None;
            let mut count = 0;
            let legality = pos.legality();
            for from in matching {
                if pos.allows(&legality, role, move_from(from)) {
                    count += 1;
                    found = Some(from);
                }
            }
            let from = match (found, count) {
                (Some(from), 1) => from,
                (_, 0) => return Err(SanError::Illegal),
                (_, n) => return Err(SanError::Ambiguous(n)),
            };
            if mode == SanMode::Strict {
                let is_capture = ep || pos.by_color(us.other()).contains(to);
                if capture != is_capture {
                    return Err(SanError::CaptureMarker);
                }
                if role != Role::Pawn {
                    let others = legal_others(pos, &legality, role, from, to, candidates);
                    if disambiguation(from, others) != (file, rank) {
                        return Err(SanError::NotMinimal);
                    }
                }
            }
            if promotes {
                match promotion {
                    Some(_) => Ok(move_from(from)),
                    None => Err(SanError::MissingPromotion),
                }
            } else if promotion.is_some() {
                Err(SanError::UnexpectedPromotion)
            } else {
                Ok(move_from(from))
            }
        }
    }
}
