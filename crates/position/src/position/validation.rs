//! Building a [`Position`] from a [`Setup`], and what makes a setup a legal position.

use chessbits_attack_tables as at;
use chessbits_bitboard_core::{Bitboard, Color, Rank, Role, Square};

use super::{Position, State};
use crate::board::Board;
use crate::castling::{back_rank, Castles, CastlingMode, CastlingSide};
use crate::setup::{ParseFenError, Setup};

/// Why a [`Setup`] is not a legal position. Each variant names the problem and where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
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

impl Position {
    /// Parses and validates FEN (X-FEN and Shredder-FEN castling letters are accepted too),
    /// in the castling mode its rights call for: Chess960 where a right needs it
    /// ([`CastlingMode::detect`]), as [`Position::read_fen`] with no mode reads it; also
    /// what `str::parse` does. [`Position::from_fen_with`] fixes the mode.
    ///
    /// ```
    /// use chessbits_position::{CastlingMode, Position};
    /// let fischer = Position::from_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9")?;
    /// assert_eq!(fischer.mode(), CastlingMode::Chess960);
    /// assert_eq!(Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")?.mode(), CastlingMode::Standard);
    /// # Ok::<(), chessbits_position::PositionError>(())
    /// ```
    pub fn from_fen(fen: &str) -> Result<Position, PositionError> {
        let setup = Setup::from_ascii(fen.as_bytes())?;
        Position::from_setup(&setup, CastlingMode::detect(&setup))
    }

    /// The one reading of FEN text into a position, for every door (the command line, the
    /// PGN `FEN` tag, the bindings): the text (FEN, X-FEN or Shredder-FEN; surrounding
    /// whitespace ignored) parsed, the castling mode `mode` or, with `None`, detected
    /// ([`CastlingMode::detect`]: Chess960 where a castling right needs it), and validated
    /// as `validation` says.
    ///
    /// ```
    /// use chessbits_position::{CastlingMode, Position, Validation};
    ///
    /// let fischer = b"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    /// let pos = Position::read_fen(fischer, None, Validation::Strict)?;
    /// assert_eq!(pos.mode(), CastlingMode::Chess960);
    /// let start = Position::read_fen(b" rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n", None, Validation::Strict)?;
    /// assert_eq!(start, Position::new());
    /// # Ok::<(), chessbits_position::PositionError>(())
    /// ```
    pub fn read_fen(
        fen: &[u8],
        mode: Option<CastlingMode>,
        validation: Validation,
    ) -> Result<Position, PositionError> {
        let setup = Setup::from_ascii(fen.trim_ascii())?;
        let mode = mode.unwrap_or_else(|| CastlingMode::detect(&setup));
        Position::from_setup_with(&setup, mode, validation)
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
            castles: Castles::none(mode),
            st: State::new(turn, setup.halfmoves, setup.fullmoves.max(1)),
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
                    pos.st.ep_square = Some(ep);
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
        if validation != Validation::Playable {
            pos.validate_checkers()?;
            if let Some(ep) = claimed_ep {
                if !pos.double_push_explains_checkers(ep) {
                    if strict {
                        return Err(PositionError::InvalidEpSquare(ep));
                    }
                    pos.st.ep_square = None;
                }
            }
        }
        pos.st.hash = pos.compute_hash();
        Ok(pos)
    }

    /// The (color, side) of a castling right with its rook on `rook`, if the king and rook
    /// are where such a right needs them ([`Board::castling_right`]).
    fn castling_right_for(
        &self,
        rook: Square,
        mode: CastlingMode,
    ) -> Option<(Color, CastlingSide)> {
        self.board.castling_right(rook, mode)
    }

    /// Whether a double push of the side not to move could have produced `ep`
    /// ([`Board::ep_square_is_plausible`]).
    fn ep_square_is_plausible(&self, ep: Square) -> bool {
        self.board.ep_square_is_plausible(self.st.turn(), ep)
    }

    /// Whether a double push to `ep`'s file, the last move, could have given the present
    /// check: every checker is the pushed pawn, or a slider the push uncovered.
    fn double_push_explains_checkers(&self, ep: Square) -> bool {
        let king = self.our_king();
        let pushed = ep.offset(0, self.st.turn().fold(-1, 1));
        let origin = ep.offset(0, self.st.turn().fold(1, -1));
        self.checkers()
            .into_iter()
            .all(|c| Some(c) == pushed || origin.is_some_and(|o| at::between(king, c).contains(o)))
    }

    fn validate_checkers(&self) -> Result<(), PositionError> {
        let checkers = self.checkers();
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

/// The placement rules of castling rights and en-passant squares, shared by [`Position`]'s
/// validation and the variants' (`chessbits-movegen`'s `VariantPosition`).
impl Board {
    /// The (colour, side) of a castling right with its rook on `rook`, if the king and the
    /// rook stand where such a right needs them: a rook of the colour whose back rank
    /// `rook` is on, that colour's one king on the same rank, and in
    /// [`CastlingMode::Standard`] the king on the e-file and the rook in a corner.
    #[must_use]
    pub fn castling_right(
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
        if self.piece_at(rook) != Some(Role::Rook.of(color)) {
            return None;
        }
        let king = self.king_of(color)?;
        if king.rank() != back_rank(color) {
            return None;
        }
        let side = CastlingSide::of_rook(king, rook);
        if mode == CastlingMode::Standard {
            let home_file = match side {
                CastlingSide::KingSide => chessbits_bitboard_core::File::H,
                CastlingSide::QueenSide => chessbits_bitboard_core::File::A,
            };
            if king.file() != chessbits_bitboard_core::File::E || rook.file() != home_file {
                return None;
            }
        }
        Some((color, side))
    }

    /// Whether a double push of the side not to move could have left the en-passant square
    /// `ep`, with `turn` to move: `ep` on the sixth rank seen from `turn` and empty, the
    /// pushed pawn in front of it and the square it came from empty.
    #[must_use]
    pub fn ep_square_is_plausible(&self, turn: Color, ep: Square) -> bool {
        let them = turn.other();
        // Seen from the side to move: the square on the sixth rank, the pushed pawn below it.
        let dir = turn.fold(-1, 1);
        if !Bitboard::relative_rank(turn, Rank::Sixth).contains(ep) || self.occupied().contains(ep)
        {
            return false;
        }
        let (Some(pushed), Some(origin)) = (ep.offset(0, dir), ep.offset(0, -dir)) else {
            return false;
        };
        self.piece_at(pushed) == Some(Role::Pawn.of(them)) && !self.occupied().contains(origin)
    }
}
