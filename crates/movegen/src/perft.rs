//! Perft (performance test): the number of leaf nodes of the legal move tree to a depth.
//!
//! The tree is walked as the generator produces the moves (a visitor plays each move and
//! counts below it; no move list is built and read back), and with bulk counting the last
//! ply is a popcount per batch of moves.
//!
//! Bulk counting needs of a position only what the generator reads: the placement, the
//! side to move, the castling rights and the en-passant square. It walks a [`Node`] of
//! those (copy-make: each move is played on a copy of its parent, about 100 bytes, with
//! no undo), by the rules a [`Position`]'s make follows ([`Pieces::play`],
//! [`Castles::rights_after`], [`Pieces::ep_square_after_pawn_move`]), without the
//! mailbox, the hash and the clocks a `Position` keeps up to date. Perft with every leaf
//! made ([`perft_full`]) measures a `Position`'s make and unmake, as engines use them.

use alloc::vec::Vec;

use chessbits_attack_tables::{OccupancyState, SlidingAttacks};
use chessbits_bitboard_core::{Bitboard, Color, Move, Role, Square};
use chessbits_position::{Castles, CastlingSide, Pieces, Position};

use crate::gen::{self, Filter, Source};
use crate::list::Counter;
use crate::DefaultMethod;

/// The deepest perft these functions walk. Each ply is a frame of the recursion, so an
/// unbounded depth would overflow the stack; no count this deep could finish anyway (the
/// start position's tree passes `u64::MAX` leaves before depth 20). A program that takes a
/// depth from its user checks it against this first.
pub const MAX_PERFT_DEPTH: u32 = 64;

/// Panics with the documented message when `depth` is beyond [`MAX_PERFT_DEPTH`].
#[inline]
#[track_caller]
fn check_depth(depth: u32) {
    assert!(
        depth <= MAX_PERFT_DEPTH,
        "perft depth {depth} is beyond MAX_PERFT_DEPTH ({MAX_PERFT_DEPTH})"
    );
}

/// Leaf nodes at `depth` with bulk counting (the last ply is counted, not played).
///
/// # Panics
///
/// When `depth` is beyond [`MAX_PERFT_DEPTH`] (as every perft and divide function here).
#[must_use]
#[track_caller]
pub fn perft(pos: &Position, depth: u32) -> u64 {
    perft_with::<DefaultMethod>(pos, depth)
}

/// [`perft`] with slider attacks from `S`.
///
/// The method's occupancy ([`SlidingAttacks::Occupancy`]) is built once and then kept up
/// to date beside the position, in every make and unmake, as a program using the method
/// would: for rotated bitboards that is four boards, and its cost is part of the count's time.
#[must_use]
#[track_caller]
pub fn perft_with<S: SlidingAttacks>(pos: &Position, depth: u32) -> u64 {
    check_depth(depth);
    bulk::<S>(
        &Node::of(pos, &castling_paths(pos)),
        &S::Occupancy::new(pos.board().occupied()),
        depth,
    )
}

/// What bulk counting keeps of a position: what the generator reads, copied with each move
/// (see the module's documentation).
#[derive(Copy, Clone)]
struct Node<'a> {
    pieces: Pieces,
    turn: Color,
    /// The castling rights, bits in [`Castles::bits`]'s order.
    rights: u8,
    /// The en-passant square by a [`Position`]'s rule (a pawn of the side to move attacks
    /// it).
    ep: Option<Square>,
    /// The root's rights: the rook squares and the paths of the rights in `rights`.
    castles: &'a Castles,
    /// The king's path of each right ([`gen::corner_castling_path`], by the bit index of
    /// [`Castles::bits`]), worked out once at the root: a right is held only while its
    /// king and rook stay where they stood.
    paths: &'a [Bitboard; 4],
}

/// The king's path of each castling right of `pos` ([`Node::paths`]).
fn castling_paths(pos: &Position) -> [Bitboard; 4] {
    let mut paths = [Bitboard::EMPTY; 4];
    for color in Color::ALL {
        let Some(king) = pos.board().king_of(color) else {
            continue;
        };
        for side in CastlingSide::ALL {
            if let Some(rook) = pos.castles().rook(color, side) {
                paths[color as usize * 2 + side as usize] = gen::corner_castling_path(king, rook);
            }
        }
    }
    paths
}

