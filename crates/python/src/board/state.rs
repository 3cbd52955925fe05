//! The board's own helpers behind its Python methods: the position or setup it holds,
//! moves and their texts, the draws and outcome, FEN.

use std::fmt::Write as _;

use chessbits_attack_tables as at;
use chessbits_bitboard_core::{Bitboard, Color, Move as RawMove, Role, Square};
use chessbits_movegen::{SanMode, SanPlus};
use chessbits_position::{
    Board as Placement, CastlingNotation, EnPassantMode, History, Position as Pos, Setup, Undo,
};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::PyList;

use crate::variant::VariantCore;
use crate::{IllegalMoveError, InvalidMoveError};
use pyo3::types::IntoPyDict;

use super::core::{package_attr, san_error, san_is_null, white, ALL, OUTCOME, TERMINATION};
use super::moves::{illegal, move_obj, Move};
use super::piece::Piece;

#[derive(Clone, Debug)]
pub(crate) struct Entry {
    pub(crate) raw: RawMove,
    /// The position's undo record (`None` for a move played by python-chess's rules).
    pub(crate) undo: Option<Undo>,
    pub(crate) mv: Move,
    /// The board before a move played by python-chess's rules (a move that is not legal
    /// here, or any move on a board that is no position): restored whole by `pop`.
    pub(crate) before: Option<Box<Saved>>,
    /// Whether the move pushed a repetition key (its result is a position).
    pub(crate) hist: bool,
    /// After a move played by python-chess's rules: the en-passant square it left.
    pub(crate) loose_ep: Option<Square>,
}

/// The state a move played by python-chess's rules replaces.
#[derive(Clone, Debug)]
pub(crate) struct Saved {
    pub(crate) pos: Pos,
    pub(crate) invalid: Option<Box<Setup>>,
}

/// A chess board with its moves played, as python-chess's `chess.Board`: legal moves,
/// SAN, UCI, FEN, the rules of the game's end, attacks and pins.
#[pyclass(module = "chessbits", subclass, skip_from_py_object)]
#[derive(Clone, Debug)]
pub struct Board {
    pub(crate) root: Pos,
    pub(crate) pos: Pos,
    pub(crate) stack: Vec<Entry>,
    pub(crate) history: History,
    /// When the placement is not a playable position: the setup as given (`pos` is then
    /// unused).
    pub(crate) invalid: Option<Box<Setup>>,
    pub(crate) chess960: bool,
    /// The en-passant square of the root as given (python-chess keeps it whether or not a
    /// capture is possible; the position keeps it only when one is).
    pub(crate) root_ep: Option<Square>,
    /// The castling rights of the root as given (python-chess's `castling_rights`, which
    /// `status()` compares with the clean ones).
    pub(crate) root_rights: Bitboard,
    /// A board of a variant (`chessbits.variant`): the variant's board, which answers the
    /// methods whose answer is the variant's. `invalid` then holds its setup (what the
    /// questions about the placement alone read), `pos` and `stack` are unused.
    pub(crate) var: Option<Box<crate::variant::VariantCore>>,
}

impl Board {
    /// The board of a setup: a playable position when it is one, else the setup kept.
    pub fn from_setup(setup: Setup, chess960: bool) -> Board {
        match super::core::as_position(&setup, chess960) {
            Ok(pos) => Board {
                root_ep: setup.ep_square.or(pos.ep_square()),
                root_rights: setup.castling_rights,
                ..Board::from_position(pos, chess960)
            },
            Err(_) => Board {
                root: Pos::new(),
                pos: Pos::new(),
                stack: Vec::new(),
                history: History::new(),
                root_ep: setup.ep_square,
                root_rights: setup.castling_rights,
                invalid: Some(Box::new(setup)),
                chess960,
                var: None,
            },
        }
    }

    /// The board of a position, no moves played.
    pub fn from_position(pos: Pos, chess960: bool) -> Board {
        Board {
            history: History::starting_at(&pos),
            root_ep: pos.ep_square(),
            root_rights: pos.castles().rooks(),
            root: pos.clone(),
            pos,
            stack: Vec::new(),
            invalid: None,
            chess960,
            var: None,
        }
    }

    /// The board of FEN text (`ValueError` when it cannot be read).
    pub fn from_fen(fen: &str, chess960: bool) -> PyResult<Board> {
        let setup = Setup::from_ascii(fen.as_bytes())
            .map_err(|e| PyValueError::new_err(format!("invalid fen: {fen:?}: {e}")))?;
        Ok(Board::from_setup(setup, chess960))
    }

