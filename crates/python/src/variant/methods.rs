//! The variant board's operations, one per method of `chessbits.Board` that a variant
//! answers by its own rules (the board's Python methods call them).

use chessbits_bitboard_core::{Color, Move as RawMove, Role, Square};
use chessbits_movegen::variant::VariantPosition;
use chessbits_position::{Outcome as RawOutcome, Setup, Termination as RawTermination, Variant};
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;

use super::{fields, key, mirror_setup, square_of, Only, VariantCore};
use crate::board::{Move, Piece};
use crate::InvalidMoveError;

impl VariantCore {
    /// The board of `fen` (an empty board for `None`) in `variant`.
    pub(crate) fn new(
        variant: Variant,
        fen: Option<&str>,
        chess960: bool,
    ) -> PyResult<VariantCore> {
        let mut setup = match fen {
            Some(fen) => Setup::from_ascii(fen.trim().as_bytes())
                .map_err(|e| PyValueError::new_err(format!("invalid fen: {fen:?}: {e}")))?,
            None => Setup::empty(),
        };
        setup.chess960 = setup.chess960 || chess960;
        Ok(VariantCore::of_setup(variant, setup))
    }

    /// The board mirrored vertically with the colours swapped (pockets and check counters
    /// too; the move stack is not kept).
    pub(crate) fn mirrored(&self) -> VariantCore {
        VariantCore::of_setup(self.pos.variant(), mirror_setup(&self.setup()))
    }

    /// A copy with only the last `keep` moves of the stack.
    pub(crate) fn keep_last(&self, keep: usize) -> VariantCore {
        let mut copied = self.clone();
        let len = copied.stack.len();
        copied.stack.drain(..len - keep.min(len));
        copied
    }

