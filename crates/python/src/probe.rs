//! The cores of `chessbits.polyglot` and `chessbits.syzygy`: `chessbits-movegen`'s
//! Polyglot book reader and `chessbits-syzygy`'s tablebase prober, on a `chessbits.Board`
//! (or a python-chess board, read through its FEN).

use chessbits_movegen::book::{decode_move, BookFile};
use chessbits_position::{Position, Setup};
use chessbits_syzygy::{SyzygyError, Tablebase, Wdl};
use pyo3::exceptions::{PyIndexError, PyKeyError, PyOSError, PyValueError};
use pyo3::prelude::*;

use crate::board::{make_move, move_fields, Board};

/// The position of a `chessbits.Board`, or of any board with `fen()` and `chess960`.
fn position_of(obj: &Bound<'_, PyAny>) -> PyResult<Position> {
    if let Ok(b) = obj.cast::<Board>() {
        return b
            .borrow()
            .position()
            .cloned()
            .ok_or_else(|| PyValueError::new_err("not a legal position"));
    }
    let fen: String = obj.call_method0("fen")?.extract()?;
    let chess960: bool = obj.getattr("chess960")?.extract().unwrap_or(false);
    Board::from_fen(&fen, chess960)?
        .position()
        .cloned()
        .ok_or_else(|| PyValueError::new_err(format!("not a legal position: {fen}")))
}

/// A Polyglot opening book file, read entry by entry (binary search by key).
#[pyclass(module = "chessbits.polyglot")]
#[derive(Debug)]
pub struct PolyglotBook {
    file: Option<BookFile<std::fs::File>>,
}

#[pymethods]
impl PolyglotBook {
    #[new]
    fn new(path: std::path::PathBuf) -> PyResult<PolyglotBook> {
        let file = std::fs::File::open(&path)
            .map_err(|e| PyOSError::new_err(format!("{}: {e}", path.display())))?;
        let book = BookFile::new(file)
            .map_err(|e| PyOSError::new_err(format!("{}: {e}", path.display())))?;
        Ok(PolyglotBook { file: Some(book) })
    }

    fn __len__(&self) -> usize {
        self.file.as_ref().map_or(0, |f| f.len() as usize)
    }

    /// The entries for `board`'s position whose moves are legal there, in book order:
    /// `(key, raw_move, weight, learn, move)`.
    #[allow(clippy::type_complexity)]
    fn entries<'py>(
        &mut self,
        py: Python<'py>,
        board: &Bound<'py, PyAny>,
    ) -> PyResult<Vec<(u64, u16, u16, u32, Bound<'py, crate::board::Move>)>> {
        let pos = position_of(board)?;
        let file = self
            .file
            .as_mut()
            .ok_or_else(|| PyValueError::new_err("the book is closed"))?;
        let entries = file
            .entries_for_key(pos.zobrist_hash())
            .map_err(|e| PyOSError::new_err(e.to_string()))?;
        let mut out = Vec::new();
        for e in entries {
            if let Some(m) = decode_move(&pos, e.raw_move) {
                let (from, to, promotion, drop) = move_fields(&pos, m);
                out.push((
                    e.key,
                    e.raw_move,
                    e.weight,
                    e.learn,
                    make_move(py, from, to, promotion, drop)?,
                ));
            }
        }
        Ok(out)
    }

    /// The key of the entry at `index` (for a binary search by key).
    fn _key_at(&mut self, index: u64) -> PyResult<u64> {
        let file = self
            .file
            .as_mut()
            .ok_or_else(|| PyValueError::new_err("the book is closed"))?;
        file.entry(index)
            .map(|e| e.key)
            .map_err(|e| PyIndexError::new_err(e.to_string()))
    }

    fn close(&mut self) {
        self.file = None;
    }
}

fn syzygy_error(e: SyzygyError) -> PyErr {
    match e {
        SyzygyError::MissingTable { .. } => PyKeyError::new_err(e.to_string()),
        SyzygyError::Io { .. } => PyOSError::new_err(e.to_string()),
        _ => PyValueError::new_err(e.to_string()),
    }
}

/// Syzygy tablebases: WDL and DTZ probes.
#[pyclass(module = "chessbits.syzygy")]
#[derive(Debug)]
pub struct SyzygyTablebase {
    tb: Tablebase,
}

#[pymethods]
impl SyzygyTablebase {
    #[new]
    fn new() -> SyzygyTablebase {
        SyzygyTablebase {
            tb: Tablebase::new(),
        }
    }

    /// Adds the tables of a directory; returns how many were found.
    fn add_directory(&mut self, path: std::path::PathBuf) -> PyResult<usize> {
        self.tb.add_directory(&path).map_err(syzygy_error)
    }

    /// Win/draw/loss for the side to move, -2 to 2 (`KeyError` when a table is missing).
    fn probe_wdl(&self, py: Python<'_>, board: &Bound<'_, PyAny>) -> PyResult<i32> {
        let pos = position_of(board)?;
        let tb = &self.tb;
        py.detach(|| tb.probe_wdl(&pos))
            .map(|w| w.to_i32())
            .map_err(syzygy_error)
    }

    /// Distance to zeroing (`KeyError` when a table is missing).
    fn probe_dtz(&self, py: Python<'_>, board: &Bound<'_, PyAny>) -> PyResult<i32> {
        let pos = position_of(board)?;
        let tb = &self.tb;
        py.detach(|| tb.probe_dtz(&pos)).map_err(syzygy_error)
    }

