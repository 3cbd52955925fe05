//! Pseudo-legal moves and the legality of a single move, computed without the legal
//! generator: a second, independent statement of the rules that the property tests hold the
//! generator to.

use chessbits_attack_tables as at;
use chessbits_bitboard_core::{Bitboard, Move, MoveKind, Rank, Role, Square};
use chessbits_position::{CastlingSide, Position};

use crate::MoveList;

/// Whether `m` obeys the way its piece moves, ignoring whether it leaves the own king in
/// check: the right piece of the side to move on `from`, a destination it reaches, nothing
/// of its own there. Castling needs the right and an empty path; en passant the en-passant
/// square. Answers without generating any move list.
///
/// Any `u16` is answered as membership in [`pseudo_legal_moves`] would answer it: the null
/// move and values that are not [canonical](Move::is_canonical) are never pseudo-legal.
#[must_use]
pub fn is_pseudo_legal(pos: &Position, m: Move) -> bool {
    if m.is_null() || !m.is_canonical() {
        return false;
    }
    let board = pos.board();
    let us = pos.turn();
    let (from, to) = (m.from(), m.to());
    let Some(piece) = board.piece_at(from) else {
        return false;
    };
    if piece.color != us {
        return false;
    }
    let occ = board.occupied();
    let theirs = board.by_color(us.other());
    match m.kind() {
        MoveKind::Castle => {
            let (king_to, rook_to) = (m.king_to(), m.rook_to().unwrap_or(to));
            let must_be_empty =
                (at::between(from, king_to) | king_to | at::between(to, rook_to) | rook_to)
                    - from
                    - to;
            piece.role == Role::King
                && pos.castles().rook(us, CastlingSide::of_rook(from, to)) == Some(to)
                && (must_be_empty & occ).is_empty()
        }
        MoveKind::EnPassant => {
            piece.role == Role::Pawn
                && pos.ep_square() == Some(to)
                && at::pawn_attacks(us, from).contains(to)
        }
        // Drops and promotions to a king belong to variants (`crate::variant`).
        MoveKind::Drop(_) | MoveKind::Promotion(Role::King) => false,
        MoveKind::Promotion(_) => {
            piece.role == Role::Pawn
                && Bitboard::BACKRANKS.contains(to)
                && pawn_reaches(pos, m, occ, theirs)
        }
        MoveKind::Normal => {
            if board.by_color(us).contains(to) {
                return false;
            }
            match piece.role {
                Role::Pawn => {
                    !Bitboard::BACKRANKS.contains(to) && pawn_reaches(pos, m, occ, theirs)
                }
                role => at::attacks(role.of(us), from, occ).contains(to),
            }
        }
    }
}

/// A pawn's push, double push or capture (not en passant) from `m.from()` to `m.to()`.
fn pawn_reaches(pos: &Position, m: Move, occ: Bitboard, theirs: Bitboard) -> bool {
    let us = pos.turn();
    let (from, to) = (m.from(), m.to());
    if at::pawn_attacks(us, from).contains(to) {
        return theirs.contains(to);
    }
    let step = us.fold(1, -1);
    let Some(one) = from.offset(0, step) else {
        return false;
    };
    if occ.contains(one) {
        return false;
    }
    if one == to {
        return true;
    }
    Bitboard::relative_rank(us, Rank::Second).contains(from)
        && one.offset(0, step) == Some(to)
        && !occ.contains(to)
}

/// Legality without a move list and without playing the move: the king's destination must
/// not be attacked; any other piece must resolve a check (capture or block the one checker)
/// and stay on its pin line; en passant and castling are checked square by square.
pub(crate) fn is_legal(pos: &Position, m: Move) -> bool {
    if !is_pseudo_legal(pos, m) {
        return false;
    }
    let (from, to) = (m.from(), m.to());
    match m.kind() {
        MoveKind::Castle => {
            if pos.is_check() {
                return false;
            }
            let board = pos.board();
            let king_to = m.king_to();
            let occ_after = board.occupied() - from - to;
            (at::between(from, king_to) | king_to)
                .into_iter()
                .all(|sq| !board.is_attacked_by(sq, pos.turn().other(), occ_after))
        }
        MoveKind::EnPassant => en_passant_is_safe(pos, from, to),
        _ if from == pos.our_king() => king_step_is_safe(pos, from, to),
        _ => Checks::new(pos).allows(from, to),
    }
}

/// Whether the king on `from` is safe on `to` (the king no longer blocks a slider's ray).
fn king_step_is_safe(pos: &Position, from: Square, to: Square) -> bool {
    let board = pos.board();
    !board.is_attacked_by(to, pos.turn().other(), board.occupied() - from)
}

