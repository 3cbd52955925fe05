//! What the writers share: the formats, the options, and errors as `io::Error`s.

use std::io::{self};
use std::path::Path;

use arrow_schema::ArrowError;

/// An output format (more may come: match with a wildcard arm).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Format {
    /// Comma-separated values with a header row; a list is its items separated by spaces,
    /// an evaluation Lichess's text (`0.17`, `#-3`), the tags PGN tag pairs.
    #[cfg(feature = "csv")]
    Csv,
    /// One JSON object per line (every column, nulls written).
    #[cfg(feature = "json")]
    Ndjson,
    /// The Arrow IPC file format (Feather v2).
    #[cfg(feature = "ipc")]
    Ipc,
    /// Apache Parquet, snappy-compressed.
    #[cfg(feature = "parquet")]
    Parquet,
}

impl Format {
    /// The format an output file's extension names.
    pub fn of_path(path: &Path) -> Option<Format> {
        match path.extension()?.to_str()? {
            #[cfg(feature = "csv")]
            "csv" => Some(Format::Csv),
            #[cfg(feature = "json")]
            "ndjson" | "jsonl" | "json" => Some(Format::Ndjson),
            #[cfg(feature = "ipc")]
            "arrow" | "feather" | "ipc" => Some(Format::Ipc),
            #[cfg(feature = "parquet")]
            "parquet" | "pq" => Some(Format::Parquet),
            _ => None,
        }
    }

    /// The file extension of the format.
    pub fn extension(self) -> &'static str {
        match self {
            #[cfg(feature = "csv")]
            Format::Csv => "csv",
            #[cfg(feature = "json")]
            Format::Ndjson => "ndjson",
            #[cfg(feature = "ipc")]
            Format::Ipc => "arrow",
            #[cfg(feature = "parquet")]
            Format::Parquet => "parquet",
        }
    }
}

/// How a table is written.
#[derive(Clone, Debug)]
pub struct WriteOptions {
    /// Threads encoding Parquet columns (1: on the writing thread).
    pub threads: usize,
    /// Rows per Parquet row group (rounded up to a multiple of the 8,192 rows the column
    /// writers are given at a time).
    pub row_group_rows: usize,
}

impl Default for WriteOptions {
    fn default() -> WriteOptions {
        WriteOptions {
            threads: 1,
            row_group_rows: 1 << 16,
        }
    }
}

/// The rows the Parquet column writers are given at a time, whatever the batches they came
/// in: so a file's bytes do not depend on how the input was cut into batches (the threads).
#[cfg(feature = "parquet")]
pub(crate) const CELL_ROWS: usize = 8192;

/// An error as an `io::Error` (an I/O error as itself, so that a closed pipe stays one).
pub(crate) fn io_error(e: ArrowError) -> io::Error {
    match e {
        ArrowError::IoError(_, e) => e,
        ArrowError::ExternalError(b) => match b.downcast::<io::Error>() {
            Ok(e) => *e,
            Err(b) => io::Error::other(b),
        },
        e => io::Error::other(e),
    }
}

#[cfg(feature = "parquet")]
pub(super) fn parquet_error(e: parquet::errors::ParquetError) -> io::Error {
    match e {
        parquet::errors::ParquetError::External(b) => match b.downcast::<io::Error>() {
            Ok(e) => *e,
            Err(b) => io::Error::other(b),
        },
        e => io::Error::other(e),
    }
}
