//! Reading and replaying on every core, results in input order.
//!
//! With one thread, [`run_with`] reads games with a [`Reader`] and works them in batches of
//! about [`BATCH_BYTES`] on the calling thread. With more, the input is tokenized in
//! parallel too, which is most of the work besides the replay:
//!
//! - A splitting thread reads the input into chunks of about [`CHUNK_BYTES`], each cut just
//!   before a `[` that opens a line after a blank line, where a game nearly always starts.
//! - Each worker thread reads a whole chunk with a reader of its own, as if the chunk were
//!   the input (game numbers and lines counted from the chunk's start), then waits for its
//!   turn: when the chunks before it are read, it knows how many games and lines came
//!   before, renumbers its games ([`Renumber`]), and works them.
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

use std::collections::{BTreeMap, VecDeque};
use std::io::{self, Read};
use std::sync::{mpsc, Arc, Condvar, Mutex, MutexGuard};

use crate::game::Game;
use crate::reader::{GameResult, Limits, ReadError, Reader, Visitor};
use crate::replay::{GameRecord, RecordCollector};

/// The approximate size of a batch of records handed to one worker (with one thread, and
/// after a fallback to one reader).
pub const BATCH_BYTES: usize = 256 * 1024;

/// The size of input chunk the splitting thread aims for.
pub const CHUNK_BYTES: usize = 1 << 20;

/// A chunk in which no game start is found is cut at this size anyway (the input from its
/// last game on is then read by one reader).
pub const MAX_CHUNK_BYTES: usize = 2 << 20;

/// An output of a [`Visitor`] whose game numbers and lines can be moved on: a game read
/// from a chunk of the input is numbered from the chunk's start, and renumbered when the
/// games and lines before the chunk are known.
pub trait Renumber {
    /// Adds `games` to every game number and `lines` to every line.
    fn renumber(&mut self, games: u64, lines: u64);
}

impl Renumber for ReadError {
    fn renumber(&mut self, games: u64, lines: u64) {
        self.game += games;
        self.line += lines;
    }
}

impl Renumber for GameRecord {
    fn renumber(&mut self, games: u64, lines: u64) {
        self.shift(games, lines);
    }
}

impl Renumber for Game {
    fn renumber(&mut self, _games: u64, _lines: u64) {}
}

impl Renumber for GameResult {
    fn renumber(&mut self, _games: u64, _lines: u64) {}
}

impl Renumber for usize {
    fn renumber(&mut self, _games: u64, _lines: u64) {}
}

impl<T: Renumber> Renumber for Option<T> {
    fn renumber(&mut self, games: u64, lines: u64) {
        if let Some(t) = self {
            t.renumber(games, lines);
        }
    }
}

impl<T: Renumber> Renumber for Vec<T> {
    fn renumber(&mut self, games: u64, lines: u64) {
        for t in self {
            t.renumber(games, lines);
        }
    }
}

impl<A: Renumber, B: Renumber> Renumber for (A, B) {
    fn renumber(&mut self, games: u64, lines: u64) {
        self.0.renumber(games, lines);
        self.1.renumber(games, lines);
    }
}

/// Reads every game of `reader` and calls `work` on batches of records on `threads`
/// threads (1: everything on the calling thread), then `consume` on each result in input
/// order. `progress` is called as the input is read, with the bytes read so far (at the
/// end: all of them).
///
/// On an I/O error (a damaged or truncated input), the games read before it are still
/// worked on and consumed, then the error is returned.
pub fn run<R, T, W, C, P>(
    reader: Reader<R>,
    threads: usize,
    work: W,
    mut consume: C,
    progress: P,
) -> io::Result<()>
where
    R: Read + Send,
    T: Send,
    W: Fn(Vec<GameRecord>) -> T + Sync,
    C: FnMut(T),
    P: FnMut(u64) + Send,
{
    run_with(
        reader,
        RecordCollector::new,
        GameRecord::weight,
        threads,
        work,
        |t| {
            consume(t);
            true
        },
        progress,
    )
}

/// [`run`] with any [`Visitor`]: `make_visitor` makes one per thread that reads, which
/// turns games into outputs; `weight` says how many bytes an output holds (batches hold
/// about [`BATCH_BYTES`]); `consume` returns whether to go on: `false` stops reading and
/// working as soon as it can (a closed output pipe, say), and `run_with` returns `Ok(())`.
///
/// On an I/O error (a damaged or truncated input), the games read before it are still
/// worked on and consumed, then the error is returned.
#[allow(clippy::too_many_arguments)]
pub fn run_with<R, V, F, T, W, C, P>(
    reader: Reader<R>,
    make_visitor: F,
    weight: fn(&V::Output) -> usize,
    threads: usize,
    work: W,
    mut consume: C,
    mut progress: P,
) -> io::Result<()>
where
    R: Read + Send,
    F: Fn() -> V + Sync,
    V: Visitor,
    V::Output: Send + Renumber,
    T: Send,
    W: Fn(Vec<V::Output>) -> T + Sync,
    C: FnMut(T) -> bool,
    P: FnMut(u64) + Send,
{
    if threads > 1 {
        let sizes = Sizes {
            chunk: CHUNK_BYTES,
            max: MAX_CHUNK_BYTES,
        };
        return parallel(
            reader,
            &make_visitor,
            weight,
            threads,
            &work,
            consume,
            progress,
            sizes,
        )
        .map(|_| ());
    }
    let mut reader = reader;
    let mut visitor = make_visitor();
    loop {
        let (batch, state) = next_batch(&mut reader, &mut visitor, weight);
        progress(reader.bytes_consumed());
        if !batch.is_empty() && !consume(work(batch)) {
            return Ok(());
        }
        if state? {
            return Ok(());
        }
    }
}

