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

use crate::board::{invalid_san, make_move, san_error, Move, Piece};
use crate::{IllegalMoveError, InvalidMoveError};

/// A board of a chess variant with its moves played.
#[pyclass(module = "chessbits.variant", subclass, skip_from_py_object)]
#[derive(Clone, Debug)]
pub struct VariantBoard {
    pos: VariantPosition,
    stack: Vec<(VariantPosition, RawMove, Move)>,
    /// The setup as last set up (FEN, editing) while no move has been played since: what
    /// `status()` reads (python-chess keeps castling rights and the en-passant square as
    /// given), and the board itself when it is no position of its variant.
    given: Option<Box<Setup>>,
    /// The placement is no position of the variant (python-chess keeps such a board and
    /// reports it in `status()`): `given` is the board, `pos` is unused, no move is legal.
    invalid: bool,
}

fn fields(pos: &VariantPosition, m: RawMove) -> Move {
    let text = pos.uci(m);
    crate::board::move_from_uci_text(&text).unwrap_or_default()
}

impl VariantBoard {
    /// The board of `setup` in `variant`: a position when it is one, else kept as given.
    fn of_setup(variant: Variant, mut setup: Setup) -> VariantBoard {
        // The variant's own fields, as its FEN has them (python-chess writes `[]` and
        // `3+3` when the text had none).
        if variant == Variant::Crazyhouse {
            setup.pockets.get_or_insert_default();
        } else {
            setup.pockets = None;
        }
        if variant == Variant::ThreeCheck {
            setup.remaining_checks.get_or_insert_default();
        } else {
            setup.remaining_checks = None;
        }
        let mode = chessbits_position::CastlingMode::detect(&setup);
        // The position has the rights python-chess's rule keeps (a board set up with others
        // has them in `given`, for `status()`).
        let mut playable = setup.clone();
        playable.castling_rights = setup.clean_castling_rights(setup.chess960);
        let (pos, invalid) = match VariantPosition::from_setup(variant, &playable, mode) {
            Ok(pos) => (pos, false),
            Err(_) => (VariantPosition::new(variant), true),
        };
        VariantBoard {
            pos,
            stack: Vec::new(),
            given: Some(Box::new(setup)),
            invalid,
        }
    }

    /// The playable position (`None` for a board that is no position of its variant).
    fn position(&self) -> Option<&VariantPosition> {
        (!self.invalid).then_some(&self.pos)
    }

    /// The board as a setup: the en-passant square after every double push (as
    /// python-chess's `ep_square`), pockets and counters of the variant.
    fn setup(&self) -> Setup {
        match (&self.given, self.invalid) {
            (Some(given), true) => (**given).clone(),
            _ => {
                let mut setup = self.pos.to_setup();
                setup.ep_square = self.pos.ep_square();
                setup
            }
        }
    }

    /// The setup `status()` judges: as given while no move has been played since.
    fn status_setup(&self) -> Setup {
        match &self.given {
            Some(given) if self.stack.is_empty() => (**given).clone(),
            _ => self.setup(),
        }
    }

    fn not_a_position(&self) -> PyErr {
        IllegalMoveError::new_err(format!(
            "no move is legal: the board is no position of {} ({})",
            self.pos.variant(),
            self.setup().fen()
        ))
    }

