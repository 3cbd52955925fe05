//! What the board's modules share: the `Board` type and its move records, the argument
//! helpers (squares, roles, colours, masks), the package's classes looked up once, and the
//! errors of moves.

use std::fmt::Write as _;

use chessbits_bitboard_core::{Bitboard, Color, Role, Square};
use chessbits_movegen::SanError;
use chessbits_position::{CastlingMode, Position as Pos, Setup, Validation};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyDict;

use crate::{AmbiguousMoveError, IllegalMoveError, InvalidMoveError};

/// python-chess's `STARTING_FEN`.
pub const STARTING_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
pub(crate) const ALL: u64 = u64::MAX;

// ----- helpers -----

pub(crate) fn square(index: i64) -> PyResult<Square> {
    u32::try_from(index)
        .ok()
        .and_then(Square::new)
        .ok_or_else(|| PyValueError::new_err(format!("square {index}: not in 0..64")))
}

pub(crate) fn role(piece_type: i64) -> PyResult<Role> {
    usize::try_from(piece_type - 1)
        .ok()
        .and_then(|i| Role::ALL.get(i).copied())
        .ok_or_else(|| PyValueError::new_err(format!("piece type {piece_type}: not in 1..7")))
}

pub(crate) fn color(white: bool) -> Color {
    Color::from_white(white)
}

pub(crate) fn white(c: Color) -> bool {
    c == Color::White
}

pub(crate) fn piece_type(r: Role) -> u8 {
    r.index() as u8 + 1
}

/// A class of the pure-Python package (`SquareSet`, `Termination`, ...), looked up once.
pub(crate) fn package_attr<'py>(
    py: Python<'py>,
    cell: &'static PyOnceLock<Py<PyAny>>,
    name: &str,
) -> PyResult<Bound<'py, PyAny>> {
    cell.get_or_try_init(py, || {
        Ok::<_, PyErr>(py.import("chessbits")?.getattr(name)?.unbind())
    })
    .map(|c| c.bind(py).clone())
}

pub(crate) static SQUARE_SET: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
pub(crate) static TERMINATION: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
pub(crate) static OUTCOME: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
pub(crate) static STATUS: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
pub(crate) static SVG: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
pub(crate) static NONE_HASH: PyOnceLock<isize> = PyOnceLock::new();

pub(crate) fn square_set(py: Python<'_>, mask: Bitboard) -> PyResult<Bound<'_, PyAny>> {
    package_attr(py, &SQUARE_SET, "SquareSet")?.call1((mask.0,))
}

/// An int mask or anything with `__int__` (a `SquareSet`).
pub(crate) fn mask_of(obj: &Bound<'_, PyAny>) -> PyResult<u64> {
    obj.extract::<u64>()
        .or_else(|_| obj.call_method0("__int__")?.extract::<u64>())
}

/// CPython's hash of a tuple of these element hashes (Objects/tupleobject.c, xxHash-based,
/// 64-bit), so that `hash(chessbits.Move)` equals `hash(chess.Move)`, a dataclass hashing
/// the tuple of its fields.
pub(crate) fn tuple_hash(items: &[isize]) -> isize {
    const P1: u64 = 11_400_714_785_074_694_791;
    const P2: u64 = 14_029_467_366_897_019_727;
    const P5: u64 = 2_870_177_450_012_600_261;
    let mut acc = P5;
    for &h in items {
        acc = acc.wrapping_add((h as u64).wrapping_mul(P2));
        acc = acc.rotate_left(31);
        acc = acc.wrapping_mul(P1);
    }
    acc = acc.wrapping_add(items.len() as u64 ^ (P5 ^ 3_527_539));
    if acc == u64::MAX {
        return 1_546_275_796;
    }
    acc as isize
}

// ----- Board -----

pub(crate) fn mode(chess960: bool) -> CastlingMode {
    if chess960 {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    }
}

/// The exception python-chess raises for SAN text of its form
/// (movegen's `san::is_python_chess_form`) that gives no move: `AmbiguousMoveError` when several legal
/// moves match, else `IllegalMoveError` (text movegen's parser rejects but python-chess's
/// form takes, as `e8=K` or `Nf3Q`, names no legal move there either).
pub(crate) fn san_error(text: &str, fen: &str, e: SanError) -> PyErr {
    let msg = format!("{e}: {text:?} in {fen}");
    match e {
        SanError::Ambiguous(_) => AmbiguousMoveError::new_err(msg),
        _ => IllegalMoveError::new_err(msg),
    }
}

/// EPD operations given as keyword arguments, each after a space: `None` for an opcode
/// alone, a number, text (quoted), a move (as `san` writes it) or a list of moves.
pub(crate) fn write_epd_operations(
    out: &mut String,
    ops: &Bound<'_, PyDict>,
    san: impl Fn(&Bound<'_, PyAny>) -> PyResult<String>,
) -> PyResult<()> {
    for (k, v) in ops.iter() {
        let key: String = k.extract()?;
        out.push(' ');
        out.push_str(&key);
        if v.is_none() {
            out.push(';');
            continue;
        }
        out.push(' ');
        if let Ok(text) = v.extract::<String>() {
            let _ = write!(
                out,
                "\"{}\"",
                text.replace('\\', "\\\\").replace('"', "\\\"")
            );
        } else if v.is_instance_of::<pyo3::types::PyInt>()
            || v.is_instance_of::<pyo3::types::PyFloat>()
        {
            out.push_str(&v.str()?.to_string());
        } else if v.hasattr("from_square")? {
            out.push_str(&san(&v)?);
        } else {
            let mut sans = Vec::new();
            for m in v.try_iter()? {
                sans.push(san(&m?)?);
            }
            out.push_str(&sans.join(" "));
        }
        out.push(';');
    }
    Ok(())
}

/// `InvalidMoveError` for text outside python-chess's SAN form.
pub(crate) fn invalid_san(text: &str) -> PyErr {
    InvalidMoveError::new_err(format!("invalid san: {text:?}"))
}

/// python-chess's first look at SAN text: whether it is one of its null-move words (`--`,
/// `Z0`, `0000`, `@@@@`); `InvalidMoveError` for other text outside its SAN form
/// (movegen's `san::is_python_chess_form`).
pub(crate) fn san_is_null(text: &str) -> PyResult<bool> {
    if matches!(text, "--" | "Z0" | "0000" | "@@@@") {
        return Ok(true);
    }
    if !chessbits_movegen::san::is_python_chess_form(text.as_bytes()) {
        return Err(invalid_san(text));
    }
    Ok(false)
}

/// The position of `setup` when python-chess's rules and the position's give it the same
/// moves: one king a side, no pawn on a back rank, the side not to move not in check, and
/// no en-passant square that python-chess would take on but the position drops.
pub(super) fn as_position(
    setup: &Setup,
    chess960: bool,
) -> Result<Pos, chessbits_position::PositionError> {
    let pos = Pos::from_setup_with(setup, mode(chess960), Validation::Playable)?;
    match setup.ep_square {
        Some(ep) if setup.valid_ep_square() != Some(ep) => {
            Err(chessbits_position::PositionError::InvalidEpSquare(ep))
        }
        _ => Ok(pos),
    }
}
