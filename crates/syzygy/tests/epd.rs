//! Every position of python-chess's endgame EPD files whose tables are present has the
//! `wdl` and `dtz` python-chess's `chess.syzygy` gives it; `dm` (depth to mate) lines have
//! a WDL of the same sign. Positions that need missing tables are counted and reported.

mod common;

use std::collections::BTreeMap;

use chessbits_position::{CastlingMode, Epd, Position};
use chessbits_syzygy::{SyzygyError, Tablebase};

#[derive(Default, Debug)]
struct Tally {
    wdl_checked: usize,
    dtz_checked: usize,
    dm_checked: usize,
    missing: BTreeMap<String, usize>,
    failures: Vec<String>,
}

fn check(tb: &Tablebase, text: &str, tally: &mut Tally) {
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let epd = Epd::parse(line).expect("valid EPD");
        let pos = Position::from_setup(&epd.setup, CastlingMode::Standard).expect("legal position");
        let op = |name: &str| -> Option<i32> {
            epd.get(name)
                .and_then(|o| o.first())
                .map(|v| v.parse().expect("a number"))
        };
        let mut missing = |e: &SyzygyError| -> bool {
            if let SyzygyError::MissingTable { table } = e {
                *tally.missing.entry(table.clone()).or_default() += 1;
                true
            } else {
                false
            }
        };
        if let Some(expected) = op("wdl") {
            match tb.probe_wdl(&pos) {
                Ok(w) if w.to_i32() == expected => tally.wdl_checked += 1,
                Ok(w) => tally
                    .failures
                    .push(format!("{line}: wdl {w}, expected {expected}")),
                Err(e) if missing(&e) => continue,
                Err(e) => tally.failures.push(format!("{line}: {e}")),
            }
        }
        if let Some(expected) = op("dtz") {
            match tb.probe_dtz(&pos) {
                Ok(d) if d == expected => tally.dtz_checked += 1,
                Ok(d) => tally
                    .failures
                    .push(format!("{line}: dtz {d}, expected {expected}")),
                Err(e) if missing(&e) => continue,
                Err(e) => tally.failures.push(format!("{line}: {e}")),
            }
        }
        if let Some(dm) = op("dm") {
            match tb.probe_wdl(&pos) {
                Ok(w) if w.signum() == dm.signum() => tally.dm_checked += 1,
                Ok(w) => tally.failures.push(format!("{line}: wdl {w}, dm {dm}")),
                Err(e) if missing(&e) => continue,
                Err(e) => tally.failures.push(format!("{line}: {e}")),
            }
        }
    }
}

#[test]
fn committed_tables_agree_with_python_chess() {
    let tb = common::tablebase(&common::committed_dir());
    let text =
        std::fs::read_to_string(common::committed_dir().join("endgame-3.epd")).expect("readable");
    let mut tally = Tally::default();
    check(&tb, &text, &mut tally);
    eprintln!("committed: {tally:?}");
    assert!(tally.failures.is_empty(), "{:#?}", tally.failures);
    assert!(tally.missing.is_empty());
    assert_eq!((tally.wdl_checked, tally.dtz_checked), (5, 5));
}

#[test]
fn shared_epd_files_agree_with_python_chess() {
    let Some(dir) = common::shared_dir("shared_epd_files_agree_with_python_chess") else {
        return;
    };
    let tb = common::tablebase(&dir.join("regular"));
    let mut tally = Tally::default();
    for file in [
        "python-chess_endgame.epd",
        "python-chess_endgame-dm-4.epd",
        "python-chess_endgame-dm-5.epd",
    ] {
        let text = std::fs::read_to_string(dir.join(file)).expect("readable");
        check(&tb, &text, &mut tally);
    }
    let skipped: usize = tally.missing.values().sum();
    eprintln!(
        "shared: {} wdl and {} dtz values equal python-chess's, {} dm signs agree; {} probes skipped for missing tables {:?}",
        tally.wdl_checked, tally.dtz_checked, tally.dm_checked, skipped, tally.missing
    );
    assert!(
        tally.failures.is_empty(),
        "{} failures: {:#?}",
        tally.failures.len(),
        tally.failures
    );
    assert!(tally.wdl_checked > 100 && tally.dtz_checked > 100);
}
