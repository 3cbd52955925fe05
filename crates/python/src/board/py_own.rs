//! XBoard notation, comparison, pickling, printing, and chessbits' own methods.

use chessbits_bitboard_core::{Bitboard, Move as RawMove, Role, Square};
use chessbits_movegen::loose::Loose;
use chessbits_position::{CastlingSide, Position as Pos};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyType};

use pyo3::types::IntoPyDict;

use super::core::{color, square};
use super::moves::{move_obj, opt, Move};
use super::state::Board;

#[pymethods]
impl Board {
    // ----- chessbits' own -----

    /// Whether the board is a position (of its variant), with its moves (an edited board
    /// may be none).
    pub(super) fn _is_position(&self) -> bool {
        self.var
            .as_ref()
            .map_or(self.invalid.is_none(), |v| v.playable())
    }

    /// Crazyhouse pockets: for Black then White, the counts of pawns, knights, bishops,
    /// rooks and queens (empty on other boards).
    pub(super) fn _pockets(&self) -> [[u8; 5]; 2] {
        self.var.as_ref().map_or([[0; 5]; 2], |v| v._pockets())
    }

    /// Three-check: the checks each side still has to give, Black then White.
    pub(super) fn _remaining_checks(&self) -> [u8; 2] {
        self.var.as_ref().map_or([3, 3], |v| v._remaining_checks())
    }

    /// Replaces the crazyhouse pocket of `color` by `counts` (pawns to queens), keeping the
    /// moves played (python-chess's writable pockets).
    pub(super) fn _set_pocket(&mut self, color: bool, counts: [u8; 5]) {
        self.var_mut(|v| v._set_pocket(color, counts));
    }

    /// The Polyglot Zobrist hash (python-chess's `chess.polyglot.zobrist_hash`).
    pub(super) fn zobrist_hash(&self) -> PyResult<u64> {
        self.position()
            .map(Pos::zobrist_hash)
            .ok_or_else(|| PyValueError::new_err("not a legal position"))
    }

    /// The number of leaf nodes of the legal move tree `depth` plies deep (the GIL is
    /// released while counting).
    pub(super) fn perft(&self, py: Python<'_>, depth: u32) -> PyResult<u64> {
        if let Some(v) = &self.var {
            return v.perft(py, depth);
        }
        if depth > chessbits_movegen::MAX_PERFT_DEPTH {
            return Err(PyValueError::new_err(format!(
                "depth {depth}: at most {}",
                chessbits_movegen::MAX_PERFT_DEPTH
            )));
        }
        let Some(pos) = self.position() else {
            return Ok(0);
        };
        Ok(py.detach(|| chessbits_movegen::perft(pos, depth)))
    }

    /// The board of a python-chess `chess.Board`: its root position and its moves.
    #[classmethod]
    pub(super) fn from_chess(
        cls: &Bound<'_, PyType>,
        board: &Bound<'_, PyAny>,
    ) -> PyResult<Py<PyAny>> {
        let chess960: bool = board.getattr("chess960")?.extract()?;
        let root: String = board.call_method0("root")?.call_method0("fen")?.extract()?;
        let out = cls.call(
            (root,),
            Some(&[("chess960", chess960)].into_py_dict(cls.py())?),
        )?;
        for m in board.getattr("move_stack")?.try_iter()? {
            out.call_method1("push", (m?,))?;
        }
        Ok(out.unbind())
    }

    /// This board as a python-chess `chess.Board` (its root position and moves).
    pub(super) fn to_chess<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        let me = slf.borrow();
        let chess = py.import("chess")?;
        let kwargs = PyDict::new(py);
        kwargs.set_item("chess960", me.chess960)?;
        let (class, root, played) = match &me.var {
            // A variant board: python-chess's board class of the same `uci_variant`.
            Some(v) => {
                let name = slf.get_type().getattr("uci_variant")?;
                let class = py
                    .import("chess.variant")?
                    .call_method1("find_variant", (name,))?;
                (class, me.root_board().raw_setup().fen(), v.move_stack())
            }
            None => {
                let root = match &me.invalid {
                    Some(s) => s.fen(),
                    None => me.root.fen(),
                };
                let played = me.stack.iter().map(|e| e.mv).collect();
                (chess.getattr("Board")?, root, played)
            }
        };
        let board = class.call((root,), Some(&kwargs))?;
        let cls = chess.getattr("Move")?;
        for m in played {
            let m = cls.call1((m.from, m.to, opt(m.promotion), opt(m.drop)))?;
            board.call_method1("push", (m,))?;
        }
        Ok(board)
    }
}

