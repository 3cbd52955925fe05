//! `chessbits.Piece`: python-chess's piece type and colour, symbols.

use chessbits_bitboard_core::{Piece as RawPiece, Role};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyType;
use pyo3::IntoPyObjectExt;

use super::core::{color, package_attr, piece_type, role, white, SVG};

/// A piece: `piece_type` (1 pawn to 6 king) and `color` (`True` White), as python-chess's
/// `chess.Piece`; equal to and hashed as one.
#[pyclass(module = "chessbits", frozen, skip_from_py_object)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    piece_type: u8,
    color: bool,
}

impl Piece {
    pub(crate) fn of(p: RawPiece) -> Piece {
        Piece {
            piece_type: piece_type(p.role),
            color: white(p.color),
        }
    }

    pub(crate) fn raw(&self) -> RawPiece {
        Role::ALL[self.piece_type as usize - 1].of(color(self.color))
    }

    pub(crate) fn extract(obj: &Bound<'_, PyAny>) -> PyResult<Piece> {
        if let Ok(p) = obj.cast::<Piece>() {
            return Ok(*p.get());
        }
        let pt: i64 = obj.getattr("piece_type")?.extract()?;
        let c: bool = obj.getattr("color")?.extract()?;
        Ok(Piece {
            piece_type: piece_type(role(pt)?),
            color: c,
        })
    }

    pub(super) fn symbol_char(&self) -> char {
        let c = self.raw().role.char();
        if self.color {
            c.to_ascii_uppercase()
        } else {
            c
        }
    }
}

pub(super) const UNICODE: [(char, char); 6] = [
    ('♙', '♟'),
    ('♘', '♞'),
    ('♗', '♝'),
    ('♖', '♜'),
    ('♕', '♛'),
    ('♔', '♚'),
];

#[pymethods]
impl Piece {
    #[new]
    pub(super) fn new(piece_type: i64, color: bool) -> PyResult<Piece> {
        Ok(Piece {
            piece_type: self::piece_type(role(piece_type)?),
            color,
        })
    }

    #[getter(piece_type)]
    pub(super) fn get_piece_type(&self) -> u8 {
        self.piece_type
    }

    #[getter(color)]
    pub(super) fn get_color(&self) -> bool {
        self.color
    }

    /// `P`, `N`, `B`, `R`, `Q`, `K` for White, lower case for Black.
    pub(super) fn symbol(&self) -> String {
        self.symbol_char().to_string()
    }

    /// The Unicode chess symbol (`♙` for a white pawn).
    #[pyo3(signature = (*, invert_color=false))]
    pub(super) fn unicode_symbol(&self, invert_color: bool) -> String {
        let (w, b) = UNICODE[self.piece_type as usize - 1];
        if self.color != invert_color { w } else { b }.to_string()
    }

    /// The piece of a symbol (`"N"`, `"q"`); `ValueError` for others.
    #[classmethod]
    pub(super) fn from_symbol(_cls: &Bound<'_, PyType>, symbol: &str) -> PyResult<Piece> {
        let mut chars = symbol.chars();
        match (chars.next().and_then(RawPiece::from_char), chars.next()) {
            (Some(p), None) => Ok(Piece::of(p)),
            _ => Err(PyValueError::new_err(format!(
                "{symbol:?} is not a piece symbol"
            ))),
        }
    }

    pub(super) fn __hash__(&self) -> isize {
        self.piece_type as isize + if self.color { -1 } else { 5 }
    }

    pub(super) fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let py = other.py();
        if let Ok(p) = other.cast::<Piece>() {
            return (self == p.get()).into_py_any(py);
        }
        if other.hasattr("piece_type")? && other.hasattr("color")? {
            if let Ok(p) = Piece::extract(other) {
                return (*self == p).into_py_any(py);
            }
        }
        Ok(py.NotImplemented())
    }

    pub(super) fn __repr__(&self) -> String {
        format!("Piece.from_symbol('{}')", self.symbol_char())
    }

    pub(super) fn __str__(&self) -> String {
        self.symbol()
    }

    pub(super) fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyType>, (u8, bool))> {
        let p = slf.get();
        Ok((slf.get_type(), (p.piece_type, p.color)))
    }

    pub(super) fn _repr_svg_(&self, py: Python<'_>) -> PyResult<String> {
        package_attr(py, &SVG, "svg")?
            .call_method1("piece", (Py::new(py, *self)?,))?
            .extract()
    }
}
