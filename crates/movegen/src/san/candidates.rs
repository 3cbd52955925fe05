//! The pieces that can reach a square, and the disambiguation they call for: what decoding
//! and encoding SAN both ask.

use chessbits_attack_tables as at;
use chessbits_bitboard_core::{Bitboard, File, Rank, Role, Square};
use chessbits_position::Position;

use crate::legality::Checks;

/// The minimal (file, rank) disambiguation of a move from `from` when `others` (legal
/// origins of other pieces of the same role to the same square) exist: the file if no other
/// origin shares it, else the rank if none shares that, else both. (Public for replays
/// that find the other origins on a board of their own.)
#[must_use]
pub fn disambiguation(from: Square, others: Bitboard) -> (Option<File>, Option<Rank>) {
    if others.is_empty() {
        (None, None)
    } else if (others & Bitboard::file(from.file())).is_empty() {
        (Some(from.file()), None)
    } else if (others & Bitboard::rank(from.rank())).is_empty() {
        (None, Some(from.rank()))
    } else {
        (Some(from.file()), Some(from.rank()))
    }
}

/// The origins in `candidates` other than `from` from which a `role` legally moves to `to`.
pub(super) fn legal_others(
    pos: &Position,
    checks: &Checks,
    role: Role,
    from: Square,
    to: Square,
    candidates: Bitboard,
) -> Bitboard {
    let mut others = Bitboard::EMPTY;
    for o in candidates - from {
        if checks.is_legal(pos, role, o, to, false) {
            others.insert(o);
        }
    }
    others
}

/// The squares of the side to move's pieces of `role` that could move to `to` by the way
/// the role moves (pseudo-legal: pins and check are not looked at). For pawns, captures
/// when `pawn_capture` (onto an enemy piece or the en-passant square), pushes otherwise.
pub(super) fn reaching(pos: &Position, role: Role, to: Square, pawn_capture: bool) -> Bitboard {
    let board = pos.board();
    let us = pos.turn();
    if board.by_color(us).contains(to) {
        return Bitboard::EMPTY;
    }
    let ours = pos.our(role);
    let occ = board.occupied();
    match role {
        Role::Pawn => {
            if pawn_capture {
                if board.by_color(us.other()).contains(to) || Some(to) == pos.ep_square() {
                    at::pawn_attacks(us.other(), to) & ours
                } else {
                    Bitboard::EMPTY
                }
            } else {
                if occ.contains(to) {
                    return Bitboard::EMPTY;
                }
                let back = us.fold(-1, 1);
                let Some(one) = to.offset(0, back) else {
                    return Bitboard::EMPTY;
                };
                if ours.contains(one) {
                    return Bitboard::from_square(one);
                }
                if Bitboard::relative_rank(us, Rank::Fourth).contains(to) && !occ.contains(one) {
                    if let Some(two) = to.offset(0, 2 * back) {
                        if ours.contains(two) {
                            return Bitboard::from_square(two);
                        }
                    }
                }
                Bitboard::EMPTY
            }
        }
        Role::Knight => at::knight_attacks(to) & ours,
        Role::Bishop => at::bishop_attacks(to, occ) & ours,
        Role::Rook => at::rook_attacks(to, occ) & ours,
        Role::Queen => at::queen_attacks(to, occ) & ours,
        Role::King => at::king_attacks(to) & ours,
    }
}
