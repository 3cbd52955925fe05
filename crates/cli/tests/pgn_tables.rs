//! `chessbits pgn games` and `chessbits pgn moves` as a user runs them: the Parquet files
//! are read back with the Arrow reader and compared with the source PGN (python-chess's rows
//! for the positions and SAN, the `[%clk]`/`[%eval]` comments parsed here independently);
//! CSV and NDJSON give the same values; one file per input in an output directory, which
//! DuckDB and Polars read as one table (when their Python packages are installed).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use arrow_array::cast::AsArray;
use arrow_array::types::{Float64Type, Int32Type, Int64Type};
use arrow_array::{Array, RecordBatch};
use chessbits_pgn::{GameBuilder, Reader};
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;

fn chessbits(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_chessbits"))
        .args(args)
        .output()
        .expect("run chessbits")
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "chessbits-pgn-tables-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn sample(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/sample")
        .join(name)
}

/// The Lichess sample with `[%clk]` after every move and `[%eval]` in 37 games.
const LICHESS: &str = "lichess_db_2025-05_1000k";

fn decoded(path: &Path) -> Vec<u8> {
    let mut out = Vec::new();
    chessbits_pgn::input::open(path)
        .unwrap()
        .read_to_end(&mut out)
        .unwrap();
    out
}

/// python-chess's `before_fen,san,after_fen` rows of a sample (header dropped).
fn reference_rows(name: &str) -> Vec<(String, String, String)> {
    let text = decoded(&sample(&format!("{name}.csv.zst")));
    let mut r = csv::Reader::from_reader(&text[..]);
    r.records()
        .map(|rec| {
            let rec = rec.unwrap();
            (rec[0].to_owned(), rec[1].to_owned(), rec[2].to_owned())
        })
        .collect()
}

/// What the test reads from the PGN itself: per game, its tags and per mainline move the
/// comment text after it.
struct SourceGame {
    tags: Vec<(String, String)>,
    comments: Vec<String>,
}

fn source_games(name: &str) -> Vec<SourceGame> {
    let text = decoded(&sample(&format!("{name}.pgn.zst")));
    let mut games = Vec::new();
    Reader::new(&text[..])
        .read_all(&mut GameBuilder::new(), |(game, errors)| {
            assert!(errors.is_empty());
            games.push(SourceGame {
                tags: game
                    .tags
                    .iter()
                    .map(|(n, v)| {
                        (
                            String::from_utf8_lossy(n).into_owned(),
                            String::from_utf8_lossy(v).into_owned(),
                        )
                    })
                    .collect(),
                comments: game
                    .mainline()
                    .nodes()
                    .iter()
                    .map(|n| {
                        n.comments
                            .iter()
                            .map(|c| String::from_utf8_lossy(c).into_owned())
                            .collect::<Vec<_>>()
                            .join(" ")
                    })
                    .collect(),
            });
        })
        .unwrap();
    games
}

/// `[%clk h:mm:ss]` in seconds, parsed here with no help from the crate.
fn clock_of(comment: &str) -> Option<f64> {
    let rest = &comment[comment.find("[%clk ")? + 6..];
    let value = &rest[..rest.find(']')?];
    let mut s = 0.0;
    for part in value.trim().split(':') {
        s = s * 60.0 + part.parse::<f64>().ok()?;
    }
    Some(s)
}

/// `[%eval x]` as (centipawns, mate), parsed here.
fn eval_of(comment: &str) -> Option<(Option<i32>, Option<i32>)> {
    let rest = &comment[comment.find("[%eval ")? + 7..];
    let value = rest[..rest.find(']')?].trim();
    Some(match value.strip_prefix('#') {
        Some(m) => (None, Some(m.parse().unwrap())),
        None => (
            Some((value.parse::<f64>().unwrap() * 100.0).round() as i32),
            None,
        ),
    })
}

/// The 64 squares of a FEN's board (a1 = 0), '.' for empty.
fn board(fen: &str) -> Vec<u8> {
    let mut b = vec![b'.'; 64];
    for (r, rank) in fen.split(' ').next().unwrap().split('/').enumerate() {
        let mut f = 0;
        for c in rank.bytes() {
            if c.is_ascii_digit() {
                f += usize::from(c - b'0');
            } else {
                b[(7 - r) * 8 + f] = c;
                f += 1;
            }
        }
    }
    b
}

/// Whether a UCI move takes the board of `before` to the board of `after` for its own
/// squares: the piece (or the promotion piece) lands on the destination, the origin empties.
fn uci_fits(uci: &str, before: &str, after: &str) -> bool {
    let sq = |s: &[u8]| usize::from(s[1] - b'1') * 8 + usize::from(s[0] - b'a');
    let u = uci.as_bytes();
    let (from, to) = (sq(&u[0..2]), sq(&u[2..4]));
    let (b, a) = (board(before), board(after));
    let landed = match u.get(4) {
        Some(&p) if b[from].is_ascii_uppercase() => p.to_ascii_uppercase(),
        Some(&p) => p,
        None => b[from],
    };
    b[from] != b'.' && a[from] == b'.' && a[to] == landed
}

fn read_parquet(path: &Path) -> Vec<RecordBatch> {
    let reader = ParquetRecordBatchReaderBuilder::try_new(File::open(path).unwrap())
        .unwrap()
        .build()
        .unwrap();
    reader.map(|b| b.unwrap()).collect()
}

fn strings(batch: &RecordBatch, name: &str) -> Vec<Option<String>> {
    let col = batch.column_by_name(name).unwrap().as_string::<i32>();
    (0..col.len())
        .map(|i| (!col.is_null(i)).then(|| col.value(i).to_owned()))
        .collect()
}

