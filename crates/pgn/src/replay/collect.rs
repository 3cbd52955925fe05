//! [`RecordCollector`], the [`Visitor`] that reads games into [`GameRecord`]s (and, for
//! `pgn check`, plays each mainline on the fast path as it reads).

use chessbits_movegen::san::SanMode;
use chessbits_movegen::SanReplayer;

use super::errors::{ErrorCap, MAX_GAME_MOVES};
use super::fast;
use super::record::{GameRecord, Prechecked};
use crate::annotations::parse_notes;
use crate::moves::Moves;
use crate::reader::{GameResult, ReadError, ReadErrorKind, Skip, Visitor};

/// A [`Visitor`] that collects [`GameRecord`]s: tags other than `FEN` and `Variant`,
/// comments, NAGs and variations are skipped (unless made by
/// [`RecordCollector::with_annotations`]). Memory per game is bounded: at most
/// [`MAX_GAME_ERRORS`](crate::replay::MAX_GAME_ERRORS) errors and [`MAX_GAME_MOVES`] moves are kept.
#[derive(Debug, Default)]
pub struct RecordCollector {
    record: GameRecord,
    /// Keep every tag pair and the result.
    tags: bool,
    /// Keep each mainline move's clock and evaluation.
    notes: bool,
    errors: ErrorCap,
    too_long: bool,
    /// The capacity the next game's moves start with (what the last game needed).
    packed_hint: usize,
    /// The capacity the next game's tags start with (bytes, pairs: the last game's).
    tags_hint: (usize, usize),
    /// Play each game's mainline as it is read ([`RecordCollector::for_check`]).
    check: bool,
    /// The game being played as it is read, while the fast path goes on with it (it has
    /// then played every move kept).
    board: Option<SanReplayer>,
    /// The move buffer of the last game the fast path played, empty, for the next game.
    spare: Moves,
}

impl RecordCollector {
    /// A collector of what replay needs.
    #[must_use]
    pub fn new() -> RecordCollector {
        RecordCollector::default()
    }

    /// A collector for [`check_games`](crate::replay::check_games) in `mode`. In [`SanMode::Lenient`], while reading,
    /// each game's mainline is also played on the fast path of [`check_games`](crate::replay::check_games) (movegen's
    /// [`SanReplayer`]), move by move as its text is read and still in the cache, so that
    /// [`check_games`](crate::replay::check_games) then replays only the games that path gave up on (an error, a null
    /// move...); reading and replaying in one pass takes about a sixth less time than
    /// two. In [`SanMode::Strict`], which that path does not play, it is
    /// [`RecordCollector::new`].
    ///
    /// The records are those of [`RecordCollector::new`], except that a game the fast path
    /// played to the end keeps no moves ([`GameRecord::moves`] is empty; the count is kept
    /// for [`check_games`](crate::replay::check_games)): nothing needs them, and a record then holds no memory. Check
    /// them in `mode`: [`check_games`](crate::replay::check_games) counts such a game as played whatever mode it is
    /// given.
    ///
    /// ```
    /// use chessbits_pgn::{check_games, Reader, RecordCollector, SanMode};
    ///
    /// let pgn = b"1. e4 e5 2. Nf3 Nc6 1-0\n\n1. d4 d5 2. Kd3 *\n";
    /// let mut records = Vec::new();
    /// let mut collector = RecordCollector::for_check(SanMode::Lenient);
    /// Reader::new(&pgn[..]).read_all(&mut collector, |r| records.push(r))?;
    /// let report = check_games(&records, SanMode::Lenient);
    /// assert_eq!((report.games, report.moves, report.errors.len()), (2, 6, 1));
    /// # Ok::<(), std::io::Error>(())
    /// ```
    #[must_use]
    pub fn for_check(mode: SanMode) -> RecordCollector {
        RecordCollector {
            check: mode == SanMode::Lenient,
            ..RecordCollector::default()
        }
    }

