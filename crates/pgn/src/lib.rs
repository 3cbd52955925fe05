//! # chessbits-pgn
//!
//! Real games at scale: a streaming PGN reader with bounded memory and a visitor API, an owned
//! game tree and a writer, SAN and UCI decoding and encoding, replay of every move with errors
//! that say where, and export of `before_fen,san,after_fen` rows.
//!
//! It is the top library layer. Below it, `position` gives the [`Position`] a game is
//! replayed on (FEN tags, make/unmake, FEN output) and `movegen` the legality checks that
//! are not worth doing by hand (castling, en passant, checkmate for the `#` suffix). Above
//! it, the `chessbits` command-line program drives it (`chessbits pgn check`, `fens`,
//! `games`, `moves`, `filter`).
//!
//! - [`Reader`] streams any [`std::io::Read`] through a fixed buffer and calls a
//!   [`Visitor`]: tags, moves, comments, NAGs, variation starts and ends, the result, and
//!   errors, after which it goes on. Memory is bounded (comments and tag values are cut at
//!   [`Limits`]); variations nest to any depth without recursion.
//! - [`San`] / [`SanPlus`] read SAN in a strict or a lenient [`SanMode`] and write canonical
//!   SAN; [`uci_to_move`] / [`move_to_uci`] do UCI. Both live in `movegen` (`chessbits_movegen::san`,
//!   `chessbits_movegen::uci`), so that an engine gets them without this crate, and are re-exported
//!   here.
//! - [`Game`] is an owned tree built by [`GameBuilder`]; [`write_game`] prints it as
//!   export-format PGN that reads back to the same tree. Its lines and a [`GameRecord`]'s
//!   mainline hold their moves as one type, [`Moves`] (each text with its input line), and
//!   [`Game::to_record`] gives the record the bulk functions take.
//! - The other PGN layouts the packages promise live here too, each written from events a
//!   caller's walk gives: [`Exporter`] python-chess's (the Python package's game tree) and
//!   [`ChessJsExporter`] chess.js's (the JavaScript package's `Chess.pgn()`).
//! - [`replay`] plays a game's mainline from its `FEN`/`Variant` tags; [`check_games`] is
//!   the bulk check, [`replay_plies`] the producer of every table of moves (each position's
//!   FEN, each move's SAN and UCI), and [`pipeline::Pipeline`] runs them on every core with
//!   the output in input order (the games before a damaged part of an input are kept).
//!   [`input::open`] reads plain, zstd and gzip PGN (recognised from the first bytes; `-` is
//!   standard input).
//! - [`table`] holds what a table of games needs besides the moves (the `error` cell, the
//!   notes `[%clk]`/`[%eval]`); the tables themselves are the `chessbits-tables` crate's.
//!   [`filter`] keeps games by tags (values, numeric, date and time-control ranges),
//!   result, ply count, a position reached, and drops duplicates.
//! - Memory per game is bounded too: a collector keeps at most [`MAX_GAME_ERRORS`] errors
//!   (and counts the rest), [`MAX_GAME_MOVES`] mainline moves, [`MAX_GAME_BYTES`] of tree.
//!
//! Why a visitor over a reusable buffer rather than an iterator of owned games: reading is
//! then allocation-free, and a caller that only needs the mainline (replay, statistics)
//! skips comments and variations at tokenizer speed. SAN is decoded without generating
//! every legal move: the attack tables give the few pieces that can reach the destination,
//! and only those are checked for pins and check.
//!
//! ```
//! use chessbits_pgn::{Reader, RecordCollector, SanMode};
//!
//! let pgn = b"[Event \"Example\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 {Ruy Lopez} a6 *\n";
//! let record = Reader::new(&pgn[..])
//!     .read_game(&mut RecordCollector::new())
//!     .unwrap()
//!     .unwrap();
//! let report = chessbits_pgn::check_games(&[record], SanMode::Lenient);
//! assert_eq!(report.moves, 6);
//! assert!(report.errors.is_empty());
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod annotations;
pub mod book;
mod chess_js;
mod export;
pub mod filter;
mod game;
pub mod input;
mod moves;
mod names;
pub mod pipeline;
mod reader;
mod replay;
pub mod table;
mod tags;
pub mod values;
mod writer;

pub use chess_js::{chess_js_start_fen, ChessJsGame, ChessJsPgn};
pub use chessbits_movegen::san::{suffix_of, San, SanError, SanMode, SanPlus, SanSyntax, Suffix};
pub use chessbits_movegen::uci::{move_to_uci, uci_to_move, UciError};
pub use chessbits_position::Position;
pub use export::{ChessJsExporter, ChessJsOptions, ExportOptions, Exporter};
pub use game::{Game, GameBuilder, Line, LineId, Node, MAX_GAME_BYTES};
pub use moves::{Moves, MovesIter};
pub use reader::{
    Both, GameResult, Games, Limits, Nag, ReadError, ReadErrorKind, Reader, Skip, Visitor,
};
pub use replay::{
    check_game, check_games, move_number, replay, replay_into, replay_packed, replay_plies,
    replay_texts, start_position, write_fen, GameError, GameErrorKind, GameRecord, Plies, Ply,
    PlySink, RecordCollector, Replayed, Report, MAX_GAME_ERRORS, MAX_GAME_MOVES,
};
pub use replay::{
    game_variant, replay_any, replay_variant, variant_start_position, write_variant_fen,
    write_variant_texts,
};
pub use tags::Tags;
pub use writer::{
    write_game, write_game_to, write_mainline, write_tag_pair, MAX_COLUMNS, SEVEN_TAG_ROSTER,
};

/// The README's examples, compiled and run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
