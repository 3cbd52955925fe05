//! [`Position`]: a validated, playable position with make/unmake and an incremental hash.

use alloc::string::String;
use core::fmt;

use attack_tables as at;
use bitboard_core::{Bitboard, Color, Move, MoveKind, Piece, Rank, Role, Square};

use crate::board::Board;
use crate::castling::{back_rank, Castles, CastlingMode, CastlingSide};
use crate::setup::{CastlingNotation, FenFields, ParseFenError, Setup};
use crate::zobrist;

/// Why a [`Setup`] is not a legal position. Each variant names the problem and where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// The FEN text itself could not be read.
    #[error(transparent)]
    Fen(#[from] ParseFenError),
    /// A side has no king.
    #[error("{0} has no king")]
    MissingKing(Color),
    /// A side has more than one king.
    #[error("{color} has {count} kings")]
    TooManyKings {
        /// The side with too many kings.
        color: Color,
        /// How many it has.
        count: u32,
    },
    /// A side has more than 16 pieces or more than 8 pawns.
    #[error("{0} has more than 16 pieces or more than 8 pawns")]
    TooManyPieces(Color),
    /// Pawns stand on the first or last rank.
    #[error("pawn on {0}, a back rank")]
    PawnOnBackRank(Square),
    /// The side not to move is in check (it would have been captured).
    #[error("the side not to move ({0}) is in check")]
    OppositeCheck(Color),
    /// The pieces giving check could not have given it together after any legal move.
    #[error("impossible check: {count} checkers, on {first}{}", .second.map(|s| alloc::format!(" and {s}")).unwrap_or_default())]
    ImpossibleCheck {
        /// How many pieces give check.
        count: u32,
        /// One checker.
        first: Square,
        /// Another checker, if any.
        second: Option<Square>,
    },
    /// A castling right whose king or rook is not on its square.
    #[error("castling right with the rook on {rook}, but the king or the rook is not there")]
    InvalidCastlingRight {
        /// The rook square named by the right.
        rook: Square,
    },
    /// An en-passant square that no double pawn push could have produced: no pawn stands
    /// in front of it, its square or the one behind is occupied, or the push could not
    /// have given the check the side to move is in.
    #[error("en-passant square {0} could not have come from a double pawn push")]
    InvalidEpSquare(Square),
    /// More pieces than promotions could have made: each queen beyond one, rook or knight
    /// beyond two, and bishop beyond one per square colour needs a pawn that is missing.
    #[error("{0} has more promoted pieces than missing pawns")]
    TooMuchMaterial(Color),
}

/// How strictly [`Position::from_setup_with`] checks a setup.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Validation {
    /// Every problem is an error ([`Position::from_setup`]).
    #[default]
    Strict,
    /// Castling rights and an en-passant square that cannot be right are dropped instead
    /// ([`Position::from_setup_lenient`]).
    Lenient,
    /// Only what move generation and make/unmake need: one king a side, no pawn on a back
    /// rank, the side not to move not in check. Bad rights and en-passant squares are
    /// dropped; impossible checks and too many pieces are accepted. For test positions that
    /// are unreachable on purpose (some perft suites hold such).
    Playable,
}

/// What [`Position::make`] returns so that [`Position::unmake`] can restore the position:
/// the captured piece, the castling rights, the en-passant square, the halfmove clock, the
/// checkers and the hash (24 bytes).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[must_use = "pass the undo record to Position::unmake"]
pub struct Undo {
    hash: u64,
    checkers: Bitboard,
    halfmoves: u32,
    captured: Option<Role>,
    castling: u8,
    ep_square: Option<Square>,
}