    /// A collector that also keeps every tag pair (what [`crate::filter::Filter`]'s tag
    /// tests look at).
    #[must_use]
    pub fn with_tags() -> RecordCollector {
        RecordCollector {
            tags: true,
            ..RecordCollector::default()
        }
    }

    /// A collector that also keeps every tag pair and each mainline move's `[%clk]` and
    /// `[%eval]` (what [`crate::table`] writes).
    #[must_use]
    pub fn with_annotations() -> RecordCollector {
        RecordCollector {
            tags: true,
            notes: true,
            ..RecordCollector::default()
        }
    }
}

impl Visitor for RecordCollector {
    type Output = GameRecord;

    fn begin_game(&mut self, game: u64, line: u64) {
        self.record = GameRecord {
            game,
            line,
            moves: std::mem::take(&mut self.spare),
            ..GameRecord::default()
        };
        self.too_long = false;
        self.board = None;
    }

    fn end_tags(&mut self) -> Skip {
        if self.check {
            self.board = fast::start(&self.record, SanMode::Lenient);
        }
        Skip(false)
    }

    fn tag(&mut self, name: &[u8], value: &[u8]) {
        match name {
            b"FEN" => self.record.fen = Some(value.to_vec()),
            b"Variant" => self.record.variant = Some(value.to_vec()),
            _ => {}
        }
        if self.tags {
            if self.record.tags.is_empty() {
                // Room for as many as the last game had: two allocations per game.
                let (bytes, tags) = self.tags_hint;
                self.record.tags.reserve(bytes.max(256), tags.max(16));
            }
            self.record.tags.push(name, value);
        }
    }

    #[inline(always)]
    fn san(&mut self, san: &[u8], line: u64) {
        if self.record.moves.len() >= MAX_GAME_MOVES {
            if !self.too_long {
                self.too_long = true;
                let error = ReadError {
                    game: self.record.game,
                    line,
                    kind: ReadErrorKind::TooManyMoves(MAX_GAME_MOVES),
                };
                self.errors.push(&mut self.record.read_errors, error);
            }
            return;
        }
        // One allocation per game, sized by the last game.
        self.record.moves.reserve_once(self.packed_hint.max(256));
        self.record.moves.push(san, line);
        if let Some(board) = &mut self.board {
            if !board.play_san(san) {
                self.board = None;
            }
        }
    }

    #[inline]
    fn comment(&mut self, text: &[u8]) {
        // A comment before the first move has no move to annotate.
        if !self.notes || self.too_long || self.record.moves.is_empty() {
            return;
        }
        let (clock, eval) = parse_notes(text);
        if clock.is_none() && eval.is_none() {
            return;
        }
        // The notes reach the last move (the one commented) only now: a game without
        // clocks or evals keeps none.
        let moves = self.record.moves.len();
        self.record.notes.resize(moves, (None, None));
        if let Some(note) = self.record.notes.last_mut() {
            if clock.is_some() {
                note.0 = clock;
            }
            if eval.is_some() {
                note.1 = eval;
            }
        }
    }

    fn begin_variation(&mut self) -> Skip {
        Skip(true)
    }

    fn result(&mut self, result: GameResult) {
        self.record.result = Some(result);
    }

    fn error(&mut self, error: ReadError) {
        self.errors.push(&mut self.record.read_errors, error);
    }

    fn end_game(&mut self) -> GameRecord {
        self.errors
            .finish(&mut self.record.read_errors, self.record.game);
        self.packed_hint = (self.record.moves.weight() + 32).clamp(256, 1 << 16);
        if self.board.take().is_some() {
            self.record.prechecked = Prechecked(Some(self.record.moves.len() as u64));
            // Nothing needs the moves of a game the fast path played: their buffer is
            // the next game's, and the record holds no memory of its own.
            self.spare = std::mem::take(&mut self.record.moves);
            self.spare.clear();
        }
        let tags = &self.record.tags;
        self.tags_hint = (
            (tags.bytes.len() + 64).min(1 << 16),
            (tags.len() + 2).min(256),
        );
        std::mem::take(&mut self.record)
    }
}
