//! The route from an input to selected rows, the one every door takes (the command line's
//! `pgn games`/`pgn moves`, Python's `read_games`/`read_moves`, the WebAssembly
//! `readGames`): a [`Selection`] read from text ([`Selection::set`]), an input opened by
//! `chessbits_pgn::input` ([`Input`]), and [`run`], the driver ([`mod@crate::drive`]) with the
//! tables' work ([`Rows`]: the row rule of [`crate::rows`]). [`Batches`] is [`run`] on a
//! thread of its own, as an iterator with bounded memory.

use std::io;
use std::path::Path;
use std::sync::mpsc;
use std::thread::JoinHandle;

use arrow_array::{BooleanArray, RecordBatch};
use chessbits_pgn::input::Input;
use chessbits_pgn::{GameRecord, RecordCollector, Report};

use crate::drive::{drive, panic_message, Chosen, Work};
pub use crate::drive::{Error, Limiter};
use crate::rows::batch_counted;
pub use crate::selection::{Selection, SelectionError, SelectionReason};
use crate::types::Table;

/// The tables' work: the rows of the games kept, in one batch of `table`'s columns, and
/// each game's row count (1 in a games table), by which the limiter's drops are cut out.
#[derive(Debug)]
pub struct Rows<'a> {
    /// The table.
    pub table: Table,
    /// How rows are made.
    pub options: &'a crate::rows::RowOptions,
}

/// A batch of rows and each game's number of rows in it.
#[derive(Debug)]
pub struct RowsOut {
    /// The rows.
    pub batch: RecordBatch,
    /// Rows of each game, in order.
    rows_per_game: Vec<u32>,
}

impl Work for Rows<'_> {
    type Game = GameRecord;
    type Visitor = RecordCollector;
    type Out = RowsOut;

    fn visitor(&self, _: &Selection) -> RecordCollector {
        RecordCollector::with_annotations()
    }

    fn work(
        &self,
        file: &str,
        games: Vec<Chosen<GameRecord>>,
        report: &mut Report,
    ) -> Result<RowsOut, Error> {
        let records: Vec<GameRecord> = games.into_iter().map(|c| c.game).collect();
        let (batch, rows, rows_per_game) =
            batch_counted(self.table, file, &records, self.options).map_err(Error::Arrow)?;
        report.merge(rows);
        Ok(RowsOut {
            batch,
            rows_per_game,
        })
    }

    fn retain(&self, out: RowsOut, keep: &[bool]) -> Result<RowsOut, Error> {
        let (batch, rows_per_game) = keep_games(&out.batch, &out.rows_per_game, keep)?;
        Ok(RowsOut {
            batch,
            rows_per_game,
        })
    }
}

/// The rows of the games `keep` keeps, of a batch whose games have `rows_per_game` rows
/// each, in order: the batch without the other games' rows, and the kept games' counts.
pub(crate) fn keep_games(
    batch: &RecordBatch,
    rows_per_game: &[u32],
    keep: &[bool],
) -> Result<(RecordBatch, Vec<u32>), Error> {
    let mut mask = Vec::with_capacity(batch.num_rows());
    let mut kept = Vec::new();
    for (&rows, &k) in rows_per_game.iter().zip(keep) {
        mask.extend(std::iter::repeat_n(k, rows as usize));
        if k {
            kept.push(rows);
        }
    }
    let batch = arrow_select::filter::filter_record_batch(batch, &BooleanArray::from(mask))
        .map_err(Error::Arrow)?;
    Ok((batch, kept))
}

/// What [`run`] and [`Batches`] are asked for.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct BatchOptions {
    /// The table.
    pub table: Table,
    /// Which games, and how rows are made.
    pub selection: Selection,
    /// Threads reading and replaying (1: the calling thread does it all).
    pub threads: usize,
    /// The `file` column's value.
    pub file: String,
}

impl BatchOptions {
    /// The default columns of `table`, every game, on every core.
    pub fn new(table: Table) -> BatchOptions {
        BatchOptions {
            table,
            selection: Selection::default(),
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            file: String::new(),
        }
    }
}

/// Reads `input` to its end (or until `sink` says stop), its games selected and made rows
/// on `options.threads` threads, and hands `sink` each batch kept by `limiter` with the
/// [`Report`] of the games it covers (every game read, kept or not, and their errors), in
/// input order. `progress` is called with the decoded bytes read so far. The driver
/// ([`crate::drive::drive`]) with the tables' work.
///
/// Returns the games read; an input damaged part way is [`Error::Damaged`], after the
/// batches of the games before the damage; a panic on a thread of the run is
/// [`Error::Panicked`].
pub fn run(
    input: Input,
    options: &BatchOptions,
    limiter: &mut Limiter,
    progress: impl FnMut(u64) + Send,
    mut sink: impl FnMut(RecordBatch, Report) -> io::Result<bool>,
) -> Result<u64, Error> {
    let selection = &options.selection;
    let work = Rows {
        table: options.table,
        options: &selection.rows,
    };
    let (read, ended) = drive(
        input,
        &work,
        selection,
        options.threads,
        &options.file,
        limiter,
        progress,
        |out, report| sink(out.batch, report),
    );
    ended.map(|()| read.games)
}