impl Undo {
    /// The role of the captured piece, if the move captured.
    #[inline]
    pub fn captured(&self) -> Option<Role> {
        self.captured
    }
}

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
/// Build one from FEN or a [`Setup`]; both validate. Change it with [`Position::make`] and
/// [`Position::unmake`] (which take moves that are legal: generate them with the `movegen`
/// crate), or copy-make with [`Position::play`].
///
/// ```
/// use position::Position;
/// let pos = Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").unwrap();
/// // No black pawn can take on e3, so the en-passant square is not written back.
/// assert_eq!(pos.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
/// assert_eq!(pos.hash(), 0x823c9b50fd114196);
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Position {
    board: Board,
    turn: Color,
    castles: Castles,
    /// Set only when a pawn of the side to move attacks it (pseudo-legal, as Polyglot hashes).
    ep_square: Option<Square>,
    halfmoves: u32,
    fullmoves: u32,
    hash: u64,
    checkers: Bitboard,
}

impl Default for Position {
    fn default() -> Position {
        Position::new()
    }
}

impl Position {
    /// The standard starting position.
    pub fn new() -> Position {
        let mut pos = Position {
            board: Board::standard(),
            turn: Color::White,
            castles: Castles::standard(),
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
            hash: 0,
            checkers: Bitboard::EMPTY,
        };
        pos.hash = pos.compute_hash();
        pos
    }

    /// Parses and validates a standard-chess FEN (X-FEN and Shredder-FEN castling letters
    /// are accepted too).
    pub fn from_fen(fen: &str) -> Result<Position, PositionError> {
        Position::from_setup(&Setup::from_ascii(fen.as_bytes())?, CastlingMode::Standard)
    }

    /// Parses and validates FEN for the given mode (use [`CastlingMode::Chess960`] for
    /// Chess960 positions).
    pub fn from_fen_with(fen: &str, mode: CastlingMode) -> Result<Position, PositionError> {
        Position::from_setup(&Setup::from_ascii(fen.as_bytes())?, mode)
    }

    /// Validates a setup strictly: every problem of the position, its castling rights and
    /// its en-passant square is an error. A valid en-passant square that no pawn of the side
    /// to move attacks is dropped (normalised), as are castling rights in standard mode
    /// whose king is not on e1/e8 (in standard mode these are errors too).
    pub fn from_setup(setup: &Setup, mode: CastlingMode) -> Result<Position, PositionError> {
        Position::from_setup_with(setup, mode, Validation::Strict)
    }

    /// Validates a setup, dropping castling rights and an en-passant square that cannot be
    /// right instead of failing (as needed for PGN `FEN` tags written carelessly). Problems
    /// of the placement and of check are still errors.
    pub fn from_setup_lenient(
        setup: &Setup,
        mode: CastlingMode,
    ) -> Result<Position, PositionError> {
        Position::from_setup_with(setup, mode, Validation::Lenient)
    }

