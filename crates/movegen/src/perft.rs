//! Perft (performance test): the number of leaf nodes of the legal move tree to a depth.

use alloc::vec::Vec;

use chessbits_attack_tables::{OccupancyState, SlidingAttacks};
use chessbits_bitboard_core::{Bitboard, Move};
use chessbits_position::Position;

use crate::gen::{self, Filter};
use crate::list::{Counter, MoveList};
use crate::DefaultMethod;

/// Leaf nodes at `depth` with bulk counting (the last ply is counted, not played).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    perft_with::<DefaultMethod>(pos, depth)
}

/// [`perft`] with slider attacks from `S`.
///
/// The method's occupancy ([`SlidingAttacks::Occupancy`]) is built once and then kept up
/// to date beside the position, in every make and unmake, as a program using the method
/// would: for rotated bitboards that is four boards, and its cost is part of the count's time.
pub fn perft_with<S: SlidingAttacks>(pos: &Position, depth: u32) -> u64 {
    let mut pos = pos.clone();
    let mut kept = S::Occupancy::new(pos.board().occupied());
    bulk::<S>(&mut pos, &mut kept, depth)
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

fn bulk<S: SlidingAttacks>(pos: &mut Position, kept: &mut S::Occupancy, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => {
            let mut c = Counter(0);
            gen::generate_in::<S, _>(pos, kept, Filter::ALL, &mut c);
            c.0
        }
        _ => {
            let mut list = MoveList::new();
            gen::generate_in::<S, _>(pos, kept, Filter::ALL, &mut list);
            let mut nodes = 0;
            for &m in list.iter() {
                let undo = play::<S>(pos, kept, m);
                nodes += bulk::<S>(pos, kept, depth - 1);
                take_back::<S>(pos, kept, m, undo);
            }
            nodes
        }
    }
}

/// Leaf nodes at `depth`, every leaf made and unmade (no bulk counting): measures
/// make/unmake as well as generation.
pub fn perft_full(pos: &Position, depth: u32) -> u64 {
    perft_full_with::<DefaultMethod>(pos, depth)
}

/// [`perft_full`] with slider attacks from `S` (its occupancy kept as in [`perft_with`]).
pub fn perft_full_with<S: SlidingAttacks>(pos: &Position, depth: u32) -> u64 {
    let mut pos = pos.clone();
    let mut kept = S::Occupancy::new(pos.board().occupied());
    full::<S>(&mut pos, &mut kept, depth)
}

fn full<S: SlidingAttacks>(pos: &mut Position, kept: &mut S::Occupancy, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut list = MoveList::new();
    gen::generate_in::<S, _>(pos, kept, Filter::ALL, &mut list);
    let mut nodes = 0;
    for &m in list.iter() {
        let undo = play::<S>(pos, kept, m);
        nodes += full::<S>(pos, kept, depth - 1);
        take_back::<S>(pos, kept, m, undo);
    }
    nodes
}

/// Perft split by root move: each legal move with the leaf count below it (bulk counting).
/// The counts add up to [`perft`]`(pos, depth)`; `depth` 0 gives no moves.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    divide_with::<DefaultMethod>(pos, depth)
}

/// [`divide`] with slider attacks from `S`.
pub fn divide_with<S: SlidingAttacks>(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    split::<S>(pos, depth, bulk::<S>)
}

/// [`divide_with`] without bulk counting: every leaf is made and unmade, as in
/// [`perft_full_with`].
pub fn divide_full_with<S: SlidingAttacks>(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    split::<S>(pos, depth, full::<S>)
}

/// Each legal move with `count` of the position after it at `depth - 1`.
fn split<S: SlidingAttacks>(
    pos: &Position,
    depth: u32,
    count: fn(&mut Position, &mut S::Occupancy, u32) -> u64,
) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut pos = pos.clone();
    let mut kept = S::Occupancy::new(pos.board().occupied());
    let list = crate::legal_moves_with::<S>(&pos);
    list.iter()
        .map(|&m| {
            let undo = play::<S>(&mut pos, &mut kept, m);
            let n = count(&mut pos, &mut kept, depth - 1);
            take_back::<S>(&mut pos, &mut kept, m, undo);
            (m, n)
        })
        .collect()
}
