//! What goes wrong in a game ([`GameError`], [`GameErrorKind`]) and the caps that bound
//! what a collector keeps of one ([`MAX_GAME_ERRORS`], [`MAX_GAME_MOVES`], [`ErrorCap`]).

use chessbits_movegen::san::SanError;
use chessbits_position::PositionError;

use crate::reader::{ReadError, ReadErrorKind};

/// The most reader errors a collector keeps for one game; the rest are counted and reported
/// as one [`ReadErrorKind::MoreErrors`], so memory stays bounded whatever the input.
pub const MAX_GAME_ERRORS: usize = 100;

/// The most mainline moves a collector keeps for one game (the longest possible chess game
/// has fewer than 9,000 moves, 17,697 plies); more is reported as
/// [`ReadErrorKind::TooManyMoves`] and dropped.
pub const MAX_GAME_MOVES: usize = 20_000;

/// Keeps a game's reader errors up to [`MAX_GAME_ERRORS`] and counts the rest.
#[derive(Clone, Debug, Default)]
pub(crate) struct ErrorCap {
    omitted: u64,
}

impl ErrorCap {
    pub(crate) fn push(&mut self, errors: &mut Vec<ReadError>, error: ReadError) {
        if errors.len() < MAX_GAME_ERRORS {
            errors.push(error);
        } else {
            self.omitted += 1;
        }
    }

    /// At the end of a game: the count of dropped errors as one more error.
    pub(crate) fn finish(&mut self, errors: &mut Vec<ReadError>, game: u64) {
        if self.omitted > 0 {
            let line = errors.last().map_or(0, |e| e.line);
            errors.push(ReadError {
                game,
                line,
                kind: ReadErrorKind::MoreErrors(self.omitted),
            });
        }
        self.omitted = 0;
    }
}

/// What went wrong in a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GameErrorKind {
    /// The reader found malformed input.
    #[error("{0}")]
    Read(#[source] ReadErrorKind),
    /// The `FEN` tag is not a legal position.
    #[error("bad FEN tag {fen:?}: {error}")]
    Setup {
        /// The tag value (lossily decoded).
        fen: String,
        /// Why it is not legal.
        #[source]
        error: PositionError,
    },
    /// A `Variant` this crate does not play, or (from [`replay`](crate::replay::replay) and [`start_position`](crate::replay::start_position),
    /// whose positions are standard) a Lichess variant, which [`replay_variant`](crate::replay::replay_variant) plays.
    #[error("unsupported variant {0:?}")]
    Variant(String),
    /// The `FEN` tag of a variant game is not a position of that variant.
    #[error("bad FEN tag {fen:?}: {error}")]
    VariantSetup {
        /// The tag value (lossily decoded).
        fen: String,
        /// Why it is not a position of the variant.
        #[source]
        error: chessbits_movegen::variant::VariantError,
    },
    /// A move that cannot be played: illegal, ambiguous or not a move at all.
    #[error("move {number} {san:?}: {error}; position {fen}")]
    Move {
        /// The move number as PGN writes it: `12.` for White, `12...` for Black.
        number: String,
        /// The move text (lossily decoded).
        san: String,
        /// The position's FEN.
        fen: String,
        /// Why the move cannot be played.
        #[source]
        error: SanError,
    },
}

/// An error in a game: the game's number in its input (from 1), the line, and what.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("game {game}, line {line}: {kind}")]
#[non_exhaustive]
pub struct GameError {
    /// The game's number in its input, from 1.
    pub game: u64,
    /// The line of the offending text, from 1.
    pub line: u64,
    /// What went wrong.
    pub kind: GameErrorKind,
}

impl From<ReadError> for GameError {
    fn from(e: ReadError) -> GameError {
        GameError {
            game: e.game,
            line: e.line,
            kind: GameErrorKind::Read(e.kind),
        }
    }
}