fn ints(batch: &RecordBatch, name: &str) -> Vec<Option<i64>> {
    let col = batch.column_by_name(name).unwrap();
    match col.data_type() {
        arrow_schema::DataType::Int64 => {
            let c = col.as_primitive::<Int64Type>();
            (0..c.len())
                .map(|i| (!c.is_null(i)).then(|| c.value(i)))
                .collect()
        }
        _ => {
            let c = col.as_primitive::<Int32Type>();
            (0..c.len())
                .map(|i| (!c.is_null(i)).then(|| i64::from(c.value(i))))
                .collect()
        }
    }
}

fn floats(batch: &RecordBatch, name: &str) -> Vec<Option<f64>> {
    let c = batch
        .column_by_name(name)
        .unwrap()
        .as_primitive::<Float64Type>();
    (0..c.len())
        .map(|i| (!c.is_null(i)).then(|| c.value(i)))
        .collect()
}

/// A `{cp, mate}` struct column as pairs (None where the struct is null).
fn evals(col: &dyn Array) -> Vec<Option<(Option<i32>, Option<i32>)>> {
    let s = col.as_struct();
    let cp = s.column(0).as_primitive::<Int32Type>();
    let mate = s.column(1).as_primitive::<Int32Type>();
    (0..s.len())
        .map(|i| {
            (!s.is_null(i)).then(|| {
                (
                    (!cp.is_null(i)).then(|| cp.value(i)),
                    (!mate.is_null(i)).then(|| mate.value(i)),
                )
            })
        })
        .collect()
}

