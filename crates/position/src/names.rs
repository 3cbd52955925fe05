//! `Display` and `FromStr` for the position crate's enums (the names through
//! `chessbits_bitboard_core::text_names!`, so every crate's names read the same way).
//! `Outcome` reads what it writes: `1-0 (white wins by checkmate)`.

use alloc::string::String;
use core::str::FromStr;

use chessbits_bitboard_core::{text_names, Color, ParseError};

use crate::{
    CastlingMode, CastlingNotation, CastlingSide, EnPassantMode, FenField, GameResult, Outcome,
    Termination, Validation,
};

text_names!(CastlingMode, "castling mode", {
    CastlingMode::Standard => "standard",
    CastlingMode::Chess960 => "chess960",
});

text_names!(CastlingSide, "castling side", {
    CastlingSide::KingSide => "kingside",
    CastlingSide::QueenSide => "queenside",
});

text_names!(CastlingNotation, "castling notation", {
    CastlingNotation::XFen => "x-fen",
    CastlingNotation::Shredder => "shredder",
});

text_names!(EnPassantMode, "en-passant mode", {
    EnPassantMode::Legal => "legal",
    EnPassantMode::PseudoLegal => "pseudo-legal",
});

text_names!(FenField, "FEN field", {
    FenField::Whole => "FEN",
    FenField::Placement => "placement",
    FenField::Turn => "side-to-move",
    FenField::Castling => "castling",
    FenField::EnPassant => "en-passant",
    FenField::Halfmoves => "halfmove-clock",
    FenField::Fullmoves => "fullmove-number",
    FenField::Pockets => "pockets",
    FenField::Checks => "three-check",
});

text_names!(Validation, "validation", {
    Validation::Strict => "strict",
    Validation::Lenient => "lenient",
    Validation::Playable => "playable",
});

const TERMINATIONS: [Termination; 13] = [
    Termination::Checkmate,
    Termination::Stalemate,
    Termination::InsufficientMaterial,
    Termination::FiftyMoves,
    Termination::SeventyFiveMoves,
    Termination::ThreefoldRepetition,
    Termination::FivefoldRepetition,
    Termination::KingExploded,
    Termination::AllPiecesLost,
    Termination::KingOnTheHill,
    Termination::ThreeChecks,
    Termination::KingOnEighthRank,
    Termination::HordeGone,
];

/// Reads what `Display` writes (`checkmate`, `the fifty-move rule`, ...).
impl FromStr for Termination {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Termination, ParseError> {
        let mut name = String::new();
        TERMINATIONS
            .into_iter()
            .find(|t| {
                name.clear();
                let _ = core::fmt::write(&mut name, format_args!("{t}"));
                name == s
            })
            .ok_or_else(|| {
                ParseError::new(
                    "termination",
                    s,
                    "checkmate, stalemate, insufficient material, the fifty-move rule, the \
                     seventy-five-move rule, threefold repetition, fivefold repetition or a \
                     variant's ending",
                )
            })
    }
}

/// Reads what `Display` writes: `1-0 (white wins by checkmate)`, `1/2-1/2 (draw by
/// stalemate)`. A bare result (`1-0`) does not say why the game ended, so it is not an
/// `Outcome`.
impl FromStr for Outcome {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Outcome, ParseError> {
        let err = || {
            ParseError::new(
                "outcome",
                s,
                "a result and its reason, as in \"1-0 (white wins by checkmate)\"",
            )
        };
        let (result, rest) = s.split_once(" (").ok_or_else(err)?;
        let reason = rest.strip_suffix(')').ok_or_else(err)?;
        let outcome = if let Some(t) = reason.strip_prefix("draw by ") {
            Outcome::Draw(t.parse().map_err(|_| err())?)
        } else {
            let (winner, t) = reason.split_once(" wins by ").ok_or_else(err)?;
            Outcome::Decisive {
                winner: winner.parse::<Color>().map_err(|_| err())?,
                reason: t.parse().map_err(|_| err())?,
            }
        };
        if outcome.result() == result {
            Ok(outcome)
        } else {
            Err(err())
        }
    }
}

/// Reads a result token as the PGN reader does ([`GameResult::from_ascii`]).
impl FromStr for GameResult {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<GameResult, ParseError> {
        GameResult::from_ascii(s.as_bytes())
            .ok_or_else(|| ParseError::new("game result", s, "one of 1-0 0-1 1/2-1/2 *"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn results_round_trip() {
        for r in [
            GameResult::WhiteWins,
            GameResult::BlackWins,
            GameResult::Draw,
            GameResult::Unknown,
        ] {
            assert_eq!(r.to_string().parse::<GameResult>(), Ok(r));
            assert_eq!(r.to_string(), r.as_str());
        }
        assert_eq!("½-½".parse::<GameResult>(), Ok(GameResult::Draw));
        assert!("1-1".parse::<GameResult>().is_err());
        let mate = Outcome::Decisive {
            winner: Color::Black,
            reason: Termination::Checkmate,
        };
        assert_eq!(mate.game_result(), GameResult::BlackWins);
        assert_eq!(mate.game_result().winner(), Some(Color::Black));
    }

    #[test]
    fn names_round_trip() {
        for t in TERMINATIONS {
            assert_eq!(t.to_string().parse::<Termination>(), Ok(t));
            let draw = Outcome::Draw(t);
            assert_eq!(draw.to_string().parse::<Outcome>(), Ok(draw));
            for winner in Color::ALL {
                let won = Outcome::Decisive { winner, reason: t };
                assert_eq!(won.to_string().parse::<Outcome>(), Ok(won), "{won}");
            }
        }
        assert_eq!("chess960".parse(), Ok(CastlingMode::Chess960));
        assert_eq!("queenside".parse(), Ok(CastlingSide::QueenSide));
        assert_eq!("shredder".parse(), Ok(CastlingNotation::Shredder));
        assert_eq!("pseudo-legal".parse(), Ok(EnPassantMode::PseudoLegal));
        assert_eq!(Validation::Playable.to_string(), "playable");
        for bad in [
            "1-0",
            "0-1 (white wins by checkmate)",
            "1-0 (white wins by luck)",
            "",
            "1/2-1/2 (draw by checkmate",
        ] {
            assert!(bad.parse::<Outcome>().is_err(), "{bad}");
        }
    }
}

// The `serde` feature: a position and a setup as their FEN (read back with validation).
#[cfg(feature = "serde")]
chessbits_bitboard_core::serde_as_text!(crate::Position, crate::Setup);