    /// A legal move as PGN movetext writes it: the move number, whether White plays it and
    /// its SAN (`IllegalMoveError` when it is not legal here).
    pub fn numbered_san(&self, r#move: &Bound<'_, PyAny>) -> PyResult<(u32, bool, String)> {
        if let Some(v) = &self.var {
            let san = v.san(r#move)?;
            let s = v.current_setup();
            return Ok((s.fullmoves, white(s.turn), san));
        }
        let (raw, _) = self.require_legal(r#move)?;
        Ok((
            self.pos.fullmoves(),
            white(self.pos.turn()),
            Board::san_of(&self.pos, raw),
        ))
    }

    /// The playable position (`None` for a placement that is not one).
    pub fn position(&self) -> Option<&Pos> {
        if self.invalid.is_some() {
            None
        } else {
            Some(&self.pos)
        }
    }

    /// The pieces.
    pub fn placement(&self) -> &Placement {
        match &self.invalid {
            Some(s) => &s.board,
            None => self.pos.board(),
        }
    }

    pub(super) fn turn_color(&self) -> Color {
        match &self.invalid {
            Some(s) => s.turn,
            None => self.pos.turn(),
        }
    }

    pub(super) fn setup(&self) -> Setup {
        self.raw_setup()
    }

    /// Replaces the board by `setup` (the move stack is cleared, as python-chess does when
    /// a board is edited).
    pub(super) fn replace(&mut self, setup: Setup) {
        if self.var_mut(|v| v.rebuild(setup.clone())).is_none() {
            *self = Board::from_setup(setup, self.chess960);
        }
    }

    /// The board of a variant's board.
    pub(crate) fn of_variant(core: VariantCore) -> Board {
        let mut b = Board::from_position(Pos::new(), core.is_chess960());
        b.var = Some(Box::new(core));
        b.sync();
        b
    }

    /// After the variant's board changed: the setup the placement questions read.
    pub(crate) fn sync(&mut self) {
        if let Some(v) = &self.var {
            let setup = v.current_setup();
            self.chess960 = v.is_chess960();
            self.root_rights = setup.castling_rights;
            self.root_ep = setup.ep_square;
            self.invalid = Some(Box::new(setup));
            self.stack.clear();
        }
    }

    /// Runs `f` on the variant's board, if this is a board of a variant, and syncs.
    pub(crate) fn var_mut<R>(&mut self, f: impl FnOnce(&mut VariantCore) -> R) -> Option<R> {
        let r = f(self.var.as_deref_mut()?);
        self.sync();
        Some(r)
    }

    /// `value` as an object of `slf`'s class (a subclass of `Board`, as a variant's, keeps
    /// its class, as python-chess's `type(self)(None)`).
    pub(crate) fn like<'py>(slf: &Bound<'py, Board>, value: Board) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        let ty = slf.get_type();
        if ty.is(py.get_type::<Board>()) {
            return Ok(Bound::new(py, value)?.into_any());
        }
        let kwargs = [("chess960", value.chess960)].into_py_dict(py)?;
        let obj = ty.call((py.None(),), Some(&kwargs))?;
        *obj.cast::<Board>()?.borrow_mut() = value;
        Ok(obj)
    }

    pub(super) fn edit(&mut self, f: impl FnOnce(&mut Setup)) {
        let mut setup = self.setup();
        f(&mut setup);
        self.replace(setup);
    }

    /// The legal move `m` means here, if it is one (the null move when not in check).
    pub(super) fn legal(&self, m: &Move) -> Option<RawMove> {
        let pos = self.position()?;
        let raw = m.raw_uci()?;
        if raw.is_null() {
            return (!pos.is_check()).then_some(raw);
        }
        let raw = pos.move_from_uci(raw);
        chessbits_movegen::is_legal(pos, raw).then_some(raw)
    }

    pub(super) fn pseudo(&self, m: &Move) -> Option<RawMove> {
        let pos = self.position()?;
        let raw = pos.move_from_uci(m.raw_uci()?);
        let castle_ok = !raw.is_castle() || chessbits_movegen::is_legal(pos, raw);
        (!raw.is_null() && castle_ok && chessbits_movegen::is_pseudo_legal(pos, raw)).then_some(raw)
    }

