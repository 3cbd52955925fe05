//! Reading on one thread, replaying on all cores, results in input order.
//!
//! [`run`] reads [`GameRecord`]s with a [`Reader`] and a [`RecordCollector`] on one thread,
//! groups them into batches of about [`BATCH_BYTES`], hands the batches to `threads - 1`
//! worker threads (the reading thread works a batch itself when they are behind), and gives
//! the results back to the caller in input order. Channels are
//! bounded, so at most a few batches per thread are in memory at once, whatever the input
//! size.

use std::collections::BTreeMap;
use std::io::{self, Read};
use std::sync::{mpsc, Arc, Mutex};

use crate::reader::{Reader, Visitor};
use crate::replay::{GameRecord, RecordCollector};

/// The approximate size of a batch of records handed to one worker.
pub const BATCH_BYTES: usize = 256 * 1024;

/// Reads every game of `reader` and calls `work` on batches of records on `threads`
/// threads (1: everything on the calling thread), then `consume` on each result in input
/// order. `progress` is called after each batch is read, with the bytes read so far.
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
        RecordCollector::new(),
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

/// [`run`] with any [`Visitor`]: `visitor` turns games into outputs on the reading thread,
/// `weight` says how many bytes an output holds (batches hold about [`BATCH_BYTES`]), and
/// `consume` returns whether to go on: `false` stops reading and working as soon as it can
/// (a closed output pipe, say), and `run_with` returns `Ok(())`.
///
/// On an I/O error (a damaged or truncated input), the games read before it are still
/// worked on and consumed, then the error is returned.
#[allow(clippy::too_many_arguments)]
pub fn run_with<R, V, T, W, C, P>(
    mut reader: Reader<R>,
    mut visitor: V,
    weight: fn(&V::Output) -> usize,
    threads: usize,
    work: W,
    mut consume: C,
    mut progress: P,
) -> io::Result<()>
where
    R: Read + Send,
    V: Visitor + Send,
    V::Output: Send,
    T: Send,
    W: Fn(Vec<V::Output>) -> T + Sync,
    C: FnMut(T) -> bool,
    P: FnMut(u64) + Send,
{
    // A batch, and how the input goes on: `Ok(true)` at its end, `Err` when an I/O error
    // ended it early (after the batch's games).
    let mut next_batch = move |reader: &mut Reader<R>| -> (Vec<V::Output>, io::Result<bool>) {
        let mut batch = Vec::new();
        let mut bytes = 0;
        while bytes < BATCH_BYTES {
            match reader.read_game(&mut visitor) {
                Ok(Some(game)) => {
                    bytes += weight(&game);
                    batch.push(game);
                }
                Ok(None) => return (batch, Ok(true)),
                Err(e) => return (batch, Err(e)),
            }
        }
        (batch, Ok(false))
    };
    if threads <= 1 {
        loop {
            let (batch, state) = next_batch(&mut reader);
            progress(reader.bytes_consumed());
            if !batch.is_empty() && !consume(work(batch)) {
                return Ok(());
            }
            if state? {
                return Ok(());
            }
        }
    }
    let (job_tx, job_rx) = mpsc::sync_channel::<(u64, Vec<V::Output>)>(threads * 2);
    let (done_tx, done_rx) = mpsc::sync_channel::<(u64, T)>(threads * 2);
    // Shared by the workers only: when they have all stopped, the reading thread's sends
    // fail and it stops too.
    let job_rx = Arc::new(Mutex::new(job_rx));
    let work = &work;
    std::thread::scope(|scope| {
        // `threads - 1` workers, and the reading thread works too when they are behind (the
        // job queue is full), so that `threads` threads are busy: no core is left idle while
        // the workers catch up, and the reader is not crowded out by one worker too many.
        for _ in 1..threads {
            let done_tx = done_tx.clone();
            let job_rx = Arc::clone(&job_rx);
            scope.spawn(move || loop {
                let job = match job_rx.lock() {
                    Ok(rx) => rx.recv(),
                    Err(_) => return,
                };
                let Ok((index, batch)) = job else {
                    return;
                };
                if done_tx.send((index, work(batch))).is_err() {
                    return;
                }
            });
        }
        drop(job_rx);
        let reading = scope.spawn(move || -> io::Result<()> {
            let mut index = 0;
            loop {
                let (batch, state) = next_batch(&mut reader);
                progress(reader.bytes_consumed());
                if !batch.is_empty() {
                    match job_tx.try_send((index, batch)) {
                        Ok(()) => {}
                        Err(mpsc::TrySendError::Full((index, batch))) => {
                            if done_tx.send((index, work(batch))).is_err() {
                                return Ok(());
                            }
                        }
                        Err(mpsc::TrySendError::Disconnected(_)) => return Ok(()),
                    }
                    index += 1;
                }
                if state? {
                    return Ok(());
                }
            }
        });
        let mut pending = BTreeMap::new();
        let mut next = 0;
        'receive: for (index, result) in done_rx {
            pending.insert(index, result);
            while let Some(result) = pending.remove(&next) {
                if !consume(result) {
                    break 'receive;
                }
                next += 1;
            }
        }
        // `done_rx` is dropped here when the consumer stopped early: the workers' sends
        // fail, they stop, and so does the reading thread (its own sends fail too).
        match reading.join() {
            Ok(result) => result,
            Err(_) => Err(io::Error::other("the reading thread panicked")),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{check_games, SanMode};

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

    /// Dozens of batches and slow work: the job queue fills, the reading thread works
    /// batches itself, and the results still come in input order.
    #[test]
    fn the_reader_helps_and_the_order_holds() {
        let pgn = many_games();
        for threads in [2, 3] {
            let mut firsts = Vec::new();
            run(
                Reader::new(&pgn[..]),
                threads,
                |batch| {
                    std::thread::sleep(std::time::Duration::from_millis(2));
                    (batch[0].game, batch.len())
                },
                |r| firsts.push(r),
                |_| {},
            )
            .expect("no I/O error");
            assert!(firsts.len() > 20, "{}", firsts.len());
            let mut next = 1;
            for (first, len) in firsts {
                assert_eq!(first, next);
                next += len as u64;
            }
            assert_eq!(next, 60_001);
        }
    }

    /// A consumer that stops: the run ends (no thread left waiting) and says Ok.
    #[test]
    fn a_consumer_that_stops_ends_the_run() {
        let pgn = many_games();
        for threads in [1, 2, 3] {
            let mut seen = 0;
            run_with(
                Reader::new(&pgn[..]),
                RecordCollector::new(),
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
