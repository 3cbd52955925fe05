//! `chessbits.Move`: python-chess's move fields, UCI text, and the shared move objects.

use chessbits_bitboard_core::{Move as RawMove, MoveKind, Role, Square};
use chessbits_position::Position as Pos;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyTuple, PyType};
use pyo3::IntoPyObjectExt;

use crate::{IllegalMoveError, InvalidMoveError};

use super::core::{piece_type, role, square, tuple_hash, NONE_HASH};

/// A move: `from_square`, `to_square` (0 for a1 to 63 for h8), `promotion` and `drop`
/// (piece types, or `None`), as python-chess's `chess.Move`. Castling is the king's two-step
/// (`e1g1`) on a standard board and king-takes-rook (`e1h1`) on a Chess960 board; the null
/// move is `Move(0, 0)` (`0000`). A `Move` equals and hashes as a `chess.Move` with the same
/// fields.
#[pyclass(module = "chessbits", frozen, skip_from_py_object)]
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Move {
    pub(crate) from: u8,
    pub(crate) to: u8,
    /// The promotion piece type, 0 for none.
    pub(crate) promotion: u8,
    /// The dropped piece type, 0 for none.
    pub(crate) drop: u8,
}

impl Move {
    pub(crate) const NULL: Move = Move {
        from: 0,
        to: 0,
        promotion: 0,
        drop: 0,
    };

    /// `m` as python-chess writes it on `pos`.
    pub(super) fn of(pos: &Pos, m: RawMove) -> Move {
        Move::typed(m, !pos.mode().is_chess960())
    }

    /// `m`'s python-chess fields: castling as the king's move to its square where
    /// `king_to` (standard chess), else as the move a Chess960 board writes (king to rook).
    pub(super) fn typed(m: RawMove, king_to: bool) -> Move {
        if m.is_null() {
            return Move::NULL;
        }
        let (from, to) = (m.from().index() as u8, m.to().index() as u8);
        match m.kind() {
            MoveKind::Castle if king_to => Move {
                from,
                to: m.king_to().index() as u8,
                ..Move::NULL
            },
            MoveKind::Promotion(r) => Move {
                from,
                to,
                promotion: piece_type(r),
                drop: 0,
            },
            MoveKind::Drop(r) => Move {
                from: to,
                to,
                promotion: 0,
                drop: piece_type(r),
            },
            _ => Move {
                from,
                to,
                ..Move::NULL
            },
        }
    }

    pub(super) fn is_null(&self) -> bool {
        *self == Move::NULL
    }

    /// The move in UCI form for the bitboard-core parser's type (not yet read for a position).
    pub(super) fn raw_uci(&self) -> Option<RawMove> {
        if self.is_null() {
            return Some(RawMove::NULL);
        }
        let from = Square::new(u32::from(self.from))?;
        let to = Square::new(u32::from(self.to))?;
        if self.drop != 0 {
            return None;
        }
        match self.promotion {
            0 => Some(RawMove::normal(from, to)),
            2..=5 => Some(RawMove::promote(
                from,
                to,
                Role::ALL[self.promotion as usize - 1],
            )),
            _ => None,
        }
    }

    /// The fields of a `chessbits.Move`, or of any object with python-chess's attributes.
    pub(super) fn extract(obj: &Bound<'_, PyAny>) -> PyResult<Move> {
        if let Ok(m) = obj.cast::<Move>() {
            return Ok(*m.get());
        }
        let field = |name: &str| -> PyResult<u8> {
            let v = obj.getattr(name)?;
            if v.is_none() {
                Ok(0)
            } else {
                v.extract::<u8>()
            }
        };
        match (field("from_square"), field("to_square")) {
            (Ok(from), Ok(to)) => Ok(Move {
                from,
                to,
                promotion: field("promotion").unwrap_or(0),
                drop: field("drop").unwrap_or(0),
            }),
            _ => Err(PyTypeError::new_err(format!(
                "a move (chessbits.Move or chess.Move), not {}",
                obj.get_type().name()?
            ))),
        }
    }

