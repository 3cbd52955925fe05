//! # chessbits-bitboard-core
//!
//! The vocabulary every other crate of the workspace speaks: [`Square`], [`File`], [`Rank`],
//! [`Color`], [`Role`], [`Piece`], the 64-bit set of squares [`Bitboard`], and the two-byte
//! [`Move`].
//!
//! This is the bottom layer. `attack-tables` builds its static tables from these types (it is
//! both a dependency and a build-dependency of that crate, so its `build.rs` runs the very code
//! tested here), `position` stores a board as bitboards, and `movegen` and `pgn` produce and
//! read [`Move`]s. The crate is `no_std` (it needs `alloc` only for the text inside parse
//! errors), has no dependency but `thiserror` without default features, and makes almost every
//! function a `const fn` so that tables can be computed at compile time.
//!
//! Squares are numbered a1 = 0, b1 = 1, ..., h8 = 63 (little-endian rank-file mapping); bit
//! `i` of a [`Bitboard`] is square `i`.
//!
//! ```
//! use chessbits_bitboard_core::{Bitboard, Direction, Rank, Square};
//!
//! let pawns = Bitboard::rank(Rank::Second);
//! let pushed = pawns.shift(Direction::North);
//! assert_eq!(pushed, Bitboard::rank(Rank::Third));
//! // Shifts never wrap around the board edge.
//! assert_eq!(Bitboard::from_square(Square::H4).shift(Direction::East), Bitboard::EMPTY);
//! let squares: Vec<Square> = (pushed & Bitboard::CENTER.shift(Direction::South)).into_iter().collect();
//! assert_eq!(squares, [Square::D3, Square::E3]);
//! ```
#![no_std]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

extern crate alloc;

mod bitboard;
pub mod error;
mod moves;
mod names;
mod piece;
pub mod reference;
#[cfg(feature = "serde")]
mod serde_impls;
mod square;
mod text;

pub use bitboard::{Bitboard, Direction, Iter, Subsets};
pub use error::{ParseError, ParseMoveError, ParseMoveErrorKind, ParseSquareError};
pub use moves::{Move, MoveKind, Uci};
pub use piece::{Color, Piece, Role};
pub use square::{File, Rank, Square};
pub use text::{MoveText, TextBytes, TextSink};

#[cfg(feature = "serde")]
#[doc(hidden)]
pub use serde as __serde;
#[cfg(feature = "serde")]
#[doc(hidden)]
pub use serde_impls::from_text as __serde_from_text;

/// The README's examples, compiled and run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
