//! The FEN writers agree: `write_fen_to` into a byte sink (`Vec<u8>`, `String`) writes what
//! `fen_with` writes, for every castling notation and en-passant mode, on positions with
//! every field in play (en passant legal or not, Chess960 rights, long clocks).

#![allow(clippy::unwrap_used)]

use chessbits_position::{CastlingMode, CastlingNotation, EnPassantMode, Position, Setup};

const FENS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 99 4321",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "2r1kr2/8/8/8/8/8/8/1R2K1R1 w GBfc - 0 1",
    "4k3/8/8/8/8/8/8/4K3 b - - 0 200",
];

#[test]
fn byte_sinks_get_what_fen_with_writes() {
    for fen in FENS {
        let setup: Setup = fen.parse().unwrap();
        let mode = CastlingMode::detect(&setup);
        let pos = Position::from_setup(&setup, mode).unwrap();
        for notation in [CastlingNotation::XFen, CastlingNotation::Shredder] {
            for ep in [EnPassantMode::Legal, EnPassantMode::PseudoLegal] {
                let expected = pos.fen_with(notation, ep);
                let mut bytes = b"before ".to_vec();
                pos.write_fen_to(&mut bytes, notation, ep);
                assert_eq!(bytes, format!("before {expected}").into_bytes(), "{fen}");
                let mut text = String::new();
                pos.write_fen_to(&mut text, notation, ep);
                assert_eq!(text, expected, "{fen}");
            }
        }
    }
}
