//! The driver: the one loop from inputs to output that every job of every door runs (the
//! command line's `pgn check`, `fens`, `filter`, `games`, `moves`; Python's and
//! WebAssembly's tables through [`crate::stream::run`]).
//!
//! An input opened by `chessbits_pgn::input` is read on `chessbits_pgn`'s parallel
//! [`Pipeline`]; on the worker threads each batch of games is decided by the [`Selection`]
//! and the games kept are handed to a [`Work`] (rows of a table, FEN rows, PGN text, or
//! nothing but the check); on the calling thread the results come in input order, the
//! duplicates and the limit are dropped ([`Limiter`]), and each batch goes to the caller's
//! sink with the [`Report`] of the games it covers. One damage rule: an input that ends in
//! a read or decoding error gives the batches of the games before it, then
//! [`Error::Damaged`]; a panic on any thread is [`Error::Panicked`], never the end of an
//! input or a short table.

use std::io;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};

use arrow_schema::ArrowError;
use chessbits_pgn::filter::Dedup;
use chessbits_pgn::input::{open_input, Input};
use chessbits_pgn::pipeline::{Output, Pipeline};
use chessbits_pgn::{Reader, Report, Visitor};

use crate::selection::{AsRecord, Replay, Selection};

/// What is done with the games a selection keeps: read with [`Work::visitor`]'s visitor,
/// worked a batch at a time on the worker threads ([`Work::work`]), and cut down on the
/// calling thread when the limiter drops some of them ([`Work::retain`]).
pub trait Work: Sync {
    /// What a game is read into.
    type Game: Output + AsRecord;
    /// The visitor that reads a game (one per reading thread).
    type Visitor: Visitor<Output = Self::Game>;
    /// What a batch of games kept comes to.
    type Out: Send;

    /// A visitor for one reading thread; `selection` says what deciding a game reads.
    fn visitor(&self, selection: &Selection) -> Self::Visitor;

    /// Works the games kept of one batch, read from the input named `file`, in input
    /// order, and counts them into `report` (games, moves replayed, errors).
    fn work(
        &self,
        file: &str,
        games: Vec<Chosen<Self::Game>>,
        report: &mut Report,
    ) -> Result<Self::Out, Error>;

    /// Counts a game the selection leaves out: read, with the moves and error of the
    /// replay deciding it made (none when it made none).
    fn left_out(&self, game: &Self::Game, replayed: Option<Replay>, report: &mut Report) {
        let (moves, error) = replayed.unwrap_or_default();
        report.add_game(game.record(), moves, error);
    }

    /// `out` without the games the limiter drops: `keep` holds, for each game given to
    /// [`Work::work`] in order, whether it stays.
    fn retain(&self, out: Self::Out, keep: &[bool]) -> Result<Self::Out, Error>;
}

/// A game the selection keeps, and the replay deciding it made, if one did (the position
/// tests and the duplicate key replay a game; the tag tests do not).
#[derive(Debug)]
#[non_exhaustive]
pub struct Chosen<G> {
    /// The game.
    pub game: G,
    /// How far deciding replayed it.
    pub replayed: Option<Replay>,
}

/// An error of the route: the input could not be read on, a batch could not be built, or
/// a thread failed. The batches before it were given.
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
    /// A thread panicked: a bug, reported rather than taken for the end of the input.
    #[error("a worker thread panicked: {0}")]
    Panicked(String),
}

/// Duplicates and the limit, applied to the games kept in input order.
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

    /// Which of `kept` games (with dedup, `keys` holds their keys) stay; `None`: all.
    fn keep(&mut self, kept: usize, keys: &[u128]) -> Option<Vec<bool>> {
        if self.dedup.is_none() && self.left.is_none_or(|left| left >= kept as u64) {
            if let Some(left) = &mut self.left {
                *left -= kept as u64;
            }
            return None;
        }
        let mut mask = Vec::with_capacity(kept);
        for i in 0..kept {
            let mut keep = self.left != Some(0);
            if keep {
                if let (Some(d), Some(key)) = (&mut self.dedup, keys.get(i)) {
                    keep = d.first(*key);
                }
            }
            if keep {
                if let Some(left) = &mut self.left {
                    *left -= 1;
                }
            }
            mask.push(keep);
        }
        (!mask.iter().all(|&k| k)).then_some(mask)
    }
}

