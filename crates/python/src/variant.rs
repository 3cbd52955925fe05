//! The core of `chessbits.variant`: a board of one of the Lichess variants over
//! `chessbits-movegen`'s `VariantPosition` (legal moves, SAN, UCI, FEN and the variants'
//! ends). The Python classes (`AtomicBoard`, ...) subclass it and name their variant.

use chessbits_bitboard_core::{Move as RawMove, Square};
use chessbits_movegen::variant::VariantPosition;
use chessbits_movegen::{SanError, SanMode};
use chessbits_position::{Outcome as RawOutcome, Termination as RawTermination, Variant};
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::board::{make_move, Move, Piece};
use crate::{AmbiguousMoveError, IllegalMoveError, InvalidMoveError};

/// A board of a chess variant with its moves played.
#[pyclass(module = "chessbits.variant", subclass, skip_from_py_object)]
#[derive(Clone, Debug)]
pub struct VariantBoard {
    pos: VariantPosition,
    stack: Vec<(VariantPosition, RawMove, Move)>,
}

fn fields(pos: &VariantPosition, m: RawMove) -> Move {
    let text = pos.uci(m);
    crate::board::move_from_uci_text(&text).unwrap_or_default()
}

impl VariantBoard {
    fn decode(&self, obj: &Bound<'_, PyAny>) -> PyResult<(RawMove, Move)> {
        let text = if let Ok(s) = obj.extract::<String>() {
            s
        } else {
            crate::board::uci_of(obj)?
        };
        match self.pos.parse_uci(text.as_bytes()) {
            Some(m) => Ok((m, fields(&self.pos, m))),
            None => Err(IllegalMoveError::new_err(format!(
                "illegal move: {text} in {}",
                self.pos.fen()
            ))),
        }
    }

    fn parse_san_raw(&self, san: &str) -> PyResult<RawMove> {
        self.pos
            .parse_san(san.as_bytes(), SanMode::Lenient)
            .map_err(|e| {
                let msg = format!("{e}: {san:?} in {}", self.pos.fen());
                match e {
                    SanError::Syntax(_) => InvalidMoveError::new_err(msg),
                    SanError::Ambiguous(_) => AmbiguousMoveError::new_err(msg),
                    _ => IllegalMoveError::new_err(msg),
                }
            })
    }

    fn play(&mut self, m: RawMove, mv: Move) {
        let next = self.pos.play_unchecked(m);
        let before = std::mem::replace(&mut self.pos, next);
        self.stack.push((before, m, mv));
    }

    fn san_of(&self, m: RawMove) -> String {
        let mut s = String::new();
        self.pos.san_plus(m).write_to(&mut s);
        s
    }
}

#[pymethods]
impl VariantBoard {
    #[new]
    #[pyo3(signature = (uci_variant, fen=None, chess960=false))]
    fn new(uci_variant: &str, fen: Option<&str>, chess960: bool) -> PyResult<VariantBoard> {
        let _ = chess960;
        let variant = Variant::from_name(uci_variant)
            .ok_or_else(|| PyValueError::new_err(format!("unknown variant: {uci_variant:?}")))?;
        let pos = match fen {
            None => VariantPosition::new(variant),
            Some(f) => VariantPosition::from_fen(variant, f)
                .map_err(|e| PyValueError::new_err(format!("invalid fen: {f:?}: {e}")))?,
        };
        Ok(VariantBoard {
            pos,
            stack: Vec::new(),
        })
    }

