//! python-chess's `chess.syzygy` in the Syzygy table of `cargo xtask bench` (issue 32 asks
//! for its probes per second, reported beside shakmaty-syzygy's).
//!
//! The syzygy bench writes its positions and our values to `syzygy-positions.csv` in the
//! report directory. When its group is done, [`add_rows`] runs `benches/python/
//! syzygy_probe.py` on that file and the same tables: the script checks that python-chess
//! gives the same values, then times a WDL pass and a DTZ pass over all the positions in
//! turn, some rounds. The best round of each becomes a row (`python-chess/wdl`,
//! `python-chess/dtz`) of the table, so the table and the peers' summary give the ratio to
//! ours as for any peer. Without python3 or python-chess, or when the script fails, a notice
//! says so and the table keeps its criterion rows: the bench never fails for it.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::SystemTime;

use crate::results::Row;

/// The criterion group whose table gets python-chess's rows.
pub(crate) const GROUP: &str = "syzygy";

/// The positions file the syzygy bench writes in the report directory
/// (`benches/benches/syzygy.rs` names it too).
const POSITIONS_CSV: &str = "syzygy-positions.csv";

/// The script, relative to the workspace root.
const SCRIPT: &str = "benches/python/syzygy_probe.py";

/// Rounds of the script, in a full run and with `--quick`.
pub(crate) const ROUNDS: [u32; 2] = [3, 2];

/// What the script measured: python-chess's version, the number of positions, the rounds,
/// and the WDL and DTZ passes' best and median round in seconds.
#[derive(Clone, Debug, PartialEq)]
struct Measured {
    version: String,
    positions: u64,
    rounds: u32,
    wdl: (f64, f64),
    dtz: (f64, f64),
}

/// Measures python-chess on the positions the bench wrote since `since` and appends its
/// rows to `rows`; returns the sentence for the table's description (what was measured, or
/// why nothing was). A notice goes to stderr when it is not measured.
pub(crate) fn add_rows(
    report_dir: &Path,
    since: SystemTime,
    rounds: u32,
    rows: &mut Vec<Row>,
) -> String {
    match measure(report_dir, since, rounds) {
        Ok(m) => {
            rows.extend(peer_rows(&m));
            format!(
                " The `python-chess` rows: python-chess {} (`chess.syzygy`, `{SCRIPT}`) on the \
                 same {} positions and tables, its answers checked equal to ours, in a Python \
                 process after criterion's runs: a WDL pass and a DTZ pass in turn for {} \
                 rounds; its time is the best round (not criterion's mean), its ± runs from \
                 the best to the median round.",
                m.version, m.positions, m.rounds
            )
        }
        Err(why) => {
            eprintln!("NOTICE: python-chess's Syzygy probes not measured: {why}");
            format!(" (python-chess not measured: {why}.)")
        }
    }
}

/// The tables' directory: the one the bench reads.
fn tables_dir() -> Option<PathBuf> {
    std::env::var_os("CHESSBITS_DATA").map(|d| PathBuf::from(d).join("syzygy/regular"))
}

/// Runs the script, when python-chess is there and the bench wrote its positions.
fn measure(report_dir: &Path, since: SystemTime, rounds: u32) -> Result<Measured, String> {
    let tables = tables_dir().ok_or("CHESSBITS_DATA is not set")?;
    let positions = report_dir.join(POSITIONS_CSV);
    let written = std::fs::metadata(&positions)
        .and_then(|m| m.modified())
        .map_err(|e| format!("the bench wrote no {}: {e}", positions.display()))?;
    if written < since {
        return Err(format!("{} is from an earlier run", positions.display()));
    }
    require_python_chess("chess.syzygy")?;
    let script = crate::workspace_root().join(SCRIPT);
    let out = Command::new("python3")
        .arg(&script)
        .arg(&tables)
        .arg(&positions)
        .arg(rounds.to_string())
        .output()
        .map_err(|e| format!("cannot run python3 {}: {e}", script.display()))?;
    if !out.status.success() {
        let stderr = String::from_utf8_lossy(&out.stderr);
        let last = stderr.lines().last().unwrap_or_default();
        return Err(format!("{SCRIPT} failed ({}): {last}", out.status));
    }
    let stdout = String::from_utf8_lossy(&out.stdout);
    stdout
        .lines()
        .rev()
        .find_map(parse)
        .ok_or_else(|| format!("{SCRIPT} printed no `syzygy_probe:` line"))
}

