//! Batches to files, each format by the arrow-rs crate made for it: Parquet by `parquet`'s
//! Arrow writer (its column writers run on threads of their own when asked), Arrow IPC by
//! `arrow-ipc`, NDJSON by `arrow-json`, CSV by `arrow-csv` (a list, evaluation or tag cell
//! as plain text, in the PGN and Lichess spellings). [`Partitioned`] spreads a games table over Hive
//! folders `year=YYYY/month=MM/`.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use arrow_array::cast::AsArray;
use arrow_array::{Array, RecordBatch, StringArray, UInt32Array};
use arrow_schema::{ArrowError, SchemaRef};
#[cfg(any(feature = "csv", feature = "parquet"))]
use arrow_schema::{DataType, Field, Schema};

use crate::tags;

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
    /// Rows per Parquet row group (rounded up to a multiple of [`CELL_ROWS`]).
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
pub const CELL_ROWS: usize = 8192;

/// An error as an `io::Error` (an I/O error as itself, so that a closed pipe stays one).
pub fn io_error(e: ArrowError) -> io::Error {
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
fn parquet_error(e: parquet::errors::ParquetError) -> io::Error {
    match e {
        parquet::errors::ParquetError::External(b) => match b.downcast::<io::Error>() {
            Ok(e) => *e,
            Err(b) => io::Error::other(b),
        },
        e => io::Error::other(e),
    }
}

/// The output under a format's writer: its first I/O error is kept for the caller, as
/// itself (a format crate may turn it into text, and a closed pipe must stay one), and what
/// is written after it is dropped (so that no format writer fails twice, or panics, on the
/// way out).
struct Tracked<W> {
    inner: W,
    error: Arc<Mutex<Option<io::Error>>>,
}

impl<W: Write> Tracked<W> {
    fn keep(&self, e: io::Error) -> io::Error {
        let copy = io::Error::new(e.kind(), e.to_string());
        if let Ok(mut slot) = self.error.lock() {
            slot.get_or_insert(e);
        }
        copy
    }

    fn failed(&self) -> bool {
        self.error.lock().map_or(true, |e| e.is_some())
    }
}

impl<W: Write> Write for Tracked<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.failed() {
            return Ok(buf.len());
        }
        self.inner.write(buf).map_err(|e| self.keep(e))
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.failed() {
            return Ok(());
        }
        self.inner.flush().map_err(|e| self.keep(e))
    }
}

/// A copy of the output's kept error.
fn own_error(slot: &Mutex<Option<io::Error>>) -> Option<io::Error> {
    let slot = slot.lock().ok()?;
    slot.as_ref()
        .map(|e| io::Error::new(e.kind(), e.to_string()))
}

enum Inner<W: Write + Send> {
    #[cfg(feature = "csv")]
    Csv(Box<arrow_csv::Writer<W>>),
    #[cfg(feature = "json")]
    Ndjson(arrow_json::LineDelimitedWriter<W>),
    #[cfg(feature = "ipc")]
    Ipc(arrow_ipc::writer::FileWriter<W>),
    #[cfg(feature = "parquet")]
    Parquet(Box<parquet_out::ParquetOut<W>>),
}

/// A table being written to one output.
pub struct TableWriter<W: Write + Send> {
    inner: Inner<Tracked<W>>,
    error: Arc<Mutex<Option<io::Error>>>,
}

impl<W: Write + Send> std::fmt::Debug for TableWriter<W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TableWriter").finish_non_exhaustive()
    }
}

impl<W: Write + Send> TableWriter<W> {
    /// Starts a table of `schema` in `format` on `out` (a CSV header is written now).
    pub fn new(
        out: W,
        schema: SchemaRef,
        format: Format,
        options: &WriteOptions,
    ) -> io::Result<TableWriter<W>> {
        // Not every writer reads the schema and the options (NDJSON alone reads neither).
        let _ = (&schema, options);
        let error = Arc::new(Mutex::new(None));
        let out = Tracked {
            inner: out,
            error: error.clone(),
        };
        let inner = match format {
            #[cfg(feature = "csv")]
            Format::Csv => {
                let mut w = arrow_csv::WriterBuilder::new().with_header(true).build(out);
                // The header, even for a table without rows.
                let empty = RecordBatch::new_empty(schema);
                w.write(&csv_cells(&empty)?).map_err(io_error)?;
                Inner::Csv(Box::new(w))
            }
            #[cfg(feature = "json")]
            Format::Ndjson => Inner::Ndjson(
                arrow_json::WriterBuilder::new()
                    .with_explicit_nulls(true)
                    .build::<_, arrow_json::writer::LineDelimited>(out),
            ),
            #[cfg(feature = "ipc")]
            Format::Ipc => {
                Inner::Ipc(arrow_ipc::writer::FileWriter::try_new(out, &schema).map_err(io_error)?)
            }
            #[cfg(feature = "parquet")]
            Format::Parquet => Inner::Parquet(Box::new(parquet_out::ParquetOut::new(
                out, schema, options,
            )?)),
        };
        Ok(TableWriter { inner, error })
    }

