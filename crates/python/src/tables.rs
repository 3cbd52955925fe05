//! `read_games` and `read_moves`: the library's one route from an input to rows
//! (`chessbits_tables::stream`), bound to Python. The keywords are read by
//! `chessbits_tables::Selection::set`, the input is opened by `chessbits_pgn::input`
//! (a file object is streamed, never read whole), and the batches are a `GameStream` that
//! hands them to Python through the Arrow PyCapsule interface (`__arrow_c_stream__`). The
//! batches are made on the pipeline's threads; each request for the next batch releases the
//! GIL while it waits and checks for Ctrl-C first.
//!
//! A damaged input (a truncated zstd or gzip stream, a read error part way) keeps the games
//! before the damage: by default the stream ends there with a `chessbits.DamagedInputWarning`
//! naming the input and how far it got; `on_damage="raise"` raises `chessbits.PgnError`
//! instead.

use std::io::{self, Read};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use arrow_array::{ArrayRef, RecordBatch, RecordBatchReader, StructArray};
use arrow_schema::{ArrowError, Field, SchemaRef};
use chessbits_pgn::input::Input;
use chessbits_tables::stream::{Error as RouteError, SelectionReason};
use chessbits_tables::{BatchOptions, Batches, Selection, Table};
use pyo3::exceptions::{PyOSError, PyRuntimeError, PyTypeError, PyUserWarning, PyValueError};
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedBytes;
use pyo3::types::{PyBool, PyBytes, PyCapsule, PyDict, PyString};
use pyo3_arrow::ffi::{to_stream_pycapsule, ArrayIterator};

use crate::PgnError;

pyo3::create_exception!(
    chessbits,
    DamagedInputWarning,
    PyUserWarning,
    "An input damaged part way (a truncated zstd or gzip stream, a read error): the games \
     before the damage were read. `on_damage=\"raise\"` raises `PgnError` instead."
);

/// An error message carried through Arrow's error type.
#[derive(Debug)]
struct Failure(String);

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Failure {}

/// An Arrow error that says `message` (with no NUL byte: the C stream interface hands
/// errors over as C strings).
fn failure(message: String) -> ArrowError {
    ArrowError::ExternalError(Box::new(Failure(message.replace('\0', "\\0"))))
}

/// What a damaged input does to the stream.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum OnDamage {
    /// The stream ends after the good games, with a `DamagedInputWarning`.
    Warn,
    /// The stream raises `PgnError` after the good games.
    Raise,
}

/// A binary file object read a block at a time (with the GIL, from whichever thread reads).
struct PyFile {
    file: Py<PyAny>,
}

impl Read for PyFile {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        Python::attach(|py| {
            let data = self
                .file
                .bind(py)
                .call_method1("read", (buf.len(),))
                .map_err(|e| io::Error::other(e.to_string()))?;
            if data.is_none() {
                // A non-blocking file with nothing yet: nothing more to read here.
                return Ok(0);
            }
            let bytes = data.cast::<PyBytes>().map_err(|_| {
                io::Error::new(
                    io::ErrorKind::InvalidData,
                    "read() gave something other than bytes",
                )
            })?;
            let bytes = bytes.as_bytes();
            if bytes.len() > buf.len() {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    "read(n) gave more than n bytes",
                ));
            }
            buf[..bytes.len()].copy_from_slice(bytes);
            Ok(bytes.len())
        })
    }
}

/// How long a wait for the next batch lasts before Ctrl-C is looked for again.
const SIGNAL_CHECK: std::time::Duration = std::time::Duration::from_millis(50);

/// The batches of one input, as an Arrow record batch reader.
struct GameReader {
    batches: Option<Batches>,
    schema: SchemaRef,
    name: String,
    on_damage: OnDamage,
}

impl Iterator for GameReader {
    type Item = Result<RecordBatch, ArrowError>;

