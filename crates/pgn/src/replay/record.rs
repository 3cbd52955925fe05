//! [`GameRecord`]: what replay needs of a game (its start tags and mainline moves with
//! their lines, and on request every tag and each move's clock and evaluation), kept
//! compact. [`RecordCollector`](super::RecordCollector) reads it.

use crate::annotations::Eval;
use crate::moves::Moves;
use crate::reader::{GameResult, ReadError};
use crate::tags::Tags;

/// What replay needs of a game: its number and first line, the `FEN` and `Variant` tags,
/// the mainline moves as text with their lines, and the reader's errors (at most
/// [`MAX_GAME_ERRORS`](crate::replay::MAX_GAME_ERRORS) and a count of the rest). A collector made by
/// [`RecordCollector::with_annotations`](crate::replay::RecordCollector::with_annotations) also keeps every tag, the result token, and the
/// `[%clk]` / `[%eval]` of each mainline move (for [`crate::table`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameRecord {
    /// The game's number in its input, from 1.
    pub game: u64,
    /// The line the game starts on.
    pub line: u64,
    /// The `FEN` tag.
    pub fen: Option<Vec<u8>>,
    /// The `Variant` tag.
    pub variant: Option<Vec<u8>>,
    /// The mainline moves as read: each move's text and line.
    pub moves: Moves,
    /// Malformed input the reader reported in this game.
    pub read_errors: Vec<ReadError>,
    /// Every tag pair in input order (only with [`RecordCollector::with_tags`](crate::replay::RecordCollector::with_tags) or
    /// [`RecordCollector::with_annotations`](crate::replay::RecordCollector::with_annotations)).
    pub tags: Tags,
    /// The result token of the movetext.
    pub result: Option<GameResult>,
    /// Per mainline move: the clock (seconds) and evaluation its comments give (only with
    /// [`RecordCollector::with_annotations`](crate::replay::RecordCollector::with_annotations)). Only as long as needed: up to the last move
    /// that has a clock or an evaluation (empty for a game without any), so that a move
    /// past the end has neither.
    pub notes: Vec<(Option<f64>, Option<Eval>)>,
    /// What [`RecordCollector::for_check`](crate::replay::RecordCollector::for_check) replayed while reading.
    pub(crate) prechecked: Prechecked,
}

/// The mainline moves a collector made by [`RecordCollector::for_check`](crate::replay::RecordCollector::for_check) played on the fast
/// path of [`check_games`](crate::replay::check_games) while reading the game, when it played them all (`None`: not
/// tried, or given up on). Work done early, not part of the game: records compare equal
/// whatever it holds.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Prechecked(pub(crate) Option<u64>);

impl PartialEq for Prechecked {
    fn eq(&self, _: &Prechecked) -> bool {
        true
    }
}

impl GameRecord {
    /// Adds `games` to the game number and `lines` to every line: a record read from a
    /// chunk of an input, numbered from the chunk's start, gets its numbers in the input.
    pub(crate) fn shift(&mut self, games: u64, lines: u64) {
        self.game += games;
        self.line += lines;
        self.moves.shift(lines);
        for e in &mut self.read_errors {
            e.game += games;
            e.line += lines;
        }
    }

    /// Bytes the record holds (for batching).
    #[must_use]
    pub fn weight(&self) -> usize {
        self.moves.weight()
            + 24 * self.notes.len()
            + self.tags.weight()
            + std::mem::size_of::<GameRecord>()
    }

    /// The value of the first tag named `name` (only with
    /// [`RecordCollector::with_annotations`](crate::replay::RecordCollector::with_annotations)).
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&[u8]> {
        self.tags.value(name)
    }
}
