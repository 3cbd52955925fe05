//! The SAN types: [`SanMode`], [`San`] and [`SanPlus`] with its [`Suffix`], their errors
//! ([`SanError`], [`SanSyntax`]) and text forms; what `parse` reads, `decode` and `encode`
//! work with. Re-exported by the `san` module.

use alloc::string::String;
use core::fmt;

use chessbits_bitboard_core::{File, Rank, Role, Square};
use chessbits_position::{CastlingSide, Position};

/// How strictly SAN text is read.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum SanMode {
    /// SAN as the standard writes it: minimal disambiguation, a capture marker exactly on
    /// captures, pawns named by file only.
    Strict,
    /// Also the forms real files contain: over-disambiguation, missing or extra capture
    /// markers, coordinate moves (`e2e4`, `e2-e4`, `Ng1f3`), lowercase promotion letters.
    #[default]
    Lenient,
}

/// Why SAN text does not give a move. The text and the position are reported by the caller
/// (the `pgn` crate's `GameError` names both), so the kinds carry no copies of them.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum SanError {
    /// The text is not SAN at all; the reason says which part is wrong.
    #[error("not a move: {0}")]
    Syntax(SanSyntax),
    /// No legal move matches.
    #[error("illegal move")]
    Illegal,
    /// More than one legal move matches.
    #[error("ambiguous move ({0} legal moves match)")]
    Ambiguous(u32),
    /// A pawn reaches the last rank but no promotion piece is given.
    #[error("promotion piece missing")]
    MissingPromotion,
    /// A promotion piece is given for a move that does not promote.
    #[error("promotion piece given for a move that does not promote")]
    UnexpectedPromotion,
    /// Strict mode: the disambiguation is not the minimal one SAN requires.
    #[error("disambiguation is not minimal (strict mode)")]
    NotMinimal,
    /// Strict mode: the capture marker is missing on a capture or given on a non-capture.
    #[error("capture marker does not match the move (strict mode)")]
    CaptureMarker,
    /// A null move while the side to move is in check.
    #[error("null move while in check")]
    NullInCheck,
}

/// Which part of SAN text is malformed (a small enum, so that results of the SAN parser
/// fit in registers).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum SanSyntax {
    /// Nothing to parse.
    #[error("empty")]
    Empty,
    /// An uppercase letter that is no piece.
    #[error("unknown piece letter")]
    UnknownPiece,
    /// The text does not end on a square.
    #[error("no destination square")]
    NoDestination,
    /// Between the piece and the destination is neither a file, a rank nor a square.
    #[error("bad disambiguation")]
    BadDisambiguation,
    /// Strict mode: a pawn move names its origin rank.
    #[error("pawn move with an origin rank")]
    PawnOriginRank,
    /// Strict mode: a pawn capture without another file and `x`, or a push with them.
    #[error("pawn capture needs another file and `x`, a push neither")]
    PawnCapture,
    /// `=K`.
    #[error("promotion to a king")]
    PromotionToKing,
    /// A piece other than a pawn with a promotion suffix.
    #[error("only pawns promote")]
    OnlyPawnsPromote,
}

/// A move in SAN without its check suffix: what the text says, independent of any position.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum San {
    /// A piece or pawn move.
    Normal {
        /// The moving piece (pawn when no letter is given).
        role: Role,
        /// The origin file, if given (always for pawn captures).
        file: Option<File>,
        /// The origin rank, if given.
        rank: Option<Rank>,
        /// Whether the text marks a capture.
        capture: bool,
        /// The destination.
        to: Square,
        /// The promotion piece.
        promotion: Option<Role>,
    },
    /// Castling: `O-O` (king side) or `O-O-O` (queen side).
    Castle(CastlingSide),
    /// A drop (crazyhouse): `N@f3`, and for a pawn `@e4` (also read: `P@e4`).
    Drop {
        /// The dropped piece.
        role: Role,
        /// Where it is dropped.
        to: Square,
    },
    /// A null move: `--` (also read: `Z0`, `0000`, `@@@@`).
    Null,
}

/// The check or mate suffix of SAN.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Suffix {
    /// `+`
    Check,
    /// `#`
    Checkmate,
}

impl Suffix {
    /// The suffix character.
    #[must_use]
    pub fn char(self) -> char {
        match self {
            Suffix::Check => '+',
            Suffix::Checkmate => '#',
        }
    }
}

/// SAN with its check or mate suffix, as it appears in movetext.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct SanPlus {
    /// The move.
    pub san: San,
    /// `+`, `#` or nothing.
    pub suffix: Option<Suffix>,
}

/// The check or mate suffix for the position reached by a move.
#[must_use]
pub fn suffix_of(after: &Position) -> Option<Suffix> {
    if !after.is_check() {
        None
    } else if crate::count_legal_moves(after) == 0 {
        Some(Suffix::Checkmate)
    } else {
        Some(Suffix::Check)
    }
}

impl fmt::Display for San {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut buf = String::with_capacity(8);
        self.write_to(&mut buf);
        f.write_str(&buf)
    }
}

impl fmt::Display for SanPlus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut buf = String::with_capacity(8);
        self.write_to(&mut buf);
        f.write_str(&buf)
    }
}

chessbits_bitboard_core::text_names!(SanMode, "SAN mode", {
    SanMode::Strict => "strict",
    SanMode::Lenient => "lenient",
});

chessbits_bitboard_core::text_names!(Suffix, "SAN suffix", {
    Suffix::Check => "+",
    Suffix::Checkmate => "#",
});

/// Reads SAN in strict syntax ([`San::from_ascii`]); what `Display` writes reads back the same.
impl core::str::FromStr for San {
    type Err = SanError;

    fn from_str(s: &str) -> Result<San, SanError> {
        San::from_ascii(s.as_bytes())
    }
}

/// Reads SAN with its suffix in strict syntax ([`SanPlus::from_ascii`]).
impl core::str::FromStr for SanPlus {
    type Err = SanError;

    fn from_str(s: &str) -> Result<SanPlus, SanError> {
        SanPlus::from_ascii(s.as_bytes())
    }
}

// The `serde` feature: SAN as its text.
#[cfg(feature = "serde")]
chessbits_bitboard_core::serde_as_text!(San, SanPlus);