    /// Adds one table file; whether its name is a table's.
    fn add_file(&mut self, path: std::path::PathBuf) -> bool {
        self.tb.add_file(&path)
    }

    /// [`Tablebase::probe_dtz_no_ep`].
    fn probe_dtz_no_ep(&self, py: Python<'_>, board: &Bound<'_, PyAny>) -> PyResult<i32> {
        let pos = position_of(board)?;
        let tb = &self.tb;
        py.detach(|| tb.probe_dtz_no_ep(&pos)).map_err(syzygy_error)
    }

    /// [`Tablebase::probe_wdl_table`]: the WDL table's own value, -2 to 2.
    fn probe_wdl_table(&self, py: Python<'_>, board: &Bound<'_, PyAny>) -> PyResult<i32> {
        let pos = position_of(board)?;
        let tb = &self.tb;
        py.detach(|| tb.probe_wdl_table(&pos))
            .map(|w| w.to_i32())
            .map_err(syzygy_error)
    }

    /// [`Tablebase::probe_dtz_table`] as python-chess answers: `(dtz, 1)`, or `(0, -1)` when
    /// the file stores only the other side to move.
    fn probe_dtz_table(
        &self,
        py: Python<'_>,
        board: &Bound<'_, PyAny>,
        wdl: i32,
    ) -> PyResult<(i32, i32)> {
        let pos = position_of(board)?;
        let wdl = Wdl::from_i32(wdl)
            .ok_or_else(|| PyValueError::new_err(format!("wdl {wdl} is not -2 to 2")))?;
        let tb = &self.tb;
        match py.detach(|| tb.probe_dtz_table(&pos, wdl)) {
            Ok(Some(dtz)) => Ok((dtz, 1)),
            Ok(None) => Ok((0, -1)),
            Err(e) => Err(syzygy_error(e)),
        }
    }
}

/// The placement of a `chessbits.Board`, or of any board with `board_fen()`.
fn placement_of(obj: &Bound<'_, PyAny>) -> PyResult<chessbits_position::Board> {
    if let Ok(b) = obj.cast::<Board>() {
        return Ok(b.borrow().placement().clone());
    }
    let fen: String = obj.call_method0("board_fen")?.extract()?;
    let setup: Setup = format!("{fen} w - - 0 1")
        .parse()
        .map_err(|e| PyValueError::new_err(format!("{e}")))?;
    Ok(setup.board)
}

/// `tablenames`: the table names up to `piece_count` pieces. This and the functions below
/// are python-chess's `chess.syzygy` module functions, `chessbits-syzygy`'s rules with
/// argument handling only (a name that is no table's raises `ValueError`, as
/// python-chess's do).
#[pyfunction]
#[pyo3(signature = (one_king, piece_count))]
pub fn _syzygy_tablenames(one_king: bool, piece_count: usize) -> Vec<String> {
    chessbits_syzygy::tablenames(one_king, piece_count)
}

fn not_a_table(name: &str) -> PyErr {
    PyValueError::new_err(format!("not a table name: {name:?}"))
}

/// `normalize_tablename`: the name with the stronger side first.
#[pyfunction]
#[pyo3(signature = (name, mirror))]
pub fn _syzygy_normalize_tablename(name: &str, mirror: bool) -> PyResult<String> {
    chessbits_syzygy::normalize_tablename(name, mirror).ok_or_else(|| not_a_table(name))
}

/// `is_tablename`: whether `name` is a table's name.
#[pyfunction]
#[pyo3(signature = (name, one_king, piece_count, normalized))]
pub fn _syzygy_is_tablename(
    name: &str,
    one_king: bool,
    piece_count: Option<usize>,
    normalized: bool,
) -> bool {
    chessbits_syzygy::is_tablename(name, one_king, piece_count, normalized)
}

/// `dependencies`: the tables a table's probes may need.
#[pyfunction]
#[pyo3(signature = (name, one_king))]
pub fn _syzygy_dependencies(name: &str, one_king: bool) -> PyResult<Vec<String>> {
    chessbits_syzygy::dependencies(name, one_king).ok_or_else(|| not_a_table(name))
}

/// `all_dependencies`: the tables the tables `names` may need, each once.
#[pyfunction]
#[pyo3(signature = (names, one_king))]
pub fn _syzygy_all_dependencies(names: Vec<String>, one_king: bool) -> PyResult<Vec<String>> {
    chessbits_syzygy::all_dependencies(&names, one_king)
        .ok_or_else(|| PyValueError::new_err(format!("not table names: {names:?}")))
}

/// `calc_key`: a placement's material key (`KQvK`).
#[pyfunction]
#[pyo3(signature = (board, mirror))]
pub fn _syzygy_calc_key(board: &Bound<'_, PyAny>, mirror: bool) -> PyResult<String> {
    Ok(chessbits_syzygy::calc_key(&placement_of(board)?, mirror))
}

/// The 781 Polyglot keys (`chessbits.polyglot.POLYGLOT_RANDOM_ARRAY`).
#[pyfunction]
pub fn _polyglot_random_array() -> Vec<u64> {
    chessbits_position::polyglot_random_array().to_vec()
}
