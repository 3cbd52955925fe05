//! # chessbits-python
//!
//! chessbits for Python: the extension module `chessbits._chessbits`, which the pure-Python
//! package `chessbits` (in `python/chessbits/`) re-exports. Built by maturin with PyO3's
//! stable ABI (Python 3.9 and later); it binds, it adds no chess and no format of its own.
//!
//! Its neighbours: the board ([`board`]) is `chessbits-position`'s `Position` with
//! `chessbits-movegen`'s legal moves, SAN, UCI, perft and outcomes; the tables
//! ([`tables`]) are `chessbits-tables`' Arrow record batches, read on `chessbits-pgn`'s
//! pipeline and handed to Python through the Arrow PyCapsule interface
//! (`__arrow_c_stream__`, by the `pyo3-arrow` crate), so that pyarrow, Polars and DuckDB
//! take them without a copy; the encodings ([`encode`]) are a batch of FENs as bitboards in
//! a NumPy array.
//!
//! Why this shape: the Rust work runs with the GIL released (`Python::detach`), a batch at
//! a time, so Python threads go on and Ctrl-C is seen between batches; every error that
//! input can cause is a Python exception (`ValueError` for a bad FEN, SAN or UCI,
//! `chessbits.PgnError`, an `OSError`, for an input that cannot be read), never a panic.

use pyo3::prelude::*;

pub mod board;
pub mod encode;
pub mod engine;
pub mod geometry;
pub mod pgn;
pub mod probe;
pub mod tables;
pub mod variant;

pyo3::create_exception!(
    chessbits,
    PgnError,
    pyo3::exceptions::PyOSError,
    "An input that cannot be read as PGN (an I/O or decompression error): the message names \
     the input, the bytes read and the games read before it."
);

pyo3::create_exception!(
    chessbits,
    InvalidMoveError,
    pyo3::exceptions::PyValueError,
    "Text that is not a move at all (bad UCI or SAN syntax), as python-chess's."
);

pyo3::create_exception!(
    chessbits,
    IllegalMoveError,
    pyo3::exceptions::PyValueError,
    "A move that is not legal in the position, as python-chess's."
);

pyo3::create_exception!(
    chessbits,
    AmbiguousMoveError,
    pyo3::exceptions::PyValueError,
    "SAN that more than one legal move matches, as python-chess's."
);

/// The extension module, imported as `chessbits._chessbits`.
#[pymodule]
#[pyo3(name = "_chessbits")]
fn chessbits_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<board::Board>()?;
    m.add_class::<board::Move>()?;
    m.add_class::<board::Piece>()?;
    m.add_class::<board::MoveGenerator>()?;
    m.add_function(wrap_pyfunction!(board::_board_from_moves, m)?)?;
    m.add_function(wrap_pyfunction!(board::_ray_mask, m)?)?;
    m.add_function(wrap_pyfunction!(geometry::_transform, m)?)?;
    m.add_function(wrap_pyfunction!(geometry::square_knight_distance, m)?)?;
    m.add_function(wrap_pyfunction!(geometry::_piece_attacks, m)?)?;
    m.add_function(wrap_pyfunction!(pgn::_parse_game, m)?)?;
    m.add_class::<pgn::PgnWriter>()?;
    m.add_function(wrap_pyfunction!(pgn::_read_tags, m)?)?;
    m.add(
        "_SEVEN_TAG_ROSTER",
        chessbits_pgn::SEVEN_TAG_ROSTER.to_vec(),
    )?;
    m.add_function(wrap_pyfunction!(pgn::_comment_clock, m)?)?;
    m.add_function(wrap_pyfunction!(pgn::_comment_emt, m)?)?;
    m.add_function(wrap_pyfunction!(pgn::_comment_eval, m)?)?;
    m.add_function(wrap_pyfunction!(pgn::_set_comment_command, m)?)?;
    m.add_class::<probe::PolyglotBook>()?;
    m.add_class::<probe::SyzygyTablebase>()?;
    m.add_function(wrap_pyfunction!(probe::_polyglot_random_array, m)?)?;
    m.add_function(wrap_pyfunction!(probe::_syzygy_tablenames, m)?)?;
    m.add_function(wrap_pyfunction!(probe::_syzygy_normalize_tablename, m)?)?;
    m.add_function(wrap_pyfunction!(probe::_syzygy_is_tablename, m)?)?;
    m.add_function(wrap_pyfunction!(probe::_syzygy_dependencies, m)?)?;
    m.add_function(wrap_pyfunction!(probe::_syzygy_all_dependencies, m)?)?;
    m.add_function(wrap_pyfunction!(probe::_syzygy_calc_key, m)?)?;
    m.add_function(wrap_pyfunction!(board::_between_mask, m)?)?;
    m.add("InvalidMoveError", m.py().get_type::<InvalidMoveError>())?;
    m.add("IllegalMoveError", m.py().get_type::<IllegalMoveError>())?;
    m.add(
        "AmbiguousMoveError",
        m.py().get_type::<AmbiguousMoveError>(),
    )?;
    m.add_class::<tables::GameStream>()?;
    m.add_function(wrap_pyfunction!(tables::read_games, m)?)?;
    m.add_function(wrap_pyfunction!(tables::read_moves, m)?)?;
    m.add_function(wrap_pyfunction!(tables::columns, m)?)?;
    m.add_function(wrap_pyfunction!(encode::encode, m)?)?;
    m.add_function(wrap_pyfunction!(engine::_uci_line, m)?)?;
    m.add_function(wrap_pyfunction!(engine::_xboard_line, m)?)?;
    m.add_function(wrap_pyfunction!(engine::_xboard_option, m)?)?;
    m.add_function(wrap_pyfunction!(engine::_features, m)?)?;
    m.add("PgnError", m.py().get_type::<PgnError>())?;
    m.add(
        "DamagedInputWarning",
        m.py().get_type::<tables::DamagedInputWarning>(),
    )?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
