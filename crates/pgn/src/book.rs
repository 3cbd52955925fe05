//! Building a Polyglot opening book from games, the way `polyglot make-book` does.
//!
//! Every mainline move within the first `max_ply` plies of every game counts for its
//! (position key, move) pair: one game, and a score of 2 for a win of the side that moved,
//! 1 for a draw, 0 for a loss or an unknown result. Pairs seen in fewer than `min_games`
//! games, and pairs whose score is 0, are left out; the weight is the score. (These are
//! `polyglot make-book`'s rules: a book built from the same games with the same limits has
//! the same entries, `crates/movegen/tests/book.rs`.) Where a position's scores exceed what
//! a 16-bit weight holds, all of that position's weights are divided by the same factor.
//! Reading the book back is `chessbits_movegen::book`.

use std::collections::HashMap;
use std::io::Read;

use chessbits_movegen::book::{encode_move, BookEntry};

use crate::reader::{GameResult, ReadError, Reader, Skip, Visitor};
use crate::replay::{replay, GameError, GameRecord, RecordCollector};
use chessbits_movegen::san::SanMode;

/// The limits of a book build.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct BookOptions {
    /// Only the first `max_ply` plies of each game count.
    pub max_ply: u32,
    /// A (position, move) pair needs this many games to enter the book.
    pub min_games: u32,
}

impl Default for BookOptions {
    /// `polyglot make-book`'s defaults: 20 plies (its `-max-ply`), 3 games (`-min-game`).
    fn default() -> BookOptions {
        BookOptions {
            max_ply: 20,
            min_games: 3,
        }
    }
}

/// Counts (position, move) pairs over games; [`BookBuilder::finish`] makes the entries.
#[derive(Debug)]
pub struct BookBuilder {
    options: BookOptions,
    /// (key, Polyglot move) -> (games, score).
    stats: HashMap<(u64, u16), (u32, u64)>,
    games: u64,
    errors: Vec<GameError>,
}

/// A game as the book builder needs it: the record replay reads, and the result.
#[derive(Default)]
struct BookGameCollector {
    inner: RecordCollector,
    result: Option<GameResult>,
}

impl Visitor for BookGameCollector {
    type Output = (GameRecord, Option<GameResult>);

    fn begin_game(&mut self, game: u64, line: u64) {
        self.result = None;
        self.inner.begin_game(game, line);
    }

    fn tag(&mut self, name: &[u8], value: &[u8]) {
        if name == b"Result" {
            // The reader's one reading of a result (`½-½` too); anything else is unknown.
            self.result =
                Some(GameResult::from_ascii(value.trim_ascii()).unwrap_or(GameResult::Unknown));
        }
        self.inner.tag(name, value);
    }

    fn san(&mut self, san: &[u8], line: u64) {
        self.inner.san(san, line);
    }

    fn begin_variation(&mut self) -> Skip {
        Skip(true)
    }

    fn result(&mut self, result: GameResult) {
        // The Result tag decides; the movetext's result only stands in for a missing tag.
        if self.result.is_none() {
            self.result = Some(result);
        }
    }

    fn error(&mut self, error: ReadError) {
        self.inner.error(error);
    }

    fn end_game(&mut self) -> Self::Output {
        (self.inner.end_game(), self.result.take())
    }
}

impl BookBuilder {
    /// A builder with these limits.
    #[must_use]
    pub fn new(options: BookOptions) -> BookBuilder {
        BookBuilder {
            options,
            stats: HashMap::new(),
            games: 0,
            errors: Vec::new(),
        }
    }

    /// Counts the moves of one game (its record as the reader gave it, and its result). A
    /// game with a move that cannot be played counts up to that move; the error is kept.
    pub fn add_game(&mut self, record: &GameRecord, result: Option<GameResult>) {
        self.games += 1;
        let white_score: u64 = match result {
            Some(GameResult::WhiteWins) => 2,
            Some(GameResult::Draw) => 1,
            _ => 0,
        };
        let black_score: u64 = match result {
            Some(GameResult::BlackWins) => 2,
            Some(GameResult::Draw) => 1,
            _ => 0,
        };
        let max_ply = u64::from(self.options.max_ply);
        let mut ply = 0u64;
        let stats = &mut self.stats;
        let crate::replay::Replayed { error, .. } =
            replay(record, SanMode::Lenient, |before, m, _| {
                if ply < max_ply && !m.is_null() {
                    let score = match before.turn() {
                        chessbits_bitboard_core::Color::White => white_score,
                        chessbits_bitboard_core::Color::Black => black_score,
                    };
                    let entry = stats
                        .entry((before.zobrist_hash(), encode_move(m)))
                        .or_insert((0, 0));
                    entry.0 = entry.0.saturating_add(1);
                    entry.1 = entry.1.saturating_add(score);
                }
                ply += 1;
            });
        if let Some(e) = error {
            self.errors.push(e);
        }
        if let Some(e) = record.read_errors.first() {
            self.errors.push(e.clone().into());
        }
    }

    /// Reads every game of `input` (PGN bytes) into the count.
    pub fn add_pgn<R: Read>(&mut self, input: R) -> std::io::Result<()> {
        let mut reader = Reader::new(input);
        let mut collector = BookGameCollector::default();
        while let Some((record, result)) = reader.read_game(&mut collector)? {
            self.add_game(&record, result);
        }
        Ok(())
    }

    /// Games counted so far.
    #[must_use]
    pub fn games(&self) -> u64 {
        self.games
    }

    /// The games' errors (bad moves, unreadable text), in input order.
    #[must_use]
    pub fn errors(&self) -> &[GameError] {
        &self.errors
    }

    /// The book's entries (unsorted: `chessbits_movegen::book::write_book` sorts and writes them).
    #[must_use]
    pub fn finish(&self) -> Vec<BookEntry> {
        let min_games = self.options.min_games.max(1);
        let mut entries: Vec<(u64, u16, u64)> = self
            .stats
            .iter()
            .filter(|(_, &(games, score))| games >= min_games && score > 0)
            .map(|(&(key, mv), &(_, score))| (key, mv, score))
            .collect();
        entries.sort_unstable();
        // Scale the positions whose scores do not fit 16 bits.
        let mut out = Vec::with_capacity(entries.len());
        for group in entries.chunk_by(|a, b| a.0 == b.0) {
            let max = group.iter().map(|e| e.2).max().unwrap_or(0);
            let divisor = max.div_ceil(u64::from(u16::MAX)).max(1);
            for &(key, raw_move, score) in group {
                let weight = u16::try_from((score / divisor).max(1)).unwrap_or(u16::MAX);
                out.push(BookEntry {
                    key,
                    raw_move,
                    weight,
                    learn: 0,
                });
            }
        }
        out
    }
}
