//! Move generation for [`VariantPosition`], built on the standard generator (`crate::gen`):
//! a side with exactly one king to keep safe (standard chess, king of the hill,
//! three-check, crazyhouse, racing kings, Black in horde) gets the standard legal moves,
//! with what its variant adds or takes away (drops; no check given in racing kings).
//! Antichess, atomic and the horde's White have no king to keep safe in the standard
//! sense: their pieces move as in chess ([`pseudo_legal`], set-wise, the same
//! [`Visitor`] batches), and the variant decides what is legal (`antichess`, `atomic`).
//!
//! Every generator hands its moves to a [`Visitor`] (a counter for perft's last ply, a walk
//! that plays them, a list): nothing is allocated.

use chessbits_attack_tables as at;
use chessbits_bitboard_core::{Bitboard, Color, Direction, Move, Rank, Role, Square};
use chessbits_position::{Board, CastlingSide, Pieces, Variant};

use super::{antichess, atomic, back_rank, end, racing_kings, VariantPosition};
use crate::gen::{self, Filter, Source, Visitor};
use crate::DefaultMethod;

/// Whether a white king and a black king stand next to each other (atomic: then neither is
/// in check, since capturing the other king would explode one's own).
pub(crate) fn kings_connected(board: &Board) -> bool {
    let white = board.by_piece(Role::King.of(Color::White));
    let black = board.by_piece(Role::King.of(Color::Black));
    white
        .into_iter()
        .any(|k| (at::king_attacks(k) & black).any())
}

/// The standard generator reads a variant position as it reads a [`chessbits_position::Position`]
/// (called only when the side to move has exactly one king).
impl Source for VariantPosition {
    #[inline(always)]
    fn pieces(&self) -> &Pieces {
        &self.board
    }

    #[inline(always)]
    fn turn(&self) -> Color {
        self.turn
    }

    #[inline(always)]
    fn our_king(&self) -> Square {
        let kings = self.board.by_piece(Role::King.of(self.turn));
        Square::new_masked(kings.0.trailing_zeros())
    }

    #[inline(always)]
    fn ep_square(&self) -> Option<Square> {
        self.ep_square
    }

    #[inline(always)]
    fn castling_rooks(&self, occ: Bitboard) -> [Option<Square>; 2] {
        let mut rooks = [None; 2];
        let back = Bitboard::rank(back_rank(self.turn));
        let candidates = self.castling & back & self.board.by_piece(Role::Rook.of(self.turn));
        if candidates.is_empty() {
            return rooks;
        }
        let Some(king) = self.castling_king() else {
            return rooks;
        };
        for rook in candidates {
            if (castling_path(king, rook) & occ).is_empty() {
                rooks[CastlingSide::of_rook(king, rook).index()] = Some(rook);
            }
        }
        rooks
    }
}

impl VariantPosition {
    /// The king of the side to move that may castle: alone, unpromoted, on its back rank.
    pub(crate) fn castling_king(&self) -> Option<Square> {
        let back = Bitboard::rank(back_rank(self.turn));
        (self.board.by_piece(Role::King.of(self.turn)) & back & !self.promoted).single_square()
    }
}

/// The squares that must be empty, apart from the king and the rook, to castle with the
/// king on `king` and the rook on `rook`.
pub(crate) fn castling_path(king: Square, rook: Square) -> Bitboard {
    let m = Move::castle(king, rook);
    let (king_to, rook_to) = (m.king_to(), m.rook_to().unwrap_or(rook));
    (at::between(king, king_to) | at::between(rook, rook_to) | king_to | rook_to) - king - rook
}

/// Generates the legal moves of `pos` into `v`, by its variant's rule (none once the
/// variant's own end is reached).
#[inline]
pub(crate) fn generate<V: Visitor>(pos: &VariantPosition, v: &mut V) {
    if end::is_variant_end(pos) {
        return;
    }
    match pos.variant {
        variant if variant.is_antichess_family() => antichess::generate(pos, v),
        Variant::Atomic => atomic::generate(pos, v),
        Variant::RacingKings => racing_kings::generate(pos, v),
        Variant::Crazyhouse => {
            standard(pos, v);
            drops(pos, v);
        }
        // The horde's White has no king: every move of its pieces is legal.
        Variant::Horde if pos.board.king_of(pos.turn).is_none() => {
            pseudo_legal(pos, Filter::ALL, false, v);
        }
        _ => standard(pos, v),
    }
}