impl Board {
    /// The legal moves of one kind within the masks, as an iterator of python-chess's
    /// moves: `loose`'s on a board that is no position, else the position's legal moves
    /// that `kind` takes.
    pub(super) fn legal_of_kind(
        &self,
        py: Python<'_>,
        from_mask: u64,
        to_mask: u64,
        loose: fn(&Loose<'_>, Bitboard, Bitboard) -> Vec<RawMove>,
        kind: fn(RawMove) -> bool,
    ) -> PyResult<Py<PyAny>> {
        let list = PyList::empty(py);
        if let Some(board) = self.loose() {
            for m in loose(&board, Bitboard(from_mask), Bitboard(to_mask)) {
                list.append(move_obj(py, super::loose::loose_fields(&board, m))?)?;
            }
        }
        if let Some(pos) = self.position() {
            for &raw in chessbits_movegen::legal_moves(pos)
                .iter()
                .filter(|&&m| kind(m))
            {
                let m = Move::of(pos, raw);
                if from_mask >> m.from & 1 == 1 && to_mask >> m.to & 1 == 1 {
                    list.append(move_obj(py, m)?)?;
                }
            }
        }
        Ok(list.try_iter()?.into_any().unbind())
    }

    pub(super) fn is_en_passant_inner(&self, m: &Move) -> bool {
        if let Some(loose) = self.loose() {
            return Board::uci_form(m).is_some_and(|r| loose.typed(r).is_en_passant());
        }
        let pos = &self.pos;
        let Ok(to) = square(m.to.into()) else {
            return false;
        };
        let diff = (m.to as i32 - m.from as i32).abs();
        self.raw_ep_square() == Some(to)
            && pos
                .board()
                .pawns()
                .contains(Square::new(m.from.into()).unwrap_or(Square::A1))
            && (diff == 7 || diff == 9)
            && !pos.board().occupied().contains(to)
    }

    pub(super) fn castling_side(&self, m: &Move) -> Option<CastlingSide> {
        let b = self.placement();
        let from = Square::new(m.from.into())?;
        let to = Square::new(m.to.into())?;
        let us = self.turn_color();
        if !b.by_piece(Role::King.of(us)).contains(from) {
            return None;
        }
        let diff = from.file().index() as i32 - to.file().index() as i32;
        let onto_rook = b.by_piece(Role::Rook.of(us)).contains(to);
        if diff.abs() > 1 || onto_rook {
            Some(if to.file() > from.file() {
                CastlingSide::KingSide
            } else {
                CastlingSide::QueenSide
            })
        } else {
            None
        }
    }

    pub(super) fn side_rights(&self, white_side: bool, side: CastlingSide) -> bool {
        self.raw_setup()
            .has_castling_side(color(white_side), side, self.clean_rights())
    }
}

/// Rebuilds a pickled board: its root FEN and moves.
#[pyfunction]
pub fn _board_from_moves(
    cls: &Bound<'_, PyType>,
    root_fen: &str,
    chess960: bool,
    moves: Vec<(u8, u8, Option<u8>, Option<u8>)>,
) -> PyResult<Py<PyAny>> {
    let board = cls.call(
        (root_fen,),
        Some(&[("chess960", chess960)].into_py_dict(cls.py())?),
    )?;
    for (from, to, promotion, drop) in moves {
        let m = Move {
            from,
            to,
            promotion: promotion.unwrap_or(0),
            drop: drop.unwrap_or(0),
        };
        board.call_method1("push", (Bound::new(cls.py(), m)?,))?;
    }
    Ok(board.unbind())
}
