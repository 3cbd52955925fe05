//! Standard Algebraic Notation (SAN): reading SAN into a legal [`Move`](chessbits_bitboard_core::Move) of a [`Position`](chessbits_position::Position) and
//! writing the canonical SAN of a move.
//!
//! Reading is two steps. [`SanPlus::from_ascii_with`] parses the text alone (no position):
//! piece, disambiguation, capture marker, destination, promotion, castling, check and mate
//! suffixes. [`San::to_move`] then finds the one legal move the text means in a position:
//! the pieces of that role that can reach the destination (looked up in the attack tables,
//! not by generating every move), filtered by the disambiguation and by legality (pins,
//! check). Zero matches is an illegal move, two or more an ambiguous one.
//!
//! [`SanMode::Strict`] takes SAN as the PGN standard writes it, with the usual freedoms of
//! real files that do not change the meaning: promotion with or without `=`, `0-0` for
//! `O-O`, any check/mate suffix and `!`/`?` annotations. [`SanMode::Lenient`] also takes
//! what real files contain: over-disambiguated moves (`Ngf3` where `Nf3` is unique), a
//! missing or wrong capture marker, coordinates (`e2e4`, `e2-e4`, `Ng1f3`), lowercase
//! promotion letters.

//!
//! The code is in three parts: `parse` (text to [`San`], no position), `decode` ([`San`] to
//! the legal [`Move`](chessbits_bitboard_core::Move) in a position, through the legality rules of [`crate::is_legal`]) and
//! `encode` (a legal move to its canonical [`San`]).
//!
//! ```
//! use chessbits_movegen::san::{San, SanMode, SanPlus};
//! use chessbits_position::Position;
//!
//! let pos = Position::new();
//! let san = SanPlus::from_ascii(b"Nf3").unwrap();
//! let m = san.san.to_move(&pos, SanMode::Strict).unwrap();
//! assert_eq!(m.to_string(), "g1f3");
//! assert_eq!(San::from_move(&pos, m).to_string(), "Nf3");
//! ```

pub(crate) mod candidates;
pub(crate) mod decode;
pub(crate) mod encode;
pub use candidates::disambiguation;
pub(crate) use candidates::SanPosition;
pub(crate) use decode::decode;
pub use dialect::is_python_chess_form;
pub(crate) use encode::encode;
pub use encode::{write_lan, write_lan_plus};
pub(crate) use parse::{read_common_plus, BuildSan, CommonShapes};
mod dialect;
mod parse;
#[cfg(test)]
mod tests;
mod types;

pub use types::{suffix_of, San, SanError, SanMode, SanPlus, SanSyntax, Suffix};