    /// The legal moves (a list).
    #[getter]
    fn legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for m in self.pos.legal_moves() {
            let f = fields(&self.pos, m);
            list.append(make_move(py, f.from, f.to, f.promotion, f.drop)?)?;
        }
        Ok(list)
    }

    fn is_legal(&self, r#move: &Bound<'_, PyAny>) -> bool {
        self.decode(r#move).is_ok()
    }

    /// Plays a legal move (`IllegalMoveError` otherwise).
    fn push(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        let (m, mv) = self.decode(r#move)?;
        self.play(m, mv);
        Ok(())
    }

    fn pop(&mut self) -> PyResult<Move> {
        let (before, _, mv) = self
            .stack
            .pop()
            .ok_or_else(|| PyIndexError::new_err("pop from empty list"))?;
        self.pos = before;
        Ok(mv)
    }

    fn peek(&self) -> PyResult<Move> {
        self.stack
            .last()
            .map(|e| e.2)
            .ok_or_else(|| PyIndexError::new_err("list index out of range"))
    }

    #[getter]
    fn move_stack(&self) -> Vec<Move> {
        self.stack.iter().map(|e| e.2).collect()
    }

    fn parse_san(&self, san: &str) -> PyResult<Move> {
        let m = self.parse_san_raw(san)?;
        Ok(fields(&self.pos, m))
    }

    fn push_san(&mut self, san: &str) -> PyResult<Move> {
        let m = self.parse_san_raw(san)?;
        let mv = fields(&self.pos, m);
        self.play(m, mv);
        Ok(mv)
    }

    fn parse_uci(&self, py: Python<'_>, uci: &str) -> PyResult<Move> {
        RawMove::from_uci_ascii(uci.as_bytes())
            .map_err(|e| InvalidMoveError::new_err(format!("invalid uci: {uci:?} ({e})")))?;
        let text = pyo3::types::PyString::new(py, uci);
        let (_, mv) = self.decode(text.as_any())?;
        Ok(mv)
    }

    fn push_uci(&mut self, py: Python<'_>, uci: &str) -> PyResult<Move> {
        RawMove::from_uci_ascii(uci.as_bytes())
            .map_err(|e| InvalidMoveError::new_err(format!("invalid uci: {uci:?} ({e})")))?;
        let text = pyo3::types::PyString::new(py, uci);
        let (m, mv) = self.decode(text.as_any())?;
        self.play(m, mv);
        Ok(mv)
    }

    fn san(&self, r#move: &Bound<'_, PyAny>) -> PyResult<String> {
        let (m, _) = self.decode(r#move)?;
        Ok(self.san_of(m))
    }

    fn uci(&self, r#move: &Bound<'_, PyAny>) -> PyResult<String> {
        let (m, _) = self.decode(r#move)?;
        Ok(self.pos.uci(m))
    }

    /// FEN (with pockets in crazyhouse and the check counters in three-check).
    fn fen(&self) -> String {
        self.pos.fen()
    }

    #[getter]
    fn turn(&self) -> bool {
        self.pos.turn() == chessbits_bitboard_core::Color::White
    }

    #[getter]
    fn chess960(&self) -> bool {
        self.pos.is_chess960()
    }

    #[getter]
    fn halfmove_clock(&self) -> u32 {
        self.pos.halfmoves()
    }

    #[getter]
    fn fullmove_number(&self) -> u32 {
        self.pos.fullmoves()
    }

    fn piece_at(&self, square: u32) -> PyResult<Option<Piece>> {
        let sq = Square::new(square)
            .ok_or_else(|| PyValueError::new_err(format!("square {square}: not in 0..64")))?;
        Ok(self.pos.board().piece_at(sq).map(Piece::of))
    }

    fn king(&self, color: bool) -> Option<u8> {
        self.pos
            .king_of(chessbits_bitboard_core::Color::from_white(color))
            .map(|s| s.index() as u8)
    }

    fn is_check(&self) -> bool {
        self.pos.is_check()
    }

    fn is_variant_end(&self) -> bool {
        self.pos.is_variant_end()
    }

    /// `(termination name, winner)` by the variant's rules, or `None`.
    fn _outcome(&self) -> Option<(&'static str, Option<bool>)> {
        let o = self.pos.outcome()?;
        let variant_end = self.pos.is_variant_end();
        Some(match o {
            RawOutcome::Decisive { winner, reason } => {
                let white_wins = winner == chessbits_bitboard_core::Color::White;
                let name = match reason {
                    RawTermination::Checkmate if !variant_end => "CHECKMATE",
                    _ if white_wins == self.turn() => "VARIANT_WIN",
                    _ => "VARIANT_LOSS",
                };
                (name, Some(white_wins))
            }
            RawOutcome::Draw(RawTermination::Stalemate) => ("STALEMATE", None),
            RawOutcome::Draw(_) => ("VARIANT_DRAW", None),
            _ => ("VARIANT_DRAW", None),
        })
    }

    fn copy(&self) -> VariantBoard {
        self.clone()
    }

    fn __copy__(&self) -> VariantBoard {
        self.clone()
    }

    fn __str__(&self) -> String {
        let b = self.pos.board();
        let mut out = String::new();
        for r in (0..8u32).rev() {
            for f in 0..8u32 {
                let sq = Square::new(r * 8 + f).unwrap_or(Square::A1);
                out.push(b.piece_at(sq).map_or('.', |p| {
                    let c = p.role.char();
                    if p.color == chessbits_bitboard_core::Color::White {
                        c.to_ascii_uppercase()
                    } else {
                        c
                    }
                }));
                out.push(if f < 7 { ' ' } else { '\n' });
            }
        }
        out.pop();
        out
    }

    fn perft(&self, py: Python<'_>, depth: u32) -> PyResult<u64> {
        if depth > chessbits_movegen::MAX_PERFT_DEPTH {
            return Err(PyValueError::new_err(format!("depth {depth}: too deep")));
        }
        let pos = &self.pos;
        Ok(py.detach(|| pos.perft(depth)))
    }
}