/// A batch of about [`BATCH_BYTES`], and how the input goes on: `Ok(true)` at its end,
/// `Err` when an I/O error ended it early (after the batch's games).
fn next_batch<R: Read, V: Visitor>(
    reader: &mut Reader<R>,
    visitor: &mut V,
    weight: fn(&V::Output) -> usize,
) -> (Vec<V::Output>, io::Result<bool>) {
    let mut batch = Vec::new();
    let mut bytes = 0;
    while bytes < BATCH_BYTES {
        match reader.read_game(visitor) {
            Ok(Some(game)) => {
                bytes += weight(&game);
                batch.push(game);
            }
            Ok(None) => return (batch, Ok(true)),
            Err(e) => return (batch, Err(e)),
        }
    }
    (batch, Ok(false))
}

// ---- the parallel pipeline ----

/// A piece of the input for a worker.
struct Chunk {
    /// The splitting round it belongs to.
    epoch: u64,
    /// Its place in the input, from 0: also the order of its result.
    index: u64,
    /// Where it starts in the input.
    offset: u64,
    data: Arc<Bytes>,
    /// The input ends with it.
    last: bool,
    /// It was cut where no game start was found: the reader of the whole input may stand
    /// anywhere there, so one reader takes over from its last game.
    forced: bool,
}

/// What a worker is given: a chunk to read and work, or (after a fallback) a batch of
/// games read by the splitting thread, with its place in the results' order.
enum Job<O> {
    Chunk(Chunk),
    Batch(u64, Vec<O>),
}

/// Where one reader takes over: the start of the game a chunk could not finish.
#[derive(Clone, Copy)]
struct Resume {
    /// The chunk (its results come before those of the reader taking over).
    index: u64,
    /// The input position, line and games read before, as a reader of the whole input
    /// would have them.
    offset: u64,
    line: u64,
    games: u64,
}

/// The chunks' turns.
struct Turns {
    /// The chunk whose turn it is.
    next: u64,
    /// Games and lines in the input before that chunk.
    games: u64,
    lines: u64,
    /// Set when a chunk did not end cleanly: the chunks after it are dropped.
    fallback: Option<Resume>,
    /// The consumer stopped (or a thread could not go on): everyone stops.
    stopped: bool,
    /// Splitting starts again after each fallback: chunks of an earlier round are dropped.
    epoch: u64,
    /// How the chunks ended, for the tests.
    cuts: Cuts,
}

/// How many chunks ended cleanly, after how many one reader took over, and how many chunks
/// had their turn after the first such fallback (splitting went on).
#[derive(Clone, Copy, Debug, Default)]
struct Cuts {
    clean: u64,
    fallbacks: u64,
    after_fallback: u64,
}

struct Shared {
    turns: Mutex<Turns>,
    changed: Condvar,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Turns> {
        // A thread that panicked holding the lock left the counts as they were: go on, the
        // panic is reported when the thread is joined.
        self.turns.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn stop(&self) {
        self.lock().stopped = true;
        self.changed.notify_all();
    }
}

/// Stops the run when its thread panics, so that no other thread waits for a turn that
/// will not come (the panic then reaches the caller when the threads are joined).
struct StopOnPanic<'a>(&'a Shared);

impl Drop for StopOnPanic<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.stop();
        }
    }
}

/// Chunk buffers to use again: a chunk's buffer comes back here when its last reference
/// drops (the worker's, the splitting thread's or a fallback reader's, whichever is last),
/// so that a chunk costs no fresh allocation and no page faults. It keeps at most `cap`
/// buffers (the others are freed), so memory stays bounded.
struct Pool {
    spare: Mutex<Vec<Vec<u8>>>,
    cap: usize,
}

impl Pool {
    fn new(cap: usize) -> Arc<Pool> {
        Arc::new(Pool {
            spare: Mutex::new(Vec::with_capacity(cap)),
            cap,
        })
    }

    fn spare(&self) -> MutexGuard<'_, Vec<Vec<u8>>> {
        // The list is whole whatever a panicking thread was doing with it.
        self.spare.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A buffer from the pool (empty), or a new one.
    fn take(&self) -> Vec<u8> {
        let mut buf = self.spare().pop().unwrap_or_default();
        buf.clear();
        buf
    }

