//! The castling field against every king and rook square: every letter (`KQkq`, `A`-`H`,
//! `a`-`h`) with the king of its colour on each of the 64 squares and a rook of that colour
//! on each other square. Nothing may panic (the test profile keeps overflow checks on), a
//! letter names one rook square on its colour's back rank, and a right that validates has
//! its king and rook where the letter says.

#![allow(clippy::unwrap_used)]

use chessbits_bitboard_core::{Bitboard, Color, File, Piece, Rank, Role, Square};
use chessbits_position::{CastlingMode, CastlingSide, Position, Setup};

fn fen(pieces: &[(Square, Piece)], castling: char) -> String {
    let mut board = chessbits_position::Board::empty();
    for &(sq, piece) in pieces {
        board.put(sq, piece);
    }
    let mut s = String::new();
    board.write_fen(&mut s).unwrap();
    format!("{s} w {castling} - 0 1")
}

#[test]
fn every_letter_against_every_king_and_rook_square() {
    let letters = "KQkqABCDEFGHabcdefgh";
    let mut validated = 0u32;
    for letter in letters.chars() {
        let color = Color::from_white(letter.is_ascii_uppercase());
        let back = if color == Color::White {
            Rank::First
        } else {
            Rank::Eighth
        };
        for king in Square::ALL {
            for rook in Square::ALL {
                if rook == king {
                    continue;
                }
                // The other king out of the way: not next to the king, not on the rook's
                // lines (a check the validation would report before the castling field).
                let apart = |a: Square, b: Square| {
                    (a.file() as i32 - b.file() as i32).abs() > 1
                        || (a.rank() as i32 - b.rank() as i32).abs() > 1
                };
                let Some(other) = [Square::A4, Square::H5, Square::D4, Square::E5]
                    .into_iter()
                    .find(|&s| {
                        apart(s, king)
                            && s != rook
                            && s.file() != rook.file()
                            && s.rank() != rook.rank()
                    })
                else {
                    continue;
                };
                let pieces = [
                    (king, Role::King.of(color)),
                    (rook, Role::Rook.of(color)),
                    (other, Role::King.of(color.other())),
                ];
                let text = fen(&pieces, letter);
                let setup = Setup::from_ascii(text.as_bytes()).unwrap();
                let rights = setup.castling_rights;
                assert_eq!(rights.count(), 1, "{text}");
                let right = rights.lsb().unwrap();
                assert_eq!(right.rank(), back, "{text}");
                if let Some(file) = File::from_char(letter.to_ascii_lowercase()) {
                    assert_eq!(right.file(), file, "{text}");
                }
                for mode in [CastlingMode::Standard, CastlingMode::Chess960] {
                    let Ok(pos) = Position::from_setup(&setup, mode) else {
                        assert!(Position::from_setup_lenient(&setup, mode).is_ok(), "{text}");
                        continue;
                    };
                    validated += 1;
                    assert_eq!(right, rook, "{text}");
                    assert_eq!(king.rank(), back, "{text}");
                    let side = CastlingSide::of_rook(king, rook);
                    assert_eq!(pos.castles().rook(color, side), Some(rook), "{text}");
                    match letter.to_ascii_lowercase() {
                        'k' => assert!(rook.file() > king.file(), "{text}"),
                        'q' => assert!(rook.file() < king.file(), "{text}"),
                        _ => {}
                    }
                    // Written back and read again, the right is the same.
                    let again = Position::from_fen_with(&pos.fen(), mode).unwrap();
                    assert_eq!(again.castles(), pos.castles(), "{text}");
                }
            }
        }
    }
    // What validates: per colour, `K` with the king on any back-rank file and the rook to
    // its right is 28 Chess960 rights plus e1-h1 in standard chess (29), `Q` the same (29),
    // and each file letter 7 king files in Chess960 plus e-a/e-h in standard for `a`/`h`
    // (8 * 7 + 2 = 58): 116 per colour.
    assert_eq!(validated, 232);
}

/// The FEN of the report: a king on h8 and `k`. The shift that finds rooks beyond the king
/// overflowed; now it is a typed error naming the h8 rook square the letter defaults to.
#[test]
fn king_on_h8_with_k() {
    let setup = Setup::from_ascii(b"7k/8/8/8/8/8/8/K7 w k").unwrap();
    assert_eq!(setup.castling_rights, Bitboard::from_square(Square::H8));
    let err = Position::from_setup(&setup, CastlingMode::Standard).unwrap_err();
    assert_eq!(
        err,
        chessbits_position::PositionError::InvalidCastlingRight { rook: Square::H8 }
    );
    assert!(err.to_string().contains("h8"), "{err}");
}
