//! UCI `info` lines as typed values: [`parse_info`], a pure function of one line.
//!
//! What it accepts: every token of the UCI specification (`depth`, `seldepth`, `time`,
//! `nodes`, `pv`, `multipv`, `score cp|mate [lowerbound|upperbound]`, `currmove`,
//! `currmovenumber`, `hashfull`, `nps`, `tbhits`, `sbhits`, `cpuload`, `string`,
//! `refutation`, `currline`) and Stockfish's `wdl`. A token it does not know is skipped, as
//! python-chess skips it; a known token with a missing or malformed value is a
//! [`ParseError`] naming the column. Moves are read as UCI text (`e2e4`, `e7e8q`, `N@f3`,
//! `0000`) and kept as written: castling as the engine wrote it, legality unchecked. A list
//! of moves (`pv`, `refutation`, `currline`) ends at the first token that is not a move.
//! The engine clients resolve the moves against the position searched (see
//! [`crate::UciEngine`]).

use std::time::Duration;

use chessbits_bitboard_core::Move;

use crate::error::ParseError;
use crate::tokens::Cursor;

/// A score from the point of view of the side to move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// Mate in this many moves (not plies); negative when the side to move is mated.
    /// `Mate(0)`: the side to move is checkmated.
    Mate(i32),
}

/// Whether a score is exact or a bound (the search failed high or low).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Bound {
    /// The exact score.
    #[default]
    Exact,
    /// At least this score (`lowerbound`).
    Lower,
    /// At most this score (`upperbound`).
    Upper,
}

/// `score ...`: the score and its bound.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct ScoreInfo {
    /// The score.
    pub score: Score,
    /// Exact, or a bound.
    pub bound: Bound,
}

/// `wdl W D L`: wins, draws and losses per mille, from the side to move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Wdl {
    /// Wins per mille.
    pub wins: u32,
    /// Draws per mille.
    pub draws: u32,
    /// Losses per mille.
    pub losses: u32,
}

/// `currline [cpu] moves`: the line a search thread is on.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CurrLine {
    /// The CPU number, when given.
    pub cpu: Option<u32>,
    /// The moves.
    pub moves: Vec<Move>,
}

/// One `info` line. Every field is `None` (or empty) unless the line had the token.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Info {
    /// `depth`: the search depth in plies.
    pub depth: Option<u32>,
    /// `seldepth`: the selective search depth in plies.
    pub seldepth: Option<u32>,
    /// `multipv`: which of the best lines this is (1 the best).
    pub multipv: Option<u32>,
    /// `score`.
    pub score: Option<ScoreInfo>,
    /// `wdl` (Stockfish's `UCI_ShowWDL`).
    pub wdl: Option<Wdl>,
    /// `nodes`: nodes searched.
    pub nodes: Option<u64>,
    /// `nps`: nodes per second.
    pub nps: Option<u64>,
    /// `time`: the time searched.
    pub time: Option<Duration>,
    /// `hashfull`: the hash table's fill, per mille.
    pub hashfull: Option<u32>,
    /// `tbhits`: tablebase hits.
    pub tbhits: Option<u64>,
    /// `sbhits`: Shredder base hits.
    pub sbhits: Option<u64>,
    /// `cpuload`: CPU usage, per mille.
    pub cpuload: Option<u32>,
    /// `currmove`: the root move being searched.
    pub currmove: Option<Move>,
    /// `currmovenumber`: its number among the root moves, from 1.
    pub currmovenumber: Option<u32>,
    /// `pv`: the principal variation. From [`parse_info`] the moves as written; from an
    /// engine client the legal moves, cut before the first illegal one (see
    /// [`Info::pv_error`]).
    pub pv: Option<Vec<Move>>,
    /// `refutation`: a move and the line that refutes it.
    pub refutation: Option<Vec<Move>>,
    /// `currline`.
    pub currline: Option<CurrLine>,
    /// `string`: free text, the rest of the line.
    pub string: Option<String>,
    /// Set by the engine clients, never by [`parse_info`]: the first move of `pv` (or of
    /// `currmove`, `refutation`, `currline`) that was not legal, as the engine wrote it,
    /// and the FEN it was not legal in. The list it was in is cut before it.
    pub pv_error: Option<IllegalPvMove>,
}

