//! What the perft benchmarks share (`perft.rs`, criterion, and `perft_interleaved.rs`):
//! the positions with their published counts, and the peers' perft functions written the
//! same way for each library (cozy-chess and shakmaty copy the position and play the move
//! on the copy; chessbits makes and unmakes on one position).
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

pub(crate) fn chessbits_pos(fen: &str) -> chessbits_position::Position {
    chessbits_position::Position::from_fen(fen).expect("valid FEN")
}

pub(crate) fn cozy_board(fen: &str) -> cozy_chess::Board {
    fen.parse().expect("valid FEN")
}

pub(crate) fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
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

pub(crate) fn shakmaty_pos(fen: &str) -> shakmaty::Chess {
    use shakmaty::fen::Fen;
    let fen: Fen = fen.parse().expect("valid FEN");
    fen.into_position(shakmaty::CastlingMode::Standard)
        .expect("legal position")
}

/// cozy-chess without bulk counting: every leaf is played on a copy.
pub(crate) fn cozy_full(board: &cozy_chess::Board, depth: u32) -> u64 {
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
pub(crate) fn shakmaty_full(pos: &shakmaty::Chess, depth: u32) -> u64 {
    use shakmaty::Position;
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