    fn next(&mut self) -> Option<Self::Item> {
        let batches = self.batches.as_mut()?;
        // Waits a little at a time with the GIL released, and looks for Ctrl-C between
        // waits: an input that blocks (a pipe, a socket) cannot hold up an interrupt.
        let got = Python::attach(|py| -> PyResult<_> {
            loop {
                py.check_signals()?;
                if let Ok(item) = py.detach(|| batches.next_within(SIGNAL_CHECK)) {
                    return Ok(item);
                }
            }
        });
        let item = match got {
            // Through the C stream interface (pyarrow, Polars, DuckDB) the consumer raises
            // its own error with this one's text: `KeyboardInterrupt`. The work is left to
            // end on its own: its read may be blocked, and waiting for it would hold up the
            // interrupt.
            Err(interrupt) => {
                if let Some(batches) = self.batches.take() {
                    batches.detach();
                }
                return Some(Err(ArrowError::ExternalError(Box::new(interrupt))));
            }
            Ok(None) => None,
            Ok(Some(Ok((batch, _report)))) => return Some(Ok(batch)),
            Ok(Some(Err(RouteError::Damaged {
                error,
                raw_bytes,
                games,
            }))) if self.on_damage == OnDamage::Warn => {
                let message = format!(
                    "{}: input damaged after {raw_bytes} bytes read; the {games} games before \
                     the damage were read: {error}",
                    self.name
                );
                let message =
                    std::ffi::CString::new(message.replace('\0', "\\0")).unwrap_or_default();
                let warned = Python::attach(|py| {
                    PyErr::warn(py, &py.get_type::<DamagedInputWarning>(), &message, 1)
                });
                // A warning made an error (`warnings.simplefilter("error")`) is raised.
                warned
                    .err()
                    .map(|e| Err(ArrowError::ExternalError(Box::new(e))))
            }
            Ok(Some(Err(RouteError::Damaged {
                error,
                raw_bytes,
                games,
            }))) => Some(Err(failure(format!(
                "{}: unreadable after {raw_bytes} bytes and {games} games: {error}",
                self.name
            )))),
            Ok(Some(Err(RouteError::Panicked(message)))) => Some(Err(ArrowError::ExternalError(
                Box::new(PyRuntimeError::new_err(format!(
                    "{}: a worker thread panicked (a bug in chessbits): {message}",
                    self.name
                ))),
            ))),
            Ok(Some(Err(e))) => Some(Err(failure(format!("{}: {e}", self.name)))),
        };
        self.close();
        item
    }
}

impl GameReader {
    /// Stops the work, with the GIL released: the pipeline's reader may be waiting for it
    /// (to read a Python file object).
    fn close(&mut self) {
        if let Some(batches) = self.batches.take() {
            Python::attach(|py| py.detach(move || drop(batches)));
        }
    }
}

impl Drop for GameReader {
    fn drop(&mut self) {
        self.close();
    }
}

impl RecordBatchReader for GameReader {
    fn schema(&self) -> SchemaRef {
        self.schema.clone()
    }
}

/// The batches of a table of games or moves, read once: give it to `pyarrow.table`,
/// `polars.DataFrame`, DuckDB or anything that takes the Arrow PyCapsule interface
/// (`__arrow_c_stream__`), or iterate it for one record batch at a time.
#[pyclass(module = "chessbits")]
pub struct GameStream {
    reader: Mutex<Option<GameReader>>,
    schema: SchemaRef,
    name: String,
}

