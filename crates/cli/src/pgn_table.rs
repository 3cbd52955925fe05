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
    /// Comma-separated values with a header row (plain cells: moves and clocks separated by
    /// spaces, evaluations as Lichess writes them, tags as PGN tag pairs).
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
        chessbits_tables::Format::of_path(path).and_then(|f| match f {
            chessbits_tables::Format::Csv => Some(Format::Csv),
            chessbits_tables::Format::Ndjson => Some(Format::Ndjson),
            chessbits_tables::Format::Ipc => Some(Format::Arrow),
            chessbits_tables::Format::Parquet => Some(Format::Parquet),
            _ => None,
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

/// `--help`'s list of a table's columns (from the library's one list of them), then the
/// exit statuses.
pub(crate) fn columns_help(table: Table) -> String {
    let mut help = String::new();
    let layouts: &[(Layout, &str)] = match table {
        Table::Games => &[
            (Layout::Default, "Columns"),
            (Layout::Lichess, "Columns with --schema lichess"),
        ],
        Table::Moves => &[(Layout::Default, "Columns")],
    };
    for (layout, title) in layouts {
        help.push_str(title);
        help.push_str(":\n");
        let columns = chessbits_tables::columns::describe(table, *layout);
        let width = columns.iter().map(|(n, _)| n.len()).max().unwrap_or(0);
        for (name, about) in columns {
            help.push_str(&format!("  {name:width$}  {about}\n"));
        }
        help.push('\n');
    }
    help.push_str(crate::pgn_cmd::EXIT_STATUS);
    help
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
    /// The name the library's selection reads (`schema`).
    pub(crate) fn name(self) -> &'static str {
        match self {
            SchemaArg::Default => "default",
            SchemaArg::Lichess => "lichess",
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
