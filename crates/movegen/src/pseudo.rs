//! Pseudo-legal move generation, generic over the sliding-attack method: every move that
//! obeys how its piece moves, whether or not it leaves the own king in check (the moves of
//! [`crate::is_pseudo_legal`]). This is the generation the papers time (Tannous 2007, Table 1;
//! Fenner & Levene 2008, Table 4): it differs between methods only in how slider attacks are found.

use chessbits_attack_tables::{self as at, SlidingAttacks};
use chessbits_bitboard_core::{Bitboard, Direction, Move, Rank, Role};
use chessbits_position::{CastlingSide, Position};

use crate::gen::{self, Visitor};
use crate::list::{Counter, MoveList};

/// Every pseudo-legal move of `pos`, slider attacks by `S` from `kept`, which must hold the
/// board's occupancy as `S` keeps it (`S::Occupancy::new(pos.board().occupied())`, or kept
/// up to date through the moves that led here).
pub fn pseudo_legal_moves_with<S: SlidingAttacks>(pos: &Position, kept: &S::Occupancy) -> MoveList {
    let mut list = MoveList::new();
    generate::<S, _>(pos, kept, &mut list);
    list
}

/// The number of pseudo-legal moves, counted without listing them.
pub fn count_pseudo_legal_with<S: SlidingAttacks>(pos: &Position, kept: &S::Occupancy) -> u64 {
    let mut counter = Counter(0);
    generate::<S, _>(pos, kept, &mut counter);
    counter.0
}

#[inline(always)]
fn generate<S: SlidingAttacks, V: Visitor>(pos: &Position, kept: &S::Occupancy, v: &mut V) {
    let board = pos.board();
    let us = pos.turn();
    let ours = board.by_color(us);
    let theirs = board.by_color(us.other());
    let occ = board.occupied();
    let target = !ours;

    for from in ours & board.knights() {
        v.piece(Role::Knight, from, at::knight_attacks(from) & target);
    }
    for from in ours & board.bishops_and_queens() {
        v.piece(
            gen::slider_role(board, from, Role::Bishop),
            from,
            S::bishop_in(from, kept) & target,
        );
    }
    for from in ours & board.rooks_and_queens() {
        v.piece(
            gen::slider_role(board, from, Role::Rook),
            from,
            S::rook_in(from, kept) & target,
        );
    }
    let king = pos.our_king();
    v.piece(Role::King, king, at::king_attacks(king) & target);

    let pawns = ours & board.pawns();
    let (forward, left, right) = us.fold(
        (Direction::North, Direction::NorthWest, Direction::NorthEast),
        (Direction::South, Direction::SouthWest, Direction::SouthEast),
    );
    let third = Bitboard::relative_rank(us, Rank::Third);
    let one = pawns.shift(forward) - occ;
    let two = (one & third).shift(forward) - occ;
    v.pawn_set(one, forward.offset());
    v.pawn_set(two, 2 * forward.offset());
    v.pawn_set(pawns.shift(left) & theirs, left.offset());
    v.pawn_set(pawns.shift(right) & theirs, right.offset());
    if let Some(ep) = pos.ep_square() {
        for from in at::pawn_attacks(us.other(), ep) & pawns {
            v.special(Move::en_passant(from, ep));
        }
    }

    for side in CastlingSide::ALL {
        if let Some(rook) = pos.castles().rook(us, side) {
            if (pos.castles().path(us, side) & occ).is_empty() {
                v.special(Move::castle(king, rook));
            }
        }
    }
}