    pub(super) fn uci_text(&self) -> String {
        const FILES: &[u8; 8] = b"abcdefgh";
        let name = |s: u8| format!("{}{}", FILES[(s & 7) as usize] as char, (s >> 3) + 1);
        let symbol = |t: u8| ['p', 'n', 'b', 'r', 'q', 'k'][(t as usize).saturating_sub(1).min(5)];
        if self.drop != 0 {
            format!(
                "{}@{}",
                symbol(self.drop).to_ascii_uppercase(),
                name(self.to)
            )
        } else if self.is_null() {
            "0000".to_string()
        } else if self.promotion != 0 {
            format!(
                "{}{}{}",
                name(self.from),
                name(self.to),
                symbol(self.promotion)
            )
        } else {
            format!("{}{}", name(self.from), name(self.to))
        }
    }
}

pub(super) fn opt(v: u8) -> Option<u8> {
    (v != 0).then_some(v)
}

#[pymethods]
impl Move {
    #[new]
    #[pyo3(signature = (from_square, to_square, promotion=None, drop=None))]
    pub(super) fn new(
        from_square: i64,
        to_square: i64,
        promotion: Option<i64>,
        drop: Option<i64>,
    ) -> PyResult<Move> {
        let pt =
            |t: Option<i64>| -> PyResult<u8> { Ok(t.map(role).transpose()?.map_or(0, piece_type)) };
        Ok(Move {
            from: square(from_square)?.index() as u8,
            to: square(to_square)?.index() as u8,
            promotion: pt(promotion)?,
            drop: pt(drop)?,
        })
    }

    /// The move UCI text names (`e2e4`, `e7e8q`, `Q@e4`, `0000`), checked for form only;
    /// `InvalidMoveError` (a `ValueError`) for other text.
    #[classmethod]
    pub(super) fn from_uci(_cls: &Bound<'_, PyType>, uci: &str) -> PyResult<Move> {
        move_from_uci_text(uci)
            .ok_or_else(|| InvalidMoveError::new_err(format!("invalid uci: {uci:?}")))
    }

    /// The null move, `Move(0, 0)`.
    #[classmethod]
    pub(super) fn null(_cls: &Bound<'_, PyType>) -> Move {
        Move::NULL
    }

    /// The UCI text.
    pub(super) fn uci(&self) -> String {
        self.uci_text()
    }

    /// The text of the XBoard protocol (`@@@@` for the null move, else UCI).
    pub(super) fn xboard(&self) -> String {
        if self.is_null() {
            "@@@@".to_string()
        } else {
            self.uci_text()
        }
    }

    /// The square the move starts from, 0 (a1) to 63 (h8).
    #[getter(from_square)]
    pub(super) fn origin(&self) -> u8 {
        self.from
    }

    /// The square the move goes to (the king's for castling on a standard board, the
    /// rook's on a Chess960 board).
    #[getter(to_square)]
    pub(super) fn destination(&self) -> u8 {
        self.to
    }

    #[getter]
    pub(super) fn promotion(&self) -> Option<u8> {
        opt(self.promotion)
    }

    #[getter]
    pub(super) fn drop(&self) -> Option<u8> {
        opt(self.drop)
    }

    pub(super) fn __bool__(&self) -> bool {
        !(self.from == 0 && self.to == 0 && self.promotion == 0 && self.drop == 0)
    }