    pub(super) fn require_legal(&self, obj: &Bound<'_, PyAny>) -> PyResult<(RawMove, Move)> {
        let m = if let Ok(m) = obj.cast::<Move>() {
            *m.get()
        } else if let Ok(text) = obj.extract::<PyBackedStr>() {
            self.parse_uci_move(&text)?
        } else {
            Move::extract(obj)?
        };
        match self.legal(&m) {
            Some(raw) => Ok((raw, m)),
            None => Err(illegal("illegal move", &m, &self.fen_default())),
        }
    }

    pub(super) fn fen_default(&self) -> String {
        if let Some(v) = &self.var {
            return v.fen();
        }
        match self.loose() {
            Some(loose) => Board::loose_fen(&loose, "legal"),
            None => self.pos.fen(),
        }
    }

    pub(super) fn play(&mut self, raw: RawMove, mv: Move) {
        let undo = if raw.is_null() {
            self.pos.make_null()
        } else {
            self.pos.make_unchecked(raw)
        };
        self.stack.push(Entry {
            raw,
            undo: Some(undo),
            mv,
            before: None,
            hist: true,
            loose_ep: None,
        });
        self.history.push(&self.pos);
    }

    pub(super) fn parse_uci_move(&self, uci: &str) -> PyResult<Move> {
        let py_move = RawMove::from_uci_ascii(uci.as_bytes())
            .map_err(|e| InvalidMoveError::new_err(format!("invalid uci: {uci:?} ({e})")))?;
        let pos = self.position().ok_or_else(|| {
            IllegalMoveError::new_err(format!("illegal uci: {uci:?} in {}", self.fen_default()))
        })?;
        if py_move.is_null() {
            return Ok(Move::NULL);
        }
        let raw = pos.move_from_uci(py_move);
        if !py_move.is_drop() && chessbits_movegen::is_legal(pos, raw) {
            Ok(Move::of(pos, raw))
        } else {
            Err(IllegalMoveError::new_err(format!(
                "illegal uci: {uci:?} in {}",
                pos.fen()
            )))
        }
    }

    pub(super) fn parse_san_raw(&self, san: &str) -> PyResult<RawMove> {
        if san_is_null(san)? {
            return Ok(RawMove::NULL);
        }
        let pos = self.position().ok_or_else(|| {
            IllegalMoveError::new_err(format!("illegal san: {san:?} in {}", self.fen_default()))
        })?;
        let fen = || pos.fen();
        let parsed = SanPlus::from_ascii_with(san.as_bytes(), SanMode::Lenient)
            .map_err(|e| san_error(san, &fen(), e))?;
        parsed
            .san
            .to_move(pos, SanMode::Lenient)
            .map_err(|e| san_error(san, &fen(), e))
    }

    pub(super) fn san_of(pos: &Pos, raw: RawMove) -> String {
        if raw.is_null() {
            return "--".to_string();
        }
        let mut text = String::new();
        SanPlus::from_move(pos, raw).write_to(&mut text);
        text
    }

    /// LAN (`Ng1-f3`, `e4xd5`, `e7-e8=Q+`), as movegen's `write_lan` spells it.
    pub(super) fn lan_of(pos: &Pos, raw: RawMove) -> String {
        let mut out = String::new();
        chessbits_movegen::san::write_lan(pos, raw, &mut out);
        out
    }

    pub(super) fn moves_list(
        &self,
        py: Python<'_>,
        legal: bool,
        from: u64,
        to: u64,
        captures_only: bool,
    ) -> PyResult<Py<PyList>> {
        if let Some(v) = &self.var {
            let only = if captures_only {
                crate::variant::Only::Captures
            } else {
                crate::variant::Only::All
            };
            return Ok(v.moves_list(py, legal, from, to, only)?.unbind());
        }
        let list = PyList::empty(py);
        if let Some(loose) = self.loose() {
            for m in Board::loose_moves(&loose, legal, from, to, captures_only) {
                list.append(move_obj(py, m)?)?;
            }
        }
        if let Some(pos) = self.position() {
            let moves = if legal {
                chessbits_movegen::legal_moves(pos)
            } else {
                chessbits_movegen::pseudo_legal_moves(pos)
            };
            let theirs = pos.board().by_color(pos.turn().other());
            for &raw in moves.iter() {
                // python-chess's pseudo-legal castling is legal castling.
                if !legal && raw.is_castle() && !chessbits_movegen::is_legal(pos, raw) {
                    continue;
                }
                let m = Move::of(pos, raw);
                if from >> m.from & 1 == 0 || to >> m.to & 1 == 0 {
                    continue;
                }
                if captures_only
                    && !(raw.is_en_passant() || (!raw.is_castle() && theirs.contains(raw.to())))
                {
                    continue;
                }
                list.append(move_obj(py, m)?)?;
            }
        }
        Ok(list.unbind())
    }

