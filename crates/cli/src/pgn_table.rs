//! The encoders of `chessbits pgn games` and `chessbits pgn moves`: the `pgn` crate's
//! [`GameRow`]s and [`MoveRow`]s as CSV (the `csv` crate quotes), NDJSON or Parquet (the
//! `parquet` crate's low-level writers, without Arrow). Rows are encoded on the worker threads (CSV and NDJSON to
//! bytes; Parquet to leaves: values and levels, built straight from the games by
//! [`crate::pgn_parquet`], which also encodes them); the consuming thread writes them in input
//! order.
//!
//! Lists and maps in CSV cells are JSON text (`["e4","e5"]`, `{"Event":"..."}`); in NDJSON
//! they are JSON values; in Parquet, lists and structs: `tags` is a list of
//! `{key, value}` structs (so that a repeated tag name loses nothing), `evals` and `eval`
//! are `{cp, mate}` structs (centipawns, or moves to mate; positive is good for White).
//! `clocks` (`evals`) is null (an empty CSV cell) for a game where no move has a clock (an
//! eval), and otherwise a list as long as the moves with a null for a move without one.

use std::io::{self, Write};
use std::path::Path;
use std::sync::Arc;

use chessbits_pgn::table::{Eval, GameRow, MoveRow};
use parquet::schema::parser::parse_message_type;
use parquet::schema::types::TypePtr;

use crate::pgn_parquet::{Leaves, ParquetWriter};

/// Which table.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Table {
    /// A row per game.
    Games,
    /// A row per mainline move.
    Moves,
}

/// An output format.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Format {
    /// Comma-separated values with a header row (lists and maps as JSON text).
    Csv,
    /// One JSON object per line.
    Ndjson,
    /// Apache Parquet (snappy-compressed), read by DuckDB, Polars, Spark, pandas.
    Parquet,
}

impl Format {
    /// The format an output file's extension names.
    pub(crate) fn of_path(path: &Path) -> Option<Format> {
        match path.extension()?.to_str()? {
            "csv" => Some(Format::Csv),
            "ndjson" | "jsonl" | "json" => Some(Format::Ndjson),
            "parquet" | "pq" => Some(Format::Parquet),
            _ => None,
        }
    }

    /// The file extension of the format.
    pub(crate) fn extension(self) -> &'static str {
        match self {
            Format::Csv => "csv",
            Format::Ndjson => "ndjson",
            Format::Parquet => "parquet",
        }
    }
}

/// The game columns named by tags: (column, tag).
pub(crate) const TAG_COLUMNS: [(&str, &str); 14] = [
    ("event", "Event"),
    ("site", "Site"),
    ("date", "Date"),
    ("round", "Round"),
    ("white", "White"),
    ("black", "Black"),
    ("result", "Result"),
    ("white_elo", "WhiteElo"),
    ("black_elo", "BlackElo"),
    ("eco", "ECO"),
    ("opening", "Opening"),
    ("time_control", "TimeControl"),
    ("termination", "Termination"),
    ("utc_date", "UTCDate"),
];

/// The columns of each table, in order.
pub(crate) fn columns(table: Table) -> Vec<&'static str> {
    match table {
        Table::Games => {
            let mut c = vec!["file", "game"];
            c.extend(TAG_COLUMNS.iter().map(|(c, _)| *c));
            c.extend([
                "utc_time",
                "tags",
                "plies",
                "moves_uci",
                "moves_san",
                "clocks",
                "evals",
                "error",
            ]);
            c
        }
        Table::Moves => vec![
            "file",
            "game",
            "ply",
            "before_fen",
            "san",
            "uci",
            "after_fen",
            "clock",
            "eval",
        ],
    }
}

fn is_elo(column: &str) -> bool {
    column == "white_elo" || column == "black_elo"
}

