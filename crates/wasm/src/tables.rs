//! `readGames`: the library's one route from an input to rows (`chessbits_tables::stream`),
//! bound to JavaScript, for an input given a piece at a time ([`GamesReader`]). The options are read by `chessbits_tables::Selection::set` under the
//! names the command line and Python use, the bytes are opened by
//! `chessbits_pgn::input::Input::from_reader`, and `chessbits_tables::stream::run` drives
//! them (WebAssembly has no threads here: one reader on the caller's thread) into the
//! tables crate's Arrow IPC writer.

use std::io::Write;
use std::sync::{Arc, Mutex};

use chessbits_pgn::input::{Input, Resume};
use chessbits_pgn::pipeline::whole_games;
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

/// Bytes written by the IPC writer, taken by JavaScript as they come.
#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Shared {
    fn take(&self) -> Vec<u8> {
        std::mem::take(&mut *self.0.lock().unwrap_or_else(|e| e.into_inner()))
    }
}

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let mut out = self.0.lock().unwrap_or_else(|e| e.into_inner());
        out.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// How much PGN a reader holds before it reads the complete games in it: large enough for
/// batches of a useful size, small enough that memory stays bounded whatever the input.
const PIECE_BYTES: usize = 1 << 20;

/// The table (`games` or `moves`) of a PGN input given a piece at a time ([`push`]), as an
/// Arrow IPC file written as its games are read ([`take`] gives the bytes written so far;
/// the concatenation of every `take` up to [`finish`]'s is the file, which apache-arrow's
/// `tableFromIPC` and DuckDB-WASM read). The whole games of what it holds are read once it
/// holds `PIECE_BYTES` (1 MB): as many bytes as `chessbits_pgn::pipeline::whole_games` says
/// (the parallel pipeline's cut, checked as that pipeline checks it: a game that runs on past
/// the cut, such as one whose comment holds a blank line and a `[`, waits for the next piece),
/// each part by the library's one route (`chessbits_tables::stream::run`) numbering games and
/// lines on from the part before (`Input::resuming`); the rest waits for the next piece, so
/// memory holds about a piece and a game, whatever the input's size. The games are those
/// one reader of the whole input reads, however the input is cut into pieces.
///
/// `names` and `values` are the selection's options, pair by pair, under the names every
/// door uses (`tag`, `tag_contains`, `tag_range`, `elo`, `result`, `min_plies`,
/// `max_plies`, `fen`, `dedup`, `limit`, `sample`, `seed`, `schema`, `strict`,
/// `encoding`). An input damaged part way ([`damaged`]: the stream it comes from failed)
/// keeps the games before the damage and warns on the console, or throws with `on_damage`
/// `"raise"`. Throws for an option it cannot read.
///
/// [`push`]: GamesReader::push
/// [`take`]: GamesReader::take
/// [`finish`]: GamesReader::finish
/// [`damaged`]: GamesReader::damaged
#[wasm_bindgen]
pub struct GamesReader {
    options: BatchOptions,
    limiter: Limiter,
    raise: bool,
    held: Vec<u8>,
    /// How much it holds before it looks for whole games again: `PIECE_BYTES`, or after a
    /// look that found one game that may go on, twice what it held then (so a game larger
    /// than a piece is looked through about twice, not once a piece).
    look_at: usize,
    /// Bytes of the input pushed so far.
    pushed: u64,
    at: Resume,
    out: Shared,
    writer: Option<TableWriter<Shared>>,
    /// Read no more: the limit is reached or the input was damaged.
    stopped: bool,
}

impl std::fmt::Debug for GamesReader {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GamesReader")
            .field("options", &self.options)
            .field("held", &self.held.len())
            .field("at", &self.at)
            .field("stopped", &self.stopped)
            .finish_non_exhaustive()
    }
}

#[wasm_bindgen]
impl GamesReader {
    /// A reader of the `table` (`games` or `moves`) with the selection's options, the
    /// `file` column's value, and what a damaged input does (`warn` or `raise`).
    #[wasm_bindgen(constructor)]
    pub fn new(
        table: &str,
        names: Vec<String>,
        values: Vec<String>,
        on_damage: &str,
        file: Option<String>,
    ) -> Result<GamesReader, JsError> {
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
        let out = Shared::default();
        let writer = TableWriter::new(
            out.clone(),
            schema(table, selection.rows.layout),
            Format::Ipc,
            &WriteOptions::default(),
        )
        .map_err(err)?;
        let mut options = BatchOptions::new(table);
        options.threads = 1;
        options.file = file.unwrap_or_default();
        options.selection = selection;
        Ok(GamesReader {
            limiter: Limiter::new(&options.selection),
            options,
            raise,
            held: Vec::new(),
            look_at: PIECE_BYTES,
            pushed: 0,
            at: Resume::default(),
            out,
            writer: Some(writer),
            stopped: false,
        })
    }