/// The standard legal moves of a side with exactly one king.
#[inline(always)]
pub(crate) fn standard<V: Visitor>(pos: &VariantPosition, v: &mut V) {
    gen::generate::<DefaultMethod, V, VariantPosition>(pos, Filter::ALL, v);
}

/// The moves of the pieces of the side to move as the pieces move, whatever becomes of its
/// kings (castling excluded): captures and quiet moves as `filter` says (its `from` is
/// ignored), and the promotions to a king too when `king_promotions` (antichess). A pawn on
/// its first rank (the horde's) steps one or two squares, as python-chess and Lichess play it.
pub(crate) fn pseudo_legal<V: Visitor>(
    pos: &VariantPosition,
    filter: Filter,
    king_promotions: bool,
    v: &mut V,
) {
    let board = &pos.board;
    let us = pos.turn;
    let ours = board.by_color(us);
    let theirs = board.by_color(us.other());
    let occ = board.occupied();
    let mut dest = Bitboard::EMPTY;
    if filter.captures {
        dest |= theirs;
    }
    if filter.quiets {
        dest |= !occ;
    }
    for from in ours & board.knights() {
        v.piece(Role::Knight, from, at::knight_attacks(from) & dest);
    }
    for from in ours & board.bishops_and_queens() {
        v.piece(
            gen::slider_role(board, from, Role::Bishop),
            from,
            at::bishop_attacks(from, occ) & dest,
        );
    }
    for from in ours & board.rooks_and_queens() {
        v.piece(
            gen::slider_role(board, from, Role::Rook),
            from,
            at::rook_attacks(from, occ) & dest,
        );
    }
    for from in ours & board.kings() {
        v.piece(Role::King, from, at::king_attacks(from) & dest);
    }
    let pawns = ours & board.pawns();
    if pawns.is_empty() {
        return;
    }
    let (forward, left, right) = match us {
        Color::White => (Direction::North, Direction::NorthWest, Direction::NorthEast),
        Color::Black => (Direction::South, Direction::SouthWest, Direction::SouthEast),
    };
    let mut sets = [(Bitboard::EMPTY, 0); 4];
    if filter.quiets {
        let one = pawns.shift(forward) - occ;
        let from_low =
            Bitboard::relative_rank(us, Rank::Second) | Bitboard::relative_rank(us, Rank::Third);
        let two = (one & from_low).shift(forward) - occ;
        sets[0] = (one, forward.offset());
        sets[1] = (two, 2 * forward.offset());
    }
    if filter.captures {
        sets[2] = (pawns.shift(left) & theirs, left.offset());
        sets[3] = (pawns.shift(right) & theirs, right.offset());
    }
    for (to, offset) in sets {
        v.pawn_set(to, offset);
        if king_promotions {
            for to in to & Bitboard::BACKRANKS {
                let from = Square::new_masked((to as i32 - offset) as u32);
                v.special(Move::promote(from, to, Role::King));
            }
        }
    }
    if filter.captures {
        if let Some(ep) = pos.ep_square.filter(|&ep| !occ.contains(ep)) {
            for from in at::pawn_attacks(us.other(), ep) & pawns {
                v.special(Move::en_passant(from, ep));
            }
        }
    }
}

/// The crazyhouse drops of the side to move: onto any empty square out of check (pawns not
/// on a back rank), between the king and the checker in a single check, nowhere in a double
/// check.
fn drops<V: Visitor>(pos: &VariantPosition, v: &mut V) {
    let us = pos.turn;
    let board = &pos.board;
    let mut targets = !board.occupied();
    if let Some(king) = board.king_of(us) {
        let checkers = board.attackers_by(king, us.other(), board.occupied());
        if let Some(checker) = checkers.single_square() {
            targets &= at::between(king, checker);
        } else if checkers.any() {
            return;
        }
    }
    for role in [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
    ] {
        if pos.pockets.count(us, role) == 0 {
            continue;
        }
        let squares = if role == Role::Pawn {
            targets - Bitboard::BACKRANKS
        } else {
            targets
        };
        v.drops(role, squares);
    }
}

