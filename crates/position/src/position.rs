//! [`Position`]: a validated, playable position with make/unmake and an incremental hash.
//!
//! The type, its accessors and FEN output are here; building one from a [`Setup`] with its
//! validation is in `validation`, making and unmaking moves in `make`.

use alloc::string::String;
use core::fmt;

use chessbits_attack_tables as at;
use chessbits_bitboard_core::{Bitboard, Color, Piece, Role, Square, TextSink};

use crate::board::{Board, NO_PIECE};
use crate::castling::{Castles, CastlingMode};
use crate::setup::{CastlingNotation, FenFields, Setup};
use crate::zobrist;

mod make;
mod validation;

pub use make::Undo;
pub use validation::{PositionError, Validation};

/// How the en-passant square is written in FEN.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum EnPassantMode {
    /// Only when a legal en-passant capture exists (the convention of python-chess,
    /// Stockfish-style tools and this workspace's default).
    #[default]
    Legal,
    /// Whenever a pawn of the side to move attacks the square, legal or not (the
    /// Polyglot-hash convention).
    PseudoLegal,
}

/// A legal chess position: placement, side to move, castling rights, en-passant square,
/// clocks, and its Polyglot Zobrist hash, kept up to date by every move.
///
/// Build one from FEN or a [`Setup`]; both validate. Change it with [`Position::make_unchecked`] and
/// [`Position::unmake`] (which take moves that are legal: generate them with the `movegen`
/// crate), or copy-make with [`Position::play_unchecked`].
///
/// ```
/// use chessbits_position::Position;
/// let pos = Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").unwrap();
/// // No black pawn can take on e3, so the en-passant square is not written back.
/// assert_eq!(pos.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
/// assert_eq!(pos.zobrist_hash(), 0x823c9b50fd114196);
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Position {
    board: Board,
    castles: Castles,
    /// The side to move, the clocks, the hash and the en-passant square: what [`Undo`]
    /// saves, kept together so that make and unmake copy them as one block.
    st: State,
}

/// The part of a [`Position`] that make saves and unmake restores as one block of 32
/// bytes (an [`Undo`] is this block as it was before the move).
///
/// The checkers are not part of it: [`Position::checkers`] finds them from the board when
/// asked, since finding them in make would cost about 40 instructions a move (callgrind,
/// make and unmake over Kiwipete's leaves at depth 4: 200 instructions with them, 160
/// without) for positions mostly never asked (the leaves of a search); the move generator
/// finds them as it finds the pins, from the same lines through the king.
///
/// The clocks are 64-bit counts that a move increments (or resets) without a test for
/// overflow: from values of at most `u32::MAX` they cannot overflow, and they are read
/// saturated to `u32` ([`State::halfmoves`], [`State::fullmoves`]). Equality and hashing
/// see what is read. Saturating 32-bit clocks cost about 8 instructions a move more
/// (callgrind, Kiwipete perft 4 with every leaf made: 616 M against 598 M in all).
#[derive(Copy, Clone, Debug)]
pub(crate) struct State {
    pub(crate) hash: u64,
    /// Twice the fullmove number, plus one when black is to move (so its parity is the
    /// side to move, [`State::turn`]): it only grows by one a move, and from a fullmove
    /// number of at most `u32::MAX` it cannot overflow.
    pub(crate) ply: u64,
    /// The halfmove clock, wide enough that counting up from `u32::MAX` cannot overflow
    /// (see [`State::halfmoves`]).
    pub(crate) halfmoves: u64,
    /// Set only when a pawn of the side to move attacks it (pseudo-legal, as Polyglot hashes).
    pub(crate) ep_square: Option<Square>,
    /// In an [`Undo`], the captured piece's mailbox code; in a position, always `NO_PIECE`.
    pub(crate) captured: u8,
    /// In an [`Undo`], the castling rights before the move; in a position, always 0 (the
    /// rights live in [`Castles`]).
    pub(crate) castling: u8,
}

impl State {
    /// A position's state before its hash is computed.
    pub(crate) const fn new(turn: Color, halfmoves: u32, fullmoves: u32) -> State {
        State {
            hash: 0,
            ply: fullmoves as u64 * 2 + turn as u64,
            halfmoves: halfmoves as u64,
            ep_square: None,
            captured: NO_PIECE,
            castling: 0,
        }
    }

    /// The side to move: the parity of the ply count, which every move increments.
    #[inline(always)]
    pub(crate) const fn turn(&self) -> Color {
        Color::from_white(self.ply & 1 == 0)
    }

    /// The fullmove number: it grows after each black move, and stays at `u32::MAX` once
    /// there.
    #[inline(always)]
    pub(crate) const fn fullmoves(&self) -> u32 {
        let full = self.ply >> 1;
        if full > u32::MAX as u64 {
            u32::MAX
        } else {
            full as u32
        }
    }

    /// The halfmove clock: it stays at `u32::MAX` once there.
    #[inline(always)]
    pub(crate) const fn halfmoves(&self) -> u32 {
        if self.halfmoves > u32::MAX as u64 {
            u32::MAX
        } else {
            self.halfmoves as u32
        }
    }