    /// Validates a setup as strictly as `validation` says.
    pub fn from_setup_with(
        setup: &Setup,
        mode: CastlingMode,
        validation: Validation,
    ) -> Result<Position, PositionError> {
        let strict = validation == Validation::Strict;
        let board = setup.board.clone();
        for color in Color::ALL {
            let kings = board.by_piece(Role::King.of(color)).count();
            match kings {
                0 => return Err(PositionError::MissingKing(color)),
                1 => {}
                count => return Err(PositionError::TooManyKings { color, count }),
            }
            if validation != Validation::Playable
                && (board.by_color(color).count() > 16
                    || board.by_piece(Role::Pawn.of(color)).count() > 8)
            {
                return Err(PositionError::TooManyPieces(color));
            }
            if strict && !has_reachable_material(&board, color) {
                return Err(PositionError::TooMuchMaterial(color));
            }
        }
        if let Some(sq) = (board.pawns() & Bitboard::BACKRANKS).lsb() {
            return Err(PositionError::PawnOnBackRank(sq));
        }
        let turn = setup.turn;
        let mut pos = Position {
            board,
            turn,
            castles: Castles::none(mode),
            ep_square: None,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves.max(1),
            hash: 0,
            checkers: Bitboard::EMPTY,
        };
        // Castling rights.
        for rook in setup.castling_rights {
            match pos.castling_right_for(rook, mode) {
                Some((color, side)) if !pos.castles.has(color, side) => {
                    let king = pos.board.king_of(color).unwrap_or(rook);
                    pos.castles.add(color, side, rook, king)
                }
                _ if strict => return Err(PositionError::InvalidCastlingRight { rook }),
                _ => {}
            }
        }
        // En passant: a square a double push could have left, kept when a pawn of the side
        // to move attacks it. The claim is remembered either way: the check must fit it.
        let mut claimed_ep = None;
        if let Some(ep) = setup.ep_square {
            if pos.ep_square_is_plausible(ep) {
                claimed_ep = Some(ep);
                if (at::pawn_attacks(turn.other(), ep) & pos.our(Role::Pawn)).any() {
                    pos.ep_square = Some(ep);
                }
            } else if strict {
                return Err(PositionError::InvalidEpSquare(ep));
            }
        }
        // Check.
        let their_king = pos.board.king_of(turn.other()).unwrap_or(Square::A1);
        if pos
            .board
            .is_attacked_by(their_king, turn, pos.board.occupied())
        {
            return Err(PositionError::OppositeCheck(turn.other()));
        }
        pos.checkers = pos.compute_checkers();
        if validation != Validation::Playable {
            pos.validate_checkers()?;
            if let Some(ep) = claimed_ep {
                if !pos.double_push_explains_checkers(ep) {
                    if strict {
                        return Err(PositionError::InvalidEpSquare(ep));
                    }
                    pos.ep_square = None;
                }
            }
        }
        pos.hash = pos.compute_hash();
        Ok(pos)
    }

    /// The (color, side) of a castling right with its rook on `rook`, if the king and rook
    /// are where such a right needs them.
    fn castling_right_for(
        &self,
        rook: Square,
        mode: CastlingMode,
    ) -> Option<(Color, CastlingSide)> {
        let color = if rook.rank() == Rank::First {
            Color::White
        } else if rook.rank() == Rank::Eighth {
            Color::Black
        } else {
            return None;
        };
        if self.board.piece_at(rook) != Some(Role::Rook.of(color)) {
            return None;
        }
        let king = self.board.king_of(color)?;
        if king.rank() != back_rank(color) {
            return None;
        }
        let side = CastlingSide::of_rook(king, rook);
        if mode == CastlingMode::Standard {
            let home_file = match side {
                CastlingSide::KingSide => bitboard_core::File::H,
                CastlingSide::QueenSide => bitboard_core::File::A,
            };
            if king.file() != bitboard_core::File::E || rook.file() != home_file {
                return None;
            }
        }
        Some((color, side))
    }

    /// Whether a double push of the side not to move could have produced `ep`.
    fn ep_square_is_plausible(&self, ep: Square) -> bool {
        let them = self.turn.other();
        // Seen from the side to move: the square on the sixth rank, the pushed pawn below it.
        let dir = self.turn.fold(-1, 1);
        if !Bitboard::relative_rank(self.turn, Rank::Sixth).contains(ep)
            || self.board.occupied().contains(ep)
        {
            return false;
        }
        let (Some(pushed), Some(origin)) = (ep.offset(0, dir), ep.offset(0, -dir)) else {
            return false;
        };
        self.board.piece_at(pushed) == Some(Role::Pawn.of(them))
            && !self.board.occupied().contains(origin)
    }

    /// Whether a double push to `ep`'s file, the last move, could have given the present
    /// check: every checker is the pushed pawn, or a slider the push uncovered.
    fn double_push_explains_checkers(&self, ep: Square) -> bool {
        let king = self.our_king();
        let pushed = ep.offset(0, self.turn.fold(-1, 1));
        let origin = ep.offset(0, self.turn.fold(1, -1));
        self.checkers
            .into_iter()
            .all(|c| Some(c) == pushed || origin.is_some_and(|o| at::between(king, c).contains(o)))
    }

