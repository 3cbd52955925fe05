//! The pieces of the input a worker reads: chunks, their buffers (returned to a bounded
//! pool when their last reference drops), where a chunk is cut, and the chain a reader
//! reads when it takes over from a chunk's last game.

use std::collections::VecDeque;
use std::io::{self, Read};
use std::sync::{Arc, Mutex, MutexGuard};

/// A piece of the input for a worker.
pub(super) struct Chunk {
    /// The splitting round it belongs to.
    pub(super) epoch: u64,
    /// Its place in the input, from 0: also the order of its result.
    pub(super) index: u64,
    /// Where it starts in the input.
    pub(super) offset: u64,
    pub(super) data: Arc<Bytes>,
    /// The input ends with it.
    pub(super) last: bool,
    /// It was cut where no game start was found: the reader of the whole input may stand
    /// anywhere there, so one reader takes over from its last game.
    pub(super) forced: bool,
}

/// What a worker is given: a chunk to read and work, or (after a fallback) a batch of
/// games read by the splitting thread, with its place in the results' order.
pub(super) enum Job<O> {
    Chunk(Chunk),
    Batch(u64, Vec<O>),
}

/// Chunk buffers to use again: a chunk's buffer comes back here when its last reference
/// drops (the worker's, the splitting thread's or a fallback reader's, whichever is last),
/// so that a chunk costs no fresh allocation and no page faults. It keeps at most `cap`
/// buffers (the others are freed), so memory stays bounded.
pub(super) struct Pool {
    pub(super) spare: Mutex<Vec<Vec<u8>>>,
    pub(super) cap: usize,
}

impl Pool {
    pub(super) fn new(cap: usize) -> Arc<Pool> {
        Arc::new(Pool {
            spare: Mutex::new(Vec::with_capacity(cap)),
            cap,
        })
    }

    pub(super) fn spare(&self) -> MutexGuard<'_, Vec<Vec<u8>>> {
        // The list is whole whatever a panicking thread was doing with it.
        self.spare.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A buffer from the pool (empty), or a new one.
    pub(super) fn take(&self) -> Vec<u8> {
        let mut buf = self.spare().pop().unwrap_or_default();
        buf.clear();
        buf
    }

    pub(super) fn give(&self, buf: Vec<u8>) {
        let mut spare = self.spare();
        if spare.len() < self.cap && buf.capacity() > 0 {
            spare.push(buf);
        }
    }
}

/// The bytes of a chunk, given back to their [`Pool`] when dropped.
pub(super) struct Bytes {
    pub(super) data: Vec<u8>,
    pub(super) pool: Arc<Pool>,
}

impl Bytes {
    pub(super) fn new(data: Vec<u8>, pool: &Arc<Pool>) -> Bytes {
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

/// The bytes of the chunks from a resume point, then the splitter's unsent bytes, then the
/// rest of the input.
pub(super) struct Chain<R> {
    pub(super) parts: VecDeque<(Arc<Bytes>, usize)>,
    pub(super) rest: Option<R>,
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
pub(super) fn find_cut(buf: &[u8]) -> Option<usize> {
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
pub(super) struct Sizes {
    pub(super) chunk: usize,
    pub(super) max: usize,
}

impl Sizes {
    /// [`CHUNK_BYTES`](super::CHUNK_BYTES) and [`MAX_CHUNK_BYTES`](super::MAX_CHUNK_BYTES).
    pub(super) const DEFAULT: Sizes = Sizes {
        chunk: super::CHUNK_BYTES,
        max: super::MAX_CHUNK_BYTES,
    };
}