    /// What equality and hashing compare: every field, with the fullmove number for the
    /// count of plies (they differ only past `u32::MAX` fullmoves).
    #[inline]
    fn key(&self) -> (u64, u32, u32, Color, Option<Square>, u8, u8) {
        (
            self.hash,
            self.halfmoves(),
            self.fullmoves(),
            self.turn(),
            self.ep_square,
            self.captured,
            self.castling,
        )
    }
}

impl PartialEq for State {
    fn eq(&self, other: &State) -> bool {
        self.key() == other.key()
    }
}

impl Eq for State {}

impl core::hash::Hash for State {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.key().hash(state);
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::new()
    }
}

impl Position {
    /// The standard starting position.
    #[must_use]
    pub fn new() -> Position {
        let mut pos = Position {
            board: Board::standard(),
            castles: Castles::standard(),
            st: State::new(Color::White, 0, 1),
        };
        pos.st.hash = pos.compute_hash();
        pos
    }
    // ----- accessors -----

    /// The piece placement.
    #[inline]
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    #[inline]
    #[must_use]
    pub fn turn(&self) -> Color {
        self.st.turn()
    }

    /// The castling rights.
    #[inline]
    #[must_use]
    pub fn castles(&self) -> &Castles {
        &self.castles
    }

    /// Standard chess or Chess960.
    #[inline]
    #[must_use]
    pub fn mode(&self) -> CastlingMode {
        self.castles.mode()
    }

    /// Switches between standard and Chess960 output conventions. Positions whose rights
    /// are standard are valid in both modes.
    pub fn set_mode(&mut self, mode: CastlingMode) {
        self.castles.set_mode(mode);
    }

    /// The en-passant square if a pawn of the side to move attacks it (pseudo-legal; the
    /// capture may still be illegal because of a pin).
    #[inline]
    #[must_use]
    pub fn ep_square(&self) -> Option<Square> {
        self.st.ep_square
    }

    /// The en-passant square if a legal en-passant capture exists.
    #[must_use]
    pub fn legal_ep_square(&self) -> Option<Square> {
        let ep = self.st.ep_square?;
        let us = self.st.turn();
        let king = self.our_king();
        let captured = ep.offset(0, us.fold(-1, 1))?;
        for from in at::pawn_attacks(us.other(), ep) & self.our(Role::Pawn) {
            let occ = (self.board.occupied() - from - captured) | ep;
            let attackers = self.board.attackers_by(king, us.other(), occ) - captured;
            if attackers.is_empty() {
                return Some(ep);
            }
        }
        None
    }

    /// Halfmoves since the last capture or pawn move.
    #[inline]
    #[must_use]
    pub fn halfmoves(&self) -> u32 {
        self.st.halfmoves()
    }

    /// The fullmove number (starts at 1, grows after black moves).
    #[inline]
    #[must_use]
    pub fn fullmoves(&self) -> u32 {
        self.st.fullmoves()
    }

    /// The Polyglot Zobrist hash, kept incrementally (the key of Polyglot opening books).
    #[inline]
    #[must_use]
    pub fn zobrist_hash(&self) -> u64 {
        self.st.hash
    }
    /// The position's identity for the repetition rule (FIDE Laws 9.2: the same pieces on
    /// the same squares, the same side to move and the same possible moves): the Polyglot
    /// [`zobrist_hash`](Position::zobrist_hash), except that an en-passant square counts only when an
    /// en-passant capture is legal. The Polyglot hash counts a pseudo-legal one (a pinned
    /// pawn's), which would make the position after such a double push differ from its
    /// later repetitions. [`History`](crate::History) compares these keys.
    #[inline]
    #[must_use]
    pub fn repetition_key(&self) -> u64 {
        match self.st.ep_square {
            Some(ep) if self.legal_ep_square().is_none() => self.st.hash ^ zobrist::ep_key(ep),
            _ => self.st.hash,
        }
    }