    fn give(&self, buf: Vec<u8>) {
        let mut spare = self.spare();
        if spare.len() < self.cap && buf.capacity() > 0 {
            spare.push(buf);
        }
    }
}

/// The bytes of a chunk, given back to their [`Pool`] when dropped.
struct Bytes {
    data: Vec<u8>,
    pool: Arc<Pool>,
}

impl Bytes {
    fn new(data: Vec<u8>, pool: &Arc<Pool>) -> Bytes {
        Bytes {
            data,
            pool: Arc::clone(pool),
        }
    }
}

impl std::ops::Deref for Bytes {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        &self.data
    }
}

impl Drop for Bytes {
    fn drop(&mut self) {
        self.pool.give(std::mem::take(&mut self.data));
    }
}

/// A chunk read by a worker, numbered from its own start (its outputs are in the worker's
/// vector).
struct ChunkGames {
    /// Games started and newlines passed in the chunk.
    games: u64,
    lines: u64,
    /// Whether the chunk's last game ended at its result token with only blanks after it.
    clean: bool,
    /// Where the last game started: input position, line (from 1 at the chunk's start)
    /// and games before it in the chunk.
    last_start: (u64, u64, u64),
}

/// Reads `chunk` into `outputs` (emptied first) with `buffer` as the reader's buffer (both
/// kept by the worker for its next chunk, so that a chunk costs no fresh allocations).
fn read_chunk<V: Visitor>(
    chunk: &Chunk,
    limits: Limits,
    visitor: &mut V,
    buffer: &mut Vec<u8>,
    outputs: &mut Vec<V::Output>,
) -> ChunkGames {
    let buf = std::mem::take(buffer);
    let mut reader = Reader::resume_in(buf, &chunk.data[..], limits, chunk.offset, 1, 0);
    outputs.clear();
    let mut clean = true;
    let mut last_start = (chunk.offset, 1, 0);
    loop {
        let before = (reader.bytes_consumed(), reader.line(), reader.games_read());
        match reader.read_game(visitor) {
            Ok(Some(out)) => {
                outputs.push(out);
                clean = reader.ended_by_result();
                last_start = before;
            }
            // Reading a slice cannot fail.
            Ok(None) | Err(_) => break,
        }
    }
    let (games, lines) = (reader.games_read(), reader.line() - 1);
    *buffer = reader.into_buffer();
    ChunkGames {
        games,
        lines,
        clean,
        last_start,
    }
}

/// The bytes of the chunks from a resume point, then the splitter's unsent bytes, then the
/// rest of the input.
struct Chain<R> {
    parts: VecDeque<(Arc<Bytes>, usize)>,
    rest: Option<R>,
}

impl<R: Read> Read for Chain<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        while let Some((data, at)) = self.parts.front_mut() {
            let n = (data.len() - *at).min(out.len());
            if n > 0 {
                out[..n].copy_from_slice(&data[*at..*at + n]);
                *at += n;
                return Ok(n);
            }
            self.parts.pop_front();
        }
        match &mut self.rest {
            Some(r) => r.read(out),
            None => Ok(0),
        }
    }
}

/// The position of the last `[` in `buf` that opens a line after a blank line (a line
/// holding at most a carriage return), after position 0.
fn find_cut(buf: &[u8]) -> Option<usize> {
    let last = |from: usize| {
        let tail = &buf[from..];
        let lf = memchr::memmem::rfind(tail, b"\n\n[").map(|i| from + i + 2);
        let crlf = memchr::memmem::rfind(tail, b"\n\r\n[").map(|i| from + i + 3);
        lf.max(crlf)
    };
    // The last 64 KiB nearly always hold one.
    last(buf.len().saturating_sub(64 * 1024)).or_else(|| last(0))
}

/// The chunk sizes: [`CHUNK_BYTES`] and [`MAX_CHUNK_BYTES`] (tests take tiny ones, so
/// that every kind of cut happens on small inputs).
#[derive(Clone, Copy)]
struct Sizes {
    chunk: usize,
    max: usize,
}

