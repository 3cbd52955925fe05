//! The core of `chessbits.variant`: a board of one of the Lichess variants over
//! `chessbits-movegen`'s `VariantPosition` (legal moves, SAN, UCI, FEN and the variants'
//! ends). The Python classes (`AtomicBoard`, ...) subclass it and name their variant.

use chessbits_bitboard_core::{Color, Move as RawMove, MoveKind, Role, Square};
use chessbits_movegen::variant::VariantPosition;
use chessbits_movegen::SanMode;
use chessbits_position::{Outcome as RawOutcome, Setup, Termination as RawTermination, Variant};
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
        captures(&self.pos, m)
    }

    fn san_of(&self, m: RawMove) -> String {
        let mut s = String::new();
        self.pos.san_plus(m).write_to(&mut s);
        s
    }

    fn moves_list<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for m in self.pos.legal_moves() {
            let f = fields(&self.pos, m);
            list.append(make_move(py, f.from, f.to, f.promotion, f.drop)?)?;
        }
        Ok(list)
    }

    /// Whether playing `m` here resets the halfmove clock (a capture, a pawn move or drop).
    fn zeroing(pos: &VariantPosition, m: RawMove) -> bool {
        let pawn = match m.kind() {
            MoveKind::Drop(role) => role == Role::Pawn,
            _ => pos.board().role_at(m.from()) == Some(Role::Pawn),
        };
        pawn || captures(pos, m)
    }

    /// python-chess's `is_irreversible` of `m` in `pos`: a zeroing move, one that loses
    /// castling rights, or any move where an en-passant capture is legal; in three-check a
    /// check too; in crazyhouse only the loss of castling rights.
    fn irreversible(pos: &VariantPosition, m: RawMove) -> bool {
        let after = pos.play_unchecked(m);
        let castling = after.castling_rights() != pos.castling_rights();
        match pos.variant() {
            Variant::Crazyhouse => castling,
            // A check spends one of the three.
            Variant::ThreeCheck if after.is_check() => true,
            _ => castling || VariantBoard::zeroing(pos, m) || pos.legal_ep_square().is_some(),
        }
    }

    /// The keys of the positions since the last irreversible move, this one first
    /// (python-chess's window for repetitions).
    fn window(&self) -> Vec<Setup> {
        let mut keys = vec![key(&self.pos)];
        for (before, m, _) in self.stack.iter().rev() {
            if VariantBoard::irreversible(before, *m) {
                break;
            }
            keys.push(key(before));
        }
        keys
    }

    /// The position of `setup` (this variant), the stack cleared; `ValueError` when it is
    /// none.
    fn rebuild(&mut self, setup: &Setup) -> PyResult<()> {
        let mode = if self.pos.is_chess960() {
            chessbits_position::CastlingMode::Chess960
        } else {
            chessbits_position::CastlingMode::Standard
        };
        let pos = VariantPosition::from_setup(self.pos.variant(), setup, mode).map_err(|e| {
            PyValueError::new_err(format!("not a position of {}: {e}", self.pos.variant()))
        })?;
        self.pos = pos;
        self.stack.clear();
        Ok(())
    }

    fn any_legal(&self) -> bool {
        self.pos.count_legal_moves() > 0
    }

    fn halfmoves_at_least(&self, n: u32) -> bool {
        self.pos.halfmoves() >= n && self.any_legal()
    }
}

fn square_of(index: i64) -> PyResult<Square> {
    u32::try_from(index)
        .ok()
        .and_then(Square::new)
        .ok_or_else(|| PyValueError::new_err(format!("square {index}: not in 0..64")))
}

/// A position's repetition key, as python-chess's `_transposition_key`: placement, turn,
/// castling rights, the en-passant square when a capture is legal, pockets and promoted
/// pieces (crazyhouse), the remaining checks (three-check); no clocks.
fn key(pos: &VariantPosition) -> Setup {
    let mut setup = pos.to_setup();
    setup.halfmoves = 0;
    setup.fullmoves = 0;
    setup
}

fn captures(pos: &VariantPosition, m: RawMove) -> bool {
    let theirs = pos.board().by_color(pos.turn().other());
    m.is_en_passant() || (!m.is_castle() && !m.is_drop() && theirs.contains(m.to()))
}

/// `board.legal_moves` of a variant board: generated when iterated, counted by `len()` and
/// `count()`, tested by `in` and `bool()`; calling it gives a list.
#[pyclass(module = "chessbits.variant", frozen, skip_from_py_object)]
#[derive(Debug)]
pub struct VariantLegalMoves {
    board: Py<VariantBoard>,
}