impl<'a> Node<'a> {
    fn of(pos: &'a Position, paths: &'a [Bitboard; 4]) -> Node<'a> {
        Node {
            pieces: **pos.board(),
            turn: pos.turn(),
            rights: pos.castles().bits(),
            ep: pos.ep_square(),
            castles: pos.castles(),
            paths,
        }
    }

    /// The node after `m`, a legal move of a piece of `role` here (the pawn's for a
    /// promotion or en passant, the king's for castling).
    #[inline(always)]
    fn play(&self, role: Role, m: Move) -> Node<'a> {
        let us = self.turn;
        let mut next = *self;
        next.pieces.play(us, role, m);
        next.turn = us.other();
        next.rights = self.castles.rights_after(self.rights, m.from(), m.to());
        next.ep = if role == Role::Pawn {
            next.pieces.ep_square_after_pawn_move(us, m.from(), m.to())
        } else {
            None
        };
        next
    }
}

impl Source for Node<'_> {
    #[inline(always)]
    fn pieces(&self) -> &Pieces {
        &self.pieces
    }

    #[inline(always)]
    fn turn(&self) -> Color {
        self.turn
    }

    #[inline(always)]
    fn our_king(&self) -> Square {
        let kings = self.pieces.by_piece(chessbits_bitboard_core::Piece {
            color: self.turn,
            role: Role::King,
        });
        Square::new_masked(kings.0.trailing_zeros())
    }

    #[inline(always)]
    fn ep_square(&self) -> Option<Square> {
        self.ep
    }

    #[inline(always)]
    fn castling_rooks(&self, occ: Bitboard) -> [Option<Square>; 2] {
        self.castles
            .rooks_to_castle_with(self.rights, self.turn, occ)
    }

    #[inline(always)]
    fn castling_paths(&self, _king: Square, rooks: [Option<Square>; 2]) -> [Bitboard; 2] {
        let [king_side, queen_side] = CastlingSide::ALL;
        let path = |side: CastlingSide, rook: Option<Square>| {
            let path = self.paths[self.turn as usize * 2 + side as usize];
            if rook.is_some() {
                path
            } else {
                Bitboard::EMPTY
            }
        };
        [
            path(king_side, rooks[king_side.index()]),
            path(queen_side, rooks[queen_side.index()]),
        ]
    }
}

/// The visitor of bulk counting: each generated move is played on a copy of `node`, and
/// `below` counts the leaves under the copy.
struct CopyWalk<'n, 'a, S: SlidingAttacks, F> {
    node: &'n Node<'a>,
    kept: &'n S::Occupancy,
    /// The node after the move being visited: a copy of `node` with the other side to
    /// move, to which each move is applied and from which each quiet move is taken back.
    child: Node<'a>,
    nodes: u64,
    below: F,
}

impl<'a, S: SlidingAttacks, F: FnMut(&Node<'a>, &S::Occupancy) -> u64> CopyWalk<'_, 'a, S, F> {
    #[inline(always)]
    fn visit(&mut self, role: Role, m: Move) {
        let next = self.node.play(role, m);
        let mut kept = *self.kept;
        kept.update(self.node.pieces.occupied(), next.pieces.occupied());
        self.nodes += (self.below)(&next, &kept);
    }

    /// A normal move of a piece of `role` to an empty square, played on `child` and taken
    /// back: both are one toggle of the piece on the two squares ([`Pieces::toggle`], what
    /// [`Pieces::play`] does for such a move). `double_push` says whether it is a pawn's
    /// double step (the callers know it), the only move after which there may be an
    /// en-passant square.
    #[inline(always)]
    fn visit_quiet(&mut self, role: Role, from: Square, to: Square, double_push: bool) {
        let us = self.node.turn;
        let piece = chessbits_bitboard_core::Piece { color: us, role };
        let squares = Bitboard::from_square(from) | to;
        debug_assert!(!self.node.pieces.occupied().contains(to));
        debug_assert_eq!(
            double_push,
            role == Role::Pawn && from as u8 ^ to as u8 == 16
        );
        let child = &mut self.child;
        child.pieces.toggle(piece, squares);
        debug_assert!({
            let mut played = self.node.pieces;
            played.play(us, role, Move::normal(from, to));
            played == child.pieces
        });
        child.rights = self.node.castles.rights_after(self.node.rights, from, to);
        child.ep = if double_push {
            child.pieces.ep_square_after_pawn_move(us, from, to)
        } else {
            None
        };
        let mut kept = *self.kept;
        kept.update(self.node.pieces.occupied(), child.pieces.occupied());
        self.nodes += (self.below)(&self.child, &kept);
        self.child.pieces.toggle(piece, squares);
        debug_assert!(self.child.pieces == self.node.pieces);
    }
}

