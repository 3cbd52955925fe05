//! The board: `chessbits.Position` and `chessbits.Move`, over `chessbits-position`'s
//! `Position` and `chessbits-movegen`'s rules. Every move that comes from Python is read as
//! UCI or SAN by movegen and proven legal there; the position keeps a stack of undo records
//! (for `pop`) and a `History` (for repetitions in `outcome`).

use chessbits_bitboard_core::{Color, Move as RawMove, MoveText};
use chessbits_movegen::{SanMode, SanPlus};
use chessbits_position::{CastlingMode, History, Position as Board, Setup, Undo};
use pyo3::exceptions::{PyIndexError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyType;

/// A move, as its UCI text (`e2e4`, `e7e8q`; castling `e1g1` in standard chess and king
/// takes rook in Chess960, as the position that made it writes it; `0000` passes).
/// `str(move)` is that text. Moves compare and hash by it.
#[pyclass(module = "chessbits", frozen, eq, hash, str, from_py_object)]
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    text: MoveText,
}

impl std::fmt::Display for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.text)
    }
}

impl Move {
    /// `m` as `board` writes it in UCI.
    fn of(board: &Board, m: RawMove) -> Move {
        let mut text = MoveText::default();
        m.write_uci(board.mode().is_chess960(), &mut text);
        Move { text }
    }

    /// The move parsed from its text (already checked to be UCI).
    fn raw(&self) -> RawMove {
        RawMove::from_uci_ascii(self.text.as_bytes().as_slice()).unwrap_or(RawMove::NULL)
    }
}

#[pymethods]
impl Move {
    /// The move UCI text names (`e2e4`, `e7e8q`, `0000`), checked for form only: whether it
    /// is legal is for the position it is pushed on. Raises `ValueError` for other text.
    #[staticmethod]
    fn from_uci(text: &str) -> PyResult<Move> {
        RawMove::from_uci_ascii(text.as_bytes())
            .map_err(|e| PyValueError::new_err(format!("{text:?}: {e}")))?;
        let text = MoveText::pack(text.as_bytes())
            .ok_or_else(|| PyValueError::new_err(format!("{text:?}: not a UCI move")))?;
        Ok(Move { text })
    }

    /// The UCI text.
    fn uci(&self) -> String {
        self.text.to_string()
    }

    /// The square the move starts from, 0 (a1) to 63 (h8).
    #[getter(from_square)]
    fn origin(&self) -> u8 {
        self.raw().from() as u8
    }

    /// The square the move goes to, 0 (a1) to 63 (h8), as the UCI text says (`g1` for
    /// `e1g1`).
    #[getter(to_square)]
    fn destination(&self) -> u8 {
        self.raw().to() as u8
    }

    /// The piece type promoted to, numbered as python-chess does (2 knight, 3 bishop,
    /// 4 rook, 5 queen), or `None`.
    #[getter]
    fn promotion(&self) -> Option<u8> {
        self.raw().promotion().map(|r| r.index() as u8 + 1)
    }

    fn __repr__(&self) -> String {
        format!("Move.from_uci('{}')", self.text)
    }

    fn __bool__(&self) -> bool {
        !self.raw().is_null()
    }
}

/// How a game ended by rule: `winner` (`True` White, `False` Black, `None` a draw, as
/// python-chess's `Outcome.winner`), `termination` (`"checkmate"`, `"stalemate"`, ...) and
/// `result()` (`"1-0"`, `"0-1"`, `"1/2-1/2"`).
#[pyclass(module = "chessbits", frozen, get_all, skip_from_py_object)]
#[derive(Clone, Debug)]
pub struct Outcome {
    /// `True` when White won, `False` when Black did, `None` for a draw.
    winner: Option<bool>,
    /// The rule that ended the game.
    termination: String,
}

#[pymethods]
impl Outcome {
    /// The PGN result: `1-0`, `0-1` or `1/2-1/2`.
    fn result(&self) -> &'static str {
        match self.winner {
            Some(true) => "1-0",
            Some(false) => "0-1",
            None => "1/2-1/2",
        }
    }

    fn __repr__(&self) -> String {
        format!(
            "Outcome(winner={}, termination={:?})",
            match self.winner {
                Some(true) => "True",
                Some(false) => "False",
                None => "None",
            },
            self.termination
        )
    }
}

