//! The run with several threads: a splitting thread, the workers, and the calling thread
//! consuming the results in input order (see the [module documentation](super)).

use std::collections::{BTreeMap, VecDeque};
use std::io::{self, Read};
use std::sync::mpsc::{self, Receiver, SyncSender};
use std::sync::{Arc, Condvar, Mutex};

use super::chunks::{find_cut, Bytes, Chain, Chunk, Job, Pool, Sizes};
use super::turns::{forget_done, take_turn, Cuts, Resume, Shared, StopOnPanic, Turns};
use super::{Output, BATCH_BYTES};
use crate::reader::{Limits, Reader, Visitor};

/// What the threads of one run share: the turns, the visitor factory, the work, the
/// reader's limits and the chunk sizes, and the pool of chunk buffers.
pub(super) struct Run<'a, F, W> {
    pub(super) make_visitor: &'a F,
    pub(super) work: &'a W,
    pub(super) threads: usize,
    pub(super) sizes: Sizes,
}

/// A run's shared state, built by [`Run::run`].
struct Ctx<'a, F, W> {
    shared: &'a Shared,
    make_visitor: &'a F,
    work: &'a W,
    limits: Limits,
    sizes: Sizes,
    pool: Arc<Pool>,
}

/// The results of a chunk (or of a fallback batch): its place in the input order, and the
/// results of its batches in order (none for a chunk left without games), sent at once: one
/// wakeup of the consuming thread per chunk, not per batch.
type Done<T> = (u64, Vec<T>);

impl<F, W> Run<'_, F, W> {
    /// Reads every game of `reader` on the threads, calls `consume` on each result in input
    /// order (until it returns `false`), and says how the chunks ended.
    pub(super) fn run<R, V, T, C>(
        self,
        reader: Reader<R>,
        mut consume: C,
        progress: &mut (dyn FnMut(u64) + Send),
    ) -> io::Result<Cuts>
    where
        R: Read + Send,
        F: Fn() -> V + Sync,
        V: Visitor,
        V::Output: Output,
        T: Send,
        W: Fn(Vec<V::Output>) -> T + Sync,
        C: FnMut(T) -> bool,
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
        let (job_tx, job_rx) = mpsc::sync_channel::<Job<V::Output>>(self.threads);
        let (done_tx, done_rx) = mpsc::sync_channel::<Done<T>>(self.threads * 2);
        let job_rx = Arc::new(Mutex::new(job_rx));
        // Buffers in use at once: a chunk per worker and per place in the job channel, the
        // splitting thread's two, and chunks whose turn has passed but which the splitting
        // thread has not forgotten yet.
        let ctx = Ctx {
            shared: &shared,
            make_visitor: self.make_visitor,
            work: self.work,
            limits,
            sizes: self.sizes,
            pool: Pool::new(2 * self.threads + 4),
        };
        let ctx = &ctx;
        std::thread::scope(|scope| {
            let workers: Vec<_> = (0..self.threads)
                .map(|_| {
                    let done_tx = done_tx.clone();
                    let job_rx = Arc::clone(&job_rx);
                    scope.spawn(move || worker(ctx, &job_rx, &done_tx))
                })
                .collect();
            drop(done_tx);
            drop(job_rx);
            let start = Start {
                input,
                buffered,
                offset,
            };
            let splitting = scope.spawn(move || split(ctx, start, &job_tx, progress));
            deliver(ctx.shared, done_rx, &mut consume);
            // The receiver is dropped when the consumer stopped early: the workers' sends
            // fail and they stop, and so does the splitting thread (its sends fail too).
            // A panic there (in the input's `read`, say) or on a worker (in the work) goes
            // on to the caller as itself, its message with it: it is a bug, not damage to
            // the input (left to the scope, a worker's would be a panic of its own,
            // without the message).
            let split = splitting.join();
            for w in workers {
                if let Err(panic) = w.join() {
                    std::panic::resume_unwind(panic);
                }
            }
            match split {
                Ok(result) => result.map(|()| shared.lock().cuts),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        })
    }
}

/// Hands the results to `consume` in input order, as they come; stops the run when
/// `consume` returns `false`.
fn deliver<T>(shared: &Shared, done_rx: Receiver<Done<T>>, consume: &mut impl FnMut(T) -> bool) {
    let mut pending = BTreeMap::new();
    let mut next = 0;
    for (order, results) in done_rx {
        pending.insert(order, results);
        while let Some(results) = pending.remove(&next) {
            for result in results {
                if !consume(result) {
                    shared.stop();
                    return;
                }
            }
            next += 1;
        }
    }
}

