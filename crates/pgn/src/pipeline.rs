//! Reading and replaying on every core, results in input order.
//!
//! With one thread, [`Pipeline`] reads games with a [`Reader`] and works them in batches of
//! about [`BATCH_BYTES`] on the calling thread. With more, the input is tokenized in
//! parallel too, which is most of the work besides the replay:
//!
//! - A splitting thread reads the input into chunks of about [`CHUNK_BYTES`], each cut just
//!   before a `[` that opens a line after a blank line, where a game nearly always starts.
//! - Each worker thread reads a whole chunk with a reader of its own, as if the chunk were
//!   the input (game numbers and lines counted from the chunk's start), then waits for its
//!   turn: when the chunks before it are read, it knows how many games and lines came
//!   before, renumbers its games ([`Output`]), and works them.
//! - A cut is right when the reader of the whole input would stand between two games there.
//!   The chunk before it shows whether it was: its last game must end at its result token,
//!   with nothing but blanks after it. Any other end (a comment or a game's tags running
//!   across the cut, a game without a result, a chunk cut by force because no game start
//!   was found within [`MAX_CHUNK_BYTES`]) drops the chunk's last game and the chunks after
//!   it; one reader on the splitting thread reads that game from its start, wherever it
//!   ends, and splitting starts again where it ended (between two games). Every game is
//!   therefore read exactly as one reader over the whole input reads it (the tests compare
//!   both on awkward cuts, random text and the samples).
//!
//! Results are handed to the caller in input order, a chunk's at once. Channels are bounded, and chunks are
//! dropped once their turn has passed, so at most a few chunks per thread are in memory at
//! once, whatever the input size. A chunk's buffer goes back to a small pool when its last
//! reference drops, and the splitting thread reads the next chunks into it: no fresh
//! allocation (and page faults) per chunk, and the pool's bound keeps memory flat.

use std::io::{self, Read};

use crate::game::{Game, Line};
use crate::reader::{GameResult, ReadError, Reader, Visitor};
use crate::replay::{GameRecord, RecordCollector};

mod chunks;
mod parallel;
mod turns;

/// Where the PGN text in `buf` can be cut so that a reader of the part after it starts at a
/// game: the start of the last line that opens with `[` after a blank line (`\n\n[` or
/// `\n\r\n[`), or `None` when `buf` has none. The rule that cuts the parallel pipeline's
/// chunks. A cut is nearly always between two games; it is not where a comment or a
/// variation holds a blank line followed by `[`: the pipeline checks each cut, and a door
/// given its input a piece at a time cuts at [`whole_games`], which checks it the same way.
#[must_use]
pub fn game_cut(buf: &[u8]) -> Option<usize> {
    chunks::find_cut(buf)
}

/// How many bytes of `buf` hold whole games, for a door that is given its input a piece at
/// a time (WebAssembly's streams): `buf` holds the input from byte `offset` on (0 is the
/// input's start), where the reader of the whole input stands between two games. The door
/// reads `buf[..n]` with [`Reader::resume`] where the previous part ended and keeps the
/// rest for the next piece; the games it reads are those one reader of the whole input
/// reads. `n` is [`game_cut`]'s cut when the last game before it ends at its result token
/// (the check the parallel pipeline makes of each chunk: a cut inside a comment or a
/// variation fails it), else the start of that last game, which runs on in the next
/// piece (as where a chunk has no cut: the start of its last game). 0 when `buf` holds one
/// game that may go on: hold more.
#[must_use]
pub fn whole_games(buf: &[u8], offset: u64) -> usize {
    /// Reads where games end, no more.
    struct Ends;
    impl Visitor for Ends {
        type Output = ();
        fn end_tags(&mut self) -> crate::reader::Skip {
            crate::reader::Skip(true)
        }
        fn end_game(&mut self) {}
    }
    let cut = game_cut(buf).filter(|&c| c > 0);
    let part = &buf[..cut.unwrap_or(buf.len())];
    let read = turns::read_part(
        part,
        offset,
        crate::reader::Limits::default(),
        &mut Ends,
        &mut Vec::new(),
        &mut Vec::new(),
    );
    match cut {
        Some(cut) if read.clean => cut,
        _ => usize::try_from(read.last_start.0.saturating_sub(offset))
            .map_or(0, |n| n.min(part.len())),
    }
}

/// The approximate size of a batch of records handed to one worker (with one thread, and
/// after a fallback to one reader).
pub const BATCH_BYTES: usize = 256 * 1024;

/// The size of input chunk the splitting thread aims for.
pub const CHUNK_BYTES: usize = 1 << 20;

