//! `readGames`: the library's one route from an input to rows (`chessbits_tables::stream`),
//! bound to JavaScript. The options are read by `chessbits_tables::Selection::set` under the
//! names the command line and Python use, the bytes are opened by
//! `chessbits_pgn::input::Input::from_reader`, and `chessbits_tables::stream::run` drives
//! them (WebAssembly has no threads here: one reader on the caller's thread) into the
//! tables crate's Arrow IPC writer.

use chessbits_pgn::input::Input;
use chessbits_tables::stream::{run, BatchOptions, Error as RouteError, Limiter};
use chessbits_tables::write::{Format, TableWriter, WriteOptions};
use chessbits_tables::{schema, Selection, Table};
use wasm_bindgen::prelude::*;

#[cfg(target_family = "wasm")]
#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = console)]
    fn warn(message: &str);
}

/// Where a damaged input's message goes when it does not throw.
fn report_damage(message: &str) {
    #[cfg(target_family = "wasm")]
    warn(message);
    #[cfg(not(target_family = "wasm"))]
    eprintln!("{message}");
}

fn err(message: impl std::fmt::Display) -> JsError {
    JsError::new(&message.to_string())
}

/// The table (`games` or `moves`) of the PGN in `bytes` (plain text; zstd and gzip are not
/// in this build) as an Arrow IPC file (apache-arrow's `tableFromIPC` and DuckDB-WASM read
/// it). `names` and `values` are the selection's options, pair by pair, under the names
/// every door uses (`tag`, `tag_contains`, `tag_range`, `elo`, `result`, `min_plies`,
/// `max_plies`, `fen`, `dedup`, `limit`, `sample`, `seed`, `schema`, `strict`,
/// `encoding`). An input damaged part way keeps the games before the damage and warns on
/// the console, or throws with `on_damage` `"raise"`. Throws for an option it cannot read.
#[wasm_bindgen(js_name = readGamesIpc)]
pub fn read_games(
    bytes: Vec<u8>,
    table: &str,
    names: Vec<String>,
    values: Vec<String>,
    on_damage: &str,
    file: Option<String>,
) -> Result<Vec<u8>, JsError> {
    let table = match table {
        "games" => Table::Games,
        "moves" => Table::Moves,
        other => return Err(err(format!("table: games or moves, not {other:?}"))),
    };
    let raise = match on_damage {
        "warn" => false,
        "raise" => true,
        other => return Err(err(format!("onDamage: warn or raise, not {other:?}"))),
    };
    if names.len() != values.len() {
        return Err(err("options: as many names as values"));
    }
    let selection = Selection::from_pairs(names.iter().zip(&values)).map_err(err)?;
    selection.check_table(table).map_err(err)?;
    let mut writer = TableWriter::new(
        Vec::new(),
        schema(table, selection.rows.layout),
        Format::Ipc,
        &WriteOptions::default(),
    )
    .map_err(err)?;
    let mut options = BatchOptions::new(table);
    options.threads = 1;
    options.file = file.unwrap_or_default();
    options.selection = selection;
    let mut limiter = Limiter::new(&options.selection);
    let input = Input::from_reader(std::io::Cursor::new(bytes)).map_err(err)?;
    let ran = run(
        input,
        &options,
        &mut limiter,
        |_| {},
        |batch, _report| writer.write(&batch).map(|()| true),
    );
    match ran {
        Ok(_) => {}
        Err(e @ RouteError::Damaged { .. }) if !raise => {
            report_damage(&format!("readGames: {e}; the games before it are kept"));
        }
        Err(e) => return Err(err(e)),
    }
    writer.finish().map_err(err)
}