    pub(super) fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let py = other.py();
        if let Ok(m) = other.cast::<Move>() {
            return (self == m.get()).into_py_any(py);
        }
        if other.hasattr("from_square")? && other.hasattr("drop")? {
            if let Ok(m) = Move::extract(other) {
                return (*self == m).into_py_any(py);
            }
        }
        Ok(py.NotImplemented())
    }

    pub(super) fn __ne__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let eq = self.__eq__(other)?;
        match eq.extract::<bool>(py) {
            Ok(b) => (!b).into_py_any(py),
            Err(_) => Ok(eq),
        }
    }

    pub(super) fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        let none = *NONE_HASH.get_or_try_init(py, || py.None().bind(py).hash())?;
        let h = |v: u8| if v == 0 { none } else { v as isize };
        Ok(tuple_hash(&[
            self.from as isize,
            self.to as isize,
            h(self.promotion),
            h(self.drop),
        ]))
    }

    pub(super) fn __repr__(&self) -> String {
        format!("Move.from_uci('{}')", self.uci_text())
    }

    pub(super) fn __str__(&self) -> String {
        self.uci_text()
    }

    pub(super) fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyType>, Bound<'py, PyTuple>)> {
        let m = slf.get();
        let args = (m.from, m.to, opt(m.promotion), opt(m.drop)).into_pyobject(slf.py())?;
        Ok((slf.get_type(), args))
    }

    pub(super) fn __copy__(slf: &Bound<'_, Self>) -> Py<Self> {
        slf.clone().unbind()
    }

    pub(super) fn __deepcopy__(slf: &Bound<'_, Self>, _memo: &Bound<'_, PyAny>) -> Py<Self> {
        slf.clone().unbind()
    }
}

/// The Python object of a move: the 4,096 plain moves (no promotion, no drop) are made once
/// and shared (they are immutable), so that listing moves costs a reference count each.
pub(super) fn move_obj(py: Python<'_>, m: Move) -> PyResult<Bound<'_, Move>> {
    static CACHE: PyOnceLock<Vec<Py<Move>>> = PyOnceLock::new();
    if m.promotion != 0 || m.drop != 0 {
        return Bound::new(py, m);
    }
    let cache = CACHE.get_or_try_init(py, || {
        (0..4096u32)
            .map(|i| {
                Py::new(
                    py,
                    Move {
                        from: (i / 64) as u8,
                        to: (i % 64) as u8,
                        ..Move::NULL
                    },
                )
            })
            .collect::<PyResult<Vec<_>>>()
    })?;
    Ok(cache[m.from as usize * 64 + m.to as usize].bind(py).clone())
}

/// A legal move of `pos` as python-chess's fields (from, to, promotion, drop; 0 for none).
pub fn move_fields(pos: &Pos, m: RawMove) -> (u8, u8, u8, u8) {
    let m = Move::of(pos, m);
    (m.from, m.to, m.promotion, m.drop)
}

/// The Python object of the move with these fields (shared for plain moves).
pub fn make_move(
    py: Python<'_>,
    from: u8,
    to: u8,
    promotion: u8,
    drop: u8,
) -> PyResult<Bound<'_, Move>> {
    move_obj(
        py,
        Move {
            from,
            to,
            promotion,
            drop,
        },
    )
}

/// The fields of the move UCI text names (`None` when it is not UCI).
pub fn move_from_uci_text(text: &str) -> Option<Move> {
    let Ok(m) = RawMove::from_uci_ascii(text.as_bytes()) else {
        // python-chess also reads a promotion to a pawn (`g7g8p`), which no board plays.
        let base = text.strip_suffix('p')?;
        let m = RawMove::from_uci_ascii(base.as_bytes()).ok()?;
        return (base.len() == 4 && !m.is_drop() && !m.is_null()).then_some(Move {
            from: m.from().index() as u8,
            to: m.to().index() as u8,
            promotion: 1,
            drop: 0,
        });
    };
    let (from, to) = (m.from().index() as u8, m.to().index() as u8);
    Some(match m.kind() {
        _ if m.is_null() => Move::NULL,
        MoveKind::Drop(r) => Move {
            from: to,
            to,
            promotion: 0,
            drop: piece_type(r),
        },
        MoveKind::Promotion(r) => Move {
            from,
            to,
            promotion: piece_type(r),
            drop: 0,
        },
        _ => Move {
            from,
            to,
            ..Move::NULL
        },
    })
}

/// The UCI text of a move object (a `chessbits.Move` or python-chess's).
pub fn uci_of(obj: &Bound<'_, PyAny>) -> PyResult<String> {
    Ok(Move::extract(obj)?.uci_text())
}

pub(super) fn illegal(what: &str, m: &Move, fen: &str) -> PyErr {
    IllegalMoveError::new_err(format!("{what}: {} in {fen}", m.uci_text()))
}
