//! Shared by the fuzz targets: a pool of positions with every special rule in reach
//! (castling both ways and in Chess960, en passant legal and pinned, promotions, check,
//! double check), chosen by the input's first byte.

use chessbits_position::{CastlingMode, Position};

const POOL: [(&str, CastlingMode); 12] = [
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        CastlingMode::Standard,
    ),
    (
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        CastlingMode::Standard,
    ),
    (
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
        CastlingMode::Standard,
    ),
    (
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        CastlingMode::Standard,
    ),
    ("8/8/8/KPp4r/8/8/8/k7 w - c6 0 1", CastlingMode::Standard),
    (
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        CastlingMode::Standard,
    ),
    (
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        CastlingMode::Standard,
    ),
    (
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1",
        CastlingMode::Standard,
    ),
    ("4k3/8/8/1b6/8/3n4/8/4K3 w - - 0 1", CastlingMode::Standard),
    (
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        CastlingMode::Standard,
    ),
    (
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        CastlingMode::Chess960,
    ),
    (
        "2r1kr2/8/8/8/8/8/8/1R2K1R1 w GBfc - 0 1",
        CastlingMode::Chess960,
    ),
];

/// The position the first byte of `data` picks, and the rest of the input.
pub fn position_and_rest(data: &[u8]) -> (Position, &[u8]) {
    let (first, rest) = match data.split_first() {
        Some((&b, rest)) => (b, rest),
        None => (0, data),
    };
    let (fen, mode) = POOL[usize::from(first) % POOL.len()];
    let pos = Position::from_fen_with(fen, mode).expect("the pool's FENs are valid");
    (pos, rest)
}
