//! `chessbits pgn check` and `chessbits pgn fens` as a user runs them (games of the
//! Lichess variants too).

#![allow(clippy::unwrap_used)]

use std::path::PathBuf;
use std::process::{Command, Output};

fn chessbits(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_chessbits"))
        .args(args)
        .output()
        .expect("run chessbits")
}

fn temp(name: &str, content: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chessbits-pgn-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, content).unwrap();
    path
}

fn sample() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/sample/lichess_DannyTheDonkey_2019-01-29.pgn.zst")
}

#[test]
fn check_reads_zstd_and_passes() {
    let s = sample();
    let o = chessbits(&["pgn", "check", s.to_str().unwrap(), "--threads", "2"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("105 games, 9422 moves, 0 errors"), "{out}");
}

/// The same games as plain text and as gzip (two members, as `cat a.gz b.gz` makes) give
/// the same rows and summary as the zstd file.
#[test]
fn plain_and_gzip_read_like_zstd() {
    use std::io::{Read, Write};
    let s = sample();
    let mut text = Vec::new();
    chessbits_pgn::input::open(&s)
        .unwrap()
        .read_to_end(&mut text)
        .unwrap();
    let half = text.len() / 2;
    let mut gz = Vec::new();
    for part in [&text[..half], &text[half..]] {
        let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        e.write_all(part).unwrap();
        gz.extend(e.finish().unwrap());
    }
    let plain = temp("sample.pgn", &text);
    let gzip = temp("sample.pgn.gz", &gz);
    let mut rows = Vec::new();
    for (k, input) in [&s, &plain, &gzip].into_iter().enumerate() {
        let o = chessbits(&["pgn", "check", input.to_str().unwrap()]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let out = String::from_utf8_lossy(&o.stdout);
        assert!(out.contains("105 games, 9422 moves, 0 errors"), "{out}");
        let csv = temp(&format!("rows{k}.csv"), b"");
        let i = input.to_str().unwrap();
        let o = chessbits(&["pgn", "fens", i, "-o", csv.to_str().unwrap()]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        rows.push(std::fs::read(&csv).unwrap());
    }
    assert_eq!(rows[0].iter().filter(|&&b| b == b'\n').count(), 9422 + 1);
    assert!(rows[1] == rows[0] && rows[2] == rows[0]);
}

/// Game errors go to stderr as they are found (JSON lines with `--json`); the summary goes
/// to stdout; status 1.
#[test]
fn check_reports_errors_and_exits_1() {
    let f = temp(
        "bad.pgn",
        b"[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. e4 e4 *\n",
    );
    let o = chessbits(&["pgn", "check", f.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("game 2, line 7: move 1... \"e4\": illegal move"),
        "{err}"
    );
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.contains("2 games, 3 moves, 1 errors in 1 games"),
        "{out}"
    );
    assert!(!out.contains("illegal"), "{out}");
    let o = chessbits(&["pgn", "check", "--json", f.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let lines: Vec<serde_json::Value> = o
        .stderr
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .map(|l| serde_json::from_slice(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 1, "{lines:?}");
    let e = &lines[0];
    assert_eq!(e["type"], "game_error");
    assert_eq!(e["game"], 2);
    assert_eq!(e["line"], 7);
    assert!(e["message"].as_str().unwrap().contains("illegal"));
    let out: Vec<serde_json::Value> = o
        .stdout
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .map(|l| serde_json::from_slice(l).unwrap())
        .collect();
    assert_eq!(out.len(), 2);
    assert_eq!(out[0]["type"], "file");
    assert_eq!(out[1]["type"], "total");
    assert_eq!(out[1]["games"], 2);
    assert_eq!(out[1]["moves"], 3);
    assert_eq!(out[1]["errors"], 1);
}

#[test]
fn fens_writes_rows_in_input_order() {
    let s = sample();
    let one = temp("one.csv", b"");
    let two = temp("two.csv", b"");
    for (threads, out) in [("1", &one), ("2", &two)] {
        let o = chessbits(&[
            "pgn",
            "fens",
            s.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
            "--threads",
            threads,
        ]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
    let a = std::fs::read(&one).unwrap();
    assert_eq!(a, std::fs::read(&two).unwrap());
    let text = String::from_utf8(a).unwrap();
    assert_eq!(text.lines().count(), 1 + 9422);
    assert!(text.starts_with("before_fen,san,after_fen\n"));
}

/// An input that cannot be opened: status 3, and the other inputs are still read.
#[test]
fn missing_file_exits_3_and_the_rest_is_read() {
    let s = sample();
    let o = chessbits(&["pgn", "check", "/nonexistent/file.pgn", s.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(3));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("/nonexistent/file.pgn: cannot read"), "{err}");
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("105 games, 9422 moves, 0 errors"), "{out}");
}

/// Bad arguments: status 2.
#[test]
fn usage_errors_exit_2() {
    assert_eq!(chessbits(&["pgn", "check"]).status.code(), Some(2));
    assert_eq!(
        chessbits(&["pgn", "filter", "-", "--tag", "novalue"])
            .status
            .code(),
        Some(2)
    );
    let help = chessbits(&["pgn", "check", "--help"]);
    let text = String::from_utf8_lossy(&help.stdout);
    assert!(
        text.contains("Exit status:") && text.contains("3  an input"),
        "{text}"
    );
}

/// Games of the Lichess variants (their `Variant` tag as Lichess writes it).
const VARIANT_GAMES: &str =
    "[Event \"atomic\"]\n[Variant \"Atomic\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Qxf7# 1-0\n\n\
[Event \"zh\"]\n[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. @e4 *\n\n\
[Event \"koth\"]\n[Variant \"King of the Hill\"]\n\n1. e4 d5 2. Ke2 dxe4 3. Ke3 Kd7 4. Kxe4# 1-0\n";

/// `pgn check|fens|games` on variant games: the rows are python-chess's.
#[test]
fn check_fens_and_games_read_variant_games() {
    let file = temp("variants.pgn", VARIANT_GAMES.as_bytes());
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

/// The closing JSON object of every writing command counts what it wrote under one key,
/// `rows`, beside the same counts of games, moves and errors.
#[test]
fn every_command_totals_under_the_same_keys() {
    let f = temp(
        "keys.pgn",
        b"[Event \"a\"]\n\n1. e4 e5 2. Nf3 *\n\n[Event \"b\"]\n\n1. d4 *\n",
    );
    let f = f.to_str().unwrap();
    let out = std::env::temp_dir().join(format!("chessbits-keys-{}.csv", std::process::id()));
    let out = out.to_str().unwrap();
    for (args, rows) in [
        (vec!["pgn", "fens", f, "-o", out], 4),
        (vec!["pgn", "games", f, "-o", out], 2),
        (vec!["pgn", "moves", f, "-o", out], 4),
        (vec!["pgn", "filter", f, "--min-plies", "2", "-o", out], 1),
    ] {
        let mut args = args.clone();
        args.push("--json");
        let o = chessbits(&args);
        assert!(
            o.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        let last = o
            .stderr
            .split(|&b| b == b'\n')
            .rfind(|l| !l.is_empty())
            .unwrap();
        let total: serde_json::Value = serde_json::from_slice(last).unwrap();
        assert_eq!(total["type"], "total", "{args:?}");
        assert_eq!(total["rows"], rows, "{args:?}: {total}");
        assert_eq!(total["games"], 2, "{args:?}: {total}");
        let keys: Vec<&String> = total.as_object().unwrap().keys().collect();
        assert!(keys.iter().all(|k| !k.contains(' ')), "{keys:?}");
    }
}

/// A date that does not exist is no date: `--tag-range` does not keep it, as the tables'
/// `utc_date`-typed columns do not read it.
#[test]
fn a_date_that_does_not_exist_is_kept_by_no_date_range() {
    let f = temp(
        "dates.pgn",
        b"[UTCDate \"2025.02.31\"]\n\n1. e4 *\n\n[UTCDate \"2025.02.28\"]\n\n1. d4 *\n",
    );
    let o = chessbits(&[
        "pgn",
        "filter",
        f.to_str().unwrap(),
        "--tag-range",
        "UTCDate=2025.02.01..2025.03.01",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let kept = String::from_utf8_lossy(&o.stdout);
    assert!(
        kept.contains("2025.02.28") && !kept.contains("2025.02.31"),
        "{kept}"
    );
}

/// An integer tag is read alike by a filter and by a column: `2500.5` is no rating for
/// `--elo` and a null `white_elo`.
#[test]
fn an_integer_tag_is_read_alike_by_a_filter_and_a_column() {
    let f = temp(
        "elos.pgn",
        b"[WhiteElo \"2500.5\"]\n[BlackElo \"2600\"]\n\n1. e4 *\n\n\
          [WhiteElo \"2501\"]\n[BlackElo \"2600\"]\n\n1. d4 *\n",
    );
    let o = chessbits(&["pgn", "filter", f.to_str().unwrap(), "--elo", "2500.."]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let kept = String::from_utf8_lossy(&o.stdout);
    assert!(kept.contains("2501") && !kept.contains("2500.5"), "{kept}");
    let o = chessbits(&["pgn", "games", f.to_str().unwrap(), "--format", "ndjson"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let rows: Vec<serde_json::Value> = String::from_utf8_lossy(&o.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), 2);
    assert!(rows[0]
        .get("white_elo")
        .is_none_or(serde_json::Value::is_null));
    assert_eq!(rows[1]["white_elo"], 2501);
}