impl std::fmt::Debug for GameStream {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GameStream")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

impl GameStream {
    fn take(&self) -> PyResult<GameReader> {
        self.reader
            .lock()
            .ok()
            .and_then(|mut r| r.take())
            .ok_or_else(|| PyOSError::new_err("the stream has been read already"))
    }
}

#[pymethods]
impl GameStream {
    /// The Arrow C stream of the batches, in a PyCapsule (the Arrow PyCapsule interface).
    /// The stream can be read once.
    #[pyo3(signature = (requested_schema=None))]
    fn __arrow_c_stream__<'py>(
        &self,
        py: Python<'py>,
        requested_schema: Option<Bound<'py, PyCapsule>>,
    ) -> PyResult<Bound<'py, PyCapsule>> {
        let reader = self.take()?;
        let field = Field::new_struct("", self.schema.fields().clone(), false);
        let arrays = reader.map(|batch| batch.map(|b| Arc::new(StructArray::from(b)) as ArrayRef));
        let arrays = ArrayIterator::new(arrays, Arc::new(field));
        Ok(to_stream_pycapsule(py, Box::new(arrays), requested_schema)?)
    }

    /// The Arrow C schema of the batches, in a PyCapsule.
    fn __arrow_c_schema__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyCapsule>> {
        Ok(pyo3_arrow::ffi::to_schema_pycapsule(
            py,
            self.schema.as_ref(),
        )?)
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    /// The next record batch (an object with `__arrow_c_array__`: `pyarrow.record_batch(b)`
    /// makes it a pyarrow batch). Raises `chessbits.PgnError` when the input cannot be
    /// read on.
    fn __next__(&self) -> PyResult<Option<pyo3_arrow::PyRecordBatch>> {
        // Out of the lock while it reads (with the GIL released): a second thread asking
        // meanwhile finds the stream empty rather than waiting on the lock with the GIL.
        let Some(mut reader) = self.reader.lock().ok().and_then(|mut r| r.take()) else {
            return Ok(None);
        };
        match reader.next() {
            None => Ok(None),
            Some(Ok(batch)) => {
                if let Ok(mut slot) = self.reader.lock() {
                    *slot = Some(reader);
                }
                Ok(Some(pyo3_arrow::PyRecordBatch::new(batch)))
            }
            Some(Err(ArrowError::ExternalError(inner))) => Err(match inner.downcast::<PyErr>() {
                Ok(py_err) => *py_err,
                Err(other) => PgnError::new_err(other.to_string()),
            }),
            Some(Err(other)) => Err(PgnError::new_err(other.to_string())),
        }
    }

    fn __repr__(&self) -> String {
        format!("<chessbits.GameStream of {}>", self.name)
    }
}

/// An `OSError` for `path` (with its errno, so that Python makes it a
/// `FileNotFoundError`, a `PermissionError`...).
fn os_error(path: &std::path::Path, e: &io::Error) -> PyErr {
    PyOSError::new_err((
        e.raw_os_error().unwrap_or(0),
        e.to_string(),
        path.display().to_string(),
    ))
}

/// `source` (a path, `bytes`, or a binary file object, streamed) opened by the library's
/// one opener, and its name.
fn open_source(source: &Bound<'_, PyAny>) -> PyResult<(Input, String)> {
    let py = source.py();
    let opened = |raw: Box<dyn Read + Send>, name: String| -> PyResult<(Input, String)> {
        match py.detach(|| Input::from_reader(raw)) {
            Ok(input) => Ok((input, name)),
            Err(e) => Err(PgnError::new_err(format!("{name}: {e}"))),
        }
    };
    if let Ok(bytes) = source.extract::<PyBackedBytes>() {
        return opened(Box::new(io::Cursor::new(bytes)), "<bytes>".to_owned());
    }
    if source.is_instance_of::<PyString>() || source.hasattr("__fspath__")? {
        let path: PathBuf = source.extract()?;
        let file = std::fs::File::open(&path).map_err(|e| os_error(&path, &e))?;
        if file.metadata().is_ok_and(|m| m.is_dir()) {
            return Err(PyOSError::new_err((
                21,
                "Is a directory",
                path.display().to_string(),
            )));
        }
        return opened(Box::new(file), path.display().to_string());
    }
    if source.hasattr("read")? {
        let name = source
            .getattr("name")
            .ok()
            .and_then(|n| n.extract::<String>().ok())
            .unwrap_or_else(|| "<file>".to_owned());
        // A text-mode file is told at once (it gives `str`).
        if source
            .call_method1("read", (0,))?
            .is_instance_of::<PyString>()
        {
            return Err(PyTypeError::new_err(format!(
                "{name}: read() gave text, not bytes: open the file in binary mode ('rb')"
            )));
        }
        let file = PyFile {
            file: source.clone().unbind(),
        };
        return match Input::from_reader(file) {
            Ok(input) => Ok((input, name)),
            Err(e) => Err(PgnError::new_err(format!("{name}: {e}"))),
        };
    }
    Err(PyTypeError::new_err(format!(
        "source: a path, bytes or a binary file object, not {}",
        source.get_type().name()?
    )))
}