/// What one batch came to on a worker.
struct Piece<T> {
    out: T,
    report: Report,
    /// Games given to the work.
    kept: usize,
    /// With dedup: each kept game's key.
    keys: Vec<u128>,
}

/// Decides a batch's games and works those kept: the work of one batch on a worker.
fn piece<W: Work>(
    work: &W,
    selection: &Selection,
    file: &str,
    games: Vec<W::Game>,
) -> Result<Piece<W::Out>, Error> {
    let mut report = Report::default();
    let mut keys = Vec::new();
    let chosen: Vec<Chosen<W::Game>> = if selection.is_everything() {
        games
            .into_iter()
            .map(|game| Chosen {
                game,
                replayed: None,
            })
            .collect()
    } else {
        let mut chosen = Vec::with_capacity(games.len());
        for game in games {
            let decision = selection.decide(game.record());
            if decision.keep {
                keys.extend(decision.key);
                chosen.push(Chosen {
                    game,
                    replayed: decision.replayed,
                });
            } else {
                work.left_out(&game, decision.replayed, &mut report);
            }
        }
        chosen
    };
    let kept = chosen.len();
    let mut worked = Report::default();
    let out = work.work(file, chosen, &mut worked)?;
    if report.games == 0 {
        report = worked;
    } else {
        report.merge(worked);
        // The games left out were counted first: their errors go back in input order (a
        // game's own errors keep theirs).
        report.errors.sort_by_key(|e| e.game);
    }
    Ok(Piece {
        out,
        report,
        kept,
        keys,
    })
}

/// How an input was read to its end (or to where the sink stopped).
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Read {
    /// Games read.
    pub games: u64,
    /// Decoded bytes read.
    pub bytes: u64,
    /// Raw (compressed) bytes read.
    pub raw_bytes: u64,
}

/// The answer of [`drive`]: how far the input was read, and the error that ended it, if
/// one did.
pub type Driven = (Read, Result<(), Error>);

/// Reads `input` (its games numbered in the `file` column or the messages as `file`) on
/// `threads` threads, decides each game by `selection`, works those kept with `work`, and
/// hands `sink` each batch that `limiter` leaves, with the [`Report`] of the games it
/// covers (every game read, kept or not, and their errors), in input order, until the
/// input ends, `sink` returns `false` or the limit is reached. `progress` is called with
/// the decoded bytes read so far. The driver of the route: every door's loop over an input
/// is this.
///
/// An input damaged part way is [`Error::Damaged`], after the batches of the games before
/// the damage; a panic on any thread of the run is [`Error::Panicked`].
#[allow(clippy::too_many_arguments)]
pub fn drive<W: Work>(
    input: Input,
    work: &W,
    selection: &Selection,
    threads: usize,
    file: &str,
    limiter: &mut Limiter,
    progress: impl FnMut(u64) + Send,
    sink: impl FnMut(W::Out, Report) -> io::Result<bool>,
) -> Driven {
    let raw_bytes = std::sync::Arc::clone(&input.raw_bytes);
    let mut read = Read::default();
    let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        drive_unguarded(
            input, work, selection, threads, file, limiter, progress, sink, &mut read,
        )
    }));
    read.raw_bytes = raw_bytes.load(Ordering::Relaxed);
    let ended = match ran {
        Ok(Ok(())) => Ok(()),
        Ok(Err(DriveEnd::Damaged(error))) => Err(Error::Damaged {
            error,
            raw_bytes: read.raw_bytes,
            games: read.games,
        }),
        Ok(Err(DriveEnd::Failed(e))) => Err(e),
        Err(panic) => Err(Error::Panicked(panic_message(panic.as_ref()))),
    };
    (read, ended)
}

/// Why [`drive_unguarded`] ended early.
enum DriveEnd {
    Damaged(io::Error),
    Failed(Error),
}

