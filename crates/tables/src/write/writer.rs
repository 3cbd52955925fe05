//! [`TableWriter`]: a table written to one output in one format.

use std::io::{self, Write};
use std::sync::{Arc, Mutex};

use arrow_array::RecordBatch;
use arrow_schema::SchemaRef;

use super::base::*;
#[cfg(feature = "csv")]
use super::csv::csv_cells;
#[cfg(feature = "parquet")]
use super::parquet_out::ParquetOut;

/// The output under a format's writer: its first I/O error is kept for the caller, as
/// itself (a format crate may turn it into text, and a closed pipe must stay one), and what
/// is written after it is dropped (so that no format writer fails twice, or panics, on the
/// way out).
struct Tracked<W> {
    inner: W,
    error: Arc<Mutex<Option<Kept>>>,
}

/// The output's first error: the error itself until the caller takes it (its kind, text
/// and source intact), and its kind and text for any later copy.
struct Kept {
    first: Option<io::Error>,
    kind: io::ErrorKind,
    text: String,
}

impl<W: Write> Tracked<W> {
    /// Keeps `e` (the first one only) and gives the format writer a copy.
    fn keep(&self, e: io::Error) -> io::Error {
        let copy = io::Error::new(e.kind(), e.to_string());
        if let Ok(mut slot) = self.error.lock() {
            slot.get_or_insert_with(|| Kept {
                kind: e.kind(),
                text: e.to_string(),
                first: Some(e),
            });
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

/// The output's kept error: the error itself the first time, a copy after that.
fn own_error(slot: &Mutex<Option<Kept>>) -> Option<io::Error> {
    let mut slot = slot.lock().ok()?;
    let kept = slot.as_mut()?;
    Some(
        kept.first
            .take()
            .unwrap_or_else(|| io::Error::new(kept.kind, kept.text.clone())),
    )
}

enum Inner<W: Write + Send> {
    #[cfg(feature = "csv")]
    Csv(Box<arrow_csv::Writer<W>>),
    #[cfg(feature = "json")]
    Ndjson(arrow_json::LineDelimitedWriter<W>),
    #[cfg(feature = "ipc")]
    Ipc(arrow_ipc::writer::FileWriter<W>),
    #[cfg(feature = "parquet")]
    Parquet(Box<ParquetOut<W>>),
}

/// A table being written to one output.
pub struct TableWriter<W: Write + Send> {
    inner: Inner<Tracked<W>>,
    error: Arc<Mutex<Option<Kept>>>,
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
            Format::Parquet => Inner::Parquet(Box::new(ParquetOut::new(out, schema, options)?)),
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

#[cfg(all(test, feature = "json"))]
mod tests {
    use super::*;
    use arrow_array::{Int32Array, RecordBatch};
    use arrow_schema::{DataType, Field, Schema};

    /// The cause inside an output's error, which the caller must get back as itself.
    #[derive(Debug)]
    struct Cause;

    impl std::fmt::Display for Cause {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("the disk is on fire")
        }
    }

    impl std::error::Error for Cause {}

    /// An output whose every write fails with [`Cause`] inside the error.
    #[derive(Debug)]
    struct Failing;

    impl Write for Failing {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(io::Error::new(io::ErrorKind::StorageFull, Cause))
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    /// The output's error reaches the caller as itself: its kind, and its cause through
    /// `get_ref`/`source`, not a copy of its text.
    #[test]
    fn the_outputs_error_keeps_its_cause() {
        let schema = Arc::new(Schema::new(vec![Field::new("n", DataType::Int32, false)]));
        let column = Arc::new(Int32Array::from(vec![1, 2, 3]));
        let batch = RecordBatch::try_new(schema.clone(), vec![column]).expect("a batch");
        let mut writer =
            TableWriter::new(Failing, schema, Format::Ndjson, &WriteOptions::default())
                .expect("nothing is written yet");
        let error = match writer.write(&batch) {
            Err(e) => e,
            Ok(()) => writer.finish().expect_err("the output fails"),
        };
        assert_eq!(error.kind(), io::ErrorKind::StorageFull);
        let cause = error.get_ref().expect("the error has its cause");
        assert!(cause.is::<Cause>(), "{cause:?}");
    }
}