/// A keyword's value as the texts the selection reads: a `str`, a `bool` (`true`/`false`),
/// a number, or a list, tuple or dict (`NAME=VALUE` texts) of them.
fn texts(key: &str, value: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    if let Ok(s) = value.extract::<String>() {
        return Ok(vec![s]);
    }
    if value.is_instance_of::<PyBool>() {
        return Ok(vec![value.extract::<bool>()?.to_string()]);
    }
    if let Ok(n) = value.extract::<i64>() {
        return Ok(vec![n.to_string()]);
    }
    if let Ok(x) = value.extract::<f64>() {
        return Ok(vec![x.to_string()]);
    }
    if let Ok(d) = value.cast::<PyDict>() {
        return d
            .iter()
            .map(|(k, v)| Ok(format!("{}={}", k.str()?, v.str()?)))
            .collect();
    }
    value
        .try_iter()
        .and_then(|items| items.map(|i| i?.extract::<String>()).collect())
        .map_err(|_| {
            PyTypeError::new_err(format!(
                "{key}: a str, a number, a bool, a list of str or a dict"
            ))
        })
}

/// The selection the keywords ask for, read by the library (`Selection::set`): an unknown
/// keyword is a `TypeError`, a value that cannot be read a `ValueError`.
fn selection(schema: &str, filters: Option<&Bound<'_, PyDict>>) -> PyResult<Selection> {
    let mut selection = Selection::default();
    let mut set = |key: &str, text: &str| {
        selection.set(key, text).map_err(|e| match e.reason {
            SelectionReason::Unknown => PyTypeError::new_err(format!(
                "unknown keyword {key:?} ({})",
                Selection::options().collect::<Vec<_>>().join(", ")
            )),
            _ => PyValueError::new_err(e.to_string()),
        })
    };
    set("schema", schema)?;
    if let Some(filters) = filters {
        for (key, value) in filters.iter() {
            let key: String = key.extract()?;
            if key == "schema" {
                return Err(PyTypeError::new_err("schema is given once"));
            }
            if value.is_none() {
                // `limit=None`: not given.
                continue;
            }
            for text in texts(&key, &value)? {
                set(&key, &text)?;
            }
        }
    }
    Ok(selection)
}

