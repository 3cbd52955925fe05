//! Game history: repetitions by Zobrist hash, the 50- and 75-move rules, and outcomes.

use alloc::vec::Vec;
use core::fmt;

use chessbits_bitboard_core::Color;

use crate::Position;

/// How a game ended (or may be claimed to have ended).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Outcome {
    /// One side won.
    Decisive {
        /// The winner.
        winner: Color,
        /// Why.
        reason: Termination,
    },
    /// Nobody won.
    Draw(Termination),
}

impl Outcome {
    /// The game's result: who won, or a draw.
    #[must_use]
    pub fn game_result(&self) -> GameResult {
        match self {
            Outcome::Decisive {
                winner: Color::White,
                ..
            } => GameResult::WhiteWins,
            Outcome::Decisive {
                winner: Color::Black,
                ..
            } => GameResult::BlackWins,
            Outcome::Draw(_) => GameResult::Draw,
        }
    }

    /// The PGN result string: `1-0`, `0-1` or `1/2-1/2` ([`GameResult::as_str`]).
    #[must_use]
    pub fn result(&self) -> &'static str {
        self.game_result().as_str()
    }
}

/// A game's result as PGN, XBoard and python-chess write it: the one place its text form
/// is read and written (`chessbits-pgn` reads movetext results with it, the engine
/// protocols their result lines).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// `1-0`
    WhiteWins,
    /// `0-1`
    BlackWins,
    /// `1/2-1/2`
    Draw,
    /// `*`: unknown or unfinished.
    Unknown,
}

impl GameResult {
    /// The result as PGN writes it.
    ///
    /// ```
    /// use chessbits_position::GameResult;
    ///
    /// assert_eq!(GameResult::Draw.as_str(), "1/2-1/2");
    /// assert_eq!(GameResult::from_ascii("½-½".as_bytes()), Some(GameResult::Draw));
    /// assert_eq!(GameResult::from_ascii(b"2-0"), None);
    /// ```
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }

    /// Reads a result token: `1-0`, `0-1`, `1/2-1/2` (also `½-½` and a bare `1/2`, as
    /// found in real PGN) or `*`.
    #[must_use]
    pub fn from_ascii(s: &[u8]) -> Option<GameResult> {
        match s {
            b"1-0" => Some(GameResult::WhiteWins),
            b"0-1" => Some(GameResult::BlackWins),
            b"1/2-1/2" | b"\xc2\xbd-\xc2\xbd" | b"1/2" => Some(GameResult::Draw),
            b"*" => Some(GameResult::Unknown),
            _ => None,
        }
    }

    /// The winner, if one side won.
    #[must_use]
    pub fn winner(self) -> Option<Color> {
        match self {
            GameResult::WhiteWins => Some(Color::White),
            GameResult::BlackWins => Some(Color::Black),
            GameResult::Draw | GameResult::Unknown => None,
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Decisive { winner, reason } => {
                write!(f, "{} ({winner} wins by {reason})", self.result())
            }
            Outcome::Draw(reason) => write!(f, "{} (draw by {reason})", self.result()),
        }
    }
}

/// The rule that ended the game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Termination {
    /// The side to move is checkmated.
    Checkmate,
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// Neither side can mate by any sequence of legal moves.
    InsufficientMaterial,
    /// 100 halfmoves without capture or pawn move: a draw either side may claim.
    FiftyMoves,
    /// 150 halfmoves without capture or pawn move: drawn automatically.
    SeventyFiveMoves,
    /// The same position for the third time: a draw either side may claim.
    ThreefoldRepetition,
    /// The same position for the fifth time: drawn automatically.
    FivefoldRepetition,
    /// Atomic: a king exploded.
    KingExploded,
    /// Antichess: a side lost all its pieces (and so won).
    AllPiecesLost,
    /// King of the hill: a king reached d4, e4, d5 or e5.
    KingOnTheHill,
    /// Three-check: the third check was given.
    ThreeChecks,
    /// Racing kings: a king reached the eighth rank (both at once: a draw).
    KingOnEighthRank,
    /// Horde: the horde was captured, or Black lost all its pieces.
    HordeGone,
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Termination::Checkmate => "checkmate",
            Termination::Stalemate => "stalemate",
            Termination::InsufficientMaterial => "insufficient material",
            Termination::FiftyMoves => "the fifty-move rule",
            Termination::SeventyFiveMoves => "the seventy-five-move rule",
            Termination::ThreefoldRepetition => "threefold repetition",
            Termination::FivefoldRepetition => "fivefold repetition",
            Termination::KingExploded => "explosion of the king",
            Termination::AllPiecesLost => "losing all pieces",
            Termination::KingOnTheHill => "a king on the hill",
            Termination::ThreeChecks => "three checks",
            Termination::KingOnEighthRank => "a king on the eighth rank",
            Termination::HordeGone => "capturing every piece",
        })
    }
}