/// [`drive`] without the panic guard.
#[allow(clippy::too_many_arguments)]
fn drive_unguarded<W: Work>(
    input: Input,
    work: &W,
    selection: &Selection,
    threads: usize,
    file: &str,
    limiter: &mut Limiter,
    mut progress: impl FnMut(u64) + Send,
    mut sink: impl FnMut(W::Out, Report) -> io::Result<bool>,
    read: &mut Read,
) -> Result<(), DriveEnd> {
    let Input {
        reader,
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
    let decoded = AtomicU64::new(0);
    let mut failed: Option<Error> = None;
    let ran = Pipeline::new(reader)
        .threads(threads.max(1))
        .progress(|bytes| {
            decoded.store(bytes, Ordering::Relaxed);
            progress(bytes);
        })
        .run_with(
            || work.visitor(selection),
            |games| piece(work, selection, file, games),
            |piece| {
                let given = piece.and_then(|p| {
                    let out = match limiter.keep(p.kept, &p.keys) {
                        None => p.out,
                        Some(mask) => work.retain(p.out, &mask)?,
                    };
                    Ok((out, p.report))
                });
                match given {
                    Ok((out, report)) => {
                        read.games += report.games;
                        match sink(out, report) {
                            Ok(go_on) => go_on && !limiter.done(),
                            Err(e) => {
                                failed = Some(Error::Output(e));
                                false
                            }
                        }
                    }
                    Err(e) => {
                        failed = Some(e);
                        false
                    }
                }
            },
        );
    read.bytes = decoded.load(Ordering::Relaxed);
    if let Some(e) = failed {
        return Err(DriveEnd::Failed(e));
    }
    // The input ends quietly at a decoding error (so that the game before it is
    // finished); the error is reported here.
    match ran.err().or_else(|| Input::damage(&damage)) {
        Some(error) => Err(DriveEnd::Damaged(error)),
        None => Ok(()),
    }
}

/// What a run over several inputs tells its caller, in input order.
pub trait Inputs<T> {
    /// `path` is open and about to be read; an error stops the run ([`Error::Output`]).
    fn begin(&mut self, _path: &Path) -> io::Result<()> {
        Ok(())
    }

    /// A batch of the input and the report of the games it covers; `false` stops the run.
    fn batch(&mut self, out: T, report: Report) -> io::Result<bool>;

    /// `path` is read as far as it goes: `ended` is how it ended (the input could not be
    /// opened, was damaged...); an error stops the run ([`Error::Output`]).
    fn end(&mut self, path: &Path, read: &Read, ended: Result<(), &Error>) -> io::Result<()>;
}

/// [`drive`] over each of `paths` in turn (each opened by `chessbits_pgn`'s one opener:
/// plain, zstd or gzip, `-` for standard input), one limiter over all of them, telling
/// `inputs` of each input's start, batches and end. An input that cannot be opened or is
/// damaged is told to [`Inputs::end`] and the next one is read; the run stops at an output
/// error, a panic (returned) or when the limit is reached. `progress` is called with the
/// raw bytes read of every input so far.
pub fn drive_paths<W: Work, P: AsRef<Path>>(
    paths: &[P],
    work: &W,
    selection: &Selection,
    threads: usize,
    inputs: &mut impl Inputs<W::Out>,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<(), Error> {
    let mut limiter = Limiter::new(selection);
    let mut done_raw = 0u64;
    for path in paths {
        let path = path.as_ref();
        let name = path.display().to_string();
        let input = match open_input(path) {
            Ok(i) => i,
            Err(e) => {
                let failed = Error::Io(e);
                inputs
                    .end(path, &Read::default(), Err(&failed))
                    .map_err(Error::Output)?;
                continue;
            }
        };
        inputs.begin(path).map_err(Error::Output)?;
        let raw = std::sync::Arc::clone(&input.raw_bytes);
        let base = done_raw;
        let (read, ended) = drive(
            input,
            work,
            selection,
            threads,
            &name,
            &mut limiter,
            |_| progress(base + raw.load(Ordering::Relaxed)),
            |out, report| inputs.batch(out, report),
        );
        done_raw += read.raw_bytes;
        match ended {
            Err(e @ (Error::Output(_) | Error::Panicked(_) | Error::Arrow(_))) => return Err(e),
            Err(e) => inputs.end(path, &read, Err(&e)).map_err(Error::Output)?,
            Ok(()) => inputs.end(path, &read, Ok(())).map_err(Error::Output)?,
        }
        if limiter.done() {
            break;
        }
    }
    Ok(())
}

/// The text of a panic's payload.
pub(crate) fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_owned()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "(no message)".to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::works::{Check, Fens, Pgn};
    use chessbits_pgn::{GameRecord, RecordCollector, SanMode};

    /// Many games, each a few moves, the last number in its round tag.
    fn games(n: u64) -> Vec<u8> {
        (1..=n)
            .map(|i| format!("[Round \"{i}\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n"))
            .collect::<String>()
            .into_bytes()
    }

    fn input(text: Vec<u8>) -> Input {
        Input::from_reader(std::io::Cursor::new(text)).expect("open")
    }

    /// Work that panics on one game: with any number of threads, the run ends in
    /// [`Error::Panicked`] with the panic's message, never as the end of the input.
    #[test]
    fn a_panic_in_the_work_is_an_error_with_its_message() {
        struct Bomb;
        impl Work for Bomb {
            type Game = GameRecord;
            type Visitor = RecordCollector;
            type Out = ();
            fn visitor(&self, _: &Selection) -> RecordCollector {
                RecordCollector::new()
            }
            fn work(
                &self,
                _: &str,
                games: Vec<Chosen<GameRecord>>,
                _: &mut Report,
            ) -> Result<(), Error> {
                assert!(games.iter().all(|c| c.game.game != 3000), "game 3000");
                Ok(())
            }
            fn retain(&self, (): (), _: &[bool]) -> Result<(), Error> {
                Ok(())
            }
        }
        for threads in [1, 2, 4] {
            let mut limiter = Limiter::default();
            let (_, ended) = drive(
                input(games(5000)),
                &Bomb,
                &Selection::default(),
                threads,
                "f",
                &mut limiter,
                |_| {},
                |(), _| Ok(true),
            );
            assert!(
                matches!(&ended, Err(Error::Panicked(m)) if m == "game 3000"),
                "{threads}: {ended:?}"
            );
        }
    }

    /// The selection and the limiter act alike on every work: the same games are kept,
    /// counted, and written, whatever the threads.
    #[test]
    fn every_work_keeps_the_same_games() {
        let selection = Selection::from_pairs([
            ("tag_range", "Round=100..3000"),
            ("dedup", "true"),
            ("limit", "5"),
        ])
        .expect("a selection");
        // Every game has the same moves: dedup keeps the first of those in range.
        for threads in [1, 3] {
            let mut texts = Vec::new();
            let mut limiter = Limiter::new(&selection);
            let (read, ended) = drive(
                input(games(5000)),
                &Pgn::new(SanMode::Lenient),
                &selection,
                threads,
                "f",
                &mut limiter,
                |_| {},
                |t, _| {
                    texts.extend_from_slice(t.bytes());
                    Ok(true)
                },
            );
            ended.expect("no error");
            assert!(read.games >= 100, "{read:?}");
            let text = String::from_utf8(texts).expect("text");
            assert_eq!(text.matches("[Round ").count(), 1, "{text}");
            assert!(text.contains("[Round \"100\"]"), "{text}");
        }
        let mut rows = 0;
        let mut limiter = Limiter::new(&Selection::from_pairs([("limit", "7")]).expect("limit"));
        let (_, ended) = drive(
            input(games(5000)),
            &Fens::new(SanMode::Lenient),
            &Selection::default(),
            2,
            "f",
            &mut limiter,
            |_| {},
            |t, _| {
                rows += t.bytes().iter().filter(|&&b| b == b'\n').count();
                Ok(true)
            },
        );
        ended.expect("no error");
        assert_eq!(rows, 7 * 4);
        let mut report = Report::default();
        let (read, ended) = drive(
            input(games(5000)),
            &Check::new(SanMode::Lenient),
            &Selection::default(),
            2,
            "f",
            &mut Limiter::default(),
            |_| {},
            |(), r| {
                report.merge(r);
                Ok(true)
            },
        );
        ended.expect("no error");
        assert_eq!(
            (read.games, report.games, report.moves),
            (5000, 5000, 20_000)
        );
    }
}
