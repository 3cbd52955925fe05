//! `probe_wdl`, `probe_dtz`, `probe_dtz_no_ep`, `probe_wdl_table` and `probe_dtz_table`
//! answer as python-chess's `Tablebase` methods of the same names do, on the answers
//! `tests/data/make_oracle.py` recorded in `tests/data/probes.txt`: random legal positions
//! of every 3- and 4-piece table, and 300 positions where an en-passant capture is legal
//! (where `probe_dtz_no_ep` and `probe_dtz` differ on some).
//!
//! The committed 3-piece tables run the positions they cover with no environment variable;
//! with `CHESSBITS_DATA` the shared tables run all. A position whose tables are missing is
//! counted, not failed.

mod common;

use std::path::Path;

use chessbits_position::Position;
use chessbits_syzygy::{SyzygyError, Tablebase, Wdl};

const PROBES: &str = include_str!("data/probes.txt");

#[derive(Default, Debug)]
struct Tally {
    checked: usize,
    with_ep: usize,
    no_ep_differs: usize,
    missing: usize,
    failures: Vec<String>,
}

fn wdl(text: &str) -> Wdl {
    Wdl::from_i32(text.parse().expect("a number")).expect("-2..=2")
}

/// Probes every recorded position the tables cover; `Err` for a missing table.
fn check_line(tb: &Tablebase, line: &str) -> Result<Vec<String>, SyzygyError> {
    let f: Vec<&str> = line.split('|').collect();
    let pos: Position = f[0].parse().expect("a legal position");
    let mut failures = Vec::new();
    let mut expect = |what: &str, got: String, expected: &str| {
        if got != expected {
            failures.push(format!("{line}: {what} {got}, expected {expected}"));
        }
    };
    expect("probe_wdl", tb.probe_wdl(&pos)?.to_i32().to_string(), f[1]);
    expect("probe_dtz", tb.probe_dtz(&pos)?.to_string(), f[2]);
    expect(
        "probe_dtz_no_ep",
        tb.probe_dtz_no_ep(&pos)?.to_string(),
        f[3],
    );
    let raw = tb.probe_wdl_table(&pos)?;
    expect("probe_wdl_table", raw.to_i32().to_string(), f[4]);
    // python-chess reads the DTZ table for the stored WDL, a draw included.
    let stored = match tb.probe_dtz_table(&pos, wdl(f[4]))? {
        Some(plies) => format!("{plies}:1"),
        None => "0:-1".to_owned(),
    };
    expect("probe_dtz_table", stored, f[5]);
    Ok(failures)
}

fn check(dir: &Path) -> Tally {
    let tb = common::tablebase(dir);
    let mut tally = Tally::default();
    for line in PROBES.lines().filter(|l| !l.starts_with('#')) {
        match check_line(&tb, line) {
            Ok(failures) => {
                tally.checked += 1;
                let f: Vec<&str> = line.split('|').collect();
                tally.with_ep += usize::from(f[0].split(' ').nth(3) != Some("-"));
                tally.no_ep_differs += usize::from(f[2] != f[3]);
                tally.failures.extend(failures);
            }
            Err(SyzygyError::MissingTable { .. }) => tally.missing += 1,
            Err(e) => tally.failures.push(format!("{line}: {e}")),
        }
    }
    tally
}

#[test]
fn committed_tables_probe_as_python_chess() {
    let tally = check(&common::committed_dir());
    eprintln!("committed: {tally:?}");
    assert!(tally.failures.is_empty(), "{:#?}", tally.failures);
    // The five 3-piece tables, twelve positions each.
    assert_eq!(tally.checked, 60, "{tally:?}");
}

#[test]
fn shared_tables_probe_as_python_chess() {
    let Some(dir) = common::shared_dir("shared_tables_probe_as_python_chess") else {
        return;
    };
    let tally = check(&dir.join("regular"));
    eprintln!("shared: {tally:?}");
    assert!(tally.failures.is_empty(), "{:#?}", tally.failures);
    assert_eq!(tally.missing, 0, "{tally:?}");
    assert!(tally.with_ep >= 300 && tally.no_ep_differs > 0, "{tally:?}");
}

/// `add_file` adds a table file by its path, as `add_directory` would, and nothing else.
#[test]
fn add_file_adds_table_files_only() {
    let dir = common::committed_dir();
    let mut tb = Tablebase::new();
    assert!(tb.add_file(dir.join("KQvK.rtbw")));
    assert!(tb.add_file(dir.join("KQvK.rtbz")));
    assert!(!tb.add_file(dir.join("README.md")));
    assert!(!tb.add_file(dir.join("KRvKR.rtbw")), "no such file");
    assert!(!tb.add_file(&dir), "a directory");
    let pos: Position = "8/8/8/8/8/2k5/8/KQ6 w - - 0 1".parse().expect("valid FEN");
    assert_eq!(tb.probe_wdl(&pos).expect("probe"), Wdl::Win);
    assert!(tb.probe_dtz(&pos).expect("probe") > 0);
    let rook: Position = "8/8/8/8/8/2k5/8/KR6 w - - 0 1".parse().expect("valid FEN");
    assert!(matches!(
        tb.probe_wdl(&rook),
        Err(SyzygyError::MissingTable { table }) if table == "KRvK.rtbw"
    ));
}
