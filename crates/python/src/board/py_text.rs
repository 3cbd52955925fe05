//! The board as text (FEN, EPD) and its editing as a whole: set, clear, copy, mirror, transform.

use chessbits_bitboard_core::{Bitboard, Color, Role, Square};
use chessbits_position::{Board as Placement, CastlingSide, Position as Pos, Setup};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple, PyType};
use pyo3::IntoPyObjectExt;

use pyo3::types::IntoPyDict;

use super::core::{package_attr, square, white, write_epd_operations, SVG};
use super::moves::{opt, Move};
use super::piece::Piece;
use super::state::Board;

#[pymethods]
impl Board {
    // ----- text -----

    /// FEN (`shredder=True` for Shredder-FEN castling; `en_passant` `"legal"` (default),
    /// `"xfen"` or `"fen"`).
    #[pyo3(signature = (*, shredder=false, en_passant="legal", promoted=None))]
    pub(super) fn fen(
        &self,
        shredder: bool,
        en_passant: &str,
        promoted: Option<bool>,
    ) -> PyResult<String> {
        if let Some(v) = &self.var {
            let fen = if en_passant == "legal" {
                v.fen()
            } else {
                let epd = v.epd(false, en_passant, promoted, None)?;
                let s = v.current_setup();
                format!("{epd} {} {}", s.halfmoves, s.fullmoves)
            };
            return Ok(if shredder {
                v.with_shredder_castling(&fen)
            } else {
                fen
            });
        }
        let _ = promoted;
        self.fen_with(shredder, en_passant)
    }

    #[pyo3(signature = (*, en_passant="legal", promoted=None))]
    pub(super) fn shredder_fen(
        &self,
        en_passant: &str,
        promoted: Option<bool>,
    ) -> PyResult<String> {
        if self.var.is_some() {
            return self.fen(true, en_passant, promoted);
        }
        let _ = promoted;
        self.fen_with(true, en_passant)
    }

    /// The placement field of the FEN.
    #[pyo3(signature = (*, promoted=None))]
    pub(super) fn board_fen(&self, promoted: Option<bool>) -> String {
        if let Some(v) = &self.var {
            return v.board_fen(promoted);
        }
        let _ = promoted;
        self.board_fen_inner()
    }

    /// EPD: the first four FEN fields, then the operations given as keyword arguments
    /// (`None` for an opcode alone, a number, text, a move (as SAN) or a list of moves).
    #[pyo3(signature = (*, shredder=false, en_passant="legal", promoted=None, **operations))]
    pub(super) fn epd(
        &self,
        shredder: bool,
        en_passant: &str,
        promoted: Option<bool>,
        operations: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<String> {
        if let Some(v) = &self.var {
            return v.epd(shredder, en_passant, promoted, operations);
        }
        let _ = promoted;
        let fen = self.fen_with(shredder, en_passant)?;
        let mut out: String = fen.split(' ').take(4).collect::<Vec<_>>().join(" ");
        if let Some(ops) = operations {
            write_epd_operations(&mut out, ops, |m| self.san(m))?;
        }
        Ok(out)
    }

    /// Replaces the board by a FEN (`ValueError` when it cannot be read).
    pub(super) fn set_fen(&mut self, fen: &str) -> PyResult<()> {
        if let Some(r) = self.var_mut(|v| v.set_fen(fen)) {
            return r;
        }
        *self = Board::from_fen(fen, self.chess960)?;
        Ok(())
    }

    /// Replaces the pieces by a FEN placement (`ValueError` when it cannot be read).
    pub(super) fn set_board_fen(&mut self, fen: &str) -> PyResult<()> {
        if let Some(r) = self.var_mut(|v| v.set_board_fen(fen)) {
            return r;
        }
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
    pub(super) fn set_castling_fen(&mut self, castling_fen: &str) -> PyResult<()> {
        if let Some(r) = self.var_mut(|v| v.set_castling_fen(castling_fen)) {
            return r;
        }
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
    pub(super) fn set_epd<'py>(
        &mut self,
        py: Python<'py>,
        epd: &str,
    ) -> PyResult<Bound<'py, PyDict>> {
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
    pub(super) fn clear(&mut self) {
        if self.var_mut(|v| v.clear()).is_some() {
            return;
        }
        self.replace(Setup::empty());
    }

    pub(super) fn clear_board(&mut self) {
        if self.var_mut(|v| v.clear_board()).is_some() {
            return;
        }
        self.edit(|s| s.board = Placement::empty());
    }

    /// Forgets the moves played; this position becomes the root.
    pub(super) fn clear_stack(&mut self) {
        if self.var_mut(|v| v.clear_stack()).is_some() {
            return;
        }
        *self = self.at_root_here();
    }

    /// The standard start position.
    pub(super) fn reset(&mut self) {
        if self.var_mut(|v| v.reset()).is_some() {
            return;
        }
        *self = Board::from_position(Pos::new(), self.chess960);
    }

    pub(super) fn reset_board(&mut self) {
        // python-chess's `reset_board`: the standard start placement on every board class,
        // no promoted pieces, empty pockets and three checks each; the side to move, the
        // castling rights and the clocks kept; the stack cleared.
        self.edit(|s| {
            s.board = Setup::standard().board;
            s.promoted = Bitboard::EMPTY;
            if s.pockets.is_some() {
                s.pockets = Some(Default::default());
            }
            if s.remaining_checks.is_some() {
                s.remaining_checks = Some(Default::default());
            }
        });
    }

    /// A copy; `stack=False` (or a number) keeps none (or only the last moves). A board of
    /// a subclass (a variant's) copies to its class.
    #[pyo3(signature = (*, stack=None))]
    pub(super) fn copy<'py>(
        slf: &Bound<'py, Self>,
        stack: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let value = slf.borrow().copied(stack)?;
        Board::like(slf, value)
    }

    pub(super) fn __copy__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let value = slf.borrow().clone();
        Board::like(slf, value)
    }

