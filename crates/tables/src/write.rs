//! Batches to files, each format by the arrow-rs crate made for it: Parquet by `parquet`'s
//! Arrow writer (its column writers run on threads of their own when asked), Arrow IPC by
//! `arrow-ipc`, NDJSON by `arrow-json`, CSV by `arrow-csv` (a list, evaluation or tag cell
//! as plain text, in the PGN and Lichess spellings). [`Partitioned`] spreads a games table over Hive
//! folders `year=YYYY/month=MM/`.

mod base;
#[cfg(feature = "csv")]
mod csv;
#[cfg(feature = "parquet")]
mod parquet_out;
mod partition;
mod writer;

pub use base::{Format, WriteOptions};
#[cfg(feature = "parquet")]
pub use parquet_out::stored_schema;
pub use partition::Partitioned;
pub use writer::TableWriter;
