//! `chessbits pgn check|fens|games` on games of the Lichess variants (their `Variant` tag
//! as Lichess writes it); the expected rows are python-chess's.

#![allow(clippy::unwrap_used)]

use std::path::PathBuf;
use std::process::{Command, Output};

fn chessbits(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_chessbits"))
        .args(args)
        .output()
        .expect("run chessbits")
}

const GAMES: &str =
    "[Event \"atomic\"]\n[Variant \"Atomic\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Qxf7# 1-0\n\n\
[Event \"zh\"]\n[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. @e4 *\n\n\
[Event \"koth\"]\n[Variant \"King of the Hill\"]\n\n1. e4 d5 2. Ke2 dxe4 3. Ke3 Kd7 4. Kxe4# 1-0\n";

fn games_file() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let path = dir.join("variants.pgn");
    std::fs::write(&path, GAMES).unwrap();
    path
}

#[test]
fn check_fens_and_games_read_variant_games() {
    let file = games_file();
    let file = file.to_str().unwrap();
    let o = chessbits(&["pgn", "check", file]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{out}");
    assert!(out.contains("3 games, 19 moves, 0 errors"), "{out}");

    let o = chessbits(&["pgn", "fens", file]);
    let rows = String::from_utf8(o.stdout).unwrap();
    let rows: Vec<&str> = rows.lines().collect();
    assert_eq!(rows.len(), 20);
    assert_eq!(
        rows[5],
        "r1bqkbnr/pppp1ppp/2n5/4p2Q/4P3/8/PPPP1PPP/RNB1KBNR w KQkq - 2 3,Qxf7#,\
         r1bq3r/pppp2pp/2n5/4p3/4P3/8/PPPP1PPP/RNB1KBNR b KQ - 0 3"
    );
    assert!(
        rows[12].ends_with(",@e4,rnb1kbnr/ppp1pppp/8/q7/4P3/2N5/PPPP1PPP/R1BQKBNR[p] b KQkq - 3 4")
    );
    assert!(
        rows[19].ends_with(",Kxe4#,rnbq1bnr/pppkpppp/8/8/4K3/8/PPPP1PPP/RNBQ1BNR b - - 0 4"),
        "{}",
        rows[19]
    );

    let o = chessbits(&["pgn", "games", file, "--format", "ndjson"]);
    let out = String::from_utf8(o.stdout).unwrap();
    let variants: Vec<&str> = out
        .lines()
        .map(|l| {
            let at = l.find("\"variant\":\"").unwrap() + 11;
            &l[at..at + l[at..].find('"').unwrap()]
        })
        .collect();
    assert_eq!(variants, ["Atomic", "Crazyhouse", "King of the Hill"]);
    assert!(out.contains("\"P@e4\""), "{out}");
    assert!(!out.contains("\"error\":\""), "{out}");
}
