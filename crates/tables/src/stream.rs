//! Games in, record batches out: selection on the worker threads ([`Selection`]), the row
//! rule ([`crate::rows`]), the limit and duplicates in input order ([`Limiter`]), and
//! [`Batches`], an iterator over an input's batches built on `chessbits_pgn`'s parallel
//! pipeline with bounded memory.

use std::io::{self, Read};
use std::path::Path;
use std::sync::mpsc;
use std::thread::JoinHandle;

use arrow_array::{BooleanArray, RecordBatch};
use arrow_schema::ArrowError;
use chessbits_pgn::filter::{Dedup, Filter};
use chessbits_pgn::{GameRecord, Reader, RecordCollector, Report};

use crate::rows::{batch_counted, RowOptions};
use crate::schema::Table;

/// Which games become rows: `pgn filter`'s tests, a seeded sample, duplicates dropped and
/// a limit. Tests and the sample are decided per game on the worker threads (the sample
/// by a hash of the seed and the game's number, so it does not depend on the threads);
/// duplicates and the limit in input order ([`Limiter`]).
#[derive(Clone, Debug, Default)]
pub struct Selection {
    /// `pgn filter`'s tests (tags, results, plies, positions reached).
    pub filter: Filter,
    /// Keep each game with this probability (0 to 1), with the seed.
    pub sample: Option<(f64, u64)>,
    /// Drop a game with the same start and moves as an earlier one.
    pub dedup: bool,
    /// Keep at most this many games.
    pub limit: Option<u64>,
}

impl Selection {
    fn is_everything(&self) -> bool {
        self.filter == Filter::default() && self.sample.is_none() && !self.dedup
    }

    /// Whether the sample keeps game number `game`.
    fn sampled(&self, game: u64) -> bool {
        let Some((rate, seed)) = self.sample else {
            return true;
        };
        // SplitMix64 of the seed and the game number: a uniform draw per game.
        let mut z = seed ^ game.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        ((z >> 11) as f64) / ((1u64 << 53) as f64) < rate
    }
}

/// What a slice of games came to on a worker: its rows, the report of every game read
/// (selected or not), and per game kept its row count and, with dedup, its key.
#[derive(Debug)]
pub struct Piece {
    /// The rows of the games kept.
    pub batch: RecordBatch,
    /// Games read, moves replayed and errors (the errors of games not kept too).
    pub report: Report,
    /// Rows of each game kept, in order (1 in a games table).
    pub rows_per_game: Vec<u32>,
    /// With dedup: each kept game's key.
    pub keys: Vec<u128>,
}

/// Selects games from `records`, read from the input named `file`, and makes their rows:
/// the work of one batch on a worker thread.
pub fn work(
    table: Table,
    file: &str,
    records: Vec<GameRecord>,
    selection: &Selection,
    options: &RowOptions,
) -> Result<Piece, ArrowError> {
    if selection.is_everything() {
        let (batch, report, rows_per_game) = batch_counted(table, file, &records, options)?;
        return Ok(Piece {
            batch,
            report,
            rows_per_game,
            keys: Vec::new(),
        });
    }
    let mut report = Report::default();
    let mut kept = Vec::with_capacity(records.len());
    let mut keys = Vec::new();
    let filter = &selection.filter;
    for record in records {
        if !selection.sampled(record.game) {
            report.add_game(&record, 0, None);
            continue;
        }
        if selection.dedup || filter.needs_replay() {
            let verdict = filter.test(&record, options.mode);
            if verdict.keep {
                if selection.dedup {
                    keys.push(verdict.key);
                }
                kept.push(record);
            } else {
                report.add_game(&record, verdict.moves, verdict.error);
            }
        } else if filter.passes_tags(&record) {
            kept.push(record);
        } else {
            report.add_game(&record, 0, None);
        }
    }
    let (batch, rows, rows_per_game) = batch_counted(table, file, &kept, options)?;
    report.merge(rows);
    Ok(Piece {
        batch,
        report,
        rows_per_game,
        keys,
    })
}

/// Duplicates and the limit, applied to pieces in input order.
#[derive(Debug, Default)]
pub struct Limiter {
    left: Option<u64>,
    dedup: Option<Dedup>,
}

impl Limiter {
    /// For `selection`'s dedup and limit.
    pub fn new(selection: &Selection) -> Limiter {
        Limiter {
            left: selection.limit,
            dedup: selection.dedup.then(Dedup::new),
        }
    }

    /// Whether the limit is reached (nothing more will be kept).
    pub fn done(&self) -> bool {
        self.left == Some(0)
    }

