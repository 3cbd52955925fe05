//! Reading on one thread, replaying on all cores, results in input order.
//!
//! [`run`] reads [`GameRecord`]s with a [`Reader`] and a [`RecordCollector`] on one thread,
//! groups them into batches of about [`BATCH_BYTES`], hands the batches to `threads` worker
//! threads, and gives the workers' results back to the caller in input order. Channels are
//! bounded, so at most a few batches per thread are in memory at once, whatever the input
//! size.

use std::collections::BTreeMap;
use std::io::{self, Read};
use std::sync::{mpsc, Mutex};

use crate::reader::Reader;
use crate::replay::{GameRecord, RecordCollector};

/// The approximate size of a batch of records handed to one worker.
pub const BATCH_BYTES: usize = 256 * 1024;

/// Reads every game of `reader` and calls `work` on batches of records on `threads`
/// threads (1: everything on the calling thread), then `consume` on each result in input
/// order. `progress` is called after each batch is read, with the bytes read so far.
pub fn run<R, T, W, C, P>(
    mut reader: Reader<R>,
    threads: usize,
    work: W,
    mut consume: C,
    mut progress: P,
) -> io::Result<()>
where
    R: Read + Send,
    T: Send,
    W: Fn(Vec<GameRecord>) -> T + Sync,
    C: FnMut(T),
    P: FnMut(u64) + Send,
{
    let mut collector = RecordCollector::new();
    let mut next_batch = move |reader: &mut Reader<R>| -> io::Result<Option<Vec<GameRecord>>> {
        let mut batch = Vec::new();
        let mut bytes = 0;
        while bytes < BATCH_BYTES {
            match reader.read_game(&mut collector)? {
                Some(record) => {
                    bytes += record.weight();
                    batch.push(record);
                }
                None => break,
            }
        }
        Ok((!batch.is_empty()).then_some(batch))
    };
    if threads <= 1 {
        while let Some(batch) = next_batch(&mut reader)? {
            progress(reader.bytes_consumed());
            consume(work(batch));
        }
        return Ok(());
    }
    let (job_tx, job_rx) = mpsc::sync_channel::<(u64, Vec<GameRecord>)>(threads * 2);
    let (done_tx, done_rx) = mpsc::sync_channel::<(u64, T)>(threads * 2);
    let job_rx = Mutex::new(job_rx);
    let work = &work;
    let job_rx = &job_rx;
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let done_tx = done_tx.clone();
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
        drop(done_tx);
        let reading = scope.spawn(move || -> io::Result<()> {
            let mut index = 0;
            while let Some(batch) = next_batch(&mut reader)? {
                progress(reader.bytes_consumed());
                if job_tx.send((index, batch)).is_err() {
                    break;
                }
                index += 1;
            }
            Ok(())
        });
        let mut pending = BTreeMap::new();
        let mut next = 0;
        for (index, result) in done_rx {
            pending.insert(index, result);
            while let Some(result) = pending.remove(&next) {
                consume(result);
                next += 1;
            }
        }
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
}
