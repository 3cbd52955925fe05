//! What a table of games needs from a game besides its moves: the `error` cell (reader and
//! replay errors, located), the notes of the moves played (`[%clk]`, `[%eval]`), and the
//! comment parsers. The rows themselves, their columns and every format are the
//! `chessbits-tables` crate's (one row rule, over Arrow), so engine users of this crate do
//! not compile them.

use crate::replay::{GameError, GameRecord};

pub use crate::annotations::{
    clock_text, parse_clock, parse_emt, parse_eval, parse_eval_depth, parse_notes, set_command,
    write_clock, write_eval, Command, CommandKind, Eval,
};

/// The `error` column of a game: its reader errors and the replay error, each as
/// `line N: ...`, joined by `; `; `None` when there is none (the `error` column of
/// `chessbits-tables`).
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_and_evals() {
        assert_eq!(parse_clock(b" [%clk 0:05:00] "), Some(300.0));
        assert_eq!(parse_clock(b"[%eval 0.2] [%clk 1:00:01.5]"), Some(3601.5));
        assert_eq!(parse_clock(b"[%clk x]"), None);
        for seconds in [0.0, 180.0, 3601.5, 59.9, 86_399.0] {
            let text = format!("[%clk {}]", clock_text(seconds));
            assert_eq!(parse_clock(text.as_bytes()), Some(seconds), "{text}");
        }
        assert_eq!(clock_text(3601.5), "1:00:01.5");
        assert_eq!(clock_text(36_000.0), "10:00:00");
        // `write_eval` writes what `Display` writes.
        for e in [
            Eval::Centipawns(0),
            Eval::Centipawns(17),
            Eval::Centipawns(-5),
            Eval::Centipawns(-150),
            Eval::Centipawns(200),
            Eval::Centipawns(i32::MIN),
            Eval::Centipawns(i32::MAX),
            Eval::Mate(3),
            Eval::Mate(-2),
            Eval::Mate(i32::MIN),
        ] {
            let mut out = Vec::new();
            write_eval(e, &mut out);
            assert_eq!(String::from_utf8(out).unwrap(), e.to_string());
        }
        assert_eq!(clock_text(59.96), "0:01:00");
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