/// Records whether any move went through, passing every move on.
pub(crate) struct Seen<'a, V> {
    pub(crate) inner: &'a mut V,
    pub(crate) any: bool,
}

impl<V: Visitor> Visitor for Seen<'_, V> {
    #[inline(always)]
    fn piece(&mut self, role: Role, from: Square, to: Bitboard) {
        self.any |= to.any();
        self.inner.piece(role, from, to);
    }

    #[inline(always)]
    fn pawn_set(&mut self, to: Bitboard, offset: i32) {
        self.any |= to.any();
        self.inner.pawn_set(to, offset);
    }

    #[inline(always)]
    fn special(&mut self, m: Move) {
        self.any = true;
        self.inner.special(m);
    }

    #[inline(always)]
    fn drops(&mut self, role: Role, to: Bitboard) {
        self.any |= to.any();
        self.inner.drops(role, to);
    }
}

/// Stops at the first move: whether there is any.
pub(crate) struct Any(pub(crate) bool);

impl Visitor for Any {
    #[inline(always)]
    fn piece(&mut self, _role: Role, _from: Square, to: Bitboard) {
        self.0 |= to.any();
    }

    #[inline(always)]
    fn pawn_set(&mut self, to: Bitboard, _offset: i32) {
        self.0 |= to.any();
    }

    #[inline(always)]
    fn special(&mut self, _m: Move) {
        self.0 = true;
    }

    #[inline(always)]
    fn drops(&mut self, _role: Role, to: Bitboard) {
        self.0 |= to.any();
    }
}

/// Collects the moves into a list of any length (a crazyhouse position may have more
/// moves than a [`crate::MoveList`] holds).
pub(crate) struct Collect<'a>(pub(crate) &'a mut alloc::vec::Vec<Move>);

impl Visitor for Collect<'_> {
    #[inline]
    fn piece(&mut self, _role: Role, from: Square, to: Bitboard) {
        self.0
            .extend(to.into_iter().map(|to| Move::normal(from, to)));
    }

    #[inline]
    fn pawn_set(&mut self, to: Bitboard, offset: i32) {
        for to in to {
            let from = Square::new_masked((to as i32 - offset) as u32);
            if Bitboard::BACKRANKS.contains(to) {
                for role in Role::PROMOTIONS {
                    self.0.push(Move::promote(from, to, role));
                }
            } else {
                self.0.push(Move::normal(from, to));
            }
        }
    }

    #[inline]
    fn special(&mut self, m: Move) {
        self.0.push(m);
    }
}

/// Looks for one move.
pub(crate) struct Find {
    pub(crate) m: Move,
    pub(crate) found: bool,
}

impl Visitor for Find {
    #[inline]
    fn piece(&mut self, _role: Role, from: Square, to: Bitboard) {
        let target = self.m.to();
        // The whole move compared: raw bits may name a normal move's squares with other
        // bits set.
        self.found |= to.contains(target) && Move::normal(from, target) == self.m;
    }

    #[inline]
    fn pawn_set(&mut self, to: Bitboard, offset: i32) {
        let target = self.m.to();
        if !to.contains(target) {
            return;
        }
        let from = Square::new_masked((target as i32 - offset) as u32);
        self.found |= if Bitboard::BACKRANKS.contains(target) {
            Role::PROMOTIONS
                .into_iter()
                .any(|role| Move::promote(from, target, role) == self.m)
        } else {
            Move::normal(from, target) == self.m
        };
    }

    #[inline]
    fn special(&mut self, m: Move) {
        self.found |= m == self.m;
    }

    #[inline]
    fn drops(&mut self, role: Role, to: Bitboard) {
        self.found |= to.contains(self.m.to()) && Move::drop(role, self.m.to()) == self.m;
    }
}

/// Whether an en-passant capture is among the moves.
pub(crate) struct FindEnPassant(pub(crate) bool);

impl Visitor for FindEnPassant {
    #[inline]
    fn piece(&mut self, _role: Role, _from: Square, _to: Bitboard) {}

    #[inline]
    fn pawn_set(&mut self, _to: Bitboard, _offset: i32) {}

    #[inline]
    fn special(&mut self, m: Move) {
        self.0 |= m.is_en_passant();
    }

    #[inline]
    fn drops(&mut self, _role: Role, _to: Bitboard) {}
}
