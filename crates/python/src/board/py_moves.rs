//! The board's moves: generators, the stack, SAN/UCI, and the questions about a move.

use chessbits_bitboard_core::{Bitboard, Color, Move as RawMove, Role, Square};
use chessbits_position::CastlingSide;
use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::IllegalMoveError;

use super::core::{role, square, ALL};
use super::generator::MoveGenerator;
use super::moves::{illegal, move_obj, Move};
use super::state::Board;
use crate::variant::Only;

#[pymethods]
impl Board {
    // ----- moves -----

    /// The legal moves: iterate, `len()`, `in`, `count()`, `bool()`; calling it gives a list.
    #[getter]
    pub(super) fn legal_moves(slf: &Bound<'_, Self>) -> MoveGenerator {
        MoveGenerator {
            board: slf.clone().unbind(),
            legal: true,
        }
    }

    /// The pseudo-legal moves (legal but for leaving the king attacked).
    #[getter]
    pub(super) fn pseudo_legal_moves(slf: &Bound<'_, Self>) -> MoveGenerator {
        MoveGenerator {
            board: slf.clone().unbind(),
            legal: false,
        }
    }

    #[pyo3(signature = (from_mask=ALL, to_mask=ALL))]
    pub(super) fn generate_legal_moves(
        &self,
        py: Python<'_>,
        from_mask: u64,
        to_mask: u64,
    ) -> PyResult<Py<PyAny>> {
        self.generated(py, true, from_mask, to_mask, Only::All)
    }

    #[pyo3(signature = (from_mask=ALL, to_mask=ALL))]
    pub(super) fn generate_pseudo_legal_moves(
        &self,
        py: Python<'_>,
        from_mask: u64,
        to_mask: u64,
    ) -> PyResult<Py<PyAny>> {
        self.generated(py, false, from_mask, to_mask, Only::All)
    }

    #[pyo3(signature = (from_mask=ALL, to_mask=ALL))]
    pub(super) fn generate_legal_captures(
        &self,
        py: Python<'_>,
        from_mask: u64,
        to_mask: u64,
    ) -> PyResult<Py<PyAny>> {
        self.generated(py, true, from_mask, to_mask, Only::Captures)
    }

    #[pyo3(signature = (from_mask=ALL, to_mask=ALL))]
    pub(super) fn generate_pseudo_legal_captures(
        &self,
        py: Python<'_>,
        from_mask: u64,
        to_mask: u64,
    ) -> PyResult<Py<PyAny>> {
        self.generated(py, false, from_mask, to_mask, Only::Captures)
    }

    #[pyo3(signature = (from_mask=ALL, to_mask=ALL))]
    pub(super) fn generate_castling_moves(
        &self,
        py: Python<'_>,
        from_mask: u64,
        to_mask: u64,
    ) -> PyResult<Py<PyAny>> {
        if let Some(v) = &self.var {
            return Ok(v
                .generate(py, true, from_mask, to_mask, Only::Castling)?
                .unbind());
        }
        self.legal_of_kind(
            py,
            from_mask,
            to_mask,
            |l, f, t| l.castling_moves(f, t),
            RawMove::is_castle,
        )
    }

