//! # chessbits
//!
//! The whole library in one dependency: each layer of the workspace re-exported as a module,
//! with features to leave layers out. Users who want one layer can depend on its crate
//! directly (`chessbits-movegen`, ...); the modules here are those crates, unchanged.
//!
//! | module | crate | what it is |
//! |---|---|---|
//! | [`bitboard`] | `chessbits-bitboard-core` | squares, colours, pieces, bitboards, moves |
//! | [`attacks`] | `chessbits-attack-tables` | attack tables and every sliding-attack method |
//! | [`position`] | `chessbits-position` | FEN, Polyglot Zobrist hashing, make/unmake, outcomes |
//! | [`movegen`] | `chessbits-movegen` | legal moves, SAN/UCI, checked play, perft, SEE, books |
//! | [`pgn`] | `chessbits-pgn` | streaming PGN reader and writer, replay, filtering |
//! | `tables` | `chessbits-tables` | games as Arrow record batches; Parquet, IPC, CSV, NDJSON |
//! | `syzygy` | `chessbits-syzygy` | Syzygy endgame tablebase probing (WDL, DTZ) |
//! | `uci` | `chessbits-uci` | a client for chess engines over UCI and XBoard |
//!
//! Features: `attack-tables`, `position`, `movegen`, `pgn` (each brings the layers below it;
//! `bitboard` is always there) and `std`; the default is these. `tables` (with its writers
//! `tables-parquet`, `tables-ipc`, `tables-csv`, `tables-json`, and `tables-engine` for
//! engine analysis of the moves table), `syzygy` and `uci` are off by default: arrow-rs is
//! a large build, and few programs probe tablebases or start engines. Without `std`
//! and `pgn` the crate is `no_std` (it needs `alloc`).
//!
//! ```
//! use chessbits::prelude::*;
//!
//! let mut pos = Position::new();
//! for san in ["e4", "e5", "Nf3", "Nc6"] {
//!     pos.play_san(san)?;
//! }
//! assert_eq!(legal_moves(&pos).len(), 27);
//! assert_eq!(pos.piece_at(Square::C6), Some(Role::Knight.of(Color::Black)));
//! # Ok::<(), chessbits::movegen::PlayError>(())
//! ```
#![no_std]
#![deny(missing_docs)]
#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]

/// Board vocabulary: squares, files, ranks, colours, roles, pieces, bitboards, moves
/// (`chessbits-bitboard-core`).
pub use chessbits_bitboard_core as bitboard;

/// Attack tables and the sliding-attack methods, with the registry that lists them
/// (`chessbits-attack-tables`).
#[cfg(feature = "attack-tables")]
#[cfg_attr(docsrs, doc(cfg(feature = "attack-tables")))]
pub use chessbits_attack_tables as attacks;

/// Positions: FEN and X-FEN, Polyglot Zobrist hashing, make/unmake, history and outcomes
/// (`chessbits-position`).
#[cfg(feature = "position")]
#[cfg_attr(docsrs, doc(cfg(feature = "position")))]
pub use chessbits_position as position;

/// Legal move generation, SAN and UCI, checked play, perft, SEE and Polyglot books
/// (`chessbits-movegen`).
#[cfg(feature = "movegen")]
#[cfg_attr(docsrs, doc(cfg(feature = "movegen")))]
pub use chessbits_movegen as movegen;

/// The streaming PGN reader and writer, replay, filtering and table rows (`chessbits-pgn`).
#[cfg(feature = "pgn")]
#[cfg_attr(docsrs, doc(cfg(feature = "pgn")))]
pub use chessbits_pgn as pgn;

/// Games as Apache Arrow record batches, with the Parquet, Arrow IPC, CSV and NDJSON
/// writers its `tables-*` features turn on (`chessbits-tables`).
#[cfg(feature = "tables")]
#[cfg_attr(docsrs, doc(cfg(feature = "tables")))]
pub use chessbits_tables as tables;

/// Syzygy endgame tablebase probing: WDL and DTZ, root move ranking (`chessbits-syzygy`).
#[cfg(feature = "syzygy")]
#[cfg_attr(docsrs, doc(cfg(feature = "syzygy")))]
pub use chessbits_syzygy as syzygy;

/// A client for chess engines over UCI and XBoard: options, limits, `info` lines, an
/// engine pool (`chessbits-uci`).
#[cfg(feature = "uci")]
#[cfg_attr(docsrs, doc(cfg(feature = "uci")))]
pub use chessbits_uci as uci;

/// The names most programs use, for `use chessbits::prelude::*;`.
pub mod prelude {
    pub use chessbits_bitboard_core::{
        Bitboard, Color, File, Move, MoveKind, Piece, Rank, Role, Square,
    };

    #[cfg(feature = "attack-tables")]
    #[cfg_attr(docsrs, doc(cfg(feature = "attack-tables")))]
    pub use chessbits_attack_tables::SlidingAttacks;

    #[cfg(feature = "position")]
    #[cfg_attr(docsrs, doc(cfg(feature = "position")))]
    pub use chessbits_position::{CastlingMode, Outcome, Position, PositionError, Undo};

    #[cfg(feature = "movegen")]
    #[cfg_attr(docsrs, doc(cfg(feature = "movegen")))]
    pub use chessbits_movegen::{
        is_legal, legal_moves, perft, MoveList, Play, PlayError, San, SanPlus,
    };

    #[cfg(feature = "pgn")]
    #[cfg_attr(docsrs, doc(cfg(feature = "pgn")))]
    pub use chessbits_pgn::{Game, Reader};
}

#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
