//! The peers' perft, written the same way for each library and shared by the perft
//! benchmarks (`benches/perft.rs`, `benches/perft_interleaved.rs`) and the whole-process
//! peer `perft_peer` (`src/bin/perft_peer.rs`): cozy-chess and shakmaty copy the position
//! and play the move on the copy (their way); chessbits makes and unmakes each
//! node's moves on one copy of its position.
//!
//! `shakmaty_hash_full` is shakmaty keeping a Polyglot hash with every move, the work
//! chessbits' `Position` always does: `update_zobrist_hash` before each `play_unchecked`,
//! and the hash computed from scratch where shakmaty has no incremental update (a move
//! that changes castling rights or the en-passant square, and every move from a position
//! with an en-passant square), as its documentation says to.

use std::hint::black_box;

use shakmaty::zobrist::Zobrist64;
use shakmaty::{EnPassantMode, Position};

/// The cozy-chess board of a FEN.
///
/// # Panics
///
/// When the FEN is not one cozy-chess reads.
pub fn cozy_board(fen: &str) -> cozy_chess::Board {
    fen.parse().expect("valid FEN")
}

/// The shakmaty position of a FEN (standard castling).
///
/// # Panics
///
/// When the FEN is not a legal position for shakmaty.
pub fn shakmaty_pos(fen: &str) -> shakmaty::Chess {
    use shakmaty::fen::Fen;
    let fen: Fen = fen.parse().expect("valid FEN");
    fen.into_position(shakmaty::CastlingMode::Standard)
        .expect("legal position")
}

/// The shakmaty variant position of a FEN: `variant` is a name python-chess's
/// `uci_variant` uses (`atomic`, `antichess`, `crazyhouse`, `kingofthehill`, `3check`,
/// `horde`, `racingkings`, `chess`); `None` for another name.
///
/// # Panics
///
/// When the FEN is not a legal position of the variant for shakmaty.
pub fn shakmaty_variant_pos(
    variant: &str,
    fen: &str,
) -> Option<shakmaty::variant::VariantPosition> {
    use shakmaty::fen::Fen;
    use shakmaty::variant::{Variant, VariantPosition};
    let variant = match variant {
        "chess" => Variant::Chess,
        "atomic" => Variant::Atomic,
        "antichess" => Variant::Antichess,
        "crazyhouse" => Variant::Crazyhouse,
        "kingofthehill" => Variant::KingOfTheHill,
        "3check" => Variant::ThreeCheck,
        "horde" => Variant::Horde,
        "racingkings" => Variant::RacingKings,
        _ => return None,
    };
    let fen: Fen = fen.parse().expect("valid FEN");
    Some(
        VariantPosition::from_setup(variant, fen.into_setup(), shakmaty::CastlingMode::Standard)
            .expect("legal position"),
    )
}

/// cozy-chess with bulk counting: the last ply is counted, not played.
pub fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
    } else {
        board.generate_moves(|moves| {
            for m in moves {
                let mut next = board.clone();
                next.play_unchecked(m);
                nodes += cozy_perft(&next, depth - 1);
            }
            false
        });
    }
    nodes
}

/// cozy-chess without bulk counting: every leaf is played on a copy.
pub fn cozy_full(board: &cozy_chess::Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    board.generate_moves(|moves| {
        for m in moves {
            let mut next = board.clone();
            next.play_unchecked(m);
            nodes += cozy_full(&next, depth - 1);
        }
        false
    });
    nodes
}

/// shakmaty without bulk counting: every leaf is played.
pub fn shakmaty_full(pos: &shakmaty::Chess, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    for m in pos.legal_moves() {
        let mut next = pos.clone();
        next.play_unchecked(m);
        nodes += shakmaty_full(&next, depth - 1);
    }
    nodes
}

/// The Polyglot hash of a shakmaty position (the en-passant square counted when a pawn
/// attacks it, as Polyglot and chessbits count it).
pub fn shakmaty_hash(pos: &shakmaty::Chess) -> Zobrist64 {
    pos.zobrist_hash(EnPassantMode::PseudoLegal)
}

/// [`shakmaty_full`] keeping the Polyglot hash `hash` of `pos` with every move; each
/// leaf's hash is passed to `black_box`, so that none of its work is optimised away.
pub fn shakmaty_hash_full(pos: &shakmaty::Chess, hash: Zobrist64, depth: u32) -> u64 {
    if depth == 0 {
        black_box(hash);
        return 1;
    }
    let mut nodes = 0;
    for m in pos.legal_moves() {
        let incremental = pos.update_zobrist_hash(hash, m, EnPassantMode::PseudoLegal);
        let mut next = pos.clone();
        next.play_unchecked(m);
        let hash = incremental.unwrap_or_else(|| shakmaty_hash(&next));
        nodes += shakmaty_hash_full(&next, hash, depth - 1);
    }
    nodes
}
