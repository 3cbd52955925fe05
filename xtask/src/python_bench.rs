//! chessbits for Python against python-chess in `cargo xtask bench` (issue 29 asks for
//! `read_games`, `Position.legal_moves()` and `encode` measured against python-chess).
//!
//! After the PGN figures, [`section`] runs `crates/python/bench/speed.py` on the master
//! games with the Python that has the `chessbits` package installed (`CHESSBITS_PYTHON`,
//! else `python3`): the script checks that both read the same moves, times each side in
//! turn for some rounds and prints a markdown table of the best rounds and a last line of
//! figures. The table becomes a section of the report and of the benchmarks page. Without
//! that Python, its packages or the data, or when the script fails, a notice says so and
//! the section says why: the bench never fails for it.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The script, relative to the workspace root.
const SCRIPT: &str = "crates/python/bench/speed.py";

/// Rounds of the script, in a full run and with `--quick`.
const ROUNDS: [u32; 2] = [3, 2];

/// Games of the master file read by both sides (python-chess reads about 650 a second).
const GAMES: u32 = 2000;

/// The section's heading.
const HEADING: &str = "\n## chessbits for Python against python-chess\n\n";

/// The Python to run: `CHESSBITS_PYTHON`, else `python3`.
fn python() -> PathBuf {
    std::env::var_os("CHESSBITS_PYTHON").map_or_else(|| PathBuf::from("python3"), PathBuf::from)
}

/// The master games' file, when the shared data set is there.
fn master() -> Option<PathBuf> {
    let file = PathBuf::from(std::env::var_os("CHESSBITS_DATA")?)
        .join("pgn/master/gnuchess-book_1.02.pgn.zst");
    file.exists().then_some(file)
}

/// The report's section: the script's table, or why there is none (also printed as a
/// notice).
pub(crate) fn section(root: &Path, quick: bool) -> String {
    match measure(root, ROUNDS[usize::from(quick)]) {
        Ok(table) => format!(
            "{HEADING}`{SCRIPT}`: each side in turn in one Python process, one thread unless \
             said; best round. python-chess's reading keeps each game's headers and UCI \
             moves; ours makes the whole games table (tags, typed columns, SAN and UCI \
             lists, clocks, evals).\n\n{table}"
        ),
        Err(why) => {
            eprintln!("NOTICE: chessbits for Python not measured: {why}");
            format!("{HEADING}Not measured: {why}.\n")
        }
    }
}

/// Runs the script; returns its markdown table.
fn measure(root: &Path, rounds: u32) -> Result<String, String> {
    let master = master().ok_or(
        "the master games are not there (CHESSBITS_DATA/pgn/master/gnuchess-book_1.02.pgn.zst)",
    )?;
    let python = python();
    let has_packages = Command::new(&python)
        .args(["-c", "import chessbits, chess, pyarrow, numpy"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !has_packages {
        return Err(format!(
            "{} cannot import chessbits, chess, pyarrow and numpy (`pip install ./crates/python \
             chess pyarrow`, or set CHESSBITS_PYTHON to a Python that has them)",
            python.display()
        ));
    }
    let out = Command::new(&python)
        .arg(root.join(SCRIPT))
        .arg(&master)
        .arg(rounds.to_string())
        .arg(GAMES.to_string())
        .output()
        .map_err(|e| format!("cannot run {}: {e}", python.display()))?;
    if !out.status.success() {
        let stderr = String::from_utf8_lossy(&out.stderr);
        let last = stderr.lines().last().unwrap_or_default();
        return Err(format!("{SCRIPT} failed ({}): {last}", out.status));
    }
    table(&String::from_utf8_lossy(&out.stdout))
        .ok_or_else(|| format!("{SCRIPT} printed no table and `chessbits_python:` line"))
}

/// The script's output without its last (machine) line: the title and the table, when the
/// last line is there.
fn table(stdout: &str) -> Option<String> {
    let lines: Vec<&str> = stdout.lines().collect();
    let last = lines
        .iter()
        .rposition(|l| l.starts_with("chessbits_python: "))?;
    let rows = lines[..last].iter().filter(|l| l.starts_with('|')).count();
    (rows >= 3).then(|| {
        let mut text = lines[..last].join("\n");
        text.truncate(text.trim_end().len());
        text.push('\n');
        text
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const OUTPUT: &str = "chessbits 0.1.0 against python-chess 1.11.2, best of 3 rounds\n\n\
                          | what | chessbits | python-chess | ratio |\n|---|---:|---:|---:|\n\
                          | read_games | 164,769 | 647 | **255x** |\n\n\
                          chessbits_python: chess=1.11.2 games=2000 rounds=3\n";

    #[test]
    fn keeps_the_table_and_drops_the_machine_line() {
        let t = table(OUTPUT).expect("a table");
        assert!(t.starts_with("chessbits 0.1.0 against"));
        assert!(t.ends_with("| read_games | 164,769 | 647 | **255x** |\n"));
        assert!(!t.contains("chessbits_python:"));
        assert_eq!(table("| a |\n| b |\n| c |\n"), None);
        assert_eq!(table("nothing\nchessbits_python: x\n"), None);
    }

    /// The whole section, where the Python and the data are (about half a minute):
    /// `CHESSBITS_PYTHON=... cargo test -p xtask python_bench -- --ignored`.
    #[test]
    #[ignore = "runs the speed script (needs the chessbits package and CHESSBITS_DATA)"]
    fn measures_where_python_and_the_data_are() {
        let s = section(&crate::workspace_root(), true);
        assert!(s.starts_with(HEADING), "{s}");
        assert!(
            s.contains("| read_games, 2,000 master games, 1 thread"),
            "{s}"
        );
    }
}
