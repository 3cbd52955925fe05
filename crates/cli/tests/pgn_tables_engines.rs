//! `chessbits pgn games` output as the query engines read it: one file per input in an
//! output directory, read by DuckDB and Polars as one table (when their Python packages
//! are installed), the Lichess schema beside the Hugging Face dataset, Hive partitions by
//! month, and the selection's options.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::*;

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
