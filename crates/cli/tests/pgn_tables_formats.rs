//! `chessbits pgn games` and `chessbits pgn moves` in every format: CSV, NDJSON, Arrow IPC
//! and Parquet hold the same values, the format follows the output's extension, Parquet row
//! groups and declared types, and text in other encodings.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::*;

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