#[allow(clippy::too_many_arguments)]
fn parallel<R, V, F, T, W, C, P>(
    reader: Reader<R>,
    make_visitor: &F,
    weight: fn(&V::Output) -> usize,
    threads: usize,
    work: &W,
    mut consume: C,
    mut progress: P,
    sizes: Sizes,
) -> io::Result<Cuts>
where
    R: Read + Send,
    F: Fn() -> V + Sync,
    V: Visitor,
    V::Output: Send + Renumber,
    T: Send,
    W: Fn(Vec<V::Output>) -> T + Sync,
    C: FnMut(T) -> bool,
    P: FnMut(u64) + Send,
{
    let (input, limits, buffered, offset, line, games) = reader.into_parts();
    let shared = Shared {
        turns: Mutex::new(Turns {
            next: 0,
            games,
            lines: line - 1,
            fallback: None,
            stopped: false,
            epoch: 0,
            cuts: Cuts::default(),
        }),
        changed: Condvar::new(),
    };
    let shared = &shared;
    let (job_tx, job_rx) = mpsc::sync_channel::<Job<V::Output>>(threads);
    // Results: the chunk's (or fallback batch's) place, and the results of its batches in
    // order (none for a chunk left without games), sent at once: one wakeup of the
    // consuming thread per chunk, not per batch.
    let (done_tx, done_rx) = mpsc::sync_channel::<(u64, Vec<T>)>(threads * 2);
    let job_rx = Arc::new(Mutex::new(job_rx));
    // Buffers in use at once: a chunk per worker and per place in the job channel, the
    // splitting thread's two, and chunks whose turn has passed but which the splitting
    // thread has not forgotten yet.
    let pool = Pool::new(2 * threads + 4);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let done_tx = done_tx.clone();
            let job_rx = Arc::clone(&job_rx);
            scope.spawn(move || {
                let _stop = StopOnPanic(shared);
                let mut visitor = make_visitor();
                let mut buffer = Vec::new();
                // The outputs of a chunk and the lengths of its batches, kept from chunk to
                // chunk (each batch is then one allocation of its exact size).
                let mut outputs = Vec::new();
                let mut lens = Vec::new();
                loop {
                    let job = match job_rx.lock() {
                        Ok(rx) => rx.recv(),
                        Err(_) => return,
                    };
                    let order = match job {
                        Ok(Job::Batch(order, batch)) => {
                            outputs.clear();
                            outputs.extend(batch);
                            order
                        }
                        Ok(Job::Chunk(chunk)) => {
                            let (buffer, outputs) = (&mut buffer, &mut outputs);
                            if !take_turn(shared, &chunk, limits, &mut visitor, buffer, outputs) {
                                continue;
                            }
                            chunk.index
                        }
                        Err(_) => return,
                    };
                    // A chunk's games in batches of about `BATCH_BYTES`, as with one thread.
                    lens.clear();
                    let (mut bytes, mut len) = (0, 0);
                    for out in &outputs {
                        bytes += weight(out);
                        len += 1;
                        if bytes >= BATCH_BYTES {
                            lens.push(len);
                            (bytes, len) = (0, 0);
                        }
                    }
                    if len > 0 || lens.is_empty() {
                        lens.push(len);
                    }
                    let mut games = outputs.drain(..);
                    let mut results = Vec::with_capacity(lens.len());
                    for &len in &lens {
                        if len == 0 {
                            continue;
                        }
                        if shared.lock().stopped {
                            return;
                        }
                        results.push(work(games.by_ref().take(len).collect()));
                    }
                    if done_tx.send((order, results)).is_err() {
                        shared.stop();
                        return;
                    }
                }
            });
        }
        drop(done_tx);
        drop(job_rx);
        let splitting = scope.spawn(move || -> io::Result<()> {
            let _stop = StopOnPanic(shared);
            let mut input = Chain {
                parts: VecDeque::new(),
                rest: Some(input),
            };
            let mut buf = buffered;
            let mut offset = offset;
            let mut index = 0u64;
            let mut epoch = 0u64;
            let mut error = None;
            let mut eof = false;
            let mut visitor = None;
            loop {
                // A splitting round: chunks until the end of the input or a fallback.
                let mut sent: VecDeque<Chunk> = VecDeque::new();
                let mut want = sizes.chunk;
                loop {
                    while buf.len() < want && !eof {
                        let len = buf.len();
                        buf.resize(want.max(len + 4096), 0);
                        match input.read(&mut buf[len..]) {
                            Ok(0) => {
                                buf.truncate(len);
                                eof = true;
                            }
                            Ok(n) => buf.truncate(len + n),
                            Err(e) if e.kind() == io::ErrorKind::Interrupted => buf.truncate(len),
                            Err(e) => {
                                buf.truncate(len);
                                error = Some(e);
                                eof = true;
                            }
                        }
                    }
                    let cut = if eof {
                        None
                    } else {
                        find_cut(&buf[..]).filter(|&c| c > 0)
                    };
                    let (data, last, forced) = match cut {
                        Some(c) => {
                            let mut rest = pool.take();
                            rest.extend_from_slice(&buf[c..]);
                            buf.truncate(c);
                            (std::mem::replace(&mut buf, rest), false, false)
                        }
                        None if eof => (std::mem::take(&mut buf), true, false),
                        None if buf.len() >= sizes.max => {
                            (std::mem::replace(&mut buf, pool.take()), false, true)
                        }
                        None => {
                            want = (buf.len() * 2).min(sizes.max).max(buf.len() + 1);
                            continue;
                        }
                    };
                    want = sizes.chunk;
                    if data.is_empty() {
                        pool.give(data);
                        break;
                    }
                    let len = data.len() as u64;
                    let chunk = Chunk {
                        epoch,
                        index,
                        offset,
                        data: Arc::new(Bytes::new(data, &pool)),
                        last,
                        forced,
                    };
                    sent.push_back(Chunk {
                        data: Arc::clone(&chunk.data),
                        ..chunk
                    });
                    index += 1;
                    offset += len;
                    progress(offset);
                    if forget_done(shared, &mut sent) || job_tx.send(Job::Chunk(chunk)).is_err() {
                        break;
                    }
                    if last || forget_done(shared, &mut sent) {
                        break;
                    }
                }
                // Every chunk is out: wait until they have all had their turn, or one did
                // not end cleanly.
                let resume = {
                    let mut turns = shared.lock();
                    loop {
                        if turns.stopped {
                            return Ok(());
                        }
                        if let Some(resume) = turns.fallback {
                            break resume;
                        }
                        if turns.next >= index {
                            progress(offset);
                            return error.map_or(Ok(()), Err);
                        }
                        turns = shared
                            .changed
                            .wait(turns)
                            .unwrap_or_else(|e| e.into_inner());
                    }
                };
                // One reader reads the game the chunk could not finish, from its start: that
                // chunk's rest, the chunks sent after it (their workers drop them), the bytes
                // not sent, and the rest of the input.
                let mut parts = VecDeque::new();
                for c in sent.iter().filter(|c| c.index >= resume.index) {
                    let at = resume.offset.saturating_sub(c.offset);
                    let at = usize::try_from(at).unwrap_or(usize::MAX).min(c.data.len());
                    parts.push_back((Arc::clone(&c.data), at));
                }
                drop(sent);
                parts.push_back((Arc::new(Bytes::new(std::mem::take(&mut buf), &pool)), 0));
                parts.extend(input.parts.drain(..));
                let chain = Chain {
                    parts,
                    rest: if eof { None } else { input.rest.take() },
                };
                let mut reader = Reader::resume_in(
                    Vec::new(),
                    chain,
                    limits,
                    resume.offset,
                    resume.line,
                    resume.games,
                );
                let visitor = visitor.get_or_insert_with(make_visitor);
                let game = reader.read_game(visitor)?;
                // Sent even when empty: the results' order has a place for it.
                let batch: Vec<V::Output> = game.into_iter().collect();
                if shared.lock().stopped
                    || job_tx.send(Job::Batch(resume.index + 1, batch)).is_err()
                {
                    return Ok(());
                }
                // That game ended at its result or at the next game's tags (or the input
                // ended): the reader stands between two games, and splitting starts again
                // from there.
                let (chain, _, rest, consumed, line, games) = reader.into_parts();
                input = chain;
                buf = rest;
                offset = consumed;
                eof = false;
                index = resume.index + 2;
                epoch += 1;
                {
                    let mut turns = shared.lock();
                    turns.epoch = epoch;
                    turns.fallback = None;
                    turns.next = index;
                    turns.games = games;
                    turns.lines = line - 1;
                }
                shared.changed.notify_all();
            }
        });
        let mut pending = BTreeMap::new();
        let mut next = 0;
        'receive: for (order, results) in done_rx {
            pending.insert(order, results);
            while let Some(results) = pending.remove(&next) {
                for result in results {
                    if !consume(result) {
                        shared.stop();
                        break 'receive;
                    }
                }
                next += 1;
            }
        }
        // The receiver is dropped here when the consumer stopped early: the workers' sends
        // fail and they stop, and so does the splitting thread (its sends fail too).
        match splitting.join() {
            Ok(result) => result.map(|()| shared.lock().cuts),
            Err(_) => Err(io::Error::other("the splitting thread panicked")),
        }
    })
}