/// A worker: takes chunks (read, wait for the turn, renumber) or fallback batches, works
/// them in batches and sends the results, until the jobs end or the run stops.
fn worker<V, F, T, W>(
    ctx: &Ctx<'_, F, W>,
    job_rx: &Mutex<Receiver<Job<V::Output>>>,
    done_tx: &SyncSender<Done<T>>,
) where
    F: Fn() -> V + Sync,
    V: Visitor,
    V::Output: Output,
    W: Fn(Vec<V::Output>) -> T + Sync,
{
    let _stop = StopOnPanic(ctx.shared);
    let mut visitor = (ctx.make_visitor)();
    let mut buffer = Vec::new();
    // The outputs of a chunk and the lengths of its batches, kept from chunk to chunk (each
    // batch is then one allocation of its exact size).
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
                if !take_turn(
                    ctx.shared,
                    &chunk,
                    ctx.limits,
                    &mut visitor,
                    buffer,
                    outputs,
                ) {
                    continue;
                }
                chunk.index
            }
            Err(_) => return,
        };
        let Some(results) = work_in_batches(ctx, &mut outputs, &mut lens) else {
            return;
        };
        if done_tx.send((order, results)).is_err() {
            ctx.shared.stop();
            return;
        }
    }
}

/// Works a chunk's outputs in batches of about [`BATCH_BYTES`], as with one thread; `None`
/// when the run stopped meanwhile.
fn work_in_batches<O: Output, F, T, W>(
    ctx: &Ctx<'_, F, W>,
    outputs: &mut Vec<O>,
    lens: &mut Vec<usize>,
) -> Option<Vec<T>>
where
    W: Fn(Vec<O>) -> T,
{
    lens.clear();
    let (mut bytes, mut len) = (0, 0);
    for out in outputs.iter() {
        bytes += out.weight();
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
    for &len in lens.iter() {
        if len == 0 {
            continue;
        }
        if ctx.shared.lock().stopped {
            return None;
        }
        results.push((ctx.work)(games.by_ref().take(len).collect()));
    }
    Some(results)
}

/// Where the splitting thread starts: the input, the bytes the reader had buffered, and
/// their place in the input.
struct Start<R> {
    input: R,
    buffered: Vec<u8>,
    offset: u64,
}

/// The splitting thread's state between chunks.
struct Splitter<R> {
    input: Chain<R>,
    buf: Vec<u8>,
    offset: u64,
    /// The next chunk's place in the results' order.
    index: u64,
    /// The splitting round (one more after each fallback).
    epoch: u64,
    eof: bool,
    /// The I/O error that ended the input, returned once the games before it are worked.
    error: Option<io::Error>,
}

/// The splitting thread: cuts the input into chunks and sends them, round after round
/// (a round ends at the end of the input or at a fallback, where one reader takes over
/// the game a chunk could not finish).
fn split<R, V, F, W>(
    ctx: &Ctx<'_, F, W>,
    start: Start<R>,
    job_tx: &SyncSender<Job<V::Output>>,
    progress: &mut (dyn FnMut(u64) + Send),
) -> io::Result<()>
where
    R: Read,
    F: Fn() -> V + Sync,
    V: Visitor,
    V::Output: Output,
{
    let _stop = StopOnPanic(ctx.shared);
    let mut s = Splitter {
        input: Chain {
            parts: VecDeque::new(),
            rest: Some(start.input),
        },
        buf: start.buffered,
        offset: start.offset,
        index: 0,
        epoch: 0,
        eof: false,
        error: None,
    };
    let mut visitor = None;
    loop {
        let sent = send_round(ctx, &mut s, job_tx, progress);
        // Every chunk is out: wait until they have all had their turn, or one did not end
        // cleanly.
        let resume = {
            let mut turns = ctx.shared.lock();
            loop {
                if turns.stopped {
                    return Ok(());
                }
                if let Some(resume) = turns.fallback {
                    break resume;
                }
                if turns.next >= s.index {
                    progress(s.offset);
                    return s.error.take().map_or(Ok(()), Err);
                }
                turns = ctx.shared.wait(turns);
            }
        };
        let visitor = visitor.get_or_insert_with(ctx.make_visitor);
        if !take_over(ctx, &mut s, sent, resume, visitor, job_tx)? {
            return Ok(());
        }
    }
}

/// Cuts and sends chunks until the end of the input or a fallback (or the run stops);
/// returns the chunks sent whose turn may not have passed.
fn send_round<R: Read, O, F, W>(
    ctx: &Ctx<'_, F, W>,
    s: &mut Splitter<R>,
    job_tx: &SyncSender<Job<O>>,
    progress: &mut (dyn FnMut(u64) + Send),
) -> VecDeque<Chunk> {
    let mut sent: VecDeque<Chunk> = VecDeque::new();
    let mut want = ctx.sizes.chunk;
    loop {
        fill(s, want);
        let cut = if s.eof {
            None
        } else {
            find_cut(&s.buf[..]).filter(|&c| c > 0)
        };
        let (data, last, forced) = match cut {
            Some(c) => {
                let mut rest = ctx.pool.take();
                rest.extend_from_slice(&s.buf[c..]);
                s.buf.truncate(c);
                (std::mem::replace(&mut s.buf, rest), false, false)
            }
            None if s.eof => (std::mem::take(&mut s.buf), true, false),
            None if s.buf.len() >= ctx.sizes.max => {
                (std::mem::replace(&mut s.buf, ctx.pool.take()), false, true)
            }
            None => {
                want = (s.buf.len() * 2).min(ctx.sizes.max).max(s.buf.len() + 1);
                continue;
            }
        };
        want = ctx.sizes.chunk;
        if data.is_empty() {
            ctx.pool.give(data);
            return sent;
        }
        let len = data.len() as u64;
        let chunk = Chunk {
            epoch: s.epoch,
            index: s.index,
            offset: s.offset,
            data: Arc::new(Bytes::new(data, &ctx.pool)),
            last,
            forced,
        };
        sent.push_back(Chunk {
            data: Arc::clone(&chunk.data),
            ..chunk
        });
        s.index += 1;
        s.offset += len;
        progress(s.offset);
        if forget_done(ctx.shared, &mut sent) || job_tx.send(Job::Chunk(chunk)).is_err() {
            return sent;
        }
        if last || forget_done(ctx.shared, &mut sent) {
            return sent;
        }
    }
}

/// Reads into the splitter's buffer until it holds `want` bytes or the input ends (an I/O
/// error ends it too, and is kept for the end).
fn fill<R: Read>(s: &mut Splitter<R>, want: usize) {
    while s.buf.len() < want && !s.eof {
        let len = s.buf.len();
        s.buf.resize(want.max(len + 4096), 0);
        match s.input.read(&mut s.buf[len..]) {
            Ok(0) => {
                s.buf.truncate(len);
                s.eof = true;
            }
            Ok(n) => s.buf.truncate(len + n),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => s.buf.truncate(len),
            Err(e) => {
                s.buf.truncate(len);
                s.error = Some(e);
                s.eof = true;
            }
        }
    }
}

/// One reader reads the game the chunk at `resume` could not finish, from its start: that
/// chunk's rest, the chunks sent after it (their workers drop them), the bytes not sent,
/// and the rest of the input. Its game goes to a worker as a batch, and splitting starts
/// again where it ended. `false` when the run stopped.
fn take_over<R: Read, V: Visitor, F, W>(
    ctx: &Ctx<'_, F, W>,
    s: &mut Splitter<R>,
    sent: VecDeque<Chunk>,
    resume: Resume,
    visitor: &mut V,
    job_tx: &SyncSender<Job<V::Output>>,
) -> io::Result<bool> {
    let mut parts = VecDeque::new();
    for c in sent.iter().filter(|c| c.index >= resume.index) {
        let at = resume.offset.saturating_sub(c.offset);
        let at = usize::try_from(at).unwrap_or(usize::MAX).min(c.data.len());
        parts.push_back((Arc::clone(&c.data), at));
    }
    drop(sent);
    let unsent = std::mem::take(&mut s.buf);
    parts.push_back((Arc::new(Bytes::new(unsent, &ctx.pool)), 0));
    parts.extend(s.input.parts.drain(..));
    let chain = Chain {
        parts,
        rest: if s.eof { None } else { s.input.rest.take() },
    };
    let mut reader = Reader::resume_in(
        Vec::new(),
        chain,
        ctx.limits,
        resume.offset,
        resume.line,
        resume.games,
    );
    let game = reader.read_game(visitor)?;
    // Sent even when empty: the results' order has a place for it.
    let batch: Vec<V::Output> = game.into_iter().collect();
    if ctx.shared.lock().stopped || job_tx.send(Job::Batch(resume.index + 1, batch)).is_err() {
        return Ok(false);
    }
    // That game ended at its result or at the next game's tags (or the input ended): the
    // reader stands between two games, and splitting starts again from there.
    let (chain, _, rest, consumed, line, games) = reader.into_parts();
    s.input = chain;
    s.buf = rest;
    s.offset = consumed;
    s.eof = false;
    s.index = resume.index + 2;
    s.epoch += 1;
    {
        let mut turns = ctx.shared.lock();
        turns.epoch = s.epoch;
        turns.fallback = None;
        turns.next = s.index;
        turns.games = games;
        turns.lines = line - 1;
    }
    ctx.shared.changed.notify_all();
    Ok(true)
}
