//! `VariantPosition::pseudo_legal_moves` on positions whose answers python-chess 1.11 gives
//! (`board.pseudo_legal_moves`), and `VariantPosition::set_pockets`.

use chessbits_movegen::variant::VariantPosition;
use chessbits_position::Variant;

fn pseudo(variant: Variant, fen: &str) -> Vec<String> {
    let pos = match VariantPosition::from_fen(variant, fen) {
        Ok(pos) => pos,
        Err(e) => panic!("{fen}: {e}"),
    };
    let mut ucis: Vec<String> = pos
        .pseudo_legal_moves()
        .into_iter()
        .map(|m| pos.uci(m))
        .collect();
    ucis.sort();
    ucis
}

#[test]
fn antichess_promotes_to_a_king_too() {
    assert_eq!(
        pseudo(Variant::Antichess, "8/4P3/8/8/8/8/8/7r w - - 0 1"),
        ["e7e8b", "e7e8k", "e7e8n", "e7e8q", "e7e8r"]
    );
}

#[test]
fn counts_as_python_chess() {
    let cases = [
        (Variant::Horde, Variant::Horde.starting_fen(), 8),
        // No drops among crazyhouse's pseudo-legal moves; castling is there.
        (
            Variant::Crazyhouse,
            "r3k2r/8/8/8/8/8/8/R3K2R[Nn] w KQkq - 0 1",
            26,
        ),
        (Variant::Atomic, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", 26),
    ];
    for (variant, fen, n) in cases {
        let moves = pseudo(variant, fen);
        assert_eq!(moves.len(), n, "{variant} {fen}: {moves:?}");
        if variant != Variant::Horde {
            assert!(moves.iter().any(|m| m == "e1g1"), "{fen}");
        }
    }
}

#[test]
fn generated_after_the_variant_end_too() {
    // A king on the hill: no legal move, the pseudo-legal ones remain.
    let fen = "4k3/8/8/3K4/8/8/8/8 b - - 0 1";
    let pos = match VariantPosition::from_fen(Variant::KingOfTheHill, fen) {
        Ok(pos) => pos,
        Err(e) => panic!("{e}"),
    };
    assert!(pos.legal_moves().is_empty());
    assert_eq!(pos.pseudo_legal_moves().len(), 5);
}

#[test]
fn set_pockets_gives_drops_in_crazyhouse_only() {
    use chessbits_bitboard_core::{Color, Role};
    use chessbits_position::Pockets;
    let mut pockets = Pockets::new();
    pockets.add(Color::White, Role::Knight);
    let mut zh = VariantPosition::new(Variant::Crazyhouse);
    zh.set_pockets(pockets);
    assert_eq!(zh.pockets().count(Color::White, Role::Knight), 1);
    // 20 moves and a knight onto each of the 32 empty squares.
    assert_eq!(zh.legal_moves().len(), 20 + 32);
    assert!(zh.fen().contains("[N]"));
    let mut koth = VariantPosition::new(Variant::KingOfTheHill);
    koth.set_pockets(pockets);
    assert!(koth.pockets().is_empty());
    assert_eq!(koth.legal_moves().len(), 20);
}