/// The Parquet schema of a table (the leaf columns in order, as
/// [`crate::pgn_parquet`] builds them). Text is `binary (STRING)`; lists have Parquet's
/// three-level `LIST` form with an `item` element (what Arrow writers write, and DuckDB,
/// Polars and Spark read as lists); the root keeps the name Arrow writers give it.
pub(crate) fn schema(table: Table) -> io::Result<TypePtr> {
    let mut s = String::from(
        "message arrow_schema {\n  required binary file (STRING);\n  required int64 game;\n",
    );
    let list = |name: &str, repetition: &str, item: &str| {
        format!("  {repetition} group {name} (LIST) {{ repeated group list {{ {item} }} }}\n")
    };
    let eval = "{ optional int32 cp; optional int32 mate; }";
    match table {
        Table::Games => {
            for (c, _) in TAG_COLUMNS {
                if is_elo(c) {
                    s.push_str(&format!("  optional int32 {c};\n"));
                } else {
                    s.push_str(&format!("  optional binary {c} (STRING);\n"));
                }
            }
            s.push_str("  optional binary utc_time (STRING);\n");
            s.push_str(&list(
                "tags",
                "required",
                "optional group item { required binary key (STRING); required binary value (STRING); }",
            ));
            s.push_str("  required int32 plies;\n");
            s.push_str(&list(
                "moves_uci",
                "required",
                "optional binary item (STRING);",
            ));
            s.push_str(&list(
                "moves_san",
                "required",
                "optional binary item (STRING);",
            ));
            // Null for a game without any clock (eval): see `GameRow::clocks`.
            s.push_str(&list("clocks", "optional", "optional double item;"));
            s.push_str(&list(
                "evals",
                "optional",
                &format!("optional group item {eval}"),
            ));
            s.push_str("  optional binary error (STRING);\n");
        }
        Table::Moves => {
            s.push_str("  required int32 ply;\n");
            for c in ["before_fen", "san", "uci", "after_fen"] {
                s.push_str(&format!("  required binary {c} (STRING);\n"));
            }
            s.push_str("  optional double clock;\n");
            s.push_str(&format!("  optional group eval {eval}\n"));
        }
    }
    s.push_str("}\n");
    parse_message_type(&s)
        .map(Arc::new)
        .map_err(|e| io::Error::other(format!("the {table:?} table's schema: {e}")))
}

/// Rows encoded by a worker.
pub(crate) enum Encoded {
    /// CSV or NDJSON bytes.
    Bytes(Vec<u8>),
    /// Parquet leaves for the column writers.
    Leaves(Leaves),
}

/// The CSV header line of a table.
pub(crate) fn csv_header(table: Table) -> Vec<u8> {
    let mut h = columns(table).join(",");
    h.push('\n');
    h.into_bytes()
}

// ---- JSON pieces (NDJSON rows and CSV list cells) ----

fn json_str(out: &mut Vec<u8>, s: &str) {
    // serde_json writes a string with exactly JSON's escapes.
    let _ = serde_json::to_writer(&mut *out, s);
}

fn json_opt_str(out: &mut Vec<u8>, s: Option<&str>) {
    match s {
        Some(s) => json_str(out, s),
        None => out.extend_from_slice(b"null"),
    }
}

fn json_number(out: &mut Vec<u8>, x: Option<impl std::fmt::Display>) {
    match x {
        Some(x) => {
            let _ = write!(out, "{x}");
        }
        None => out.extend_from_slice(b"null"),
    }
}

fn json_clock(out: &mut Vec<u8>, x: Option<f64>) {
    json_number(out, x.filter(|x| x.is_finite()));
}

fn json_eval(out: &mut Vec<u8>, e: Option<Eval>) {
    match e {
        Some(Eval::Centipawns(cp)) => {
            let _ = write!(out, "{{\"cp\":{cp},\"mate\":null}}");
        }
        Some(Eval::Mate(m)) => {
            let _ = write!(out, "{{\"cp\":null,\"mate\":{m}}}");
        }
        None => out.extend_from_slice(b"null"),
    }
}

fn json_list<T>(out: &mut Vec<u8>, items: &[T], mut each: impl FnMut(&mut Vec<u8>, &T)) {
    out.push(b'[');
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        each(out, item);
    }
    out.push(b']');
}

