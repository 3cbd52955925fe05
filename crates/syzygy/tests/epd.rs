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

/// Root ranking counts the position's halfmove clock: python-chess's KRvK win in 21 plies
/// to zeroing stays a win from a fresh counter and becomes a cursed win with 90 halfmoves
/// already played; a mate in one is ranked first and has DTZ 1.
#[test]
fn root_moves_count_the_halfmove_clock() {
    let tb = common::tablebase(&common::committed_dir());
    let fresh: Position = "8/8/8/2R5/1K6/8/5k2/8 w - - 0 1"
        .parse()
        .expect("valid FEN");
    let best = tb.best_move(&fresh).expect("probe").expect("a move");
    assert_eq!(best.wdl, chessbits_syzygy::Wdl::Win);
    assert_eq!(best.dtz, tb.probe_dtz(&fresh).expect("probe"));
    let late: Position = "8/8/8/2R5/1K6/8/5k2/8 w - - 90 60"
        .parse()
        .expect("valid FEN");
    let moves = tb.root_moves(&late).expect("probe");
    assert!(
        moves.iter().all(|m| m.wdl != chessbits_syzygy::Wdl::Win),
        "{moves:?}"
    );
    assert_eq!(moves[0].wdl, chessbits_syzygy::Wdl::CursedWin);
    assert!(moves.windows(2).all(|w| w[0].rank >= w[1].rank));
    let mate_in_one: Position = "k7/8/1K6/8/8/8/7Q/8 w - - 0 1".parse().expect("valid FEN");
    let best = tb.best_move(&mate_in_one).expect("probe").expect("a move");
    assert_eq!((best.dtz, best.wdl), (1, chessbits_syzygy::Wdl::Win));
    let mut after = mate_in_one.clone();
    let _ = after.make_unchecked(best.mv);
    assert!(
        chessbits_movegen::is_checkmate(&after),
        "{}",
        best.mv.uci(false)
    );
}

/// `best_move` is `None` exactly when python-chess's `board.is_game_over()` is true:
/// checkmate, stalemate, insufficient material (even with moves left: two bare kings,
/// KNvK, KBvK) and the 75-move rule (halfmove clock 150, not 149); the 50-move rule is only
/// a claim. `root_moves` still lists the legal moves of a drawn material.
#[test]
fn no_best_move_once_the_game_is_over() {
    let tb = common::tablebase(&common::committed_dir());
    let best = |fen: &str| {
        let pos: Position = fen.parse().expect("valid FEN");
        tb.best_move(&pos)
            .expect("probe")
            .map(|b| b.mv.uci(false).to_string())
    };
    for over in [
        "k7/1Q6/1K6/8/8/8/8/8 b - - 0 1",      // checkmate
        "k7/8/1QK5/8/8/8/8/8 b - - 0 1",       // stalemate
        "8/8/8/8/8/8/8/K6k w - - 0 1",         // bare kings
        "8/8/8/4n3/8/2k5/8/K7 b - - 0 1",      // KNvK
        "8/8/8/8/4B3/2k5/8/K7 w - - 0 1",      // KBvK
        "8/8/8/2R5/1K6/8/5k2/8 w - - 150 120", // 75-move rule
    ] {
        assert_eq!(best(over), None, "{over}");
    }
    for playing in [
        "8/8/8/2R5/1K6/8/5k2/8 w - - 149 120",
        "8/8/8/2R5/1K6/8/5k2/8 w - - 100 100",
        "8/8/8/8/8/2k5/8/KQ6 w - - 0 1",
    ] {
        assert!(best(playing).is_some(), "{playing}");
    }
    let kings: Position = "8/8/8/8/8/8/8/K6k w - - 0 1".parse().expect("valid FEN");
    assert_eq!(tb.root_moves(&kings).expect("probe").len(), 3);
}
