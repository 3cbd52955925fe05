//! `board.legal_moves` and `board.pseudo_legal_moves`, and the square-set helpers.

use chessbits_attack_tables as at;
use chessbits_bitboard_core::{Bitboard, Move as RawMove};
use pyo3::prelude::*;
use pyo3::types::PyList;

use super::core::{square, ALL};
use super::moves::Move;
use super::state::Board;

/// `board.legal_moves` and `board.pseudo_legal_moves`: generated when iterated, counted by
/// `len()` and `count()`, tested by `in` and `bool()`. Calling it gives a list.
#[pyclass(module = "chessbits", frozen, subclass, skip_from_py_object)]
#[derive(Debug)]
pub struct MoveGenerator {
    pub(super) board: Py<Board>,
    pub(super) legal: bool,
}

impl MoveGenerator {
    pub(super) fn list(&self, py: Python<'_>) -> PyResult<Py<PyList>> {
        self.board
            .borrow(py)
            .moves_list(py, self.legal, ALL, ALL, false)
    }

    pub(super) fn len(&self, py: Python<'_>) -> usize {
        let b = self.board.borrow(py);
        if let Some(v) = &b.var {
            return match v.position() {
                None => 0,
                Some(p) if self.legal => p.count_legal_moves() as usize,
                Some(p) => p.pseudo_legal_moves().len(),
            };
        }
        if self.legal {
            b.count_legal() as usize
        } else if let Some(loose) = b.loose() {
            loose.pseudo_legal_moves(Bitboard(ALL), Bitboard(ALL)).len()
        } else {
            b.position().map_or(0, |p| {
                chessbits_movegen::pseudo_legal_moves(p)
                    .iter()
                    .filter(|m| !m.is_castle() || chessbits_movegen::is_legal(p, **m))
                    .count()
            })
        }
    }
}

#[pymethods]
impl MoveGenerator {
    /// The legal (or, with `legal=False`, pseudo-legal) moves of `board`.
    #[new]
    #[pyo3(signature = (board, legal=true))]
    pub(super) fn new(board: Py<Board>, legal: bool) -> MoveGenerator {
        MoveGenerator { board, legal }
    }

    pub(super) fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(self.list(py)?.into_bound(py).try_iter()?.into_any())
    }

    pub(super) fn __len__(&self, py: Python<'_>) -> usize {
        self.len(py)
    }

    pub(super) fn count(&self, py: Python<'_>) -> usize {
        self.len(py)
    }

    pub(super) fn __bool__(&self, py: Python<'_>) -> bool {
        self.len(py) > 0
    }

    pub(super) fn __contains__(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> bool {
        let b = self.board.borrow(py);
        if let Some(v) = &b.var {
            return if self.legal {
                v.decode(r#move).is_ok_and(|(m, _)| !m.is_null())
            } else {
                v.is_pseudo(r#move)
            };
        }
        let Ok(m) = Move::extract(r#move) else {
            return false;
        };
        if self.legal {
            b.is_legal_inner(&m)
        } else {
            b.is_pseudo_legal_inner(&m)
        }
    }

    pub(super) fn __call__(&self, py: Python<'_>) -> PyResult<Py<PyList>> {
        self.list(py)
    }

    pub(super) fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let py = slf.py();
        let me = slf.get();
        let b = me.board.borrow(py);
        let mut sans = Vec::new();
        if let Some(pos) = b.var.as_ref().and_then(|v| v.position()) {
            sans = if me.legal {
                pos.legal_moves()
                    .into_iter()
                    .map(|m| v_san(pos, m))
                    .collect()
            } else {
                pos.pseudo_legal_moves()
                    .into_iter()
                    .map(|m| pos.uci(m))
                    .collect()
            };
        }
        if let Some(pos) = b.position() {
            let moves = if me.legal {
                chessbits_movegen::legal_moves(pos)
            } else {
                chessbits_movegen::pseudo_legal_moves(pos)
            };
            for &m in moves.iter() {
                // python-chess's pseudo-legal list names the legal moves in SAN too.
                sans.push(if me.legal || chessbits_movegen::is_legal(pos, m) {
                    Board::san_of(pos, m)
                } else {
                    m.uci(b.chess960).to_string()
                });
            }
        }
        let name = if me.legal {
            "LegalMoveGenerator"
        } else {
            "PseudoLegalMoveGenerator"
        };
        Ok(format!(
            "<{name} at {:#x} ({})>",
            slf.as_ptr() as usize,
            sans.join(", ")
        ))
    }
}

/// The SAN of a variant's move.
fn v_san(pos: &chessbits_movegen::variant::VariantPosition, m: RawMove) -> String {
    let mut s = String::new();
    pos.san_plus(m).write_to(&mut s);
    s
}

/// The squares of the line through `a` and `b` (edge to edge), empty when they share no
/// rank, file or diagonal (`SquareSet.ray`).
#[pyfunction]
pub fn _ray_mask(a: i64, b: i64) -> PyResult<u64> {
    let (a, b) = (square(a)?, square(b)?);
    Ok(if a == b { 0 } else { at::line(a, b).0 })
}

/// The squares strictly between `a` and `b` on a shared line, else none
/// (`SquareSet.between`).
#[pyfunction]
pub fn _between_mask(a: i64, b: i64) -> PyResult<u64> {
    Ok(at::between(square(a)?, square(b)?).0)
}
