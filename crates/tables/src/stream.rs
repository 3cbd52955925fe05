//! The route from an input to selected rows, the one every door takes (the command line's
//! `pgn games`/`pgn moves`, Python's `read_games`/`read_moves`, the WebAssembly
//! `readGames`): a [`Selection`] read from text ([`Selection::set`]), an input opened by
//! `chessbits_pgn::input` ([`Input`]), games selected and made rows on the worker threads
//! ([`work`], the row rule of [`crate::rows`]), duplicates and the limit in input order
//! ([`Limiter`]), and [`run`], the driver that reads one input through `chessbits_pgn`'s
//! parallel pipeline and hands each batch to a sink in input order. [`Batches`] is
//! [`run`] on a thread of its own, as an iterator with bounded memory.

use std::io;
use std::path::Path;
use std::sync::mpsc;
use std::thread::JoinHandle;

use arrow_array::{BooleanArray, RecordBatch};
use arrow_schema::ArrowError;
use chessbits_pgn::filter::{Dedup, Filter, FilterError};
use chessbits_pgn::input::Input;
use chessbits_pgn::pipeline::Pipeline;
use chessbits_pgn::{GameRecord, Reader, RecordCollector, Report, SanMode};

use crate::rows::{batch_counted, RowOptions};
use crate::schema::{Layout, Table};

/// Which games become rows, and how: `pgn filter`'s tests, a seeded sample, duplicates
/// dropped, a limit, and the row options (columns, SAN mode, text encoding). Tests and the
/// sample are decided per game on the worker threads (the sample by a hash of the seed and
/// the game's number, so it does not depend on the threads); duplicates and the limit in
/// input order ([`Limiter`]).
///
/// Every door reads its options into one with [`Selection::set`], by the same names:
///
/// ```
/// use chessbits_tables::Selection;
///
/// let mut selection = Selection::default();
/// selection.set("elo", "2000..")?;
/// selection.set("result", "1-0")?;
/// selection.set("limit", "100")?;
/// assert_eq!(selection.limit, Some(100));
/// assert!(selection.set("sample", "2").is_err());
/// # Ok::<(), chessbits_tables::stream::SelectionError>(())
/// ```
#[derive(Clone, Debug, Default)]
#[non_exhaustive]
pub struct Selection {
    /// `pgn filter`'s tests (tags, results, plies, positions reached).
    pub filter: Filter,
    /// Keep each game with this probability (0 to 1), drawn with [`Selection::seed`].
    pub sample: Option<f64>,
    /// The seed of the sample.
    pub seed: u64,
    /// Drop a game with the same start and moves as an earlier one.
    pub dedup: bool,
    /// Keep at most this many games.
    pub limit: Option<u64>,
    /// How rows are made: the columns (`schema`), SAN mode (`strict`), text encoding.
    pub rows: RowOptions,
}

/// Why a selection's option cannot be read: the option, its text, and why.
#[derive(Debug, thiserror::Error)]
#[error("{name} {value:?}: {reason}")]
pub struct SelectionError {
    /// The option's name.
    pub name: String,
    /// The text given.
    pub value: String,
    /// Why it cannot be read.
    #[source]
    pub reason: SelectionReason,
}