/// A chunk in which no game start is found is cut at this size anyway (the input from its
/// last game on is then read by one reader).
pub const MAX_CHUNK_BYTES: usize = 2 << 20;

mod sealed {
    pub trait Sealed {}
}

/// What the visitors of this crate turn a game into, as the pipeline batches and numbers
/// it: [`GameRecord`] ([`RecordCollector`]), [`Game`] with its errors
/// ([`crate::GameBuilder`]), [`GameResult`], and pairs of them ([`crate::Both`]). Sealed:
/// the pipeline runs this crate's visitors.
pub trait Output: sealed::Sealed + Send {
    /// About how many bytes it holds (batches hold about [`BATCH_BYTES`]).
    #[doc(hidden)]
    fn weight(&self) -> usize;

    /// Adds `games` to every game number and `lines` to every line: a game read from a
    /// chunk of the input is numbered from the chunk's start, and renumbered when the games
    /// and lines before the chunk are known.
    #[doc(hidden)]
    fn renumber(&mut self, games: u64, lines: u64);
}

impl sealed::Sealed for ReadError {}
impl Output for ReadError {
    fn weight(&self) -> usize {
        64
    }

    fn renumber(&mut self, games: u64, lines: u64) {
        self.game += games;
        self.line += lines;
    }
}

impl sealed::Sealed for GameRecord {}
impl Output for GameRecord {
    fn weight(&self) -> usize {
        GameRecord::weight(self)
    }

    fn renumber(&mut self, games: u64, lines: u64) {
        self.shift(games, lines);
    }
}

impl sealed::Sealed for Game {}
impl Output for Game {
    fn weight(&self) -> usize {
        let tags: usize = self.tags.iter().map(|(n, v)| n.len() + v.len()).sum();
        let moves: usize = self.lines.iter().map(Line::weight).sum();
        64 + tags + moves
    }

    fn renumber(&mut self, _games: u64, lines: u64) {
        for line in &mut self.lines {
            line.shift(lines);
        }
    }
}

impl sealed::Sealed for GameResult {}
impl Output for GameResult {
    fn weight(&self) -> usize {
        8
    }

    fn renumber(&mut self, _games: u64, _lines: u64) {}
}

impl<T: Output> sealed::Sealed for Option<T> {}
impl<T: Output> Output for Option<T> {
    fn weight(&self) -> usize {
        self.as_ref().map_or(8, T::weight)
    }

    fn renumber(&mut self, games: u64, lines: u64) {
        if let Some(t) = self {
            t.renumber(games, lines);
        }
    }
}

impl<T: Output> sealed::Sealed for Vec<T> {}
impl<T: Output> Output for Vec<T> {
    fn weight(&self) -> usize {
        24 + self.iter().map(T::weight).sum::<usize>()
    }

    fn renumber(&mut self, games: u64, lines: u64) {
        for t in self {
            t.renumber(games, lines);
        }
    }
}

impl<A: Output, B: Output> sealed::Sealed for (A, B) {}
impl<A: Output, B: Output> Output for (A, B) {
    fn weight(&self) -> usize {
        self.0.weight() + self.1.weight()
    }

    fn renumber(&mut self, games: u64, lines: u64) {
        self.0.renumber(games, lines);
        self.1.renumber(games, lines);
    }
}

/// Reads every game of a PGN input and works them in batches on every core, handing the
/// results back in input order.
///
/// ```
/// use chessbits_pgn::pipeline::Pipeline;
/// use chessbits_pgn::{check_games, Reader, SanMode};
///
/// let pgn = b"1. e4 e5 2. Nf3 Nc6 1-0\n\n1. d4 d5 2. Kd3 *\n";
/// let mut errors = 0;
/// Pipeline::new(Reader::new(&pgn[..]))
///     .threads(2)
///     .run(
///         |batch| check_games(&batch, SanMode::Lenient),
///         |report| {
///             errors += report.errors.len();
///             true // go on
///         },
///     )?;
/// assert_eq!(errors, 1);
/// # Ok::<(), std::io::Error>(())
/// ```
///
/// With one thread, games are read with the [`Reader`] and worked in batches of about
/// [`BATCH_BYTES`] on the calling thread; with more, the input is cut into chunks read in
/// parallel too (see the [module documentation](self)). On an I/O error (a damaged or
/// truncated input), the games read before it are still worked on and consumed, then the
/// error is returned.
pub struct Pipeline<'p, R> {
    reader: Reader<R>,
    threads: usize,
    progress: Box<dyn FnMut(u64) + Send + 'p>,
}