/// The stream of `table`'s batches for `source`.
fn stream(
    table: Table,
    source: &Bound<'_, PyAny>,
    schema: &str,
    threads: Option<usize>,
    on_damage: &str,
    filters: Option<&Bound<'_, PyDict>>,
) -> PyResult<GameStream> {
    let selection = selection(schema, filters)?;
    selection.check_table(table).map_err(|_| {
        PyValueError::new_err("schema=\"lichess\" is a games table (use read_games)")
    })?;
    let on_damage = match on_damage {
        "warn" => OnDamage::Warn,
        "raise" => OnDamage::Raise,
        other => {
            return Err(PyValueError::new_err(format!(
                "on_damage: \"warn\" or \"raise\", not {other:?}"
            )))
        }
    };
    let threads = match threads {
        Some(0) => return Err(PyValueError::new_err("threads: at least 1")),
        Some(n) => n,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let (input, name) = open_source(source)?;
    let schema = chessbits_tables::schema(table, selection.rows.layout);
    let mut options = BatchOptions::new(table);
    options.selection = selection;
    options.threads = threads;
    options.file = name.clone();
    let reader = GameReader {
        batches: Some(Batches::new(input, options)),
        schema: schema.clone(),
        name: name.clone(),
        on_damage,
    };
    Ok(GameStream {
        reader: Mutex::new(Some(reader)),
        schema,
        name,
    })
}

/// Reads the games of `source` into a table, a row per game: returns a `GameStream` of
/// Arrow record batches.
///
/// `source` is a path (plain, zstd or gzip PGN, recognised from its first bytes), `bytes`,
/// or a binary file object (streamed: read a block at a time, never whole). `schema` is `"default"` (this project's
/// columns: tags, typed columns, moves as SAN and UCI lists, clocks, evals, `error`) or
/// `"lichess"` (the Hugging Face dataset `Lichess/standard-chess-games`' columns).
/// `threads` (default: every core) read and replay games; the GIL is released meanwhile.
///
/// Keyword filters: `tag`, `tag_contains`, `tag_range` (`"NAME=VALUE"`, a list of them,
/// or a dict), `elo` (`"2000..2500"`), `result`, `min_plies`, `max_plies`, `fen` (a
/// position reached), `dedup`, `limit`, `sample` (a rate, with `seed`), and `strict`
/// (strict SAN), `encoding` (of tag text that is not UTF-8; default windows-1252).
///
/// A game that cannot be replayed is a row with its `error`. An input damaged part way (a
/// truncated zstd or gzip stream, an I/O error) keeps the games before the damage: the
/// stream ends there with a `chessbits.DamagedInputWarning` naming the input and how far
/// it got, or, with `on_damage="raise"`, raises `chessbits.PgnError` (through pyarrow:
/// its error, with the same message).
#[pyfunction]
#[pyo3(signature = (source, *, schema="default", threads=None, on_damage="warn", **filters))]
pub fn read_games(
    source: &Bound<'_, PyAny>,
    schema: &str,
    threads: Option<usize>,
    on_damage: &str,
    filters: Option<&Bound<'_, PyDict>>,
) -> PyResult<GameStream> {
    stream(Table::Games, source, schema, threads, on_damage, filters)
}

/// Reads the games of `source` into a table, a row per mainline move (`file`, `game`,
/// `ply`, `before_fen`, `san`, `uci`, `after_fen`, `clock`, `eval`): returns a
/// `GameStream`. The arguments are `read_games`' (the schema is `"default"`).
#[pyfunction]
#[pyo3(signature = (source, *, schema="default", threads=None, on_damage="warn", **filters))]
pub fn read_moves(
    source: &Bound<'_, PyAny>,
    schema: &str,
    threads: Option<usize>,
    on_damage: &str,
    filters: Option<&Bound<'_, PyDict>>,
) -> PyResult<GameStream> {
    stream(Table::Moves, source, schema, threads, on_damage, filters)
}

/// The columns of a table, in order, as `(name, meaning)` pairs: `table` is `"games"` or
/// `"moves"`, `schema` `"default"` or `"lichess"` (games only). The same list `chessbits
/// pgn games --help` prints, from the library's one declaration of the columns.
#[pyfunction]
#[pyo3(signature = (table="games", schema="default"))]
pub fn columns(table: &str, schema: &str) -> PyResult<Vec<(&'static str, &'static str)>> {
    let table = match table {
        "games" => Table::Games,
        "moves" => Table::Moves,
        other => {
            return Err(PyValueError::new_err(format!(
                "table: \"games\" or \"moves\", not {other:?}"
            )))
        }
    };
    let mut selection = Selection::default();
    selection
        .set("schema", schema)
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(chessbits_tables::columns::describe(
        table,
        selection.rows.layout,
    ))
}
