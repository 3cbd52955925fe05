//! `readGames`: chessbits-tables' games or moves table of PGN bytes as Arrow IPC bytes.
//! WebAssembly has no threads here, so the tables crate's pipeline runs with one, on the
//! caller's thread: its `work` (selection and rows) and `Limiter` (dedup and limit), then
//! its IPC writer.

use chessbits_pgn::filter::{parse_range, Filter, TagTest};
use chessbits_pgn::SanMode;
use chessbits_tables::stream::{pipeline, work, Limiter};
use chessbits_tables::write::{Format, TableWriter, WriteOptions};
use chessbits_tables::{schema, Layout, RowOptions, Selection, Table};
use wasm_bindgen::prelude::*;

fn err(message: impl std::fmt::Display) -> JsError {
    JsError::new(&message.to_string())
}

/// The table (`games` or `moves`) of the PGN in `bytes` as an Arrow IPC file (read it with
/// apache-arrow's `tableFromIPC` or DuckDB-WASM). `layout` is `default` or `lichess`;
/// `tags` holds tag tests, one a line: `NAME=VALUE` (equals), `NAME~VALUE` (contains) or
/// `NAME:LO..HI` (a range); `results` space-separated results to keep; `elo` a range both
/// players' ratings must be in; `limit` the most games kept; `dedup` drops repeated games;
/// `strict` reads SAN strictly. Throws for an option it cannot read or an input it cannot.
#[allow(clippy::too_many_arguments)]
#[wasm_bindgen(js_name = readGamesIpc)]
pub fn read_games(
    bytes: &[u8],
    table: &str,
    layout: &str,
    tags: Option<String>,
    results: Option<String>,
    elo: Option<String>,
    limit: Option<f64>,
    dedup: bool,
    strict: bool,
    file: Option<String>,
) -> Result<Vec<u8>, JsError> {
    let table = match table {
        "games" => Table::Games,
        "moves" => Table::Moves,
        other => return Err(err(format!("table: games or moves, not {other:?}"))),
    };
    let layout: Layout = layout.parse().map_err(|e| err(format!("layout: {e}")))?;
    if layout == Layout::Lichess && table == Table::Moves {
        return Err(err("layout \"lichess\" is a games table"));
    }
    let mut filter = Filter::default();
    for line in tags
        .as_deref()
        .unwrap_or("")
        .lines()
        .filter(|l| !l.is_empty())
    {
        let test = if let Some((name, value)) = line.split_once('~') {
            TagTest::contains(&format!("{name}={value}"))
        } else if let Some((name, value)) = line.split_once(':') {
            TagTest::range(&format!("{name}={value}"))
        } else {
            TagTest::equals(line)
        };
        filter
            .tags
            .push(test.map_err(|e| err(format!("tags: {line:?}: {e}")))?);
    }
    if let Some(r) = results {
        filter.results = r.split_whitespace().map(str::to_owned).collect();
    }
    if let Some(range) = elo {
        let (lo, hi) = parse_range(&range).map_err(|e| err(format!("elo: {e}")))?;
        filter.tags.push(TagTest::Range("WhiteElo".into(), lo, hi));
        filter.tags.push(TagTest::Range("BlackElo".into(), lo, hi));
    }
    let limit = match limit {
        None => None,
        Some(n) if n >= 0.0 && n.fract() == 0.0 => Some(n as u64),
        Some(n) => return Err(err(format!("limit: a whole number, not {n}"))),
    };
    let selection = Selection {
        filter,
        sample: None,
        dedup,
        limit,
    };
    let rows = RowOptions {
        layout,
        mode: if strict {
            SanMode::Strict
        } else {
            SanMode::Lenient
        },
        ..RowOptions::default()
    };
    let file = file.unwrap_or_default();
    let mut writer = TableWriter::new(
        Vec::new(),
        schema(table, layout),
        Format::Ipc,
        &WriteOptions::default(),
    )
    .map_err(err)?;
    let mut limiter = Limiter::new(&selection);
    let mut failure = None;
    pipeline(
        bytes,
        1,
        |records| work(table, &file, records, &selection, &rows),
        |piece| {
            let written = piece
                .and_then(|p| limiter.apply(&p))
                .map_err(|e| e.to_string())
                .and_then(|batch| writer.write(&batch).map_err(|e| e.to_string()));
            match written {
                Ok(()) => !limiter.done(),
                Err(e) => {
                    failure = Some(e);
                    false
                }
            }
        },
    )
    .map_err(err)?;
    if let Some(e) = failure {
        return Err(err(e));
    }
    writer.finish().map_err(err)
}