    fn decode(&self, obj: &Bound<'_, PyAny>) -> PyResult<(RawMove, Move)> {
        if self.invalid {
            return Err(self.not_a_position());
        }
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
        if !chessbits_movegen::san::is_python_chess_form(san.as_bytes()) {
            return Err(invalid_san(san));
        }
        if self.invalid {
            return Err(self.not_a_position());
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
        if self.invalid {
            return Err(self.not_a_position());
        }
        self.pos.parse_uci(uci.as_bytes()).ok_or_else(|| {
            IllegalMoveError::new_err(format!("illegal drop san: {san:?} in {}", self.pos.fen()))
        })
    }

    fn play(&mut self, m: RawMove, mv: Move) {
        self.given = None;
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

    /// The legal (or pseudo-legal) moves from `from_mask` to `to_mask` (a drop's from
    /// square is its to square) of the kind `only` keeps.
    fn moves_list<'py>(
        &self,
        py: Python<'py>,
        legal: bool,
        from_mask: u64,
        to_mask: u64,
        only: Only,
    ) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        let Some(pos) = self.position() else {
            return Ok(list);
        };
        let moves = if legal {
            pos.legal_moves()
        } else {
            pos.pseudo_legal_moves()
        };
        for m in moves {
            let f = fields(pos, m);
            // python-chess tests castling's to square as the rook's (the move is king takes
            // rook inside), a drop's square against both masks.
            let (from, to) = match m.kind() {
                MoveKind::Drop(_) => (m.to().index(), m.to().index()),
                _ if m.is_castle() => (m.from().index(), m.to().index()),
                _ => (usize::from(f.from), usize::from(f.to)),
            };
            if from_mask >> from & 1 == 0 || to_mask >> to & 1 == 0 {
                continue;
            }
            let keep = match only {
                Only::All => true,
                Only::Captures => captures(pos, m),
                Only::Castling => m.is_castle(),
                Only::EnPassant => m.is_en_passant(),
                Only::Drops => m.is_drop(),
            };
            if !keep {
                continue;
            }
            list.append(make_move(py, f.from, f.to, f.promotion, f.drop)?)?;
        }
        Ok(list)
    }

    /// Whether `m` is among the pseudo-legal moves, or a crazyhouse drop python-chess
    /// calls pseudo-legal (a piece in the pocket onto an empty square, no pawn on a back
    /// rank).
    fn is_pseudo(&self, obj: &Bound<'_, PyAny>) -> bool {
        let Some(pos) = self.position() else {
            return false;
        };
        let text = match obj.extract::<String>() {
            Ok(s) => s,
            Err(_) => match crate::board::uci_of(obj) {
                Ok(s) => s,
                Err(_) => return false,
            },
        };
        let Ok(raw) = RawMove::from_uci_ascii(text.as_bytes()) else {
            return false;
        };
        if raw.is_null() {
            return false;
        }
        if let MoveKind::Drop(role) = raw.kind() {
            let to = raw.to();
            return pos.variant() == Variant::Crazyhouse
                && !pos.board().occupied().contains(to)
                && !(role == Role::Pawn
                    && chessbits_bitboard_core::Bitboard::BACKRANKS.contains(to))
                && pos.pockets().count(pos.turn(), role) > 0;
        }
        pos.pseudo_legal_moves()
            .into_iter()
            .any(|m| pos.uci(m) == text)
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
        if self.invalid {
            return vec![self.setup()];
        }
        let mut keys = vec![key(&self.pos)];
        for (before, m, _) in self.stack.iter().rev() {
            if VariantBoard::irreversible(before, *m) {
                break;
            }
            keys.push(key(before));
        }
        keys
    }

    /// The board of `setup` (this variant), the stack cleared; kept as given when it is no
    /// position of the variant (as python-chess keeps it).
    fn rebuild(&mut self, mut setup: Setup) {
        setup.chess960 = self.pos.is_chess960();
        *self = VariantBoard::of_setup(self.pos.variant(), setup);
    }

    fn any_legal(&self) -> bool {
        self.position().is_some_and(|p| p.count_legal_moves() > 0)
    }

    /// python-chess's `_is_halfmoves(n)`: never in crazyhouse (no fifty- or
    /// seventy-five-move rule there).
    fn halfmoves_at_least(&self, n: u32) -> bool {
        self.pos.variant() != Variant::Crazyhouse && self.pos.halfmoves() >= n && self.any_legal()
    }

    /// Whether the board is a position of its variant (it has its moves).
    fn playable(&self) -> bool {
        !self.invalid
    }

