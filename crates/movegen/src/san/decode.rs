//! [`San`] to the one legal move it means in a position.

use chessbits_bitboard_core::{Bitboard, Move, Rank, Role, Square};
use chessbits_position::Position;

use super::candidates::{disambiguation, legal_others, reaching};
use super::{San, SanError, SanMode};
use crate::legality::Checks;

impl San {
    /// The one legal move this SAN means in `pos`, or why there is none.
    pub fn to_move(&self, pos: &Position, mode: SanMode) -> Result<Move, SanError> {
        match *self {
            San::Null => {
                if pos.is_check() {
                    Err(SanError::NullInCheck)
                } else {
                    Ok(Move::NULL)
                }
            }
            // No drops in standard chess (see `crate::variant`).
            San::Drop { .. } => Err(SanError::Illegal),
            San::Castle(side) => {
                let rook = pos
                    .castles()
                    .rook(pos.turn(), side)
                    .ok_or(SanError::Illegal)?;
                let m = Move::castle(pos.our_king(), rook);
                if crate::is_legal(pos, m) {
                    Ok(m)
                } else {
                    Err(SanError::Illegal)
                }
            }
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
                    return coordinate_move(pos, Square::from_coords(f, r), to, promotion);
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
                let mut found = None;
                let mut count = 0;
                let checks = Checks::new(pos);
                for from in matching {
                    if checks.is_legal(pos, role, from, to, ep) {
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
                    let is_capture = ep || pos.board().by_color(us.other()).contains(to);
                    if capture != is_capture {
                        return Err(SanError::CaptureMarker);
                    }
                    if role != Role::Pawn {
                        let others = legal_others(pos, &checks, role, from, to, candidates);
                        if disambiguation(from, others) != (file, rank) {
                            return Err(SanError::NotMinimal);
                        }
                    }
                }
                if role == Role::Pawn && Bitboard::relative_rank(us, Rank::Eighth).contains(to) {
                    match promotion {
                        Some(p) => Ok(Move::promote(from, to, p)),
                        None => Err(SanError::MissingPromotion),
                    }
                } else if promotion.is_some() {
                    Err(SanError::UnexpectedPromotion)
                } else if ep {
                    Ok(Move::en_passant(from, to))
                } else {
                    Ok(Move::normal(from, to))
                }
            }
        }
    }
}

/// A move given by its origin and destination (`e2e4`, `g1f3`, `e1g1` castling, `e7e8q`),
/// whatever the piece: lenient mode reads pawn-less coordinates this way.
fn coordinate_move(
    pos: &Position,
    from: Square,
    to: Square,
    promotion: Option<Role>,
) -> Result<Move, SanError> {
    let raw = match promotion {
        Some(p) => Move::promote(from, to, p),
        None => Move::normal(from, to),
    };
    let m = pos.move_from_uci(raw);
    if crate::is_legal(pos, m) {
        return Ok(m);
    }
    let last_rank = Bitboard::rank(Rank::First) | Bitboard::rank(Rank::Eighth);
    if promotion.is_none()
        && last_rank.contains(to)
        && pos.board().role_at(from) == Some(Role::Pawn)
        && crate::is_legal(pos, Move::promote(from, to, Role::Queen))
    {
        return Err(SanError::MissingPromotion);
    }
    Err(SanError::Illegal)
}