    pub(super) fn count_legal(&self) -> u64 {
        if let Some(v) = &self.var {
            return v.position().map_or(0, |p| p.count_legal_moves());
        }
        match self.loose() {
            Some(loose) => loose.legal_moves(Bitboard(ALL), Bitboard(ALL)).len() as u64,
            None => chessbits_movegen::count_legal_moves(&self.pos),
        }
    }

    pub(super) fn repetitions(&self) -> usize {
        self.position()
            .map_or(0, |pos| self.history.repetitions(pos))
    }

    pub(super) fn is_checkmate_inner(&self) -> bool {
        match self.position() {
            Some(pos) => chessbits_movegen::is_checkmate(pos),
            None => self.checkers_bb().any() && self.count_legal() == 0,
        }
    }

    pub(super) fn has_insufficient(&self, c: Color) -> bool {
        self.placement().has_insufficient_material(c)
    }

    pub(super) fn is_halfmoves(&self, n: u32) -> bool {
        self.get_halfmove_clock() >= n && self.count_legal() > 0
    }

    pub(super) fn claim_fifty(&mut self) -> bool {
        if self.is_halfmoves(100) {
            return true;
        }
        let Some(pos) = self.position() else {
            return false;
        };
        if pos.halfmoves() < 99 {
            return false;
        }
        let moves = chessbits_movegen::legal_moves(pos);
        let mut after = pos.clone();
        for &m in moves.iter() {
            let undo = after.make_unchecked(m);
            let fifty =
                after.halfmoves() >= 100 && chessbits_movegen::count_legal_moves(&after) > 0;
            after.unmake(m, undo);
            if fifty {
                return true;
            }
        }
        false
    }

    pub(super) fn claim_threefold(&mut self) -> bool {
        if self.repetitions() >= 3 {
            return true;
        }
        let Some(pos) = self.position() else {
            return false;
        };
        let moves = chessbits_movegen::legal_moves(pos);
        let mut after = pos.clone();
        let mut history = self.history.clone();
        for &m in moves.iter() {
            let undo = after.make_unchecked(m);
            history.push(&after);
            let three = history.repetitions(&after) >= 3;
            history.pop();
            after.unmake(m, undo);
            if three {
                return true;
            }
        }
        false
    }

    /// The outcome as (termination name, winner).
    pub(super) fn outcome_inner(
        &mut self,
        claim_draw: bool,
    ) -> Option<(&'static str, Option<bool>)> {
        if let Some(v) = &self.var {
            return v.outcome_full(claim_draw);
        }
        let turn = white(self.turn_color());
        if self.is_checkmate_inner() {
            return Some(("CHECKMATE", Some(!turn)));
        }
        if self.has_insufficient(Color::White) && self.has_insufficient(Color::Black) {
            return Some(("INSUFFICIENT_MATERIAL", None));
        }
        if self.count_legal() == 0 {
            return Some(("STALEMATE", None));
        }
        if self.is_halfmoves(150) {
            return Some(("SEVENTYFIVE_MOVES", None));
        }
        if self.repetitions() >= 5 {
            return Some(("FIVEFOLD_REPETITION", None));
        }
        if claim_draw {
            if self.claim_fifty() {
                return Some(("FIFTY_MOVES", None));
            }
            if self.claim_threefold() {
                return Some(("THREEFOLD_REPETITION", None));
            }
        }
        None
    }

    /// python-chess's `ep_square`: the square a double pawn push just passed over.
    pub(super) fn raw_ep_square(&self) -> Option<Square> {
        let pos = self.position()?;
        match self.stack.last() {
            None => self.root_ep.or(pos.ep_square()),
            Some(e) if e.before.is_some() => e.loose_ep,
            Some(e) => {
                let (from, to) = (e.raw.from(), e.raw.to());
                let pawn = pos.board().role_at(to) == Some(Role::Pawn) && !e.raw.is_drop();
                (pawn
                    && from.rank().index().abs_diff(to.rank().index()) == 2
                    && from.file() == to.file())
                .then(|| Square::new(((from.index() + to.index()) / 2) as u32))
                .flatten()
            }
        }
    }