/// Drops the chunks whose turn has passed (a fallback keeps them: its reader needs them;
/// a buffer goes back to the pool when its worker has dropped it too); says whether to
/// stop splitting (the run stopped, or one reader takes over).
fn forget_done(shared: &Shared, sent: &mut VecDeque<Chunk>) -> bool {
    let turns = shared.lock();
    if turns.fallback.is_none() {
        while sent.front().is_some_and(|c| c.index < turns.next) {
            sent.pop_front();
        }
    }
    turns.stopped || turns.fallback.is_some()
}

/// Reads `chunk` into `outputs`, waits for its turn and renumbers its games; `false` when
/// the chunk is not to be used (an earlier chunk did not end cleanly, or the run stopped).
fn take_turn<V: Visitor>(
    shared: &Shared,
    chunk: &Chunk,
    limits: Limits,
    visitor: &mut V,
    buffer: &mut Vec<u8>,
    outputs: &mut Vec<V::Output>,
) -> bool
where
    V::Output: Renumber,
{
    let read = read_chunk(chunk, limits, visitor, buffer, outputs);
    let mut turns = shared.lock();
    loop {
        if turns.stopped
            || chunk.epoch < turns.epoch
            || turns.fallback.is_some_and(|f| chunk.index > f.index)
        {
            return false;
        }
        if turns.next == chunk.index {
            break;
        }
        turns = shared
            .changed
            .wait(turns)
            .unwrap_or_else(|e| e.into_inner());
    }
    let (games, lines) = (turns.games, turns.lines);
    if turns.cuts.fallbacks > 0 {
        turns.cuts.after_fallback += 1;
    }
    if (read.clean && !chunk.forced) || chunk.last {
        turns.games += read.games;
        turns.lines += read.lines;
        turns.cuts.clean += 1;
    } else {
        turns.cuts.fallbacks += 1;
        // The last game may go on in the next chunk: one reader takes over from its start.
        outputs.pop();
        let (offset, line, before) = read.last_start;
        turns.fallback = Some(Resume {
            index: chunk.index,
            offset,
            line: lines + line,
            games: games + before,
        });
    }
    turns.next += 1;
    drop(turns);
    shared.changed.notify_all();
    for out in outputs.iter_mut() {
        out.renumber(games, lines);
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{check_games, SanMode};
    use crate::{Both, GameBuilder};

    type Out = (GameRecord, (Game, Vec<ReadError>));

    fn visitor() -> Both<RecordCollector, GameBuilder> {
        Both::new(RecordCollector::with_annotations(), GameBuilder::new())
    }

    fn weight(o: &Out) -> usize {
        o.0.weight()
    }

    /// What one reader over the whole input reads: every game with its tags, moves and
    /// lines, comments, variations and errors.
    fn serial(input: &[u8]) -> Vec<Out> {
        let mut out = Vec::new();
        Reader::new(input)
            .read_all(&mut visitor(), |o| out.push(o))
            .expect("a slice reads");
        out
    }

    /// A reader that hands out at most `n` bytes a read.
    struct Trickle<'a>(&'a [u8], usize);

    impl Read for Trickle<'_> {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            let n = self.0.len().min(out.len()).min(self.1);
            out[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    /// The parallel pipeline with `threads` threads and chunks of about `chunk` bytes (cut
    /// by force at four times that): the games in the order given, and the last progress.
    fn chunked(input: &[u8], threads: usize, chunk: usize) -> (Vec<Out>, u64, Cuts) {
        let mut out = Vec::new();
        let mut last = 0;
        let cuts = parallel(
            Reader::new(Trickle(input, 1 + chunk / 3)),
            &visitor,
            weight,
            threads,
            &|batch: Vec<Out>| batch,
            |batch| {
                out.extend(batch);
                true
            },
            |p| last = p,
            Sizes {
                chunk,
                max: 4 * chunk,
            },
        )
        .expect("no I/O error");
        (out, last, cuts)
    }

    /// Compares the chunked reads with one reader's; returns how the chunks ended, summed.
    fn assert_same(input: &[u8], what: &str) -> Cuts {
        let expected = serial(input);
        let mut all = Cuts::default();
        for threads in [2, 3] {
            for chunk in [16, 61, 250, 4096] {
                let (got, progress, cuts) = chunked(input, threads, chunk);
                all.clean += cuts.clean;
                all.fallbacks += cuts.fallbacks;
                all.after_fallback += cuts.after_fallback;
                assert_eq!(progress, input.len() as u64, "{what}: progress");
                assert_eq!(
                    got.len(),
                    expected.len(),
                    "{what}: {threads} threads, chunk {chunk}"
                );
                for (i, (g, e)) in got.iter().zip(&expected).enumerate() {
                    assert!(
                        g == e,
                        "{what}: {threads} threads, chunk {chunk}, game {i}:\n{g:?}\n{e:?}"
                    );
                }
            }
        }
        all
    }

    /// Cuts at every kind of place: a comment, tags or a variation across a blank line
    /// and a `[`, games without results, escapes, CRLF, a byte-order mark, no blank line at
    /// all.
    #[test]
    fn chunks_read_what_one_reader_reads_at_awkward_cuts() {
        let cases: &[&[u8]] = &[
            b"[Event \"a\"]\n\n1. e4 e5 1-0\n\n[Event \"b\"]\n\n1. d4 d5 0-1\n\n[Event \"c\"]\n\n1. c4 *\n",
            b"1. e4 { a comment\n\n[Event \"not a tag\"]\n\n} e5 1-0\n\n[Event \"b\"]\n\n1. d4 *\n",
            b"[Event \"a\"]\n\n[Site \"tags after a blank line\"]\n\n[Round \"1\"]\n\n1. e4 *\n\n[Event \"b\"]\n1. d4 *",
            b"1. e4 e5\n\n[Event \"no result before\"]\n1. d4\n\n[Event \"c\"]\n\n1. Nf3 1/2-1/2\n",
            b"1. e4 (1. d4 d5\n\n[Event \"in a variation\"]\n\n1. c4 *\n\n[Event \"d\"]\n1. e4 *\n",
            b"1. e4 1-0\n\n%escape\n\n[Event \"e\"]\n%more\n1. d4 *\n\n[Event \"f\"]\n; line comment\n\n[Event \"g\"]\n1-0",
            b"\xef\xbb\xbf[Event \"bom\"]\r\n\r\n1. e4 e5 1-0\r\n\r\n[Event \"crlf\"]\r\n\r\n1. d4 *\r\n\r\n[X \"y\"]\r\n1. c4 *",
            b"1. e4 1-0 { after the result\n\n[Event \"x\"]\n\n} 1. d4 *\n\n[Event \"y\"]\n1. e4 *\n",
            b"[Event \"a\"] 1. e4 1-0 [Event \"b\"] 1. d4 0-1 [Event \"c\"] 1. c4 *",
            b"",
            b"\n\n\n",
            b"[Event \"unterminated",
        ];
        for (i, case) in cases.iter().enumerate() {
            let mut input = Vec::new();
            for _ in 0..20 {
                input.extend_from_slice(case);
            }
            let cuts = assert_same(&input, &format!("case {i}"));
            // Games with results: no fallback. A comment across a cut: fallbacks, and
            // chunks again after them. (Where a round after a fallback cuts depends on how
            // far the splitting thread had read, so only the kinds are checked.)
            if i == 0 {
                assert!(cuts.clean > 20 && cuts.fallbacks == 0, "{cuts:?}");
            }
            if i == 1 {
                assert!(cuts.clean > 0 && cuts.fallbacks > 0, "{cuts:?}");
            }
        }
    }

    /// Games without a result here and there: one reader takes over for each game that
    /// ends a chunk without its result, and chunks go on after it.
    #[test]
    fn chunks_go_on_after_a_game_without_a_result() {
        // Games of uneven lengths, one in five without a result, in no regular pattern
        // (a period near the chunk size would put the same kind of game at every cut).
        let mut input = Vec::new();
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let moves = [
            "1. e4", "e5", "2. Nf3", "Nc6", "3. Bb5", "a6", "4. Ba4", "Nf6",
        ];
        for i in 0..400 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let n = 1 + (seed % moves.len() as u64) as usize;
            let result = if (seed >> 8) % 5 == 0 { "" } else { "1-0" };
            let text = moves[..n].join(" ");
            input.extend_from_slice(format!("[Round \"{i}\"]\n\n{text} {result}\n\n").as_bytes());
        }
        assert_same(&input, "games without results");
        // Chunks of several games: the first chunk that ends on a game without a result
        // falls back to one reader (where that chunk ends does not depend on the threads:
        // nothing has fallen back before it), and chunks are split again after it. How
        // many fallbacks follow depends on how far the splitting thread had read when the
        // first one came (the reader that takes over starts from its buffer), so that
        // count is not asserted.
        for chunk in [250, 1000] {
            let (_, _, cuts) = chunked(&input, 2, chunk);
            assert!(cuts.fallbacks >= 1 && cuts.after_fallback >= 1, "{cuts:?}");
        }
    }

    /// Random PGN-ish text: every construct cut everywhere.
    #[test]
    fn chunks_read_what_one_reader_reads_on_random_pieces() {
        let pieces: &[&[u8]] = &[
            b"[Event \"x\"]\n",
            b"[White \"a b\"]\n",
            b"\n",
            b"\n\n",
            b"\r\n",
            b"1. ",
            b"e4 ",
            b"e5 ",
            b"Nf3 ",
            b"1-0",
            b" 0-1 ",
            b"*\n",
            b"{ c\n\n[Event \"in\"]\n ",
            b"{",
            b"}",
            b"(",
            b")",
            b"; line\n",
            b"\n%escape\n",
            b"$1 ",
            b"?? ",
            b"[",
            b"]",
            b"\"",
            b"12.",
            b"O-O ",
            b"e8=Q+ ",
            b"Z0 ",
            b"  ",
            b"\n\n[Event \"y\"]\n\n",
            b"\xff\xfe",
        ];
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for round in 0..40 {
            let mut input = Vec::new();
            for _ in 0..600 {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                input.extend_from_slice(pieces[(seed % pieces.len() as u64) as usize]);
            }
            assert_same(&input, &format!("random round {round}"));
        }
    }

    /// Real files: the samples, cut every few hundred bytes and at the real sizes.
    #[test]
    fn chunks_read_what_one_reader_reads_on_the_samples() {
        for (path, input) in crate::reader::tests::sample_games() {
            let input = &input[..input.len().min(300_000)];
            let expected = serial(input);
            for chunk in [700, 20_000, CHUNK_BYTES] {
                let (got, progress, cuts) = chunked(input, 2, chunk);
                assert_eq!(progress, input.len() as u64);
                assert!(got == expected, "{} chunk {chunk}", path.display());
                // Real files in chunks larger than their games: every cut is between two
                // games, none needs one reader.
                if chunk >= 20_000 && chunk < input.len() {
                    let what = format!("{} chunk {chunk}: {cuts:?}", path.display());
                    assert!(cuts.clean > 1 && cuts.fallbacks == 0, "{what}");
                }
            }
        }
    }

    /// An I/O error: the games before it are worked on and the error is returned.
    #[test]
    fn an_input_error_keeps_the_games_before_it() {
        struct Failing(Vec<u8>, usize);
        impl Read for Failing {
            fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
                if self.1 >= self.0.len() {
                    return Err(io::Error::other("damaged"));
                }
                let n = (self.0.len() - self.1).min(out.len()).min(1000);
                out[..n].copy_from_slice(&self.0[self.1..self.1 + n]);
                self.1 += n;
                Ok(n)
            }
        }
        let mut pgn = Vec::new();
        for i in 0..500 {
            pgn.extend_from_slice(format!("[Round \"{i}\"]\n\n1. e4 e5 *\n\n").as_bytes());
        }
        let mut games = 0;
        let result = run(
            Reader::new(Failing(pgn, 0)),
            2,
            |b| b.len(),
            |n| games += n,
            |_| {},
        );
        assert_eq!(
            result.map_err(|e| e.to_string()),
            Err("damaged".to_string())
        );
        assert_eq!(games, 500);
    }

    #[test]
    fn parallel_equals_sequential() {
        let mut pgn = Vec::new();
        for i in 0..3000 {
            pgn.extend_from_slice(format!("[Round \"{i}\"]\n1. e4 e5 2. Nf3 Nc6 *\n\n").as_bytes());
            if i % 7 == 0 {
                pgn.extend_from_slice(b"1. e5 *\n\n");
            }
        }
        let mut results = Vec::new();
        for threads in [1, 2, 3] {
            let mut reports = Vec::new();
            run(
                Reader::new(&pgn[..]),
                threads,
                |batch| check_games(&batch, SanMode::Lenient),
                |r| reports.push(r),
                |_| {},
            )
            .expect("no I/O error");
            let mut total = crate::Report::default();
            for r in reports {
                total.merge(r);
            }
            results.push(total);
        }
        assert_eq!(results[0].games, 3429);
        assert_eq!(results[0].errors.len(), 429);
        assert_eq!(results[0], results[1]);
        assert_eq!(results[0], results[2]);
    }

    fn many_games() -> Vec<u8> {
        let mut pgn = Vec::new();
        for i in 0..60_000 {
            pgn.extend_from_slice(format!("[Round \"{i}\"]\n1. e4 e5 2. Nf3 Nc6 *\n\n").as_bytes());
        }
        pgn
    }

    /// Dozens of chunks and batches, and slow work: the results still come in input order.
    #[test]
    fn the_order_holds_under_slow_work() {
        let pgn = many_games();
        for threads in [2, 3] {
            let mut firsts = Vec::new();
            parallel(
                Reader::new(&pgn[..]),
                &RecordCollector::new,
                GameRecord::weight,
                threads,
                &|batch: Vec<GameRecord>| {
                    std::thread::sleep(std::time::Duration::from_millis(1));
                    (batch[0].game, batch.len())
                },
                |r| {
                    firsts.push(r);
                    true
                },
                |_| {},
                Sizes {
                    chunk: 64 * 1024,
                    max: 1 << 20,
                },
            )
            .expect("no I/O error");
            assert!(firsts.len() > 40, "{}", firsts.len());
            let mut next = 1;
            for (first, len) in firsts {
                assert_eq!(first, next);
                next += len as u64;
            }
            assert_eq!(next, 60_001);
        }
    }

    /// Work that panics on one batch: the panic reaches the caller, and no thread is left
    /// waiting for that batch's turn.
    #[test]
    fn a_panic_in_the_work_reaches_the_caller() {
        let pgn = many_games();
        let run = std::panic::catch_unwind(|| {
            parallel(
                Reader::new(&pgn[..]),
                &RecordCollector::new,
                GameRecord::weight,
                2,
                &|batch: Vec<GameRecord>| assert!(batch[0].game < 1000, "a bad batch"),
                |()| true,
                |_| {},
                Sizes {
                    chunk: 4096,
                    max: 1 << 16,
                },
            )
        });
        assert!(run.is_err());
    }

    /// A chunk's buffer goes back to the pool when its last reference drops (not before),
    /// and the pool keeps no more than its bound.
    #[test]
    fn buffers_come_back_to_a_bounded_pool() {
        let pool = Pool::new(2);
        let a = Arc::new(Bytes::new(vec![1; 100], &pool));
        let held = Arc::clone(&a);
        drop(a);
        assert!(pool.spare().is_empty());
        assert_eq!(&held[..], &[1; 100][..]);
        drop(held);
        assert_eq!(pool.spare().len(), 1);
        let again = pool.take();
        assert!(again.is_empty() && again.capacity() >= 100);
        for _ in 0..5 {
            drop(Bytes::new(vec![2; 10], &pool));
        }
        assert_eq!(pool.spare().len(), 2);
    }

    /// A consumer that stops: the run ends (no thread left waiting) and says Ok.
    #[test]
    fn a_consumer_that_stops_ends_the_run() {
        let pgn = many_games();
        for threads in [1, 2, 3] {
            let mut seen = 0;
            run_with(
                Reader::new(&pgn[..]),
                RecordCollector::new,
                GameRecord::weight,
                threads,
                |batch| batch.len(),
                |_| {
                    seen += 1;
                    seen < 3
                },
                |_| {},
            )
            .expect("no I/O error");
            assert_eq!(seen, 3);
        }
    }
}
