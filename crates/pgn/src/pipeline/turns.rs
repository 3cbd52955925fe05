//! The chunks' turns: a worker reads its chunk, waits until the chunks before it have had
//! theirs, renumbers its games, or hands the chunk's last game to one reader when the chunk
//! did not end between two games.

use std::collections::VecDeque;
use std::sync::{Condvar, Mutex, MutexGuard};

use super::chunks::Chunk;
use super::Output;
use crate::reader::{Limits, Reader, Visitor};

/// Where one reader takes over: the start of the game a chunk could not finish.
#[derive(Clone, Copy)]
pub(super) struct Resume {
    /// The chunk (its results come before those of the reader taking over).
    pub(super) index: u64,
    /// The input position, line and games read before, as a reader of the whole input
    /// would have them.
    pub(super) offset: u64,
    pub(super) line: u64,
    pub(super) games: u64,
}

/// The chunks' turns.
pub(super) struct Turns {
    /// The chunk whose turn it is.
    pub(super) next: u64,
    /// Games and lines in the input before that chunk.
    pub(super) games: u64,
    pub(super) lines: u64,
    /// Set when a chunk did not end cleanly: the chunks after it are dropped.
    pub(super) fallback: Option<Resume>,
    /// The consumer stopped (or a thread could not go on): everyone stops.
    pub(super) stopped: bool,
    /// Splitting starts again after each fallback: chunks of an earlier round are dropped.
    pub(super) epoch: u64,
    /// How the chunks ended, for the tests.
    pub(super) cuts: Cuts,
}

/// How many chunks ended cleanly, after how many one reader took over, and how many chunks
/// had their turn after the first such fallback (splitting went on).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Cuts {
    pub(super) clean: u64,
    pub(super) fallbacks: u64,
    pub(super) after_fallback: u64,
}

pub(super) struct Shared {
    pub(super) turns: Mutex<Turns>,
    pub(super) changed: Condvar,
}

impl Shared {
    pub(super) fn lock(&self) -> MutexGuard<'_, Turns> {
        // A thread that panicked holding the lock left the counts as they were: go on, the
        // panic is reported when the thread is joined.
        self.turns.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Waits for a change of the turns.
    pub(super) fn wait<'a>(&self, turns: MutexGuard<'a, Turns>) -> MutexGuard<'a, Turns> {
        self.changed.wait(turns).unwrap_or_else(|e| e.into_inner())
    }

    pub(super) fn stop(&self) {
        self.lock().stopped = true;
        self.changed.notify_all();
    }
}

/// Stops the run when its thread panics, so that no other thread waits for a turn that
/// will not come (the panic then reaches the caller when the threads are joined).
pub(super) struct StopOnPanic<'a>(pub(super) &'a Shared);

impl Drop for StopOnPanic<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.stop();
        }
    }
}

/// A chunk read by a worker, numbered from its own start (its outputs are in the worker's
/// vector).
pub(super) struct ChunkGames {
    /// Games started and newlines passed in the chunk.
    pub(super) games: u64,
    pub(super) lines: u64,
    /// Whether the chunk's last game ended at its result token with only blanks after it.
    pub(super) clean: bool,
    /// Where the last game started: input position, line (from 1 at the chunk's start)
    /// and games before it in the chunk.
    pub(super) last_start: (u64, u64, u64),
}

/// Reads `chunk` into `outputs` (emptied first) with `buffer` as the reader's buffer (both
/// kept by the worker for its next chunk, so that a chunk costs no fresh allocations).
pub(super) fn read_chunk<V: Visitor>(
    chunk: &Chunk,
    limits: Limits,
    visitor: &mut V,
    buffer: &mut Vec<u8>,
    outputs: &mut Vec<V::Output>,
) -> ChunkGames {
    read_part(&chunk.data, chunk.offset, limits, visitor, buffer, outputs)
}

/// Reads `data`, the input from byte `offset` on (between two games), as [`read_chunk`]
/// reads a chunk: also what [`super::whole_games`] checks a cut with.
pub(super) fn read_part<V: Visitor>(
    data: &[u8],
    offset: u64,
    limits: Limits,
    visitor: &mut V,
    buffer: &mut Vec<u8>,
    outputs: &mut Vec<V::Output>,
) -> ChunkGames {
    let buf = std::mem::take(buffer);
    let mut reader = Reader::resume_in(buf, data, limits, offset, 1, 0);
    outputs.clear();
    let mut clean = true;
    let mut last_start = (offset, 1, 0);
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

/// Drops the chunks whose turn has passed (a fallback keeps them: its reader needs them;
/// a buffer goes back to the pool when its worker has dropped it too); says whether to
/// stop splitting (the run stopped, or one reader takes over).
pub(super) fn forget_done(shared: &Shared, sent: &mut VecDeque<Chunk>) -> bool {
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
pub(super) fn take_turn<V: Visitor>(
    shared: &Shared,
    chunk: &Chunk,
    limits: Limits,
    visitor: &mut V,
    buffer: &mut Vec<u8>,
    outputs: &mut Vec<V::Output>,
) -> bool
where
    V::Output: Output,
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