    /// The output's own error when there was one (it stays kept: later writes are
    /// dropped), else `e`.
    fn error(&self, e: io::Error) -> io::Error {
        own_error(&self.error).unwrap_or(e)
    }

    /// Writes a batch.
    pub fn write(&mut self, batch: &RecordBatch) -> io::Result<()> {
        self.write_batch(batch).map_err(|e| self.error(e))
    }

    fn write_batch(&mut self, batch: &RecordBatch) -> io::Result<()> {
        match &mut self.inner {
            #[cfg(feature = "csv")]
            Inner::Csv(w) => w.write(&csv_cells(batch)?).map_err(io_error),
            #[cfg(feature = "json")]
            Inner::Ndjson(w) => w.write(batch).map_err(io_error),
            #[cfg(feature = "ipc")]
            Inner::Ipc(w) => w.write(batch).map_err(io_error),
            #[cfg(feature = "parquet")]
            Inner::Parquet(w) => w.write(batch),
        }
    }

    /// Ends the table (the Parquet or IPC footer) and gives the output back, flushed.
    pub fn finish(self) -> io::Result<W> {
        let error = self.error.clone();
        let own = |e: io::Error| own_error(&error).unwrap_or(e);
        let mut out = Self::finish_inner(self.inner).map_err(own)?;
        out.flush().map_err(own)?;
        match own_error(&error) {
            Some(e) => Err(e),
            None => Ok(out.inner),
        }
    }

    fn finish_inner(inner: Inner<Tracked<W>>) -> io::Result<Tracked<W>> {
        let out = match inner {
            #[cfg(feature = "csv")]
            Inner::Csv(w) => w.into_inner(),
            #[cfg(feature = "json")]
            Inner::Ndjson(mut w) => {
                w.finish().map_err(io_error)?;
                w.into_inner()
            }
            #[cfg(feature = "ipc")]
            Inner::Ipc(mut w) => {
                w.finish().map_err(io_error)?;
                w.into_inner().map_err(io_error)?
            }
            #[cfg(feature = "parquet")]
            Inner::Parquet(w) => w.finish()?,
        };
        Ok(out)
    }
}

/// A batch for CSV: every cell plain text, written as the PGN and Lichess formats write
/// it (by `chessbits_pgn`): a list of moves or clocks as its items separated by spaces (a
/// missing item `-`), an evaluation as Lichess writes it (`0.17`, `#-3`), the tags as PGN
/// tag pairs (`[Event "x"] [Site "y"]`); a null stays an empty cell.
#[cfg(feature = "csv")]
fn csv_cells(batch: &RecordBatch) -> io::Result<RecordBatch> {
    use arrow_array::ArrayRef;

    let schema = batch.schema();
    if !schema.fields().iter().any(|f| f.data_type().is_nested()) {
        return Ok(batch.clone());
    }
    let mut fields = Vec::with_capacity(schema.fields().len());
    let mut columns = Vec::with_capacity(schema.fields().len());
    for (field, column) in schema.fields().iter().zip(batch.columns()) {
        if !field.data_type().is_nested() {
            fields.push(field.as_ref().clone());
            columns.push(column.clone());
            continue;
        }
        let mut text = Vec::with_capacity(64);
        let mut cells = arrow_array::builder::StringBuilder::new();
        for i in 0..column.len() {
            if column.is_null(i) {
                cells.append_null();
                continue;
            }
            text.clear();
            plain_cell(column.as_ref(), i, &mut text)?;
            cells.append_value(String::from_utf8_lossy(&text));
        }
        fields.push(Field::new(field.name(), DataType::Utf8, true));
        columns.push(Arc::new(cells.finish()) as ArrayRef);
    }
    RecordBatch::try_new(Arc::new(Schema::new(fields)), columns).map_err(io_error)
}

