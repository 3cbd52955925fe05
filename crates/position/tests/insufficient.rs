//! `Board::has_insufficient_material` per side, against python-chess's rule on hand-made
//! placements (the oracle's answers were read from python-chess 1.11).

use chessbits_bitboard_core::Color;
use chessbits_position::{Board, Setup};

fn board(fen: &str) -> Board {
    Setup::from_ascii(fen.as_bytes())
        .expect("the test FENs are well formed")
        .board
}

#[test]
fn per_side_insufficient_material_follows_python_chess() {
    // (placement, white insufficient, black insufficient), from python-chess 1.11.
    let cases = [
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", true, true),
        ("4k3/8/8/8/8/8/8/4KN2 w - - 0 1", true, true),
        ("4k3/8/8/8/8/8/8/3NKN2 w - - 0 1", false, true),
        ("4kn2/8/8/8/8/8/8/4KN2 w - - 0 1", false, false),
        ("4kq2/8/8/8/8/8/8/4KN2 w - - 0 1", true, false),
        ("4k3/8/8/8/8/8/8/4KB2 w - - 0 1", true, true),
        ("4kb2/8/8/8/8/8/8/4KB2 w - - 0 1", false, false),
        ("4k1b1/8/8/8/8/8/8/4KB2 w - - 0 1", true, true),
        ("4k3/p7/8/8/8/8/8/4KB2 w - - 0 1", false, false),
        ("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", false, true),
    ];
    for (fen, w, b) in cases {
        let bd = board(fen);
        assert_eq!(bd.has_insufficient_material(Color::White), w, "{fen} white");
        assert_eq!(bd.has_insufficient_material(Color::Black), b, "{fen} black");
    }
}
