//! python-chess's row of the `pgn_fens` table in a full `cargo xtask bench` run.
//!
//! Its script (`benches/python/pgn_fens.py`) takes about 2 s a run, and criterion takes at
//! least eleven (a warm-up and ten samples), over 20 s for a ratio of some 400x. So in a
//! full run the pgn bench leaves python-chess out of its criterion group and writes the
//! group's input to the report directory; when the group is done, [`add_rows`] times the
//! script as a whole process (as the bench would) for [`ROUNDS`] rounds and adds a
//! `python-chess/1-thread` row: its time is the best round, its interval runs from the best
//! to the median round. A plain `cargo bench --bench pgn` keeps python-chess in criterion;
//! a `--quick` run leaves it out. Without python3 or python-chess a notice says so and the
//! table keeps its criterion rows: the bench never fails for it.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Instant, SystemTime};

use crate::results::Row;

/// The criterion group whose table gets python-chess's row.
pub(crate) const GROUP: &str = "pgn_fens";

/// The input the pgn bench leaves in the report directory (`benches/benches/pgn.rs` names
/// it too).
const INPUT: &str = "pgn-fens-input.pgn";

/// The script, relative to the workspace root.
const SCRIPT: &str = "benches/python/pgn_fens.py";

/// Rounds of the script in a full run.
pub(crate) const ROUNDS: usize = 3;

/// Times python-chess on the input the bench wrote since `since` and appends its row to
/// `rows` (whose throughput, rows per iteration, it shares); returns the sentence for the
/// table's description (what was measured, or why nothing was). A notice goes to stderr
/// when it is not measured.
pub(crate) fn add_rows(
    report_dir: &Path,
    since: SystemTime,
    rounds: usize,
    rows: &mut Vec<Row>,
) -> String {
    let input = report_dir.join(INPUT);
    let measured = measure(&input, since, rounds, rows);
    let _ = std::fs::remove_file(&input);
    match measured {
        Ok(()) => format!(
            " The `python-chess` row: `{SCRIPT}` as a process on the same input, timed by \
             `cargo xtask bench` after criterion's runs for {rounds} rounds; its time is the \
             best round (not criterion's mean), its ± runs from the best to the median round."
        ),
        Err(why) => {
            eprintln!("NOTICE: python-chess's FEN rows not measured: {why}");
            format!(" (python-chess not measured: {why}.)")
        }
    }
}

/// Runs the script `rounds` times and appends its row.
fn measure(
    input: &Path,
    since: SystemTime,
    rounds: usize,
    rows: &mut Vec<Row>,
) -> Result<(), String> {
    let written = std::fs::metadata(input)
        .and_then(|m| m.modified())
        .map_err(|e| format!("the bench wrote no {}: {e}", input.display()))?;
    if written < since {
        return Err(format!("{} is from an earlier run", input.display()));
    }
    let elements = rows
        .first()
        .map(|r| r.elements)
        .ok_or("the group has no criterion rows")?;
    crate::syzygy_python::require_python_chess("chess.pgn")?;
    let script = crate::workspace_root().join(SCRIPT);
    let out = input.with_extension("csv");
    let mut times = Vec::with_capacity(rounds);
    for _ in 0..rounds {
        let start = Instant::now();
        let status = Command::new("python3")
            .arg(&script)
            .arg(input)
            .arg(&out)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .map_err(|e| format!("cannot run python3 {}: {e}", script.display()))?;
        times.push(start.elapsed().as_secs_f64());
        if !status.success() {
            let _ = std::fs::remove_file(&out);
            return Err(format!("{SCRIPT} failed ({status})"));
        }
    }
    let _ = std::fs::remove_file(&out);
    rows.push(row(&times, elements).ok_or("no rounds")?);
    Ok(())
}

/// The row of rounds of `times` seconds: the best round, the interval from the best to the
/// median round.
fn row(times: &[f64], elements: u64) -> Option<Row> {
    let mut sorted = times.to_vec();
    sorted.sort_by(f64::total_cmp);
    let best = *sorted.first()?;
    let median = sorted[sorted.len() / 2];
    Some(Row::from_rounds(
        "python-chess/1-thread".to_owned(),
        best,
        median,
        elements,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn its_row_is_the_best_round_with_the_median_above() {
        let r = row(&[2.3, 2.1, 2.2], 28_538).expect("three rounds");
        assert_eq!(r.name, "python-chess/1-thread");
        assert!((r.iteration_ns - 2.1e9).abs() < 1.0);
        assert!((r.interval_ns.0 - 2.1e9).abs() < 1.0);
        assert!((r.interval_ns.1 - 2.2e9).abs() < 1.0);
        assert_eq!(r.elements, 28_538);
        assert_eq!(row(&[], 1), None);
    }

    #[test]
    fn without_the_input_nothing_is_added_and_the_table_says_why() {
        let (rows, note) = crate::syzygy_python::rows_in_empty_dir("fens", |dir, rows| {
            add_rows(dir, SystemTime::now(), 1, rows)
        });
        assert!(rows.is_empty());
        assert!(note.starts_with(" (python-chess not measured: "), "{note}");
    }
}
