//! The board's construction and state: turn, rights, clocks, masks, class attributes.

use chessbits_bitboard_core::{Bitboard, Color, Role};
use chessbits_position::{Position as Pos, Setup};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple, PyType};

use pyo3::types::IntoPyDict;

use super::core::{color, mode, square, white, STARTING_FEN};
use super::state::Board;
use crate::variant::VariantCore;
use chessbits_position::Variant;
use pyo3::types::PyBytes;

#[pymethods]
impl Board {
    #[new]
    #[pyo3(signature = (fen=Some(STARTING_FEN), *, chess960=false, _variant=None))]
    pub(super) fn new(
        fen: Option<&str>,
        chess960: bool,
        _variant: Option<&str>,
    ) -> PyResult<Board> {
        if let Some(name) = _variant.filter(|&name| name != "chess") {
            let variant = Variant::from_name(name)
                .ok_or_else(|| PyValueError::new_err(format!("unknown variant: {name:?}")))?;
            return Ok(Board::of_variant(VariantCore::new(variant, fen, chess960)?));
        }
        match fen {
            None => Ok(Board::from_setup(Setup::empty(), chess960)),
            Some(f) if f == STARTING_FEN && !chess960 => {
                Ok(Board::from_position(Pos::new(), false))
            }
            Some(f) => Board::from_fen(f, chess960),
        }
    }

    /// python-chess's `Board.__init__` for subclasses that call it (`super().__init__(fen)`):
    /// the board is made by `__new__` from the same arguments, so this does nothing.
    #[pyo3(name = "__init__", signature = (*_args, **_kwargs))]
    pub(super) fn init_compat(
        &self,
        _args: &Bound<'_, PyTuple>,
        _kwargs: Option<&Bound<'_, PyDict>>,
    ) {
    }

