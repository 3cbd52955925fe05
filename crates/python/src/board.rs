//! The board: `chessbits.Board` (alias `chessbits.Position`), `chessbits.Move` and
//! `chessbits.Piece`, with python-chess's names and semantics, over `chessbits-position`'s
//! `Position` and `chessbits-movegen`'s rules.
//!
//! Every move that comes from Python (a `chessbits.Move`, a python-chess `chess.Move` or any
//! object with `from_square`, `to_square`, `promotion` and `drop`, or UCI text) is read by
//! `Position::move_from_uci` and proven legal by movegen before it is played; the board keeps
//! a stack of undo records (for `pop`), the moves as Python sees them (for `move_stack`,
//! never replayed) and a `History` of repetition keys (for the repetition rules).
//!
//! A placement that is not a playable position (python-chess's `Board(None)`, a board being
//! set up piece by piece, a FEN without a king) is kept as a `Setup`: it reads and writes
//! FEN and pieces, reports what is wrong in `status()`, and has no moves.

use std::fmt::Write as _;

use chessbits_attack_tables as at;
use chessbits_bitboard_core::{
    Bitboard, Color, Move as RawMove, MoveKind, Piece as RawPiece, Role, Square,
};
use chessbits_movegen::loose::Loose;
use chessbits_movegen::{SanError, SanMode, SanPlus};
use chessbits_position::{
    Board as Placement, CastlingMode, CastlingNotation, CastlingSide, EnPassantMode, History,
    Position as Pos, Setup, Undo,
};
use pyo3::exceptions::{PyIndexError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyList, PyTuple, PyType};
use pyo3::IntoPyObjectExt;

use crate::{AmbiguousMoveError, IllegalMoveError, InvalidMoveError};

mod loose;

/// python-chess's `STARTING_FEN`.
pub const STARTING_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const ALL: u64 = u64::MAX;

// ----- helpers -----

fn square(index: i64) -> PyResult<Square> {
    u32::try_from(index)
        .ok()
        .and_then(Square::new)
        .ok_or_else(|| PyValueError::new_err(format!("square {index}: not in 0..64")))
}

fn role(piece_type: i64) -> PyResult<Role> {
    usize::try_from(piece_type - 1)
        .ok()
        .and_then(|i| Role::ALL.get(i).copied())
        .ok_or_else(|| PyValueError::new_err(format!("piece type {piece_type}: not in 1..7")))
}

fn color(white: bool) -> Color {
    Color::from_white(white)
}

fn white(c: Color) -> bool {
    c == Color::White
}

fn piece_type(r: Role) -> u8 {
    r.index() as u8 + 1
}

/// A class of the pure-Python package (`SquareSet`, `Termination`, ...), looked up once.
fn package_attr<'py>(
    py: Python<'py>,
    cell: &'static PyOnceLock<Py<PyAny>>,
    name: &str,
) -> PyResult<Bound<'py, PyAny>> {
    cell.get_or_try_init(py, || {
        Ok::<_, PyErr>(py.import("chessbits")?.getattr(name)?.unbind())
    })
    .map(|c| c.bind(py).clone())
}

static SQUARE_SET: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
static TERMINATION: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
static OUTCOME: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
static STATUS: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
static SVG: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
static NONE_HASH: PyOnceLock<isize> = PyOnceLock::new();