impl<'a, S: SlidingAttacks, F: FnMut(&Node<'a>, &S::Occupancy) -> u64> gen::Visitor
    for CopyWalk<'_, 'a, S, F>
{
    #[inline(always)]
    fn piece(&mut self, role: Role, from: Square, to: Bitboard) {
        let occupied = self.node.pieces.occupied();
        for to in to - occupied {
            self.visit_quiet(role, from, to, false);
        }
        for to in to & occupied {
            self.visit(role, Move::normal(from, to));
        }
    }

    #[inline(always)]
    fn pawn_set(&mut self, to: Bitboard, offset: i32) {
        let promotions = to & Bitboard::BACKRANKS;
        let occupied = self.node.pieces.occupied();
        let double_push = offset.abs() == 16;
        for to in to - promotions - occupied {
            let from = Square::new_masked((to as i32 - offset) as u32);
            self.visit_quiet(Role::Pawn, from, to, double_push);
        }
        for to in (to - promotions) & occupied {
            let from = Square::new_masked((to as i32 - offset) as u32);
            self.visit(Role::Pawn, Move::normal(from, to));
        }
        for to in promotions {
            let from = Square::new_masked((to as i32 - offset) as u32);
            for role in Role::PROMOTIONS {
                self.visit(Role::Pawn, Move::promote(from, to, role));
            }
        }
    }

    /// Castling and en passant (the generator's only moves that come one by one).
    #[inline(always)]
    fn special(&mut self, m: Move) {
        let role = if m.is_castle() {
            Role::King
        } else {
            Role::Pawn
        };
        self.visit(role, m);
    }
}

/// Plays every legal move of `node` on a copy and adds up what `below` counts after each.
#[inline(always)]
fn copy_walk<'a, S: SlidingAttacks, F: FnMut(&Node<'a>, &S::Occupancy) -> u64>(
    node: &Node<'a>,
    kept: &S::Occupancy,
    below: F,
) -> u64 {
    let mut child = *node;
    child.turn = node.turn.other();
    let mut w = CopyWalk::<S, F> {
        node,
        kept,
        child,
        nodes: 0,
        below,
    };
    gen::generate_in::<S, _, _>(node, kept, Filter::ALL, &mut w);
    w.nodes
}

/// Plays `m`, updating `kept` with the squares whose occupancy changed; returns what
/// [`take_back`] needs.
#[inline(always)]
fn play<S: SlidingAttacks>(
    pos: &mut Position,
    kept: &mut S::Occupancy,
    m: Move,
) -> (chessbits_position::Undo, Bitboard) {
    let before = pos.board().occupied();
    let undo = pos.make_unchecked(m);
    kept.update(before, pos.board().occupied());
    (undo, before)
}

/// Takes back `m`, and the occupancy change [`play`] made to `kept`.
#[inline(always)]
fn take_back<S: SlidingAttacks>(
    pos: &mut Position,
    kept: &mut S::Occupancy,
    m: Move,
    (undo, before): (chessbits_position::Undo, Bitboard),
) {
    let after = pos.board().occupied();
    pos.unmake(m, undo);
    kept.update(after, before);
}

/// The visitor that walks the tree: each generated move is played on `pos`, `below`
/// counts the leaves under it, and the move is taken back, as the generator produces it
/// (no move list is built and read back). `pos` is a copy of the position the generator
/// reads, which every take-back restores it to (see [`walk`]).
struct Walk<'a, S: SlidingAttacks, F> {
    pos: &'a mut Position,
    kept: &'a mut S::Occupancy,
    nodes: u64,
    below: F,
}

impl<S: SlidingAttacks, F: FnMut(&Position, &S::Occupancy) -> u64> Walk<'_, S, F> {
    #[inline(always)]
    fn visit(&mut self, m: Move) {
        let undo = play::<S>(self.pos, self.kept, m);
        self.nodes += (self.below)(self.pos, self.kept);
        take_back::<S>(self.pos, self.kept, m, undo);
    }
}

impl<S: SlidingAttacks, F: FnMut(&Position, &S::Occupancy) -> u64> gen::Visitor for Walk<'_, S, F> {
    #[inline(always)]
    fn pawn_set(&mut self, to: Bitboard, offset: i32) {
        let promotions = to & Bitboard::BACKRANKS;
        for to in to - promotions {
            self.visit(Move::normal(
                Square::new_masked((to as i32 - offset) as u32),
                to,
            ));
        }
        for to in promotions {
            let from = Square::new_masked((to as i32 - offset) as u32);
            for role in Role::PROMOTIONS {
                self.visit(Move::promote(from, to, role));
            }
        }
    }

    #[inline(always)]
    fn special(&mut self, m: Move) {
        self.visit(m);
    }
}