    /// An empty board (python-chess's `Board.empty()`).
    #[classmethod]
    #[pyo3(signature = (*, chess960=false))]
    pub(super) fn empty<'py>(
        cls: &Bound<'py, PyType>,
        chess960: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        let kwargs = [("chess960", chess960)].into_py_dict(cls.py())?;
        cls.call((cls.py().None(),), Some(&kwargs))
    }

    /// The castling field of the FEN (X-FEN: `KQkq`, or file letters where needed).
    pub(super) fn castling_xfen(&self) -> PyResult<String> {
        Ok(self
            .fen(false, "legal", None)?
            .split(' ')
            .nth(2)
            .unwrap_or("-")
            .to_string())
    }

    /// The castling field in Shredder-FEN (`HAha`).
    pub(super) fn castling_shredder_fen(&self) -> PyResult<String> {
        Ok(self
            .fen(true, "legal", None)?
            .split(' ')
            .nth(2)
            .unwrap_or("-")
            .to_string())
    }

    /// The board of EPD text and its operations (`(board, operations)`).
    #[classmethod]
    #[pyo3(signature = (epd, *, chess960=false))]
    pub(super) fn from_epd<'py>(
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
    pub(super) fn get_turn(&self) -> bool {
        white(self.turn_color())
    }

    #[setter]
    pub(super) fn set_turn(&mut self, turn: bool) {
        self.edit(|s| s.turn = color(turn));
    }

    /// The castling rights as a mask of rook squares: as given before any move (python-chess
    /// keeps rights that cannot be right until a move is played), clean after.
    #[getter]
    pub(super) fn get_castling_rights(&self) -> u64 {
        match &self.invalid {
            Some(s) => s.castling_rights.0,
            None if self.stack.is_empty() => self.root_rights.0,
            None => self.pos.castles().rooks().0,
        }
    }

    #[setter]
    pub(super) fn set_castling_rights(&mut self, mask: u64) {
        self.edit(|s| s.castling_rights = Bitboard(mask));
    }

    /// The castling rights that can be right here (position's `clean_castling_rights`).
    pub(super) fn clean_castling_rights(&self) -> u64 {
        self.clean_rights().0
    }

    /// The square a pawn just passed over in a double step, if any (python-chess's
    /// `ep_square`, set whether or not a capture is possible).
    #[getter]
    pub(super) fn get_ep_square(&self) -> Option<u8> {
        match &self.invalid {
            Some(s) => s.ep_square.map(|s| s.index() as u8),
            None => self.raw_ep_square().map(|s| s.index() as u8),
        }
    }

    #[setter]
    pub(super) fn set_ep_square(&mut self, sq: Option<i64>) -> PyResult<()> {
        let sq = sq.map(square).transpose()?;
        self.edit(|s| s.ep_square = sq);
        Ok(())
    }

    #[getter]
    pub(super) fn get_halfmove_clock(&self) -> u32 {
        match &self.invalid {
            Some(s) => s.halfmoves,
            None => self.pos.halfmoves(),
        }
    }

    #[setter]
    pub(super) fn set_halfmove_clock(&mut self, n: u32) {
        self.edit(|s| s.halfmoves = n);
    }

    #[getter]
    pub(super) fn get_fullmove_number(&self) -> u32 {
        match &self.invalid {
            Some(s) => s.fullmoves,
            None => self.pos.fullmoves(),
        }
    }

    #[setter]
    pub(super) fn set_fullmove_number(&mut self, n: u32) {
        self.edit(|s| s.fullmoves = n.max(1));
    }

    /// Whether castling follows Chess960's rules (UCI castling as king takes rook).
    #[getter]
    pub(super) fn get_chess960(&self) -> bool {
        self.chess960
    }

    #[setter]
    pub(super) fn set_chess960(&mut self, on: bool) {
        self.chess960 = on;
        if self.invalid.is_none() {
            self.pos.set_mode(mode(on));
            self.root.set_mode(mode(on));
        }
    }

    /// The promoted pieces (a crazyhouse matter: 0 on other boards).
    #[getter]
    pub(super) fn promoted(&self) -> u64 {
        self.var
            .as_ref()
            .map_or(0, |v| v.current_setup().promoted.0)
    }

    #[getter]
    pub(super) fn occupied(&self) -> u64 {
        self.placement().occupied().0
    }

    /// `[black pieces, white pieces]` as masks.
    #[getter]
    pub(super) fn occupied_co(&self) -> [u64; 2] {
        let b = self.placement();
        [b.by_color(Color::Black).0, b.by_color(Color::White).0]
    }

    #[getter]
    pub(super) fn pawns(&self) -> u64 {
        self.placement().by_role(Role::Pawn).0
    }

    #[getter]
    pub(super) fn knights(&self) -> u64 {
        self.placement().by_role(Role::Knight).0
    }

    #[getter]
    pub(super) fn bishops(&self) -> u64 {
        self.placement().by_role(Role::Bishop).0
    }

    #[getter]
    pub(super) fn rooks(&self) -> u64 {
        self.placement().by_role(Role::Rook).0
    }

    #[getter]
    pub(super) fn queens(&self) -> u64 {
        self.placement().by_role(Role::Queen).0
    }

    #[getter]
    pub(super) fn kings(&self) -> u64 {
        self.placement().by_role(Role::King).0
    }

    #[classattr]
    pub(super) fn uci_variant() -> &'static str {
        "chess"
    }

    #[classattr]
    pub(super) fn xboard_variant() -> &'static str {
        "normal"
    }

    #[classattr]
    pub(super) fn aliases() -> Vec<&'static str> {
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
    pub(super) fn starting_fen() -> &'static str {
        STARTING_FEN
    }

    #[classattr]
    pub(super) fn tbw_suffix() -> Option<&'static str> {
        Some(".rtbw")
    }

    #[classattr]
    pub(super) fn tbz_suffix() -> Option<&'static str> {
        Some(".rtbz")
    }

    #[classattr]
    pub(super) fn tbw_magic(py: Python<'_>) -> Py<PyBytes> {
        PyBytes::new(py, b"\x71\xe8\x23\x5d").unbind()
    }

    #[classattr]
    pub(super) fn tbz_magic(py: Python<'_>) -> Py<PyBytes> {
        PyBytes::new(py, b"\xd7\x66\x0c\xa5").unbind()
    }

    #[classattr]
    pub(super) fn pawnless_tbw_suffix() -> Option<&'static str> {
        None
    }

    #[classattr]
    pub(super) fn pawnless_tbz_suffix() -> Option<&'static str> {
        None
    }

    #[classattr]
    pub(super) fn pawnless_tbw_magic() -> Option<&'static str> {
        None
    }

    #[classattr]
    pub(super) fn pawnless_tbz_magic() -> Option<&'static str> {
        None
    }

    #[classattr]
    pub(super) fn connected_kings() -> bool {
        false
    }

    #[classattr]
    pub(super) fn one_king() -> bool {
        true
    }

    #[classattr]
    pub(super) fn captures_compulsory() -> bool {
        false
    }
}
