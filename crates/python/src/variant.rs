//! The variant side of `chessbits.Board`: a board of one of the Lichess variants over
//! `chessbits-movegen`'s `VariantPosition` (legal moves, SAN, UCI, FEN and the variants'
//! ends). A `Board` of a variant holds one (`Board::var`) and hands it the methods whose
//! answer is the variant's; the Python classes (`AtomicBoard`, ...) subclass `Board` and
//! name their variant.

use chessbits_bitboard_core::{Color, Move as RawMove, MoveKind, Role, Square};
use chessbits_movegen::variant::VariantPosition;
use chessbits_movegen::SanMode;
use chessbits_position::{Setup, Variant};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::board::{invalid_san, make_move, san_error, san_is_null, Move};
use crate::IllegalMoveError;

/// A board of a chess variant with its moves played.
#[derive(Clone, Debug)]
pub struct VariantCore {
    pub(crate) pos: VariantPosition,
    pub(crate) stack: Vec<(VariantPosition, RawMove, Move)>,
    /// The setup as last set up (FEN, editing) while no move has been played since: what
    /// `status()` reads (python-chess keeps castling rights and the en-passant square as
    /// given), and the board itself when it is no position of its variant.
    pub(crate) given: Option<Box<Setup>>,
    /// The placement is no position of the variant (python-chess keeps such a board and
    /// reports it in `status()`): `given` is the board, `pos` is unused, no move is legal.
    pub(crate) invalid: bool,
}

pub(crate) fn fields(pos: &VariantPosition, m: RawMove) -> Move {
    let text = pos.uci(m);
    crate::board::move_from_uci_text(&text).unwrap_or_default()
}

impl VariantCore {
    /// The board of `setup` in `variant`: a position when it is one, else kept as given.
    pub(crate) fn of_setup(variant: Variant, mut setup: Setup) -> VariantCore {
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
        VariantCore {
            pos,
            stack: Vec::new(),
            given: Some(Box::new(setup)),
            invalid,
        }
    }

    /// The playable position (`None` for a board that is no position of its variant).
    pub(crate) fn position(&self) -> Option<&VariantPosition> {
        (!self.invalid).then_some(&self.pos)
    }

