//! The reference hashes published with the Polyglot book format.

#![allow(clippy::unwrap_used)]

use chessbits_bitboard_core::Move;
use chessbits_position::Position;

fn play_uci(moves: &str) -> Position {
    let mut pos = Position::new();
    for uci in moves.split_whitespace() {
        let m = pos.move_from_uci(uci.parse::<Move>().unwrap());
        let _ = pos.make_unchecked(m);
        assert_eq!(pos.zobrist_hash(), pos.compute_hash(), "after {uci}");
    }
    pos
}

#[test]
fn polyglot_reference_hashes() {
    let cases = [
        ("", 0x463b96181691fc9c_u64),
        ("e2e4", 0x823c9b50fd114196),
        ("e2e4 d7d5", 0x0756b94461c50fb0),
        ("e2e4 d7d5 e4e5", 0x662fafb965db29d4),
        ("e2e4 d7d5 e4e5 f7f5", 0x22a48b5a8e47ff78),
        ("e2e4 d7d5 e4e5 f7f5 e1e2", 0x652a607ca3f242c1),
        ("e2e4 d7d5 e4e5 f7f5 e1e2 e8f7", 0x00fdd303c946bdd9),
        ("a2a4 b7b5 h2h4 b5b4 c2c4", 0x3c8123ea7b067637),
        ("a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3", 0x5c3f9b829b279560),
    ];
    for (moves, expected) in cases {
        let pos = play_uci(moves);
        assert_eq!(
            pos.zobrist_hash(),
            expected,
            "after '{moves}': {}",
            pos.fen()
        );
    }
}

#[test]
fn hashes_from_fen_match_played() {
    // The same positions read from FEN hash the same as when reached by moves.
    let played = play_uci("e2e4 d7d5 e4e5 f7f5");
    let read = Position::from_fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3")
        .unwrap();
    assert_eq!(read.zobrist_hash(), played.zobrist_hash());
    assert_eq!(read.fen(), played.fen());
    assert_eq!(
        played.fen(),
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"
    );
}