/// A chess position with its moves played: legal moves, SAN, UCI, FEN, outcomes, the
/// Polyglot hash, perft. `Position()` is the standard start; `Position(fen)` reads FEN,
/// X-FEN and Shredder-FEN, Chess960 when the castling rights say so (or `chess960=True`).
#[pyclass(module = "chessbits", skip_from_py_object)]
#[derive(Clone, Debug)]
pub struct Position {
    root: Board,
    board: Board,
    stack: Vec<(RawMove, Undo)>,
    history: History,
}

fn value_error(what: &str, e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(format!("{what:?}: {e}"))
}

impl Position {
    /// The position `fen` describes (the start position without one).
    pub fn from_fen(fen: Option<&str>, chess960: Option<bool>) -> PyResult<Position> {
        let board = match fen {
            None if chess960 != Some(true) => Board::new(),
            _ => {
                let setup = match fen {
                    Some(fen) => {
                        Setup::from_ascii(fen.as_bytes()).map_err(|e| value_error(fen, e))?
                    }
                    None => Setup::standard(),
                };
                let mode = match chess960 {
                    Some(true) => CastlingMode::Chess960,
                    Some(false) => CastlingMode::Standard,
                    None => CastlingMode::detect(&setup),
                };
                Board::from_setup(&setup, mode)
                    .map_err(|e| value_error(fen.unwrap_or_default(), e))?
            }
        };
        Ok(Position {
            history: History::starting_at(&board),
            root: board.clone(),
            board,
            stack: Vec::new(),
        })
    }

    /// The board as it stands.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The legal move UCI text names here.
    fn decode_uci(&self, text: &[u8]) -> PyResult<RawMove> {
        chessbits_movegen::uci_to_move(&self.board, text).map_err(|e| {
            PyValueError::new_err(format!(
                "{:?}: {e} in {}",
                String::from_utf8_lossy(text),
                self.board.fen()
            ))
        })
    }

    /// The legal move `mv` (a `Move` or UCI text) is here.
    fn decode(&self, mv: &Bound<'_, PyAny>) -> PyResult<RawMove> {
        if let Ok(m) = mv.cast::<Move>() {
            self.decode_uci(m.get().text.as_bytes().as_slice())
        } else if let Ok(text) = mv.extract::<pyo3::pybacked::PyBackedStr>() {
            self.decode_uci(text.as_bytes())
        } else {
            Err(PyTypeError::new_err(format!(
                "a chessbits.Move or UCI text, not {}",
                mv.get_type().name()?
            )))
        }
    }

    /// Plays a legal move (or a null move, which the decoders allow only out of check).
    fn play(&mut self, m: RawMove) -> Move {
        let played = Move::of(&self.board, m);
        let undo = if m.is_null() {
            self.board.make_null()
        } else {
            self.board.make_unchecked(m)
        };
        self.stack.push((m, undo));
        self.history.push(&self.board);
        played
    }
}

#[pymethods]
impl Position {
    #[new]
    #[pyo3(signature = (fen=None, *, chess960=None))]
    fn new(fen: Option<&str>, chess960: Option<bool>) -> PyResult<Position> {
        Position::from_fen(fen, chess960)
    }

    /// The legal moves, as a list of `Move`.
    fn legal_moves(&self) -> Vec<Move> {
        chessbits_movegen::legal_moves(&self.board)
            .iter()
            .map(|&m| Move::of(&self.board, m))
            .collect()
    }