/// Plays every legal move of `pos` in turn and adds up what `below` counts after each.
///
/// The moves are made and taken back on a copy of `pos` in this function's frame, while
/// the generator reads `pos` (one copy a node, as when the generator read a copy). Made on
/// one position shared by every ply, they ran 4% to 15% slower at some depths, which
/// depended on the build and the caller (Kiwipete perft 5, every leaf made: 1.17 s against
/// 1.28 s to 1.40 s; start perft 6: 0.76 s against 0.80 s to 0.90 s): the slowdown came and
/// went with the distance between the shared position and the frames of the recursion, with
/// a period of 4 KiB, as when this machine's CPU (AMD Zen 5) takes a load for one of an
/// earlier store whose address has the same low 12 bits. A copy in each frame lies only that
/// frame away from the generator's data.
#[inline(always)]
fn walk<S: SlidingAttacks, F: FnMut(&Position, &S::Occupancy) -> u64>(
    pos: &Position,
    kept: &S::Occupancy,
    below: F,
) -> u64 {
    let mut child = pos.clone();
    let mut child_kept = *kept;
    let mut w = Walk::<S, F> {
        pos: &mut child,
        kept: &mut child_kept,
        nodes: 0,
        below,
    };
    gen::generate_in::<S, _, _>(pos, kept, Filter::ALL, &mut w);
    w.nodes
}

/// The legal moves of `node`, counted by popcounts without playing them.
#[inline(always)]
fn count<S: SlidingAttacks>(node: &Node, kept: &S::Occupancy) -> u64 {
    let mut c = Counter(0);
    gen::generate_in::<S, _, _>(node, kept, Filter::ALL, &mut c);
    c.0
}

fn bulk<S: SlidingAttacks>(node: &Node, kept: &S::Occupancy, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => count::<S>(node, kept),
        2 => copy_walk::<S, _>(node, kept, |node, kept| count::<S>(node, kept)),
        _ => copy_walk::<S, _>(node, kept, |node, kept| bulk::<S>(node, kept, depth - 1)),
    }
}

/// Leaf nodes at `depth`, every leaf made and unmade (no bulk counting): measures
/// make/unmake as well as generation.
#[must_use]
#[track_caller]
pub fn perft_full(pos: &Position, depth: u32) -> u64 {
    perft_full_with::<DefaultMethod>(pos, depth)
}

/// [`perft_full`] with slider attacks from `S` (its occupancy kept as in [`perft_with`]).
#[must_use]
#[track_caller]
pub fn perft_full_with<S: SlidingAttacks>(pos: &Position, depth: u32) -> u64 {
    check_depth(depth);
    full::<S>(pos, &S::Occupancy::new(pos.board().occupied()), depth)
}

fn full<S: SlidingAttacks>(pos: &Position, kept: &S::Occupancy, depth: u32) -> u64 {
    match depth {
        0 => 1,
        // The leaves: each is made and taken back. `black_box` makes the compiler treat the
        // position after each move as read, so that no part of make can be optimised away.
        1 => walk::<S, _>(pos, kept, |pos, _| {
            core::hint::black_box(pos);
            1
        }),
        _ => walk::<S, _>(pos, kept, |pos, kept| full::<S>(pos, kept, depth - 1)),
    }
}

/// Perft split by root move: each legal move with the leaf count below it (bulk counting).
/// The counts add up to [`perft`]`(pos, depth)`; `depth` 0 gives no moves.
#[must_use]
#[track_caller]
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    divide_with::<DefaultMethod>(pos, depth)
}

/// [`divide`] with slider attacks from `S`.
pub fn divide_with<S: SlidingAttacks>(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    split::<S>(pos, depth, |pos, kept, depth| {
        bulk::<S>(&Node::of(pos, &castling_paths(pos)), kept, depth)
    })
}

/// [`divide_with`] without bulk counting: every leaf is made and unmade, as in
/// [`perft_full_with`].
pub fn divide_full_with<S: SlidingAttacks>(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    split::<S>(pos, depth, full::<S>)
}

/// Each legal move with `count` of the position after it at `depth - 1`.
#[track_caller]
fn split<S: SlidingAttacks>(
    pos: &Position,
    depth: u32,
    count: fn(&Position, &S::Occupancy, u32) -> u64,
) -> Vec<(Move, u64)> {
    check_depth(depth);
    if depth == 0 {
        return Vec::new();
    }
    let mut pos = pos.clone();
    let mut kept = S::Occupancy::new(pos.board().occupied());
    let list = crate::legal_moves_with::<S>(&pos);
    list.iter()
        .map(|&m| {
            let undo = play::<S>(&mut pos, &mut kept, m);
            let n = count(&pos, &kept, depth - 1);
            take_back::<S>(&mut pos, &mut kept, m, undo);
            (m, n)
        })
        .collect()
}
