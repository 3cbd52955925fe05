//! # chessbits-tables
//!
//! Games in, Arrow [`RecordBatch`](arrow_array::RecordBatch)es out: the tables of chess
//! games that DuckDB, Polars, Spark and pandas query, built on `chessbits-pgn` and written
//! by arrow-rs.
//!
//! It sits above `chessbits-pgn`, which reads PGN (plain, zstd, gzip), replays every move
//! through `movegen`, selects games ([`chessbits_pgn::filter`]) and runs the work on every
//! core in input order ([`chessbits_pgn::pipeline`]). This crate adds what a table needs and
//! nothing about chess: the columns ([`mod@schema`]: one definition per table and layout), the
//! row rule that fills them ([`rows`]: a replayed game to cells), an iterator of batches
//! with bounded memory ([`Batches`]), and writers ([`TableWriter`]) that configure the
//! arrow-rs crate of each format rather than encode it.
//!
//! It is also the one route from inputs to output that every door takes, for a table or
//! any other job: which games ([`Selection`], read from text under the names every door
//! uses), and the driver ([`drive()`], [`drive_paths`]) that reads the inputs on every core,
//! decides each game, hands those kept to a [`Work`] (the rows of a table, or one of
//! [`works`]: the check, `before_fen,san,after_fen` rows, PGN) and their output to a sink in
//! input order, with one rule for a damaged input and a panic. The `chessbits` command line
//! (`pgn check`, `fens`, `filter`, `games`, `moves`) binds these to files, arguments and
//! messages; the Python package hands the same batches to pyarrow.
//!
//! Why Arrow in the middle: every format is then written from one set of columns (CSV,
//! NDJSON, Arrow IPC and Parquet cannot disagree), and the file formats stay the work of
//! the libraries that own them. Parquet is written by `parquet`'s `ArrowWriter`, its column
//! writers run on threads of their own when asked, each fed the same cells of rows whatever
//! the threads, so a file's bytes do not depend on them.
#![doc = include_str!("../README.md")]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

#[cfg(feature = "engine")]
#[cfg_attr(docsrs, doc(cfg(feature = "engine")))]
pub mod analyse;
pub mod columns;
pub mod drive;
pub mod fens;
pub mod rows;
pub mod schema;
pub mod selection;
pub mod stream;
mod tags;
mod types;
pub mod works;
/// The writers (present with at least one of the features `parquet`, `ipc`, `csv`,
/// `json`).
#[cfg(any(
    feature = "parquet",
    feature = "ipc",
    feature = "csv",
    feature = "json"
))]
#[cfg_attr(
    docsrs,
    doc(cfg(any(
        feature = "parquet",
        feature = "ipc",
        feature = "csv",
        feature = "json"
    )))
)]
pub mod write;

pub use drive::{drive, drive_paths, Inputs, Limiter, Work};
pub use rows::RowOptions;
pub use schema::{schema, Layout, Table};
pub use selection::Selection;
pub use stream::{BatchOptions, Batches, Waiting};
#[cfg(any(
    feature = "parquet",
    feature = "ipc",
    feature = "csv",
    feature = "json"
))]
pub use write::{Format, Partitioned, TableWriter, WriteOptions};