/// The plain text of a nested cell (a list, an evaluation, a tag pair).
#[cfg(feature = "csv")]
fn plain_cell(column: &dyn Array, i: usize, out: &mut Vec<u8>) -> io::Result<()> {
    use std::io::Write as _;

    let unsupported = || {
        io::Error::new(
            io::ErrorKind::Unsupported,
            format!("no CSV text for a cell of type {}", column.data_type()),
        )
    };
    match column.data_type() {
        DataType::List(_) => {
            let items = column.as_list::<i32>().value(i);
            for j in 0..items.len() {
                if j > 0 {
                    out.push(b' ');
                }
                if items.is_null(j) {
                    out.push(b'-');
                } else {
                    plain_cell(items.as_ref(), j, out)?;
                }
            }
        }
        DataType::Utf8 => out.extend_from_slice(column.as_string::<i32>().value(i).as_bytes()),
        DataType::Float64 => {
            let v = column
                .as_primitive::<arrow_array::types::Float64Type>()
                .value(i);
            write!(out, "{v}")?;
        }
        DataType::Struct(fields) => {
            let s = column.as_struct();
            let names: Vec<&str> = fields.iter().map(|f| f.name().as_str()).collect();
            match names.as_slice() {
                ["cp", "mate"] => {
                    let int = |k: usize| {
                        let c = s.column(k).as_primitive::<arrow_array::types::Int32Type>();
                        (!c.is_null(i)).then(|| c.value(i))
                    };
                    let eval = match (int(0), int(1)) {
                        (Some(cp), _) => chessbits_pgn::table::Eval::Centipawns(cp),
                        (None, Some(m)) => chessbits_pgn::table::Eval::Mate(m),
                        (None, None) => return Ok(()),
                    };
                    write!(out, "{eval}")?;
                }
                ["key", "value"] => {
                    let text = |k: usize| s.column(k).as_string::<i32>().value(i).as_bytes();
                    chessbits_pgn::write_tag_pair(text(0), text(1), out);
                }
                _ => return Err(unsupported()),
            }
        }
        _ => return Err(unsupported()),
    }
    Ok(())
}

#[cfg(feature = "parquet")]
pub use parquet_out::stored_schema;

#[cfg(feature = "parquet")]
mod parquet_out {
    //! Parquet through `parquet`'s [`ArrowWriter`]: its column writers
    //! ([`ArrowColumnWriter`]) are handed out to encoder threads (or kept on the writing
    //! thread), each column's values given in cells of [`CELL_ROWS`] rows, and the closed
    //! column chunks appended to the file's row group by the writer.

    use super::*;
    use arrow_array::ArrayRef;
    use arrow_schema::TimeUnit;
    use parquet::arrow::arrow_writer::{
        compute_leaves, ArrowColumnChunk, ArrowColumnWriter, ArrowRowGroupWriterFactory,
        ArrowWriterOptions,
    };
    use parquet::arrow::ArrowWriter;
    use parquet::basic::Compression;
    use parquet::file::properties::WriterProperties;
    use parquet::file::writer::SerializedFileWriter;
    use std::sync::mpsc::{self, Receiver, SyncSender};
    use std::thread::JoinHandle;

    /// The leaf columns a top-level column of `data_type` has.
    fn leaves(data_type: &DataType) -> usize {
        match data_type {
            DataType::Struct(fields) => fields.iter().map(|f| leaves(f.data_type())).sum(),
            DataType::List(f) | DataType::LargeList(f) | DataType::FixedSizeList(f, _) => {
                leaves(f.data_type())
            }
            DataType::Map(f, _) => leaves(f.data_type()),
            _ => 1,
        }
    }

    /// A guess of a column's encoding work per row, to share columns among encoders.
    fn weight(field: &Field) -> usize {
        match field.name().as_str() {
            "moves_san" | "moves_uci" | "before_fen" | "after_fen" | "movetext" => 16,
            "tags" => 12,
            "clocks" | "evals" => 6,
            _ => 1,
        }
    }

