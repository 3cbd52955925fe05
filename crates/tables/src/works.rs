//! The works the driver ([`mod@crate::drive`]) runs besides the tables' rows
//! ([`crate::stream::Rows`]): [`Check`] (replay only: `pgn check`), [`Fens`] (the
//! `before_fen,san,after_fen` rows of [`crate::fens`]: `pgn fens`) and [`Pgn`] (the games
//! kept written as export-format PGN: `pgn filter`). The text works hand out [`Texts`]:
//! one buffer per batch, each game's end in it, the buffer going back to a pool when
//! dropped (a batch's text is megabytes: allocated afresh on each worker and freed on the
//! writing thread, each was new memory to fault in, and two threads ran no faster than
//! one).

use std::sync::{Arc, Mutex};

use chessbits_pgn::{
    check_game, write_game, Both, Game, GameBuilder, GameRecord, ReadError, RecordCollector,
    Replayed, Report, SanMode,
};

use crate::drive::{Chosen, Error, Work};
use crate::fens::fens_game;
use crate::selection::{Replay, Selection};

/// Output buffers passed from the workers to the writing thread and back.
#[derive(Debug, Default)]
struct Pool(Mutex<Vec<Vec<u8>>>);

impl Pool {
    /// The most buffers kept: as many as can be in flight (workers, queued batches).
    const KEEP: usize = 16;

    /// An empty buffer, reused when one is back.
    fn take(&self) -> Vec<u8> {
        let reused = self.0.lock().ok().and_then(|mut v| v.pop());
        reused.unwrap_or_else(|| Vec::with_capacity(1 << 20))
    }

    /// Hands a written buffer back.
    fn give(&self, mut buffer: Vec<u8>) {
        buffer.clear();
        if let Ok(mut v) = self.0.lock() {
            if v.len() < Self::KEEP {
                v.push(buffer);
            }
        }
    }
}

/// The text of a batch's games: one buffer, each game's end in it. Dropped, the buffer goes
/// back to its work's pool.
#[derive(Debug)]
pub struct Texts {
    bytes: Vec<u8>,
    ends: Vec<usize>,
    pool: Arc<Pool>,
}

impl Texts {
    fn new(pool: &Arc<Pool>) -> Texts {
        Texts {
            bytes: pool.take(),
            ends: Vec::new(),
            pool: Arc::clone(pool),
        }
    }

    /// The text.
    #[must_use]
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The games whose text it holds.
    #[must_use]
    pub fn games(&self) -> usize {
        self.ends.len()
    }

    /// Ends a game's text.
    fn end_game(&mut self) {
        self.ends.push(self.bytes.len());
    }

    /// The texts of the games `keep` says.
    fn retain(self, keep: &[bool]) -> Texts {
        let mut kept = Texts::new(&self.pool);
        let mut start = 0;
        for (&end, &k) in self.ends.iter().zip(keep) {
            if k {
                kept.bytes.extend_from_slice(&self.bytes[start..end]);
                kept.end_game();
            }
            start = end;
        }
        kept
    }
}

impl Drop for Texts {
    fn drop(&mut self) {
        self.pool.give(std::mem::take(&mut self.bytes));
    }
}

/// How far a game was replayed: what deciding it found, else [`check_game`]'s replay.
fn replayed(record: &GameRecord, replayed: Option<Replay>, mode: SanMode) -> Replay {
    replayed.unwrap_or_else(|| {
        let Replayed { played, error, .. } = check_game(record, mode);
        (played, error)
    })
}

/// `pgn check`: every game kept replayed (on movegen's fast path where it plays the game,
/// while it is read), nothing written.
#[derive(Debug)]
pub struct Check {
    mode: SanMode,
}

impl Check {
    /// Replays in `mode`.
    #[must_use]
    pub fn new(mode: SanMode) -> Check {
        Check { mode }
    }
}

/// A game's record, with its tags where the selection reads them.
fn collector(selection: &Selection) -> RecordCollector {
    if selection.reads_tags() {
        RecordCollector::with_tags()
    } else {
        RecordCollector::new()
    }
}

