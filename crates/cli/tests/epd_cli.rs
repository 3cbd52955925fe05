//! `chessbits perft --epd`: suites read as they are, disagreements reported, exit status.

#![allow(clippy::unwrap_used)]

use std::path::PathBuf;
use std::process::{Command, Output};

fn chessbits(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_chessbits"))
        .args(args)
        .output()
        .expect("run chessbits")
}

fn suite(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/epd")
        .join(name)
        .display()
        .to_string()
}

fn temp_file(name: &str, bytes: &[u8]) -> String {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path.display().to_string()
}

#[test]
fn every_suite_agrees_within_the_limit() {
    for name in [
        "roce_perftsuite.epd",
        "chess-epds_perft_tricky.epd",
        "python-chess_tricky.perft",
        "ethereal_fischer960.epd",
        "chess-epds_ferdy_perft_double_checks.epd",
    ] {
        let o = chessbits(&["perft", "--epd", &suite(name), "--max-nodes", "20000"]);
        let out = String::from_utf8_lossy(&o.stdout);
        assert!(o.status.success(), "{name}: {out}");
        let summary = out.lines().last().unwrap();
        assert!(summary.contains(" 0 wrong"), "{name}: {summary}");
        assert!(summary.contains(" 0 unreadable"), "{name}: {summary}");
        assert!(!summary.starts_with("0 positions"), "{name}: {summary}");
    }
}

#[test]
fn a_wrong_count_is_reported_with_its_line_and_exit_status_1() {
    let path = temp_file(
        "wrong.epd",
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400\r\n\
          rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -; D1 20; D2 401\0\r\n",
    );
    let o = chessbits(&["perft", "--epd", &path]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{out}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert!(
        lines[0].ends_with(":2: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 depth 2: expected 401, got 400"),
        "{out}"
    );
    assert!(
        lines[1].starts_with("2 positions, 4 counts checked, 1 wrong, 0 skipped"),
        "{out}"
    );
}

#[test]
fn limits_skip_counts_and_bad_lines_are_reported() {
    let path = temp_file(
        "limits.epd",
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;D3 8902\n\
          not a position\n",
    );
    let o = chessbits(&["perft", "--epd", &path, "--max-depth", "2"]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(
        out.contains("limits.epd: line 2: expected at least four position fields, found 3"),
        "{out}"
    );
    assert!(
        out.lines()
            .last()
            .unwrap()
            .starts_with("1 positions, 2 counts checked, 0 wrong, 1 skipped"),
        "{out}"
    );
    let o = chessbits(&["perft", "--epd", "/nonexistent/suite.epd"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn moves_lists_see_and_checks_as_csv() {
    let fen = "1k1r4/1ppn3p/p4b2/4n3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1";
    let o = chessbits(&["moves", "--fen", fen, "--tactical"]);
    assert!(o.status.success());
    let out = String::from_utf8_lossy(&o.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "move,see,check");
    // The classic case: Nxe5 wins a knight, loses it, and the exchanges come to +100.
    assert!(lines.contains(&"d3e5,100,false"), "{out}");
    // Castling gives check with its rook.
    let o = chessbits(&[
        "moves",
        "--checks",
        "--fen",
        "5k2/8/8/8/8/8/8/4K2R w K - 0 1",
    ]);
    let out = String::from_utf8_lossy(&o.stdout);
    let mut moves: Vec<&str> = out
        .lines()
        .skip(1)
        .map(|l| l.split(',').next().unwrap())
        .collect();
    moves.sort_unstable();
    assert_eq!(moves, ["e1g1", "h1f1", "h1h8"], "{out}");
}

#[test]
fn book_build_show_and_choose() {
    let sample = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/sample/lichess_db_2025-05_1000k.pgn.zst")
        .display()
        .to_string();
    let book = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("cli-book.bin")
        .display()
        .to_string();
    let o = chessbits(&[
        "book",
        "build",
        &sample,
        "-o",
        &book,
        "--max-ply",
        "10",
        "--min-games",
        "3",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let committed = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/chessbits-lichess-ply10-min3.bin");
    assert_eq!(
        std::fs::read(&book).unwrap(),
        std::fs::read(committed).unwrap()
    );
    let o = chessbits(&["book", "show", &book]);
    assert!(o.status.success());
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.lines().count() >= 2, "{out}");
    assert!(out.lines().all(|l| l.contains('%')), "{out}");
    let a = chessbits(&["book", "choose", &book, "--seed", "5"]);
    let b = chessbits(&["book", "choose", &book, "--seed", "5"]);
    assert!(a.status.success());
    assert_eq!(a.stdout, b.stdout);
    let o = chessbits(&["book", "show", &sample]);
    assert_eq!(o.status.code(), Some(2), "a PGN file is not a book");
}

#[test]
fn epd_and_a_depth_are_not_both_accepted() {
    let o = chessbits(&["perft", "3", "--epd", &suite("roce_perftsuite.epd")]);
    assert_eq!(o.status.code(), Some(2));
    let o = chessbits(&["perft"]);
    assert_eq!(o.status.code(), Some(2), "a depth or --epd is required");
}

/// A depth no perft could count (it would overflow the stack) is an error on its own line,
/// and the suite's other counts are still checked.
#[test]
fn a_depth_beyond_the_limit_is_a_line_error() {
    let path = temp_file(
        "deep.epd",
        b"8/8/8/8/8/8/8/K6k w - - 0 1 ;D1 3 ;D99999 1\n\
          rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D2 400\n",
    );
    let o = chessbits(&["perft", "--epd", &path]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(out.contains(":1: depth 99999 is beyond"), "{out}");
    let summary = out.lines().last().unwrap();
    assert!(
        summary.starts_with("2 positions, 2 counts checked, 0 wrong"),
        "{summary}"
    );
}

#[test]
fn variants_by_depth_and_by_suite() {
    let o = chessbits(&[
        "perft",
        "2",
        "--variant",
        "crazyhouse",
        "--fen",
        "2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1",
    ]);
    assert!(o.status.success());
    assert!(String::from_utf8_lossy(&o.stdout).ends_with("Nodes searched: 3083\n"));
    // The start of the variant when no FEN is given; Lichess's names are read too.
    let o = chessbits(&["perft", "3", "--variant", "Racing Kings"]);
    assert!(String::from_utf8_lossy(&o.stdout).ends_with("Nodes searched: 11264\n"));
    let o = chessbits(&["perft", "1", "--variant", "shogi"]);
    assert_eq!(o.status.code(), Some(2));
    // python-chess's .perft format, three-check counters in the EPD.
    let file = temp_file(
        "3check.perft",
        b"id 3check-castling\nepd r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 1+1\nperft 1 26\nperft 2 562\n",
    );
    let o = chessbits(&["perft", "--epd", &file, "--variant", "3check"]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{out}");
    assert!(out.contains("2 counts checked, 0 wrong"), "{out}");
    // The same suite as standard chess disagrees (the third check ends the game).
    let o = chessbits(&["perft", "--epd", &file]);
    assert_eq!(o.status.code(), Some(1));
}