    /// The columns one encoder owns: (top-level column, its leaves' writers).
    type Owned = Vec<(usize, Vec<ArrowColumnWriter>)>;
    /// Closed chunks: (top-level column, its leaves' chunks).
    type Closed = Vec<(usize, Vec<ArrowColumnChunk>)>;

    /// A top-level column as Parquet stores it: `Time32(Second)` and `Timestamp(Second)`
    /// in milliseconds (Parquet has no unit of seconds; pyarrow converts them the same way,
    /// and parquet's writer would otherwise leave plain integers).
    fn stored_type(t: &DataType) -> Option<DataType> {
        match t {
            DataType::Time32(TimeUnit::Second) => Some(DataType::Time32(TimeUnit::Millisecond)),
            DataType::Timestamp(TimeUnit::Second, tz) => {
                Some(DataType::Timestamp(TimeUnit::Millisecond, tz.clone()))
            }
            _ => None,
        }
    }

    /// The schema of a Parquet file written from batches of `schema`.
    pub fn stored_schema(schema: &Schema) -> SchemaRef {
        let fields: Vec<Field> = schema
            .fields()
            .iter()
            .map(|f| match stored_type(f.data_type()) {
                Some(t) => f.as_ref().clone().with_data_type(t),
                None => f.as_ref().clone(),
            })
            .collect();
        Arc::new(Schema::new_with_metadata(fields, schema.metadata().clone()))
    }

    /// A column in its stored type.
    fn stored(array: ArrayRef) -> ArrayRef {
        use arrow_array::types::{
            Time32MillisecondType, Time32SecondType, TimestampMillisecondType, TimestampSecondType,
        };
        match array.data_type() {
            DataType::Time32(TimeUnit::Second) => Arc::new(
                array
                    .as_primitive::<Time32SecondType>()
                    .unary::<_, Time32MillisecondType>(|s| s.saturating_mul(1000)),
            ),
            DataType::Timestamp(TimeUnit::Second, tz) => Arc::new(
                array
                    .as_primitive::<TimestampSecondType>()
                    .unary::<_, TimestampMillisecondType>(|s| s.saturating_mul(1000))
                    .with_timezone_opt(tz.clone()),
            ),
            _ => array,
        }
    }

    /// Encodes cells into the column writers it owns.
    struct Encoder {
        schema: SchemaRef,
        owned: Owned,
    }

    impl Encoder {
        fn cell(&mut self, pieces: &[RecordBatch]) -> io::Result<()> {
            for (column, writers) in &mut self.owned {
                let field = self.schema.field(*column);
                let array: ArrayRef = if pieces.len() == 1 {
                    pieces[0].column(*column).clone()
                } else {
                    let arrays: Vec<&dyn Array> =
                        pieces.iter().map(|p| p.column(*column).as_ref()).collect();
                    arrow_select::concat::concat(&arrays).map_err(io_error)?
                };
                let leaves = compute_leaves(field, &stored(array)).map_err(parquet_error)?;
                for (writer, leaf) in writers.iter_mut().zip(&leaves) {
                    writer.write(leaf).map_err(parquet_error)?;
                }
            }
            Ok(())
        }

        fn close(&mut self) -> io::Result<Closed> {
            std::mem::take(&mut self.owned)
                .into_iter()
                .map(|(column, writers)| {
                    let chunks = writers
                        .into_iter()
                        .map(|w| w.close().map_err(parquet_error))
                        .collect::<io::Result<Vec<_>>>()?;
                    Ok((column, chunks))
                })
                .collect()
        }
    }

    enum Job {
        Start(Owned),
        Cell(Arc<Vec<RecordBatch>>),
        Close,
    }

    /// An encoder on a thread of its own.
    struct Remote {
        jobs: SyncSender<Job>,
        closed: Receiver<io::Result<Closed>>,
        thread: JoinHandle<()>,
    }

    impl Remote {
        fn spawn(schema: SchemaRef) -> Remote {
            let (jobs, job_rx) = mpsc::sync_channel::<Job>(2);
            let (closed_tx, closed) = mpsc::sync_channel(1);
            let thread = std::thread::spawn(move || {
                let mut encoder = Encoder {
                    schema,
                    owned: Vec::new(),
                };
                let mut failed: Option<io::Error> = None;
                for job in job_rx {
                    match job {
                        Job::Start(owned) => encoder.owned = owned,
                        Job::Cell(pieces) => {
                            if failed.is_none() {
                                failed = encoder.cell(&pieces).err();
                            }
                        }
                        Job::Close => {
                            let r = match failed.take() {
                                Some(e) => Err(e),
                                None => encoder.close(),
                            };
                            if closed_tx.send(r).is_err() {
                                return;
                            }
                        }
                    }
                }
            });
            Remote {
                jobs,
                closed,
                thread,
            }
        }
    }

