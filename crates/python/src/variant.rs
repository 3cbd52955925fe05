//! The core of `chessbits.variant`: a board of one of the Lichess variants over
//! `chessbits-movegen`'s `VariantPosition` (legal moves, SAN, UCI, FEN and the variants'
//! ends). The Python classes (`AtomicBoard`, ...) subclass it and name their variant.

use chessbits_bitboard_core::{Color, Move as RawMove, MoveKind, Role, Square};
use chessbits_movegen::variant::VariantPosition;
use chessbits_movegen::SanMode;
use chessbits_position::{Outcome as RawOutcome, Termination as RawTermination, Variant};
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::board::{invalid_san, make_move, python_chess_san_form, san_error, Move, Piece};
use crate::{IllegalMoveError, InvalidMoveError};

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

    /// The move SAN text names here, with python-chess's exception classes: its null-move
    /// words, crazyhouse drops read as python-chess reads them (`N@f3`, `@e4`, any text with
    /// an `@`: the UCI drop `X@sq` or `InvalidMoveError`), `InvalidMoveError` for other text
    /// outside python-chess's SAN form, else movegen's decoder.
    fn parse_san_raw(&self, san: &str) -> PyResult<RawMove> {
        if self.pos.variant() == Variant::Crazyhouse && san.contains('@') {
            return self.parse_drop_san(san);
        }
        if matches!(san, "--" | "Z0" | "0000" | "@@@@") {
            return Ok(RawMove::NULL);
        }
        if !python_chess_san_form(san) {
            return Err(invalid_san(san));
        }
        self.pos
            .parse_san(san.as_bytes(), SanMode::Lenient)
            .map_err(|e| san_error(san, &self.pos.fen(), e))
    }

    /// Crazyhouse SAN with an `@`, as python-chess's `CrazyhouseBoard.parse_san`: the text
    /// without its `+`/`#` suffixes (a pawn letter added before a leading `@`) must be a UCI
    /// drop (`InvalidMoveError` otherwise), and the drop legal (`IllegalMoveError`).
    fn parse_drop_san(&self, san: &str) -> PyResult<RawMove> {
        let text = san.trim_end_matches(['+', '#']);
        let text = match text.strip_prefix('@') {
            Some(square) => format!("P@{square}"),
            None => text.to_string(),
        };
        let chars: Vec<char> = text.chars().collect();
        let uci = match chars.as_slice() {
            [piece, '@', file @ 'a'..='h', rank @ '1'..='8']
                if "pnbrqk".contains(piece.to_ascii_lowercase()) =>
            {
                format!("{}@{file}{rank}", piece.to_ascii_uppercase())
            }
            _ => return Err(invalid_san(san)),
        };
        self.pos.parse_uci(uci.as_bytes()).ok_or_else(|| {
            IllegalMoveError::new_err(format!("illegal drop san: {san:?} in {}", self.pos.fen()))
        })
    }

    fn play(&mut self, m: RawMove, mv: Move) {
        let next = self.pos.play_unchecked(m);
        let before = std::mem::replace(&mut self.pos, next);
        self.stack.push((before, m, mv));
    }

    fn captures(&self, m: RawMove) -> bool {
        let theirs = self.pos.board().by_color(self.pos.turn().other());
        m.is_en_passant() || (!m.is_castle() && !m.is_drop() && theirs.contains(m.to()))
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

    /// The pieces, castling rights, en-passant square and counters on a standard board (for
    /// the questions about the placement alone: `piece_map`, `attackers`, `board_fen`...).
    fn _placement(&self) -> crate::board::Board {
        crate::board::Board::from_setup(self.pos.to_setup(), self.pos.is_chess960())
    }

    /// The placement field of the FEN; `promoted` (crazyhouse's default) marks promoted
    /// pieces with `~`.
    #[pyo3(signature = (*, promoted=None))]
    fn board_fen(&self, promoted: Option<bool>) -> String {
        let crazyhouse = self.pos.variant() == Variant::Crazyhouse;
        let marked = if promoted.unwrap_or(crazyhouse) {
            self.pos.promoted()
        } else {
            chessbits_bitboard_core::Bitboard::EMPTY
        };
        let mut out = String::new();
        let _ = self.pos.board().write_fen_promoted(&mut out, marked);
        out
    }

    /// Whether a legal move captures (en passant too; a drop never does).
    fn is_capture(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let (m, _) = self.decode(r#move)?;
        Ok(self.captures(m))
    }

    /// Whether a legal move leaves the other side in check.
    fn gives_check(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let (m, _) = self.decode(r#move)?;
        Ok(self.pos.play_unchecked(m).is_check())
    }

    /// Whether a legal move resets the halfmove clock (a capture, a pawn move or drop).
    fn is_zeroing(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let (m, _) = self.decode(r#move)?;
        let pawn = match m.kind() {
            MoveKind::Drop(role) => role == Role::Pawn,
            _ => self.pos.board().role_at(m.from()) == Some(Role::Pawn),
        };
        Ok(pawn || self.captures(m))
    }

    fn is_en_passant(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.decode(r#move).is_ok_and(|(m, _)| m.is_en_passant()))
    }

    fn is_castling(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.decode(r#move).is_ok_and(|(m, _)| m.is_castle()))
    }

    /// Plies played since the start of the game (from the fullmove number and the turn).
    fn ply(&self) -> u32 {
        2 * (self.pos.fullmoves().max(1) - 1) + u32::from(!self.turn())
    }

    /// The rooks with castling rights, as a square mask.
    #[getter]
    fn castling_rights(&self) -> u64 {
        self.pos.castling_rights().0
    }

    /// Crazyhouse pockets: for Black then White, the counts of pawns, knights, bishops,
    /// rooks and queens (python-chess's order of colours, `pockets[WHITE]`).
    fn _pockets(&self) -> [[u8; 5]; 2] {
        let p = self.pos.pockets();
        let of = |c| {
            [
                Role::Pawn,
                Role::Knight,
                Role::Bishop,
                Role::Rook,
                Role::Queen,
            ]
            .map(|r| p.count(c, r))
        };
        [of(Color::Black), of(Color::White)]
    }

    /// Three-check: the checks each side still has to give, Black then White.
    fn _remaining_checks(&self) -> [u8; 2] {
        let r = self.pos.remaining_checks();
        [r.black, r.white]
    }

    fn perft(&self, py: Python<'_>, depth: u32) -> PyResult<u64> {
        if depth > chessbits_movegen::MAX_PERFT_DEPTH {
            return Err(PyValueError::new_err(format!("depth {depth}: too deep")));
        }
        let pos = &self.pos;
        Ok(py.detach(|| pos.perft(depth)))
    }
}
