//! [`EnginePool`]: several processes of one UCI engine analysing positions in parallel,
//! one thread per engine, each position searched under the same [`Limits`]. An engine that
//! fails (dies, times out, writes an illegal best move) is restarted and the position
//! tried once more; a position that fails twice is answered with a [`PoolError`], never a
//! panic, and the pool goes on with the next one.
//!
//! The pool is process management and the protocol's exchanges, so it lives beside
//! [`UciEngine`]; what is analysed (which positions, how often, where the answers go) is
//! the caller's.

use std::sync::atomic::{AtomicBool, Ordering};
pub use std::sync::mpsc::RecvTimeoutError;
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use chessbits_bitboard_core::Color;
use chessbits_movegen::move_to_uci;
use chessbits_position::Position;

use crate::engine::UciEngine;
use crate::error::EngineError;
use crate::info::{Score, Wdl};
use crate::limits::Limits;
use crate::process::EngineCommand;

/// What an [`EnginePool`] runs: the engine, its options, the search limit, how many
/// processes.
#[derive(Clone, Debug)]
pub struct PoolSettings {
    /// The engine's program, arguments and timeouts.
    pub command: EngineCommand,
    /// Options set after each start, in order (`UCI_ShowWDL` is set to `true` first when
    /// the engine has it, so that WDL comes where the engine gives it).
    pub options: Vec<(String, String)>,
    /// The limit of every search.
    pub limits: Limits,
    /// Engine processes (at least 1).
    pub engines: usize,
}

/// An engine's answer for one position, from White's point of view (as Lichess writes
/// evaluations), its moves in UCI.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Analysis {
    /// The score of the deepest line (`None` when the engine gave none).
    pub score: Option<Score>,
    /// Wins, draws and losses per mille, White's first (where the engine gives them).
    pub wdl: Option<Wdl>,
    /// The depth of the score's line.
    pub depth: Option<u32>,
    /// The best move in UCI (`None`: the game is over in the position).
    pub best: Option<String>,
    /// The principal variation in UCI, its moves checked legal.
    pub pv: Vec<String>,
}

/// Why a position has no [`Analysis`].
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PoolError {
    /// The FEN is no legal position.
    #[error("position {fen:?} cannot be analysed: {message}")]
    Position {
        /// The FEN.
        fen: String,
        /// Why.
        message: String,
    },
    /// The engine failed on the position, was restarted, and failed again (or could not
    /// be restarted).
    #[error("the engine failed twice on {fen:?}: {first}; then: {second}")]
    Engine {
        /// The FEN.
        fen: String,
        /// The first failure.
        #[source]
        first: Box<EngineError>,
        /// The failure of the retry (or of the restart).
        second: Box<EngineError>,
    },
}

/// A position to analyse, with the caller's number for it.
struct Job {
    id: u64,
    fen: String,
}

/// An answer of the pool: the caller's number for the position and what came of it.
pub type Answer = (u64, Result<Analysis, PoolError>);

/// Engines analysing positions in parallel: [`EnginePool::submit`] queues a position,
/// [`EnginePool::recv`] gives answers as they come (in any order). Dropping the pool ends
/// the engines (`quit`, then kill and reap).
#[derive(Debug)]
pub struct EnginePool {
    jobs: Option<Sender<Job>>,
    answers: Receiver<Answer>,
    threads: Vec<JoinHandle<()>>,
    stop: Arc<AtomicBool>,
}

/// Starts one engine and sets the options.
fn start(settings: &PoolSettings) -> Result<UciEngine, EngineError> {
    let mut engine = settings.command.start_uci()?;
    if engine.option("UCI_ShowWDL").is_some() {
        engine.set_option("UCI_ShowWDL", true)?;
    }
    for (name, value) in &settings.options {
        engine.set_option(name, value.as_str())?;
    }
    engine.new_game()?;
    Ok(engine)
}

/// One search of `pos`, the answer turned to White's point of view.
fn search(
    engine: &mut UciEngine,
    pos: &Position,
    limits: &Limits,
) -> Result<Analysis, EngineError> {
    engine.set_position(pos, &[])?;
    let result = engine.go(limits)?;
    let white = pos.turn() == Color::White;
    let mut analysis = Analysis {
        best: result.best.map(|m| move_to_uci(pos, m)),
        ..Analysis::default()
    };
    if let Some(info) = result.best_info() {
        analysis.score = info.score.map(|s| match (s.score, white) {
            (score, true) => score,
            (Score::Cp(cp), false) => Score::Cp(cp.saturating_neg()),
            (Score::Mate(n), false) => Score::Mate(n.saturating_neg()),
        });
        analysis.depth = info.depth;
        analysis.wdl = info.wdl.map(|w| {
            if white {
                w
            } else {
                Wdl {
                    wins: w.losses,
                    draws: w.draws,
                    losses: w.wins,
                }
            }
        });
        if let Some(pv) = &info.pv {
            let mut p = pos.clone();
            for &m in pv {
                analysis.pv.push(move_to_uci(&p, m));
                p = p.play_unchecked(m);
            }
        }
    }
    Ok(analysis)
}

