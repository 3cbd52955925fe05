//! Parquet through `parquet`'s [`ArrowWriter`]: its column writers
//! ([`ArrowColumnWriter`]) are handed out to encoder threads (or kept on the writing
//! thread), each column's values given in cells of [`CELL_ROWS`] rows, and the closed
//! column chunks appended to the file's row group by the writer.

use std::io::{self, Write};
use std::sync::Arc;

use arrow_array::cast::AsArray;
use arrow_array::{Array, RecordBatch};
use arrow_schema::SchemaRef;
#[cfg(any(feature = "csv", feature = "parquet"))]
use arrow_schema::{DataType, Field, Schema};

use super::base::*;

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

/// An encoder thread is gone: only a panic ends one early, and it goes on to the caller as
/// itself (a bug, never a short table passed off as an output error).
fn stopped(remotes: &mut Vec<Remote>) -> io::Error {
    for r in std::mem::take(remotes) {
        drop(r.jobs);
        if let Err(panic) = r.thread.join() {
            std::panic::resume_unwind(panic);
        }
    }
    io::Error::other("a Parquet encoder stopped")
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
                if remotes
                    .iter()
                    .any(|r| r.jobs.send(Job::Cell(pieces.clone())).is_err())
                {
                    return Err(stopped(remotes));
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
                let mut owned = owned.into_iter();
                if remotes
                    .iter()
                    .zip(owned.by_ref())
                    .any(|(r, o)| r.jobs.send(Job::Start(o)).is_err())
                {
                    return Err(stopped(remotes));
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
                if remotes.iter().any(|r| r.jobs.send(Job::Close).is_err()) {
                    return Err(stopped(remotes));
                }
                for i in 0..remotes.len() {
                    match remotes[i].closed.recv() {
                        Ok(c) => closed.extend(c?),
                        Err(_) => return Err(stopped(remotes)),
                    }
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
                if let Err(panic) = r.thread.join() {
                    std::panic::resume_unwind(panic);
                }
            }
        }
        self.writer.into_inner().map_err(parquet_error)
    }
}
