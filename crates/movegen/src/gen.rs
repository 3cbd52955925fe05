//! The legal move generator, written once and specialised by the sliding-attack method `S`
//! and by what receives the moves (a [`Visitor`]: a move list, or a counter for perft).

use chessbits_attack_tables::{self as at, OccupancyState, SlidingAttacks};
use chessbits_bitboard_core::{Bitboard, Color, Direction, Move, Rank, Square};
use chessbits_position::{CastlingSide, Position};

/// Receives generated moves in batches: one origin with a set of destinations.
pub(crate) trait Visitor {
    /// Moves of a piece (not a pawn) from `from` to each square of `to`.
    fn piece(&mut self, from: Square, to: Bitboard);
    /// Pawn moves from `from` to each square of `to`; those onto the last rank are four
    /// promotions each.
    fn pawn(&mut self, from: Square, to: Bitboard);
    /// Pawn moves onto each square of `to`, each from the square `offset` behind it
    /// (`from = to - offset`); those onto the last rank are four promotions each.
    fn pawn_set(&mut self, to: Bitboard, offset: i32);
    /// One move of a special kind (en passant, castling).
    fn special(&mut self, m: Move);
}

/// Which legal moves to generate.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Filter {
    /// Only pieces on these squares move.
    pub(crate) from: Bitboard,
    /// Moves that capture.
    pub(crate) captures: bool,
    /// Moves that do not capture (castling and non-capturing promotions included).
    pub(crate) quiets: bool,
}

impl Filter {
    pub(crate) const ALL: Filter = Filter {
        from: Bitboard::FULL,
        captures: true,
        quiets: true,
    };
}

/// Generates the legal moves of `pos` that pass `filter` into `v`.
#[inline(always)]
pub(crate) fn generate<S: SlidingAttacks, V: Visitor>(pos: &Position, filter: Filter, v: &mut V) {
    let kept = S::Occupancy::new(pos.board().occupied());
    generate_in::<S, V>(pos, &kept, filter, v);
}

/// [`generate`] with the occupancy as the method keeps it (`kept` must hold the board's
/// occupancy): slider attacks come from `kept` and its toggled copies, never from scratch.
#[inline(always)]
pub(crate) fn generate_in<S: SlidingAttacks, V: Visitor>(
    pos: &Position,
    kept: &S::Occupancy,
    filter: Filter,
    v: &mut V,
) {
    let board = pos.board();
    let us = pos.turn();
    let them = us.other();
    let ours = board.by_color(us);
    let theirs = board.by_color(them);
    let occ = board.occupied();
    let king = pos.our_king();
    let checkers = pos.checkers();

    // Destinations allowed by the capture/quiet filter.
    let mut dest = Bitboard::EMPTY;
    if filter.captures {
        dest |= theirs;
    }
    if filter.quiets {
        dest |= !occ;
    }

    // King moves: to any square not attacked once the king has left its square.
    if filter.from.contains(king) {
        let occ_without_king = kept.toggled(king);
        for to in at::king_attacks(king) & dest {
            if !attacked::<S>(pos, to, them, &occ_without_king) {
                v.piece(king, Bitboard::from_square(to));
            }
        }
    }
    if checkers.more_than_one() {
        return;
    }

    // In check: capture the checker or block; otherwise anything.
    let target = match checkers.single_square() {
        Some(checker) => at::between(king, checker) | checker,
        None => Bitboard::FULL,
    };
    let pinned = pinned::<S>(pos, king, us);
    let movable = ours & filter.from & !Bitboard::from_square(king);
    let dest_target = dest & target;

    // Knights (a pinned knight can never move).
    for from in movable & board.knights() & !pinned {
        let to = at::knight_attacks(from) & dest_target;
        if to.any() {
            v.piece(from, to);
        }
    }
    // Sliders.
    let diag = movable & board.bishops_and_queens();
    let orth = movable & board.rooks_and_queens();
    for from in diag {
        let mut to = S::bishop_in(from, kept) & dest_target;
        if pinned.contains(from) {
            to &= at::line(king, from);
        }
        if to.any() {
            v.piece(from, to);
        }
    }
    for from in orth {
        let mut to = S::rook_in(from, kept) & dest_target;
        if pinned.contains(from) {
            to &= at::line(king, from);
        }
        if to.any() {
            v.piece(from, to);
        }
    }

    // Pawns.
    let pawns = movable & board.pawns();
    if pawns.any() {
        match us {
            Color::White => {
                gen_pawns::<S, V, true>(pos, kept, filter, pawns, pinned, target, king, v)
            }
            Color::Black => {
                gen_pawns::<S, V, false>(pos, kept, filter, pawns, pinned, target, king, v)
            }
        }
    }

    // Castling (a quiet move, never out of check).
    if filter.quiets
        && checkers.is_empty()
        && filter.from.contains(king)
        && pos.castles().has_color(us)
    {
        for side in CastlingSide::ALL {
            if let Some(rook) = pos.castles().rook(us, side) {
                if castling_is_legal::<S>(pos, kept, king, rook, side) {
                    v.special(Move::castle(king, rook));
                }
            }
        }
    }
}