#[pymethods]
impl VariantLegalMoves {
    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(self.board.borrow(py).moves_list(py)?.try_iter()?.into_any())
    }

    fn __len__(&self, py: Python<'_>) -> usize {
        self.board.borrow(py).pos.count_legal_moves() as usize
    }

    fn count(&self, py: Python<'_>) -> usize {
        self.__len__(py)
    }

    fn __bool__(&self, py: Python<'_>) -> bool {
        self.board.borrow(py).any_legal()
    }

    fn __contains__(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> bool {
        let b = self.board.borrow(py);
        b.decode(r#move).is_ok_and(|(m, _)| !m.is_null())
    }

    fn __call__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        self.board.borrow(py).moves_list(py)
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let b = self.board.borrow(py);
        let sans: Vec<String> = b
            .pos
            .legal_moves()
            .into_iter()
            .map(|m| b.san_of(m))
            .collect();
        format!("<LegalMoveGenerator ({})>", sans.join(", "))
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

    /// The legal moves: a lazy collection as python-chess's (iterate, `len`, `in`,
    /// `count()`; calling it gives a list).
    #[getter]
    fn legal_moves(slf: &Bound<'_, Self>) -> VariantLegalMoves {
        VariantLegalMoves {
            board: slf.clone().unbind(),
        }
    }

    /// The square a pawn skipped with a double push on the last move, or `None`.
    #[getter]
    fn ep_square(&self) -> Option<u8> {
        self.pos.ep_square().map(|s| s.index() as u8)
    }

    /// Whether an en-passant capture is legal.
    fn has_legal_en_passant(&self) -> bool {
        self.pos.legal_ep_square().is_some()
    }

    /// The long algebraic notation of a legal move (`Ng1-f3`, `e4xd5`, `N@f3`, `O-O`).
    fn lan(&self, r#move: &Bound<'_, PyAny>) -> PyResult<String> {
        let (m, _) = self.decode(r#move)?;
        let mut out = String::new();
        chessbits_movegen::san::write_lan_plus(self.pos.san_plus(m), m, &mut out);
        Ok(out)
    }

    /// The SAN of a legal move, played (as python-chess's `san_and_push`).
    fn san_and_push(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<String> {
        let (m, mv) = self.decode(r#move)?;
        let san = self.san_of(m);
        self.play(m, mv);
        Ok(san)
    }

    /// The SAN of a line of moves from here (`1. e4 e5 2. Nf3`); `IllegalMoveError` at the
    /// first illegal one.
    fn variation_san(&self, variation: &Bound<'_, PyAny>) -> PyResult<String> {
        let mut board = VariantBoard {
            pos: self.pos.clone(),
            stack: Vec::new(),
        };
        let mut parts: Vec<String> = Vec::new();
        for item in variation.try_iter()? {
            let item = item?;
            let (m, mv) = board.decode(&item)?;
            let san = board.san_of(m);
            if board.pos.turn() == Color::White {
                parts.push(format!("{}. {san}", board.pos.fullmoves()));
            } else if parts.is_empty() {
                parts.push(format!("{}...{san}", board.pos.fullmoves()));
            } else {
                parts.push(san);
            }
            board.play(m, mv);
        }
        Ok(parts.join(" "))
    }

    /// Whether the current position occurred `count` times (this one included) since the
    /// last irreversible move.
    #[pyo3(signature = (count=3))]
    fn is_repetition(&self, count: usize) -> bool {
        let window = self.window();
        let now = &window[0];
        window.iter().filter(|k| *k == now).count() >= count
    }

    fn is_fivefold_repetition(&self) -> bool {
        self.is_repetition(5)
    }

    /// Threefold repetition has occurred, or a legal move makes it occur.
    fn can_claim_threefold_repetition(&self) -> bool {
        let window = self.window();
        let count = |k: &Setup| window.iter().filter(|w| *w == k).count();
        if count(&window[0]) >= 3 {
            return true;
        }
        self.pos
            .legal_moves()
            .into_iter()
            .any(|m| count(&key(&self.pos.play_unchecked(m))) >= 2)
    }

    fn is_fifty_moves(&self) -> bool {
        self.halfmoves_at_least(100)
    }

    fn is_seventyfive_moves(&self) -> bool {
        self.halfmoves_at_least(150)
    }

    /// Fifty moves have passed, or a legal move that does not reset the clock ends them.
    fn can_claim_fifty_moves(&self) -> bool {
        if self.is_fifty_moves() {
            return true;
        }
        self.pos.halfmoves() >= 99
            && self
                .pos
                .legal_moves()
                .into_iter()
                .any(|m| !VariantBoard::zeroing(&self.pos, m))
    }

    fn can_claim_draw(&self) -> bool {
        self.can_claim_fifty_moves() || self.can_claim_threefold_repetition()
    }

    /// Puts `piece` (a `Piece`, a python-chess `Piece`, or `None` to empty the square) on
    /// `square` and clears the move stack, as python-chess; `promoted` marks it promoted
    /// (crazyhouse). `ValueError` when the board would not be a position of the variant
    /// (a variant board is always one; python-chess keeps such a board).
    #[pyo3(signature = (square, piece, promoted=false))]
    fn set_piece_at(
        &mut self,
        square: i64,
        piece: Option<&Bound<'_, PyAny>>,
        promoted: bool,
    ) -> PyResult<()> {
        let sq = square_of(square)?;
        let piece = piece.map(Piece::extract).transpose()?;
        let mut setup = self.pos.to_setup();
        setup.ep_square = self.pos.ep_square();
        setup.board.discard(sq);
        setup.promoted.remove(sq);
        if let Some(p) = piece {
            setup.board.put(sq, p.raw());
            if promoted {
                setup.promoted.insert(sq);
            }
        }
        self.rebuild(&setup)
    }

    /// Empties `square` and clears the move stack; the piece that was there, or `None`
    /// (`ValueError` as `set_piece_at`).
    fn remove_piece_at(&mut self, square: i64) -> PyResult<Option<Piece>> {
        let sq = square_of(square)?;
        let mut setup = self.pos.to_setup();
        setup.ep_square = self.pos.ep_square();
        let removed = setup.board.discard(sq);
        setup.promoted.remove(sq);
        self.rebuild(&setup)?;
        Ok(removed.map(Piece::of))
    }

    /// Sets the position from a FEN of the variant and clears the move stack.
    fn set_fen(&mut self, fen: &str) -> PyResult<()> {
        let pos = VariantPosition::from_fen(self.pos.variant(), fen)
            .map_err(|e| PyValueError::new_err(format!("invalid fen: {fen:?}: {e}")))?;
        self.pos = pos;
        self.stack.clear();
        Ok(())
    }

    /// Replaces the placement by a FEN placement field and clears the move stack.
    fn set_board_fen(&mut self, fen: &str) -> PyResult<()> {
        if fen.contains(' ') || fen.is_empty() {
            return Err(PyValueError::new_err(format!("invalid board fen: {fen:?}")));
        }
        let full = format!("{fen} w - - 0 1");
        let parsed = Setup::from_ascii(full.as_bytes())
            .map_err(|e| PyValueError::new_err(format!("invalid board fen: {fen:?}: {e}")))?;
        let mut setup = self.pos.to_setup();
        setup.ep_square = self.pos.ep_square();
        setup.board = parsed.board;
        setup.promoted = parsed.promoted;
        self.rebuild(&setup)
    }

    /// Forgets the moves played; the position stays.
    fn clear_stack(&mut self) {
        self.stack.clear();
    }

    /// The variant's starting position, no moves played.
    fn reset(&mut self) {
        self.pos = VariantPosition::new(self.pos.variant());
        self.stack.clear();
    }

    /// EPD: the FEN without its clocks (pockets in crazyhouse, the remaining checks in
    /// three-check, as python-chess writes them), then the operations given as keyword
    /// arguments (as `Board.epd`). `en_passant` is `"legal"` (the square only when a
    /// capture is legal) or `"fully"` (after every double push).
    #[pyo3(signature = (*, shredder=false, en_passant="legal", promoted=None, **operations))]
    fn epd(
        &self,
        shredder: bool,
        en_passant: &str,
        promoted: Option<bool>,
        operations: Option<&Bound<'_, pyo3::types::PyDict>>,
    ) -> PyResult<String> {
        let _ = (shredder, promoted);
        let mut setup = self.pos.to_setup();
        match en_passant {
            "legal" => {}
            "fully" => setup.ep_square = self.pos.ep_square(),
            _ => {
                return Err(PyValueError::new_err(format!(
                    "en_passant {en_passant:?}: \"legal\" or \"fully\" on a variant board"
                )))
            }
        }
        let fen = setup.fen();
        let fields: Vec<&str> = fen.split(' ').collect();
        let mut out = fields[..fields.len().saturating_sub(2)].join(" ");
        if let Some(ops) = operations {
            crate::board::write_epd_operations(&mut out, ops, |m| self.san(m))?;
        }
        Ok(out)
    }

    /// Whether a legal move is irreversible (python-chess's rule; see `is_repetition`).
    fn is_irreversible(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let (m, _) = self.decode(r#move)?;
        Ok(VariantBoard::irreversible(&self.pos, m))
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

    /// A copy of the board, of the same class (`AtomicBoard`, ...), its moves included
    /// (`stack=False`: none).
    #[pyo3(signature = (*, stack=true))]
    fn copy<'py>(slf: &Bound<'py, Self>, stack: bool) -> PyResult<Bound<'py, PyAny>> {
        let new = slf.get_type().call0()?;
        {
            let me = slf.borrow();
            let mut copied = new.cast::<VariantBoard>()?.borrow_mut();
            copied.pos = me.pos.clone();
            copied.stack = if stack { me.stack.clone() } else { Vec::new() };
        }
        Ok(new)
    }

    fn __copy__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        VariantBoard::copy(slf, true)
    }

    fn __deepcopy__<'py>(
        slf: &Bound<'py, Self>,
        _memo: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        VariantBoard::copy(slf, true)
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
        Ok(VariantBoard::zeroing(&self.pos, m))
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