fn json_tags(out: &mut Vec<u8>, tags: &[(String, String)]) {
    out.push(b'{');
    for (i, (k, v)) in tags.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        json_str(out, k);
        out.push(b':');
        json_str(out, v);
    }
    out.push(b'}');
}

fn json_text(f: impl FnOnce(&mut Vec<u8>)) -> String {
    let mut v = Vec::new();
    f(&mut v);
    String::from_utf8_lossy(&v).into_owned()
}

// ---- games ----

/// Encodes game rows of `file`.
pub(crate) fn encode_games(file: &str, rows: &[GameRow], format: Format) -> io::Result<Encoded> {
    match format {
        Format::Csv => {
            let mut w = csv::WriterBuilder::new()
                .has_headers(false)
                .from_writer(Vec::with_capacity(rows.len() * 1024));
            for row in rows {
                let mut record: Vec<String> = vec![file.to_owned(), row.game.to_string()];
                for (c, tag) in TAG_COLUMNS {
                    record.push(if is_elo(c) {
                        row.int_tag(tag).map(|e| e.to_string()).unwrap_or_default()
                    } else {
                        row.tag(tag).unwrap_or_default().to_owned()
                    });
                }
                record.push(row.tag("UTCTime").unwrap_or_default().to_owned());
                record.push(json_text(|o| json_tags(o, &row.tags)));
                record.push(row.plies().to_string());
                record.push(json_text(|o| {
                    json_list(o, &row.moves_uci, |o, s| json_str(o, s))
                }));
                record.push(json_text(|o| {
                    json_list(o, &row.moves_san, |o, s| json_str(o, s))
                }));
                // A game without clocks (evals): an empty cell, as for any null.
                record.push(match &row.clocks {
                    Some(c) => json_text(|o| json_list(o, c, |o, c| json_clock(o, *c))),
                    None => String::new(),
                });
                record.push(match &row.evals {
                    Some(e) => json_text(|o| json_list(o, e, |o, e| json_eval(o, *e))),
                    None => String::new(),
                });
                record.push(row.error.clone().unwrap_or_default());
                w.write_record(&record)?;
            }
            w.into_inner()
                .map(Encoded::Bytes)
                .map_err(|e| io::Error::other(e.to_string()))
        }
        Format::Ndjson => {
            let mut out = Vec::with_capacity(rows.len() * 1024);
            for row in rows {
                out.extend_from_slice(b"{\"file\":");
                json_str(&mut out, file);
                let _ = write!(out, ",\"game\":{}", row.game);
                for (c, tag) in TAG_COLUMNS {
                    let _ = write!(out, ",\"{c}\":");
                    if is_elo(c) {
                        json_number(&mut out, row.int_tag(tag));
                    } else {
                        json_opt_str(&mut out, row.tag(tag));
                    }
                }
                out.extend_from_slice(b",\"utc_time\":");
                json_opt_str(&mut out, row.tag("UTCTime"));
                out.extend_from_slice(b",\"tags\":");
                json_tags(&mut out, &row.tags);
                let _ = write!(out, ",\"plies\":{}", row.plies());
                out.extend_from_slice(b",\"moves_uci\":");
                json_list(&mut out, &row.moves_uci, |o, s| json_str(o, s));
                out.extend_from_slice(b",\"moves_san\":");
                json_list(&mut out, &row.moves_san, |o, s| json_str(o, s));
                out.extend_from_slice(b",\"clocks\":");
                match &row.clocks {
                    Some(c) => json_list(&mut out, c, |o, c| json_clock(o, *c)),
                    None => out.extend_from_slice(b"null"),
                }
                out.extend_from_slice(b",\"evals\":");
                match &row.evals {
                    Some(e) => json_list(&mut out, e, |o, e| json_eval(o, *e)),
                    None => out.extend_from_slice(b"null"),
                }
                out.extend_from_slice(b",\"error\":");
                json_opt_str(&mut out, row.error.as_deref());
                out.extend_from_slice(b"}\n");
            }
            Ok(Encoded::Bytes(out))
        }
        Format::Parquet => Err(io::Error::other(
            "Parquet rows are built by pgn_parquet::games_columns",
        )),
    }
}

