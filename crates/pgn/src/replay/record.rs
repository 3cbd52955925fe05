//! [`GameRecord`]: what replay needs of a game (its start tags and mainline moves with
//! their lines, and on request every tag and each move's clock and evaluation), kept
//! compact, and [`RecordCollector`], the [`Visitor`] that reads it.

use super::*;
use crate::tags::Tags;

/// What replay needs of a game: its number and first line, the `FEN` and `Variant` tags,
/// the mainline moves as text with their lines, and the reader's errors (at most
/// [`MAX_GAME_ERRORS`] and a count of the rest). A collector made by
/// [`RecordCollector::with_annotations`] also keeps every tag, the result token, and the
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
    /// The mainline moves, packed one after the other in one allocation: per move, the
    /// lines since the previous move (or the game's first line) in one byte (255: the
    /// difference follows as 8 bytes), the text's length in one byte (255: the length follows as 4
    /// bytes), then the text. About 5 bytes a move, where a vector of texts and a vector of
    /// lines took 20.
    pub(super) packed: Vec<u8>,
    /// How many moves `packed` holds.
    pub(super) count: usize,
    /// The line of the last move packed (the base of the next one's delta).
    pub(super) last_line: u64,
    /// Malformed input the reader reported in this game.
    pub read_errors: Vec<ReadError>,
    /// Every tag pair in input order (only with [`RecordCollector::with_tags`] or
    /// [`RecordCollector::with_annotations`]).
    pub tags: Tags,
    /// The result token of the movetext.
    pub result: Option<GameResult>,
    /// Per mainline move: the clock (seconds) and evaluation its comments give (only with
    /// [`RecordCollector::with_annotations`]). Only as long as needed: up to the last move
    /// that has a clock or an evaluation (empty for a game without any), so that a move
    /// past the end has neither.
    pub notes: Vec<(Option<f64>, Option<Eval>)>,
}

impl GameRecord {
    /// The number of mainline move tokens.
    #[must_use]
    pub fn len(&self) -> usize {
        self.count
    }

    /// Whether the mainline is empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The mainline moves: (text, line).
    #[must_use]
    pub fn moves(&self) -> RecordMoves<'_> {
        RecordMoves {
            rest: &self.packed,
            line: self.line,
        }
    }

    /// Adds `games` to the game number and `lines` to every line: a record read from a
    /// chunk of an input, numbered from the chunk's start, gets its numbers in the input.
    pub(crate) fn shift(&mut self, games: u64, lines: u64) {
        self.game += games;
        self.line += lines;
        if self.count > 0 {
            self.last_line += lines;
        }
        for e in &mut self.read_errors {
            e.game += games;
            e.line += lines;
        }
    }

    /// Bytes the record holds (for batching).
    #[must_use]
    pub fn weight(&self) -> usize {
        self.packed.len()
            + 24 * self.notes.len()
            + self.tags.weight()
            + std::mem::size_of::<GameRecord>()
    }

    /// The value of the first tag named `name` (only with
    /// [`RecordCollector::with_annotations`]).
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&[u8]> {
        self.tags.value(name)
    }

    #[inline(always)]
    pub(crate) fn push_move(&mut self, san: &[u8], line: u64) {
        let base = if self.count == 0 {
            self.line
        } else {
            self.last_line
        };
        self.last_line = line;
        self.count += 1;
        let packed = &mut self.packed;
        let delta = line.wrapping_sub(base);
        if delta < 255 && san.len() <= 6 {
            // Nearly every move: one 8-byte write, cut to length. The text is read with
            // loads of its exact size (a byte loop, or bytes stored one by one and read
            // back as a word, cost several times more).
            let text = match *san {
                [] => 0,
                [a] => u64::from(a),
                [a, b] => u64::from(u16::from_le_bytes([a, b])),
                [a, b, c] => u64::from(u16::from_le_bytes([a, b])) | u64::from(c) << 16,
                [a, b, c, d] => u64::from(u32::from_le_bytes([a, b, c, d])),
                [a, b, c, d, e] => u64::from(u32::from_le_bytes([a, b, c, d])) | u64::from(e) << 32,
                [a, b, c, d, e, f] => {
                    u64::from(u32::from_le_bytes([a, b, c, d]))
                        | u64::from(u16::from_le_bytes([e, f])) << 32
                }
                _ => unreachable!("at most 6 bytes"),
            };
            let end = packed.len() + 2 + san.len();
            packed.extend_from_slice(&(delta | (san.len() as u64) << 8 | text << 16).to_le_bytes());
            packed.truncate(end);
            return;
        }
        if delta < 255 {
            packed.push(delta as u8);
        } else {
            // The difference, not the line, so that renumbering a record leaves its moves
            // as they are.
            packed.push(255);
            packed.extend_from_slice(&delta.to_le_bytes());
        }
        match u8::try_from(san.len()) {
            Ok(len) if len < 255 => packed.push(len),
            _ => {
                packed.push(255);
                let len = u32::try_from(san.len()).unwrap_or(u32::MAX);
                packed.extend_from_slice(&len.to_le_bytes());
            }
        }
        packed.extend_from_slice(&san[..san.len().min(u32::MAX as usize)]);
    }
}

