//! Decoding an input on a thread of its own.
//!
//! With `--threads 2` or more, the pipeline's reading thread tokenizes PGN and hands batches
//! of games to the workers; whatever it does besides is serial, and on the master games it
//! was the limit: zstd decompression took about a third of its time. [`ReadAhead`] moves
//! the raw reads and the decompression (the whole of an opened input's reader) to another
//! thread, which fills large buffers ahead of the reading thread; the buffers go round
//! between the two threads, so nothing is allocated per chunk and memory stays at a few
//! chunks, whatever the input size.

use std::io::{self, Read};
use std::sync::mpsc;

/// The size of a chunk handed over.
const CHUNK: usize = 256 * 1024;
/// Chunks decoded ahead of the reading thread.
const DEPTH: usize = 4;

/// A chunk: the buffer and how many of its bytes hold data; or the read error that ended
/// the input.
type Chunk = io::Result<(Vec<u8>, usize)>;

/// A reader whose inner reader runs on a thread of its own, [`CHUNK`] bytes at a time.
///
/// Dropping it ends the thread after its current read (a thread blocked on a pipe that
/// never ends stays until the process exits: nothing waits for it).
pub(super) struct ReadAhead {
    chunks: mpsc::Receiver<Chunk>,
    spare: mpsc::SyncSender<Vec<u8>>,
    current: Vec<u8>,
    len: usize,
    pos: usize,
    done: bool,
}

impl ReadAhead {
    /// Starts reading `inner` on a new thread.
    pub(super) fn new(mut inner: Box<dyn Read + Send>) -> io::Result<ReadAhead> {
        let (chunk_tx, chunks) = mpsc::sync_channel::<Chunk>(DEPTH);
        let (spare, spare_rx) = mpsc::sync_channel::<Vec<u8>>(DEPTH + 2);
        std::thread::Builder::new()
            .name("chessbits-decode".into())
            .spawn(move || loop {
                let mut buf = spare_rx.try_recv().unwrap_or_else(|_| vec![0; CHUNK]);
                let mut filled = 0;
                let mut error = None;
                while filled < buf.len() {
                    match inner.read(&mut buf[filled..]) {
                        Ok(0) => break,
                        Ok(n) => filled += n,
                        Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                        Err(e) => {
                            error = Some(e);
                            break;
                        }
                    }
                }
                if filled > 0 && chunk_tx.send(Ok((buf, filled))).is_err() {
                    return;
                }
                if let Some(e) = error {
                    let _ = chunk_tx.send(Err(e));
                    return;
                }
                if filled == 0 {
                    // The end: dropping the sender tells the reader.
                    return;
                }
            })?;
        Ok(ReadAhead {
            chunks,
            spare,
            current: Vec::new(),
            len: 0,
            pos: 0,
            done: false,
        })
    }
}

impl Read for ReadAhead {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        loop {
            if self.pos < self.len {
                let n = out.len().min(self.len - self.pos);
                out[..n].copy_from_slice(&self.current[self.pos..self.pos + n]);
                self.pos += n;
                return Ok(n);
            }
            if self.done || out.is_empty() {
                return Ok(0);
            }
            let used = std::mem::take(&mut self.current);
            if !used.is_empty() {
                let _ = self.spare.try_send(used);
            }
            (self.len, self.pos) = (0, 0);
            match self.chunks.recv() {
                Ok(Ok((buf, len))) => {
                    self.current = buf;
                    self.len = len;
                }
                Ok(Err(e)) => {
                    self.done = true;
                    return Err(e);
                }
                Err(_) => {
                    self.done = true;
                    return Ok(0);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Hands over at most 7 bytes per read, then fails once if asked to.
    struct Trickle {
        data: Vec<u8>,
        pos: usize,
        fail: bool,
    }

    impl Read for Trickle {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.pos == self.data.len() {
                if self.fail {
                    self.fail = false;
                    return Err(io::Error::other("damaged"));
                }
                return Ok(0);
            }
            let n = buf.len().min(7).min(self.data.len() - self.pos);
            buf[..n].copy_from_slice(&self.data[self.pos..self.pos + n]);
            self.pos += n;
            Ok(n)
        }
    }

    fn data() -> Vec<u8> {
        (0..3 * CHUNK + 12_345).map(|i| (i % 251) as u8).collect()
    }

    #[test]
    fn the_bytes_come_through_in_order() {
        let data = data();
        let mut r = ReadAhead::new(Box::new(Trickle {
            data: data.clone(),
            pos: 0,
            fail: false,
        }))
        .unwrap();
        let mut out = Vec::new();
        r.read_to_end(&mut out).unwrap();
        assert_eq!(out, data);
        assert_eq!(r.read(&mut [0; 8]).unwrap(), 0);
    }

    #[test]
    fn an_error_comes_after_the_bytes_before_it() {
        let data = data();
        let mut r = ReadAhead::new(Box::new(Trickle {
            data: data.clone(),
            pos: 0,
            fail: true,
        }))
        .unwrap();
        let mut out = vec![0; data.len()];
        r.read_exact(&mut out).unwrap();
        assert_eq!(out, data);
        assert_eq!(r.read(&mut [0; 8]).unwrap_err().to_string(), "damaged");
        assert_eq!(r.read(&mut [0; 8]).unwrap(), 0);
    }

    #[test]
    fn empty_input() {
        let mut r = ReadAhead::new(Box::new(io::empty())).unwrap();
        assert_eq!(r.read(&mut [0; 8]).unwrap(), 0);
    }
}