impl Work for Check {
    type Game = GameRecord;
    type Visitor = RecordCollector;
    type Out = ();

    fn visitor(&self, selection: &Selection) -> RecordCollector {
        if selection.is_everything() {
            // Each game played as it is read; its moves are not kept, which only a test
            // needs.
            RecordCollector::for_check(self.mode)
        } else {
            collector(selection)
        }
    }

    fn work(
        &self,
        _: &str,
        games: Vec<Chosen<GameRecord>>,
        report: &mut Report,
    ) -> Result<(), Error> {
        for chosen in games {
            let (moves, error) = replayed(&chosen.game, chosen.replayed, self.mode);
            report.add_game(&chosen.game, moves, error);
        }
        Ok(())
    }

    fn retain(&self, (): (), _: &[bool]) -> Result<(), Error> {
        Ok(())
    }
}

/// `pgn fens`: a `before_fen,san,after_fen` row per mainline move of each game kept
/// ([`crate::fens::fens_rows`]'s rows).
#[derive(Debug)]
pub struct Fens {
    mode: SanMode,
    pool: Arc<Pool>,
}

impl Fens {
    /// Replays in `mode`.
    #[must_use]
    pub fn new(mode: SanMode) -> Fens {
        Fens {
            mode,
            pool: Arc::default(),
        }
    }
}

impl Work for Fens {
    type Game = GameRecord;
    type Visitor = RecordCollector;
    type Out = Texts;

    fn visitor(&self, selection: &Selection) -> RecordCollector {
        collector(selection)
    }

    fn work(
        &self,
        _: &str,
        games: Vec<Chosen<GameRecord>>,
        report: &mut Report,
    ) -> Result<Texts, Error> {
        let mut texts = Texts::new(&self.pool);
        for chosen in games {
            let replayed = fens_game(&chosen.game, self.mode, &mut texts.bytes);
            texts.end_game();
            report.add_game(&chosen.game, replayed.played, replayed.error);
        }
        Ok(texts)
    }

    fn retain(&self, out: Texts, keep: &[bool]) -> Result<Texts, Error> {
        Ok(out.retain(keep))
    }
}

/// `pgn filter`: each game kept written as export-format PGN ([`write_game`]). Every game
/// read is replayed, kept or not, so that the report counts each one's moves and errors.
#[derive(Debug)]
pub struct Pgn {
    mode: SanMode,
    pool: Arc<Pool>,
}

impl Pgn {
    /// Replays in `mode`.
    #[must_use]
    pub fn new(mode: SanMode) -> Pgn {
        Pgn {
            mode,
            pool: Arc::default(),
        }
    }
}

/// A game as [`Pgn`] reads it: the record the selection decides, the tree it writes.
type RecordAndTree = (GameRecord, (Game, Vec<ReadError>));

impl Work for Pgn {
    type Game = RecordAndTree;
    type Visitor = Both<RecordCollector, GameBuilder>;
    type Out = Texts;

    fn visitor(&self, _: &Selection) -> Self::Visitor {
        Both::new(RecordCollector::with_tags(), GameBuilder::new())
    }

    fn work(
        &self,
        _: &str,
        games: Vec<Chosen<RecordAndTree>>,
        report: &mut Report,
    ) -> Result<Texts, Error> {
        let mut texts = Texts::new(&self.pool);
        for chosen in games {
            let (record, (game, _)) = &chosen.game;
            let (moves, error) = replayed(record, chosen.replayed, self.mode);
            report.add_game(record, moves, error);
            write_game(game, &mut texts.bytes);
            texts.end_game();
        }
        Ok(texts)
    }

    fn left_out(&self, game: &RecordAndTree, replay: Option<Replay>, report: &mut Report) {
        let (moves, error) = replayed(&game.0, replay, self.mode);
        report.add_game(&game.0, moves, error);
    }

    fn retain(&self, out: Texts, keep: &[bool]) -> Result<Texts, Error> {
        Ok(out.retain(keep))
    }
}