/// Whether taking en passant from `from` to `to` leaves the king safe: both pawns leave
/// their squares, which may open a rank or a diagonal.
fn en_passant_is_safe(pos: &Position, from: Square, to: Square) -> bool {
    let board = pos.board();
    let captured = Square::from_coords(to.file(), from.rank());
    let occ_after = (board.occupied() - from - captured) | to;
    (board.attackers_by(pos.our_king(), pos.turn().other(), occ_after) - captured).is_empty()
}

/// What the legality of a move other than castling needs, computed once per position so
/// that SAN decoding can test several origins: the king, the squares a non-king move must
/// land on, and the pinned pieces.
pub(crate) struct Checks {
    king: Square,
    /// The checker or a square between it and the king in single check, every square when
    /// not in check, none in double check.
    target: Bitboard,
    pinned: Bitboard,
}

impl Checks {
    pub(crate) fn new(pos: &Position) -> Checks {
        let king = pos.our_king();
        let checkers = pos.checkers();
        let target = if checkers.more_than_one() {
            Bitboard::EMPTY
        } else if let Some(c) = checkers.single_square() {
            at::between(king, c) | c
        } else {
            Bitboard::FULL
        };
        Checks {
            king,
            target,
            pinned: pos.pinned(),
        }
    }

    /// Whether the piece of `role` on `from`, which reaches `to` pseudo-legally (onto an
    /// empty square or an enemy piece; by en passant when `ep`), may legally go there.
    pub(crate) fn is_legal(
        &self,
        pos: &Position,
        role: Role,
        from: Square,
        to: Square,
        ep: bool,
    ) -> bool {
        if role == Role::King {
            king_step_is_safe(pos, from, to)
        } else if ep {
            en_passant_is_safe(pos, from, to)
        } else {
            self.allows(from, to)
        }
    }

    /// A move of a piece other than the king: it resolves the check, if any, and keeps a
    /// pinned piece on its pin line.
    fn allows(&self, from: Square, to: Square) -> bool {
        self.target.contains(to)
            && (!self.pinned.contains(from) || at::aligned(self.king, from, to))
    }
}

/// Whether `m` is legal: pseudo-legal, and the own king is not in check afterwards (for
/// castling: not in check before, and no square the king crosses or lands on attacked).
/// Checked by playing the move on a copy, without generating a move list.
#[must_use]
pub fn is_legal_by_playing(pos: &Position, m: Move) -> bool {
    if !is_pseudo_legal(pos, m) {
        return false;
    }
    let us = pos.turn();
    let board = pos.board();
    if m.is_castle() {
        if pos.is_check() {
            return false;
        }
        let king = m.from();
        let occ = board.occupied() - king - m.to();
        let crossed = at::between(king, m.king_to()) | m.king_to();
        if crossed
            .into_iter()
            .any(|sq| board.is_attacked_by(sq, us.other(), occ))
        {
            return false;
        }
    }
    let after = pos.play_unchecked(m);
    let king = after.board().king_of(us);
    king.is_some_and(|k| {
        !after
            .board()
            .is_attacked_by(k, us.other(), after.board().occupied())
    })
}

/// Every pseudo-legal move (see [`is_pseudo_legal`]).
#[must_use]
pub fn pseudo_legal_moves(pos: &Position) -> MoveList {
    let mut list = MoveList::new();
    let board = pos.board();
    let us = pos.turn();
    let ours = board.by_color(us);
    let theirs = board.by_color(us.other());
    let occ = board.occupied();
    for from in ours {
        let Some(piece) = board.piece_at(from) else {
            continue;
        };
        if piece.role == Role::Pawn {
            let step = us.fold(1, -1);
            let mut to = at::pawn_attacks(us, from) & theirs;
            if let Some(one) = from.offset(0, step).filter(|s| !occ.contains(*s)) {
                to.insert(one);
                if Bitboard::relative_rank(us, Rank::Second).contains(from) {
                    if let Some(two) = one.offset(0, step).filter(|s| !occ.contains(*s)) {
                        to.insert(two);
                    }
                }
            }
            for t in to {
                if Bitboard::BACKRANKS.contains(t) {
                    for role in Role::PROMOTIONS {
                        list.push(Move::promote(from, t, role));
                    }
                } else {
                    list.push(Move::normal(from, t));
                }
            }
            if let Some(ep) = pos.ep_square() {
                if at::pawn_attacks(us, from).contains(ep) {
                    list.push(Move::en_passant(from, ep));
                }
            }
        } else {
            for t in at::attacks(piece, from, occ) - ours {
                list.push(Move::normal(from, t));
            }
        }
    }
    for side in CastlingSide::ALL {
        if let (Some(rook), Some(king)) = (pos.castles().rook(us, side), board.king_of(us)) {
            let m = Move::castle(king, rook);
            if is_pseudo_legal(pos, m) {
                list.push(m);
            }
        }
    }
    list
}
