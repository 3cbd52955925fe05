//! Perft of a [`VariantPosition`]: the moves are played as the generator produces them
//! (make and unmake on one copy of the node, in the node's frame) and the last ply is
//! counted, not played. Nothing is allocated.

use chessbits_bitboard_core::Move;

use super::generate::generate;
use super::make::{make, unmake};
use super::VariantPosition;
use crate::gen::Visitor;
use crate::list::Counter;

/// The number of leaf nodes `depth` plies below `pos`.
pub(crate) fn perft(pos: &VariantPosition, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => count(pos),
        _ => {
            let mut child = pos.clone();
            let mut walk = Walk {
                pos: &mut child,
                depth: depth - 1,
                nodes: 0,
            };
            generate(pos, &mut walk);
            walk.nodes
        }
    }
}

/// The number of legal moves, counted without listing them.
pub(crate) fn count(pos: &VariantPosition) -> u64 {
    let mut c = Counter(0);
    generate(pos, &mut c);
    c.0
}

/// Plays each move on `pos` (a copy of the node the generator reads), counts below it and
/// takes it back.
struct Walk<'a> {
    pos: &'a mut VariantPosition,
    depth: u32,
    nodes: u64,
}

impl Walk<'_> {
    #[inline(always)]
    fn visit(&mut self, m: Move) {
        let undo = make(self.pos, m);
        self.nodes += perft(self.pos, self.depth);
        unmake(self.pos, m, undo);
    }
}

impl Visitor for Walk<'_> {
    #[inline(always)]
    fn special(&mut self, m: Move) {
        self.visit(m);
    }
}