    /// The moves of a kind (`only`), legal or pseudo-legal, from a square of `from_mask` to
    /// one of `to_mask` (a drop's from square is its to square), as an iterator: every
    /// `generate_*` method of a variant board.
    pub(crate) fn generate<'py>(
        &self,
        py: Python<'py>,
        legal: bool,
        from_mask: u64,
        to_mask: u64,
        only: Only,
    ) -> PyResult<Bound<'py, PyAny>> {
        Ok(self
            .moves_list(py, legal, from_mask, to_mask, only)?
            .try_iter()?
            .into_any())
    }

    /// Whether `color` cannot win by the variant's rule whatever is played (python-chess's
    /// `has_insufficient_material` of the variant).
    pub(crate) fn has_insufficient_material(&self, color: bool) -> bool {
        self.position()
            .is_some_and(|p| p.has_insufficient_material(Color::from_white(color)))
    }

    /// Whether neither side can win by the variant's rule.
    pub(crate) fn is_insufficient_material(&self) -> bool {
        self.position()
            .is_some_and(|p| p.is_insufficient_material())
    }

    /// Whether the board is a position of its variant, with its moves (an edited board may
    /// be none; python-chess plays on such a board, this one has no legal moves there).
    pub(crate) fn _is_position(&self) -> bool {
        self.playable()
    }

    /// The root position's FEN with the en-passant square after any double push, and the
    /// moves played as UCI (for pickling).
    pub(crate) fn _root_and_moves(&self) -> (String, Vec<String>) {
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
    pub(crate) fn _set_pocket(&mut self, color: bool, counts: [u8; 5]) {
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

    /// Whether an en-passant capture is legal.
    pub(crate) fn has_legal_en_passant(&self) -> bool {
        self.position()
            .is_some_and(|p| p.legal_ep_square().is_some())
    }

    /// The long algebraic notation of a legal move (`Ng1-f3`, `e4xd5`, `N@f3`, `O-O`).
    pub(crate) fn lan(&self, r#move: &Bound<'_, PyAny>) -> PyResult<String> {
        let (m, _) = self.decode(r#move)?;
        let mut out = String::new();
        chessbits_movegen::san::write_lan_plus(self.pos.san_plus(m), m, &mut out);
        Ok(out)
    }

    /// The SAN of a legal move, played (as python-chess's `san_and_push`).
    pub(crate) fn san_and_push(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<String> {
        let (m, mv) = self.decode(r#move)?;
        let san = self.san_of(m);
        self.play(m, mv);
        Ok(san)
    }

    /// The SAN of a line of moves from here (`1. e4 e5 2. Nf3`); `IllegalMoveError` at the
    /// first illegal one.
    pub(crate) fn variation_san(&self, variation: &Bound<'_, PyAny>) -> PyResult<String> {
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
    pub(crate) fn is_repetition(&self, count: usize) -> bool {
        let window = self.window();
        let now = &window[0];
        window.iter().filter(|k| *k == now).count() >= count
    }

    pub(crate) fn is_fivefold_repetition(&self) -> bool {
        self.is_repetition(5)
    }

    /// Threefold repetition has occurred, or a legal move makes it occur.
    pub(crate) fn can_claim_threefold_repetition(&self) -> bool {
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

    pub(crate) fn is_fifty_moves(&self) -> bool {
        self.halfmoves_at_least(100)
    }

    pub(crate) fn is_seventyfive_moves(&self) -> bool {
        self.halfmoves_at_least(150)
    }

    /// python-chess's rule: fifty moves have passed, or the halfmove clock is at least 99
    /// and a legal move that does not reset it leads to a position where fifty moves have
    /// passed (the clock at 100 or more and a legal move there).
    pub(crate) fn can_claim_fifty_moves(&self) -> bool {
        if self.is_fifty_moves() {
            return true;
        }
        let Some(pos) = self.position() else {
            return false;
        };
        pos.variant() != Variant::Crazyhouse
            && pos.halfmoves() >= 99
            && pos.legal_moves().into_iter().any(|m| {
                if VariantCore::zeroing(pos, m) {
                    return false;
                }
                let after = pos.play_unchecked(m);
                after.halfmoves() >= 100 && after.count_legal_moves() > 0
            })
    }

    pub(crate) fn can_claim_draw(&self) -> bool {
        self.can_claim_fifty_moves() || self.can_claim_threefold_repetition()
    }

    /// Puts `piece` (a `Piece`, a python-chess `Piece`, or `None` to empty the square) on
    /// `square` and clears the move stack, as python-chess; `promoted` marks it promoted
    /// (crazyhouse). A board that is no position of the variant is kept, without legal
    /// moves, and `status()` says what is wrong (as python-chess).
    pub(crate) fn set_piece_at(
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
    pub(crate) fn remove_piece_at(&mut self, square: i64) -> PyResult<Option<Piece>> {
        let sq = square_of(square)?;
        let mut setup = self.status_setup();
        let removed = setup.board.discard(sq);
        setup.promoted.remove(sq);
        self.rebuild(setup);
        Ok(removed.map(Piece::of))
    }

    /// Sets the board from a FEN of the variant and clears the move stack (`ValueError`
    /// for text that is no FEN; a board that is no position is kept, as `set_piece_at`).
    pub(crate) fn set_fen(&mut self, fen: &str) -> PyResult<()> {
        let setup = Setup::from_ascii(fen.trim().as_bytes())
            .map_err(|e| PyValueError::new_err(format!("invalid fen: {fen:?}: {e}")))?;
        *self = VariantCore::of_setup(self.pos.variant(), setup);
        Ok(())
    }

    /// Replaces the placement by a FEN placement field and clears the move stack.
    pub(crate) fn set_board_fen(&mut self, fen: &str) -> PyResult<()> {
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
    pub(crate) fn set_castling_fen(&mut self, castling_fen: &str) -> PyResult<()> {
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
    pub(crate) fn clear(&mut self) {
        let mut setup = Setup::empty();
        setup.chess960 = self.pos.is_chess960();
        self.rebuild(setup);
    }

    /// Removes every piece (and empties the pockets, resets the checks to three), keeping
    /// the side to move, the castling rights and the clocks; clears the move stack.
    pub(crate) fn clear_board(&mut self) {
        let mut setup = self.status_setup();
        setup.board = chessbits_position::Board::empty();
        setup.promoted = chessbits_bitboard_core::Bitboard::EMPTY;
        setup.pockets = None;
        setup.remaining_checks = None;
        self.rebuild(setup);
    }

    /// Forgets the moves played; the position stays.
    pub(crate) fn clear_stack(&mut self) {
        self.stack.clear();
    }

    /// The variant's starting position, no moves played.
    pub(crate) fn reset(&mut self) {
        let variant = self.pos.variant();
        *self = VariantCore {
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
    pub(crate) fn epd(
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
    pub(crate) fn is_irreversible(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let (m, _) = self.decode(r#move)?;
        Ok(VariantCore::irreversible(&self.pos, m))
    }

    /// Plays a legal move (`IllegalMoveError` otherwise).
    pub(crate) fn push(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
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

    pub(crate) fn pop(&mut self) -> PyResult<Move> {
        let (before, _, mv) = self
            .stack
            .pop()
            .ok_or_else(|| PyIndexError::new_err("pop from empty list"))?;
        self.pos = before;
        Ok(mv)
    }

    pub(crate) fn peek(&self) -> PyResult<Move> {
        self.stack
            .last()
            .map(|e| e.2)
            .ok_or_else(|| PyIndexError::new_err("list index out of range"))
    }

    pub(crate) fn move_stack(&self) -> Vec<Move> {
        self.stack.iter().map(|e| e.2).collect()
    }

    pub(crate) fn parse_san(&self, san: &str) -> PyResult<Move> {
        let m = self.parse_san_raw(san)?;
        Ok(fields(&self.pos, m))
    }

    pub(crate) fn push_san(&mut self, san: &str) -> PyResult<Move> {
        let m = self.parse_san_raw(san)?;
        let mv = fields(&self.pos, m);
        self.play(m, mv);
        Ok(mv)
    }

    pub(crate) fn parse_uci(&self, py: Python<'_>, uci: &str) -> PyResult<Move> {
        RawMove::from_uci_ascii(uci.as_bytes())
            .map_err(|e| InvalidMoveError::new_err(format!("invalid uci: {uci:?} ({e})")))?;
        let text = pyo3::types::PyString::new(py, uci);
        let (_, mv) = self.decode(text.as_any())?;
        Ok(mv)
    }

    pub(crate) fn push_uci(&mut self, py: Python<'_>, uci: &str) -> PyResult<Move> {
        RawMove::from_uci_ascii(uci.as_bytes())
            .map_err(|e| InvalidMoveError::new_err(format!("invalid uci: {uci:?} ({e})")))?;
        let text = pyo3::types::PyString::new(py, uci);
        let (m, mv) = self.decode(text.as_any())?;
        self.play(m, mv);
        Ok(mv)
    }

    pub(crate) fn san(&self, r#move: &Bound<'_, PyAny>) -> PyResult<String> {
        let (m, _) = self.decode(r#move)?;
        Ok(self.san_of(m))
    }

    pub(crate) fn uci(&self, r#move: &Bound<'_, PyAny>) -> PyResult<String> {
        let (m, _) = self.decode(r#move)?;
        Ok(self.pos.uci(m))
    }

    /// FEN (with pockets in crazyhouse and the check counters in three-check).
    pub(crate) fn fen(&self) -> String {
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

    pub(crate) fn turn(&self) -> bool {
        self.setup().turn == chessbits_bitboard_core::Color::White
    }

    /// The square of `color`'s king (python-chess's: the highest of its unpromoted kings).
    pub(crate) fn king(&self, color: bool) -> Option<u8> {
        let setup = self.setup();
        let kings = setup
            .board
            .by_piece(Role::King.of(Color::from_white(color)))
            - setup.promoted;
        kings.msb().map(|s| s.index() as u8)
    }

    pub(crate) fn is_check(&self) -> bool {
        self.position().is_some_and(VariantPosition::is_check)
    }

    pub(crate) fn is_variant_end(&self) -> bool {
        self.position().is_some_and(VariantPosition::is_variant_end)
    }

    /// `(termination name, winner)` by the variant's rules, or `None`: the variant's end,
    /// checkmate, insufficient material, stalemate, in python-chess's order.
    pub(crate) fn _outcome(&self) -> Option<(&'static str, Option<bool>)> {
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

    pub(crate) fn __str__(&self) -> String {
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

    /// The placement field of the FEN; `promoted` (crazyhouse's default) marks promoted
    /// pieces with `~`.
    pub(crate) fn board_fen(&self, promoted: Option<bool>) -> String {
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
    pub(crate) fn is_capture(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let (m, _) = self.decode(r#move)?;
        Ok(self.captures(m))
    }

    /// Whether a legal move leaves the other side in check.
    pub(crate) fn gives_check(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let (m, _) = self.decode(r#move)?;
        Ok(self.pos.play_unchecked(m).is_check())
    }

    /// Whether a legal move resets the halfmove clock (a capture, a pawn move or drop).
    pub(crate) fn is_zeroing(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let (m, _) = self.decode(r#move)?;
        Ok(VariantCore::zeroing(&self.pos, m))
    }

    pub(crate) fn is_en_passant(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.decode(r#move).is_ok_and(|(m, _)| m.is_en_passant()))
    }

    pub(crate) fn is_castling(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.decode(r#move).is_ok_and(|(m, _)| m.is_castle()))
    }

    /// Crazyhouse pockets: for Black then White, the counts of pawns, knights, bishops,
    /// rooks and queens (python-chess's order of colours, `pockets[WHITE]`).
    pub(crate) fn _pockets(&self) -> [[u8; 5]; 2] {
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
    pub(crate) fn _remaining_checks(&self) -> [u8; 2] {
        let r = self.setup().remaining_checks.unwrap_or_default();
        [r.black, r.white]
    }

    pub(crate) fn perft(&self, py: Python<'_>, depth: u32) -> PyResult<u64> {
        if depth > chessbits_movegen::MAX_PERFT_DEPTH {
            return Err(PyValueError::new_err(format!("depth {depth}: too deep")));
        }
        let Some(pos) = self.position() else {
            return Ok(0);
        };
        Ok(py.detach(|| pos.perft(depth)))
    }
}
