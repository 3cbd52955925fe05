//! Gives-check without playing the move, and the move generators a quiescence search uses.

use chessbits_attack_tables as at;
use chessbits_bitboard_core::{Bitboard, Move, MoveKind, Rank, Role};
use chessbits_position::Position;

use crate::gen::{self, Filter};
use crate::list::MoveList;
use crate::DefaultMethod;

/// Whether the pseudo-legal move `m` checks the opponent's king, decided without playing
/// it: direct checks (the promoted piece for a promotion, the rook for castling) and
/// discovered ones (the mover or, for en passant, the captured pawn uncovering a slider)
/// alike.
///
/// It works out which of the side to move's pieces stand where after `m`, and asks the
/// attacks-to question once from the opponent's king: "super-piece" lookups for rook and
/// bishop lines, knight and pawn patterns. Equal to `pos.play_unchecked(m).is_check()` on every legal
/// move of the perft suites (`tests/check.rs`). A position without an opposing king never
/// has a check.
#[must_use]
pub fn gives_check(pos: &Position, m: Move) -> bool {
    let board = pos.board();
    let us = pos.turn();
    let them = us.other();
    let Some(king) = board.king_of(them) else {
        return false;
    };
    let (from, to) = (m.from(), m.to());
    let Some(mover) = board.piece_at(from) else {
        return false;
    };
    let ours = board.by_color(us);
    let mut occupied = board.occupied().without(from);
    let mut orthogonal = (board.rooks_and_queens() & ours).without(from);
    let mut diagonal = (board.bishops_and_queens() & ours).without(from);
    let mut knights = (board.knights() & ours).without(from);
    let mut pawns = (board.pawns() & ours).without(from);
    let landing_role = match m.kind() {
        MoveKind::Castle => {
            // The king lands on `king_to` (it never checks); the rook on `rook_to`.
            let rook_to = m.rook_to().unwrap_or(to);
            occupied = occupied.without(to).with(m.king_to()).with(rook_to);
            orthogonal = orthogonal.without(to).with(rook_to);
            None
        }
        MoveKind::EnPassant => {
            occupied = occupied.without(m.ep_victim()).with(to);
            Some(Role::Pawn)
        }
        MoveKind::Promotion(role) => {
            occupied = occupied.with(to);
            Some(role)
        }
        MoveKind::Normal => {
            occupied = occupied.with(to);
            Some(mover.role)
        }
        // Not a move of standard chess (`crate::variant` decides a drop's checks).
        MoveKind::Drop(_) => return false,
    };
    match landing_role {
        Some(Role::Pawn) => pawns.insert(to),
        Some(Role::Knight) => knights.insert(to),
        Some(Role::Bishop) => diagonal.insert(to),
        Some(Role::Rook) => orthogonal.insert(to),
        Some(Role::Queen) => {
            diagonal.insert(to);
            orthogonal.insert(to);
        }
        Some(Role::King) | None => {}
    }
    (at::rook_attacks(king, occupied) & orthogonal).any()
        || (at::bishop_attacks(king, occupied) & diagonal).any()
        || (at::knight_attacks(king) & knights).any()
        || (at::pawn_attacks(them, king) & pawns).any()
}

/// The legal moves that give check (captures and promotions included), for a quiescence
/// search that looks at checks.
///
/// Generated as the legal moves, then kept by a cheap test where it is exact: an ordinary
/// move of a piece that stands on none of the opponent king's lines to our sliders checks
/// exactly when it lands where its kind attacks the king from (the king's attack sets on the
/// current board); castling, en passant, promotions and moves of possible discoverers go
/// through [`gives_check`]. Equal to filtering by make-and-test (`tests/check.rs`).
#[must_use]
pub fn checks(pos: &Position) -> MoveList {
    let mut list = crate::legal_moves(pos);
    let board = pos.board();
    let us = pos.turn();
    let Some(king) = board.king_of(us.other()) else {
        list.clear();
        return list;
    };
    let occupied = board.occupied();
    let diagonal = at::bishop_attacks(king, occupied);
    let orthogonal = at::rook_attacks(king, occupied);
    let from_pawn = at::pawn_attacks(us.other(), king);
    let from_knight = at::knight_attacks(king);
    let discoverers = board.blockers_of(king, us.other()) & board.by_color(us);
    list.retain(|m| {
        if m.kind() != MoveKind::Normal || discoverers.contains(m.from()) {
            return gives_check(pos, m);
        }
        let squares = match board.role_at(m.from()) {
            Some(Role::Pawn) => from_pawn,
            Some(Role::Knight) => from_knight,
            Some(Role::Bishop) => diagonal,
            Some(Role::Rook) => orthogonal,
            Some(Role::Queen) => diagonal | orthogonal,
            Some(Role::King) | None => Bitboard::EMPTY,
        };
        squares.contains(m.to())
    });
    list
}

/// The legal captures (en passant and capturing promotions included) and the legal
/// non-capturing promotions: the moves of a quiescence search that looks at material only.
/// Captures come first, then the promotions that capture nothing.
#[must_use]
pub fn captures_and_promotions(pos: &Position) -> MoveList {
    let mut list = MoveList::new();
    let captures = Filter {
        quiets: false,
        ..Filter::ALL
    };
    gen::generate::<DefaultMethod, _, _>(pos, captures, &mut list);
    // Every quiet move of a pawn on its seventh rank is a promotion.
    let seventh = Bitboard::relative_rank(pos.turn(), Rank::Seventh);
    let promoting = pos.board().pawns() & pos.board().by_color(pos.turn()) & seventh;
    if promoting.any() {
        let pushes = Filter {
            from: promoting,
            captures: false,
            quiets: true,
        };
        gen::generate::<DefaultMethod, _, _>(pos, pushes, &mut list);
    }
    list
}
