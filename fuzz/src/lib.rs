//! Shared by the fuzz targets: a pool of positions with every special rule in reach
//! (castling both ways and in Chess960, en passant legal and pinned, promotions, check,
//! double check), chosen by the input's first byte.

use chessbits_movegen::variant::VariantPosition;
use chessbits_position::{CastlingMode, Position, Variant};

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

/// Variant positions with each variant's rules in reach (explosions next to kings,
/// forced captures and king promotions, drops with full pockets and promoted pieces, the
/// hill, a last check, the horde's first-rank pawns, the race's last rank).
const VARIANT_POOL: [(Variant, &str); 12] = [
    (
        Variant::Atomic,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (Variant::Atomic, "8/8/8/8/8/8/2k5/rR4KR w KQ - 0 1"),
    (Variant::Antichess, "8/1P6/8/8/8/8/6p1/8 w - - 0 1"),
    (
        Variant::Antichess,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
    ),
    (
        Variant::Crazyhouse,
        "2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - - 0 1",
    ),
    (
        Variant::Crazyhouse,
        "4k3/1Q~6/8/8/4b3/8/Kpp5/8[Nn] b - - 0 1",
    ),
    (Variant::KingOfTheHill, "8/8/8/4k3/8/3K4/8/8 w - - 0 1"),
    (
        Variant::ThreeCheck,
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 1+1 0 1",
    ),
    (
        Variant::Horde,
        "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1",
    ),
    (
        Variant::Horde,
        "4k3/pp4q1/3P2p1/8/P3PP2/PPP2r2/PPP5/PPPP4 b - - 0 1",
    ),
    (
        Variant::RacingKings,
        "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1",
    ),
    (Variant::RacingKings, "4brn1/2K2k2/8/8/8/8/8/8 w - - 0 1"),
];

/// The variant position the first byte of `data` picks, and the rest of the input.
pub fn variant_position_and_rest(data: &[u8]) -> (VariantPosition, &[u8]) {
    let (first, rest) = match data.split_first() {
        Some((&b, rest)) => (b, rest),
        None => (0, data),
    };
    let (variant, fen) = VARIANT_POOL[usize::from(first) % VARIANT_POOL.len()];
    let pos = VariantPosition::from_fen(variant, fen).expect("the pool's FENs are valid");
    (pos, rest)
}
