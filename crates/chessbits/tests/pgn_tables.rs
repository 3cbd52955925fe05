//! `chessbits pgn games` and `chessbits pgn moves` as a user runs them: the Parquet files
//! are read back with the Arrow reader and compared with the source PGN (python-chess's rows
//! for the positions and SAN, the `[%clk]`/`[%eval]` comments parsed here independently);
//! CSV and NDJSON give the same values; one file per input in an output directory, which
//! DuckDB reads as one table (when its Python package is installed).

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
                    .moves
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
            let c = clocks.value(i);
            let c = c.as_primitive::<Float64Type>();
            let e = evals(evs.value(i).as_ref());
            assert_eq!(s.len(), src.comments.len());
            assert_eq!(u.len(), s.len());
            for (p, comment) in src.comments.iter().enumerate() {
                assert_eq!(s.value(p), expected[k].1);
                assert_eq!(Some(c.value(p)), clock_of(comment));
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
                    let sans: Vec<String> = serde_json::from_str(
                        &c[header.iter().position(|h| h == "moves_san").unwrap()],
                    )
                    .unwrap();
                    assert_eq!(Some(sans.len() as i64), plies);
                    assert_eq!(
                        js["moves_san"].as_array().unwrap().len() as i64,
                        plies.unwrap()
                    );
                    assert_eq!(
                        js["clocks"].as_array().unwrap().len() as i64,
                        plies.unwrap()
                    );
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
/// DuckDB reads `DIR/*.parquet` as one table with the same counts (when its Python package
/// is installed; otherwise the DuckDB part is skipped with a notice).
#[test]
fn one_parquet_file_per_input_and_duckdb_reads_them_as_one_table() {
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
    for f in &files {
        for b in read_parquet(f) {
            games += b.num_rows();
            plies += ints(&b, "plies").iter().map(|p| p.unwrap()).sum::<i64>();
        }
    }
    let expected_plies: usize = names.iter().map(|n| reference_rows(n).len()).sum();
    assert_eq!(games, 438 + 500 + 105);
    assert_eq!(plies as usize, expected_plies);

    let python = std::env::var("PYTHON").unwrap_or_else(|_| "python3".into());
    let has_duckdb = Command::new(&python)
        .args(["-c", "import duckdb"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !has_duckdb {
        println!("NOTICE: skipping the DuckDB check: `{python} -c 'import duckdb'` fails (pip install duckdb; .ci/run does)");
        return;
    }
    let query = format!(
        "import duckdb\n\
         r = duckdb.sql(\"SELECT count(*), sum(plies), count(DISTINCT file), \
         sum(len(clocks)) FROM '{}*.parquet'\").fetchall()[0]\n\
         print(','.join(str(x) for x in r))",
        out
    );
    let o = Command::new(&python).args(["-c", &query]).output().unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = String::from_utf8_lossy(&o.stdout);
    assert_eq!(
        text.trim(),
        format!(
            "{},{},3,{}",
            438 + 500 + 105,
            expected_plies,
            expected_plies
        )
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
