//! `chessbits analyse` against a scripted fake engine (`analyse_fake`): every exchange,
//! the columns in every format, deduplication, annotation, and the faults (an engine that
//! is slow, dies once, dies always, hangs; an interrupt), then against Stockfish where it
//! is installed. No test depends on timing: the fake answers at once unless told otherwise,
//! and its faults are keyed to positions.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod analyse_fake;
mod common;

use std::collections::HashSet;

use analyse_fake::{engine_script, fake_white_cp, logged, work_dir};
use common::*;

/// The first games of the Lichess sample.
const GAMES: &str = "12";

/// Runs `chessbits analyse` on the sample's first games with the fake engine of `dir`
/// and `env` for it; `extra` arguments after.
fn analyse(dir: &Path, env: &[(&str, &str)], extra: &[&str]) -> Output {
    let engine = engine_script(dir);
    let input = sample(&format!("{LICHESS}.pgn.zst"));
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_chessbits"));
    cmd.arg("analyse")
        .arg("--engine")
        .arg(&engine)
        .args(["--nodes", "1000", "--limit", GAMES])
        .arg(&input)
        .args(extra)
        .env("FAKE_LOG_DIR", dir.join("log"));
    if !extra.contains(&"--engines") {
        cmd.args(["--engines", "2"]);
    }
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.output().expect("run chessbits")
}

fn csv_rows(text: &[u8]) -> (Vec<String>, Vec<Vec<String>>) {
    let mut r = csv::Reader::from_reader(text);
    let header = r.headers().unwrap().iter().map(str::to_owned).collect();
    let rows = r
        .records()
        .map(|rec| rec.unwrap().iter().map(str::to_owned).collect())
        .collect();
    (header, rows)
}

fn column(header: &[String], name: &str) -> usize {
    header.iter().position(|h| h == name).unwrap()
}

/// The moves table of the same games, without an engine.
fn plain_moves() -> Vec<Vec<String>> {
    let input = sample(&format!("{LICHESS}.pgn.zst"));
    let o = chessbits(&["pgn", "moves", "--limit", GAMES, input.to_str().unwrap()]);
    assert!(o.status.success());
    csv_rows(&o.stdout).1
}

#[test]
fn rows_carry_the_engines_answer_for_the_position_after_each_move() {
    let dir = work_dir("rows");
    let o = analyse(&dir, &[], &["--option", "Hash=32"]);
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{stderr}");
    let (header, rows) = csv_rows(&o.stdout);
    // The moves table's columns and rows, unchanged, then the engine's.
    let plain = plain_moves();
    assert_eq!(rows.len(), plain.len());
    for (r, p) in rows.iter().zip(&plain) {
        assert_eq!(&r[..p.len()], &p[..]);
    }
    let after = column(&header, "after_fen");
    let eval = column(&header, "engine_eval");
    let best = column(&header, "engine_best");
    let pv = column(&header, "engine_pv");
    let depth = column(&header, "engine_depth");
    let wdl = column(&header, "engine_wdl_white");
    let error = column(&header, "engine_error");
    for r in &rows {
        let fen = &r[after];
        assert_eq!(r[error], "", "{fen}");
        let pos = chessbits_position::Position::from_fen(fen).unwrap();
        let legal = chessbits_movegen::legal_moves(&pos);
        let Some(&first) = legal.iter().next() else {
            // Checkmate or stalemate: no move, the score of the end.
            assert_eq!(r[best], "");
            assert!(
                r[eval] == "#0" || r[eval] == "0.00" || r[eval] == "0",
                "{}",
                r[eval]
            );
            continue;
        };
        let cp = fake_white_cp(fen);
        assert_eq!(
            r[eval],
            format!("{}", chessbits_pgn::table::Eval::Centipawns(cp))
        );
        let uci = chessbits_movegen::move_to_uci(&pos, first);
        assert_eq!(r[best], uci);
        assert_eq!(r[pv], uci);
        assert_eq!(r[depth], "7");
        // WDL from White's point of view: the fake's 500/300/200 is the side to move's.
        let white = if fen.contains(" w ") { "500" } else { "200" };
        assert_eq!(r[wdl], white);
    }
    // Each exchange: the handshake, the options (WDL asked for, then the user's), a new
    // game, then per position `position fen` and `go nodes`.
    let lines = logged(&dir);
    assert!(lines.iter().any(|l| l == "uci"));
    assert!(lines
        .iter()
        .any(|l| l == "setoption name UCI_ShowWDL value true"));
    assert!(lines.iter().any(|l| l == "setoption name Hash value 32"));
    assert!(lines.iter().any(|l| l == "ucinewgame"));
    assert!(lines
        .iter()
        .filter(|l| l.starts_with("go"))
        .all(|l| l == "go nodes 1000"));
    // Each distinct position once, though the games share their openings.
    let searched = lines
        .iter()
        .filter(|l| l.starts_with("position fen "))
        .count();
    let distinct: HashSet<String> = rows
        .iter()
        .map(|r| r[after].rsplitn(3, ' ').nth(2).unwrap().to_owned())
        .collect();
    assert_eq!(searched, distinct.len());
    assert!(
        distinct.len() < rows.len(),
        "the sample's games share positions"
    );
    assert!(stderr.contains("rows reused a position"), "{stderr}");
}