    enum Encoders {
        Here(Encoder),
        Threads(Vec<Remote>),
    }

    /// A Parquet file being written.
    pub(super) struct ParquetOut<W: Write + Send> {
        writer: SerializedFileWriter<W>,
        factory: ArrowRowGroupWriterFactory,
        /// Row groups written.
        groups: usize,
        schema: SchemaRef,
        /// Per encoder, the top-level columns it owns.
        shares: Vec<Vec<usize>>,
        /// Per top-level column, its first leaf's index.
        first_leaf: Vec<usize>,
        encoders: Encoders,
        pending: Vec<RecordBatch>,
        pending_rows: usize,
        /// Rows in the open row group; `None` when none is open.
        group: Option<usize>,
        group_rows: usize,
    }

    impl<W: Write + Send> ParquetOut<W> {
        pub(super) fn new(
            out: W,
            schema: SchemaRef,
            options: &WriteOptions,
        ) -> io::Result<ParquetOut<W>> {
            let mut props = WriterProperties::builder().set_compression(Compression::SNAPPY);
            // No statistics for the items of lists: a move list's min and max prune nothing,
            // and computing them compares every move (a tenth of a games export's time).
            let parquet_schema = parquet::arrow::ArrowSchemaConverter::new()
                .convert(&stored_schema(&schema))
                .map_err(parquet_error)?;
            for column in parquet_schema.columns() {
                if column.max_rep_level() > 0 {
                    props = props.set_column_statistics_enabled(
                        column.path().clone(),
                        parquet::file::properties::EnabledStatistics::None,
                    );
                }
            }
            let props = props.build();
            let schema = stored_schema(&schema);
            let writer = ArrowWriter::try_new_with_options(
                out,
                schema.clone(),
                ArrowWriterOptions::new().with_properties(props),
            )
            .map_err(parquet_error)?;
            // The Arrow writer sets the file up (the Arrow schema in its metadata); its
            // column writers are then driven here.
            let (writer, factory) = writer.into_serialized_writer().map_err(parquet_error)?;
            let threads = options.threads.max(1);
            let mut first_leaf = Vec::with_capacity(schema.fields().len());
            let mut n = 0;
            for f in schema.fields() {
                first_leaf.push(n);
                n += leaves(f.data_type());
            }
            first_leaf.push(n);
            // Heaviest columns first, each to the encoder with the least work so far.
            let mut order: Vec<usize> = (0..schema.fields().len()).collect();
            order.sort_by_key(|&i| std::cmp::Reverse(weight(schema.field(i))));
            let mut shares = vec![Vec::new(); threads];
            let mut load = vec![0; threads];
            for i in order {
                let e = (0..threads).min_by_key(|&e| load[e]).unwrap_or(0);
                load[e] += weight(schema.field(i));
                shares[e].push(i);
            }
            let encoders = if threads == 1 {
                Encoders::Here(Encoder {
                    schema: schema.clone(),
                    owned: Vec::new(),
                })
            } else {
                Encoders::Threads(
                    (0..threads)
                        .map(|_| Remote::spawn(schema.clone()))
                        .collect(),
                )
            };
            let cells = options.row_group_rows.max(1).div_ceil(CELL_ROWS);
            Ok(ParquetOut {
                writer,
                factory,
                groups: 0,
                schema,
                shares,
                first_leaf,
                encoders,
                pending: Vec::new(),
                pending_rows: 0,
                group: None,
                group_rows: cells * CELL_ROWS,
            })
        }

        pub(super) fn write(&mut self, batch: &RecordBatch) -> io::Result<()> {
            if batch.num_rows() == 0 {
                return Ok(());
            }
            self.pending_rows += batch.num_rows();
            self.pending.push(batch.clone());
            while self.pending_rows >= CELL_ROWS {
                self.cell(CELL_ROWS)?;
            }
            Ok(())
        }

