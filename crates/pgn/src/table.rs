//! Games as table rows: one [`GameRow`] per game, one [`MoveRow`] per mainline move, the
//! data of `chessbits pgn games` and `chessbits pgn moves`.
//!
//! Rows are built from [`GameRecord`]s read by [`RecordCollector::with_annotations`]
//! (every tag, the result, each move's `[%clk]` and `[%eval]`) and replayed, so that each
//! move also has its UCI form and the positions around it. The formats (CSV, NDJSON,
//! Parquet) are the caller's: this module holds no encoder, so engine users of the crate do
//! not compile one.
//!
//! [`RecordCollector::with_annotations`]: crate::RecordCollector::with_annotations

use crate::replay::{replay, replay_texts, write_fen, GameError, GameRecord, Report};
use chessbits_movegen::san::{suffix_of, San, SanMode, SanPlus};
use chessbits_movegen::uci::move_to_uci;

pub use crate::annotations::{parse_clock, parse_eval, parse_notes, Eval};

/// One game as a row.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameRow {
    /// The game's number in its input, from 1.
    pub game: u64,
    /// Every tag pair in input order (lossily decoded to UTF-8).
    pub tags: Vec<(String, String)>,
    /// The mainline moves replayed, as canonical SAN.
    pub moves_san: Vec<String>,
    /// The same moves as UCI.
    pub moves_uci: Vec<String>,
    /// The `[%clk]` of each move replayed, in seconds; `None` when no move replayed has
    /// one (a game without clocks), else as long as the moves, with `None` for a move
    /// without a clock.
    pub clocks: Option<Vec<Option<f64>>>,
    /// The `[%eval]` of each move replayed; `None` when no move replayed has one, else as
    /// long as the moves, with `None` for a move without an evaluation.
    pub evals: Option<Vec<Option<Eval>>>,
    /// The game's errors (reader and replay), joined by `; `; `None` when every move was
    /// replayed and the reader found nothing wrong.
    pub error: Option<String>,
}

impl GameRow {
    /// The value of the first tag named `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// A tag as an integer (`None` when absent, `?`, `-` or not a number): Elo columns.
    pub fn int_tag(&self, name: &str) -> Option<i32> {
        self.tag(name)?.trim().parse().ok()
    }

    /// The `Result` tag, or else the movetext's result token.
    pub fn result(&self) -> Option<&str> {
        self.tag("Result")
    }

    /// Plies replayed (the length of the move lists).
    pub fn plies(&self) -> usize {
        self.moves_san.len()
    }
}

/// One mainline move as a row.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MoveRow {
    /// The game's number in its input, from 1.
    pub game: u64,
    /// The ply in the game, from 1.
    pub ply: u32,
    /// The position before the move.
    pub before_fen: String,
    /// The move as canonical SAN.
    pub san: String,
    /// The move as UCI.
    pub uci: String,
    /// The position after the move.
    pub after_fen: String,
    /// The `[%clk]` after the move, in seconds.
    pub clock: Option<f64>,
    /// The `[%eval]` after the move.
    pub eval: Option<Eval>,
}

/// The `error` column of a game: its reader errors and the replay error, each as
/// `line N: ...`, joined by `; `; `None` when there is none. (One definition for every table
/// encoder: the rows here and the CLI's Parquet columns.)
pub fn error_text(record: &GameRecord, error: &Option<GameError>) -> Option<String> {
    if record.read_errors.is_empty() && error.is_none() {
        return None;
    }
    let mut parts: Vec<String> = record
        .read_errors
        .iter()
        .map(|e| format!("line {}: {}", e.line, e.kind))
        .collect();
    if let Some(e) = error {
        parts.push(format!("line {}: {}", e.line, e.kind));
    }
    Some(parts.join("; "))
}

/// The notes (clock, eval) of the first `played` moves of a record: the moves a row holds
/// (shorter when the record has fewer notes than moves). One rule for every encoder: a
/// game's `clocks` (`evals`) is null when none of these has a clock (an eval).
pub fn played_notes(record: &GameRecord, played: usize) -> &[(Option<f64>, Option<Eval>)] {
    &record.notes[..played.min(record.notes.len())]
}

