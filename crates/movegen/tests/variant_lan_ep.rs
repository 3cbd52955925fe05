//! `VariantPosition::ep_square` (the square after every double push, as python-chess's
//! `ep_square`) and `san::write_lan_plus` (LAN of a variant move from its `SanPlus`, the
//! spelling `write_lan` gives for standard positions).

use chessbits_movegen::san::{write_lan, write_lan_plus, SanPlus};
use chessbits_movegen::variant::VariantPosition;
use chessbits_position::{Position, Variant};

fn play(pos: &VariantPosition, uci: &str) -> VariantPosition {
    let m = pos.parse_uci(uci.as_bytes()).expect("legal");
    pos.play_unchecked(m)
}

fn lan(pos: &VariantPosition, uci: &str) -> String {
    let m = pos.parse_uci(uci.as_bytes()).expect("legal");
    let mut out = String::new();
    write_lan_plus(pos.san_plus(m), m, &mut out);
    out
}

#[test]
fn ep_square_is_kept_after_every_double_push() {
    let start = VariantPosition::new(Variant::Atomic);
    assert_eq!(start.ep_square(), None);
    let after = play(&start, "e2e4");
    assert_eq!(
        after.ep_square().map(|s| s.to_string()),
        Some("e3".to_string())
    );
    assert_eq!(after.legal_ep_square(), None);
    let after = play(&after, "g8f6");
    assert_eq!(after.ep_square(), None);
}

#[test]
fn lan_of_variant_moves() {
    let start = VariantPosition::new(Variant::Atomic);
    assert_eq!(lan(&start, "g1f3"), "Ng1-f3");
    assert_eq!(lan(&start, "e2e4"), "e2-e4");
    let zh = VariantPosition::from_fen(Variant::Crazyhouse, "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1")
        .expect("fen");
    assert_eq!(lan(&zh, "N@d6"), "N@d6+");
    let koth = VariantPosition::from_fen(Variant::KingOfTheHill, "4k3/8/8/8/8/8/3K4/8 w - - 0 1")
        .expect("fen");
    assert_eq!(lan(&koth, "d2d3"), "Kd2-d3");
    assert_eq!(lan(&play(&koth, "d2d3"), "e8e7"), "Ke8-e7");
}

#[test]
fn write_lan_plus_is_write_lan_on_standard_positions() {
    let pos = Position::new();
    for m in chessbits_movegen::legal_moves(&pos).iter() {
        let (mut a, mut b) = (String::new(), String::new());
        write_lan(&pos, *m, &mut a);
        write_lan_plus(SanPlus::from_move(&pos, *m), *m, &mut b);
        assert_eq!(a, b);
    }
}
