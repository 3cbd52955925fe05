//! What the perft benchmarks share (`perft.rs`, criterion, and `perft_interleaved.rs`):
//! the positions with their published counts, and the peers' perft functions (from the
//! library's `peers` module, which the whole-process peer `perft_peer` also runs: cozy-chess
//! and shakmaty copy the position and play the move on the copy; chessbits makes and
//! unmakes each node's moves on one copy of its position).
#![allow(dead_code)] // each bench target uses its own part

pub(crate) const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
pub(crate) const KIWIPETE: &str =
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// (label, FEN, depth, nodes) with bulk counting.
pub(crate) const BULK: &[(&str, &str, u32, u64)] = &[
    ("start-6", START, 6, 119_060_324),
    ("kiwipete-5", KIWIPETE, 5, 193_690_690),
];

/// (label, FEN, depth, nodes) with every leaf made.
pub(crate) const FULL: &[(&str, &str, u32, u64)] = &[
    ("start-5", START, 5, 4_865_609),
    ("kiwipete-4", KIWIPETE, 4, 4_085_603),
];

#[allow(unused_imports)] // each bench target uses its own part
pub(crate) use benches::peers::{
    cozy_board, cozy_full, cozy_perft, shakmaty_full, shakmaty_hash, shakmaty_hash_full,
    shakmaty_pos,
};

pub(crate) fn chessbits_pos(fen: &str) -> chessbits_position::Position {
    chessbits_position::Position::from_fen(fen).expect("valid FEN")
}