impl<R> std::fmt::Debug for Pipeline<'_, R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pipeline")
            .field("reader", &self.reader)
            .field("threads", &self.threads)
            .finish_non_exhaustive()
    }
}

impl<'p, R: Read + Send> Pipeline<'p, R> {
    /// A pipeline over `reader`, on the calling thread only until [`Pipeline::threads`]
    /// says otherwise.
    #[must_use]
    pub fn new(reader: Reader<R>) -> Pipeline<'p, R> {
        Pipeline {
            reader,
            threads: 1,
            progress: Box::new(|_| {}),
        }
    }

    /// Reads and works on `threads` threads (1, the default: everything on the calling
    /// thread; 0 counts as 1).
    #[must_use]
    pub fn threads(mut self, threads: usize) -> Pipeline<'p, R> {
        self.threads = threads.max(1);
        self
    }

    /// Calls `progress` as the input is read, with the bytes read so far (at the end: all
    /// of them).
    #[must_use]
    pub fn progress(mut self, progress: impl FnMut(u64) + Send + 'p) -> Pipeline<'p, R> {
        self.progress = Box::new(progress);
        self
    }

    /// Reads every game as a [`GameRecord`] ([`RecordCollector::new`]), calls `work` on
    /// batches of them on the threads, then `consume` on each result in input order;
    /// `consume` returns whether to go on (`false` stops reading and working as soon as it
    /// can, a closed output pipe say, and the run returns `Ok(())`).
    pub fn run<T, W, C>(self, work: W, consume: C) -> io::Result<()>
    where
        T: Send,
        W: Fn(Vec<GameRecord>) -> T + Sync,
        C: FnMut(T) -> bool,
    {
        self.run_with(RecordCollector::new, work, consume)
    }

    /// [`Pipeline::run`] with another of this crate's visitors: `make_visitor` makes one
    /// per thread that reads ([`RecordCollector::with_annotations`], [`crate::GameBuilder`],
    /// [`crate::Both`] of them...).
    pub fn run_with<V, F, T, W, C>(self, make_visitor: F, work: W, consume: C) -> io::Result<()>
    where
        F: Fn() -> V + Sync,
        V: Visitor,
        V::Output: Output,
        T: Send,
        W: Fn(Vec<V::Output>) -> T + Sync,
        C: FnMut(T) -> bool,
    {
        self.run_sized(make_visitor, work, consume, chunks::Sizes::DEFAULT)
            .map(|_| ())
    }

    /// [`Pipeline::run_with`] with chunks of the given sizes (tests take tiny ones, so that
    /// every kind of cut happens on small inputs); says how the chunks ended.
    fn run_sized<V, F, T, W, C>(
        self,
        make_visitor: F,
        work: W,
        mut consume: C,
        sizes: chunks::Sizes,
    ) -> io::Result<turns::Cuts>
    where
        F: Fn() -> V + Sync,
        V: Visitor,
        V::Output: Output,
        T: Send,
        W: Fn(Vec<V::Output>) -> T + Sync,
        C: FnMut(T) -> bool,
    {
        let Pipeline {
            reader,
            threads,
            mut progress,
        } = self;
        if threads > 1 {
            let run = parallel::Run {
                make_visitor: &make_visitor,
                work: &work,
                threads,
                sizes,
            };
            return run.run(reader, consume, &mut *progress);
        }
        let mut reader = reader;
        let mut visitor = make_visitor();
        loop {
            let (batch, state) = next_batch(&mut reader, &mut visitor);
            progress(reader.bytes_consumed());
            if !batch.is_empty() && !consume(work(batch)) {
                return Ok(turns::Cuts::default());
            }
            if state? {
                return Ok(turns::Cuts::default());
            }
        }
    }
}

/// A batch of about [`BATCH_BYTES`], and how the input goes on: `Ok(true)` at its end,
/// `Err` when an I/O error ended it early (after the batch's games).
fn next_batch<R: Read, V: Visitor>(
    reader: &mut Reader<R>,
    visitor: &mut V,
) -> (Vec<V::Output>, io::Result<bool>)
where
    V::Output: Output,
{
    let mut batch = Vec::new();
    let mut bytes = 0;
    while bytes < BATCH_BYTES {
        match reader.read_game(visitor) {
            Ok(Some(game)) => {
                bytes += game.weight();
                batch.push(game);
            }
            Ok(None) => return (batch, Ok(true)),
            Err(e) => return (batch, Err(e)),
        }
    }
    (batch, Ok(false))
}

#[cfg(test)]
mod tests;