    /// The board as a setup: the en-passant square after every double push (as
    /// python-chess's `ep_square`), pockets and counters of the variant.
    pub(crate) fn setup(&self) -> Setup {
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
    pub(crate) fn status_setup(&self) -> Setup {
        match &self.given {
            Some(given) if self.stack.is_empty() => (**given).clone(),
            _ => self.setup(),
        }
    }

    pub(crate) fn not_a_position(&self) -> PyErr {
        IllegalMoveError::new_err(format!(
            "no move is legal: the board is no position of {} ({})",
            self.pos.variant(),
            self.setup().fen()
        ))
    }

    pub(crate) fn decode(&self, obj: &Bound<'_, PyAny>) -> PyResult<(RawMove, Move)> {
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
    pub(crate) fn parse_san_raw(&self, san: &str) -> PyResult<RawMove> {
        if self.pos.variant() == Variant::Crazyhouse && san.contains('@') {
            return self.parse_drop_san(san);
        }
        if san_is_null(san)? {
            return Ok(RawMove::NULL);
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
    pub(crate) fn parse_drop_san(&self, san: &str) -> PyResult<RawMove> {
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

    pub(crate) fn play(&mut self, m: RawMove, mv: Move) {
        self.given = None;
        let next = self.pos.play_unchecked(m);
        let before = std::mem::replace(&mut self.pos, next);
        self.stack.push((before, m, mv));
    }

    pub(crate) fn captures(&self, m: RawMove) -> bool {
        captures(&self.pos, m)
    }

    pub(crate) fn san_of(&self, m: RawMove) -> String {
        let mut s = String::new();
        self.pos.san_plus(m).write_to(&mut s);
        s
    }

    /// The legal (or pseudo-legal) moves from `from_mask` to `to_mask` (a drop's from
    /// square is its to square) of the kind `only` keeps.
    pub(crate) fn moves_list<'py>(
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
    pub(crate) fn is_pseudo(&self, obj: &Bound<'_, PyAny>) -> bool {
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
    pub(crate) fn zeroing(pos: &VariantPosition, m: RawMove) -> bool {
        let pawn = match m.kind() {
            MoveKind::Drop(role) => role == Role::Pawn,
            _ => pos.board().role_at(m.from()) == Some(Role::Pawn),
        };
        pawn || captures(pos, m)
    }

    /// python-chess's `is_irreversible` of `m` in `pos`: a zeroing move, one that loses
    /// castling rights, or any move where an en-passant capture is legal; in three-check a
    /// check too; in crazyhouse only the loss of castling rights.
    pub(crate) fn irreversible(pos: &VariantPosition, m: RawMove) -> bool {
        let after = pos.play_unchecked(m);
        let castling = after.castling_rights() != pos.castling_rights();
        match pos.variant() {
            Variant::Crazyhouse => castling,
            // A check spends one of the three.
            Variant::ThreeCheck if after.is_check() => true,
            _ => castling || VariantCore::zeroing(pos, m) || pos.legal_ep_square().is_some(),
        }
    }

    /// The keys of the positions since the last irreversible move, this one first
    /// (python-chess's window for repetitions).
    pub(crate) fn window(&self) -> Vec<Setup> {
        if self.invalid {
            return vec![self.setup()];
        }
        let mut keys = vec![key(&self.pos)];
        for (before, m, _) in self.stack.iter().rev() {
            if VariantCore::irreversible(before, *m) {
                break;
            }
            keys.push(key(before));
        }
        keys
    }

    /// The board of `setup` (this variant), the stack cleared; kept as given when it is no
    /// position of the variant (as python-chess keeps it).
    pub(crate) fn rebuild(&mut self, mut setup: Setup) {
        setup.chess960 = self.pos.is_chess960();
        *self = VariantCore::of_setup(self.pos.variant(), setup);
    }

    pub(crate) fn any_legal(&self) -> bool {
        self.position().is_some_and(|p| p.count_legal_moves() > 0)
    }

    /// python-chess's `_is_halfmoves(n)`: never in crazyhouse (no fifty- or
    /// seventy-five-move rule there).
    pub(crate) fn halfmoves_at_least(&self, n: u32) -> bool {
        self.pos.variant() != Variant::Crazyhouse && self.pos.halfmoves() >= n && self.any_legal()
    }

    /// Whether the board is a position of its variant (it has its moves).
    pub(crate) fn playable(&self) -> bool {
        !self.invalid
    }

    /// python-chess's `status()` of the variant board, as its bits.
    pub(crate) fn status_bits(&self) -> u32 {
        chessbits_movegen::variant::status(
            self.pos.variant(),
            &self.status_setup(),
            !self.stack.is_empty(),
        )
        .0
    }
}

pub(crate) fn square_of(index: i64) -> PyResult<Square> {
    u32::try_from(index)
        .ok()
        .and_then(Square::new)
        .ok_or_else(|| PyValueError::new_err(format!("square {index}: not in 0..64")))
}

/// A position's repetition key, as python-chess's `_transposition_key`: placement, turn,
/// castling rights, the en-passant square when a capture is legal, pockets and promoted
/// pieces (crazyhouse), the remaining checks (three-check); no clocks.
pub(crate) fn key(pos: &VariantPosition) -> Setup {
    let mut setup = pos.to_setup();
    setup.halfmoves = 0;
    setup.fullmoves = 0;
    setup
}

/// `setup` mirrored vertically with the colours swapped: pieces, promoted pieces, turn,
/// castling rights, en-passant square, pockets and check counters (python-chess's
/// `mirror`).
pub(crate) fn mirror_setup(setup: &Setup) -> Setup {
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

pub(crate) fn captures(pos: &VariantPosition, m: RawMove) -> bool {
    let theirs = pos.board().by_color(pos.turn().other());
    m.is_en_passant() || (!m.is_castle() && !m.is_drop() && theirs.contains(m.to()))
}

/// Which moves a `generate_*` method lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Only {
    All,
    Captures,
    Castling,
    EnPassant,
    Drops,
}

mod methods;
mod rules;