/// The script's last line: `syzygy_probe: chess=1.11.2 positions=4096 rounds=5
/// wdl_best_s=0.1 wdl_median_s=0.2 dtz_best_s=0.3 dtz_median_s=0.4`.
fn parse(line: &str) -> Option<Measured> {
    let fields = line.strip_prefix("syzygy_probe: ")?;
    let field = |key: &str| {
        fields
            .split_whitespace()
            .find_map(|f| f.strip_prefix(key)?.strip_prefix('='))
    };
    let seconds = |key: &str| field(key)?.parse::<f64>().ok().filter(|s| *s > 0.0);
    Some(Measured {
        version: field("chess")?.to_owned(),
        positions: field("positions")?.parse().ok().filter(|n| *n > 0)?,
        rounds: field("rounds")?.parse().ok()?,
        wdl: (seconds("wdl_best_s")?, seconds("wdl_median_s")?),
        dtz: (seconds("dtz_best_s")?, seconds("dtz_median_s")?),
    })
}

/// python-chess's rows: an iteration is one pass over the positions, its time the best
/// round, its interval from the best to the median round.
fn peer_rows(m: &Measured) -> [Row; 2] {
    let row = |what: &str, (best, median): (f64, f64)| {
        Row::from_rounds(format!("python-chess/{what}"), best, median, m.positions)
    };
    [row("wdl", m.wdl), row("dtz", m.dtz)]
}

/// Runs `add` (a python-chess row's `add_rows`) on an empty temporary directory, removed
/// afterwards, and returns the rows it added and its note: how the tests of those rows see
/// a report directory without their input.
#[cfg(test)]
pub(crate) fn rows_in_empty_dir(
    name: &str,
    add: impl FnOnce(&Path, &mut Vec<Row>) -> String,
) -> (Vec<Row>, String) {
    let dir = std::env::temp_dir().join(format!("xtask-{name}-python-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir is writable");
    let mut rows = Vec::new();
    let note = add(&dir, &mut rows);
    std::fs::remove_dir_all(&dir).expect("temp dir is removable");
    (rows, note)
}

/// `Ok` when `python3` imports `module` of python-chess; the error says how to install it.
pub(crate) fn require_python_chess(module: &str) -> Result<(), String> {
    let has_chess = Command::new("python3")
        .args(["-c", &format!("import {module}")])
        .output()
        .is_ok_and(|o| o.status.success());
    if has_chess {
        Ok(())
    } else {
        Err(
            "python3 with python-chess is not installed (`python3 -m pip install chess`)"
                .to_owned(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::peer_ratios;

    const LINE: &str = "syzygy_probe: chess=1.11.2 positions=4096 rounds=5 \
                        wdl_best_s=0.204800 wdl_median_s=0.210000 \
                        dtz_best_s=2.048000 dtz_median_s=2.100000";

    #[test]
    fn reads_the_scripts_line() {
        let m = parse(LINE).expect("a full line");
        assert_eq!(
            m,
            Measured {
                version: "1.11.2".to_owned(),
                positions: 4096,
                rounds: 5,
                wdl: (0.2048, 0.21),
                dtz: (2.048, 2.1),
            }
        );
        assert_eq!(parse("python-chess 1.11.2"), None);
        assert_eq!(parse(&LINE.replace("dtz_best_s=2.048000", "")), None);
        assert_eq!(parse(&LINE.replace("positions=4096", "positions=0")), None);
    }

    #[test]
    fn its_rows_compare_with_ours_on_the_same_probe() {
        let m = parse(LINE).expect("a full line");
        let row = |name: &str, ns: f64| Row {
            name: name.to_owned(),
            iteration_ns: ns,
            interval_ns: (ns, ns),
            elements: 4096,
        };
        // Ours: 20,000,000 WDL probes/s (204.8 µs a pass), 2,000,000 DTZ probes/s.
        let mut rows = vec![
            row("chessbits/wdl", 204_800.0),
            row("chessbits/dtz", 2_048_000.0),
        ];
        rows.extend(peer_rows(&m));
        let ratios = peer_ratios(&rows);
        assert_eq!(ratios.len(), 2);
        assert_eq!(
            (ratios[0].ours.as_str(), ratios[0].peer.as_str()),
            ("chessbits/wdl", "python-chess/wdl")
        );
        // 20,000 WDL probes/s for python-chess: 1,000x.
        assert!((ratios[0].peer_rate - 20_000.0).abs() < 1e-6);
        assert!((ratios[0].ratio - 1000.0).abs() < 1e-6);
        assert_eq!(ratios[1].ours, "chessbits/dtz");
        assert!((ratios[1].ratio - 1000.0).abs() < 1e-6);
        // The range runs from the best to the median round.
        assert!((ratios[1].range.1 - 1000.0 * 2.1 / 2.048).abs() < 1e-6);
    }

    #[test]
    fn without_positions_nothing_is_added_and_the_table_says_why() {
        let (rows, note) = rows_in_empty_dir("syzygy", |dir, rows| {
            add_rows(dir, SystemTime::now(), 1, rows)
        });
        assert!(rows.is_empty());
        assert!(note.starts_with(" (python-chess not measured: "), "{note}");
    }
}