    /// The pieces giving check to the side to move, found from the board when asked (the
    /// attackers of the king: two slider lookups and three of step attacks, no loop).
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.board.attackers_by(
            self.our_king(),
            self.st.turn().other(),
            self.board.occupied(),
        )
    }

    /// Whether the side to move is in check (see [`Position::checkers`]).
    #[inline]
    #[must_use]
    pub fn is_check(&self) -> bool {
        self.checkers().any()
    }

    /// The king of the side to move.
    #[inline]
    #[must_use]
    pub fn our_king(&self) -> Square {
        // A validated position always has exactly one king per side.
        self.board.king_square(self.st.turn())
    }

    /// The squares of the side to move's pieces of `role`.
    #[inline]
    pub fn our(&self, role: Role) -> Bitboard {
        self.board.by_piece(role.of(self.st.turn()))
    }

    /// The squares of the opponent's pieces of `role`.
    #[inline]
    pub fn their(&self, role: Role) -> Bitboard {
        self.board.by_piece(role.of(self.st.turn().other()))
    }

    /// The side to move's pieces that are pinned to its king.
    #[inline]
    pub fn pinned(&self) -> Bitboard {
        self.board.blockers_of(self.our_king(), self.st.turn())
            & self.board.by_color(self.st.turn())
    }

    /// The piece on `sq`, if any.
    #[inline]
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board.piece_at(sq)
    }

    /// The hash computed from scratch (for tests: it always equals [`Position::zobrist_hash`]).
    #[must_use]
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for sq in self.board.occupied() {
            if let Some(p) = self.board.piece_at(sq) {
                h ^= zobrist::piece_key(p, sq);
            }
        }
        h ^= zobrist::castling_key(self.castles.bits());
        if let Some(ep) = self.st.ep_square {
            h ^= zobrist::ep_key(ep);
        }
        if self.st.turn() == Color::White {
            h ^= zobrist::white_to_move_key();
        }
        h
    }

    // ----- FEN -----

    /// FEN with the en-passant square written only when a legal capture exists, castling as
    /// `KQkq` in standard chess and X-FEN in Chess960.
    #[must_use]
    pub fn fen(&self) -> String {
        self.fen_with(CastlingNotation::XFen, EnPassantMode::Legal)
    }

    /// FEN with a choice of castling notation and en-passant convention.
    #[must_use]
    pub fn fen_with(&self, castling: CastlingNotation, ep: EnPassantMode) -> String {
        let mut s = String::with_capacity(90);
        let _ = self.write_fen(&mut s, castling, ep);
        s
    }

    /// Writes the FEN into `f` without allocating (for bulk output; [`Position::fen`] and
    /// [`Position::fen_with`] go through it).
    pub fn write_fen(
        &self,
        f: &mut impl fmt::Write,
        castling: CastlingNotation,
        ep: EnPassantMode,
    ) -> fmt::Result {
        self.fen_fields(castling, ep).write(f)
    }

    /// Appends the FEN to `out`, a byte sink (a `Vec<u8>`, a `String`), as [`Position::write_fen`]
    /// writes it: the fastest way to write many FENs (no UTF-8 check on the way).
    ///
    /// ```
    /// use chessbits_position::{CastlingNotation, EnPassantMode, Position};
    ///
    /// let mut out = b"fen: ".to_vec();
    /// Position::new().write_fen_to(&mut out, CastlingNotation::XFen, EnPassantMode::Legal);
    /// assert_eq!(out, b"fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    /// ```
    pub fn write_fen_to(
        &self,
        out: &mut impl TextSink,
        castling: CastlingNotation,
        ep: EnPassantMode,
    ) {
        self.fen_fields(castling, ep).write_text(out);
    }

    /// The fields [`Position::write_fen`] writes.
    #[inline]
    fn fen_fields(&self, castling: CastlingNotation, ep: EnPassantMode) -> FenFields<'_> {
        FenFields {
            board: &self.board,
            turn: self.st.turn(),
            castling_rights: self.castles.rooks(),
            notation: castling,
            ep_square: match ep {
                EnPassantMode::Legal => self.legal_ep_square(),
                EnPassantMode::PseudoLegal => self.st.ep_square,
            },
            halfmoves: self.st.halfmoves(),
            fullmoves: self.st.fullmoves(),
            promoted: Bitboard::EMPTY,
            pockets: None,
            remaining_checks: None,
            checks_notation: crate::setup::ChecksNotation::Remaining,
        }
    }

    /// The position as an unvalidated [`Setup`] (en-passant square as stored: pseudo-legal).
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: self.board.clone(),
            turn: self.st.turn(),
            castling_rights: self.castles.rooks(),
            ep_square: self.st.ep_square,
            halfmoves: self.st.halfmoves(),
            fullmoves: self.st.fullmoves(),
            chess960: self.castles.mode().is_chess960(),
            pockets: None,
            promoted: Bitboard::EMPTY,
            remaining_checks: None,
        }
    }

    /// Whether neither side has the material to checkmate by any sequence of legal moves
    /// (kings only; king and one minor piece against a bare king; kings and bishops all on
    /// squares of one colour).
    #[must_use]
    pub fn is_insufficient_material(&self) -> bool {
        let b = &self.board;
        if (b.pawns() | b.rooks_and_queens()).any() {
            return false;
        }
        let minors = b.knights() | b.by_role(Role::Bishop);
        if minors.count() <= 1 {
            return true;
        }
        // Only bishops, all on one square colour: no mate is possible.
        b.knights().is_empty()
            && (b.by_role(Role::Bishop).is_subset(Bitboard::LIGHT_SQUARES)
                || b.by_role(Role::Bishop).is_subset(Bitboard::DARK_SQUARES))
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}{}", self.board, self.fen())
    }
}

impl fmt::Display for Position {
    /// The FEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.fen())
    }
}

impl core::str::FromStr for Position {
    type Err = PositionError;

    fn from_str(s: &str) -> Result<Position, PositionError> {
        Position::from_fen(s)
    }
}
