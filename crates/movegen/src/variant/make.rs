//! Playing a move on a [`VariantPosition`]: the board as in standard chess, then what the
//! variant adds (atomic explosions, crazyhouse pockets and promoted pieces, three-check
//! counters).

use chessbits_attack_tables as at;
use chessbits_bitboard_core::{Bitboard, Color, Move, MoveKind, Rank, Role, Square};
use chessbits_position::Variant;

use super::{back_rank, VariantPosition};

/// Plays `m` (legal in `pos`) in place.
pub(crate) fn play(pos: &mut VariantPosition, m: Move) {
    let us = pos.turn;
    let them = us.other();
    let ep_before = pos.ep_square.take();
    pos.halfmoves = pos.halfmoves.saturating_add(1);
    if us == Color::Black {
        pos.fullmoves = pos.fullmoves.saturating_add(1);
    }
    let to = m.to();
    if m.is_null() {
        pos.turn = them;
        return;
    }
    match m.kind() {
        MoveKind::Drop(role) => {
            pos.board.put(to, role.of(us));
            pos.promoted.remove(to);
            pos.pockets.remove(us, role);
        }
        MoveKind::Castle => {
            let king = m.from();
            let (king_to, rook_to) = (m.king_to(), m.rook_to().unwrap_or(to));
            pos.board.discard(king);
            pos.board.discard(to);
            pos.promoted = pos.promoted.without(king).without(to);
            pos.board.put(king_to, Role::King.of(us));
            pos.board.put(rook_to, Role::Rook.of(us));
            pos.castling -= Bitboard::rank(back_rank(us));
        }
        kind => play_piece(pos, m, kind, ep_before),
    }
    pos.turn = them;
    if pos.variant == Variant::ThreeCheck && pos.king_attacked(them) {
        pos.checks.decrement(us);
    }
}

/// A move of a piece on the board (normal, promotion, en passant).
fn play_piece(pos: &mut VariantPosition, m: Move, kind: MoveKind, ep_before: Option<Square>) {
    let us = pos.turn;
    let (from, to) = (m.from(), m.to());
    let Some(moved) = pos.board.discard(from) else {
        debug_assert!(false, "play_unchecked: no piece on {from} for {m:?}");
        return;
    };
    let mover_promoted = pos.promoted.contains(from);
    pos.promoted.remove(from);
    let mut captured = pos.board.piece_at(to);
    if moved.role == Role::Pawn || captured.is_some() {
        pos.halfmoves = 0;
    }
    // Rights of a rook or king that moves or is taken.
    pos.castling = pos.castling.without(from).without(to);
    if moved.role == Role::King && !mover_promoted {
        pos.castling -= Bitboard::rank(back_rank(us));
    } else if captured.is_some_and(|p| p.role == Role::King) && !pos.promoted.contains(to) {
        pos.castling -= Bitboard::rank(back_rank(us.other()));
    }
    if moved.role == Role::Pawn {
        let diff = to as i32 - from as i32;
        let second = match us {
            Color::White => Rank::Second,
            Color::Black => Rank::Seventh,
        };
        if diff.abs() == 16 && from.rank() == second {
            pos.ep_square = Some(Square::new_masked(((from as i32 + to as i32) / 2) as u32));
        } else if kind == MoveKind::EnPassant && Some(to) == ep_before && captured.is_none() {
            captured = pos
                .board
                .discard(Square::from_coords(to.file(), from.rank()));
        }
    }
    let (role, promoted) = match kind {
        MoveKind::Promotion(role) => (role, true),
        _ => (moved.role, mover_promoted),
    };
    let captured_was_promoted = pos.promoted.contains(to);
    pos.board.put(to, role.of(us));
    if promoted {
        pos.promoted.insert(to);
    } else {
        pos.promoted.remove(to);
    }
    let Some(victim) = captured else {
        return;
    };
    match pos.variant {
        Variant::Crazyhouse => {
            let back = if captured_was_promoted {
                Role::Pawn
            } else {
                victim.role
            };
            pos.pockets.add(us, back);
        }
        Variant::Atomic => explode(pos, to),
        _ => {}
    }
}

/// The atomic explosion of a capture on `to`: the capturer and every piece but pawns on
/// the squares around go, with their castling rights.
fn explode(pos: &mut VariantPosition, to: Square) {
    let radius = at::king_attacks(to) - pos.board.pawns();
    pos.castling -= radius;
    for color in Color::ALL {
        let kings = pos.board.by_piece(Role::King.of(color)) - pos.promoted;
        if (radius & kings).any() {
            pos.castling -= Bitboard::rank(back_rank(color));
        }
    }
    pos.board.discard(to);
    pos.promoted.remove(to);
    for sq in radius {
        pos.board.discard(sq);
    }
    pos.promoted -= radius;
}
