//! What the tests of `chessbits pgn games` and `pgn moves` share: running the program,
//! the samples, python-chess's rows, readers of Parquet columns, the independent readers
//! of the comments' clocks and evaluations, JSON comparisons, and Python and DuckDB where
//! installed. Each test file uses a part of it.

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

pub(crate) use std::fs::File;
pub(crate) use std::io::Read;
pub(crate) use std::path::{Path, PathBuf};
pub(crate) use std::process::{Command, Output};

pub(crate) use arrow_array::cast::AsArray;
pub(crate) use arrow_array::types::{Float64Type, Int32Type, Int64Type};
pub(crate) use arrow_array::{Array, RecordBatch};
pub(crate) use chessbits_pgn::{GameBuilder, Reader};
pub(crate) use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;

pub(crate) fn chessbits(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_chessbits"))
        .args(args)
        .output()
        .expect("run chessbits")
}

pub(crate) fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "chessbits-pgn-tables-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

pub(crate) fn sample(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/sample")
        .join(name)
}

/// The Lichess sample with `[%clk]` after every move and `[%eval]` in 37 games.
pub(crate) const LICHESS: &str = "lichess_db_2025-05_1000k";

pub(crate) fn decoded(path: &Path) -> Vec<u8> {
    let mut out = Vec::new();
    chessbits_pgn::input::open(path)
        .unwrap()
        .read_to_end(&mut out)
        .unwrap();
    out
}

/// python-chess's `before_fen,san,after_fen` rows of a sample (header dropped).
pub(crate) fn reference_rows(name: &str) -> Vec<(String, String, String)> {
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
pub(crate) struct SourceGame {
    pub(crate) tags: Vec<(String, String)>,
    pub(crate) comments: Vec<String>,
}

pub(crate) fn source_games(name: &str) -> Vec<SourceGame> {
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
pub(crate) fn clock_of(comment: &str) -> Option<f64> {
    let rest = &comment[comment.find("[%clk ")? + 6..];
    let value = &rest[..rest.find(']')?];
    let mut s = 0.0;
    for part in value.trim().split(':') {
        s = s * 60.0 + part.parse::<f64>().ok()?;
    }
    Some(s)
}

/// `[%eval x]` as (centipawns, mate), parsed here.
pub(crate) fn eval_of(comment: &str) -> Option<(Option<i32>, Option<i32>)> {
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
pub(crate) fn board(fen: &str) -> Vec<u8> {
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
pub(crate) fn uci_fits(uci: &str, before: &str, after: &str) -> bool {
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

pub(crate) fn read_parquet(path: &Path) -> Vec<RecordBatch> {
    let reader = ParquetRecordBatchReaderBuilder::try_new(File::open(path).unwrap())
        .unwrap()
        .build()
        .unwrap();
    reader.map(|b| b.unwrap()).collect()
}

pub(crate) fn strings(batch: &RecordBatch, name: &str) -> Vec<Option<String>> {
    let col = batch.column_by_name(name).unwrap().as_string::<i32>();
    (0..col.len())
        .map(|i| (!col.is_null(i)).then(|| col.value(i).to_owned()))
        .collect()
}

pub(crate) fn ints(batch: &RecordBatch, name: &str) -> Vec<Option<i64>> {
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

pub(crate) fn floats(batch: &RecordBatch, name: &str) -> Vec<Option<f64>> {
    let c = batch
        .column_by_name(name)
        .unwrap()
        .as_primitive::<Float64Type>();
    (0..c.len())
        .map(|i| (!c.is_null(i)).then(|| c.value(i)))
        .collect()
}

/// A `{cp, mate}` struct column as pairs (None where the struct is null).
pub(crate) fn evals(col: &dyn Array) -> Vec<Option<(Option<i32>, Option<i32>)>> {
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

/// Runs `code` with Python when `module` imports (else prints a notice and returns) and
/// compares what it prints with `expected`.
pub(crate) fn python_check(module: &str, code: &str, expected: &str) {
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

/// Games that take every path of the row builders: a result token standing in for a
/// missing `Result` tag, repeated tags, a tag that is not UTF-8, Elo `?` and padded, an
/// illegal move (the error column), reader errors, Chess960 castling (UCI king takes rook),
/// a promotion, a null move, clocks and evals, a game with no moves.
pub(crate) fn tricky_pgn() -> Vec<u8> {
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
pub(crate) fn json_of(col: &dyn Array, i: usize) -> serde_json::Value {
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
pub(crate) fn rfc3339_seconds(text: &str) -> Option<i64> {
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
pub(crate) fn same_json(a: &serde_json::Value, b: &serde_json::Value) -> bool {
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

/// Runs Python code when `modules` import (else prints a notice and returns `None`); its
/// standard output.
pub(crate) fn python_output(modules: &str, code: &str) -> Option<String> {
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
pub(crate) fn duckdb_type(t: &arrow_schema::DataType) -> String {
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