    pub(super) fn fen_with(&self, shredder: bool, en_passant: &str) -> PyResult<String> {
        let castling = if shredder {
            CastlingNotation::Shredder
        } else {
            CastlingNotation::XFen
        };
        let ep = match en_passant {
            "legal" => EnPassantMode::Legal,
            "xfen" | "fen" => EnPassantMode::PseudoLegal,
            other => {
                return Err(PyValueError::new_err(format!(
                    "en_passant={other:?}: one of 'legal', 'fen', 'xfen'"
                )))
            }
        };
        if let Some(loose) = self.loose() {
            return Ok(Board::loose_fen(&loose, en_passant));
        }
        let pos = &self.pos;
        let mut fen = pos.fen_with(castling, ep);
        if en_passant == "fen" {
            if let Some(ep) = self.raw_ep_square() {
                let mut fields: Vec<String> = fen.split(' ').map(str::to_string).collect();
                if fields.len() > 3 {
                    fields[3] = ep.to_string();
                }
                fen = fields.join(" ");
            }
        }
        Ok(fen)
    }

    pub(super) fn board_fen_inner(&self) -> String {
        let mut s = String::new();
        let _ = self.placement().write_fen(&mut s);
        s
    }

    pub(super) fn checkers_bb(&self) -> Bitboard {
        if self.var.as_ref().is_some_and(|v| v.checks_void()) {
            return Bitboard::EMPTY;
        }
        match &self.invalid {
            Some(s) => s.checkers(),
            None => self.pos.checkers(),
        }
    }

    pub(super) fn attacks_bb(&self, sq: Square) -> Bitboard {
        let b = self.placement();
        match b.piece_at(sq) {
            Some(p) => at::attacks(p, sq, b.occupied()),
            None => Bitboard::EMPTY,
        }
    }

    pub(super) fn pin_bb(&self, c: Color, sq: Square) -> Bitboard {
        self.raw_setup().pin_mask(c, sq)
    }

    pub(super) fn status_bits(&self) -> u32 {
        if let Some(v) = &self.var {
            return v.status_bits();
        }
        let setup = self.raw_setup();
        if self.stack.is_empty() {
            setup.status(self.chess960).0
        } else {
            setup.status_in_game(self.chess960).0
        }
    }

    pub(super) fn unicode_inner(
        &self,
        invert_color: bool,
        borders: bool,
        empty: &str,
        orientation: bool,
    ) -> String {
        let b = self.placement();
        let mut out = String::new();
        let ranks: Vec<u32> = if orientation {
            (0..8).rev().collect()
        } else {
            (0..8).collect()
        };
        let files: Vec<u32> = if orientation {
            (0..8).collect()
        } else {
            (0..8).rev().collect()
        };
        for &r in &ranks {
            if borders {
                out.push_str("  -----------------\n");
                let _ = write!(out, "{} ", r + 1);
            }
            for (i, &f) in files.iter().enumerate() {
                if borders {
                    out.push('|');
                } else if i > 0 {
                    out.push(' ');
                }
                let sq = Square::new(r * 8 + f).unwrap_or(Square::A1);
                match b.piece_at(sq) {
                    Some(p) => out.push_str(&Piece::of(p).unicode_symbol(invert_color)),
                    None => out.push_str(empty),
                }
            }
            if borders {
                out.push('|');
            }
            if borders || (if orientation { r > 0 } else { r < 7 }) {
                out.push('\n');
            }
        }
        if borders {
            out.push_str("  -----------------\n");
            out.push_str(if orientation {
                "   a b c d e f g h"
            } else {
                "   h g f e d c b a"
            });
        }
        out
    }

    pub(super) fn make_outcome<'py>(
        py: Python<'py>,
        o: Option<(&'static str, Option<bool>)>,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        let Some((name, winner)) = o else {
            return Ok(None);
        };
        let termination = package_attr(py, &TERMINATION, "Termination")?.getattr(name)?;
        Ok(Some(
            package_attr(py, &OUTCOME, "Outcome")?.call1((termination, winner))?,
        ))
    }
}