#[test]
fn every_format_holds_the_engine_columns() {
    let dir = work_dir("formats");
    let parquet = dir.join("a.parquet");
    let o = analyse(&dir, &[], &["-o", parquet.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let batches = read_parquet(&parquet);
    let rows: usize = batches.iter().map(RecordBatch::num_rows).sum();
    assert_eq!(rows, plain_moves().len());
    for b in &batches {
        let fens = strings(b, "after_fen");
        let evals = b.column_by_name("engine_eval").unwrap().as_struct();
        let cp = evals.column(0).as_primitive::<Int32Type>();
        for (i, fen) in fens.iter().enumerate() {
            let fen = fen.as_deref().unwrap();
            let pos = chessbits_position::Position::from_fen(fen).unwrap();
            if chessbits_movegen::legal_moves(&pos).is_empty() {
                continue;
            }
            assert_eq!(cp.value(i), fake_white_cp(fen));
        }
        assert!(strings(b, "engine_error").iter().all(Option::is_none));
    }
    for (format, ext) in [("ndjson", "ndjson"), ("arrow", "arrow")] {
        let out = dir.join(format!("a.{ext}"));
        let o = analyse(
            &dir,
            &[],
            &["-o", out.to_str().unwrap(), "--format", format],
        );
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let bytes = std::fs::read(&out).unwrap();
        assert!(bytes.len() > 1000, "{format}");
        if format == "ndjson" {
            let text = String::from_utf8(bytes).unwrap();
            assert_eq!(text.lines().count(), rows);
            let first: serde_json::Value =
                serde_json::from_str(text.lines().next().unwrap()).unwrap();
            assert!(first["engine_eval"]["cp"].is_i64(), "{first}");
            assert!(first["engine_pv"].is_array(), "{first}");
        }
    }
}

#[test]
fn annotate_writes_each_moves_eval_as_lichess_does() {
    let dir = work_dir("annotate");
    let o = analyse(&dir, &[], &["--annotate"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    // Lichess's spelling: a space inside each brace.
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.contains("1. e4 { [%eval "), "{text}");
    assert!(!text.contains("{[") && !text.contains("]}"), "{text}");
    let mut evals = Vec::new();
    let mut games = 0;
    Reader::new(&o.stdout[..])
        .read_all(&mut GameBuilder::new(), |(game, errors)| {
            assert!(errors.is_empty(), "{errors:?}");
            games += 1;
            for node in game.mainline().nodes() {
                let comment = node.comments.first().cloned().unwrap_or_default();
                evals.push(chessbits_pgn::table::parse_eval(&comment));
                // The clock stays, after the eval.
                assert!(
                    comment.starts_with(b"[%eval")
                        || comment.is_empty()
                        || node.comments.len() == 1
                );
            }
        })
        .unwrap();
    assert_eq!(games, GAMES.parse::<usize>().unwrap());
    let dir2 = work_dir("annotate-table");
    let table = analyse(&dir2, &[], &[]);
    let (header, rows) = csv_rows(&table.stdout);
    let eval = column(&header, "engine_eval");
    assert_eq!(evals.len(), rows.len());
    for (e, r) in evals.iter().zip(&rows) {
        match e {
            Some(e) => assert_eq!(e.to_string(), r[eval]),
            // Only a checkmate has no [%eval].
            None => assert_eq!(r[eval], "#0"),
        }
    }
}

#[test]
fn a_directory_gets_a_table_per_input_as_pgn_moves_writes_it() {
    let dir = work_dir("directory");
    // Two inputs within the limit: the sample's first two games, then the sample.
    let first = sample(&format!("{LICHESS}.pgn.zst"));
    let text = String::from_utf8(decoded(&first)).unwrap();
    let third = text.match_indices("[Event ").nth(2).unwrap().0;
    let short = dir.join("short.pgn");
    std::fs::write(&short, &text[..third]).unwrap();
    let inputs = [short.to_str().unwrap(), first.to_str().unwrap()];
    let out = dir.join("tables/");
    let o = Command::new(env!("CARGO_BIN_EXE_chessbits"))
        .arg("analyse")
        .arg("--engine")
        .arg(engine_script(&dir))
        .args(["--nodes", "1000", "--limit", GAMES, "--engines", "2"])
        .args(inputs)
        .arg("-o")
        .arg(&out)
        .env("FAKE_LOG_DIR", dir.join("log"))
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let moves_dir = dir.join("moves/");
    let mut args = vec!["pgn", "moves", "--limit", GAMES];
    args.extend(inputs);
    args.extend(["-o", moves_dir.to_str().unwrap()]);
    let m = chessbits(&args);
    assert!(m.status.success(), "{}", String::from_utf8_lossy(&m.stderr));
    let names = |d: &Path| {
        let mut n: Vec<String> = std::fs::read_dir(d)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        n.sort();
        n
    };
    // The same files (Parquet, named after each input), the same rows in each.
    assert_eq!(names(&out), names(&moves_dir));
    assert_eq!(names(&out).len(), 2, "{:?}", names(&out));
    for name in names(&out) {
        let ours = read_parquet(&out.join(&name));
        let plain = read_parquet(&moves_dir.join(&name));
        let fens = |batches: &[RecordBatch]| -> Vec<Option<String>> {
            batches
                .iter()
                .flat_map(|b| strings(b, "after_fen"))
                .collect()
        };
        assert_eq!(fens(&ours), fens(&plain), "{name}");
        assert!(!fens(&ours).is_empty(), "{name}");
        for b in &ours {
            let evals = b.column_by_name("engine_eval").unwrap().as_struct();
            let cp = evals.column(0).as_primitive::<Int32Type>();
            for (i, fen) in strings(b, "after_fen").iter().enumerate() {
                let fen = fen.as_deref().unwrap();
                let pos = chessbits_position::Position::from_fen(fen).unwrap();
                if !chessbits_movegen::legal_moves(&pos).is_empty() {
                    assert_eq!(cp.value(i), fake_white_cp(fen), "{name}: {fen}");
                }
            }
        }
    }
    // --annotate writes one PGN output; a moves table has no month folders.
    let o = analyse(&dir, &[], &["--annotate", "-o", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let o = analyse(
        &dir,
        &[],
        &["-o", out.to_str().unwrap(), "--partition", "year-month"],
    );
    assert_eq!(o.status.code(), Some(2));
}

/// A position of the first game (after 1. e4 e5 2. Nf3: the fake is keyed on it).
const AFTER_NF3: &str = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq";

fn first_game_has(fen: &str) -> bool {
    plain_moves().iter().any(|r| r[6].starts_with(fen))
}

#[test]
fn an_engine_that_dies_once_is_restarted_and_the_position_retried() {
    assert!(first_game_has(AFTER_NF3));
    let dir = work_dir("die-once");
    let marker = dir.join("marker");
    let o = analyse(
        &dir,
        &[
            ("FAKE_DIE_ONCE_ON", AFTER_NF3),
            ("FAKE_MARKER", marker.to_str().unwrap()),
        ],
        &[],
    );
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{stderr}");
    assert!(marker.exists(), "the engine died once");
    let (header, rows) = csv_rows(&o.stdout);
    let error = column(&header, "engine_error");
    assert!(rows.iter().all(|r| r[error].is_empty()));
    assert!(stderr.contains(", 0 failed"), "{stderr}");
}

#[test]
fn a_position_an_engine_dies_on_twice_is_a_row_with_an_error() {
    let dir = work_dir("die-always");
    let o = analyse(&dir, &[("FAKE_DIE_ON", AFTER_NF3)], &[]);
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{stderr}");
    let (header, rows) = csv_rows(&o.stdout);
    assert_eq!(rows.len(), plain_moves().len(), "no row is lost");
    let (after, error, eval) = (
        column(&header, "after_fen"),
        column(&header, "engine_error"),
        column(&header, "engine_eval"),
    );
    for r in &rows {
        if r[after].starts_with(AFTER_NF3) {
            assert!(r[error].contains("failed twice"), "{}", r[error]);
            assert!(r[error].contains("exited"), "{}", r[error]);
            assert_eq!(r[eval], "");
        } else {
            assert_eq!(r[error], "", "{}", r[after]);
            assert_ne!(r[eval], "");
        }
    }
    // Reported once, though several games reach the position.
    assert_eq!(stderr.matches("failed twice").count(), 1, "{stderr}");
}

#[test]
fn a_hanging_engine_times_out_and_the_position_is_reported() {
    let dir = work_dir("hang");
    let o = analyse(&dir, &[("FAKE_HANG_ON", AFTER_NF3)], &["--timeout", "0.5"]);
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{stderr}");
    let (header, rows) = csv_rows(&o.stdout);
    let (after, error) = (
        column(&header, "after_fen"),
        column(&header, "engine_error"),
    );
    let failed: Vec<_> = rows.iter().filter(|r| !r[error].is_empty()).collect();
    assert!(!failed.is_empty());
    assert!(failed.iter().all(|r| r[after].starts_with(AFTER_NF3)));
}

#[test]
fn a_slow_engine_gives_the_same_rows() {
    let fast = analyse(&work_dir("fast"), &[], &[]);
    let slow = analyse(&work_dir("slow"), &[("FAKE_SLOW_MS", "5")], &[]);
    assert!(fast.status.success() && slow.status.success());
    assert_eq!(fast.stdout, slow.stdout);
}

#[test]
fn an_interrupt_keeps_the_rows_written_and_finishes_the_parquet_file() {
    // The fake sends SIGINT to the program when it reaches a position of a later game.
    let rows = plain_moves();
    let late = &rows[rows.len() * 3 / 4][6];
    let key: String = late.rsplitn(3, ' ').nth(2).unwrap().to_owned();
    let dir = work_dir("interrupt");
    let out = dir.join("a.parquet");
    let o = analyse(
        &dir,
        &[("FAKE_INTERRUPT_ON", &key)],
        &["-o", out.to_str().unwrap(), "--engines", "1"],
    );
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(130), "{stderr}");
    assert!(stderr.contains("interrupted"), "{stderr}");
    // A whole Parquet file (footer written), whose rows all have their analysis.
    let batches = read_parquet(&out);
    let written: usize = batches.iter().map(RecordBatch::num_rows).sum();
    assert!(written < rows.len(), "{written}");
    for b in &batches {
        assert!(strings(b, "engine_error").iter().all(Option::is_none));
    }
}

#[test]
fn bad_arguments_are_usage_errors() {
    let dir = work_dir("usage");
    let input = sample(&format!("{LICHESS}.pgn.zst"));
    let input = input.to_str().unwrap();
    let o = chessbits(&[
        "analyse",
        "--engine",
        "/nonexistent/engine",
        "--depth",
        "3",
        input,
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("not found"));
    let o = chessbits(&["analyse", "--engine", "x", input]);
    assert_eq!(o.status.code(), Some(2), "a limit is required");
    let o = analyse(&dir, &[], &["--option", "NoSuch=1"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("NoSuch"));
    let o = analyse(&dir, &[], &["--option", "Hash"]);
    assert_eq!(o.status.code(), Some(2));
}

const STOCKFISH: &str = "/usr/games/stockfish";

#[test]
fn stockfish_analyses_the_sample() {
    if !Path::new(STOCKFISH).exists() {
        eprintln!("NOTICE: {STOCKFISH} is not installed; the Stockfish test is skipped");
        return;
    }
    let input = sample(&format!("{LICHESS}.pgn.zst"));
    let o = chessbits(&[
        "analyse",
        "--engine",
        STOCKFISH,
        "--depth",
        "6",
        "--engines",
        "2",
        "--limit",
        "3",
        input.to_str().unwrap(),
    ]);
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{stderr}");
    let (header, rows) = csv_rows(&o.stdout);
    let (after, eval, best, depth, wdl, error) = (
        column(&header, "after_fen"),
        column(&header, "engine_eval"),
        column(&header, "engine_best"),
        column(&header, "engine_depth"),
        column(&header, "engine_wdl_draw"),
        column(&header, "engine_error"),
    );
    assert!(!rows.is_empty());
    for r in &rows {
        assert_eq!(r[error], "");
        let pos = chessbits_position::Position::from_fen(&r[after]).unwrap();
        let legal = chessbits_movegen::legal_moves(&pos);
        if legal.is_empty() {
            continue;
        }
        assert_ne!(r[eval], "", "{}", r[after]);
        assert!(
            legal
                .iter()
                .any(|&m| chessbits_movegen::move_to_uci(&pos, m) == r[best]),
            "{}",
            r[best]
        );
        assert!(r[depth].parse::<u32>().unwrap() >= 6);
        // Stockfish 15.1 gives WDL with UCI_ShowWDL.
        assert_ne!(r[wdl], "");
    }
}

#[test]
fn epd_positions_are_a_row_each_and_a_bad_record_is_reported() {
    let dir = work_dir("epd");
    let epd = dir.join("suite.epd");
    std::fs::write(
        &epd,
        "# a comment\n\
         rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - bm e5; id \"one\";\n\
         \n\
         not an epd record\n\
         rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - hmvc 0; fmvn 1;\n\
         6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - id \"mate in one\";\n",
    )
    .unwrap();
    let engine = engine_script(&dir);
    let o = Command::new(env!("CARGO_BIN_EXE_chessbits"))
        .args([
            "analyse",
            "--epd",
            "--depth",
            "3",
            "--engines",
            "1",
            "--engine",
        ])
        .arg(&engine)
        .arg(&epd)
        .env("FAKE_LOG_DIR", dir.join("log"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("line 4"), "{stderr}");
    let (header, rows) = csv_rows(&o.stdout);
    assert_eq!(
        &header[..5],
        ["file", "line", "fen", "id", "engine_eval"].map(String::from)
    );
    let lines: Vec<&str> = rows.iter().map(|r| r[1].as_str()).collect();
    assert_eq!(lines, ["2", "5", "6"]);
    assert_eq!(rows[0][3], "one");
    assert_eq!(rows[2][3], "mate in one");
    for r in &rows {
        assert_eq!(
            r[4],
            format!(
                "{}",
                chessbits_pgn::table::Eval::Centipawns(fake_white_cp(&r[2]))
            )
        );
    }
    // The first two records are one position: searched once.
    let searched = logged(&dir)
        .iter()
        .filter(|l| l.starts_with("position fen "))
        .count();
    assert_eq!(searched, 2);
}