        /// Hands the first `rows` pending rows to the encoders as one cell.
        fn cell(&mut self, rows: usize) -> io::Result<()> {
            if self.group.is_none() {
                self.start_group()?;
            }
            let mut pieces = Vec::new();
            let mut need = rows;
            while need > 0 {
                let first = &self.pending[0];
                if first.num_rows() <= need {
                    need -= first.num_rows();
                    pieces.push(self.pending.remove(0));
                } else {
                    pieces.push(first.slice(0, need));
                    self.pending[0] = first.slice(need, first.num_rows() - need);
                    need = 0;
                }
            }
            self.pending_rows -= rows;
            match &mut self.encoders {
                Encoders::Here(e) => e.cell(&pieces)?,
                Encoders::Threads(remotes) => {
                    let pieces = Arc::new(pieces);
                    for r in remotes {
                        r.jobs
                            .send(Job::Cell(pieces.clone()))
                            .map_err(|_| io::Error::other("a Parquet encoder stopped"))?;
                    }
                }
            }
            let in_group = self.group.unwrap_or(0) + rows;
            self.group = Some(in_group);
            if in_group >= self.group_rows {
                self.close_group()?;
            }
            Ok(())
        }

        fn start_group(&mut self) -> io::Result<()> {
            let mut writers: Vec<Option<ArrowColumnWriter>> = self
                .factory
                .create_column_writers(self.groups)
                .map_err(parquet_error)?
                .into_iter()
                .map(Some)
                .collect();
            let mut owned: Vec<Owned> = Vec::with_capacity(self.shares.len());
            for share in &self.shares {
                let mut mine = Vec::with_capacity(share.len());
                for &column in share {
                    let leaves = (self.first_leaf[column]..self.first_leaf[column + 1])
                        .filter_map(|l| writers[l].take())
                        .collect();
                    mine.push((column, leaves));
                }
                owned.push(mine);
            }
            match &mut self.encoders {
                Encoders::Here(e) => e.owned = owned.pop().unwrap_or_default(),
                Encoders::Threads(remotes) => {
                    for (r, o) in remotes.iter().zip(owned) {
                        r.jobs
                            .send(Job::Start(o))
                            .map_err(|_| io::Error::other("a Parquet encoder stopped"))?;
                    }
                }
            }
            self.group = Some(0);
            Ok(())
        }

        fn close_group(&mut self) -> io::Result<()> {
            let mut closed: Closed = Vec::with_capacity(self.schema.fields().len());
            match &mut self.encoders {
                Encoders::Here(e) => closed.extend(e.close()?),
                Encoders::Threads(remotes) => {
                    for r in remotes.iter() {
                        r.jobs
                            .send(Job::Close)
                            .map_err(|_| io::Error::other("a Parquet encoder stopped"))?;
                    }
                    for r in remotes.iter() {
                        let c = r
                            .closed
                            .recv()
                            .map_err(|_| io::Error::other("a Parquet encoder stopped"))??;
                        closed.extend(c);
                    }
                }
            }
            closed.sort_by_key(|(column, _)| *column);
            let mut group = self.writer.next_row_group().map_err(parquet_error)?;
            for chunk in closed.into_iter().flat_map(|(_, c)| c) {
                chunk
                    .append_to_row_group(&mut group)
                    .map_err(parquet_error)?;
            }
            group.close().map_err(parquet_error)?;
            self.groups += 1;
            self.group = None;
            Ok(())
        }

        pub(super) fn finish(mut self) -> io::Result<W> {
            if self.pending_rows > 0 {
                let rows = self.pending_rows;
                self.cell(rows)?;
            }
            if self.group.is_some() {
                self.close_group()?;
            }
            if let Encoders::Threads(remotes) =
                std::mem::replace(&mut self.encoders, Encoders::Threads(Vec::new()))
            {
                for r in remotes {
                    drop(r.jobs);
                    let _ = r.thread.join();
                }
            }
            self.writer.into_inner().map_err(parquet_error)
        }
    }
}

/// A games table spread over Hive folders `DIR/year=YYYY/month=MM/NAME` by each game's UTC
/// date (else its `Date`), which DuckDB, Polars and Spark read as `year` and `month`
/// columns and prune on. A game without a known date goes to
/// `year=__HIVE_DEFAULT_PARTITION__/month=__HIVE_DEFAULT_PARTITION__`. One writer stays open
/// per month met.
pub struct Partitioned {
    dir: PathBuf,
    name: String,
    format: Format,
    options: WriteOptions,
    writers: BTreeMap<Option<(i32, u32)>, TableWriter<BufWriter<File>>>,
}