/// The mainline moves of a [`GameRecord`]: (text, line); see [`GameRecord::moves`].
#[derive(Clone, Debug)]
pub struct RecordMoves<'a> {
    rest: &'a [u8],
    line: u64,
}

impl<'a> Iterator for RecordMoves<'a> {
    type Item = (&'a [u8], u64);

    #[inline]
    fn next(&mut self) -> Option<(&'a [u8], u64)> {
        let (&delta, rest) = self.rest.split_first()?;
        let rest = if delta < 255 {
            self.line += u64::from(delta);
            rest
        } else {
            let (delta, rest) = rest.split_first_chunk::<8>()?;
            self.line = self.line.wrapping_add(u64::from_le_bytes(*delta));
            rest
        };
        let (&len, rest) = rest.split_first()?;
        let (len, rest) = if len < 255 {
            (usize::from(len), rest)
        } else {
            let (len, rest) = rest.split_first_chunk::<4>()?;
            (u32::from_le_bytes(*len) as usize, rest)
        };
        let (text, rest) = rest.split_at_checked(len)?;
        self.rest = rest;
        Some((text, self.line))
    }
}

impl core::iter::FusedIterator for RecordMoves<'_> {}

/// A [`Visitor`] that collects [`GameRecord`]s: tags other than `FEN` and `Variant`,
/// comments, NAGs and variations are skipped (unless made by
/// [`RecordCollector::with_annotations`]). Memory per game is bounded: at most
/// [`MAX_GAME_ERRORS`] errors and [`MAX_GAME_MOVES`] moves are kept.
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
}

impl RecordCollector {
    /// A collector of what replay needs.
    #[must_use]
    pub fn new() -> RecordCollector {
        RecordCollector::default()
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
            ..GameRecord::default()
        };
        self.too_long = false;
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
        if self.record.count >= MAX_GAME_MOVES {
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
        if self.record.packed.capacity() == 0 {
            // One allocation per game, sized by the last game.
            self.record.packed.reserve(self.packed_hint.max(256));
        }
        self.record.push_move(san, line);
    }

    #[inline]
    fn comment(&mut self, text: &[u8]) {
        // A comment before the first move has no move to annotate.
        if !self.notes || self.too_long || self.record.count == 0 {
            return;
        }
        let (clock, eval) = parse_notes(text);
        if clock.is_none() && eval.is_none() {
            return;
        }
        // The notes reach the last move (the one commented) only now: a game without
        // clocks or evals keeps none.
        let moves = self.record.count;
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
        self.packed_hint = (self.record.packed.len() + 32).clamp(256, 1 << 16);
        let tags = &self.record.tags;
        self.tags_hint = (
            (tags.bytes.len() + 64).min(1 << 16),
            (tags.len() + 2).min(256),
        );
        std::mem::take(&mut self.record)
    }
}