/// Why a [`SelectionError`].
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SelectionReason {
    /// A filter's test that cannot be read.
    #[error(transparent)]
    Filter(Box<FilterError>),
    /// Not a number of the kind the option takes.
    #[error("expected {0}")]
    Expected(&'static str),
    /// An encoding no WHATWG label names.
    #[error("unknown encoding")]
    Encoding,
    /// An option no door has.
    #[error("unknown option (one of {})", Selection::options().collect::<Vec<_>>().join(", "))]
    Unknown,
}

impl Selection {
    /// The names [`Selection::set`] reads besides the filter's tests ([`Filter::TESTS`]).
    pub const OWN_OPTIONS: [&'static str; 7] = [
        "dedup", "limit", "sample", "seed", "schema", "strict", "encoding",
    ];

    /// Every name [`Selection::set`] reads: the filter's tests, then the selection's own.
    pub fn options() -> impl Iterator<Item = &'static str> {
        Filter::TESTS.into_iter().chain(Selection::OWN_OPTIONS)
    }

    /// Sets the option `name` (one of [`Selection::options`]; `-` may stand for `_`) from
    /// its text: the filter's tests as [`Filter::add`] reads them (repeated names add
    /// tests), `dedup` and `strict` `true`/`false`, `limit` a count, `sample` a rate from 0
    /// to 1, `seed` an integer, `schema` `default` or `lichess`, `encoding` a WHATWG label
    /// (`windows-1252`, `iso-8859-2`...). The one reading of a selection's text.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), SelectionError> {
        let key = name.replace('-', "_");
        let error = |reason: SelectionReason| SelectionError {
            name: key.clone(),
            value: value.to_owned(),
            reason,
        };
        let text = value.trim();
        let flag = || match text {
            "true" | "True" | "1" | "yes" => Ok(true),
            "false" | "False" | "0" | "no" => Ok(false),
            _ => Err(error(SelectionReason::Expected("true or false"))),
        };
        match key.as_str() {
            "dedup" => self.dedup = flag()?,
            "strict" => {
                self.rows.mode = if flag()? {
                    SanMode::Strict
                } else {
                    SanMode::Lenient
                }
            }
            "limit" => {
                self.limit = Some(
                    text.parse()
                        .map_err(|_| error(SelectionReason::Expected("a count of games")))?,
                )
            }
            "sample" => {
                let rate: f64 = text
                    .parse()
                    .ok()
                    .filter(|r| (0.0..=1.0).contains(r))
                    .ok_or_else(|| error(SelectionReason::Expected("a rate from 0 to 1")))?;
                self.sample = Some(rate);
            }
            "seed" => {
                self.seed = text
                    .parse()
                    .map_err(|_| error(SelectionReason::Expected("a whole number")))?
            }
            "schema" => {
                self.rows.layout = text
                    .parse::<Layout>()
                    .map_err(|_| error(SelectionReason::Expected("default or lichess")))?
            }
            "encoding" => {
                self.rows.encoding = crate::tags::encoding_for_label(text)
                    .ok_or_else(|| error(SelectionReason::Encoding))?
            }
            _ if Filter::TESTS.contains(&key.as_str()) => self
                .filter
                .add(&key, value)
                .map_err(|e| error(SelectionReason::Filter(Box::new(e))))?,
            _ => return Err(error(SelectionReason::Unknown)),
        }
        Ok(())
    }

    /// A selection from (name, text) pairs, each read by [`Selection::set`] in turn.
    pub fn from_pairs<N: AsRef<str>, V: AsRef<str>>(
        pairs: impl IntoIterator<Item = (N, V)>,
    ) -> Result<Selection, SelectionError> {
        let mut selection = Selection::default();
        for (name, value) in pairs {
            selection.set(name.as_ref(), value.as_ref())?;
        }
        Ok(selection)
    }

    /// Whether `table` can be made with this selection's columns (the Lichess layout is a
    /// games table).
    pub fn check_table(&self, table: Table) -> Result<(), SelectionError> {
        if self.rows.layout == Layout::Lichess && table == Table::Moves {
            return Err(SelectionError {
                name: "schema".into(),
                value: "lichess".into(),
                reason: SelectionReason::Expected("default: the lichess columns are a games table"),
            });
        }
        Ok(())
    }

    fn is_everything(&self) -> bool {
        self.filter == Filter::default() && self.sample.is_none() && !self.dedup
    }

    /// Whether the sample keeps game number `game`.
    fn sampled(&self, game: u64) -> bool {
        let Some(rate) = self.sample else {
            return true;
        };
        // SplitMix64 of the seed and the game number: a uniform draw per game.
        let mut z = self.seed ^ game.wrapping_mul(0x9e37_79b9_7f4a_7c15);
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
) -> Result<Piece, ArrowError> {
    let options = &selection.rows;
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

/// An error of the route: the input could not be read on, a batch could not be built, or
/// a worker failed. The batches before it were given.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The input could not be opened or read.
    #[error("reading the input: {0}")]
    Io(#[source] io::Error),
    /// The input is damaged (a truncated or corrupt zstd or gzip stream, an I/O error part
    /// way): the games before the damage were given.
    #[error("input damaged after {raw_bytes} bytes read and {games} games: {error}")]
    Damaged {
        /// The read or decoding error.
        #[source]
        error: io::Error,
        /// Raw (compressed) bytes read before it.
        raw_bytes: u64,
        /// Games read before it.
        games: u64,
    },
    /// A batch could not be built.
    #[error("building a batch: {0}")]
    Arrow(#[source] ArrowError),
    /// The sink could not take a batch (writing the output failed).
    #[error("writing the rows: {0}")]
    Output(#[source] io::Error),
    /// A worker thread panicked: a bug, reported rather than taken for the end of the input.
    #[error("a worker thread panicked: {0}")]
    Panicked(String),
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
/// input order. `progress` is called with the decoded bytes read so far. The driver of the
/// route: every door's loop over an input is this.
///
/// Returns the games read; an input damaged part way is [`Error::Damaged`], after the
/// batches of the games before the damage.
pub fn run(
    input: Input,
    options: &BatchOptions,
    limiter: &mut Limiter,
    mut progress: impl FnMut(u64) + Send,
    mut sink: impl FnMut(RecordBatch, Report) -> io::Result<bool>,
) -> Result<u64, Error> {
    let Input {
        reader,
        raw_bytes,
        error: damage,
        resume,
        ..
    } = input;
    // A part of a longer input (a door given its input a piece at a time) numbers its
    // games and lines on from where the part before it ended.
    let reader = match resume {
        None => Reader::new(reader),
        Some(r) => Reader::resume(reader, r.offset, r.line, r.games),
    };
    let mut games = 0u64;
    let mut failed: Option<Error> = None;
    let table = options.table;
    let file = options.file.as_str();
    let selection = &options.selection;
    let read = Pipeline::new(reader)
        .threads(options.threads.max(1))
        .progress(&mut progress)
        .run_with(
            RecordCollector::with_annotations,
            |records| work(table, file, records, selection),
            |piece| {
                let kept = piece.and_then(|p| Ok((limiter.apply(&p)?, p.report)));
                match kept {
                    Ok((batch, report)) => {
                        games += report.games;
                        match sink(batch, report) {
                            Ok(go_on) => go_on && !limiter.done(),
                            Err(e) => {
                                failed = Some(Error::Output(e));
                                false
                            }
                        }
                    }
                    Err(e) => {
                        failed = Some(Error::Arrow(e));
                        false
                    }
                }
            },
        );
    if let Some(e) = failed {
        return Err(e);
    }
    let damaged = match read {
        Err(e) => Some(e),
        Ok(()) => Input::damage(&damage),
    };
    match damaged {
        Some(error) => Err(Error::Damaged {
            error,
            raw_bytes: raw_bytes.load(std::sync::atomic::Ordering::Relaxed),
            games,
        }),
        None => Ok(games),
    }
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

/// The text of a panic's payload.
fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_owned()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "(no message)".to_owned()
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
    fn selection_from_text() {
        let s = Selection::from_pairs([
            ("tag", "Event=Rated"),
            ("tag-range", "UTCDate=2025.02.01..2025.03.01"),
            ("elo", "2000..2500"),
            ("result", "1-0"),
            ("min_plies", "20"),
            ("dedup", "true"),
            ("limit", "10"),
            ("sample", "0.5"),
            ("seed", "7"),
            ("schema", "lichess"),
            ("strict", "true"),
            ("encoding", "latin1"),
        ])
        .expect("every option reads");
        assert_eq!(s.filter.tags.len(), 4);
        assert_eq!(s.filter.min_plies, Some(20));
        assert!(s.dedup);
        assert_eq!((s.limit, s.sample, s.seed), (Some(10), Some(0.5), 7));
        assert_eq!(s.rows.layout, Layout::Lichess);
        assert_eq!(s.rows.mode, SanMode::Strict);
        assert!(s.check_table(Table::Moves).is_err());
        for (name, value) in [
            ("sample", "1.5"),
            ("limit", "-1"),
            ("dedup", "maybe"),
            ("schema", "wide"),
            ("encoding", "klingon"),
            ("elo", "a..b"),
            ("colour", "white"),
        ] {
            let e = Selection::default().set(name, value).expect_err(name);
            assert_eq!(e.name, name);
            assert!(e.to_string().contains(value), "{e}");
        }
    }

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
