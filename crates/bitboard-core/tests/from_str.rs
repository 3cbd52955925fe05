//! Every public enum reads back what its `Display` writes, and rejects other text with a
//! typed error that names the text.

#![allow(clippy::unwrap_used)]

use chessbits_bitboard_core::{Color, File, Move, Piece, Rank, Role, Square};

#[test]
fn display_then_from_str_is_the_identity() {
    for c in Color::ALL {
        assert_eq!(c.to_string().parse::<Color>(), Ok(c));
        assert_eq!(c.char().to_string().parse::<Color>(), Ok(c));
    }
    for r in Role::ALL {
        assert_eq!(r.to_string().parse::<Role>(), Ok(r));
        assert_eq!(r.to_string().to_uppercase().parse::<Role>(), Ok(r));
        assert_eq!(r.char().to_string().parse::<Role>(), Ok(r));
        for c in Color::ALL {
            let p = r.of(c);
            assert_eq!(p.to_string().parse::<Piece>(), Ok(p));
        }
    }
    for f in File::ALL {
        assert_eq!(f.to_string().parse::<File>(), Ok(f));
    }
    for r in Rank::ALL {
        assert_eq!(r.to_string().parse::<Rank>(), Ok(r));
    }
    for sq in Square::ALL {
        assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
    }
}

#[test]
fn other_text_is_a_typed_error_naming_it() {
    for bad in ["", "x", "whit", "ww", "é"] {
        let e = bad.parse::<Color>().unwrap_err();
        assert!(e.to_string().contains(&format!("{bad:?}")), "{e}");
    }
    assert!("pawns".parse::<Role>().is_err());
    assert!("Kk".parse::<Piece>().is_err());
    assert!("X".parse::<Piece>().is_err());
    assert!("i".parse::<File>().is_err());
    assert!("9".parse::<Rank>().is_err());
    assert!("10".parse::<Rank>().is_err());
}

#[test]
fn moves_order_by_their_bits() {
    let mut moves: Vec<Move> = ["e2e4", "a2a3", "g1f3"]
        .iter()
        .map(|s| s.parse().unwrap())
        .collect();
    moves.sort();
    let bits: Vec<u16> = moves.iter().map(|m| m.to_bits()).collect();
    assert!(bits.windows(2).all(|w| w[0] < w[1]));
}
