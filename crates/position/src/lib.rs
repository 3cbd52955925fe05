//! # chessbits-position
//!
//! A chess position and everything that changes it, for standard chess and Chess960.
//!
//! - [`Setup`]: an unvalidated position as FEN, X-FEN or Shredder-FEN describe it.
//! - [`Position`]: a validated position (placement by colour and role in a [`Board`], side to
//!   move, [`Castles`], en-passant square, clocks; the checkers are found when asked) whose
//!   Polyglot Zobrist hash is kept up to date by [`Position::make_unchecked`] /
//!   [`Position::unmake`] (with a 32-byte [`Undo`] record) or the copy-make
//!   [`Position::play_unchecked`]. Validation names the problem ([`PositionError`]).
//! - [`Board`]: the placement, a [`Pieces`] (bitboards by colour and role: what the move
//!   generator and the attack tests read, and all a board that keeps no mailbox needs) and a
//!   mailbox; [`Attackers`], the attack test of one square on bare bitboards.
//! - [`History`]: repetitions by hash, the 50- and 75-move rules, insufficient material, and
//!   the [`Outcome`] of a game.
//! - [`Epd`]: EPD records with their operations, and [`parse_suite`] for test and perft suites.
//! - [`Variant`], [`Pockets`], [`RemainingChecks`]: the state the Lichess variants add,
//!   read and written with the rest of the FEN by [`Setup`]; their rules are
//!   `chessbits-movegen`'s `variant` module.
//!
//! It sits on `bitboard-core` (the types) and `attack-tables` (check and pin detection), and
//! knows nothing of move generation: `movegen` generates the legal moves of a `Position` (and
//! adds checkmate and stalemate to the outcomes), and `pgn` replays games through both. The
//! split lets an engine bring its own move generator and still use the position, the FEN code
//! and the Polyglot hashes.
//!
//! Conventions: FEN output writes the en-passant square only when a legal en-passant capture
//! exists; input accepts any square a double push could have produced. Castling moves are
//! king-takes-rook internally. Hashes equal Polyglot opening-book keys
//! (start position `0x463b96181691fc9c`).
//!
//! ```
//! use chessbits_bitboard_core::{Move, Square};
//! use chessbits_position::Position;
//!
//! let mut pos = Position::new();
//! assert_eq!(pos.zobrist_hash(), 0x463b96181691fc9c);
//! let e4 = Move::normal(Square::E2, Square::E4);
//! let undo = pos.make_unchecked(e4);
//! assert_eq!(pos.zobrist_hash(), 0x823c9b50fd114196);
//! pos.unmake(e4, undo);
//! assert_eq!(pos, Position::new());
//! ```
#![no_std]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

extern crate alloc;

mod board;
mod castling;
mod chess960;
mod chess_js;
mod epd;
mod fen_text;
mod history;
mod loose;
mod names;
mod polyglot_keys;
#[allow(clippy::module_inception)]
mod position;
mod setup;
mod variant;
mod zobrist;

pub use crate::position::{EnPassantMode, Position, PositionError, Undo, Validation};
pub use board::{Attackers, Board, Pieces};
pub use castling::{Castles, CastlingMode, CastlingSide};
pub use chess_js::{
    chess_js_insufficient_material, complete_chess_js_fen, read_chess_js_fen,
    validate_chess_js_fen, ChessJsFenError,
};
pub use epd::{parse_suite, Epd, EpdError, Operation, SuiteEntry};
pub use history::{GameResult, History, Outcome, Termination};
pub use loose::{EmptyOrigin, Status};
pub use polyglot_keys::polyglot_random_array;
pub use setup::{CastlingNotation, ChecksNotation, FenField, ParseFenError, Setup};
pub use variant::{Pockets, RemainingChecks, Variant};

/// The README's examples, compiled and run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