    /// python-chess's `status()` of the variant board, as its bits.
    fn status_bits(&self) -> u32 {
        chessbits_movegen::variant::status(
            self.pos.variant(),
            &self.status_setup(),
            !self.stack.is_empty(),
        )
        .0
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

/// `setup` mirrored vertically with the colours swapped: pieces, promoted pieces, turn,
/// castling rights, en-passant square, pockets and check counters (python-chess's
/// `mirror`).
fn mirror_setup(setup: &Setup) -> Setup {
    let mut m = setup.clone();
    m.board = chessbits_position::Board::empty();
    for sq in setup.board.occupied() {
        if let Some(p) = setup.board.piece_at(sq) {
            m.board.put(sq.flip_vertical(), p.role.of(p.color.other()));
        }
    }
    m.promoted = setup.promoted.flip_vertical();
    m.turn = setup.turn.other();
    m.castling_rights = setup.castling_rights.flip_vertical();
    m.ep_square = setup.ep_square.map(Square::flip_vertical);
    m.pockets = setup.pockets.map(|p| {
        let mut swapped = chessbits_position::Pockets::new();
        for c in Color::ALL {
            for role in [
                Role::Pawn,
                Role::Knight,
                Role::Bishop,
                Role::Rook,
                Role::Queen,
            ] {
                for _ in 0..p.count(c, role) {
                    swapped.add(c.other(), role);
                }
            }
        }
        swapped
    });
    m.remaining_checks = setup
        .remaining_checks
        .map(|r| chessbits_position::RemainingChecks::new(r.black, r.white));
    m
}

fn captures(pos: &VariantPosition, m: RawMove) -> bool {
    let theirs = pos.board().by_color(pos.turn().other());
    m.is_en_passant() || (!m.is_castle() && !m.is_drop() && theirs.contains(m.to()))
}

const ALL: u64 = u64::MAX;

/// Which moves a `generate_*` method lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Only {
    All,
    Captures,
    Castling,
    EnPassant,
    Drops,
}

/// `board.legal_moves` and `board.pseudo_legal_moves` of a variant board: generated when
/// iterated, counted by `len()` and `count()`, tested by `in` and `bool()`; calling it
/// gives a list.
#[pyclass(module = "chessbits.variant", frozen, skip_from_py_object)]
#[derive(Debug)]
pub struct VariantLegalMoves {
    board: Py<VariantBoard>,
    legal: bool,
}

#[pymethods]
impl VariantLegalMoves {
    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(self
            .board
            .borrow(py)
            .moves_list(py, self.legal, ALL, ALL, Only::All)?
            .try_iter()?
            .into_any())
    }

    fn __len__(&self, py: Python<'_>) -> usize {
        let b = self.board.borrow(py);
        match b.position() {
            None => 0,
            Some(p) if self.legal => p.count_legal_moves() as usize,
            Some(p) => p.pseudo_legal_moves().len(),
        }
    }

    fn count(&self, py: Python<'_>) -> usize {
        self.__len__(py)
    }

    fn __bool__(&self, py: Python<'_>) -> bool {
        if self.legal {
            self.board.borrow(py).any_legal()
        } else {
            self.__len__(py) > 0
        }
    }

    fn __contains__(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> bool {
        let b = self.board.borrow(py);
        if self.legal {
            b.decode(r#move).is_ok_and(|(m, _)| !m.is_null())
        } else {
            b.is_pseudo(r#move)
        }
    }

    fn __call__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        self.board
            .borrow(py)
            .moves_list(py, self.legal, ALL, ALL, Only::All)
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let b = self.board.borrow(py);
        let Some(pos) = b.position() else {
            return format!("<{} ()>", self.name());
        };
        let texts: Vec<String> = if self.legal {
            pos.legal_moves().into_iter().map(|m| b.san_of(m)).collect()
        } else {
            pos.pseudo_legal_moves()
                .into_iter()
                .map(|m| pos.uci(m))
                .collect()
        };
        format!("<{} ({})>", self.name(), texts.join(", "))
    }
}

impl VariantLegalMoves {
    fn name(&self) -> &'static str {
        if self.legal {
            "LegalMoveGenerator"
        } else {
            "PseudoLegalMoveGenerator"
        }
    }
}

#[pymethods]
impl VariantBoard {
    #[new]
    #[pyo3(signature = (uci_variant, fen=None, chess960=false))]
    fn new(uci_variant: &str, fen: Option<&str>, chess960: bool) -> PyResult<VariantBoard> {
        let variant = Variant::from_name(uci_variant)
            .ok_or_else(|| PyValueError::new_err(format!("unknown variant: {uci_variant:?}")))?;
        let fen = fen.unwrap_or(variant.starting_fen());
        let mut setup = Setup::from_ascii(fen.trim().as_bytes())
            .map_err(|e| PyValueError::new_err(format!("invalid fen: {fen:?}: {e}")))?;
        setup.chess960 = setup.chess960 || chess960;
        Ok(VariantBoard::of_setup(variant, setup))
    }

