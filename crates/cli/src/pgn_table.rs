//! The outputs of `chessbits pgn games` and `chessbits pgn moves`: the format names of the
//! command line and where a table's batches go (one writer, or one file per input, each
//! spread over Hive month folders with `--partition year-month`). The columns, the rows
//! and the writers are `chessbits_tables`'s.

use std::io::{self, Write};
use std::path::Path;

use arrow_array::RecordBatch;
use chessbits_tables::{Layout, Partitioned, Table, TableWriter, WriteOptions};

/// An output format.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Format {
    /// Comma-separated values with a header row (lists and structs as JSON text).
    Csv,
    /// One JSON object per line.
    Ndjson,
    /// The Arrow IPC file format (Feather v2), read by pyarrow, Polars, DuckDB.
    Arrow,
    /// Apache Parquet (snappy-compressed), read by DuckDB, Polars, Spark, pandas.
    Parquet,
}

impl Format {
    /// The format an output file's extension names.
    pub(crate) fn of_path(path: &Path) -> Option<Format> {
        chessbits_tables::Format::of_path(path).map(|f| match f {
            chessbits_tables::Format::Csv => Format::Csv,
            chessbits_tables::Format::Ndjson => Format::Ndjson,
            chessbits_tables::Format::Ipc => Format::Arrow,
            chessbits_tables::Format::Parquet => Format::Parquet,
        })
    }

    /// The library's format.
    pub(crate) fn tables(self) -> chessbits_tables::Format {
        match self {
            Format::Csv => chessbits_tables::Format::Csv,
            Format::Ndjson => chessbits_tables::Format::Ndjson,
            Format::Arrow => chessbits_tables::Format::Ipc,
            Format::Parquet => chessbits_tables::Format::Parquet,
        }
    }

    /// The file extension of the format.
    pub(crate) fn extension(self) -> &'static str {
        self.tables().extension()
    }
}

/// How a table is partitioned into folders.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Partition {
    /// Hive folders `year=YYYY/month=MM/` by the game's UTC date (else its date).
    YearMonth,
}

/// The column layout, as the command line names it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum SchemaArg {
    /// This program's columns (see `pgn games --help`).
    Default,
    /// The Hugging Face dataset `Lichess/standard-chess-games`'s columns and types.
    Lichess,
}

impl SchemaArg {
    pub(crate) fn layout(self) -> Layout {
        match self {
            SchemaArg::Default => Layout::Default,
            SchemaArg::Lichess => Layout::Lichess,
        }
    }
}

/// A table being written to one output.
pub(crate) enum TableOut {
    /// One file or standard output.
    One(TableWriter<Box<dyn Write + Send>>),
    /// Hive month folders.
    Months(Partitioned),
}

impl TableOut {
    /// Starts a table on `out`.
    pub(crate) fn new(
        out: Box<dyn Write + Send>,
        table: Table,
        layout: Layout,
        format: Format,
        threads: usize,
    ) -> io::Result<TableOut> {
        let schema = chessbits_tables::schema(table, layout);
        TableWriter::new(out, schema, format.tables(), &write_options(table, threads))
            .map(TableOut::One)
    }

    /// Writes a batch.
    pub(crate) fn write(&mut self, batch: &RecordBatch) -> io::Result<()> {
        match self {
            TableOut::One(w) => w.write(batch),
            TableOut::Months(p) => p.write(batch),
        }
    }

    /// Ends the table and flushes.
    pub(crate) fn finish(self) -> io::Result<()> {
        match self {
            TableOut::One(w) => w.finish().map(|_| ()),
            TableOut::Months(p) => p.finish(),
        }
    }
}

/// Row groups of 65,536 games or 1,048,576 moves; Parquet encoded on `threads` threads.
pub(crate) fn write_options(table: Table, threads: usize) -> WriteOptions {
    WriteOptions {
        threads,
        row_group_rows: match table {
            Table::Games => 1 << 16,
            Table::Moves => 1 << 20,
        },
    }
}