/// The positions a game went through, for repetition detection.
///
/// Push every position as it arises (the start position included); pop when a move is
/// taken back. Two positions count as the same (FIDE Laws 9.2) when their
/// [`repetition_key`](Position::repetition_key)s are equal: same placement, side to move,
/// castling rights, and the same en-passant capture if one is legal (the Polyglot hash
/// would also count a pinned pawn's capture, which is not a possible move). Only positions
/// since the last irreversible move (capture, pawn move) can repeat, so a count looks back
/// at most `halfmoves` entries.
///
/// ```
/// use chessbits_bitboard_core::{Move, Square};
/// use chessbits_position::{History, Position};
///
/// let mut pos = Position::new();
/// let mut history = History::starting_at(&pos);
/// let shuffle = [(Square::G1, Square::F3), (Square::G8, Square::F6),
///                (Square::F3, Square::G1), (Square::F6, Square::G8)];
/// for _ in 0..2 {
///     for (from, to) in shuffle {
///         let _ = pos.make_unchecked(Move::normal(from, to));
///         history.push(&pos);
///     }
/// }
/// assert_eq!(history.repetitions(&pos), 3);
/// assert!(history.claimable_draw(&pos).is_some());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct History {
    keys: Vec<u64>,
}

impl History {
    /// An empty history.
    #[must_use]
    pub fn new() -> History {
        History::default()
    }

    /// A history that starts with `pos`.
    #[must_use]
    pub fn starting_at(pos: &Position) -> History {
        History {
            keys: alloc::vec![pos.repetition_key()],
        }
    }

    /// Records a position (as its [`repetition_key`](Position::repetition_key)).
    #[inline]
    pub fn push(&mut self, pos: &Position) {
        self.keys.push(pos.repetition_key());
    }

    /// Forgets the last recorded position and returns its repetition key.
    #[inline]
    pub fn pop(&mut self) -> Option<u64> {
        self.keys.pop()
    }

    /// Number of positions recorded.
    #[inline]
    #[must_use]
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Whether nothing is recorded.
    #[inline]
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// How many times `pos` has occurred, counting the last recorded entry if it is `pos`
    /// (so with `pos` pushed, 1 means "first time").
    #[must_use]
    pub fn repetitions(&self, pos: &Position) -> usize {
        let window = (pos.halfmoves() as usize + 1).min(self.keys.len());
        let recent = &self.keys[self.keys.len() - window..];
        let key = pos.repetition_key();
        // Same side to move only: step back two plies at a time from the newest.
        recent
            .iter()
            .rev()
            .step_by(2)
            .filter(|&&k| k == key)
            .count()
    }

    /// The outcome that holds without looking at legal moves: fivefold repetition and the
    /// 75-move rule (automatic draws), then insufficient material. Checkmate and stalemate
    /// need move generation: `chessbits_movegen::outcome` adds them.
    #[must_use]
    pub fn automatic_draw(&self, pos: &Position) -> Option<Termination> {
        if self.repetitions(pos) >= 5 {
            Some(Termination::FivefoldRepetition)
        } else if pos.halfmoves() >= 150 {
            Some(Termination::SeventyFiveMoves)
        } else if pos.is_insufficient_material() {
            Some(Termination::InsufficientMaterial)
        } else {
            None
        }
    }

    /// A draw the side to move may claim now: threefold repetition or the 50-move rule.
    #[must_use]
    pub fn claimable_draw(&self, pos: &Position) -> Option<Termination> {
        if self.repetitions(pos) >= 3 {
            Some(Termination::ThreefoldRepetition)
        } else if pos.halfmoves() >= 100 {
            Some(Termination::FiftyMoves)
        } else {
            None
        }
    }
}