#[test]
fn moves_parquet_equals_python_chess_rows_and_the_comments() {
    let dir = temp_dir("moves");
    let out = dir.join("moves.parquet");
    let input = sample(&format!("{LICHESS}.pgn.zst"));
    let o = chessbits(&[
        "pgn",
        "moves",
        input.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let expected = reference_rows(LICHESS);
    let games = source_games(LICHESS);
    let mut rows = Vec::new();
    for b in read_parquet(&out) {
        let file = strings(&b, "file");
        let game = ints(&b, "game");
        let ply = ints(&b, "ply");
        let before = strings(&b, "before_fen");
        let san = strings(&b, "san");
        let uci = strings(&b, "uci");
        let after = strings(&b, "after_fen");
        let clock = floats(&b, "clock");
        let eval = evals(b.column_by_name("eval").unwrap());
        for i in 0..b.num_rows() {
            assert_eq!(file[i].as_deref(), input.to_str());
            rows.push((
                game[i].unwrap(),
                ply[i].unwrap(),
                before[i].clone().unwrap(),
                san[i].clone().unwrap(),
                uci[i].clone().unwrap(),
                after[i].clone().unwrap(),
                clock[i],
                eval[i],
            ));
        }
    }
    assert_eq!(rows.len(), expected.len());
    assert_eq!(rows.len(), 28_538);
    let mut k = 0;
    let mut evals_seen = 0;
    for (g, source) in games.iter().enumerate() {
        for (p, comment) in source.comments.iter().enumerate() {
            let r = &rows[k];
            let (fen0, san, fen1) = &expected[k];
            assert_eq!((r.0, r.1), (g as i64 + 1, p as i64 + 1));
            assert_eq!((&r.2, &r.3, &r.5), (fen0, san, fen1), "row {k}");
            assert!(
                uci_fits(&r.4, &r.2, &r.5),
                "row {k}: {} {} {}",
                r.2,
                r.4,
                r.5
            );
            assert_eq!(r.6, clock_of(comment), "row {k}: {comment}");
            assert!(r.6.is_some(), "every move of the sample has a clock");
            assert_eq!(r.7, eval_of(comment), "row {k}: {comment}");
            evals_seen += usize::from(r.7.is_some());
            k += 1;
        }
    }
    assert_eq!(k, rows.len());
    assert!(evals_seen > 1000, "{evals_seen}");
    assert!(rows.iter().any(|r| matches!(r.7, Some((None, Some(_))))));
}

#[test]
fn games_parquet_equals_the_tags_and_moves() {
    let dir = temp_dir("games");
    let out = dir.join("games.parquet");
    let input = sample(&format!("{LICHESS}.pgn.zst"));
    let o = chessbits(&[
        "pgn",
        "games",
        input.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
        "--threads",
        "2",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let expected = reference_rows(LICHESS);
    let games = source_games(LICHESS);
    let mut n = 0;
    let mut k = 0;
    for b in read_parquet(&out) {
        let game = ints(&b, "game");
        let white = strings(&b, "white");
        let event = strings(&b, "event");
        let result = strings(&b, "result");
        let welo = ints(&b, "white_elo");
        let belo = ints(&b, "black_elo");
        let opening = strings(&b, "opening");
        let utc_time = strings(&b, "utc_time");
        let plies = ints(&b, "plies");
        let error = strings(&b, "error");
        let san = b.column_by_name("moves_san").unwrap().as_list::<i32>();
        let uci = b.column_by_name("moves_uci").unwrap().as_list::<i32>();
        let clocks = b.column_by_name("clocks").unwrap().as_list::<i32>();
        let evs = b.column_by_name("evals").unwrap().as_list::<i32>();
        let tags = b.column_by_name("tags").unwrap().as_list::<i32>();
        for i in 0..b.num_rows() {
            let src = &games[n];
            let tag = |name: &str| {
                src.tags
                    .iter()
                    .find(|(t, _)| t == name)
                    .map(|(_, v)| v.clone())
            };
            assert_eq!(game[i], Some(n as i64 + 1));
            assert_eq!(white[i], tag("White"));
            assert_eq!(event[i], tag("Event"));
            assert_eq!(result[i], tag("Result"));
            assert_eq!(opening[i], tag("Opening"));
            assert_eq!(utc_time[i], tag("UTCTime"));
            assert_eq!(welo[i], tag("WhiteElo").and_then(|v| v.parse().ok()));
            assert_eq!(belo[i], tag("BlackElo").and_then(|v| v.parse().ok()));
            assert_eq!(plies[i], Some(src.comments.len() as i64));
            assert_eq!(error[i], None);
            let t = tags.value(i);
            let t = t.as_struct();
            let keys = t.column(0).as_string::<i32>();
            let values = t.column(1).as_string::<i32>();
            assert_eq!(t.len(), src.tags.len());
            for (j, (name, value)) in src.tags.iter().enumerate() {
                assert_eq!(
                    (keys.value(j), values.value(j)),
                    (name.as_str(), value.as_str())
                );
            }
            let s = san.value(i);
            let s = s.as_string::<i32>();
            let u = uci.value(i);
            let u = u.as_string::<i32>();
            // Null lists for a game without any clock (eval): a null for each move.
            let c = clocks.value(i);
            let c = c.as_primitive::<Float64Type>();
            let clock = |p: usize| (!clocks.is_null(i)).then(|| c.value(p));
            let e = if evs.is_null(i) {
                vec![None; s.len()]
            } else {
                evals(evs.value(i).as_ref())
            };
            assert!(clocks.is_null(i) || c.len() == s.len());
            assert_eq!(e.len(), s.len());
            assert_eq!(s.len(), src.comments.len());
            assert_eq!(u.len(), s.len());
            for (p, comment) in src.comments.iter().enumerate() {
                assert_eq!(s.value(p), expected[k].1);
                assert_eq!(clock(p), clock_of(comment));
                assert_eq!(e[p], eval_of(comment));
                k += 1;
            }
            n += 1;
        }
    }
    assert_eq!(n, 438);
    assert_eq!(k, expected.len());
}

/// CSV (the default), NDJSON and Parquet hold the same values.
#[test]
fn csv_ndjson_and_parquet_agree() {
    let dir = temp_dir("formats");
    let input = sample(&format!("{LICHESS}.pgn.zst"));
    let i = input.to_str().unwrap();
    for table in ["games", "moves"] {
        let pq = dir.join(format!("{table}.parquet"));
        let nd = dir.join(format!("{table}.ndjson"));
        assert!(chessbits(&["pgn", table, i, "-o", pq.to_str().unwrap()])
            .status
            .success());
        assert!(chessbits(&["pgn", table, i, "-o", nd.to_str().unwrap()])
            .status
            .success());
        // CSV on stdout, the default.
        let o = chessbits(&["pgn", table, i, "--threads", "1"]);
        assert!(o.status.success());
        let mut csv_rows = csv::Reader::from_reader(&o.stdout[..]);
        let header: Vec<String> = csv_rows
            .headers()
            .unwrap()
            .iter()
            .map(str::to_owned)
            .collect();
        let csv_rows: Vec<csv::StringRecord> = csv_rows.records().map(|r| r.unwrap()).collect();
        let json_rows: Vec<serde_json::Value> = std::fs::read_to_string(&nd)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        let batches = read_parquet(&pq);
        let schema_names: Vec<String> = batches[0]
            .schema()
            .fields()
            .iter()
            .map(|f| f.name().clone())
            .collect();
        assert_eq!(header, schema_names);
        assert_eq!(csv_rows.len(), json_rows.len());
        let total: usize = batches.iter().map(RecordBatch::num_rows).sum();
        assert_eq!(total, csv_rows.len());
        let mut r = 0;
        for b in &batches {
            let game = ints(b, "game");
            let text_col = if table == "games" {
                "white"
            } else {
                "after_fen"
            };
            let text = strings(b, text_col);
            for j in 0..b.num_rows() {
                let c = &csv_rows[r];
                let js = &json_rows[r];
                let col = header.iter().position(|h| h == text_col).unwrap();
                assert_eq!(c[1].parse::<i64>().ok(), game[j]);
                assert_eq!(js["game"].as_i64(), game[j]);
                assert_eq!(Some(c[col].to_owned()), text[j]);
                assert_eq!(js[text_col].as_str().map(str::to_owned), text[j]);
                if table == "games" {
                    let plies = ints(b, "plies")[j];
                    // Plain cells: the moves separated by spaces, as in PGN.
                    let sans = &c[header.iter().position(|h| h == "moves_san").unwrap()];
                    let sans: Vec<&str> = sans.split_whitespace().collect();
                    assert_eq!(Some(sans.len() as i64), plies);
                    let sans_pq = b.column_by_name("moves_san").unwrap().as_list::<i32>();
                    let sans_pq = sans_pq.value(j);
                    let sans_pq = sans_pq.as_string::<i32>();
                    assert!(sans.iter().enumerate().all(|(k, s)| *s == sans_pq.value(k)));
                    // The tags as PGN tag pairs.
                    let tags = &c[header.iter().position(|h| h == "tags").unwrap()];
                    assert!(tags.starts_with("[Event \""), "{tags}");
                    assert_eq!(
                        js["moves_san"].as_array().unwrap().len() as i64,
                        plies.unwrap()
                    );
                    // A game's clocks: null when it has none, else one per ply; the
                    // same in CSV (an empty cell for null) and Parquet.
                    let clocks = b.column_by_name("clocks").unwrap().as_list::<i32>();
                    let csv_clocks = &c[header.iter().position(|h| h == "clocks").unwrap()];
                    if clocks.is_null(j) {
                        assert!(js["clocks"].is_null());
                        assert_eq!(csv_clocks, "");
                    } else {
                        assert_eq!(clocks.value(j).len() as i64, plies.unwrap());
                        assert_eq!(
                            js["clocks"].as_array().unwrap().len() as i64,
                            plies.unwrap()
                        );
                        // Seconds separated by spaces, a missing one `-`.
                        let cells: Vec<Option<f64>> = csv_clocks
                            .split(' ')
                            .map(|t| (t != "-").then(|| t.parse().unwrap()))
                            .collect();
                        assert_eq!(cells.len() as i64, plies.unwrap());
                        let pq: Vec<Option<f64>> = clocks
                            .value(j)
                            .as_primitive::<arrow_array::types::Float64Type>()
                            .iter()
                            .collect();
                        assert_eq!(cells, pq);
                    }
                    // Evaluations as Lichess writes them, never JSON.
                    let csv_evals = &c[header.iter().position(|h| h == "evals").unwrap()];
                    assert!(
                        !csv_evals.contains('{') && !csv_evals.contains('"'),
                        "{csv_evals}"
                    );
                    if !csv_evals.is_empty() {
                        let js_evals = js["evals"].as_array().unwrap();
                        for (cell, v) in csv_evals.split(' ').zip(js_evals) {
                            let expected = match (v["cp"].as_i64(), v["mate"].as_i64()) {
                                (Some(cp), _) => {
                                    chessbits_pgn::table::Eval::Centipawns(cp as i32).to_string()
                                }
                                (None, Some(m)) => format!("#{m}"),
                                (None, None) => "-".to_owned(),
                            };
                            assert_eq!(cell, expected);
                        }
                    }
                } else {
                    let clock = floats(b, "clock")[j];
                    assert_eq!(js["clock"].as_f64(), clock);
                    assert_eq!(c[7].parse::<f64>().ok(), clock);
                }
                r += 1;
            }
        }
    }
}

/// Several inputs and `-o DIR/`: one Parquet file per input; together they hold every game.
/// DuckDB and Polars read `DIR/*.parquet` as one table with the same counts (each when its
/// Python package is installed; otherwise that part is skipped with a notice).
#[test]
fn one_parquet_file_per_input_and_duckdb_and_polars_read_them_as_one_table() {
    let dir = temp_dir("shards");
    let out = format!("{}/", dir.join("games").display());
    let names = [LICHESS, "twic0920", "lichess_DannyTheDonkey_2019-01-29"];
    let inputs: Vec<String> = names
        .iter()
        .map(|n| sample(&format!("{n}.pgn.zst")).display().to_string())
        .collect();
    let mut args = vec!["pgn", "games", "--format", "parquet", "-o", &out];
    args.extend(inputs.iter().map(String::as_str));
    let o = chessbits(&args);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir.join("games"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert_eq!(files.len(), 3);
    let mut games = 0;
    let mut plies = 0;
    let mut with_clocks = 0;
    for f in &files {
        for b in read_parquet(f) {
            games += b.num_rows();
            plies += ints(&b, "plies").iter().map(|p| p.unwrap()).sum::<i64>();
            with_clocks += b.num_rows() - b.column_by_name("clocks").unwrap().null_count();
        }
    }
    // The Lichess games have clocks, the TWIC games none (their `clocks` is null).
    assert!(
        with_clocks > 400 && with_clocks <= 438 + 105,
        "{with_clocks}"
    );
    let expected_plies: usize = names.iter().map(|n| reference_rows(n).len()).sum();
    assert_eq!(games, 438 + 500 + 105);
    assert_eq!(plies as usize, expected_plies);

    let expected = format!(
        "{},{},3,{},{}",
        438 + 500 + 105,
        expected_plies,
        expected_plies,
        with_clocks
    );
    // The same question to DuckDB and to Polars: rows, plies, files, moves, games with
    // clocks.
    let duckdb = format!(
        "import duckdb\n\
         r = duckdb.sql(\"SELECT count(*), sum(plies), count(DISTINCT file), \
         sum(len(moves_uci)), count(clocks) FROM '{out}*.parquet'\").fetchall()[0]\n\
         print(','.join(str(x) for x in r))"
    );
    python_check("duckdb", &duckdb, &expected);
    let polars = format!(
        "import polars as pl\n\
         df = pl.read_parquet('{out}*.parquet')\n\
         r = (df.height, df['plies'].sum(), df['file'].n_unique(), \
         df['moves_uci'].list.len().sum(), df['clocks'].is_not_null().sum())\n\
         print(','.join(str(x) for x in r))"
    );
    python_check("polars", &polars, &expected);
}

/// Runs `code` with Python when `module` imports (else prints a notice and returns) and
/// compares what it prints with `expected`.
fn python_check(module: &str, code: &str, expected: &str) {
    let python = std::env::var("PYTHON").unwrap_or_else(|_| "python3".into());
    let has = Command::new(&python)
        .args(["-c", &format!("import {module}")])
        .output()
        .is_ok_and(|o| o.status.success());
    if !has {
        println!(
            "NOTICE: skipping the {module} check: `{python} -c 'import {module}'` fails \
             (pip install {module}; .ci/run does)"
        );
        return;
    }
    let o = Command::new(&python).args(["-c", code]).output().unwrap();
    assert!(
        o.status.success(),
        "{module}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&o.stdout).trim(),
        expected,
        "{module}"
    );
}

/// The output format follows the extension; `--format` overrides it.
#[test]
fn format_from_extension() {
    let dir = temp_dir("ext");
    let input = sample(&format!("{LICHESS}.pgn.zst"));
    let nd = dir.join("g.jsonl");
    assert!(chessbits(&[
        "pgn",
        "games",
        input.to_str().unwrap(),
        "-o",
        nd.to_str().unwrap()
    ])
    .status
    .success());
    let text = std::fs::read_to_string(&nd).unwrap();
    assert_eq!(text.lines().count(), 438);
    assert!(text.starts_with("{\"file\":"));
    let forced = dir.join("g.parquet");
    assert!(chessbits(&[
        "pgn",
        "games",
        input.to_str().unwrap(),
        "-o",
        forced.to_str().unwrap(),
        "--format",
        "csv"
    ])
    .status
    .success());
    assert!(std::fs::read_to_string(&forced)
        .unwrap()
        .starts_with("file,game,event,"));
}

/// Games that take every path of the row builders: a result token standing in for a
/// missing `Result` tag, repeated tags, a tag that is not UTF-8, Elo `?` and padded, an
/// illegal move (the error column), reader errors, Chess960 castling (UCI king takes rook),
/// a promotion, a null move, clocks and evals, a game with no moves.
fn tricky_pgn() -> Vec<u8> {
    let mut pgn = Vec::new();
    pgn.extend_from_slice(
        b"[Event \"No Result tag\"]\n[WhiteElo \"?\"]\n[BlackElo \" 2512 \"]\n\n\
          1. e4 { [%clk 0:01:00] [%eval 0.3] } e5 { [%eval #-2] } 2. Nf3 Nc6 1-0\n\n\
          [Event \"first\"]\n[Event \"second\"]\n[Site \"caf",
    );
    pgn.push(0xe9);
    pgn.extend_from_slice(
        b"\"]\n[Result \"*\"]\n[UTCTime \"12:00:00\"]\n\n1. d4 d5 2. Bf4 Nf6 3. Ke3 Nc6 *\n\n\
          [Event \"960\"]\n[Variant \"Chess960\"]\n[FEN \"1k6/8/8/8/8/8/8/RK5R w AH - 0 1\"]\n\n\
          1. O-O-O Kc7 2. Rd7+ Kxd7 *\n\n\
          [Event \"promotion\"]\n[FEN \"8/P6k/8/8/8/8/8/K7 w - - 0 1\"]\n\n1. a8=Q Kg6 2. Qb8 *\n\n\
          [Event \"null move\"]\n\n1. e4 -- 2. d4 *\n\n\
          [Event \"reader errors\"]\n\n1. e4 ) e5 2. Nf3 ) *\n\n\
          [Event \"empty\"]\n[Result \"1/2-1/2\"]\n\n1/2-1/2\n",
    );
    pgn
}

/// An Arrow value as JSON, the way NDJSON writes it (`tags` as an object).
fn json_of(col: &dyn Array, i: usize) -> serde_json::Value {
    use arrow_schema::DataType;
    use serde_json::Value;
    if col.is_null(i) {
        return Value::Null;
    }
    match col.data_type() {
        DataType::Utf8 => Value::from(col.as_string::<i32>().value(i)),
        DataType::Int32 => Value::from(col.as_primitive::<Int32Type>().value(i)),
        DataType::Int64 => Value::from(col.as_primitive::<Int64Type>().value(i)),
        DataType::Float64 => Value::from(col.as_primitive::<Float64Type>().value(i)),
        DataType::Struct(fields) => {
            let s = col.as_struct();
            let mut m = serde_json::Map::new();
            for (f, c) in fields.iter().zip(s.columns()) {
                m.insert(f.name().clone(), json_of(c.as_ref(), i));
            }
            Value::Object(m)
        }
        DataType::List(_) => {
            let items = col.as_list::<i32>().value(i);
            let values: Vec<Value> = (0..items.len())
                .map(|j| json_of(items.as_ref(), j))
                .collect();
            Value::Array(values)
        }
        // Seconds since the epoch (NDJSON's RFC 3339 text is read back to them); Parquet
        // stores milliseconds.
        DataType::Timestamp(_, _) => Value::from(
            col.as_primitive::<arrow_array::types::TimestampMillisecondType>()
                .value(i)
                / 1000,
        ),
        other => panic!("unexpected type {other}"),
    }
}

/// `YYYY-MM-DDTHH:MM:SSZ` as seconds since the epoch.
fn rfc3339_seconds(text: &str) -> Option<i64> {
    let (date, time) = text.strip_suffix('Z')?.split_once('T')?;
    let d: Vec<i64> = date
        .split('-')
        .map(|p| p.parse().ok())
        .collect::<Option<_>>()?;
    let t: Vec<i64> = time
        .split(':')
        .map(|p| p.parse().ok())
        .collect::<Option<_>>()?;
    let (y, m) = if d[1] <= 2 {
        (d[0] - 1, d[1] + 9)
    } else {
        (d[0], d[1] - 3)
    };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = (153 * m + 2) / 5 + d[2] - 1;
    let days = era * 146_097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719_468;
    Some(days * 86_400 + t[0] * 3600 + t[1] * 60 + t[2])
}

/// Numbers compared as numbers (`300` and `300.0` are the same clock); a timestamp's
/// seconds and its RFC 3339 text are the same time.
fn same_json(a: &serde_json::Value, b: &serde_json::Value) -> bool {
    use serde_json::Value;
    match (a, b) {
        (Value::Number(x), Value::String(t)) => x.as_i64() == rfc3339_seconds(t),
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| same_json(a, b))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.get(k).is_some_and(|w| same_json(v, w)))
        }
        _ => a == b,
    }
}

/// Parquet and NDJSON are written from the same batches by different crates: every value
/// of every column agrees, on the Lichess sample and on games made to take every path,
/// with 1 and 2 threads. The Parquet files of 1 and 2 threads are the same bytes.
#[test]
fn parquet_equals_ndjson_value_for_value() {
    let dir = temp_dir("values");
    let tricky = dir.join("tricky.pgn");
    std::fs::write(&tricky, tricky_pgn()).unwrap();
    let lichess = sample(&format!("{LICHESS}.pgn.zst"));
    for input in [&tricky, &lichess] {
        let i = input.to_str().unwrap();
        for table in ["games", "moves"] {
            let nd = dir.join(format!("{table}.ndjson"));
            let o = chessbits(&["pgn", table, i, "-o", nd.to_str().unwrap()]);
            assert!(!String::from_utf8_lossy(&o.stderr).contains("panicked"));
            let expected: Vec<serde_json::Value> = std::fs::read_to_string(&nd)
                .unwrap()
                .lines()
                .map(|l| serde_json::from_str(l).unwrap())
                .collect();
            assert!(!expected.is_empty());
            let mut bytes = Vec::new();
            for threads in ["1", "2"] {
                let pq = dir.join(format!("{table}-{threads}.parquet"));
                let p = chessbits(&[
                    "pgn",
                    table,
                    i,
                    "-o",
                    pq.to_str().unwrap(),
                    "--threads",
                    threads,
                ]);
                assert_eq!(p.status.code(), o.status.code());
                let mut r = 0;
                for b in read_parquet(&pq) {
                    let schema = b.schema();
                    for j in 0..b.num_rows() {
                        let want = &expected[r];
                        for (f, c) in schema.fields().iter().zip(b.columns()) {
                            let got = json_of(c.as_ref(), j);
                            assert!(
                                same_json(&got, &want[f.name()]),
                                "{i} {table} row {r} column {}: parquet {got} ndjson {}",
                                f.name(),
                                want[f.name()]
                            );
                        }
                        r += 1;
                    }
                }
                assert_eq!(r, expected.len(), "{i} {table}");
                bytes.push(std::fs::read(&pq).unwrap());
            }
            assert!(bytes[0] == bytes[1], "{i} {table}: 1 and 2 threads differ");
        }
    }
    // The tricky games do take the paths they are there for.
    let nd = dir.join("games.ndjson");
    let o = chessbits(&[
        "pgn",
        "games",
        tricky.to_str().unwrap(),
        "-o",
        nd.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    let rows: Vec<serde_json::Value> = std::fs::read_to_string(&nd)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows[0]["result"], "1-0");
    assert_eq!(rows[0]["white_elo"], serde_json::Value::Null);
    assert_eq!(rows[0]["black_elo"], 2512);
    assert_eq!(rows[1]["event"], "first");
    // Not UTF-8: read as Windows-1252, not replaced.
    assert_eq!(rows[1]["site"], "café");
    assert!(rows[1]["error"].as_str().unwrap().contains("Ke3"));
    assert_eq!(rows[2]["moves_uci"][0], "b1a1");
    assert_eq!(rows[3]["moves_uci"][0], "a7a8q");
    assert!(rows[5]["error"].is_string());
    assert_eq!(rows[6]["plies"], 0);
}

/// Row groups are not tied to the batches the games are read in: 70,000 games (more than
/// a row group holds) make two row groups, whatever the threads, and every game is there.
#[test]
fn row_groups_hold_many_batches() {
    let dir = temp_dir("rowgroups");
    let input = dir.join("many.pgn");
    std::fs::write(&input, "[Event \"x\"]\n\n1. e4 e5 *\n\n".repeat(70_000)).unwrap();
    for threads in ["1", "2"] {
        let out = dir.join(format!("g{threads}.parquet"));
        let o = chessbits(&[
            "pgn",
            "games",
            input.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
            "--threads",
            threads,
        ]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let builder = ParquetRecordBatchReaderBuilder::try_new(File::open(&out).unwrap()).unwrap();
        let meta = builder.metadata().clone();
        assert_eq!(meta.num_row_groups(), 2, "{threads} threads");
        assert!(meta.row_group(0).num_rows() >= 65_536);
        assert_eq!(meta.file_metadata().num_rows(), 70_000);
        let games: Vec<i64> = builder
            .build()
            .unwrap()
            .flat_map(|b| ints(&b.unwrap(), "game"))
            .map(Option::unwrap)
            .collect();
        assert_eq!(games, (1..=70_000).collect::<Vec<i64>>());
    }
}

/// Runs Python code when `modules` import (else prints a notice and returns `None`); its
/// standard output.
fn python_output(modules: &str, code: &str) -> Option<String> {
    let python = std::env::var("PYTHON").unwrap_or_else(|_| "python3".into());
    let has = Command::new(&python)
        .args(["-c", &format!("import {modules}")])
        .output()
        .is_ok_and(|o| o.status.success());
    if !has {
        println!(
            "NOTICE: skipping a check: `{python} -c 'import {modules}'` fails \
             (pip install {}; .ci/run does)",
            modules.replace(',', "")
        );
        return None;
    }
    let o = Command::new(&python).args(["-c", code]).output().unwrap();
    assert!(
        o.status.success(),
        "{modules}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    Some(String::from_utf8_lossy(&o.stdout).into_owned())
}

/// The type DuckDB gives an Arrow type read from Parquet (nested types by their shape).
fn duckdb_type(t: &arrow_schema::DataType) -> String {
    use arrow_schema::DataType;
    match t {
        DataType::Utf8 => "VARCHAR".into(),
        DataType::Int16 => "SMALLINT".into(),
        DataType::Int32 => "INTEGER".into(),
        DataType::Int64 => "BIGINT".into(),
        DataType::Float64 => "DOUBLE".into(),
        DataType::Date32 => "DATE".into(),
        DataType::Time32(_) => "TIME".into(),
        DataType::Timestamp(_, Some(_)) => "TIMESTAMP WITH TIME ZONE".into(),
        DataType::List(f) => format!("{}[]", duckdb_type(f.data_type())),
        DataType::Struct(fields) => format!(
            "STRUCT({})",
            fields
                .iter()
                .map(|f| format!("{} {}", f.name(), duckdb_type(f.data_type())))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        other => panic!("no DuckDB type for {other}"),
    }
}

/// Every schema read back is the declared one: by the Arrow reader (types, names, order),
/// and by DuckDB's `DESCRIBE` (its SQL types), for both tables and both layouts.
#[test]
fn every_schema_reads_back_with_the_declared_types() {
    use chessbits_tables::{schema, Layout, Table};
    let dir = temp_dir("schemas");
    let input = sample(&format!("{LICHESS}.pgn.zst"));
    for (table, layout, args) in [
        (Table::Games, Layout::Default, &["games"][..]),
        (Table::Moves, Layout::Default, &["moves"][..]),
        (
            Table::Games,
            Layout::Lichess,
            &["games", "--schema", "lichess"][..],
        ),
    ] {
        let out = dir.join(format!("{}.parquet", args.join("-")));
        let mut a = vec!["pgn"];
        a.extend(args);
        a.extend([input.to_str().unwrap(), "-o", out.to_str().unwrap()]);
        let o = chessbits(&a);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        // As Parquet stores it: seconds (UTCTime, utc_timestamp) become milliseconds.
        let declared = chessbits_tables::write::stored_schema(&schema(table, layout));
        let batches = read_parquet(&out);
        assert_eq!(batches[0].schema().fields(), declared.fields(), "{args:?}");
        let code = format!(
            "import duckdb\n\
             for name, t, *_ in duckdb.sql(\"DESCRIBE SELECT * FROM '{}'\").fetchall():\n    \
             print(name + '\\t' + t.replace('\"', ''))",
            out.display()
        );
        if let Some(text) = python_output("duckdb", &code) {
            let got: Vec<String> = text.lines().map(str::to_owned).collect();
            let want: Vec<String> = declared
                .fields()
                .iter()
                .map(|f| format!("{}\t{}", f.name(), duckdb_type(f.data_type())))
                .collect();
            assert_eq!(got, want, "{args:?}");
        }
    }
}

/// `--schema lichess` is the Hugging Face dataset's schema: a file written by pyarrow with
/// that dataset's Arrow types has exactly our file's schema, and DuckDB reads the two as
/// one table with `UNION ALL`.
#[test]
fn lichess_schema_unions_with_the_hugging_face_dataset() {
    let dir = temp_dir("hf");
    let ours = dir.join("ours.parquet");
    let input = sample(&format!("{LICHESS}.pgn.zst"));
    let o = chessbits(&[
        "pgn",
        "games",
        "--schema",
        "lichess",
        input.to_str().unwrap(),
        "-o",
        ours.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let hf = dir.join("hf.parquet");
    let code = format!(
        r#"import datetime, duckdb, pyarrow as pa, pyarrow.parquet as pq
s = pa.string(); i = pa.int16()
schema = pa.schema([("Event", s), ("Site", s), ("White", s), ("Black", s), ("Result", s),
    ("WhiteTitle", s), ("BlackTitle", s), ("WhiteElo", i), ("BlackElo", i),
    ("WhiteRatingDiff", i), ("BlackRatingDiff", i), ("UTCDate", pa.date32()),
    ("UTCTime", pa.time32("s")), ("ECO", s), ("Opening", s), ("Termination", s),
    ("TimeControl", s), ("movetext", s)])
row = ["Rated Blitz game", "https://lichess.org/abcdefgh", "a", "b", "1-0", None, "GM",
    1500, 1600, 6, -6, datetime.date(2024, 1, 31), datetime.time(23, 59, 1), "C20",
    "King's Pawn Game", "Normal", "180+2", "1. e4 e5 1-0"]
pq.write_table(pa.table([[v] for v in row], schema=schema), "{hf}")
theirs = pq.read_schema("{hf}").remove_metadata()
mine = pq.read_schema("{ours}").remove_metadata()
print(theirs.equals(mine))
n = duckdb.sql("SELECT count(*), count(DISTINCT typeof(UTCTime)), max(WhiteElo) FROM (SELECT * FROM '{hf}' UNION ALL SELECT * FROM '{ours}')").fetchall()[0]
print(','.join(str(x) for x in n))"#,
        hf = hf.display(),
        ours = ours.display()
    );
    if let Some(text) = python_output("duckdb, pyarrow", &code) {
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "True", "pyarrow's schema of the two files differ");
        let n: Vec<i64> = lines[1].split(',').map(|x| x.parse().unwrap()).collect();
        assert_eq!(n[0], 438 + 1);
        assert_eq!(n[1], 1);
    }
}

/// `--partition year-month` writes Hive folders; the rows are all there, and DuckDB prunes
/// on them: a query for one month still runs when another month's file is garbage.
#[test]
fn hive_partitions_by_month_are_pruned() {
    let dir = temp_dir("hive");
    let out = format!("{}/", dir.join("games").display());
    let inputs = [
        sample(&format!("{LICHESS}.pgn.zst")),
        sample("twic0920.pgn.zst"),
    ];
    let o = chessbits(&[
        "pgn",
        "games",
        "--partition",
        "year-month",
        // No --format: a folder has no extension to tell one, and Parquet is what engines
        // that read Hive folders expect.
        "-o",
        &out,
        inputs[0].to_str().unwrap(),
        inputs[1].to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let may = dir.join("games/year=2025/month=05");
    assert!(may.join(format!("{LICHESS}.parquet")).is_file());
    let mut files = Vec::new();
    let mut stack = vec![dir.join("games")];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else {
                files.push(p);
            }
        }
    }
    assert!(files.len() >= 2, "{files:?}");
    let mut rows = 0;
    let mut in_may = 0;
    for f in &files {
        let n: usize = read_parquet(f).iter().map(RecordBatch::num_rows).sum();
        rows += n;
        if f.starts_with(&may) {
            in_may += n;
        }
    }
    assert_eq!(rows, 438 + 500);
    assert_eq!(in_may, 438);
    // The last month's file made garbage: only a query that prunes it still works (DuckDB
    // takes the schema from the first file).
    files.sort();
    let first = &files[0];
    let first_rows: usize = read_parquet(first).iter().map(RecordBatch::num_rows).sum();
    let part = |name: &str| -> i64 {
        let c = first
            .to_str()
            .unwrap()
            .split(&format!("/{name}="))
            .nth(1)
            .unwrap();
        c[..c.find('/').unwrap()].parse().unwrap()
    };
    let (year, month) = (part("year"), part("month"));
    std::fs::write(files.last().unwrap(), b"not parquet").unwrap();
    let code = format!(
        "import duckdb\n\
         q = \"SELECT count(*) FROM read_parquet('{out}**/*.parquet', hive_partitioning=true)\"\n\
         print(duckdb.sql(q + ' WHERE year = {year} AND month = {month}').fetchall()[0][0])\n\
         try:\n    duckdb.sql(q).fetchall(); print('read')\n\
         except Exception:\n    print('failed')"
    );
    if let Some(text) = python_output("duckdb", &code) {
        assert_eq!(text.trim(), format!("{first_rows}\nfailed"));
    }
}

/// `games` and `moves` take `pgn filter`'s tests, date and time-control ranges, a limit
/// and a seeded sample that does not depend on the threads.
#[test]
fn selection_where_the_games_are_read() {
    let dir = temp_dir("select");
    let input = sample(&format!("{LICHESS}.pgn.zst"));
    let i = input.to_str().unwrap();
    let games_of = |args: &[&str]| -> Vec<i64> {
        let out = dir.join("sel.parquet");
        let mut a = vec!["pgn", "games", i, "-o", out.to_str().unwrap()];
        a.extend(args);
        let o = chessbits(&a);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        read_parquet(&out)
            .iter()
            .flat_map(|b| ints(b, "game"))
            .map(Option::unwrap)
            .collect()
    };
    let all = games_of(&[]);
    assert_eq!(all.len(), 438);
    // The same games as `pgn filter` keeps.
    for test in [
        &["--result", "1-0"][..],
        &["--elo", "1500..2000"],
        &["--tag-contains", "Opening=sicilian"],
        &["--min-plies", "60"],
    ] {
        let mut a = vec!["pgn", "filter", i];
        a.extend(test);
        let kept = chessbits(&a);
        let count = kept.stdout.windows(8).filter(|w| w == b"[Event \"").count();
        assert_eq!(games_of(test).len(), count, "{test:?}");
    }
    assert_eq!(
        games_of(&["--tag-range", "UTCDate=2025.05.01..2025.05.31"]).len(),
        438
    );
    assert_eq!(games_of(&["--tag-range", "UTCDate=2025.06.01.."]).len(), 0);
    let blitz = games_of(&["--tag-range", "TimeControl=180+0..300+5"]);
    assert!(!blitz.is_empty() && blitz.len() < 438);
    assert_eq!(games_of(&["--limit", "10"]), (1..=10).collect::<Vec<i64>>());
    let one = games_of(&["--sample", "0.25", "--seed", "7", "--threads", "1"]);
    let two = games_of(&["--sample", "0.25", "--seed", "7", "--threads", "2"]);
    assert_eq!(one, two);
    assert!(one.len() > 60 && one.len() < 160, "{}", one.len());
    assert_ne!(one, games_of(&["--sample", "0.25", "--seed", "8"]));
    // The moves table takes them too: the moves of the first 3 games.
    let out = dir.join("m.ndjson");
    let o = chessbits(&[
        "pgn",
        "moves",
        i,
        "--limit",
        "3",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success());
    let text = std::fs::read_to_string(&out).unwrap();
    let last: serde_json::Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    assert_eq!(last["game"], 3);
}

/// Tag text that is not UTF-8 is read as Windows-1252 by default, or as `--encoding`
/// names; an unknown encoding is a usage error. `--format arrow` writes an Arrow IPC file.
#[test]
fn encodings_and_arrow_ipc() {
    let dir = temp_dir("encoding");
    let pgn = dir.join("latin.pgn");
    std::fs::write(
        &pgn,
        b"[White \"M\xfcller\"]\n[Black \"\xb3\xf3d\xbc\"]\n\n1. e4 e5 *\n",
    )
    .unwrap();
    let p = pgn.to_str().unwrap();
    let names = |extra: &[&str]| -> (String, String) {
        let mut a = vec!["pgn", "games", p, "--format", "ndjson"];
        a.extend(extra);
        let o = chessbits(&a);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let row: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        (
            row["white"].as_str().unwrap().to_owned(),
            row["black"].as_str().unwrap().to_owned(),
        )
    };
    assert_eq!(names(&[]), ("Müller".into(), "³ód¼".into()));
    assert_eq!(
        names(&["--encoding", "iso-8859-2"]),
        ("Müller".into(), "łódź".into())
    );
    assert_eq!(
        chessbits(&["pgn", "games", p, "--encoding", "nonsense"])
            .status
            .code(),
        Some(2)
    );
    let arrow = dir.join("g.arrow");
    let o = chessbits(&["pgn", "games", p, "-o", arrow.to_str().unwrap()]);
    assert!(o.status.success());
    let bytes = std::fs::read(&arrow).unwrap();
    assert!(bytes.starts_with(b"ARROW1") && bytes.ends_with(b"ARROW1"));
}