    pub(super) fn __deepcopy__<'py>(
        slf: &Bound<'py, Self>,
        _memo: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let value = slf.borrow().clone();
        Board::like(slf, value)
    }

    /// The board mirrored vertically with the colours swapped (the move stack is not kept).
    pub(super) fn mirror<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let value = slf.borrow().mirrored();
        Board::like(slf, value)
    }

    /// Mirrors the board in place (python-chess's `apply_mirror`).
    pub(super) fn apply_mirror(&mut self) {
        if self.var_mut(|v| v.apply_mirror()).is_some() {
            return;
        }
        *self = self.mirrored();
    }

    /// Applies `f`, a function of a square mask, to every piece set, the castling rights
    /// and the en-passant square (python-chess's `apply_transform`); clears the stack.
    pub(super) fn apply_transform(&mut self, f: &Bound<'_, PyAny>) -> PyResult<()> {
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
    pub(super) fn transform<'py>(
        slf: &Bound<'py, Self>,
        f: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let mut b = slf.borrow().at_root_here();
        b.apply_transform(f)?;
        Board::like(slf, b)
    }

    /// Puts the pieces of a `{square: Piece}` mapping on an empty board; clears the stack.
    pub(super) fn set_piece_map(&mut self, pieces: &Bound<'_, PyAny>) -> PyResult<()> {
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
    pub(super) fn set_chess960_pos(&mut self, scharnagl: i64) -> PyResult<()> {
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
    pub(super) fn from_chess960_pos<'py>(
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
    pub(super) fn chess960_pos(
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
    pub(super) fn xboard(
        &self,
        r#move: &Bound<'_, PyAny>,
        chess960: Option<bool>,
    ) -> PyResult<String> {
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
    pub(super) fn parse_xboard<'py>(
        &self,
        py: Python<'py>,
        xboard: &str,
    ) -> PyResult<Bound<'py, Move>> {
        self.parse_san(py, xboard)
    }

    /// Plays the move XBoard text names.
    pub(super) fn push_xboard<'py>(
        &mut self,
        py: Python<'py>,
        xboard: &str,
    ) -> PyResult<Bound<'py, Move>> {
        self.push_san(py, xboard)
    }

    pub(super) fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let py = other.py();
        if let Ok(b) = other.cast::<Board>() {
            let b = b.borrow();
            let variant = |x: &Board| x.var.as_ref().map(|v| v.variant());
            return (self.fen_default() == b.fen_default() && variant(self) == variant(&b))
                .into_py_any(py);
        }
        Ok(py.NotImplemented())
    }

    pub(super) fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let me = slf.borrow();
        let root_fen = me.root_board().raw_setup().fen();
        let played: Vec<Move> = match &me.var {
            Some(v) => v.move_stack(),
            None => me.stack.iter().map(|e| e.mv).collect(),
        };
        let moves: Vec<(u8, u8, Option<u8>, Option<u8>)> = played
            .iter()
            .map(|m| (m.from, m.to, opt(m.promotion), opt(m.drop)))
            .collect();
        let f = py
            .import("chessbits._chessbits")?
            .getattr("_board_from_moves")?;
        let args = (slf.get_type(), root_fen, me.chess960, moves).into_pyobject(py)?;
        Ok((f, args))
    }

    pub(super) fn __str__(&self) -> String {
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

    pub(super) fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
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
    pub(super) fn unicode(
        &self,
        invert_color: bool,
        borders: bool,
        empty_square: &str,
        orientation: bool,
    ) -> String {
        self.unicode_inner(invert_color, borders, empty_square, orientation)
    }

    pub(super) fn _repr_svg_(slf: &Bound<'_, Self>) -> PyResult<String> {
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
}

impl Board {
    /// The copy `copy(stack=...)` makes.
    pub(super) fn copied(&self, stack: Option<&Bound<'_, PyAny>>) -> PyResult<Board> {
        let len = self
            .var
            .as_ref()
            .map_or(self.stack.len(), |v| v.stack.len());
        let keep = match stack {
            None => len,
            Some(s) if s.is_instance_of::<pyo3::types::PyBool>() => {
                if s.extract::<bool>()? {
                    len
                } else {
                    0
                }
            }
            Some(s) => s.extract::<usize>()?.min(len),
        };
        if keep == len {
            return Ok(self.clone());
        }
        if let Some(v) = &self.var {
            return Ok(Board::of_variant(v.keep_last(keep)));
        }
        self.keep_last(keep)
    }

    /// The board mirrored (`mirror`).
    pub(super) fn mirrored(&self) -> Board {
        if let Some(v) = &self.var {
            return Board::of_variant(v.mirrored());
        }
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
}