    #[pyo3(signature = (from_mask=ALL, to_mask=ALL))]
    pub(super) fn generate_legal_ep(
        &self,
        py: Python<'_>,
        from_mask: u64,
        to_mask: u64,
    ) -> PyResult<Py<PyAny>> {
        if let Some(v) = &self.var {
            return Ok(v
                .generate(py, true, from_mask, to_mask, Only::EnPassant)?
                .unbind());
        }
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
    pub(super) fn generate_pseudo_legal_ep(
        &self,
        py: Python<'_>,
        from_mask: u64,
        to_mask: u64,
    ) -> PyResult<Py<PyAny>> {
        if let Some(v) = &self.var {
            return Ok(v.ep_moves(py, false, from_mask, to_mask)?.unbind());
        }
        let list = PyList::empty(py);
        let setup = self.raw_setup();
        let loose = chessbits_movegen::loose::Loose {
            setup: &setup,
            chess960: self.chess960,
            in_game: !self.stack.is_empty(),
        };
        for m in loose.pseudo_legal_ep(Bitboard(from_mask), Bitboard(to_mask)) {
            list.append(move_obj(py, super::loose::loose_fields(&loose, m))?)?;
        }
        Ok(list.try_iter()?.into_any().unbind())
    }

    /// The legal crazyhouse drops onto `to_mask` (`CrazyhouseBoard.generate_legal_drops`;
    /// none on other boards).
    #[pyo3(signature = (to_mask=ALL))]
    pub(super) fn _generate_legal_drops(
        &self,
        py: Python<'_>,
        to_mask: u64,
    ) -> PyResult<Py<PyAny>> {
        match &self.var {
            Some(v) => Ok(v.generate(py, true, ALL, to_mask, Only::Drops)?.unbind()),
            None => Ok(PyList::empty(py).try_iter()?.into_any().unbind()),
        }
    }

    /// The moves played since the root position, oldest first (a new list each call).
    #[getter]
    pub(super) fn move_stack(&self, py: Python<'_>) -> PyResult<Py<PyList>> {
        if let Some(v) = &self.var {
            let list = PyList::empty(py);
            for m in v.move_stack() {
                list.append(move_obj(py, m)?)?;
            }
            return Ok(list.unbind());
        }
        let list = PyList::empty(py);
        for e in &self.stack {
            list.append(move_obj(py, e.mv)?)?;
        }
        Ok(list.unbind())
    }

    /// The number of plies since the start of the game (from the fullmove number).
    pub(super) fn ply(&self) -> u32 {
        2 * (self.get_fullmove_number().max(1) - 1) + u32::from(!self.get_turn())
    }

    /// The board before the first move of the stack.
    pub(super) fn root(slf: &Bound<'_, Self>) -> PyResult<Py<PyAny>> {
        let root = slf.borrow().root_board();
        Ok(Board::like(slf, root)?.unbind())
    }

    /// Plays `move` (a `Move`, a `chess.Move`, or UCI text) without checking it, as
    /// python-chess does: a legal move by the position's make, anything else by
    /// python-chess's rules (position's `Setup::play_loose`), the board then perhaps no
    /// legal position. `AssertionError` (python-chess's) when no piece stands on the origin.
    pub(super) fn push(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        if let Some(r) = self.var_mut(|v| v.push(r#move)) {
            return r;
        }
        let m = self.move_arg(r#move)?;
        self.push_move(m)
    }

    /// Takes back the last move and returns it; `IndexError` when none was played.
    pub(super) fn pop<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, Move>> {
        if let Some(r) = self.var_mut(|v| v.pop()) {
            return move_obj(py, r?);
        }
        let e = self
            .stack
            .pop()
            .ok_or_else(|| PyIndexError::new_err("pop from empty list"))?;
        let mv = e.mv;
        self.unplay(e);
        move_obj(py, mv)
    }

    /// The last move played; `IndexError` when none was.
    pub(super) fn peek<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, Move>> {
        if let Some(v) = &self.var {
            return move_obj(py, v.peek()?);
        }
        let m = self
            .stack
            .last()
            .map(|e| e.mv)
            .ok_or_else(|| PyIndexError::new_err("list index out of range"))?;
        move_obj(py, m)
    }

    /// The move `text` (SAN: `Nf3`, `exd5`, `O-O`, `e8=Q+`) names here.
    pub(super) fn parse_san<'py>(&self, py: Python<'py>, san: &str) -> PyResult<Bound<'py, Move>> {
        if let Some(v) = &self.var {
            return move_obj(py, v.parse_san(san)?);
        }
        if let Some(loose) = self.loose() {
            return move_obj(py, self.loose_parse_san(&loose, san)?);
        }
        let raw = self.parse_san_raw(san)?;
        move_obj(py, Move::of(&self.pos, raw))
    }

    /// Reads SAN and plays it; returns the move.
    pub(super) fn push_san<'py>(
        &mut self,
        py: Python<'py>,
        san: &str,
    ) -> PyResult<Bound<'py, Move>> {
        if let Some(r) = self.var_mut(|v| v.push_san(san)) {
            return move_obj(py, r?);
        }
        if let Some(loose) = self.loose() {
            let m = self.loose_parse_san(&loose, san)?;
            self.push_move(m)?;
            return move_obj(py, m);
        }
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
    pub(super) fn parse_uci<'py>(&self, py: Python<'py>, uci: &str) -> PyResult<Bound<'py, Move>> {
        if let Some(v) = &self.var {
            return move_obj(py, v.parse_uci(py, uci)?);
        }
        move_obj(py, self.parse_uci_move(uci)?)
    }

    /// Reads UCI and plays it; returns the move.
    pub(super) fn push_uci<'py>(
        &mut self,
        py: Python<'py>,
        uci: &str,
    ) -> PyResult<Bound<'py, Move>> {
        if let Some(r) = self.var_mut(|v| v.push_uci(py, uci)) {
            return move_obj(py, r?);
        }
        let m = self.parse_uci_move(uci)?;
        let (raw, _) = match self.legal(&m) {
            Some(raw) => (raw, m),
            None => return Err(illegal("illegal uci", &m, &self.fen_default())),
        };
        self.play(raw, m);
        move_obj(py, m)
    }

    /// The SAN of a legal move, with `+` or `#`.
    pub(super) fn san(&self, r#move: &Bound<'_, PyAny>) -> PyResult<String> {
        if let Some(v) = &self.var {
            return v.san(r#move);
        }
        // A move that is not legal here (or any move of a board that is no position) is
        // written as python-chess writes it, which checks no legality.
        let m = self.move_arg(r#move)?;
        match self.legal(&m).filter(|raw| !raw.is_null()) {
            Some(raw) => Ok(Board::san_of(&self.pos, raw)),
            None => self.san_of_any(&m, false),
        }
    }

    /// The SAN of a legal move, played (as python-chess's `san_and_push`).
    pub(super) fn san_and_push(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<String> {
        if let Some(r) = self.var_mut(|v| v.san_and_push(r#move)) {
            return r;
        }
        let m = self.move_arg(r#move)?;
        if self.legal(&m).filter(|raw| !raw.is_null()).is_none() {
            let san = self.san_of_any(&m, false)?;
            self.push_move(m)?;
            return Ok(san);
        }
        let (raw, _) = self.require_legal(r#move)?;
        let san = Board::san_of(&self.pos, raw);
        let mv = Move::of(&self.pos, raw);
        self.play(raw, mv);
        Ok(san)
    }

    /// The long algebraic notation of a legal move (`Ng1-f3`, `e4xd5`, `e7-e8=Q+`).
    pub(super) fn lan(&self, r#move: &Bound<'_, PyAny>) -> PyResult<String> {
        if let Some(v) = &self.var {
            return v.lan(r#move);
        }
        let m = self.move_arg(r#move)?;
        if self.legal(&m).filter(|raw| !raw.is_null()).is_none() {
            return self.san_of_any(&m, true);
        }
        let (raw, _) = self.require_legal(r#move)?;
        Ok(Board::lan_of(&self.pos, raw))
    }

    /// The UCI text of a move as this board writes it (king-takes-rook castling when
    /// `chess960`, by default the board's own setting).
    #[pyo3(signature = (r#move, *, chess960=None))]
    pub(super) fn uci(
        &self,
        r#move: &Bound<'_, PyAny>,
        chess960: Option<bool>,
    ) -> PyResult<String> {
        if let Some(v) = &self.var {
            let _ = chess960;
            return v.uci(r#move);
        }
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
    pub(super) fn variation_san(&self, variation: &Bound<'_, PyAny>) -> PyResult<String> {
        if let Some(v) = &self.var {
            return v.variation_san(variation);
        }
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
    pub(super) fn find_move(
        &self,
        from_square: i64,
        to_square: i64,
        promotion: Option<i64>,
    ) -> PyResult<Move> {
        if let Some(v) = &self.var {
            let promo = promotion.map(role).transpose()?;
            let (from, to) = (square(from_square)?, square(to_square)?);
            return v.find_move(from, to, promo).ok_or_else(|| {
                IllegalMoveError::new_err(format!(
                    "no matching legal move for {from}{to} in {}",
                    v.fen()
                ))
            });
        }
        let mut m = Move::new(from_square, to_square, promotion, None)?;
        if promotion.is_none() {
            let pawn = self.placement().role_at(square(from_square)?) == Some(Role::Pawn);
            if pawn && (m.to >> 3 == 0 || m.to >> 3 == 7) {
                m.promotion = 5;
            }
        }
        if self.loose().is_some() {
            // A board that is no position: python-chess's legality there.
            if !m.is_null() && self.is_legal_inner(&m) {
                return Ok(m);
            }
            return Err(illegal("no matching legal move", &m, &self.fen_default()));
        }
        match self.legal(&m) {
            Some(raw) if !m.is_null() => Ok(Move::of(&self.pos, raw)),
            _ => Err(illegal("no matching legal move", &m, &self.fen_default())),
        }
    }

    pub(super) fn is_legal(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        if let Some(v) = &self.var {
            return Ok(v.decode(r#move).is_ok_and(|(m, _)| !m.is_null()));
        }
        let m = Move::extract(r#move)?;
        Ok(self.is_legal_inner(&m))
    }

    pub(super) fn is_pseudo_legal(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        if let Some(v) = &self.var {
            return Ok(v.is_pseudo(r#move));
        }
        let m = Move::extract(r#move)?;
        Ok(self.is_pseudo_legal_inner(&m))
    }

    /// Whether a legal (or pseudo-legal) move gives check.
    pub(super) fn gives_check(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        if let Some(v) = &self.var {
            return v.gives_check(r#move);
        }
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

    pub(super) fn is_into_check(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        if let Some(v) = &self.var {
            return Ok(v.is_into_check(r#move));
        }
        let m = Move::extract(r#move)?;
        if let (Some(loose), Some(raw)) = (self.loose(), Board::uci_form(&m)) {
            return Ok(loose.is_into_check(raw));
        }
        Ok(self.pseudo(&m).is_some() && self.legal(&m).is_none())
    }

    pub(super) fn was_into_check(&self) -> bool {
        if let Some(v) = &self.var {
            return v.was_into_check();
        }
        match &self.invalid {
            Some(s) => s.was_into_check(),
            None => false,
        }
    }

    pub(super) fn is_capture(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        if let Some(v) = &self.var {
            return v.is_capture(r#move);
        }
        let m = Move::extract(r#move)?;
        let b = self.placement();
        let them = b.by_color(self.turn_color().other());
        Ok(them.contains(square(m.to.into())?) || self.is_en_passant_inner(&m))
    }

    pub(super) fn is_en_passant(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        if let Some(v) = &self.var {
            return v.is_en_passant(r#move);
        }
        Ok(self.is_en_passant_inner(&Move::extract(r#move)?))
    }

    pub(super) fn is_zeroing(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        if let Some(v) = &self.var {
            return v.is_zeroing(r#move);
        }
        let m = Move::extract(r#move)?;
        let b = self.placement();
        let touched = Bitboard(1 << m.from) ^ Bitboard(1 << m.to);
        Ok((touched & b.pawns()).any()
            || (touched & b.by_color(self.turn_color().other())).any()
            || m.drop == 1)
    }

    pub(super) fn is_irreversible(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        if let Some(v) = &self.var {
            return v.is_irreversible(r#move);
        }
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

    pub(super) fn is_castling(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        if let Some(v) = &self.var {
            return v.is_castling(r#move);
        }
        Ok(self.castling_side(&Move::extract(r#move)?).is_some())
    }

    pub(super) fn is_kingside_castling(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.castling_side(&Move::extract(r#move)?) == Some(CastlingSide::KingSide))
    }

    pub(super) fn is_queenside_castling(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.castling_side(&Move::extract(r#move)?) == Some(CastlingSide::QueenSide))
    }

    pub(super) fn has_castling_rights(&self, color: bool) -> bool {
        let rank = if color { 0 } else { 7 };
        (self.clean_rights().0 >> (rank * 8)) & 0xff != 0
    }

    pub(super) fn has_kingside_castling_rights(&self, color: bool) -> bool {
        self.side_rights(color, CastlingSide::KingSide)
    }

    pub(super) fn has_queenside_castling_rights(&self, color: bool) -> bool {
        self.side_rights(color, CastlingSide::QueenSide)
    }

    /// Whether the castling rights are not those of standard chess's rooks.
    pub(super) fn has_chess960_castling_rights(&self) -> bool {
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

    pub(super) fn has_legal_en_passant(&self) -> bool {
        if let Some(v) = &self.var {
            return v.has_legal_en_passant();
        }
        self.position()
            .is_some_and(|p| p.legal_ep_square().is_some())
    }

    pub(super) fn has_pseudo_legal_en_passant(&self) -> bool {
        if let Some(v) = &self.var {
            return v.has_pseudo_legal_en_passant();
        }
        self.position().is_some_and(|p| p.ep_square().is_some())
    }
}

impl Board {
    /// The moves of a kind (`only`: all or captures here), legal or pseudo-legal, as an
    /// iterator: the variant's generator on a variant board.
    fn generated(
        &self,
        py: Python<'_>,
        legal: bool,
        from_mask: u64,
        to_mask: u64,
        only: Only,
    ) -> PyResult<Py<PyAny>> {
        if let Some(v) = &self.var {
            return Ok(v.generate(py, legal, from_mask, to_mask, only)?.unbind());
        }
        Ok(self
            .moves_list(py, legal, from_mask, to_mask, only == Only::Captures)?
            .bind(py)
            .try_iter()?
            .into_any()
            .unbind())
    }
}
