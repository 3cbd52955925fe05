//! Typed errors for parsing squares and moves. Each names the offending text.

use alloc::string::String;

/// A square name was not `a1` ... `h8`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid square {text:?}: expected a file a-h followed by a rank 1-8")]
#[non_exhaustive]
pub struct ParseSquareError {
    /// The text that was not a square, decoded lossily if it was not UTF-8.
    pub text: String,
}

/// Why a UCI move string was rejected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseMoveErrorKind {
    /// Not 4 or 5 ASCII characters (or `0000`).
    Length,
    /// The origin square is not `a1` ... `h8`.
    From,
    /// The destination square is not `a1` ... `h8`.
    To,
    /// The fifth character is not one of `n b r q`.
    Promotion,
    /// Origin and destination are the same square.
    SameSquare,
    /// A drop (`N@f3`) names no piece that can be dropped (`P N B R Q`).
    Drop,
}

impl core::fmt::Display for ParseMoveErrorKind {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            ParseMoveErrorKind::Length => "expected 4 or 5 characters such as e2e4 or e7e8q",
            ParseMoveErrorKind::From => "the origin square is not a1-h8",
            ParseMoveErrorKind::To => "the destination square is not a1-h8",
            ParseMoveErrorKind::Promotion => "the promotion piece is not one of n, b, r, q",
            ParseMoveErrorKind::SameSquare => "origin and destination are the same square",
            ParseMoveErrorKind::Drop => "the dropped piece is not one of P, N, B, R, Q",
        })
    }
}

/// A UCI move string such as `e2e4` or `e7e8q` was malformed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid UCI move {text:?}: {kind}")]
#[non_exhaustive]
pub struct ParseMoveError {
    /// The text that was not a move, decoded lossily if it was not UTF-8.
    pub text: String,
    /// What was wrong with it.
    pub kind: ParseMoveErrorKind,
}

/// An index was outside the range of the type it was to become.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("index {0} is out of range")]
pub struct OutOfRange(pub u32);

/// Text that does not name a colour, role, piece, file or rank (the `FromStr` of each).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid {what} {text:?}: expected {expected}")]
#[non_exhaustive]
pub struct ParseError {
    /// What was to be read (`"colour"`, `"role"`, ...).
    pub what: &'static str,
    /// The text.
    pub text: String,
    /// What would have been read.
    pub expected: &'static str,
}

impl ParseError {
    /// An error reading `text` as a `what`, saying what was `expected`.
    #[must_use]
    pub fn new(what: &'static str, text: &str, expected: &'static str) -> ParseError {
        ParseError {
            what,
            text: String::from(text),
            expected,
        }
    }
}