/// The Hive folder of a partition.
pub(crate) fn partition_dir(key: Option<(i32, u32)>) -> String {
    match key {
        Some((y, m)) => format!("year={y:04}/month={m:02}"),
        None => "year=__HIVE_DEFAULT_PARTITION__/month=__HIVE_DEFAULT_PARTITION__".to_owned(),
    }
}

impl std::fmt::Debug for Partitioned {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Partitioned")
            .field("dir", &self.dir)
            .field("name", &self.name)
            .field("format", &self.format)
            .field("months", &self.writers.len())
            .finish()
    }
}

impl Partitioned {
    /// Files named `name` under `dir`.
    pub fn new(dir: &Path, name: &str, format: Format, options: &WriteOptions) -> Partitioned {
        Partitioned {
            dir: dir.to_path_buf(),
            name: name.to_owned(),
            format,
            options: options.clone(),
            writers: BTreeMap::new(),
        }
    }

    /// Each row's partition: from `utc_date` (else `date`) or `UTCDate`.
    fn keys(batch: &RecordBatch) -> io::Result<Vec<Option<(i32, u32)>>> {
        let n = batch.num_rows();
        if let Some(c) = batch.column_by_name("UTCDate") {
            let days = c.as_primitive_opt::<arrow_array::types::Date32Type>();
            let days = days.ok_or_else(|| io::Error::other("UTCDate is not a date32"))?;
            return Ok((0..n)
                .map(|i| (!days.is_null(i)).then(|| civil_year_month(days.value(i))))
                .collect());
        }
        let utc = batch
            .column_by_name("utc_date")
            .map(|c| c.as_string::<i32>());
        let date = batch.column_by_name("date").map(|c| c.as_string::<i32>());
        if utc.is_none() && date.is_none() {
            return Err(io::Error::other(
                "partitioning by month needs a games table (a date column)",
            ));
        }
        Ok((0..n)
            .map(|i| {
                let from = |c: Option<&StringArray>| {
                    c.filter(|c| !c.is_null(i))
                        .and_then(|c| tags::year_month(c.value(i).as_bytes()))
                };
                from(utc).or_else(|| from(date))
            })
            .collect())
    }

    /// Writes each row of `batch` to its month's file.
    pub fn write(&mut self, batch: &RecordBatch) -> io::Result<()> {
        let keys = Partitioned::keys(batch)?;
        let mut rows: BTreeMap<Option<(i32, u32)>, Vec<u32>> = BTreeMap::new();
        for (i, k) in keys.into_iter().enumerate() {
            rows.entry(k).or_default().push(i as u32);
        }
        for (key, indices) in rows {
            let part = if indices.len() == batch.num_rows() {
                batch.clone()
            } else {
                arrow_select::take::take_record_batch(batch, &UInt32Array::from(indices))
                    .map_err(io_error)?
            };
            if !self.writers.contains_key(&key) {
                let dir = self.dir.join(partition_dir(key));
                std::fs::create_dir_all(&dir)?;
                let file = BufWriter::with_capacity(1 << 20, File::create(dir.join(&self.name))?);
                let w = TableWriter::new(file, batch.schema(), self.format, &self.options)?;
                self.writers.insert(key, w);
            }
            if let Some(w) = self.writers.get_mut(&key) {
                w.write(&part)?;
            }
        }
        Ok(())
    }

    /// Ends every file.
    pub fn finish(self) -> io::Result<()> {
        for (_, w) in self.writers {
            w.finish()?;
        }
        Ok(())
    }
}

/// The (year, month) of a day counted from 1970-01-01.
fn civil_year_month(days: i32) -> (i32, u32) {
    // Howard Hinnant's civil_from_days.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i32::from(m <= 2);
    (y, m)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_to_months() {
        assert_eq!(civil_year_month(0), (1970, 1));
        assert_eq!(civil_year_month(19_783), (2024, 3));
        assert_eq!(civil_year_month(19_782), (2024, 2));
        assert_eq!(partition_dir(Some((2024, 3))), "year=2024/month=03");
    }
}
