//! The checked way to play a move from outside the engine: a GUI, a file, a user. Each
//! method proves the move legal first (with [`is_legal`](crate::is_legal), the one legality
//! rule of the crate) and leaves the position unchanged when it is not, with an error that
//! names the move and the position's FEN.
//!
//! The unchecked fast paths stay on the position itself, for moves that come from the
//! generator: `Position::make_unchecked`, `Position::play_unchecked`.

use alloc::string::String;

use chessbits_bitboard_core::Move;
use chessbits_position::{Position, Undo};

use crate::san::{SanError, SanMode, SanPlus};
use crate::uci::{uci_to_move, UciError};

/// Why a move could not be played. Every kind names the position (as FEN) it was tried in.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlayError {
    /// The move is not legal in the position.
    #[error("illegal move {uci} in {fen}")]
    Illegal {
        /// The move.
        mv: Move,
        /// The move in UCI notation (as the position's castling mode writes it).
        uci: String,
        /// The position.
        fen: String,
    },
    /// SAN text that is malformed, illegal or ambiguous here.
    #[error("{san:?}: {source} in {fen}")]
    San {
        /// The text as given (lossily decoded when it is not UTF-8).
        san: String,
        /// Why it gives no move.
        source: SanError,
        /// The position.
        fen: String,
    },
    /// UCI text that is malformed or illegal here.
    #[error("{uci:?}: {source} in {fen}")]
    Uci {
        /// The text as given (lossily decoded when it is not UTF-8).
        uci: String,
        /// Why it gives no move.
        source: UciError,
        /// The position.
        fen: String,
    },
}

/// Checked moves on a [`Position`]. In scope with `use chessbits_movegen::Play;`.
///
/// ```
/// use chessbits_movegen::{Play, PlayError};
/// use chessbits_position::Position;
///
/// let mut pos = Position::new();
/// pos.play_san("e4")?;
/// pos.play_uci("e7e5")?;
/// assert_eq!(pos.fen(), "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
///
/// // An illegal move is an error that names it, and the position is unchanged.
/// let e2e5 = "e2e5".parse()?;
/// let err = pos.try_play(e2e5).unwrap_err();
/// assert!(matches!(err, PlayError::Illegal { .. }));
/// assert_eq!(
///     err.to_string(),
///     "illegal move e2e5 in rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
/// );
/// assert_eq!(pos.fen(), "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Play {
    /// Plays `m` in place if it is legal, returning what `Position::unmake` needs to take it
    /// back; otherwise leaves the position as it was. A null move is not legal here (use
    /// `Position::make_null`).
    fn try_play(&mut self, m: Move) -> Result<Undo, PlayError>;

    /// The position after `m` if it is legal (copy-make).
    fn play(&self, m: Move) -> Result<Position, PlayError>;

    /// Reads SAN (leniently: the forms real files contain) and plays it in place; returns the
    /// move. `--` (and `Z0`) pass the turn when the side to move is not in check.
    fn play_san(&mut self, san: &str) -> Result<Move, PlayError>;

    /// Reads UCI (`e2e4`, `e7e8q`, castling as `e1g1` or king takes rook) and plays it in
    /// place; returns the move. `0000` passes the turn when the side to move is not in check.
    fn play_uci(&mut self, uci: &str) -> Result<Move, PlayError>;
}

impl Play for Position {
    fn try_play(&mut self, m: Move) -> Result<Undo, PlayError> {
        if crate::is_legal(self, m) {
            Ok(self.make_unchecked(m))
        } else {
            Err(PlayError::Illegal {
                mv: m,
                uci: crate::move_to_uci(self, m),
                fen: self.fen(),
            })
        }
    }

    fn play(&self, m: Move) -> Result<Position, PlayError> {
        let mut next = self.clone();
        let _ = next.try_play(m)?;
        Ok(next)
    }

    fn play_san(&mut self, san: &str) -> Result<Move, PlayError> {
        let error = |pos: &Position, source| PlayError::San {
            san: san.into(),
            source,
            fen: pos.fen(),
        };
        let m = SanPlus::from_ascii_with(san.as_bytes(), SanMode::Lenient)
            .and_then(|s| s.san.to_move(self, SanMode::Lenient))
            .map_err(|e| error(self, e))?;
        play_checked(self, m);
        Ok(m)
    }

    fn play_uci(&mut self, uci: &str) -> Result<Move, PlayError> {
        let m = uci_to_move(self, uci.as_bytes()).map_err(|source| PlayError::Uci {
            uci: uci.into(),
            source,
            fen: self.fen(),
        })?;
        play_checked(self, m);
        Ok(m)
    }
}

/// Plays a move the notation layer has already proven legal (a null move only when not in
/// check, as both notations' decoders ensure).
fn play_checked(pos: &mut Position, m: Move) {
    if m.is_null() {
        let _ = pos.make_null();
    } else {
        let _ = pos.make_unchecked(m);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn illegal_moves_leave_the_position_unchanged() {
        let mut pos = Position::new();
        let before = pos.clone();
        for uci in ["e2e5", "e1g1", "a1a3", "e7e5", "d1d3"] {
            let m: Move = uci.parse().unwrap_or(Move::NULL);
            let err = pos.try_play(m).unwrap_err();
            assert!(err.to_string().contains(pos.fen().as_str()), "{err}");
            assert_eq!(pos, before);
            assert!(pos.play(m).is_err());
            assert!(pos.play_uci(uci).is_err(), "{uci}");
            assert_eq!(pos, before);
        }
        assert!(pos.try_play(Move::NULL).is_err());
        for san in ["e5", "Ke2", "O-O", "Nf3+x", "", "Qxd7"] {
            assert!(
                matches!(pos.play_san(san), Err(PlayError::San { .. })),
                "{san}"
            );
            assert_eq!(pos, before);
        }
    }

    #[test]
    fn a_game_by_san_and_uci() {
        let mut pos = Position::new();
        for san in ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "O-O"] {
            let m = pos.play_san(san).unwrap();
            assert!(!m.is_null());
        }
        assert_eq!(
            pos.fen(),
            "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 1 4"
        );
        let undo = pos.try_play("a6b5".parse().unwrap()).unwrap();
        assert_eq!(undo.captured(), Some(chessbits_bitboard_core::Role::Bishop));
        assert!(pos.play_uci("0000").unwrap().is_null());
        assert_eq!(pos.turn(), chessbits_bitboard_core::Color::Black);
    }
}