    /// The legal moves: a lazy collection as python-chess's (iterate, `len`, `in`,
    /// `count()`; calling it gives a list).
    #[getter]
    fn legal_moves(slf: &Bound<'_, Self>) -> VariantLegalMoves {
        VariantLegalMoves {
            board: slf.clone().unbind(),
            legal: true,
        }
    }

    /// The pseudo-legal moves (python-chess's: each piece as it moves, whatever becomes of
    /// its king; legal castling; no drops): a lazy collection as `legal_moves`.
    #[getter]
    fn pseudo_legal_moves(slf: &Bound<'_, Self>) -> VariantLegalMoves {
        VariantLegalMoves {
            board: slf.clone().unbind(),
            legal: false,
        }
    }

    /// The legal moves from a square of `from_mask` to one of `to_mask` (a drop's from
    /// square is its to square).
    #[pyo3(signature = (from_mask=ALL, to_mask=ALL))]
    fn generate_legal_moves<'py>(
        &self,
        py: Python<'py>,
        from_mask: u64,
        to_mask: u64,
    ) -> PyResult<Bound<'py, PyAny>> {
        Ok(self
            .moves_list(py, true, from_mask, to_mask, Only::All)?
            .try_iter()?
            .into_any())
    }

    #[pyo3(signature = (from_mask=ALL, to_mask=ALL))]
    fn generate_pseudo_legal_moves<'py>(
        &self,
        py: Python<'py>,
        from_mask: u64,
        to_mask: u64,
    ) -> PyResult<Bound<'py, PyAny>> {
        Ok(self
            .moves_list(py, false, from_mask, to_mask, Only::All)?
            .try_iter()?
            .into_any())
    }

    #[pyo3(signature = (from_mask=ALL, to_mask=ALL))]
    fn generate_legal_captures<'py>(
        &self,
        py: Python<'py>,
        from_mask: u64,
        to_mask: u64,
    ) -> PyResult<Bound<'py, PyAny>> {
        Ok(self
            .moves_list(py, true, from_mask, to_mask, Only::Captures)?
            .try_iter()?
            .into_any())
    }

    #[pyo3(signature = (from_mask=ALL, to_mask=ALL))]
    fn generate_pseudo_legal_captures<'py>(
        &self,
        py: Python<'py>,
        from_mask: u64,
        to_mask: u64,
    ) -> PyResult<Bound<'py, PyAny>> {
        Ok(self
            .moves_list(py, false, from_mask, to_mask, Only::Captures)?
            .try_iter()?
            .into_any())
    }

    /// The castling moves (their to square tested as the rook's, as python-chess).
    #[pyo3(signature = (from_mask=ALL, to_mask=ALL))]
    fn generate_castling_moves<'py>(
        &self,
        py: Python<'py>,
        from_mask: u64,
        to_mask: u64,
    ) -> PyResult<Bound<'py, PyAny>> {
        Ok(self
            .moves_list(py, true, from_mask, to_mask, Only::Castling)?
            .try_iter()?
            .into_any())
    }

    /// The legal en-passant captures.
    #[pyo3(signature = (from_mask=ALL, to_mask=ALL))]
    fn generate_legal_ep<'py>(
        &self,
        py: Python<'py>,
        from_mask: u64,
        to_mask: u64,
    ) -> PyResult<Bound<'py, PyAny>> {
        Ok(self
            .moves_list(py, true, from_mask, to_mask, Only::EnPassant)?
            .try_iter()?
            .into_any())
    }

    /// The legal crazyhouse drops onto `to_mask` (none in the other variants).
    #[pyo3(signature = (to_mask=ALL))]
    fn generate_legal_drops<'py>(
        &self,
        py: Python<'py>,
        to_mask: u64,
    ) -> PyResult<Bound<'py, PyAny>> {
        Ok(self
            .moves_list(py, true, ALL, to_mask, Only::Drops)?
            .try_iter()?
            .into_any())
    }

    /// Whether `color` cannot win by the variant's rule whatever is played (python-chess's
    /// `has_insufficient_material` of the variant).
    fn has_insufficient_material(&self, color: bool) -> bool {
        self.position()
            .is_some_and(|p| p.has_insufficient_material(Color::from_white(color)))
    }

    /// Whether neither side can win by the variant's rule.
    fn is_insufficient_material(&self) -> bool {
        self.position()
            .is_some_and(|p| p.is_insufficient_material())
    }

    /// What is wrong with the board by the variant's rules (python-chess's variant
    /// `status()`, as `chessbits.Status` flags; `Status.VALID` for a position).
    fn status<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        py.import("chessbits")?
            .getattr("Status")?
            .call1((self.status_bits(),))
    }

    fn is_valid(&self) -> bool {
        self.status_bits() == 0
    }

    /// Whether the board is a position of its variant, with its moves (an edited board may
    /// be none; python-chess plays on such a board, this one has no legal moves there).
    fn _is_position(&self) -> bool {
        self.playable()
    }

    /// The board mirrored vertically with the colours swapped (pockets and check counters
    /// too; the move stack is not kept).
    fn mirror<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let (variant, mirrored) = {
            let me = slf.borrow();
            (me.pos.variant(), mirror_setup(&me.setup()))
        };
        let new = slf.get_type().call0()?;
        *new.cast::<VariantBoard>()?.borrow_mut() = VariantBoard::of_setup(variant, mirrored);
        Ok(new)
    }

    /// The root position's FEN with the en-passant square after any double push, and the
    /// moves played as UCI (for pickling).
    fn _root_and_moves(&self) -> (String, Vec<String>) {
        let root = match self.stack.first() {
            Some((before, _, _)) => {
                let mut s = before.to_setup();
                s.ep_square = before.ep_square();
                s
            }
            None => self.setup(),
        };
        let moves = self
            .stack
            .iter()
            .map(|(before, m, _)| before.uci(*m))
            .collect();
        (root.fen(), moves)
    }

    /// Replaces the crazyhouse pocket of `color` by `counts` (pawns to queens), keeping the
    /// moves played (python-chess's writable pockets).
    fn _set_pocket(&mut self, color: bool, counts: [u8; 5]) {
        let color = Color::from_white(color);
        let roles = [
            Role::Pawn,
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Queen,
        ];
        let mut pockets = chessbits_position::Pockets::new();
        for c in Color::ALL {
            for (i, &role) in roles.iter().enumerate() {
                let n = if c == color {
                    counts[i]
                } else {
                    self.setup().pockets.unwrap_or_default().count(c, role)
                };
                for _ in 0..n {
                    pockets.add(c, role);
                }
            }
        }
        if self.invalid {
            if let Some(given) = &mut self.given {
                given.pockets = Some(pockets);
            }
        } else {
            self.pos.set_pockets(pockets);
            if let Some(given) = &mut self.given {
                given.pockets = Some(pockets);
            }
        }
    }

    /// The square a pawn skipped with a double push on the last move, or `None`.
    #[getter]
    fn ep_square(&self) -> Option<u8> {
        self.setup().ep_square.map(|s| s.index() as u8)
    }

    /// Whether an en-passant capture is legal.
    fn has_legal_en_passant(&self) -> bool {
        self.position()
            .is_some_and(|p| p.legal_ep_square().is_some())
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
        let mut board = self.clone();
        board.stack.clear();
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
        let Some(pos) = self.position() else {
            return false;
        };
        pos.legal_moves()
            .into_iter()
            .any(|m| count(&key(&pos.play_unchecked(m))) >= 2)
    }

    fn is_fifty_moves(&self) -> bool {
        self.halfmoves_at_least(100)
    }

    fn is_seventyfive_moves(&self) -> bool {
        self.halfmoves_at_least(150)
    }

    /// python-chess's rule: fifty moves have passed, or the halfmove clock is at least 99
    /// and a legal move that does not reset it leads to a position where fifty moves have
    /// passed (the clock at 100 or more and a legal move there).
    fn can_claim_fifty_moves(&self) -> bool {
        if self.is_fifty_moves() {
            return true;
        }
        let Some(pos) = self.position() else {
            return false;
        };
        pos.variant() != Variant::Crazyhouse
            && pos.halfmoves() >= 99
            && pos.legal_moves().into_iter().any(|m| {
                if VariantBoard::zeroing(pos, m) {
                    return false;
                }
                let after = pos.play_unchecked(m);
                after.halfmoves() >= 100 && after.count_legal_moves() > 0
            })
    }

    fn can_claim_draw(&self) -> bool {
        self.can_claim_fifty_moves() || self.can_claim_threefold_repetition()
    }

    /// Puts `piece` (a `Piece`, a python-chess `Piece`, or `None` to empty the square) on
    /// `square` and clears the move stack, as python-chess; `promoted` marks it promoted
    /// (crazyhouse). A board that is no position of the variant is kept, without legal
    /// moves, and `status()` says what is wrong (as python-chess).
    #[pyo3(signature = (square, piece, promoted=false))]
    fn set_piece_at(
        &mut self,
        square: i64,
        piece: Option<&Bound<'_, PyAny>>,
        promoted: bool,
    ) -> PyResult<()> {
        let sq = square_of(square)?;
        let piece = piece.map(Piece::extract).transpose()?;
        let mut setup = self.status_setup();
        setup.board.discard(sq);
        setup.promoted.remove(sq);
        if let Some(p) = piece {
            setup.board.put(sq, p.raw());
            if promoted {
                setup.promoted.insert(sq);
            }
        }
        self.rebuild(setup);
        Ok(())
    }

    /// Empties `square` and clears the move stack; the piece that was there, or `None`
    /// (kept as `set_piece_at` keeps it).
    fn remove_piece_at(&mut self, square: i64) -> PyResult<Option<Piece>> {
        let sq = square_of(square)?;
        let mut setup = self.status_setup();
        let removed = setup.board.discard(sq);
        setup.promoted.remove(sq);
        self.rebuild(setup);
        Ok(removed.map(Piece::of))
    }

    /// Sets the board from a FEN of the variant and clears the move stack (`ValueError`
    /// for text that is no FEN; a board that is no position is kept, as `set_piece_at`).
    fn set_fen(&mut self, fen: &str) -> PyResult<()> {
        let setup = Setup::from_ascii(fen.trim().as_bytes())
            .map_err(|e| PyValueError::new_err(format!("invalid fen: {fen:?}: {e}")))?;
        *self = VariantBoard::of_setup(self.pos.variant(), setup);
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
        let mut setup = self.status_setup();
        setup.board = parsed.board;
        setup.promoted = parsed.promoted;
        self.rebuild(setup);
        Ok(())
    }

    /// Replaces the castling rights by a FEN castling field (`KQkq`, Shredder or X-FEN
    /// letters, `-` or empty for none) and clears the move stack, as python-chess.
    fn set_castling_fen(&mut self, castling_fen: &str) -> PyResult<()> {
        let mut setup = self.status_setup();
        if castling_fen.is_empty() || castling_fen == "-" {
            setup.castling_rights = chessbits_bitboard_core::Bitboard::EMPTY;
            self.rebuild(setup);
            return Ok(());
        }
        let invalid = || PyValueError::new_err(format!("invalid castling fen: {castling_fen:?}"));
        // python-chess's FEN_CASTLING_REGEX: up to four white letters, then up to four black.
        let upper = castling_fen
            .bytes()
            .take_while(|b| matches!(b, b'K' | b'Q' | b'A'..=b'H'))
            .count();
        let lower = castling_fen[upper..]
            .bytes()
            .take_while(|b| matches!(b, b'k' | b'q' | b'a'..=b'h'))
            .count();
        if upper > 4 || lower > 4 || upper + lower != castling_fen.len() {
            return Err(invalid());
        }
        // python-chess's `_set_castling_fen`: `K`/`Q` the outermost rook on that side of
        // the king (the corner when there is none), a letter that file's back-rank square.
        let mut rights = chessbits_bitboard_core::Bitboard::EMPTY;
        for flag in castling_fen.bytes() {
            let color = Color::from_white(flag.is_ascii_uppercase());
            let rank = if color == Color::White { 0 } else { 7 };
            let rooks = setup.board.by_piece(Role::Rook.of(color))
                & chessbits_bitboard_core::Bitboard::rank(
                    chessbits_bitboard_core::Rank::new_masked(rank),
                );
            let king = (setup.board.by_piece(Role::King.of(color)) - setup.promoted).msb();
            let corner = |file: u32| Square::new_masked(rank * 8 + file);
            // (python-chess's `lsb`/`msb` of no rooks is -1: `Q` then adds nothing when
            // there is a king, `K` the corner.)
            let square = match flag.to_ascii_lowercase() {
                b'q' => match (rooks.lsb(), king) {
                    (Some(r), Some(k)) if r.index() < k.index() => Some(r),
                    (None, Some(_)) => None,
                    _ => Some(corner(0)),
                },
                b'k' => match (rooks.msb(), king) {
                    (Some(r), Some(k)) if k.index() < r.index() => Some(r),
                    _ => Some(corner(7)),
                },
                letter => Some(corner(u32::from(letter - b'a'))),
            };
            if let Some(square) = square {
                rights.insert(square);
            }
        }
        setup.castling_rights = rights;
        self.rebuild(setup);
        Ok(())
    }

    /// Empties the board: no pieces, White to move, no castling rights or en-passant
    /// square, the clocks at 0 and 1, empty pockets, three checks each; the move stack
    /// cleared (python-chess's `clear`).
    fn clear(&mut self) {
        let mut setup = Setup::empty();
        setup.chess960 = self.pos.is_chess960();
        self.rebuild(setup);
    }

    /// Removes every piece (and empties the pockets, resets the checks to three), keeping
    /// the side to move, the castling rights and the clocks; clears the move stack.
    fn clear_board(&mut self) {
        let mut setup = self.status_setup();
        setup.board = chessbits_position::Board::empty();
        setup.promoted = chessbits_bitboard_core::Bitboard::EMPTY;
        setup.pockets = None;
        setup.remaining_checks = None;
        self.rebuild(setup);
    }

    /// Forgets the moves played; the position stays.
    fn clear_stack(&mut self) {
        self.stack.clear();
    }

    /// The variant's starting position, no moves played.
    fn reset(&mut self) {
        let variant = self.pos.variant();
        *self = VariantBoard {
            pos: VariantPosition::new(variant),
            stack: Vec::new(),
            given: None,
            invalid: false,
        };
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
        let mut setup = self.setup();
        let raw_ep = setup.ep_square;
        setup.ep_square = self.position().and_then(VariantPosition::legal_ep_square);
        match en_passant {
            "legal" => {}
            "fully" => setup.ep_square = raw_ep,
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
        let null = match r#move.extract::<String>() {
            Ok(text) => text == "0000",
            Err(_) => crate::board::uci_of(r#move).is_ok_and(|t| t == "0000"),
        };
        if null && !self.invalid {
            // python-chess plays the null move on every board.
            self.play(RawMove::NULL, Move::default());
            return Ok(());
        }
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
        if self.invalid {
            // python-chess writes the castling rights its rule keeps (`castling_xfen`), and
            // the en-passant square where a pawn can take on it when the side to move has
            // no king to expose (its move generator runs on such a board; with a king the
            // capture's legality there is not decided here, and none is written).
            let mut setup = self.setup();
            let turn = setup.turn;
            let kingless = setup.board.by_piece(Role::King.of(turn)).is_empty();
            setup.ep_square = setup.ep_square.filter(|&ep| {
                kingless
                    && setup.board.ep_square_is_plausible(turn, ep)
                    && (chessbits_attack_tables::pawn_attacks(turn.other(), ep)
                        & setup.board.by_piece(Role::Pawn.of(turn)))
                    .any()
            });
            let fen = setup.fen();
            let mut fields: Vec<String> = fen.split(' ').map(str::to_string).collect();
            if let Some(castling) = fields.get_mut(2) {
                let mut clean = setup.clone();
                clean.castling_rights =
                    setup.written_castling_rights(setup.clean_castling_rights(setup.chess960));
                *castling = clean.fen().split(' ').nth(2).unwrap_or("-").to_string();
            }
            return fields.join(" ");
        }
        self.pos.fen()
    }

    #[getter]
    fn turn(&self) -> bool {
        self.setup().turn == chessbits_bitboard_core::Color::White
    }

    #[getter]
    fn chess960(&self) -> bool {
        self.pos.is_chess960()
    }

    #[getter]
    fn halfmove_clock(&self) -> u32 {
        self.setup().halfmoves
    }

    #[getter]
    fn fullmove_number(&self) -> u32 {
        self.setup().fullmoves
    }

    fn piece_at(&self, square: u32) -> PyResult<Option<Piece>> {
        let sq = Square::new(square)
            .ok_or_else(|| PyValueError::new_err(format!("square {square}: not in 0..64")))?;
        Ok(self.setup().board.piece_at(sq).map(Piece::of))
    }

    /// The square of `color`'s king (python-chess's: the highest of its unpromoted kings).
    fn king(&self, color: bool) -> Option<u8> {
        let setup = self.setup();
        let kings = setup
            .board
            .by_piece(Role::King.of(Color::from_white(color)))
            - setup.promoted;
        kings.msb().map(|s| s.index() as u8)
    }

    fn is_check(&self) -> bool {
        self.position().is_some_and(VariantPosition::is_check)
    }

    fn is_variant_end(&self) -> bool {
        self.position().is_some_and(VariantPosition::is_variant_end)
    }

    /// `(termination name, winner)` by the variant's rules, or `None`: the variant's end,
    /// checkmate, insufficient material, stalemate, in python-chess's order.
    fn _outcome(&self) -> Option<(&'static str, Option<bool>)> {
        let pos = self.position()?;
        let o = pos.outcome();
        let stalemate = matches!(o, Some(RawOutcome::Draw(RawTermination::Stalemate)));
        if (o.is_none() || stalemate) && pos.is_insufficient_material() {
            return Some(("INSUFFICIENT_MATERIAL", None));
        }
        let o = o?;
        let variant_end = pos.is_variant_end();
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
    /// (`stack=False`: none; a number: the last moves only, as python-chess).
    #[pyo3(signature = (*, stack=None))]
    fn copy<'py>(
        slf: &Bound<'py, Self>,
        stack: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let len = slf.borrow().stack.len();
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
        let new = slf.get_type().call0()?;
        {
            let me = slf.borrow();
            let mut copied = new.cast::<VariantBoard>()?.borrow_mut();
            *copied = me.clone();
            copied.stack.drain(..len - keep);
        }
        Ok(new)
    }

    fn __copy__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        VariantBoard::copy(slf, None)
    }

    fn __deepcopy__<'py>(
        slf: &Bound<'py, Self>,
        _memo: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        VariantBoard::copy(slf, None)
    }

    fn __str__(&self) -> String {
        let setup = self.setup();
        let b = &setup.board;
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
        crate::board::Board::from_setup(self.setup(), self.pos.is_chess960())
    }

    /// The placement field of the FEN; `promoted` (crazyhouse's default) marks promoted
    /// pieces with `~`.
    #[pyo3(signature = (*, promoted=None))]
    fn board_fen(&self, promoted: Option<bool>) -> String {
        let crazyhouse = self.pos.variant() == Variant::Crazyhouse;
        let setup = self.setup();
        let marked = if promoted.unwrap_or(crazyhouse) {
            setup.promoted
        } else {
            chessbits_bitboard_core::Bitboard::EMPTY
        };
        let mut out = String::new();
        let _ = setup.board.write_fen_promoted(&mut out, marked);
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
        2 * (self.setup().fullmoves.max(1) - 1) + u32::from(!self.turn())
    }

    /// The rooks with castling rights, as a square mask.
    #[getter]
    fn castling_rights(&self) -> u64 {
        self.setup().castling_rights.0
    }

    /// Crazyhouse pockets: for Black then White, the counts of pawns, knights, bishops,
    /// rooks and queens (python-chess's order of colours, `pockets[WHITE]`).
    fn _pockets(&self) -> [[u8; 5]; 2] {
        let p = self.setup().pockets.unwrap_or_default();
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
        let r = self.setup().remaining_checks.unwrap_or_default();
        [r.black, r.white]
    }

    fn perft(&self, py: Python<'_>, depth: u32) -> PyResult<u64> {
        if depth > chessbits_movegen::MAX_PERFT_DEPTH {
            return Err(PyValueError::new_err(format!("depth {depth}: too deep")));
        }
        let Some(pos) = self.position() else {
            return Ok(0);
        };
        Ok(py.detach(|| pos.perft(depth)))
    }
}