    /// Takes the next piece of the input; reads the complete games of what it holds once
    /// that is a piece's worth.
    pub fn push(&mut self, bytes: &[u8]) -> Result<(), JsError> {
        if self.stopped {
            return Ok(());
        }
        self.held.extend_from_slice(bytes);
        self.pushed += bytes.len() as u64;
        if self.held.len() >= self.look_at {
            let cut = whole_games(&self.held, self.at.offset);
            if cut > 0 {
                let part: Vec<u8> = self.held.drain(..cut).collect();
                self.look_at = PIECE_BYTES;
                self.read(part)?;
            } else {
                self.look_at = self.held.len().saturating_mul(2);
            }
        }
        Ok(())
    }

    /// Whether it reads no more (the limit is reached, or the input was damaged): the
    /// caller may stop reading its input.
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    /// The bytes of PGN held, not read yet (a piece and a game at most, but for a game
    /// larger than that).
    pub fn held(&self) -> usize {
        self.held.len()
    }

    /// The games read so far.
    pub fn games(&self) -> f64 {
        self.at.games as f64
    }

    /// The bytes of the IPC file written since the last call.
    pub fn take(&mut self) -> Vec<u8> {
        self.out.take()
    }

    /// Reads what it holds (the input has ended) and ends the file: its last bytes.
    pub fn finish(&mut self) -> Result<Vec<u8>, JsError> {
        if !self.stopped {
            let part = std::mem::take(&mut self.held);
            self.read(part)?;
        }
        self.stopped = true;
        if let Some(writer) = self.writer.take() {
            writer.finish().map_err(err)?;
        }
        Ok(self.out.take())
    }

    /// The input could not be read on (the stream it comes from failed, as a truncated gzip
    /// stream through `DecompressionStream` does), with `error`'s message: reads what it
    /// holds, as the library reads an input up to its damage, then warns on the console and
    /// ends the file (its last bytes), or throws with `on_damage` `"raise"`.
    pub fn damaged(&mut self, error: &str) -> Result<Vec<u8>, JsError> {
        if !self.stopped {
            let part = std::mem::take(&mut self.held);
            self.read(part)?;
            // Not when it had stopped (at the limit, or at an earlier damage) before the
            // damage was reached.
            if !self.stopped {
                self.stopped = true;
                self.damage(RouteError::Damaged {
                    error: std::io::Error::other(error.to_owned()),
                    raw_bytes: self.pushed,
                    games: self.at.games,
                })?;
            }
        }
        self.finish()
    }

    /// A damaged input: warns (the games before it are kept) or, with `on_damage`
    /// `"raise"`, is the error.
    fn damage(&self, damage: RouteError) -> Result<(), JsError> {
        if self.raise {
            return Err(err(damage));
        }
        report_damage(&format!(
            "readGames: {damage}; the games before it are kept"
        ));
        Ok(())
    }

    /// Reads `part` (whole games) through the route, its batches to the writer.
    fn read(&mut self, part: Vec<u8>) -> Result<(), JsError> {
        let Some(writer) = self.writer.as_mut() else {
            return Ok(());
        };
        // Where the part after this one starts, but for the games it holds.
        let end = self.at.after(&part, 0);
        let input = Input::from_reader(std::io::Cursor::new(part))
            .map_err(err)?
            .resuming(self.at);
        let ran = run(
            input,
            &self.options,
            &mut self.limiter,
            |_| {},
            |batch, _report| writer.write(&batch).map(|()| true),
        );
        match ran {
            Ok(games) => {
                self.at = Resume {
                    games: self.at.games + games,
                    ..end
                }
            }
            Err(e @ RouteError::Damaged { .. }) => {
                self.stopped = true;
                self.damage(e)?;
            }
            Err(e) => return Err(err(e)),
        }
        if self.limiter.done() {
            self.stopped = true;
        }
        Ok(())
    }
}
