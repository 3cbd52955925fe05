//! The `serde` feature: a position is its FEN, validated when read back.

#![allow(clippy::unwrap_used)]

use chessbits_position::Position;

#[test]
fn a_position_is_its_fen() {
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let pos = Position::from_fen(fen).unwrap();
    let json = serde_json::to_string(&pos).unwrap();
    assert_eq!(json, format!("\"{fen}\""));
    assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), pos);
    // Two white kings: the FEN reads but the position does not validate.
    let bad = serde_json::from_str::<Position>(r#""KK6/8/8/8/8/8/8/7k w - - 0 1""#);
    assert!(bad.is_err());
}
