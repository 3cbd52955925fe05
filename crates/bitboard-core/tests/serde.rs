//! The `serde` feature: every type writes readable text and reads back what it wrote.

#![allow(clippy::unwrap_used)]

use chessbits_bitboard_core::{
    Bitboard, Color, Direction, File, Move, MoveKind, Piece, Rank, Role, Square,
};

fn round_trip<T>(value: T, json: &str)
where
    T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
{
    assert_eq!(serde_json::to_string(&value).unwrap(), json);
    assert_eq!(serde_json::from_str::<T>(json).unwrap(), value);
}

#[test]
fn readable_and_lossless() {
    round_trip(Square::E4, r#""e4""#);
    round_trip(Move::normal(Square::E2, Square::E4), r#""e2e4""#);
    round_trip(
        Move::promote(Square::E7, Square::E8, Role::Queen),
        r#""e7e8q""#,
    );
    round_trip(Move::castle(Square::E1, Square::H1), r#""e1h1 castle""#);
    round_trip(
        Move::en_passant(Square::E5, Square::D6),
        r#""e5d6 en-passant""#,
    );
    round_trip(Role::Knight.of(Color::Black), r#""n""#);
    round_trip(Color::White, r#""white""#);
    round_trip(Role::Queen, r#""queen""#);
    round_trip(File::C, r#""c""#);
    round_trip(Rank::Eighth, r#""8""#);
    round_trip(Direction::SouthWest, r#""south-west""#);
    round_trip(MoveKind::Promotion(Role::Rook), r#""promotion-r""#);
    round_trip(Bitboard(0x8100_0000_0000_0081), "9295429630892703873");
    round_trip(vec![Square::A1, Square::H8], r#"["a1","h8"]"#);
}

#[test]
fn bad_text_is_an_error_that_says_why() {
    let e = serde_json::from_str::<Square>(r#""i9""#).unwrap_err();
    assert!(e.to_string().contains("i9"), "{e}");
    assert!(serde_json::from_str::<Move>(r#""e2e4 castle castle""#).is_err());
    assert!(serde_json::from_str::<Move>(r#""e7e8q castle""#).is_err());
    assert!(serde_json::from_str::<Piece>("3").is_err());
}