/// The record batches of one input, in input order, with each batch's [`Report`]: [`run`]
/// on a thread of its own. At most a few batches wait, so memory is bounded whatever the
/// input's size. The last item is the error that ended the input early, if one did (the
/// batches before it are the good games); a panic of a worker is an [`Error::Panicked`],
/// never a short stream. Dropping the iterator stops the work.
pub struct Batches {
    rx: Option<mpsc::Receiver<Result<(RecordBatch, Report), Error>>>,
    thread: Option<JoinHandle<()>>,
}

impl Batches {
    /// The batches of `input` ([`Input::from_reader`] opens any reader).
    pub fn new(input: Input, options: BatchOptions) -> Batches {
        let (tx, rx) = mpsc::sync_channel(2);
        let thread = std::thread::spawn(move || {
            let err_tx = tx.clone();
            let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                let mut limiter = Limiter::new(&options.selection);
                run(
                    input,
                    &options,
                    &mut limiter,
                    |_| {},
                    |batch, report| Ok(tx.send(Ok((batch, report))).is_ok()),
                )
            }));
            let failed = match ran {
                Ok(Ok(_)) => return,
                Ok(Err(e)) => e,
                Err(panic) => Error::Panicked(panic_message(panic.as_ref())),
            };
            let _ = err_tx.send(Err(failed));
        });
        Batches {
            rx: Some(rx),
            thread: Some(thread),
        }
    }

    /// The batches of the file at `path` (plain, zstd or gzip PGN; `-` is standard input),
    /// its name in the `file` column unless `options` names one.
    pub fn open(path: &Path, mut options: BatchOptions) -> io::Result<Batches> {
        let input = chessbits_pgn::input::open_input(path)?;
        if options.file.is_empty() {
            options.file = path.display().to_string();
        }
        Ok(Batches::new(input, options))
    }
}

impl std::fmt::Debug for Batches {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Batches").finish_non_exhaustive()
    }
}

impl Batches {
    /// The next item, waiting at most `wait` for it: `Err(Waiting)` when none came in
    /// time, so that a caller can look for an interrupt (Python's Ctrl-C) between waits
    /// while the input blocks (a pipe or a socket with nothing to read yet).
    pub fn next_within(
        &mut self,
        wait: std::time::Duration,
    ) -> Result<Option<<Self as Iterator>::Item>, Waiting> {
        let Some(rx) = self.rx.as_ref() else {
            return Ok(None);
        };
        match rx.recv_timeout(wait) {
            Ok(item) => Ok(Some(item)),
            Err(mpsc::RecvTimeoutError::Timeout) => Err(Waiting),
            Err(mpsc::RecvTimeoutError::Disconnected) => Ok(None),
        }
    }

    /// Stops the work without waiting for it: the pipeline sees the closed channel and
    /// ends on its own once its current read returns. [`Drop`] waits for it instead, which
    /// a read that blocks (a pipe nobody writes to) would hold up.
    pub fn detach(mut self) {
        self.rx = None;
        drop(self.thread.take());
    }
}

/// [`Batches::next_within`]'s answer when no item came in the time given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Waiting;

impl Iterator for Batches {
    type Item = Result<(RecordBatch, Report), Error>;

    fn next(&mut self) -> Option<Self::Item> {
        self.rx.as_ref()?.recv().ok()
    }
}

impl Drop for Batches {
    fn drop(&mut self) {
        // The pipeline sees the closed channel and stops.
        self.rx = None;
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_is_an_error_not_the_end() {
        struct Bomb;
        impl std::io::Read for Bomb {
            fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
                panic!("bomb")
            }
        }
        // The panic happens as the input is first read, inside `Input::from_reader`'s
        // sniffing, so feed it a good start and the bomb after.
        let input = Input::from_reader(std::io::Read::chain(&b"1. e4 e5 *\n"[..], Bomb))
            .expect("the first bytes are read before the bomb");
        let mut options = BatchOptions::new(Table::Games);
        options.threads = 1;
        let items: Vec<_> = Batches::new(input, options).collect();
        assert!(
            matches!(items.last(), Some(Err(Error::Panicked(m))) if m.contains("bomb")),
            "{items:?}"
        );
    }

    #[cfg(feature = "zstd")]
    #[test]
    fn damage_comes_last_after_the_good_games() {
        // Games that do not compress to nothing: rounds from a linear congruential
        // generator.
        let mut x = 1u64;
        let text: String = (0..50_000)
            .map(|_| {
                x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                format!("[Round \"{}\"]\n\n1. e4 e5 *\n\n", x >> 40)
            })
            .collect();
        let z = zstd::encode_all(text.as_bytes(), 3).expect("zstd");
        let cut = z[..z.len() * 2 / 3].to_vec();
        let input = Input::from_reader(std::io::Cursor::new(cut)).expect("open");
        let mut options = BatchOptions::new(Table::Games);
        options.threads = 2;
        let mut rows = 0;
        let mut last = None;
        for item in Batches::new(input, options) {
            match item {
                Ok((b, _)) => rows += b.num_rows(),
                Err(e) => last = Some(e),
            }
        }
        assert!(rows > 10_000 && rows < 50_000, "{rows}");
        match last {
            Some(Error::Damaged { games, .. }) => assert!(games as usize >= rows),
            other => panic!("{other:?}"),
        }
    }
}
