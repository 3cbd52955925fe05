//! UCI move notation: `e2e4`, `e7e8q`, castling as `e1g1` (standard chess) or king takes
//! rook (`e1h1`, Chess960), `0000` for a null move.

use alloc::borrow::ToOwned;
use alloc::string::{String, ToString};

use chessbits_bitboard_core::Move;
use chessbits_position::Position;

/// Why UCI text does not give a legal move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum UciError {
    /// The text is not UCI notation.
    #[error(transparent)]
    Syntax(#[from] chessbits_bitboard_core::ParseMoveError),
    /// The move is not legal in the position.
    #[error("illegal move {0}")]
    Illegal(String),
}

/// The legal move UCI text means in `pos`. Castling is read both as `e1g1` and as king
/// takes rook; a pawn's diagonal step onto the en-passant square is en passant.
pub fn uci_to_move(pos: &Position, text: &[u8]) -> Result<Move, UciError> {
    let raw = Move::from_uci_ascii(text)?;
    if raw.is_null() {
        return if pos.is_check() {
            Err(UciError::Illegal("0000".to_owned()))
        } else {
            Ok(Move::NULL)
        };
    }
    let m = pos.move_from_uci(raw);
    if crate::is_legal(pos, m) {
        Ok(m)
    } else {
        Err(UciError::Illegal(
            String::from_utf8_lossy(text).into_owned(),
        ))
    }
}

/// The UCI text of `m` in `pos`: castling as `e1g1` in standard chess, as king takes rook
/// in Chess960.
#[must_use]
pub fn move_to_uci(pos: &Position, m: Move) -> String {
    m.uci(pos.mode().is_chess960()).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use chessbits_bitboard_core::Square;

    #[test]
    fn round_trips() {
        let pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").expect("fen");
        let m = uci_to_move(&pos, b"e1g1").expect("castling");
        assert_eq!(m, Move::castle(Square::E1, Square::H1));
        assert_eq!(move_to_uci(&pos, m), "e1g1");
        assert_eq!(uci_to_move(&pos, b"e1h1"), Ok(m));
        assert!(matches!(
            uci_to_move(&pos, b"e1e3"),
            Err(UciError::Illegal(_))
        ));
        assert!(matches!(uci_to_move(&pos, b"e1"), Err(UciError::Syntax(_))));
        assert_eq!(uci_to_move(&pos, b"0000"), Ok(Move::NULL));
    }
}