fn square_set(py: Python<'_>, mask: Bitboard) -> PyResult<Bound<'_, PyAny>> {
    package_attr(py, &SQUARE_SET, "SquareSet")?.call1((mask.0,))
}

/// An int mask or anything with `__int__` (a `SquareSet`).
fn mask_of(obj: &Bound<'_, PyAny>) -> PyResult<u64> {
    obj.extract::<u64>()
        .or_else(|_| obj.call_method0("__int__")?.extract::<u64>())
}

/// CPython's hash of a tuple of these element hashes (Objects/tupleobject.c, xxHash-based,
/// 64-bit), so that `hash(chessbits.Move)` equals `hash(chess.Move)`, a dataclass hashing
/// the tuple of its fields.
fn tuple_hash(items: &[isize]) -> isize {
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

mod generator;
mod moves;
mod piece;
mod state;

#[allow(unused_imports)]
use generator::*;
pub use generator::{_between_mask, _ray_mask, MoveGenerator};
use moves::*;
pub use moves::{make_move, move_fields, move_from_uci_text, uci_of, Move};
pub use piece::Piece;

// ----- Board -----

#[derive(Clone, Debug)]
struct Entry {
    raw: RawMove,
    /// The position's undo record (`None` for a move played by python-chess's rules).
    undo: Option<Undo>,
    mv: Move,
    /// The board before a move played by python-chess's rules (a move that is not legal
    /// here, or any move on a board that is no position): restored whole by `pop`.
    before: Option<Box<Saved>>,
    /// Whether the move pushed a repetition key (its result is a position).
    hist: bool,
    /// After a move played by python-chess's rules: the en-passant square it left.
    loose_ep: Option<Square>,
}

/// The state a move played by python-chess's rules replaces.
#[derive(Clone, Debug)]
struct Saved {
    pos: Pos,
    invalid: Option<Box<Setup>>,
}

/// A chess board with its moves played, as python-chess's `chess.Board`: legal moves,
/// SAN, UCI, FEN, the rules of the game's end, attacks and pins.
#[pyclass(module = "chessbits", subclass, skip_from_py_object)]
#[derive(Clone, Debug)]
pub struct Board {
    root: Pos,
    pos: Pos,
    stack: Vec<Entry>,
    history: History,
    /// When the placement is not a playable position: the setup as given (`pos` is then
    /// unused).
    invalid: Option<Box<Setup>>,
    chess960: bool,
    /// The en-passant square of the root as given (python-chess keeps it whether or not a
    /// capture is possible; the position keeps it only when one is).
    root_ep: Option<Square>,
    /// The castling rights of the root as given (python-chess's `castling_rights`, which
    /// `status()` compares with the clean ones).
    root_rights: Bitboard,
}

fn mode(chess960: bool) -> CastlingMode {
    if chess960 {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    }
}

fn illegal(what: &str, m: &Move, fen: &str) -> PyErr {
    IllegalMoveError::new_err(format!("{what}: {} in {fen}", m.uci_text()))
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

#[pymethods]
impl Board {
    #[new]
    #[pyo3(signature = (fen=Some(STARTING_FEN), *, chess960=false))]
    fn new(fen: Option<&str>, chess960: bool) -> PyResult<Board> {
        match fen {
            None => Ok(Board::from_setup(Setup::empty(), chess960)),
            Some(f) if f == STARTING_FEN && !chess960 => {
                Ok(Board::from_position(Pos::new(), false))
            }
            Some(f) => Board::from_fen(f, chess960),
        }
    }

    /// An empty board (python-chess's `Board.empty()`).
    #[classmethod]
    #[pyo3(signature = (*, chess960=false))]
    fn empty(_cls: &Bound<'_, PyType>, chess960: bool) -> Board {
        Board::from_setup(Setup::empty(), chess960)
    }

    /// The castling field of the FEN (X-FEN: `KQkq`, or file letters where needed).
    fn castling_xfen(&self) -> PyResult<String> {
        Ok(self
            .fen_with(false, "legal")?
            .split(' ')
            .nth(2)
            .unwrap_or("-")
            .to_string())
    }

    /// The castling field in Shredder-FEN (`HAha`).
    fn castling_shredder_fen(&self) -> PyResult<String> {
        Ok(self
            .fen_with(true, "legal")?
            .split(' ')
            .nth(2)
            .unwrap_or("-")
            .to_string())
    }

    /// The board of EPD text and its operations (`(board, operations)`).
    #[classmethod]
    #[pyo3(signature = (epd, *, chess960=false))]
    fn from_epd<'py>(
        cls: &Bound<'py, PyType>,
        epd: &str,
        chess960: bool,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        let board = cls.call(
            (Option::<&str>::None,),
            Some(&[("chess960", chess960)].into_py_dict(cls.py())?),
        )?;
        let ops = board.call_method1("set_epd", (epd,))?;
        Ok((board, ops))
    }

    // ----- state -----

    /// `True` (White) or `False` (Black) to move.
    #[getter]
    fn get_turn(&self) -> bool {
        white(self.turn_color())
    }

    #[setter]
    fn set_turn(&mut self, turn: bool) {
        self.edit(|s| s.turn = color(turn));
    }

    /// The castling rights as a mask of rook squares: as given before any move (python-chess
    /// keeps rights that cannot be right until a move is played), clean after.
    #[getter]
    fn get_castling_rights(&self) -> u64 {
        match &self.invalid {
            Some(s) => s.castling_rights.0,
            None if self.stack.is_empty() => self.root_rights.0,
            None => self.pos.castles().rooks().0,
        }
    }

    #[setter]
    fn set_castling_rights(&mut self, mask: u64) {
        self.edit(|s| s.castling_rights = Bitboard(mask));
    }

    /// The castling rights that can be right here (position's `clean_castling_rights`).
    fn clean_castling_rights(&self) -> u64 {
        self.clean_rights().0
    }

    /// The square a pawn just passed over in a double step, if any (python-chess's
    /// `ep_square`, set whether or not a capture is possible).
    #[getter]
    fn get_ep_square(&self) -> Option<u8> {
        match &self.invalid {
            Some(s) => s.ep_square.map(|s| s.index() as u8),
            None => self.raw_ep_square().map(|s| s.index() as u8),
        }
    }

    #[setter]
    fn set_ep_square(&mut self, sq: Option<i64>) -> PyResult<()> {
        let sq = sq.map(square).transpose()?;
        self.edit(|s| s.ep_square = sq);
        Ok(())
    }

    #[getter]
    fn get_halfmove_clock(&self) -> u32 {
        match &self.invalid {
            Some(s) => s.halfmoves,
            None => self.pos.halfmoves(),
        }
    }

    #[setter]
    fn set_halfmove_clock(&mut self, n: u32) {
        self.edit(|s| s.halfmoves = n);
    }

    #[getter]
    fn get_fullmove_number(&self) -> u32 {
        match &self.invalid {
            Some(s) => s.fullmoves,
            None => self.pos.fullmoves(),
        }
    }

    #[setter]
    fn set_fullmove_number(&mut self, n: u32) {
        self.edit(|s| s.fullmoves = n.max(1));
    }

    /// Whether castling follows Chess960's rules (UCI castling as king takes rook).
    #[getter]
    fn get_chess960(&self) -> bool {
        self.chess960
    }

    #[setter]
    fn set_chess960(&mut self, on: bool) {
        self.chess960 = on;
        if self.invalid.is_none() {
            self.pos.set_mode(mode(on));
            self.root.set_mode(mode(on));
        }
    }

    /// Always 0: promoted pieces are a crazyhouse matter.
    #[getter]
    fn promoted(&self) -> u64 {
        0
    }

    #[getter]
    fn occupied(&self) -> u64 {
        self.placement().occupied().0
    }

    /// `[black pieces, white pieces]` as masks.
    #[getter]
    fn occupied_co(&self) -> [u64; 2] {
        let b = self.placement();
        [b.by_color(Color::Black).0, b.by_color(Color::White).0]
    }

    #[getter]
    fn pawns(&self) -> u64 {
        self.placement().by_role(Role::Pawn).0
    }

    #[getter]
    fn knights(&self) -> u64 {
        self.placement().by_role(Role::Knight).0
    }

    #[getter]
    fn bishops(&self) -> u64 {
        self.placement().by_role(Role::Bishop).0
    }

    #[getter]
    fn rooks(&self) -> u64 {
        self.placement().by_role(Role::Rook).0
    }

    #[getter]
    fn queens(&self) -> u64 {
        self.placement().by_role(Role::Queen).0
    }

    #[getter]
    fn kings(&self) -> u64 {
        self.placement().by_role(Role::King).0
    }

    #[classattr]
    fn uci_variant() -> &'static str {
        "chess"
    }

    #[classattr]
    fn xboard_variant() -> &'static str {
        "normal"
    }

    #[classattr]
    fn aliases() -> Vec<&'static str> {
        vec![
            "Standard",
            "Chess",
            "Classical",
            "Normal",
            "Illegal",
            "From Position",
        ]
    }

    #[classattr]
    fn starting_fen() -> &'static str {
        STARTING_FEN
    }

    // ----- moves -----

    /// The legal moves: iterate, `len()`, `in`, `count()`, `bool()`; calling it gives a list.
    #[getter]
    fn legal_moves(slf: &Bound<'_, Self>) -> MoveGenerator {
        MoveGenerator {
            board: slf.clone().unbind(),
            legal: true,
        }
    }

    /// The pseudo-legal moves (legal but for leaving the king attacked).
    #[getter]
    fn pseudo_legal_moves(slf: &Bound<'_, Self>) -> MoveGenerator {
        MoveGenerator {
            board: slf.clone().unbind(),
            legal: false,
        }
    }

    #[pyo3(signature = (from_mask=ALL, to_mask=ALL))]
    fn generate_legal_moves(
        &self,
        py: Python<'_>,
        from_mask: u64,
        to_mask: u64,
    ) -> PyResult<Py<PyAny>> {
        Ok(self
            .moves_list(py, true, from_mask, to_mask, false)?
            .bind(py)
            .try_iter()?
            .into_any()
            .unbind())
    }

    #[pyo3(signature = (from_mask=ALL, to_mask=ALL))]
    fn generate_pseudo_legal_moves(
        &self,
        py: Python<'_>,
        from_mask: u64,
        to_mask: u64,
    ) -> PyResult<Py<PyAny>> {
        Ok(self
            .moves_list(py, false, from_mask, to_mask, false)?
            .bind(py)
            .try_iter()?
            .into_any()
            .unbind())
    }

    #[pyo3(signature = (from_mask=ALL, to_mask=ALL))]
    fn generate_legal_captures(
        &self,
        py: Python<'_>,
        from_mask: u64,
        to_mask: u64,
    ) -> PyResult<Py<PyAny>> {
        Ok(self
            .moves_list(py, true, from_mask, to_mask, true)?
            .bind(py)
            .try_iter()?
            .into_any()
            .unbind())
    }

    #[pyo3(signature = (from_mask=ALL, to_mask=ALL))]
    fn generate_pseudo_legal_captures(
        &self,
        py: Python<'_>,
        from_mask: u64,
        to_mask: u64,
    ) -> PyResult<Py<PyAny>> {
        Ok(self
            .moves_list(py, false, from_mask, to_mask, true)?
            .bind(py)
            .try_iter()?
            .into_any()
            .unbind())
    }

    #[pyo3(signature = (from_mask=ALL, to_mask=ALL))]
    fn generate_castling_moves(
        &self,
        py: Python<'_>,
        from_mask: u64,
        to_mask: u64,
    ) -> PyResult<Py<PyAny>> {
        self.legal_of_kind(
            py,
            from_mask,
            to_mask,
            |l, f, t| l.castling_moves(f, t),
            RawMove::is_castle,
        )
    }

    #[pyo3(signature = (from_mask=ALL, to_mask=ALL))]
    fn generate_legal_ep(
        &self,
        py: Python<'_>,
        from_mask: u64,
        to_mask: u64,
    ) -> PyResult<Py<PyAny>> {
        self.legal_of_kind(
            py,
            from_mask,
            to_mask,
            |l, f, t| l.legal_ep(f, t),
            RawMove::is_en_passant,
        )
    }

    /// The en-passant captures as python-chess's pseudo-legal generator gives them (any
    /// en-passant square as played or given).
    #[pyo3(signature = (from_mask=ALL, to_mask=ALL))]
    fn generate_pseudo_legal_ep(
        &self,
        py: Python<'_>,
        from_mask: u64,
        to_mask: u64,
    ) -> PyResult<Py<PyAny>> {
        let list = PyList::empty(py);
        let setup = self.raw_setup();
        let loose = chessbits_movegen::loose::Loose {
            setup: &setup,
            chess960: self.chess960,
            in_game: !self.stack.is_empty(),
        };
        for m in loose.pseudo_legal_ep(Bitboard(from_mask), Bitboard(to_mask)) {
            list.append(move_obj(py, loose::loose_fields(&loose, m))?)?;
        }
        Ok(list.try_iter()?.into_any().unbind())
    }

    /// The moves played since the root position, oldest first (a new list each call).
    #[getter]
    fn move_stack(&self, py: Python<'_>) -> PyResult<Py<PyList>> {
        let list = PyList::empty(py);
        for e in &self.stack {
            list.append(move_obj(py, e.mv)?)?;
        }
        Ok(list.unbind())
    }

    /// The number of plies since the start of the game (from the fullmove number).
    fn ply(&self) -> u32 {
        2 * (self.get_fullmove_number().max(1) - 1) + u32::from(!self.get_turn())
    }

    /// The board before the first move of the stack.
    fn root(slf: &Bound<'_, Self>) -> PyResult<Py<PyAny>> {
        let root = slf.borrow().root_board();
        Ok(Py::new(slf.py(), root)?.into_any())
    }

    /// Plays `move` (a `Move`, a `chess.Move`, or UCI text) without checking it, as
    /// python-chess does: a legal move by the position's make, anything else by
    /// python-chess's rules (position's `Setup::play_loose`), the board then perhaps no
    /// legal position. `AssertionError` (python-chess's) when no piece stands on the origin.
    fn push(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        let m = self.move_arg(r#move)?;
        self.push_move(m)
    }

    /// Takes back the last move and returns it; `IndexError` when none was played.
    fn pop<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, Move>> {
        let e = self
            .stack
            .pop()
            .ok_or_else(|| PyIndexError::new_err("pop from empty list"))?;
        let mv = e.mv;
        self.unplay(e);
        move_obj(py, mv)
    }

    /// The last move played; `IndexError` when none was.
    fn peek<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, Move>> {
        let m = self
            .stack
            .last()
            .map(|e| e.mv)
            .ok_or_else(|| PyIndexError::new_err("list index out of range"))?;
        move_obj(py, m)
    }

    /// The move `text` (SAN: `Nf3`, `exd5`, `O-O`, `e8=Q+`) names here.
    fn parse_san<'py>(&self, py: Python<'py>, san: &str) -> PyResult<Bound<'py, Move>> {
        let raw = self.parse_san_raw(san)?;
        move_obj(py, Move::of(&self.pos, raw))
    }

    /// Reads SAN and plays it; returns the move.
    fn push_san<'py>(&mut self, py: Python<'py>, san: &str) -> PyResult<Bound<'py, Move>> {
        let raw = self.parse_san_raw(san)?;
        if raw.is_null() && self.pos.is_check() {
            return Err(IllegalMoveError::new_err(format!(
                "null move in check: {}",
                self.pos.fen()
            )));
        }
        let mv = Move::of(&self.pos, raw);
        self.play(raw, mv);
        move_obj(py, mv)
    }

    /// The legal move UCI text names here (`InvalidMoveError`, `IllegalMoveError`).
    fn parse_uci<'py>(&self, py: Python<'py>, uci: &str) -> PyResult<Bound<'py, Move>> {
        move_obj(py, self.parse_uci_move(uci)?)
    }

    /// Reads UCI and plays it; returns the move.
    fn push_uci<'py>(&mut self, py: Python<'py>, uci: &str) -> PyResult<Bound<'py, Move>> {
        let m = self.parse_uci_move(uci)?;
        let (raw, _) = match self.legal(&m) {
            Some(raw) => (raw, m),
            None => return Err(illegal("illegal uci", &m, &self.fen_default())),
        };
        self.play(raw, m);
        move_obj(py, m)
    }

    /// The SAN of a legal move, with `+` or `#`.
    fn san(&self, r#move: &Bound<'_, PyAny>) -> PyResult<String> {
        let (raw, _) = self.require_legal(r#move)?;
        Ok(Board::san_of(&self.pos, raw))
    }

    /// The SAN of a legal move, played (as python-chess's `san_and_push`).
    fn san_and_push(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<String> {
        let (raw, _) = self.require_legal(r#move)?;
        let san = Board::san_of(&self.pos, raw);
        let mv = Move::of(&self.pos, raw);
        self.play(raw, mv);
        Ok(san)
    }

    /// The long algebraic notation of a legal move (`Ng1-f3`, `e4xd5`, `e7-e8=Q+`).
    fn lan(&self, r#move: &Bound<'_, PyAny>) -> PyResult<String> {
        let (raw, _) = self.require_legal(r#move)?;
        Ok(Board::lan_of(&self.pos, raw))
    }

    /// The UCI text of a move as this board writes it (king-takes-rook castling when
    /// `chess960`, by default the board's own setting).
    #[pyo3(signature = (r#move, *, chess960=None))]
    fn uci(&self, r#move: &Bound<'_, PyAny>, chess960: Option<bool>) -> PyResult<String> {
        let m = Move::extract(r#move)?;
        let Some(raw) = self.legal(&m).or_else(|| self.pseudo(&m)) else {
            return Ok(m.uci_text());
        };
        let mut text = chessbits_bitboard_core::MoveText::default();
        raw.write_uci(chess960.unwrap_or(self.chess960), &mut text);
        Ok(text.to_string())
    }

    /// The SAN of a line of moves from here (`1. e4 e5 2. Nf3`); `IllegalMoveError` at the
    /// first illegal one.
    fn variation_san(&self, variation: &Bound<'_, PyAny>) -> PyResult<String> {
        let mut board = self.clone();
        let mut parts: Vec<String> = Vec::new();
        for item in variation.try_iter()? {
            let item = item?;
            let m = Move::extract(&item)?;
            let Some(raw) = board.legal(&m) else {
                return Err(illegal(
                    "illegal move in variation",
                    &m,
                    &board.fen_default(),
                ));
            };
            let white_to_move = board.pos.turn() == Color::White;
            if white_to_move {
                parts.push(format!(
                    "{}. {}",
                    board.pos.fullmoves(),
                    Board::san_of(&board.pos, raw)
                ));
            } else if parts.is_empty() {
                parts.push(format!(
                    "{}...{}",
                    board.pos.fullmoves(),
                    Board::san_of(&board.pos, raw)
                ));
            } else {
                parts.push(Board::san_of(&board.pos, raw));
            }
            let mv = Move::of(&board.pos, raw);
            board.play(raw, mv);
        }
        Ok(parts.join(" "))
    }

    /// The legal move from `from_square` to `to_square` (queen promotion by default for a
    /// pawn reaching the last rank; castling as the king's two-step or king-takes-rook).
    #[pyo3(signature = (from_square, to_square, promotion=None))]
    fn find_move(
        &self,
        from_square: i64,
        to_square: i64,
        promotion: Option<i64>,
    ) -> PyResult<Move> {
        let mut m = Move::new(from_square, to_square, promotion, None)?;
        if promotion.is_none() {
            if let Some(pos) = self.position() {
                let pawn = pos.board().role_at(square(from_square)?) == Some(Role::Pawn);
                if pawn && (m.to >> 3 == 0 || m.to >> 3 == 7) {
                    m.promotion = 5;
                }
            }
        }
        match self.legal(&m) {
            Some(raw) if !m.is_null() => Ok(Move::of(&self.pos, raw)),
            _ => Err(illegal("no matching legal move", &m, &self.fen_default())),
        }
    }

    fn is_legal(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let m = Move::extract(r#move)?;
        Ok(self.is_legal_inner(&m))
    }

    fn is_pseudo_legal(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let m = Move::extract(r#move)?;
        Ok(self.is_pseudo_legal_inner(&m))
    }

    /// Whether a legal (or pseudo-legal) move gives check.
    fn gives_check(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let m = Move::extract(r#move)?;
        let Some(pos) = self.position() else {
            let mut after = self.clone();
            after.push_move(m)?;
            return Ok(after.checkers_bb().any());
        };
        if let Some(raw) = self.legal(&m) {
            if raw.is_null() {
                return Ok(false);
            }
            return Ok(chessbits_movegen::gives_check(pos, raw));
        }
        match self.pseudo(&m) {
            Some(raw) => {
                let after = pos.play_unchecked(raw);
                let them = after.turn();
                let b = after.board();
                Ok(b.king_of(them)
                    .is_some_and(|k| b.is_attacked_by(k, them.other(), b.occupied())))
            }
            None => Ok(false),
        }
    }

    fn is_into_check(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let m = Move::extract(r#move)?;
        if let (Some(loose), Some(raw)) = (self.loose(), Board::uci_form(&m)) {
            return Ok(loose.is_into_check(raw));
        }
        Ok(self.pseudo(&m).is_some() && self.legal(&m).is_none())
    }

    fn was_into_check(&self) -> bool {
        match &self.invalid {
            Some(s) => s.was_into_check(),
            None => false,
        }
    }

    fn is_capture(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let m = Move::extract(r#move)?;
        let b = self.placement();
        let them = b.by_color(self.turn_color().other());
        Ok(them.contains(square(m.to.into())?) || self.is_en_passant_inner(&m))
    }

    fn is_en_passant(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.is_en_passant_inner(&Move::extract(r#move)?))
    }

    fn is_zeroing(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let m = Move::extract(r#move)?;
        let b = self.placement();
        let touched = Bitboard(1 << m.from) ^ Bitboard(1 << m.to);
        Ok((touched & b.pawns()).any()
            || (touched & b.by_color(self.turn_color().other())).any()
            || m.drop == 1)
    }

    fn is_irreversible(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        if self.is_zeroing(r#move)? || self.has_legal_en_passant() {
            return Ok(true);
        }
        let m = Move::extract(r#move)?;
        let b = self.placement();
        let cr = self.clean_rights();
        let touched = Bitboard(1 << m.from) ^ Bitboard(1 << m.to);
        let rank1 = Bitboard::rank(chessbits_bitboard_core::Rank::First);
        let rank8 = Bitboard::rank(chessbits_bitboard_core::Rank::Eighth);
        Ok((touched & cr).any()
            || ((cr & rank1).any() && (touched & b.by_piece(Role::King.of(Color::White))).any())
            || ((cr & rank8).any() && (touched & b.by_piece(Role::King.of(Color::Black))).any()))
    }

    fn is_castling(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.castling_side(&Move::extract(r#move)?).is_some())
    }

    fn is_kingside_castling(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.castling_side(&Move::extract(r#move)?) == Some(CastlingSide::KingSide))
    }

    fn is_queenside_castling(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.castling_side(&Move::extract(r#move)?) == Some(CastlingSide::QueenSide))
    }

    fn has_castling_rights(&self, color: bool) -> bool {
        let rank = if color { 0 } else { 7 };
        (self.clean_rights().0 >> (rank * 8)) & 0xff != 0
    }

    fn has_kingside_castling_rights(&self, color: bool) -> bool {
        self.side_rights(color, CastlingSide::KingSide)
    }

    fn has_queenside_castling_rights(&self, color: bool) -> bool {
        self.side_rights(color, CastlingSide::QueenSide)
    }

    /// Whether the castling rights are not those of standard chess's rooks.
    fn has_chess960_castling_rights(&self) -> bool {
        let standard = Bitboard::from_square(Square::A1)
            | Bitboard::from_square(Square::H1)
            | Bitboard::from_square(Square::A8)
            | Bitboard::from_square(Square::H8);
        let cr = self.clean_rights();
        if !cr.is_subset(standard) {
            return true;
        }
        let b = self.placement();
        (cr & Bitboard::rank(chessbits_bitboard_core::Rank::First)).any()
            && b.king_of(Color::White) != Some(Square::E1)
            || (cr & Bitboard::rank(chessbits_bitboard_core::Rank::Eighth)).any()
                && b.king_of(Color::Black) != Some(Square::E8)
    }

    fn has_legal_en_passant(&self) -> bool {
        self.position()
            .is_some_and(|p| p.legal_ep_square().is_some())
    }

    fn has_pseudo_legal_en_passant(&self) -> bool {
        self.position().is_some_and(|p| p.ep_square().is_some())
    }

    // ----- pieces -----

    fn piece_at(&self, square: i64) -> PyResult<Option<Piece>> {
        Ok(self
            .placement()
            .piece_at(self::square(square)?)
            .map(Piece::of))
    }

    fn piece_type_at(&self, square: i64) -> PyResult<Option<u8>> {
        Ok(self
            .placement()
            .role_at(self::square(square)?)
            .map(piece_type))
    }

    fn color_at(&self, square: i64) -> PyResult<Option<bool>> {
        Ok(self
            .placement()
            .piece_at(self::square(square)?)
            .map(|p| white(p.color)))
    }

    /// `{square: Piece}` of the squares in `mask` that hold a piece.
    #[pyo3(signature = (*, mask=ALL))]
    fn piece_map<'py>(&self, py: Python<'py>, mask: u64) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        let b = self.placement();
        for sq in b.occupied() & Bitboard(mask) {
            if let Some(p) = b.piece_at(sq) {
                d.set_item(sq.index(), Bound::new(py, Piece::of(p))?)?;
            }
        }
        Ok(d)
    }

    /// Puts `piece` on `square` (or empties it for `None`); the move stack is cleared.
    #[pyo3(signature = (square, piece, promoted=false))]
    fn set_piece_at(
        &mut self,
        square: i64,
        piece: Option<&Bound<'_, PyAny>>,
        promoted: bool,
    ) -> PyResult<()> {
        let _ = promoted;
        let sq = self::square(square)?;
        let piece = piece.map(Piece::extract).transpose()?;
        self.edit(|s| {
            s.board.discard(sq);
            if let Some(p) = piece {
                s.board.put(sq, p.raw());
            }
        });
        Ok(())
    }

    /// Empties `square` and returns what stood there; the move stack is cleared.
    fn remove_piece_at(&mut self, square: i64) -> PyResult<Option<Piece>> {
        let sq = self::square(square)?;
        let was = self.placement().piece_at(sq).map(Piece::of);
        if was.is_some() {
            self.edit(|s| {
                s.board.discard(sq);
            });
        }
        Ok(was)
    }

    /// The square of the king of `color` (`None` when it has none).
    fn king(&self, color: bool) -> Option<u8> {
        self.placement()
            .king_of(self::color(color))
            .map(|s| s.index() as u8)
    }

    fn pieces_mask(&self, piece_type: i64, color: bool) -> PyResult<u64> {
        Ok(self
            .placement()
            .by_piece(role(piece_type)?.of(self::color(color)))
            .0)
    }

    fn pieces<'py>(
        &self,
        py: Python<'py>,
        piece_type: i64,
        color: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        square_set(py, Bitboard(self.pieces_mask(piece_type, color)?))
    }

    fn attacks_mask(&self, square: i64) -> PyResult<u64> {
        Ok(self.attacks_bb(self::square(square)?).0)
    }

    /// The squares the piece on `square` attacks.
    fn attacks<'py>(&self, py: Python<'py>, square: i64) -> PyResult<Bound<'py, PyAny>> {
        square_set(py, self.attacks_bb(self::square(square)?))
    }

    #[pyo3(signature = (color, square, occupied=None))]
    fn attackers_mask(
        &self,
        color: bool,
        square: i64,
        occupied: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<u64> {
        let b = self.placement();
        let occ = match occupied {
            Some(o) => Bitboard(mask_of(o)?),
            None => b.occupied(),
        };
        Ok((b.attackers_by(self::square(square)?, self::color(color), occ) & occ).0)
    }

    /// The pieces of `color` that attack `square`.
    #[pyo3(signature = (color, square, occupied=None))]
    fn attackers<'py>(
        &self,
        py: Python<'py>,
        color: bool,
        square: i64,
        occupied: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        square_set(py, Bitboard(self.attackers_mask(color, square, occupied)?))
    }

    #[pyo3(signature = (color, square, occupied=None))]
    fn is_attacked_by(
        &self,
        color: bool,
        square: i64,
        occupied: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<bool> {
        Ok(self.attackers_mask(color, square, occupied)? != 0)
    }

    fn pin_mask(&self, color: bool, square: i64) -> PyResult<u64> {
        Ok(self.pin_bb(self::color(color), self::square(square)?).0)
    }

    /// The line along which the piece on `square` is pinned to the king of `color`, or
    /// every square when it is not pinned.
    fn pin<'py>(&self, py: Python<'py>, color: bool, square: i64) -> PyResult<Bound<'py, PyAny>> {
        square_set(py, Bitboard(self.pin_mask(color, square)?))
    }

    fn is_pinned(&self, color: bool, square: i64) -> PyResult<bool> {
        Ok(self.pin_mask(color, square)? != ALL)
    }

    fn checkers_mask(&self) -> u64 {
        self.checkers_bb().0
    }

    fn checkers<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        square_set(py, self.checkers_bb())
    }

    // ----- the end of the game -----

    fn is_check(&self) -> bool {
        match self.position() {
            Some(p) => p.is_check(),
            None => self.checkers_bb().any(),
        }
    }

    fn is_checkmate(&self) -> bool {
        self.is_checkmate_inner()
    }

    fn is_stalemate(&self) -> bool {
        match self.position() {
            Some(pos) => chessbits_movegen::is_stalemate(pos),
            None => !self.checkers_bb().any() && self.count_legal() == 0,
        }
    }

    fn is_insufficient_material(&self) -> bool {
        self.has_insufficient(Color::White) && self.has_insufficient(Color::Black)
    }

    /// Whether `color` has too little material to checkmate by any sequence of moves.
    fn has_insufficient_material(&self, color: bool) -> bool {
        self.has_insufficient(self::color(color))
    }

    fn is_seventyfive_moves(&self) -> bool {
        self.is_halfmoves(150)
    }

    fn is_fifty_moves(&self) -> bool {
        self.is_halfmoves(100)
    }

    fn is_fivefold_repetition(&self) -> bool {
        self.repetitions() >= 5
    }

    /// Whether the position has occurred `count` times (counting this one) since the last
    /// irreversible move.
    #[pyo3(signature = (count=3))]
    fn is_repetition(&self, count: usize) -> bool {
        self.repetitions() >= count
    }

    fn can_claim_fifty_moves(&mut self) -> bool {
        self.claim_fifty()
    }

    fn can_claim_threefold_repetition(&mut self) -> bool {
        self.claim_threefold()
    }

    fn can_claim_draw(&mut self) -> bool {
        self.claim_fifty() || self.claim_threefold()
    }

    fn is_variant_end(&self) -> bool {
        false
    }

    fn is_variant_loss(&self) -> bool {
        false
    }

    fn is_variant_win(&self) -> bool {
        false
    }

    fn is_variant_draw(&self) -> bool {
        false
    }

    #[pyo3(signature = (*, claim_draw=false))]
    fn is_game_over(&mut self, claim_draw: bool) -> bool {
        self.outcome_inner(claim_draw).is_some()
    }

    /// How the game ended (`chessbits.Outcome`), or `None` while it goes on.
    #[pyo3(signature = (*, claim_draw=false))]
    fn outcome<'py>(
        &mut self,
        py: Python<'py>,
        claim_draw: bool,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        Board::make_outcome(py, self.outcome_inner(claim_draw))
    }

    /// `1-0`, `0-1`, `1/2-1/2`, or `*` while the game goes on.
    #[pyo3(signature = (*, claim_draw=false))]
    fn result(&mut self, claim_draw: bool) -> &'static str {
        match self.outcome_inner(claim_draw) {
            None => "*",
            Some((_, Some(true))) => "1-0",
            Some((_, Some(false))) => "0-1",
            Some((_, None)) => "1/2-1/2",
        }
    }

    /// What is wrong with the placement (`chessbits.Status` flags; `Status.VALID` for a
    /// legal position).
    fn status<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        package_attr(py, &STATUS, "Status")?.call1((self.status_bits(),))
    }

    fn is_valid(&self) -> bool {
        self.status_bits() == 0
    }

    // ----- text -----

    /// FEN (`shredder=True` for Shredder-FEN castling; `en_passant` `"legal"` (default),
    /// `"xfen"` or `"fen"`).
    #[pyo3(signature = (*, shredder=false, en_passant="legal", promoted=None))]
    fn fen(&self, shredder: bool, en_passant: &str, promoted: Option<bool>) -> PyResult<String> {
        let _ = promoted;
        self.fen_with(shredder, en_passant)
    }

    #[pyo3(signature = (*, en_passant="legal", promoted=None))]
    fn shredder_fen(&self, en_passant: &str, promoted: Option<bool>) -> PyResult<String> {
        let _ = promoted;
        self.fen_with(true, en_passant)
    }

    /// The placement field of the FEN.
    #[pyo3(signature = (*, promoted=None))]
    fn board_fen(&self, promoted: Option<bool>) -> String {
        let _ = promoted;
        self.board_fen_inner()
    }

    /// EPD: the first four FEN fields, then the operations given as keyword arguments
    /// (`None` for an opcode alone, a number, text, a move (as SAN) or a list of moves).
    #[pyo3(signature = (*, shredder=false, en_passant="legal", promoted=None, **operations))]
    fn epd(
        &self,
        shredder: bool,
        en_passant: &str,
        promoted: Option<bool>,
        operations: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<String> {
        let _ = promoted;
        let fen = self.fen_with(shredder, en_passant)?;
        let mut out: String = fen.split(' ').take(4).collect::<Vec<_>>().join(" ");
        if let Some(ops) = operations {
            write_epd_operations(&mut out, ops, |m| self.san(m))?;
        }
        Ok(out)
    }

    /// Replaces the board by a FEN (`ValueError` when it cannot be read).
    fn set_fen(&mut self, fen: &str) -> PyResult<()> {
        *self = Board::from_fen(fen, self.chess960)?;
        Ok(())
    }

    /// Replaces the pieces by a FEN placement (`ValueError` when it cannot be read).
    fn set_board_fen(&mut self, fen: &str) -> PyResult<()> {
        let full = format!("{fen} w - - 0 1");
        let parsed = Setup::from_ascii(full.as_bytes())
            .map_err(|e| PyValueError::new_err(format!("invalid board fen: {fen:?}: {e}")))?;
        if fen.contains(' ') || fen.is_empty() {
            return Err(PyValueError::new_err(format!("invalid board fen: {fen:?}")));
        }
        self.edit(|s| s.board = parsed.board);
        Ok(())
    }

    /// Replaces the castling rights by a FEN castling field.
    fn set_castling_fen(&mut self, castling_fen: &str) -> PyResult<()> {
        let mut setup = self.setup();
        let mut fields: Vec<String> = setup.fen().split(' ').map(str::to_string).collect();
        if fields.len() < 3 || castling_fen.is_empty() || castling_fen.contains(' ') {
            return Err(PyValueError::new_err(format!(
                "invalid castling fen: {castling_fen:?}"
            )));
        }
        fields[2] = castling_fen.to_string();
        let parsed = Setup::from_ascii(fields.join(" ").as_bytes()).map_err(|e| {
            PyValueError::new_err(format!("invalid castling fen: {castling_fen:?}: {e}"))
        })?;
        setup.castling_rights = parsed.castling_rights;
        self.replace(setup);
        Ok(())
    }

    /// Replaces the board by an EPD line and returns its operations as a dict of text
    /// operands (`hmvc`/`fmvn` set the clocks).
    fn set_epd<'py>(&mut self, py: Python<'py>, epd: &str) -> PyResult<Bound<'py, PyDict>> {
        let parsed = chessbits_position::Epd::parse(epd.trim())
            .map_err(|e| PyValueError::new_err(format!("invalid epd: {epd:?}: {e}")))?;
        let setup = parsed.setup.clone();
        self.replace(setup);
        let d = PyDict::new(py);
        for op in &parsed.operations {
            let (op, operands) = (op.opcode.as_str(), &op.operands);
            match operands.len() {
                0 => d.set_item(op, py.None())?,
                1 => {
                    let v = &operands[0];
                    if let Ok(n) = v.parse::<i64>() {
                        d.set_item(op, n)?;
                    } else if let Ok(x) = v.parse::<f64>() {
                        d.set_item(op, x)?;
                    } else {
                        d.set_item(op, v)?;
                    }
                }
                _ => d.set_item(op, operands.to_vec())?,
            }
        }
        Ok(d)
    }

    /// Empties the board (no pieces, White to move, no rights).
    fn clear(&mut self) {
        self.replace(Setup::empty());
    }

    fn clear_board(&mut self) {
        self.edit(|s| s.board = Placement::empty());
    }

    /// Forgets the moves played; this position becomes the root.
    fn clear_stack(&mut self) {
        *self = self.at_root_here();
    }

    /// The standard start position.
    fn reset(&mut self) {
        *self = Board::from_position(Pos::new(), self.chess960);
    }

    fn reset_board(&mut self) {
        self.reset();
    }

    /// A copy; `stack=False` (or a number) keeps none (or only the last moves).
    #[pyo3(signature = (*, stack=None))]
    fn copy(&self, stack: Option<&Bound<'_, PyAny>>) -> PyResult<Board> {
        let keep = match stack {
            None => self.stack.len(),
            Some(s) if s.is_instance_of::<pyo3::types::PyBool>() => {
                if s.extract::<bool>()? {
                    self.stack.len()
                } else {
                    0
                }
            }
            Some(s) => s.extract::<usize>()?.min(self.stack.len()),
        };
        if keep == self.stack.len() {
            return Ok(self.clone());
        }
        self.keep_last(keep)
    }

    fn __copy__(&self) -> Board {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Board {
        self.clone()
    }

    /// The board mirrored vertically with the colours swapped (the move stack is not kept).
    fn mirror(&self) -> Board {
        let s = self.setup();
        let mut m = s.clone();
        m.board = Placement::empty();
        for sq in s.board.occupied() {
            if let Some(p) = s.board.piece_at(sq) {
                m.board.put(sq.flip_vertical(), p.role.of(p.color.other()));
            }
        }
        m.turn = s.turn.other();
        m.castling_rights = s.castling_rights.flip_vertical();
        m.ep_square = self
            .raw_ep_square()
            .or(s.ep_square)
            .map(Square::flip_vertical);
        Board::from_setup(m, self.chess960)
    }

    /// Mirrors the board in place (python-chess's `apply_mirror`).
    fn apply_mirror(&mut self) {
        *self = self.mirror();
    }

    /// Applies `f`, a function of a square mask, to every piece set, the castling rights
    /// and the en-passant square (python-chess's `apply_transform`); clears the stack.
    fn apply_transform(&mut self, f: &Bound<'_, PyAny>) -> PyResult<()> {
        let call =
            |b: Bitboard| -> PyResult<Bitboard> { Ok(Bitboard(f.call1((b.0,))?.extract()?)) };
        let s = self.raw_setup();
        let mut out = s.clone();
        out.board = Placement::empty();
        for color in Color::ALL {
            for role in Role::ALL {
                let piece = role.of(color);
                for sq in call(s.board.by_piece(piece))? {
                    out.board.put(sq, piece);
                }
            }
        }
        out.promoted = call(s.promoted)?;
        out.castling_rights = call(s.castling_rights)?;
        out.ep_square = match s.ep_square {
            Some(ep) => call(Bitboard::from_square(ep))?.msb(),
            None => None,
        };
        self.replace(out);
        Ok(())
    }

    /// A copy transformed by `f` (python-chess's `transform`), without the move stack.
    fn transform(&self, f: &Bound<'_, PyAny>) -> PyResult<Board> {
        let mut b = self.at_root_here();
        b.apply_transform(f)?;
        Ok(b)
    }

    /// Puts the pieces of a `{square: Piece}` mapping on an empty board; clears the stack.
    fn set_piece_map(&mut self, pieces: &Bound<'_, PyAny>) -> PyResult<()> {
        let mut board = Placement::empty();
        for item in pieces.call_method0("items")?.try_iter()? {
            let (sq, piece): (i64, Bound<'_, PyAny>) = item?.extract()?;
            board.put(square(sq)?, Piece::extract(&piece)?.raw());
        }
        self.edit(|s| s.board = board);
        Ok(())
    }

    /// Sets up Chess960 start position `scharnagl` (0 to 959), White to move with every
    /// right (python-chess's `set_chess960_pos`).
    fn set_chess960_pos(&mut self, scharnagl: i64) -> PyResult<()> {
        let board = u32::try_from(scharnagl)
            .ok()
            .and_then(Placement::chess960_start)
            .ok_or_else(|| {
                PyValueError::new_err(format!(
                    "chess960 position index not 0 <= {scharnagl} <= 959"
                ))
            })?;
        let mut setup = Setup::empty();
        setup.castling_rights = board.by_role(Role::Rook);
        setup.board = board;
        self.chess960 = true;
        self.replace(setup);
        Ok(())
    }

    /// The board of Chess960 start position `scharnagl`.
    #[classmethod]
    fn from_chess960_pos<'py>(
        cls: &Bound<'py, PyType>,
        scharnagl: i64,
    ) -> PyResult<Bound<'py, PyAny>> {
        let board = cls.call(
            (Option::<&str>::None,),
            Some(&[("chess960", true)].into_py_dict(cls.py())?),
        )?;
        board.call_method1("set_chess960_pos", (scharnagl,))?;
        Ok(board)
    }

    /// The number of the Chess960 start position this is (`None` when it is none): White
    /// to move and every right unless ignored; the move counters only when asked.
    #[pyo3(signature = (*, ignore_turn=false, ignore_castling=false, ignore_counters=true))]
    fn chess960_pos(
        &self,
        ignore_turn: bool,
        ignore_castling: bool,
        ignore_counters: bool,
    ) -> Option<u32> {
        let s = self.raw_setup();
        let rooks = s.board.by_role(Role::Rook);
        let fits = s.ep_square.is_none()
            && (ignore_turn || s.turn == Color::White)
            && (ignore_castling || self.clean_rights() == rooks)
            && (ignore_counters || (s.fullmoves == 1 && s.halfmoves == 0))
            && s.promoted.is_empty();
        if fits {
            s.board.chess960_number()
        } else {
            None
        }
    }

    /// The move in XBoard's notation: castling as `O-O`/`O-O-O` in Chess960, else UCI.
    #[pyo3(signature = (r#move, chess960=None))]
    fn xboard(&self, r#move: &Bound<'_, PyAny>, chess960: Option<bool>) -> PyResult<String> {
        let m = Move::extract(r#move)?;
        if !chess960.unwrap_or(self.chess960) {
            return Ok(m.xboard());
        }
        Ok(match self.castling_side(&m) {
            None => m.xboard(),
            Some(CastlingSide::KingSide) => "O-O".to_string(),
            Some(CastlingSide::QueenSide) => "O-O-O".to_string(),
        })
    }

    /// The move XBoard text names (SAN, as python-chess reads it).
    fn parse_xboard<'py>(&self, py: Python<'py>, xboard: &str) -> PyResult<Bound<'py, Move>> {
        self.parse_san(py, xboard)
    }

    /// Plays the move XBoard text names.
    fn push_xboard<'py>(&mut self, py: Python<'py>, xboard: &str) -> PyResult<Bound<'py, Move>> {
        self.push_san(py, xboard)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let py = other.py();
        if let Ok(b) = other.cast::<Board>() {
            let b = b.borrow();
            return (self.fen_default() == b.fen_default()).into_py_any(py);
        }
        Ok(py.NotImplemented())
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let me = slf.borrow();
        let root_fen = me.root_board().raw_setup().fen();
        let moves: Vec<(u8, u8, Option<u8>, Option<u8>)> = me
            .stack
            .iter()
            .map(|e| (e.mv.from, e.mv.to, opt(e.mv.promotion), opt(e.mv.drop)))
            .collect();
        let f = py
            .import("chessbits._chessbits")?
            .getattr("_board_from_moves")?;
        let args = (slf.get_type(), root_fen, me.chess960, moves).into_pyobject(py)?;
        Ok((f, args))
    }

    fn __str__(&self) -> String {
        let b = self.placement();
        let mut out = String::with_capacity(128);
        for r in (0..8).rev() {
            for f in 0..8 {
                let sq = Square::new(r * 8 + f).unwrap_or(Square::A1);
                out.push(b.piece_at(sq).map_or('.', |p| Piece::of(p).symbol_char()));
                out.push(if f < 7 { ' ' } else { '\n' });
            }
        }
        out.pop();
        out
    }

    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let name = slf.get_type().name()?;
        let me = slf.borrow();
        let fen = me.fen_default();
        Ok(if me.chess960 {
            format!("{name}('{fen}', chess960=True)")
        } else {
            format!("{name}('{fen}')")
        })
    }

    /// The board in Unicode chess symbols.
    #[pyo3(signature = (*, invert_color=false, borders=false, empty_square="⭘", orientation=true))]
    fn unicode(
        &self,
        invert_color: bool,
        borders: bool,
        empty_square: &str,
        orientation: bool,
    ) -> String {
        self.unicode_inner(invert_color, borders, empty_square, orientation)
    }

    fn _repr_svg_(slf: &Bound<'_, Self>) -> PyResult<String> {
        let py = slf.py();
        let me = slf.borrow();
        let kwargs = PyDict::new(py);
        kwargs.set_item("size", 390)?;
        if let Some(e) = me.stack.last() {
            kwargs.set_item("lastmove", Bound::new(py, e.mv)?)?;
        }
        if me.is_check() {
            kwargs.set_item("check", me.king(white(me.turn_color())))?;
        }
        drop(me);
        package_attr(py, &SVG, "svg")?
            .call_method("board", (slf,), Some(&kwargs))?
            .extract()
    }

    // ----- chessbits' own -----

    /// The Polyglot Zobrist hash (python-chess's `chess.polyglot.zobrist_hash`).
    fn zobrist_hash(&self) -> PyResult<u64> {
        self.position()
            .map(Pos::zobrist_hash)
            .ok_or_else(|| PyValueError::new_err("not a legal position"))
    }

    /// The number of leaf nodes of the legal move tree `depth` plies deep (the GIL is
    /// released while counting).
    fn perft(&self, py: Python<'_>, depth: u32) -> PyResult<u64> {
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
    fn from_chess(cls: &Bound<'_, PyType>, board: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
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
    fn to_chess<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let chess = py.import("chess")?;
        let kwargs = PyDict::new(py);
        kwargs.set_item("chess960", self.chess960)?;
        let root = match &self.invalid {
            Some(s) => s.fen(),
            None => self.root.fen(),
        };
        let board = chess.getattr("Board")?.call((root,), Some(&kwargs))?;
        let cls = chess.getattr("Move")?;
        for e in &self.stack {
            let m = cls.call1((e.mv.from, e.mv.to, opt(e.mv.promotion), opt(e.mv.drop)))?;
            board.call_method1("push", (m,))?;
        }
        Ok(board)
    }
}

use pyo3::types::IntoPyDict;

impl Board {
    /// The legal moves of one kind within the masks, as an iterator of python-chess's
    /// moves: `loose`'s on a board that is no position, else the position's legal moves
    /// that `kind` takes.
    fn legal_of_kind(
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
                list.append(move_obj(py, loose::loose_fields(&board, m))?)?;
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

    fn is_en_passant_inner(&self, m: &Move) -> bool {
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

    fn castling_side(&self, m: &Move) -> Option<CastlingSide> {
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

    fn side_rights(&self, white_side: bool, side: CastlingSide) -> bool {
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