/// One engine's thread: takes positions until the queue closes or the pool stops.
fn serve(
    settings: &PoolSettings,
    mut engine: Option<UciEngine>,
    jobs: &Mutex<Receiver<Job>>,
    answers: &Sender<Answer>,
    stop: &AtomicBool,
) {
    loop {
        let job = match jobs.lock() {
            Ok(rx) => rx.recv(),
            Err(_) => return,
        };
        let Ok(Job { id, fen }) = job else {
            return;
        };
        if stop.load(Ordering::Relaxed) {
            return;
        }
        let result = match Position::from_fen(&fen) {
            Err(e) => Err(PoolError::Position {
                fen,
                message: e.to_string(),
            }),
            Ok(pos) => analyse(settings, &mut engine, &pos, fen),
        };
        if answers.send((id, result)).is_err() {
            return;
        }
    }
}

/// A search of `pos` on `engine` (started when there is none), restarted and retried once
/// when it fails; a failed engine is dropped so that the next position starts a fresh one.
fn analyse(
    settings: &PoolSettings,
    engine: &mut Option<UciEngine>,
    pos: &Position,
    fen: String,
) -> Result<Analysis, PoolError> {
    let mut attempt = || -> Result<Analysis, EngineError> {
        let e = match engine.take() {
            Some(e) => engine.insert(e),
            None => engine.insert(start(settings)?),
        };
        let result = search(e, pos, &settings.limits);
        if result.is_err() {
            *engine = None;
        }
        result
    };
    let first = match attempt() {
        Ok(a) => return Ok(a),
        Err(e) => e,
    };
    attempt().map_err(|second| PoolError::Engine {
        fen,
        first: Box::new(first),
        second: Box::new(second),
    })
}

impl EnginePool {
    /// Starts `settings.engines` engines (each through the handshake, its options set):
    /// an engine that cannot be started, or an option it refuses, is the error.
    pub fn start(settings: PoolSettings) -> Result<EnginePool, EngineError> {
        let n = settings.engines.max(1);
        let mut engines = Vec::with_capacity(n);
        for _ in 0..n {
            engines.push(start(&settings)?);
        }
        let (job_tx, job_rx) = mpsc::channel::<Job>();
        let (answer_tx, answer_rx) = mpsc::channel();
        let job_rx = Arc::new(Mutex::new(job_rx));
        let stop = Arc::new(AtomicBool::new(false));
        let settings = Arc::new(settings);
        let threads = engines
            .into_iter()
            .map(|engine| {
                let (settings, jobs, answers, stop) = (
                    Arc::clone(&settings),
                    Arc::clone(&job_rx),
                    answer_tx.clone(),
                    Arc::clone(&stop),
                );
                std::thread::spawn(move || serve(&settings, Some(engine), &jobs, &answers, &stop))
            })
            .collect();
        Ok(EnginePool {
            jobs: Some(job_tx),
            answers: answer_rx,
            threads,
            stop,
        })
    }

    /// Queues the position `fen` under the caller's number `id`; its answer comes from
    /// [`EnginePool::recv`].
    pub fn submit(&self, id: u64, fen: String) {
        if let Some(jobs) = &self.jobs {
            // The threads end only when the pool does: a send cannot fail before.
            let _ = jobs.send(Job { id, fen });
        }
    }

    /// The next answer, waiting for it; `None` once every engine thread has ended.
    pub fn recv(&self) -> Option<Answer> {
        self.answers.recv().ok()
    }

    /// The next answer, waiting at most `wait` ([`RecvTimeoutError::Timeout`] when none
    /// came in time, [`RecvTimeoutError::Disconnected`] once every engine thread has
    /// ended), so that a caller can look for an interrupt between waits.
    pub fn recv_timeout(&self, wait: Duration) -> Result<Answer, RecvTimeoutError> {
        self.answers.recv_timeout(wait)
    }

    /// Stops taking positions: each engine finishes its current search and ends; the
    /// positions still queued get no answer.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

impl Drop for EnginePool {
    /// Closes the queue and lets each engine thread end after its current search (its
    /// engine is then sent `quit`, killed and reaped), without waiting for them: an
    /// interrupted run ends at once.
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        self.jobs = None;
        self.threads.clear();
    }
}