    fn validate_checkers(&self) -> Result<(), PositionError> {
        let checkers = self.checkers;
        let count = checkers.count();
        let mut it = checkers.into_iter();
        let (Some(first), second) = (it.next(), it.next()) else {
            return Ok(());
        };
        let impossible = PositionError::ImpossibleCheck {
            count,
            first,
            second,
        };
        if count > 2 {
            return Err(impossible);
        }
        let king = self.our_king();
        if let Some(second) = second {
            // Two checkers: never two pieces that only step (pawns, knights), and never two
            // sliders on one line through the king.
            let steppers = self.board.pawns() | self.board.knights();
            if steppers.contains(first) && steppers.contains(second) {
                return Err(impossible);
            }
            if at::aligned(king, first, second) {
                return Err(impossible);
            }
        }
        Ok(())
    }

    // ----- accessors -----

    /// The piece placement.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The castling rights.
    #[inline]
    pub fn castles(&self) -> &Castles {
        &self.castles
    }

    /// Standard chess or Chess960.
    #[inline]
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
    pub fn ep_square(&self) -> Option<Square> {
        self.ep_square
    }

    /// The en-passant square if a legal en-passant capture exists.
    pub fn legal_ep_square(&self) -> Option<Square> {
        let ep = self.ep_square?;
        let us = self.turn;
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
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The fullmove number (starts at 1, grows after black moves).
    #[inline]
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// The Polyglot Zobrist hash, kept incrementally.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }
    /// The position's identity for the repetition rule (FIDE Laws 9.2: the same pieces on
    /// the same squares, the same side to move and the same possible moves): the Polyglot
    /// [`hash`](Position::hash), except that an en-passant square counts only when an
    /// en-passant capture is legal. The Polyglot hash counts a pseudo-legal one (a pinned
    /// pawn's), which would make the position after such a double push differ from its
    /// later repetitions. [`History`](crate::History) compares these keys.
    #[inline]
    pub fn repetition_key(&self) -> u64 {
        match self.ep_square {
            Some(ep) if self.legal_ep_square().is_none() => self.hash ^ zobrist::ep_key(ep),
            _ => self.hash,
        }
    }

    /// The pieces giving check to the side to move.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.checkers
    }

    /// Whether the side to move is in check.
    #[inline]
    pub fn is_check(&self) -> bool {
        self.checkers.any()
    }

    /// The king of the side to move.
    #[inline]
    pub fn our_king(&self) -> Square {
        // A validated position always has exactly one king per side.
        self.board.king_of(self.turn).unwrap_or(Square::A1)
    }

    /// The squares of the side to move's pieces of `role`.
    #[inline]
    pub fn our(&self, role: Role) -> Bitboard {
        self.board.by_piece(role.of(self.turn))
    }

    /// The squares of the opponent's pieces of `role`.
    #[inline]
    pub fn their(&self, role: Role) -> Bitboard {
        self.board.by_piece(role.of(self.turn.other()))
    }

    /// The side to move's pieces that are pinned to its king.
    #[inline]
    pub fn pinned(&self) -> Bitboard {
        self.board.blockers_of(self.our_king(), self.turn) & self.board.by_color(self.turn)
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board.piece_at(sq)
    }

