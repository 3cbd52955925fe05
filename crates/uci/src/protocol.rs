//! What a UCI engine writes, a line at a time: [`parse_uci_line`], a pure function from a
//! line to a [`UciLine`]. Unknown commands are [`UciLine::Unknown`], never an error (the
//! specification says to ignore them; engines print banners); a known command with a
//! malformed argument is a [`ParseError`].

use chessbits_bitboard_core::Move;

use crate::error::ParseError;
use crate::info::{parse_info, Info};
use crate::options::{parse_option, EngineOption};
use crate::tokens::Cursor;

/// One line from a UCI engine.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum UciLine {
    /// `id name <name>`.
    IdName(String),
    /// `id author <author>`.
    IdAuthor(String),
    /// `option ...`.
    Option(EngineOption),
    /// `uciok`.
    UciOk,
    /// `readyok`.
    ReadyOk,
    /// `info ...`.
    Info(Box<Info>),
    /// `bestmove <move> [ponder <move>]`: the moves as written (legality unchecked);
    /// `bestmove (none)`, `bestmove 0000` and a bare `bestmove` have no move.
    BestMove {
        /// The best move, if any.
        best: Option<Move>,
        /// The move the engine would ponder on, if any.
        ponder: Option<Move>,
    },
    /// Any other line (`copyprotection`, `registration`, a banner...).
    Unknown(String),
}

/// Reads one line from a UCI engine.
///
/// ```
/// use chessbits_uci::{parse_uci_line, UciLine};
///
/// assert_eq!(parse_uci_line("readyok"), Ok(UciLine::ReadyOk));
/// match parse_uci_line("bestmove e2e4 ponder e7e5") {
///     Ok(UciLine::BestMove { best: Some(_), ponder: Some(_) }) => {}
///     other => panic!("{other:?}"),
/// }
/// assert!(matches!(parse_uci_line("bestmove (none)"), Ok(UciLine::BestMove { best: None, .. })));
/// assert!(parse_uci_line("bestmove e9e4").is_err());
/// ```
pub fn parse_uci_line(line: &str) -> Result<UciLine, ParseError> {
    let mut c = Cursor::new(line);
    let Some(command) = c.next() else {
        return Ok(UciLine::Unknown(String::new()));
    };
    Ok(match command {
        "id" => match c.next() {
            Some("name") => UciLine::IdName(c.rest().to_owned()),
            Some("author") => UciLine::IdAuthor(c.rest().to_owned()),
            _ => UciLine::Unknown(line.to_owned()),
        },
        "option" => UciLine::Option(parse_option(line)?),
        "uciok" => UciLine::UciOk,
        "readyok" => UciLine::ReadyOk,
        "info" => UciLine::Info(Box::new(parse_info(line)?)),
        "bestmove" => {
            let best = optional_move(&mut c, "bestmove")?;
            let ponder = match c.next() {
                Some("ponder") => optional_move(&mut c, "ponder")?,
                _ => None,
            };
            UciLine::BestMove { best, ponder }
        }
        _ => UciLine::Unknown(line.to_owned()),
    })
}

/// A move, or none for `(none)`, `0000`, `none` and the line's end.
fn optional_move(c: &mut Cursor<'_>, what: &str) -> Result<Option<Move>, ParseError> {
    let col = c.column();
    match c.next() {
        None | Some("(none)" | "none" | "0000" | "NULL") => Ok(None),
        Some(text) => text.parse::<Move>().map(Some).map_err(|e| {
            ParseError::new(
                c.line,
                col,
                format!("{what}: {text:?} is not a UCI move ({e})"),
            )
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chessbits_bitboard_core::Square;

    #[test]
    fn lines() {
        assert_eq!(
            parse_uci_line("id name Stockfish 16"),
            Ok(UciLine::IdName("Stockfish 16".into()))
        );
        assert_eq!(
            parse_uci_line("id author the Stockfish developers"),
            Ok(UciLine::IdAuthor("the Stockfish developers".into()))
        );
        assert_eq!(parse_uci_line("uciok"), Ok(UciLine::UciOk));
        assert_eq!(parse_uci_line("  readyok  "), Ok(UciLine::ReadyOk));
        assert_eq!(
            parse_uci_line("Stockfish 15 by the developers"),
            Ok(UciLine::Unknown("Stockfish 15 by the developers".into()))
        );
        assert_eq!(parse_uci_line(""), Ok(UciLine::Unknown(String::new())));
        assert_eq!(
            parse_uci_line("bestmove e2e4"),
            Ok(UciLine::BestMove {
                best: Some(Move::normal(Square::E2, Square::E4)),
                ponder: None
            })
        );
        for none in ["bestmove", "bestmove (none)", "bestmove 0000"] {
            assert_eq!(
                parse_uci_line(none),
                Ok(UciLine::BestMove {
                    best: None,
                    ponder: None
                })
            );
        }
        assert!(parse_uci_line("bestmove e2e4 ponder xx").is_err());
        assert!(matches!(
            parse_uci_line("info depth 1"),
            Ok(UciLine::Info(_))
        ));
        assert!(parse_uci_line("option name X type").is_err());
    }
}
