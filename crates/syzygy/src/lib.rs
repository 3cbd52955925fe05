//! # chessbits-syzygy
//!
//! Probing Syzygy endgame tablebases (Ronald de Man's format, `.rtbw` win/draw/loss and
//! `.rtbz` distance-to-zeroing files, up to seven pieces) for positions of standard chess.
//!
//! A [`Tablebase`] is a set of table files found by [`Tablebase::add_directory`]; each file is
//! opened and memory-mapped the first time a probe needs it (a `OnceLock` per file), and the
//! tablebase is `Sync`, so an engine's search threads share one. [`Tablebase::probe_wdl`] gives
//! the result with best play ([`Wdl`], `-2..=2`), [`Tablebase::probe_dtz`] the distance to the
//! next capture or pawn move in plies, both from the side to move, in the conventions of
//! python-chess's `chess.syzygy` and Fathom (the tests check python-chess's published values
//! and shakmaty-syzygy's answers on random positions). [`Tablebase::root_moves`] and
//! [`Tablebase::best_move`] rank the legal moves of a root position so that a won game is won
//! under the 50-move rule (Fathom's root probe). [`Tablebase::probe_dtz_no_ep`],
//! [`Tablebase::probe_wdl_table`] and [`Tablebase::probe_dtz_table`] are python-chess's
//! probes of the same names (the DTZ without the en-passant captures, and what one table
//! stores with no search); [`Tablebase::add_file`] adds one file.
//!
//! Table names as text are python-chess's module functions: [`tablenames`] (every table up
//! to a number of pieces), [`normalize_tablename`], [`is_tablename`], [`dependencies`] and
//! [`all_dependencies`] (the tables a probe may need), and [`calc_key`] (a board's material
//! as a name, `KQvK`).
//!
//! It sits on `position` (the [`Position`](chessbits_position::Position) probed, make/unmake)
//! and `movegen` (the legal moves: a probe plays the captures, en passant included, because
//! tables store "don't care" values where a capture decides, and the DTZ probe looks one move
//! ahead for the side to move a table does not store). Nothing below it knows of it; the
//! command line's `chessbits syzygy` prints its answers.
//!
//! The design choice is robustness over trust: a table file is data from outside, so every
//! read of its bytes is bounds-checked and every size is checked arithmetic; a missing table,
//! a truncated file or a corrupt one is a [`SyzygyError`] naming the table and the problem,
//! never a panic (the fuzz target `syzygy` probes cut and random bytes). The one `unsafe` is
//! the memory map itself.
#![deny(missing_docs)]
#![deny(unsafe_code)]

mod bytes;
mod consts;
mod error;
mod files;
mod index;
mod material;
mod names;
mod pairs;
mod table;
mod tablebase;
mod wdl;

pub use error::SyzygyError;
pub use material::calc_key;
pub use names::{all_dependencies, dependencies, is_tablename, normalize_tablename, tablenames};
pub use table::TableKind;
pub use tablebase::{RootMove, Tablebase};
pub use wdl::Wdl;

/// The README's examples, compiled and run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
