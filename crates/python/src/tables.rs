//! `read_games` and `read_moves`: `chessbits-tables`' record batches of an input, as a
//! `GameStream` that hands them to Python through the Arrow PyCapsule interface
//! (`__arrow_c_stream__`). The batches are made on `chessbits-pgn`'s pipeline threads; each
//! request for the next batch releases the GIL while it waits and checks for Ctrl-C first.

use std::io::{self, Read};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use arrow_array::{ArrayRef, RecordBatch, RecordBatchReader, StructArray};
use arrow_schema::{ArrowError, Field, SchemaRef};
use chessbits_pgn::filter::{parse_range, Filter, Reached, TagTest};
use chessbits_pgn::SanMode;
use chessbits_tables::{BatchOptions, Batches, Layout, RowOptions, Selection, Table};
use pyo3::exceptions::{PyOSError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedBytes;
use pyo3::types::{PyCapsule, PyDict, PyString};
use pyo3_arrow::ffi::{to_stream_pycapsule, ArrayIterator};

use crate::PgnError;

/// Counts the raw bytes read from an input, to say how far a damaged input got.
struct Counted<R> {
    inner: R,
    count: Arc<AtomicU64>,
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.count.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

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

/// The batches of one input, as an Arrow record batch reader.
struct GameReader {
    batches: Option<Batches>,
    schema: SchemaRef,
    name: String,
    raw: Arc<AtomicU64>,
    games: u64,
}

impl Iterator for GameReader {
    type Item = Result<RecordBatch, ArrowError>;

    fn next(&mut self) -> Option<Self::Item> {
        let batches = self.batches.as_mut()?;
        let got = Python::attach(|py| -> PyResult<_> {
            py.check_signals()?;
            Ok(py.detach(|| batches.next()))
        });
        let item = match got {
            // Through the C stream interface (pyarrow, Polars, DuckDB) the consumer raises
            // its own error with this one's text: `KeyboardInterrupt`.
            Err(interrupt) => Err(ArrowError::ExternalError(Box::new(interrupt))),
            Ok(None) => {
                self.batches = None;
                return None;
            }
            Ok(Some(Ok((batch, report)))) => {
                self.games += report.games;
                return Some(Ok(batch));
            }
            Ok(Some(Err(e))) => Err(failure(format!(
                "{}: unreadable after {} bytes and {} games: {e}",
                self.name,
                self.raw.load(Ordering::Relaxed),
                self.games
            ))),
        };
        self.batches = None;
        Some(item)
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

/// The raw bytes of `source` (a path, `bytes`, or a binary file object) and its name.
fn open_source(source: &Bound<'_, PyAny>) -> PyResult<(Box<dyn Read + Send>, String)> {
    if let Ok(bytes) = source.extract::<PyBackedBytes>() {
        return Ok((Box::new(io::Cursor::new(bytes)), "<bytes>".to_owned()));
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
        return Ok((Box::new(file), path.display().to_string()));
    }
    if source.hasattr("read")? {
        let name = source
            .getattr("name")
            .ok()
            .and_then(|n| n.extract::<String>().ok())
            .unwrap_or_else(|| "<file>".to_owned());
        let data = source.call_method0("read")?;
        let bytes = data.extract::<PyBackedBytes>().map_err(|_| {
            PyTypeError::new_err(format!(
                "{name}: read() gave text, not bytes: open the file in binary mode ('rb')"
            ))
        })?;
        return Ok((Box::new(io::Cursor::new(bytes)), name));
    }
    Err(PyTypeError::new_err(format!(
        "source: a path, bytes or a binary file object, not {}",
        source.get_type().name()?
    )))
}

/// One text or several: a `str`, a list of `str`, or a dict (as `NAME=VALUE` texts).
fn texts(key: &str, value: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    if let Ok(s) = value.extract::<String>() {
        return Ok(vec![s]);
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
        .map_err(|_| PyTypeError::new_err(format!("{key}: a str, a list of str or a dict")))
}

/// What the keyword filters ask: the selection, SAN mode and text encoding.
struct Asked {
    selection: Selection,
    rows: RowOptions,
}

fn asked(filters: Option<&Bound<'_, PyDict>>) -> PyResult<Asked> {
    let mut asked = Asked {
        selection: Selection::default(),
        rows: RowOptions::default(),
    };
    let Some(filters) = filters else {
        return Ok(asked);
    };
    let bad = |key: &str, e: &dyn std::fmt::Display| PyValueError::new_err(format!("{key}: {e}"));
    let mut filter = Filter::default();
    let mut seed = 0;
    for (key, value) in filters.iter() {
        let key: String = key.extract()?;
        match key.as_str() {
            "tag" | "tag_contains" | "tag_range" => {
                for t in texts(&key, &value)? {
                    let test = match key.as_str() {
                        "tag" => TagTest::equals(&t),
                        "tag_contains" => TagTest::contains(&t),
                        _ => TagTest::range(&t),
                    };
                    filter.tags.push(test.map_err(|e| bad(&key, &e))?);
                }
            }
            "elo" => {
                let range: String = value.extract()?;
                let (lo, hi) = parse_range(&range).map_err(|e| bad(&key, &e))?;
                filter.tags.push(TagTest::Range("WhiteElo".into(), lo, hi));
                filter.tags.push(TagTest::Range("BlackElo".into(), lo, hi));
            }
            "result" => filter.results = texts(&key, &value)?,
            "min_plies" => filter.min_plies = Some(value.extract()?),
            "max_plies" => filter.max_plies = Some(value.extract()?),
            "fen" => {
                for f in texts(&key, &value)? {
                    filter
                        .positions
                        .push(f.parse::<Reached>().map_err(|e| bad(&key, &e))?);
                }
            }
            "dedup" => asked.selection.dedup = value.extract()?,
            "limit" => asked.selection.limit = value.extract()?,
            "sample" => {
                let rate: f64 = value.extract()?;
                if !(0.0..=1.0).contains(&rate) {
                    return Err(bad(&key, &"a rate from 0 to 1"));
                }
                asked.selection.sample = Some((rate, 0));
            }
            "seed" => seed = value.extract()?,
            "strict" => {
                if value.extract::<bool>()? {
                    asked.rows.mode = SanMode::Strict;
                }
            }
            "encoding" => {
                let label: String = value.extract()?;
                asked.rows.encoding = chessbits_tables::tags::encoding_for_label(&label)
                    .ok_or_else(|| bad(&key, &format!("unknown encoding {label:?}")))?;
            }
            _ => {
                return Err(PyTypeError::new_err(format!(
                    "unknown filter {key:?} (tag, tag_contains, tag_range, elo, result, \
                     min_plies, max_plies, fen, dedup, limit, sample, seed, strict, encoding)"
                )))
            }
        }
    }
    if let Some((_, s)) = &mut asked.selection.sample {
        *s = seed;
    }
    asked.selection.filter = filter;
    Ok(asked)
}

/// The stream of `table`'s batches for `source`.
fn stream(
    table: Table,
    source: &Bound<'_, PyAny>,
    schema: &str,
    threads: Option<usize>,
    filters: Option<&Bound<'_, PyDict>>,
) -> PyResult<GameStream> {
    let layout: Layout = schema.parse().map_err(PyValueError::new_err)?;
    if layout == Layout::Lichess && table == Table::Moves {
        return Err(PyValueError::new_err(
            "schema=\"lichess\" is a games table (use read_games)",
        ));
    }
    let threads = match threads {
        Some(0) => return Err(PyValueError::new_err("threads: at least 1")),
        Some(n) => n,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let asked = asked(filters)?;
    let (raw, name) = open_source(source)?;
    let count = Arc::new(AtomicU64::new(0));
    let counted = Counted {
        inner: raw,
        count: Arc::clone(&count),
    };
    let py = source.py();
    let input = py
        .detach(|| chessbits_pgn::input::sniff(counted))
        .map_err(|e| PgnError::new_err(format!("{name}: {e}")))?
        .0;
    let mut options = BatchOptions::new(table);
    options.rows = RowOptions {
        layout,
        ..asked.rows
    };
    options.selection = asked.selection;
    options.threads = threads;
    options.file = name.clone();
    let schema = chessbits_tables::schema(table, layout);
    let reader = GameReader {
        batches: Some(Batches::new(input, options)),
        schema: schema.clone(),
        name: name.clone(),
        raw: count,
        games: 0,
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
/// or a binary file object (read whole first). `schema` is `"default"` (this project's
/// columns: tags, typed columns, moves as SAN and UCI lists, clocks, evals, `error`) or
/// `"lichess"` (the Hugging Face dataset `Lichess/standard-chess-games`' columns).
/// `threads` (default: every core) read and replay games; the GIL is released meanwhile.
///
/// Keyword filters: `tag`, `tag_contains`, `tag_range` (`"NAME=VALUE"`, a list of them,
/// or a dict), `elo` (`"2000..2500"`), `result`, `min_plies`, `max_plies`, `fen` (a
/// position reached), `dedup`, `limit`, `sample` (a rate, with `seed`), and `strict`
/// (strict SAN), `encoding` (of tag text that is not UTF-8; default windows-1252).
///
/// A game that cannot be replayed is a row with its `error`; an input that cannot be read
/// on (a damaged zstd or gzip stream, an I/O error) raises `chessbits.PgnError` (through
/// pyarrow: its error) naming the input, the bytes and the games read before it.
#[pyfunction]
#[pyo3(signature = (source, *, schema="default", threads=None, **filters))]
pub fn read_games(
    source: &Bound<'_, PyAny>,
    schema: &str,
    threads: Option<usize>,
    filters: Option<&Bound<'_, PyDict>>,
) -> PyResult<GameStream> {
    stream(Table::Games, source, schema, threads, filters)
}

/// Reads the games of `source` into a table, a row per mainline move (`file`, `game`,
/// `ply`, `before_fen`, `san`, `uci`, `after_fen`, `clock`, `eval`): returns a
/// `GameStream`. The arguments are `read_games`' (the schema is `"default"`).
#[pyfunction]
#[pyo3(signature = (source, *, schema="default", threads=None, **filters))]
pub fn read_moves(
    source: &Bound<'_, PyAny>,
    schema: &str,
    threads: Option<usize>,
    filters: Option<&Bound<'_, PyDict>>,
) -> PyResult<GameStream> {
    stream(Table::Moves, source, schema, threads, filters)
}