    /// Plays `move` (a `Move` or UCI text); `ValueError` when it is not legal here.
    fn push(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        let m = self.decode(r#move)?;
        self.play(m);
        Ok(())
    }

    /// Reads SAN (as real files write it: `Nf3`, `exd5`, `O-O`, `e8=Q+`) and plays it;
    /// returns the move. `ValueError` when it is malformed, illegal or ambiguous here.
    fn push_san(&mut self, text: &str) -> PyResult<Move> {
        let m = SanPlus::from_ascii_with(text.as_bytes(), SanMode::Lenient)
            .and_then(|s| s.san.to_move(&self.board, SanMode::Lenient))
            .map_err(|e| PyValueError::new_err(format!("{text:?}: {e} in {}", self.board.fen())))?;
        Ok(self.play(m))
    }

    /// Reads UCI (`e2e4`, `e7e8q`, castling as `e1g1` or king takes rook) and plays it;
    /// returns the move. `ValueError` when it is malformed or illegal here.
    fn push_uci(&mut self, text: &str) -> PyResult<Move> {
        let m = self.decode_uci(text.as_bytes())?;
        Ok(self.play(m))
    }

    /// Takes back the last move and returns it; `IndexError` when none was played.
    fn pop(&mut self) -> PyResult<Move> {
        let (m, undo) = self
            .stack
            .pop()
            .ok_or_else(|| PyIndexError::new_err("pop from an empty move stack"))?;
        self.history.pop();
        if m.is_null() {
            self.board.unmake_null(undo);
        } else {
            self.board.unmake(m, undo);
        }
        Ok(Move::of(&self.board, m))
    }

    /// The SAN of the legal move `move` (a `Move` or UCI text), with `+` or `#`.
    fn san(&self, r#move: &Bound<'_, PyAny>) -> PyResult<String> {
        let m = self.decode(r#move)?;
        let mut text = String::new();
        SanPlus::from_move(&self.board, m).write_to(&mut text);
        Ok(text)
    }

    /// The FEN (the en-passant square only when a legal capture exists, as python-chess).
    fn fen(&self) -> String {
        self.board.fen()
    }

    /// Whether the side to move is in check.
    fn is_check(&self) -> bool {
        self.board.is_check()
    }

    /// The outcome if the game has ended by rule (checkmate, stalemate, fivefold
    /// repetition, the 75-move rule, insufficient material), else `None`: python-chess's
    /// `board.outcome()`.
    fn outcome(&self) -> Option<Outcome> {
        use chessbits_position::Outcome as O;
        chessbits_movegen::outcome(&self.board, &self.history).map(|o| match o {
            O::Decisive { winner, reason } => Outcome {
                winner: Some(winner == Color::White),
                termination: reason.to_string(),
            },
            O::Draw(reason) => Outcome {
                winner: None,
                termination: reason.to_string(),
            },
            #[allow(unreachable_patterns)]
            _ => Outcome {
                winner: None,
                termination: o.to_string(),
            },
        })
    }

    /// The Polyglot Zobrist hash (python-chess's `chess.polyglot.zobrist_hash`).
    fn zobrist_hash(&self) -> u64 {
        self.board.zobrist_hash()
    }

    /// `True` when White is to move (python-chess's `board.turn`).
    #[getter]
    fn turn(&self) -> bool {
        self.board.turn() == Color::White
    }

    /// Whether castling follows Chess960's rules (UCI castling as king takes rook).
    #[getter]
    fn chess960(&self) -> bool {
        self.board.mode().is_chess960()
    }

    /// The moves played since the position was made, oldest first.
    #[getter]
    fn move_stack(&self) -> Vec<Move> {
        let mut board = self.root.clone();
        self.stack
            .iter()
            .map(|&(m, _)| {
                let played = Move::of(&board, m);
                if m.is_null() {
                    let _ = board.make_null();
                } else {
                    let _ = board.make_unchecked(m);
                }
                played
            })
            .collect()
    }

    /// A copy, with its own moves.
    fn copy(&self) -> Position {
        self.clone()
    }

    fn __copy__(&self) -> Position {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Position {
        self.clone()
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
        let board = &self.board;
        Ok(py.detach(|| chessbits_movegen::perft(board, depth)))
    }

    /// The position of a python-chess `chess.Board`: its root position and its move stack
    /// played on it.
    #[classmethod]
    fn from_chess(_cls: &Bound<'_, PyType>, board: &Bound<'_, PyAny>) -> PyResult<Position> {
        let chess960: bool = board.getattr("chess960")?.extract()?;
        let root: String = board.call_method0("root")?.call_method0("fen")?.extract()?;
        let mut pos = Position::from_fen(Some(&root), Some(chess960))?;
        for m in board.getattr("move_stack")?.try_iter()? {
            let uci: String = m?.call_method0("uci")?.extract()?;
            let m = pos.decode_uci(uci.as_bytes())?;
            pos.play(m);
        }
        Ok(pos)
    }

    /// This position as a python-chess `chess.Board` (its root position and moves played).
    fn to_chess<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let chess = py.import("chess")?;
        let kwargs = pyo3::types::PyDict::new(py);
        kwargs.set_item("chess960", self.chess960())?;
        let board = chess
            .getattr("Board")?
            .call((self.root.fen(),), Some(&kwargs))?;
        let from_uci = chess.getattr("Move")?.getattr("from_uci")?;
        for m in self.move_stack() {
            board.call_method1("push", (from_uci.call1((m.uci(),))?,))?;
        }
        Ok(board)
    }

    fn __repr__(&self) -> String {
        format!("Position('{}')", self.board.fen())
    }

    fn __str__(&self) -> String {
        self.board.fen()
    }
}