    /// The hash computed from scratch (for tests: it always equals [`Position::hash`]).
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for sq in self.board.occupied() {
            if let Some(p) = self.board.piece_at(sq) {
                h ^= zobrist::piece_key(p, sq);
            }
        }
        h ^= zobrist::castling_key(self.castles.bits());
        if let Some(ep) = self.ep_square {
            h ^= zobrist::ep_key(ep);
        }
        if self.turn == Color::White {
            h ^= zobrist::white_to_move_key();
        }
        h
    }

    /// The checkers after a normal move or promotion from `from` to `to` (the side to move is
    /// already the one that may be in check): the piece now on `to` if it attacks the king
    /// (a direct check), and a slider behind `from` on the king's line (a discovered check).
    #[inline]
    fn checkers_after(&self, from: Square, to: Square) -> Bitboard {
        let king = self.our_king();
        let occ = self.board.occupied();
        let theirs = self.board.by_color(self.turn.other());
        let mut checkers = Bitboard::EMPTY;
        if let Some(piece) = self.board.piece_at(to) {
            if at::attacks(piece, to, occ).contains(king) {
                checkers.insert(to);
            }
        }
        let line = at::line(king, from);
        if line.any() {
            checkers |= if king.rank() == from.rank() || king.file() == from.file() {
                at::rook_attacks(king, occ) & self.board.rooks_and_queens()
            } else {
                at::bishop_attacks(king, occ) & self.board.bishops_and_queens()
            } & theirs
                & line;
        }
        debug_assert_eq!(checkers, self.compute_checkers());
        checkers
    }

    fn compute_checkers(&self) -> Bitboard {
        self.board
            .attackers_by(self.our_king(), self.turn.other(), self.board.occupied())
    }

    // ----- FEN -----

    /// FEN with the en-passant square written only when a legal capture exists, castling as
    /// `KQkq` in standard chess and X-FEN in Chess960.
    pub fn fen(&self) -> String {
        self.fen_with(CastlingNotation::XFen, EnPassantMode::Legal)
    }

    /// FEN with a choice of castling notation and en-passant convention.
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
        FenFields {
            board: &self.board,
            turn: self.turn,
            castling_rights: self.castles.rooks(),
            notation: castling,
            ep_square: match ep {
                EnPassantMode::Legal => self.legal_ep_square(),
                EnPassantMode::PseudoLegal => self.ep_square,
            },
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        }
        .write(f)
    }

    /// The position as an unvalidated [`Setup`] (en-passant square as stored: pseudo-legal).
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: self.board.clone(),
            turn: self.turn,
            castling_rights: self.castles.rooks(),
            ep_square: self.ep_square,
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        }
    }

    // ----- moves -----

    /// Reads a move given in UCI form (as [`Move`]'s `FromStr` produces it) as the move it
    /// means here: `e1g1` or king-takes-rook becomes castling, a pawn's diagonal step onto
    /// the en-passant square becomes en passant. Says nothing about legality.
    pub fn move_from_uci(&self, m: Move) -> Move {
        if m.is_null() || m.is_promotion() {
            return m;
        }
        let (from, to) = (m.from(), m.to());
        match self.board.piece_at(from) {
            Some(p) if p.role == Role::King && p.color == self.turn => {
                if self.board.piece_at(to) == Some(Role::Rook.of(self.turn)) {
                    return Move::castle(from, to);
                }
                if self.mode() == CastlingMode::Standard
                    && from.rank() == back_rank(self.turn)
                    && to.rank() == from.rank()
                    && from.file() == bitboard_core::File::E
                {
                    let side = match to.file() {
                        bitboard_core::File::G => Some(CastlingSide::KingSide),
                        bitboard_core::File::C => Some(CastlingSide::QueenSide),
                        _ => None,
                    };
                    if let Some(rook) = side.and_then(|s| self.castles.rook(self.turn, s)) {
                        return Move::castle(from, rook);
                    }
                }
                m
            }
            Some(p)
                if p.role == Role::Pawn
                    && Some(to) == self.ep_square
                    && from.file() != to.file() =>
            {
                Move::en_passant(from, to)
            }
            _ => m,
        }
    }

    /// Plays a legal move and returns what [`Position::unmake`] needs to take it back.
    ///
    /// The move must be legal in this position (generated by `movegen`, or checked with
    /// `movegen::is_legal`); an illegal move leaves the position inconsistent (caught by
    /// debug assertions), though never unsafe.
    pub fn make(&mut self, m: Move) -> Undo {
        let undo = Undo {
            hash: self.hash,
            checkers: self.checkers,
            halfmoves: self.halfmoves,
            captured: None,
            castling: self.castles.bits(),
            ep_square: self.ep_square,
        };
        let us = self.turn;
        let them = us.other();
        let (from, to) = (m.from(), m.to());
        let mut hash = self.hash ^ zobrist::white_to_move_key();
        if let Some(ep) = self.ep_square.take() {
            hash ^= zobrist::ep_key(ep);
        }
        self.halfmoves += 1;
        let mut captured = None;
        let Some(moved) = self.board.piece_at(from) else {
            debug_assert!(false, "make: no piece on {from} for {m:?}");
            return undo;
        };
        match m.kind() {
            MoveKind::Normal => {
                if let Some(victim) = self.board.piece_at(to) {
                    self.board.remove_piece(to, victim);
                    hash ^= zobrist::piece_key(victim, to);
                    captured = Some(victim.role);
                    self.halfmoves = 0;
                }
                self.board.move_piece(from, to, moved);
                hash ^= zobrist::piece_key(moved, from) ^ zobrist::piece_key(moved, to);
                if moved.role == Role::Pawn {
                    self.halfmoves = 0;
                    if from as u8 ^ to as u8 == 16 {
                        let ep = Square::new_masked((from as u32 + to as u32) / 2);
                        if (at::pawn_attacks(us, ep) & self.board.by_piece(Role::Pawn.of(them)))
                            .any()
                        {
                            self.ep_square = Some(ep);
                            hash ^= zobrist::ep_key(ep);
                        }
                    }
                }
            }
            MoveKind::Promotion(role) => {
                if let Some(victim) = self.board.piece_at(to) {
                    self.board.remove_piece(to, victim);
                    hash ^= zobrist::piece_key(victim, to);
                    captured = Some(victim.role);
                }
                self.board.remove_piece(from, moved);
                let promoted = role.of(us);
                self.board.put_on_empty(to, promoted);
                hash ^= zobrist::piece_key(moved, from) ^ zobrist::piece_key(promoted, to);
                self.halfmoves = 0;
            }
            MoveKind::EnPassant => {
                let victim_sq = Square::from_coords(to.file(), from.rank());
                let victim = Role::Pawn.of(them);
                self.board.remove_piece(victim_sq, victim);
                self.board.move_piece(from, to, moved);
                hash ^= zobrist::piece_key(victim, victim_sq)
                    ^ zobrist::piece_key(moved, from)
                    ^ zobrist::piece_key(moved, to);
                captured = Some(Role::Pawn);
                self.halfmoves = 0;
            }
            MoveKind::Castle => {
                let rook = Role::Rook.of(us);
                let king_to = m.king_to();
                let rook_to = m.rook_to().unwrap_or(to);
                self.board.remove_piece(from, moved);
                self.board.remove_piece(to, rook);
                self.board.put_on_empty(king_to, moved);
                self.board.put_on_empty(rook_to, rook);
                hash ^= zobrist::piece_key(moved, from)
                    ^ zobrist::piece_key(moved, king_to)
                    ^ zobrist::piece_key(rook, to)
                    ^ zobrist::piece_key(rook, rook_to);
            }
        }
        // Castling rights: lost when the king moves or a right's rook moves or is captured.
        if !self.castles.is_empty() {
            let before = self.castles.bits();
            self.castles.touch(from, to);
            let after = self.castles.bits();
            if before != after {
                hash ^= zobrist::castling_key(before) ^ zobrist::castling_key(after);
            }
        }
        if us == Color::Black {
            self.fullmoves += 1;
        }
        self.turn = them;
        self.hash = hash;
        self.checkers = match m.kind() {
            MoveKind::Normal | MoveKind::Promotion(_) => self.checkers_after(from, to),
            MoveKind::EnPassant | MoveKind::Castle => self.compute_checkers(),
        };
        debug_assert!(self.board.is_consistent(), "make {m:?} broke the board");
        Undo { captured, ..undo }
    }

    /// Takes back `m`, which must be the last move made, with the record `make` returned.
    pub fn unmake(&mut self, m: Move, undo: Undo) {
        let them = self.turn;
        let us = them.other();
        let (from, to) = (m.from(), m.to());
        match m.kind() {
            MoveKind::Normal => {
                if let Some(moved) = self.board.piece_at(to) {
                    self.board.move_piece(to, from, moved);
                }
                if let Some(role) = undo.captured {
                    self.board.put_on_empty(to, role.of(them));
                }
            }
            MoveKind::Promotion(_) => {
                self.board.discard(to);
                self.board.put_on_empty(from, Role::Pawn.of(us));
                if let Some(role) = undo.captured {
                    self.board.put_on_empty(to, role.of(them));
                }
            }
            MoveKind::EnPassant => {
                self.board.move_piece(to, from, Role::Pawn.of(us));
                self.board.put_on_empty(
                    Square::from_coords(to.file(), from.rank()),
                    Role::Pawn.of(them),
                );
            }
            MoveKind::Castle => {
                let king_to = m.king_to();
                let rook_to = m.rook_to().unwrap_or(to);
                self.board.remove_piece(king_to, Role::King.of(us));
                self.board.remove_piece(rook_to, Role::Rook.of(us));
                self.board.put_on_empty(from, Role::King.of(us));
                self.board.put_on_empty(to, Role::Rook.of(us));
            }
        }
        if us == Color::Black {
            self.fullmoves -= 1;
        }
        self.turn = us;
        self.hash = undo.hash;
        self.checkers = undo.checkers;
        self.halfmoves = undo.halfmoves;
        self.castles.set_bits(undo.castling);
        self.ep_square = undo.ep_square;
        debug_assert!(self.board.is_consistent(), "unmake {m:?} broke the board");
    }

    /// Copy-make: the position after the legal move `m`.
    #[must_use = "play returns the new position; use make to change this one in place"]
    pub fn play(&self, m: Move) -> Position {
        let mut next = self.clone();
        let _ = next.make(m);
        next
    }

    /// Passes the turn (a null move). Only meaningful when not in check.
    pub fn make_null(&mut self) -> Undo {
        debug_assert!(!self.is_check(), "null move while in check");
        let undo = Undo {
            hash: self.hash,
            checkers: self.checkers,
            halfmoves: self.halfmoves,
            captured: None,
            castling: self.castles.bits(),
            ep_square: self.ep_square,
        };
        self.hash ^= zobrist::white_to_move_key();
        if let Some(ep) = self.ep_square.take() {
            self.hash ^= zobrist::ep_key(ep);
        }
        self.halfmoves += 1;
        if self.turn == Color::Black {
            self.fullmoves += 1;
        }
        self.turn = self.turn.other();
        self.checkers = self.compute_checkers();
        undo
    }

    /// Takes back a null move.
    pub fn unmake_null(&mut self, undo: Undo) {
        self.turn = self.turn.other();
        if self.turn == Color::Black {
            self.fullmoves -= 1;
        }
        self.hash = undo.hash;
        self.checkers = undo.checkers;
        self.halfmoves = undo.halfmoves;
        self.ep_square = undo.ep_square;
    }

    /// Whether neither side has the material to checkmate by any sequence of legal moves
    /// (kings only; king and one minor piece against a bare king; kings and bishops all on
    /// squares of one colour).
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

/// Whether `color`'s material could stand on the board after a game from the standard
/// start: the pieces beyond the start's (queens beyond one, rooks and knights beyond two,
/// bishops beyond one per square colour) are no more than the pawns missing.
fn has_reachable_material(board: &Board, color: Color) -> bool {
    let extra = |set: Bitboard, start: u32| set.count().saturating_sub(start);
    let of = |role: Role| board.by_piece(role.of(color));
    let bishops = of(Role::Bishop);
    let promoted = extra(of(Role::Queen), 1)
        + extra(of(Role::Rook), 2)
        + extra(of(Role::Knight), 2)
        + extra(bishops & Bitboard::LIGHT_SQUARES, 1)
        + extra(bishops & Bitboard::DARK_SQUARES, 1);
    of(Role::Pawn).count() + promoted <= 8
}