/// A move of an `info` line that was not legal where it stood.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct IllegalPvMove {
    /// The move as the engine wrote it.
    pub text: String,
    /// The position it was not legal in.
    pub fen: String,
}

/// Reads one `info` line (with or without the leading `info`).
///
/// ```
/// use chessbits_uci::{parse_info, Bound, Score};
///
/// let info = parse_info("info depth 12 seldepth 18 multipv 1 score cp -35 upperbound \
///                        nodes 152000 nps 1013333 time 150 pv e7e5 g1f3 b8c6").unwrap();
/// assert_eq!(info.depth, Some(12));
/// let score = info.score.unwrap();
/// assert_eq!((score.score, score.bound), (Score::Cp(-35), Bound::Upper));
/// assert_eq!(info.pv.unwrap().len(), 3);
/// assert!(parse_info("info depth twelve").is_err());
/// ```
pub fn parse_info(line: &str) -> Result<Info, ParseError> {
    let mut c = Cursor::new(line);
    if c.peek() == Some("info") {
        c.next();
    }
    let mut info = Info::default();
    while let Some(token) = c.next() {
        match token {
            "depth" => info.depth = Some(c.number("depth")?),
            "seldepth" => info.seldepth = Some(c.number("seldepth")?),
            "multipv" => info.multipv = Some(c.number("multipv")?),
            "nodes" => info.nodes = Some(c.number("nodes")?),
            "nps" => info.nps = Some(c.number("nps")?),
            "time" => info.time = Some(Duration::from_millis(c.number("time")?)),
            "hashfull" => info.hashfull = Some(c.number("hashfull")?),
            "tbhits" => info.tbhits = Some(c.number("tbhits")?),
            "sbhits" => info.sbhits = Some(c.number("sbhits")?),
            "cpuload" => info.cpuload = Some(c.number("cpuload")?),
            "currmovenumber" => info.currmovenumber = Some(c.number("currmovenumber")?),
            "score" => info.score = Some(score(&mut c)?),
            "wdl" => {
                info.wdl = Some(Wdl {
                    wins: c.number("wdl")?,
                    draws: c.number("wdl")?,
                    losses: c.number("wdl")?,
                });
            }
            "currmove" => {
                let col = c.column();
                let text = c.next().unwrap_or("");
                info.currmove = Some(text.parse().map_err(|_| {
                    ParseError::new(line, col, format!("currmove: {text:?} is not a UCI move"))
                })?);
            }
            "pv" => info.pv = Some(moves(&mut c)),
            "refutation" => info.refutation = Some(moves(&mut c)),
            "currline" => {
                let cpu = match c.peek() {
                    Some(t) if t.bytes().all(|b| b.is_ascii_digit()) => Some(c.number("currline")?),
                    _ => None,
                };
                info.currline = Some(CurrLine {
                    cpu,
                    moves: moves(&mut c),
                });
            }
            "string" => info.string = Some(c.rest().to_owned()),
            // Unknown tokens are skipped (python-chess does the same).
            _ => {}
        }
    }
    Ok(info)
}

/// The tokens that read as UCI moves, up to the first that does not.
fn moves(c: &mut Cursor<'_>) -> Vec<Move> {
    let mut moves = Vec::new();
    while let Some(m) = c.peek().and_then(|t| t.parse::<Move>().ok()) {
        moves.push(m);
        c.at += 1;
    }
    moves
}