    /// The rows of `piece` to keep.
    pub fn apply(&mut self, piece: &Piece) -> Result<RecordBatch, ArrowError> {
        if self.dedup.is_none() && self.left.is_none() {
            return Ok(piece.batch.clone());
        }
        let mut mask = Vec::with_capacity(piece.batch.num_rows());
        for (i, &rows) in piece.rows_per_game.iter().enumerate() {
            let mut keep = self.left != Some(0);
            if keep {
                if let (Some(d), Some(key)) = (&mut self.dedup, piece.keys.get(i)) {
                    keep = d.first(*key);
                }
            }
            if keep {
                if let Some(left) = &mut self.left {
                    *left -= 1;
                }
            }
            mask.extend(std::iter::repeat_n(keep, rows as usize));
        }
        if mask.iter().all(|&k| k) {
            return Ok(piece.batch.clone());
        }
        arrow_select::filter::filter_record_batch(&piece.batch, &BooleanArray::from(mask))
    }
}

/// An error of [`Batches`]: reading the input, or making a batch.
#[derive(Debug)]
pub enum Error {
    /// The input could not be read (the batches before it were given).
    Io(io::Error),
    /// A batch could not be built.
    Arrow(ArrowError),
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Io(e) => write!(f, "reading the input: {e}"),
            Error::Arrow(e) => write!(f, "building a batch: {e}"),
        }
    }
}

impl std::error::Error for Error {}

/// What [`Batches`] is asked for.
#[derive(Clone, Debug)]
pub struct BatchOptions {
    /// The table.
    pub table: Table,
    /// How rows are made.
    pub rows: RowOptions,
    /// Which games.
    pub selection: Selection,
    /// Threads reading and replaying (1: the iterator's own thread does it all).
    pub threads: usize,
    /// The `file` column's value.
    pub file: String,
}

impl BatchOptions {
    /// The default columns of `table`, every game, on every core.
    pub fn new(table: Table) -> BatchOptions {
        BatchOptions {
            table,
            rows: RowOptions::default(),
            selection: Selection::default(),
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            file: String::new(),
        }
    }
}

/// The record batches of one input, in input order, with each batch's [`Report`]. Games
/// are read and replayed on background threads; at most a few batches wait, so memory is
/// bounded whatever the input's size. Dropping the iterator stops the work.
pub struct Batches {
    rx: Option<mpsc::Receiver<Result<(RecordBatch, Report), Error>>>,
    thread: Option<JoinHandle<()>>,
}

impl Batches {
    /// The batches of `input` (any reader of PGN text).
    pub fn new<R: Read + Send + 'static>(input: R, options: BatchOptions) -> Batches {
        let (tx, rx) = mpsc::sync_channel(2);
        let thread = std::thread::spawn(move || {
            let mut limiter = Limiter::new(&options.selection);
            let err_tx = tx.clone();
            let result = pipeline(
                input,
                options.threads,
                |records| {
                    work(
                        options.table,
                        &options.file,
                        records,
                        &options.selection,
                        &options.rows,
                    )
                },
                |piece| {
                    let sent = match piece.and_then(|p| Ok((limiter.apply(&p)?, p.report))) {
                        Ok(b) => tx.send(Ok(b)).is_ok(),
                        Err(e) => {
                            let _ = tx.send(Err(Error::Arrow(e)));
                            false
                        }
                    };
                    sent && !limiter.done()
                },
            );
            if let Err(e) = result {
                let _ = err_tx.send(Err(Error::Io(e)));
            }
        });
        Batches {
            rx: Some(rx),
            thread: Some(thread),
        }
    }

    /// The batches of the file at `path` (plain, zstd or gzip PGN; `-` is standard input),
    /// its name in the `file` column unless `options` names one.
    pub fn open(path: &Path, mut options: BatchOptions) -> io::Result<Batches> {
        let input = chessbits_pgn::input::open(path)?;
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

/// The one use of `chessbits_pgn`'s pipeline: records read with annotations, worked in
/// batches on `threads` threads, consumed in input order until `consume` says stop.
pub fn pipeline<R, T, W, C>(input: R, threads: usize, work: W, consume: C) -> io::Result<()>
where
    R: Read + Send,
    T: Send,
    W: Fn(Vec<GameRecord>) -> T + Sync,
    C: FnMut(T) -> bool,
{
    chessbits_pgn::pipeline::Pipeline::new(Reader::new(input))
        .threads(threads.max(1))
        .run_with(RecordCollector::with_annotations, work, consume)
}