fn lossy(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Replays every record and appends one [`GameRow`] per game to `out`. The report counts
/// games, moves and errors as [`crate::check_games`] does.
pub fn game_rows(records: &[GameRecord], mode: SanMode, out: &mut Vec<GameRow>) -> Report {
    let mut report = Report::default();
    for record in records {
        let mut row = GameRow {
            game: record.game,
            tags: record
                .tags
                .iter()
                .map(|(n, v)| (lossy(n), lossy(v)))
                .collect(),
            ..GameRow::default()
        };
        if row.tag("Result").is_none() {
            if let Some(r) = record.result {
                row.tags.push(("Result".into(), r.as_str().into()));
            }
        }
        let crate::replay::Replayed {
            played: moves,
            error,
            ..
        } = replay_texts(record, mode, |san, uci| {
            row.moves_san.push(lossy(san));
            row.moves_uci.push(lossy(uci));
        });
        let played = row.moves_san.len();
        let notes = played_notes(record, played);
        if notes.iter().any(|(c, _)| c.is_some()) {
            row.clocks = Some(
                (0..played)
                    .map(|i| notes.get(i).and_then(|n| n.0))
                    .collect(),
            );
        }
        if notes.iter().any(|(_, e)| e.is_some()) {
            row.evals = Some(
                (0..played)
                    .map(|i| notes.get(i).and_then(|n| n.1))
                    .collect(),
            );
        }
        row.error = error_text(record, &error);
        report.add_game(record, moves, error);
        out.push(row);
    }
    report
}

/// Replays every record and appends one [`MoveRow`] per mainline move played to `out`.
pub fn move_rows(records: &[GameRecord], mode: SanMode, out: &mut Vec<MoveRow>) -> Report {
    let mut report = Report::default();
    let mut fen = Vec::with_capacity(96);
    let mut san = Vec::with_capacity(8);
    for record in records {
        let mut ply = 0u32;
        let mut after_fen = String::new();
        let crate::replay::Replayed {
            played: moves,
            error,
            ..
        } = replay(record, mode, |before, m, after| {
            let before_fen = if ply == 0 {
                fen.clear();
                write_fen(before, &mut fen);
                lossy(&fen)
            } else {
                std::mem::take(&mut after_fen)
            };
            fen.clear();
            write_fen(after, &mut fen);
            after_fen = lossy(&fen);
            san.clear();
            SanPlus {
                san: San::from_move(before, m),
                suffix: suffix_of(after),
            }
            .write_to(&mut san);
            let (clock, eval) = record
                .notes
                .get(ply as usize)
                .copied()
                .unwrap_or((None, None));
            ply += 1;
            out.push(MoveRow {
                game: record.game,
                ply,
                before_fen,
                san: lossy(&san),
                uci: move_to_uci(before, m),
                after_fen: after_fen.clone(),
                clock,
                eval,
            });
        });
        report.add_game(record, moves, error);
    }
    report
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Reader, RecordCollector};

    #[test]
    fn clocks_and_evals() {
        assert_eq!(parse_clock(b" [%clk 0:05:00] "), Some(300.0));
        assert_eq!(parse_clock(b"[%eval 0.2] [%clk 1:00:01.5]"), Some(3601.5));
        assert_eq!(parse_clock(b"[%clk x]"), None);
        assert_eq!(parse_clock(b"no command"), None);
        assert_eq!(
            parse_eval(b"[%eval 0.17] [%clk 0:01:00]"),
            Some(Eval::Centipawns(17))
        );
        assert_eq!(parse_eval(b"[%eval -1.5]"), Some(Eval::Centipawns(-150)));
        assert_eq!(parse_eval(b"[%eval #-3]"), Some(Eval::Mate(-3)));
        assert_eq!(parse_eval(b"[%eval #4,22]"), Some(Eval::Mate(4)));
        assert_eq!(parse_eval(b"[%eval 0.30,18]"), Some(Eval::Centipawns(30)));
        assert_eq!(parse_eval(b"[%eval nan]"), None);
        assert_eq!(parse_eval(b"[%evaluation 1]"), None);
    }

    #[test]
    fn rows_of_a_lichess_game() {
        let pgn = b"[White \"a\"]\n[WhiteElo \"1500\"]\n[BlackElo \"?\"]\n\n1. e4 { [%eval 0.2] [%clk 0:03:00] } 1... e5 { [%clk 0:02:59] } 2. Ke3 *\n";
        let mut records = Vec::new();
        Reader::new(&pgn[..])
            .read_all(&mut RecordCollector::with_annotations(), |r| {
                records.push(r)
            })
            .expect("no I/O error");
        let mut games = Vec::new();
        let report = game_rows(&records, SanMode::Lenient, &mut games);
        assert_eq!(report.games, 1);
        let g = &games[0];
        assert_eq!(g.int_tag("WhiteElo"), Some(1500));
        assert_eq!(g.int_tag("BlackElo"), None);
        assert_eq!(g.result(), Some("*"));
        assert_eq!(g.moves_san, ["e4", "e5"]);
        assert_eq!(g.moves_uci, ["e2e4", "e7e5"]);
        assert_eq!(g.clocks, Some(vec![Some(180.0), Some(179.0)]));
        assert_eq!(g.evals, Some(vec![Some(Eval::Centipawns(20)), None]));
        assert!(g.error.as_deref().is_some_and(|e| e.contains("Ke3")));
        let mut moves = Vec::new();
        move_rows(&records, SanMode::Lenient, &mut moves);
        assert_eq!(moves.len(), 2);
        assert_eq!(moves[1].ply, 2);
        assert_eq!(moves[1].before_fen, moves[0].after_fen);
        assert_eq!(moves[1].uci, "e7e5");
        assert_eq!(moves[1].clock, Some(179.0));
    }

    #[test]
    fn clocks_and_evals_are_none_for_a_game_without_any() {
        // No comments at all; only an eval; a clock only on a move not replayed.
        let pgn =
            b"1. e4 e5 *\n\n1. e4 { [%eval 0.1] } e5 *\n\n1. e4 e5 2. Ke3 { [%clk 0:01:00] } *\n";
        let mut records = Vec::new();
        Reader::new(&pgn[..])
            .read_all(&mut RecordCollector::with_annotations(), |r| {
                records.push(r)
            })
            .expect("no I/O error");
        // The records keep notes only up to the last move with one.
        let lengths: Vec<usize> = records.iter().map(|r| r.notes.len()).collect();
        assert_eq!(lengths, [0, 1, 3]);
        let mut games = Vec::new();
        game_rows(&records, SanMode::Lenient, &mut games);
        assert_eq!(games.len(), 3);
        assert_eq!(
            (games[0].clocks.clone(), games[0].evals.clone()),
            (None, None)
        );
        assert_eq!(games[1].clocks, None);
        assert_eq!(games[1].evals, Some(vec![Some(Eval::Centipawns(10)), None]));
        assert_eq!(games[2].plies(), 2);
        assert_eq!(
            (games[2].clocks.clone(), games[2].evals.clone()),
            (None, None)
        );
    }

    /// `parse_notes` is `(parse_clock, parse_eval)`, on comments made of the pieces real
    /// ones have and the shapes near their edges.
    #[test]
    fn notes_in_one_pass_are_the_two_parsers() {
        use proptest::prelude::*;
        let piece = prop_oneof![
            Just(&b"[%clk "[..]),
            Just(&b"[%eval "[..]),
            Just(&b"[%clk\t"[..]),
            Just(&b"[%clkx "[..]),
            Just(&b"[%"[..]),
            Just(&b"]"[..]),
            Just(&b" "[..]),
            Just(&b":"[..]),
            Just(&b"."[..]),
            Just(&b","[..]),
            Just(&b"-"[..]),
            Just(&b"+"[..]),
            Just(&b"#"[..]),
            Just(&b"0"[..]),
            Just(&b"7"[..]),
            Just(&b"59"[..]),
            Just(&b"123456789"[..]),
            Just(&b"9999999999"[..]),
            Just(&b"0:03:00"[..]),
            Just(&b"1:00:01.5"[..]),
            Just(&b"0.17"[..]),
            Just(&b"-1.05"[..]),
            Just(&b"21474836.47"[..]),
            Just(&b"21474836.48"[..]),
            Just(&b"x"[..]),
            Just(&b"\xff"[..]),
        ];
        let comment = proptest::collection::vec(piece, 0..12).prop_map(|p| p.concat());
        let mut runner = proptest::test_runner::TestRunner::new(ProptestConfig::with_cases(20_000));
        runner
            .run(&comment, |c| {
                prop_assert_eq!(
                    parse_notes(&c),
                    (parse_clock(&c), parse_eval(&c)),
                    "{:?}",
                    String::from_utf8_lossy(&c)
                );
                Ok(())
            })
            .unwrap();
        for c in [
            &b"[%clk 0:03:00]"[..],
            b"[%eval 0.17] [%clk 0:01:00]",
            b"[%eval -0.00]",
            b"[%eval +1.5,20]",
            b"[%eval 1.]",
            b"[%eval .5]",
            b"[%eval #-3]",
            b"[%clk 99:59:59.9]",
            b"[%clk 0:00:07] [%eval 21474836.47]",
            b"[%clk 0:00:07] [%eval 21474836.48]",
            b"[%eval -21474836.47]",
            b"[%eval -21474836.48]",
        ] {
            assert_eq!(parse_notes(c), (parse_clock(c), parse_eval(c)), "{c:?}");
        }
    }
}
