//! Playing a move on a [`VariantPosition`] in place, and taking it back: the board as in
//! standard chess, then what the variant adds (atomic explosions, crazyhouse pockets and
//! promoted pieces, three-check counters). [`make`] returns what [`unmake`] needs: the state
//! before the move (a few dozen bytes), the piece taken, and the pieces an atomic
//! explosion cleared (at most nine: the capturer and the eight squares around). Nothing is
//! copied but these.

use chessbits_bitboard_core::{Bitboard, Color, Move, MoveKind, Piece, Rank, Role, Square};
use chessbits_position::{Pockets, RemainingChecks, Variant};

use super::{atomic, back_rank, VariantPosition};

/// What [`unmake`] restores.
#[derive(Clone)]
pub(crate) struct Undo {
    castling: Bitboard,
    ep_square: Option<Square>,
    halfmoves: u32,
    fullmoves: u32,
    pockets: Pockets,
    promoted: Bitboard,
    checks: RemainingChecks,
    /// The piece that moved, as it was before the move (a pawn before promoting).
    moved: Option<Piece>,
    /// The piece taken and its square (behind the target for en passant).
    captured: Option<(Square, Piece)>,
    /// The pieces an atomic explosion cleared, the first `exploded_len` of them.
    exploded: [(Square, Piece); 9],
    exploded_len: u8,
}

/// A filler for the unused slots of [`Undo::exploded`].
const NO_SLOT: (Square, Piece) = (
    Square::A1,
    Piece {
        color: Color::White,
        role: Role::Pawn,
    },
);

/// Plays `m` (legal in `pos`) in place.
pub(crate) fn make(pos: &mut VariantPosition, m: Move) -> Undo {
    let mut undo = Undo {
        castling: pos.castling,
        ep_square: pos.ep_square,
        halfmoves: pos.halfmoves,
        fullmoves: pos.fullmoves,
        pockets: pos.pockets,
        promoted: pos.promoted,
        checks: pos.checks,
        moved: None,
        captured: None,
        exploded: [NO_SLOT; 9],
        exploded_len: 0,
    };
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
        return undo;
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
        kind => play_piece(pos, m, kind, ep_before, &mut undo),
    }
    pos.turn = them;
    if pos.variant == Variant::ThreeCheck && pos.king_attacked(them) {
        pos.checks.decrement(us);
    }
    undo
}

/// Takes back `m`, which [`make`] played and which returned `undo`.
pub(crate) fn unmake(pos: &mut VariantPosition, m: Move, undo: Undo) {
    pos.turn = pos.turn.other();
    pos.castling = undo.castling;
    pos.ep_square = undo.ep_square;
    pos.halfmoves = undo.halfmoves;
    pos.fullmoves = undo.fullmoves;
    pos.pockets = undo.pockets;
    pos.promoted = undo.promoted;
    pos.checks = undo.checks;
    if m.is_null() {
        return;
    }
    for &(sq, piece) in &undo.exploded[..usize::from(undo.exploded_len)] {
        pos.board.put(sq, piece);
    }
    let us = pos.turn;
    let to = m.to();
    match m.kind() {
        MoveKind::Drop(_) => {
            pos.board.discard(to);
        }
        MoveKind::Castle => {
            let (king_to, rook_to) = (m.king_to(), m.rook_to().unwrap_or(to));
            pos.board.discard(king_to);
            pos.board.discard(rook_to);
            pos.board.put(m.from(), Role::King.of(us));
            pos.board.put(to, Role::Rook.of(us));
        }
        _ => {
            pos.board.discard(to);
            if let Some(moved) = undo.moved {
                pos.board.put(m.from(), moved);
            }
            if let Some((sq, piece)) = undo.captured {
                pos.board.put(sq, piece);
            }
        }
    }
}

/// A move of a piece on the board (normal, promotion, en passant).
fn play_piece(
    pos: &mut VariantPosition,
    m: Move,
    kind: MoveKind,
    ep_before: Option<Square>,
    undo: &mut Undo,
) {
    let us = pos.turn;
    let (from, to) = (m.from(), m.to());
    let Some(moved) = pos.board.discard(from) else {
        debug_assert!(false, "play_unchecked: no piece on {from} for {m:?}");
        return;
    };
    undo.moved = Some(moved);
    let mover_promoted = pos.promoted.contains(from);
    pos.promoted.remove(from);
    let mut captured = pos.board.piece_at(to);
    let mut captured_on = to;
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
            captured_on = Square::from_coords(to.file(), from.rank());
            captured = pos.board.discard(captured_on);
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
    undo.captured = Some((captured_on, victim));
    match pos.variant {
        Variant::Crazyhouse => {
            let back = if captured_was_promoted {
                Role::Pawn
            } else {
                victim.role
            };
            pos.pockets.add(us, back);
        }
        Variant::Atomic => explode(pos, to, undo),
        _ => {}
    }
}

/// The atomic explosion of a capture on `to`: the capturer and every piece but pawns on
/// the squares around go, with their castling rights.
fn explode(pos: &mut VariantPosition, to: Square, undo: &mut Undo) {
    let gone = atomic::blast(pos, to);
    pos.castling -= gone;
    for color in Color::ALL {
        let kings = pos.board.by_piece(Role::King.of(color)) - pos.promoted;
        if (gone & kings).any() {
            pos.castling -= Bitboard::rank(back_rank(color));
        }
    }
    for sq in gone {
        if let Some(piece) = pos.board.discard(sq) {
            if let Some(slot) = undo.exploded.get_mut(usize::from(undo.exploded_len)) {
                *slot = (sq, piece);
                undo.exploded_len += 1;
            }
        }
    }
    pos.promoted -= gone;
}