// ---- moves ----

/// Encodes move rows of `file`.
pub(crate) fn encode_moves(file: &str, rows: &[MoveRow], format: Format) -> io::Result<Encoded> {
    match format {
        Format::Csv => {
            let mut w = csv::WriterBuilder::new()
                .has_headers(false)
                .from_writer(Vec::with_capacity(rows.len() * 160));
            for row in rows {
                let clock = row.clock.map(|c| c.to_string()).unwrap_or_default();
                let eval = match row.eval {
                    Some(e) => json_text(|o| json_eval(o, Some(e))),
                    None => String::new(),
                };
                let game = row.game.to_string();
                let ply = row.ply.to_string();
                w.write_record([
                    file,
                    &game,
                    &ply,
                    &row.before_fen,
                    &row.san,
                    &row.uci,
                    &row.after_fen,
                    &clock,
                    &eval,
                ])?;
            }
            w.into_inner()
                .map(Encoded::Bytes)
                .map_err(|e| io::Error::other(e.to_string()))
        }
        Format::Ndjson => {
            let mut out = Vec::with_capacity(rows.len() * 200);
            for row in rows {
                out.extend_from_slice(b"{\"file\":");
                json_str(&mut out, file);
                let _ = write!(out, ",\"game\":{},\"ply\":{}", row.game, row.ply);
                for (k, v) in [
                    ("before_fen", &row.before_fen),
                    ("san", &row.san),
                    ("uci", &row.uci),
                    ("after_fen", &row.after_fen),
                ] {
                    let _ = write!(out, ",\"{k}\":");
                    json_str(&mut out, v);
                }
                out.extend_from_slice(b",\"clock\":");
                json_clock(&mut out, row.clock);
                out.extend_from_slice(b",\"eval\":");
                json_eval(&mut out, row.eval);
                out.extend_from_slice(b"}\n");
            }
            Ok(Encoded::Bytes(out))
        }
        Format::Parquet => Err(io::Error::other(
            "Parquet rows are built by pgn_parquet::moves_columns",
        )),
    }
}

// ---- the writer ----

/// A table being written to one output.
pub(crate) enum TableWriter {
    /// CSV or NDJSON: bytes as they come.
    Text(Box<dyn Write + Send>),
    /// Parquet: leaves into row groups.
    Parquet(Box<ParquetWriter<Box<dyn Write + Send>>>),
}

impl TableWriter {
    /// Starts a table in `format` on `out` (the CSV header, or Parquet's magic number, is
    /// written now); Parquet is encoded on `threads` threads.
    pub(crate) fn new(
        mut out: Box<dyn Write + Send>,
        table: Table,
        format: Format,
        threads: usize,
    ) -> io::Result<TableWriter> {
        match format {
            Format::Csv => {
                out.write_all(&csv_header(table))?;
                Ok(TableWriter::Text(out))
            }
            Format::Ndjson => Ok(TableWriter::Text(out)),
            Format::Parquet => Ok(TableWriter::Parquet(Box::new(ParquetWriter::new(
                out, table, threads,
            )?))),
        }
    }

    /// Writes encoded rows.
    pub(crate) fn write(&mut self, rows: Encoded) -> io::Result<()> {
        match (self, rows) {
            (TableWriter::Text(out), Encoded::Bytes(b)) => out.write_all(&b),
            (TableWriter::Parquet(w), Encoded::Leaves(l)) => w.write(l),
            _ => Err(io::Error::other("rows encoded for another format")),
        }
    }

    /// Ends the table (the Parquet footer) and flushes.
    pub(crate) fn finish(self) -> io::Result<()> {
        match self {
            TableWriter::Text(mut out) => out.flush(),
            TableWriter::Parquet(w) => {
                let mut out = w.finish()?;
                out.flush()
            }
        }
    }
}
