//! The outputs of `chessbits pgn games` and `chessbits pgn moves`: the format names of the
//! command line and where a table's batches go (one writer, or one file per input, each
//! spread over Hive month folders with `--partition year-month`). The columns, the rows
//! and the writers are `chessbits_tables`'s.

use std::io::{self, Write};
use std::path::Path;

use arrow_array::RecordBatch;
use arrow_schema::SchemaRef;
use chessbits_pgn::input::Compression;
use chessbits_tables::{Partitioned, Table, TableWriter, WriteOptions};

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
    /// Starts a table of `schema` (`table`'s rows, perhaps with more columns) on `out`.
    pub(crate) fn new(
        out: Box<dyn Write + Send>,
        schema: SchemaRef,
        table: Table,
        format: Format,
        threads: usize,
    ) -> io::Result<TableOut> {
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

/// The name of an input without the extensions of its compression and of PGN
/// (`games.pgn.zst` gives `games`; `-` gives `stdin`): what an output named after it
/// starts with.
#[must_use]
pub(crate) fn stem(path: &Path) -> String {
    if path.as_os_str() == "-" {
        return "stdin".to_owned();
    }
    let mut name = path
        .file_name()
        .map_or_else(|| "input".to_owned(), |n| n.to_string_lossy().into_owned());
    if Compression::of_path(Path::new(&name)) != Compression::None {
        if let Some((stem, _)) = name.rsplit_once('.') {
            name = stem.to_owned();
        }
    }
    if let Some(stem) = name.strip_suffix(".pgn") {
        name = stem.to_owned();
    }
    if name.is_empty() {
        "input".to_owned()
    } else {
        name
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stems() {
        for (path, expected) in [
            ("games.pgn.zst", "games"),
            ("dir/games.pgn.gz", "games"),
            ("games.pgn", "games"),
            ("games.zstd", "games"),
            ("games.txt", "games.txt"),
            ("-", "stdin"),
            (".pgn", "input"),
        ] {
            assert_eq!(stem(Path::new(path)), expected, "{path}");
        }
    }
}