#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn gen_pawns<S: SlidingAttacks, V: Visitor, const WHITE: bool>(
    pos: &Position,
    kept: &S::Occupancy,
    filter: Filter,
    pawns: Bitboard,
    pinned: Bitboard,
    target: Bitboard,
    king: Square,
    v: &mut V,
) {
    // Specialised by colour at compile time, so that every shift below is a constant one.
    let board = pos.board();
    let us = Color::from_white(WHITE);
    let theirs = board.by_color(us.other());
    let empty = !board.occupied();
    let forward = us.fold(Direction::North, Direction::South);
    let start_rank = Bitboard::relative_rank(us, Rank::Second);
    let capture_target = if filter.captures {
        theirs & target
    } else {
        Bitboard::EMPTY
    };
    let push_target = if filter.quiets {
        empty & target
    } else {
        Bitboard::EMPTY
    };

    // Pinned pawns one by one: each may only move along its pin line.
    for from in pawns & pinned {
        let mut to = at::pawn_attacks(us, from) & capture_target;
        let one = Bitboard::from_square(from).shift(forward) & empty;
        to |= one & push_target;
        if start_rank.contains(from) {
            to |= one.shift(forward) & push_target;
        }
        to &= at::line(king, from);
        if to.any() {
            v.pawn(from, to);
        }
    }
    // The others set-wise: one shift per kind of pawn move.
    let free = pawns - pinned;
    let (left, right) = if WHITE {
        (Direction::NorthWest, Direction::NorthEast)
    } else {
        (Direction::SouthWest, Direction::SouthEast)
    };
    let one = free.shift(forward) & empty;
    let two = (one & start_rank.shift(forward)).shift(forward) & push_target;
    v.pawn_set(one & push_target, forward.offset());
    v.pawn_set(two, 2 * forward.offset());
    v.pawn_set(free.shift(left) & capture_target, left.offset());
    v.pawn_set(free.shift(right) & capture_target, right.offset());

    // En passant: simulate the capture and look for a check along the freed lines.
    if filter.captures {
        if let Some(ep) = pos.ep_square() {
            // The pushed pawn stands one rank behind the en-passant square, seen from us.
            let captured = Square::new_masked((ep as i32 + us.fold(-8, 8)) as u32);
            for from in at::pawn_attacks(us.other(), ep) & pawns {
                let occ = kept.toggled(from).toggled(captured).toggled(ep);
                let them = us.other();
                let theirs_after = board.by_color(them) - captured;
                let checked = (S::rook_in(king, &occ) & board.rooks_and_queens() & theirs_after)
                    .any()
                    || (S::bishop_in(king, &occ) & board.bishops_and_queens() & theirs_after).any()
                    || (at::knight_attacks(king) & board.knights() & theirs_after).any()
                    || (at::pawn_attacks(us, king) & board.pawns() & theirs_after).any();
                if !checked {
                    v.special(Move::en_passant(from, ep));
                }
            }
        }
    }
}

/// Whether `sq` is attacked by `by` with `occ` as blockers (the board's rule, with the
/// method `S`).
#[inline(always)]
fn attacked<S: SlidingAttacks>(pos: &Position, sq: Square, by: Color, occ: &S::Occupancy) -> bool {
    pos.board().attackers_by_in::<S>(sq, by, occ).any()
}

/// The side to move's pieces pinned to its king on `king`: the board's blockers (with the
/// method `S`) that are ours.
#[inline(always)]
fn pinned<S: SlidingAttacks>(pos: &Position, king: Square, us: Color) -> Bitboard {
    let board = pos.board();
    board.blockers_of_in::<S>(king, us) & board.by_color(us)
}

/// Whether the side to move (not in check) may castle with the rook on `rook` now.
#[inline]
fn castling_is_legal<S: SlidingAttacks>(
    pos: &Position,
    kept: &S::Occupancy,
    king: Square,
    rook: Square,
    side: CastlingSide,
) -> bool {
    let board = pos.board();
    let us = pos.turn();
    let occ = board.occupied();
    if (pos.castles().path(us, side) & occ).any() {
        return false;
    }
    let king_to = Move::castle(king, rook).king_to();
    let occ_after = kept.toggled(king).toggled(rook);
    let king_path = at::between(king, king_to) | king_to;
    for sq in king_path {
        if attacked::<S>(pos, sq, us.other(), &occ_after) {
            return false;
        }
    }
    // In Chess960 the king may already stand on its destination (the path above is then
    // empty); the rook's departure could still uncover an attack along the back rank.
    king != king_to || !attacked::<S>(pos, king, us.other(), &occ_after)
}