fn score(c: &mut Cursor<'_>) -> Result<ScoreInfo, ParseError> {
    let col = c.column();
    let score = match c.next() {
        Some("cp") => Score::Cp(c.number("score cp")?),
        Some("mate") => Score::Mate(c.number("score mate")?),
        Some(other) => {
            return Err(ParseError::new(
                c.line,
                col,
                format!("score: {other:?} is neither cp nor mate"),
            ))
        }
        None => return Err(c.error("score: cp or mate is missing")),
    };
    let bound = match c.peek() {
        Some("lowerbound") => Bound::Lower,
        Some("upperbound") => Bound::Upper,
        _ => Bound::Exact,
    };
    if bound != Bound::Exact {
        c.next();
    }
    Ok(ScoreInfo { score, bound })
}

#[cfg(test)]
mod tests {
    use super::*;
    use chessbits_bitboard_core::{Role, Square};

    #[test]
    fn every_token() {
        let info = parse_info(
            "info depth 20 seldepth 31 multipv 2 score mate -3 lowerbound wdl 10 20 970 \
             nodes 123456789 nps 999 time 1500 hashfull 345 tbhits 7 sbhits 1 cpuload 800 \
             currmove e1g1 currmovenumber 4 pv e1g1 N@f3 e7e8q refutation d1h5 g6h5 \
             currline 1 e2e4 e7e5 string hello   world ",
        )
        .expect("valid");
        assert_eq!(info.depth, Some(20));
        assert_eq!(info.seldepth, Some(31));
        assert_eq!(info.multipv, Some(2));
        assert_eq!(
            info.score,
            Some(ScoreInfo {
                score: Score::Mate(-3),
                bound: Bound::Lower
            })
        );
        assert_eq!(
            info.wdl,
            Some(Wdl {
                wins: 10,
                draws: 20,
                losses: 970
            })
        );
        assert_eq!(info.nodes, Some(123_456_789));
        assert_eq!(info.nps, Some(999));
        assert_eq!(info.time, Some(Duration::from_millis(1500)));
        assert_eq!(info.hashfull, Some(345));
        assert_eq!(info.tbhits, Some(7));
        assert_eq!(info.sbhits, Some(1));
        assert_eq!(info.cpuload, Some(800));
        assert_eq!(info.currmove, Some(Move::normal(Square::E1, Square::G1)));
        assert_eq!(info.currmovenumber, Some(4));
        assert_eq!(
            info.pv,
            Some(vec![
                Move::normal(Square::E1, Square::G1),
                Move::drop(Role::Knight, Square::F3),
                Move::promote(Square::E7, Square::E8, Role::Queen),
            ])
        );
        assert_eq!(info.refutation.as_ref().map(Vec::len), Some(2));
        let line = info.currline.expect("currline");
        assert_eq!((line.cpu, line.moves.len()), (Some(1), 2));
        assert_eq!(info.string.as_deref(), Some("hello   world"));
        assert_eq!(info.pv_error, None);
    }

    #[test]
    fn unknown_tokens_are_skipped() {
        let info = parse_info("info foo 12 depth 3 bar pv e2e4 baz score cp 5").expect("ok");
        assert_eq!(info.depth, Some(3));
        assert_eq!(info.pv.as_ref().map(Vec::len), Some(1));
        assert_eq!(info.score.map(|s| s.score), Some(Score::Cp(5)));
        assert_eq!(parse_info("info").expect("empty"), Info::default());
        assert_eq!(parse_info("").expect("empty"), Info::default());
        // A pv ends at the first token that is not a move.
        let info = parse_info("info pv e2e4 e7e5 depth 4").expect("ok");
        assert_eq!((info.pv.map(|p| p.len()), info.depth), (Some(2), Some(4)));
    }

    #[test]
    fn malformed_values_name_the_column() {
        let err = parse_info("info depth x").expect_err("bad depth");
        assert_eq!(err.column, 11);
        assert!(err.problem.contains("depth"));
        let err = parse_info("info score").expect_err("no score");
        assert_eq!(err.column, 10);
        assert!(parse_info("info score pawns 3").is_err());
        assert!(parse_info("info score cp").is_err());
        assert!(parse_info("info wdl 1 2").is_err());
        assert!(parse_info("info currmove z9z9").is_err());
        assert!(parse_info("info nodes -5").is_err());
        assert!(parse_info("info depth 99999999999").is_err());
    }
}
