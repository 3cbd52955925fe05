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
        .join("../movegen/tests/data")
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
