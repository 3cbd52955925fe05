//! Perft (performance test): the number of leaf nodes of the legal move tree to a depth.

use alloc::vec::Vec;

use attack_tables::SlidingAttacks;
use bitboard_core::Move;
use position::Position;

use crate::gen::{self, Filter};
use crate::list::{Counter, MoveList};
use crate::DefaultMethod;

/// Leaf nodes at `depth` with bulk counting (the last ply is counted, not played).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    perft_with::<DefaultMethod>(pos, depth)
}

/// [`perft`] with slider attacks from `S`.
pub fn perft_with<S: SlidingAttacks>(pos: &Position, depth: u32) -> u64 {
    let mut pos = pos.clone();
    bulk::<S>(&mut pos, depth)
}

fn bulk<S: SlidingAttacks>(pos: &mut Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => {
            let mut c = Counter(0);
            gen::generate::<S, _>(pos, Filter::ALL, &mut c);
            c.0
        }
        _ => {
            let mut list = MoveList::new();
            gen::generate::<S, _>(pos, Filter::ALL, &mut list);
            let mut nodes = 0;
            for &m in list.iter() {
                let undo = pos.make(m);
                nodes += bulk::<S>(pos, depth - 1);
                pos.unmake(m, undo);
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

/// [`perft_full`] with slider attacks from `S`.
pub fn perft_full_with<S: SlidingAttacks>(pos: &Position, depth: u32) -> u64 {
    let mut pos = pos.clone();
    full::<S>(&mut pos, depth)
}

fn full<S: SlidingAttacks>(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut list = MoveList::new();
    gen::generate::<S, _>(pos, Filter::ALL, &mut list);
    let mut nodes = 0;
    for &m in list.iter() {
        let undo = pos.make(m);
        nodes += full::<S>(pos, depth - 1);
        pos.unmake(m, undo);
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
    if depth == 0 {
        return Vec::new();
    }
    let mut pos = pos.clone();
    let list = crate::legal_moves_with::<S>(&pos);
    list.iter()
        .map(|&m| {
            let undo = pos.make(m);
            let n = bulk::<S>(&mut pos, depth - 1);
            pos.unmake(m, undo);
            (m, n)
        })
        .collect()
}
