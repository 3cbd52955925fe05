//! Replaying games: the start position from the `FEN`/`SetUp`/`Variant` tags, every
//! mainline move decoded from SAN and played, and errors that say where.
//!
//! [`RecordCollector`] is a [`Visitor`] that keeps only what replay needs (the start tags and
//! the mainline moves with their lines) in a compact [`GameRecord`], so that games can be
//! read on one thread and replayed on others (see [`crate::pipeline`]). [`replay`] plays a
//! record and hands each move to a callback; [`check_games`] and [`fens_games`] are the two
//! jobs of the command line (`chessbits pgn check`, `chessbits pgn fens`).

use std::fmt;

use chessbits_bitboard_core::{Color, Move, MoveText};
use chessbits_position::{
    CastlingMode, CastlingNotation, EnPassantMode, Position, PositionError, Setup, Validation,
};

use crate::reader::{GameResult, ReadError, ReadErrorKind, Skip, Visitor};
use crate::table::{parse_notes, Eval};
use chessbits_movegen::san::{suffix_of, San, SanError, SanMode, SanPlus};

mod fast;

/// The most reader errors a collector keeps for one game; the rest are counted and reported
/// as one [`ReadErrorKind::MoreErrors`], so memory stays bounded whatever the input.
pub const MAX_GAME_ERRORS: usize = 100;

/// The most mainline moves a collector keeps for one game (the longest possible chess game
/// has fewer than 9,000 moves, 17,697 plies); more is reported as
/// [`ReadErrorKind::TooManyMoves`] and dropped.
pub const MAX_GAME_MOVES: usize = 20_000;

/// Keeps a game's reader errors up to [`MAX_GAME_ERRORS`] and counts the rest.
#[derive(Clone, Debug, Default)]
pub(crate) struct ErrorCap {
    omitted: u64,
}

impl ErrorCap {
    pub(crate) fn push(&mut self, errors: &mut Vec<ReadError>, error: ReadError) {
        if errors.len() < MAX_GAME_ERRORS {
            errors.push(error);
        } else {
            self.omitted += 1;
        }
    }

    /// At the end of a game: the count of dropped errors as one more error.
    pub(crate) fn finish(&mut self, errors: &mut Vec<ReadError>, game: u64) {
        if self.omitted > 0 {
            let line = errors.last().map_or(0, |e| e.line);
            errors.push(ReadError {
                game,
                line,
                kind: ReadErrorKind::MoreErrors(self.omitted),
            });
        }
        self.omitted = 0;
    }
}

/// What went wrong in a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GameErrorKind {
    /// The reader found malformed input.
    #[error("{0}")]
    Read(ReadErrorKind),
    /// The `FEN` tag is not a legal position.
    #[error("bad FEN tag {fen:?}: {error}")]
    Setup {
        /// The tag value (lossily decoded).
        fen: String,
        /// Why it is not legal.
        error: PositionError,
    },
    /// A `Variant` this crate does not play.
    #[error("unsupported variant {0:?}")]
    Variant(String),
    /// A move that cannot be played: illegal, ambiguous or not a move at all.
    #[error("move {number} {san:?}: {error}; position {fen}")]
    Move {
        /// The move number as PGN writes it: `12.` for White, `12...` for Black.
        number: String,
        /// The move text (lossily decoded).
        san: String,
        /// The position's FEN.
        fen: String,
        /// Why the move cannot be played.
        error: SanError,
    },
}

/// An error in a game: the game's number in its input (from 1), the line, and what.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("game {game}, line {line}: {kind}")]
pub struct GameError {
    /// The game's number in its input, from 1.
    pub game: u64,
    /// The line of the offending text, from 1.
    pub line: u64,
    /// What went wrong.
    pub kind: GameErrorKind,
}

impl From<ReadError> for GameError {
    fn from(e: ReadError) -> GameError {
        GameError {
            game: e.game,
            line: e.line,
            kind: GameErrorKind::Read(e.kind),
        }
    }
}

/// A game's tag pairs in input order, kept in one byte buffer: two allocations per game
/// however many tags it has (a vector of pairs of vectors took two per tag, the most
/// frequent allocation of a table export).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RecordTags {
    bytes: Vec<u8>,
    /// Per tag: where its name ends and where its value ends in `bytes`.
    ends: Vec<(usize, usize)>,
}

impl RecordTags {
    /// No tags.
    pub fn new() -> RecordTags {
        RecordTags::default()
    }

    /// Appends a tag pair.
    pub fn push(&mut self, name: &[u8], value: &[u8]) {
        self.bytes.extend_from_slice(name);
        let name_end = self.bytes.len();
        self.bytes.extend_from_slice(value);
        self.ends.push((name_end, self.bytes.len()));
    }

    /// The number of tag pairs.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The `i`-th tag pair (name, value), from 0.
    pub fn get(&self, i: usize) -> Option<(&[u8], &[u8])> {
        let (name_end, value_end) = *self.ends.get(i)?;
        let start = match i.checked_sub(1) {
            Some(j) => self.ends[j].1,
            None => 0,
        };
        Some((
            &self.bytes[start..name_end],
            &self.bytes[name_end..value_end],
        ))
    }

    /// The tag pairs (name, value) in input order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (&[u8], &[u8])> + '_ {
        let mut start = 0;
        self.ends.iter().map(move |&(name_end, value_end)| {
            let pair = (
                &self.bytes[start..name_end],
                &self.bytes[name_end..value_end],
            );
            start = value_end;
            pair
        })
    }

    /// Room for `bytes` more bytes of names and values and `tags` more pairs.
    fn reserve(&mut self, bytes: usize, tags: usize) {
        self.bytes.reserve(bytes);
        self.ends.reserve(tags);
    }

    /// Bytes held (for batching).
    fn weight(&self) -> usize {
        self.bytes.len() + 16 * self.ends.len()
    }
}

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
    packed: Vec<u8>,
    /// How many moves `packed` holds.
    count: usize,
    /// The line of the last move packed (the base of the next one's delta).
    last_line: u64,
    /// Malformed input the reader reported in this game.
    pub read_errors: Vec<ReadError>,
    /// Every tag pair in input order (only with [`RecordCollector::with_annotations`]).
    pub tags: RecordTags,
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
    pub fn len(&self) -> usize {
        self.count
    }

    /// Whether the mainline is empty.
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The mainline moves: (text, line).
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
    pub fn weight(&self) -> usize {
        self.packed.len()
            + 24 * self.notes.len()
            + self.tags.weight()
            + std::mem::size_of::<GameRecord>()
    }

    /// The value of the first tag named `name` (only with
    /// [`RecordCollector::with_annotations`]).
    pub fn tag(&self, name: &str) -> Option<&[u8]> {
        self.tags
            .iter()
            .find(|(n, _)| *n == name.as_bytes())
            .map(|(_, v)| v)
    }

    #[inline(always)]
    fn push_move(&mut self, san: &[u8], line: u64) {
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
#[derive(Default)]
pub struct RecordCollector {
    record: GameRecord,
    annotations: bool,
    errors: ErrorCap,
    too_long: bool,
    /// The capacity the next game's moves start with (what the last game needed).
    packed_hint: usize,
    /// The capacity the next game's tags start with (bytes, pairs: the last game's).
    tags_hint: (usize, usize),
}

impl RecordCollector {
    /// A collector of what replay needs.
    pub fn new() -> RecordCollector {
        RecordCollector::default()
    }

    /// A collector that also keeps every tag, the result and each mainline move's `[%clk]`
    /// and `[%eval]` (what [`crate::table`] writes).
    pub fn with_annotations() -> RecordCollector {
        RecordCollector {
            annotations: true,
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
        if self.annotations {
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
        if !self.annotations || self.too_long || self.record.count == 0 {
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

/// Whether a `Variant` tag value means Chess960, standard chess, or something else.
fn variant_mode(variant: &[u8]) -> Option<CastlingMode> {
    let v = String::from_utf8_lossy(variant).trim().to_ascii_lowercase();
    if v.contains("960") || v.contains("fischer") || v.contains("freestyle") {
        Some(CastlingMode::Chess960)
    } else if matches!(
        v.as_str(),
        "" | "standard" | "chess" | "normal" | "from position" | "fromposition" | "classical"
    ) {
        Some(CastlingMode::Standard)
    } else {
        None
    }
}

/// The start position a game's `FEN` and `Variant` tags describe (the standard start when
/// there is no `FEN` tag). A FEN whose castling rights only make sense in Chess960 is read
/// as Chess960; castling rights and en-passant squares that cannot be right are dropped
/// rather than rejected (as careless `FEN` tags need).
pub fn start_position(
    fen: Option<&[u8]>,
    variant: Option<&[u8]>,
) -> Result<Position, GameErrorKind> {
    let variant = match variant {
        Some(v) => Some(
            variant_mode(v)
                .ok_or_else(|| GameErrorKind::Variant(String::from_utf8_lossy(v).into_owned()))?,
        ),
        None => None,
    };
    let Some(fen) = fen else {
        let mut pos = Position::new();
        pos.set_mode(variant.unwrap_or_default());
        return Ok(pos);
    };
    let setup_error = |error| GameErrorKind::Setup {
        fen: String::from_utf8_lossy(fen).into_owned(),
        error,
    };
    let setup = Setup::from_ascii(fen.trim_ascii()).map_err(|e| setup_error(e.into()))?;
    let mode = variant.unwrap_or_else(|| CastlingMode::detect(&setup));
    Position::from_setup_with(&setup, mode, Validation::Strict)
        .or_else(|_| Position::from_setup_with(&setup, mode, Validation::Lenient))
        .map_err(setup_error)
}

/// The move number of the side to move as PGN writes it: `12.` or `12...`.
pub fn move_number(pos: &Position) -> String {
    match pos.turn() {
        Color::White => format!("{}.", pos.fullmoves()),
        Color::Black => format!("{}...", pos.fullmoves()),
    }
}

/// Replays a record's mainline from its start position in `mode`, calling
/// `on_move(before, move, after)` for every move played. Returns the number of moves
/// played and the first error (after which the game's remaining moves are not played).
pub fn replay(
    record: &GameRecord,
    mode: SanMode,
    mut on_move: impl FnMut(&Position, Move, &Position),
) -> (u64, Option<GameError>) {
    let mut pos = match start_position(record.fen.as_deref(), record.variant.as_deref()) {
        Ok(pos) => pos,
        Err(kind) => {
            return (
                0,
                Some(GameError {
                    game: record.game,
                    line: record.line,
                    kind,
                }),
            )
        }
    };
    let mut played = 0;
    for (text, line) in record.moves() {
        let m = SanPlus::from_ascii_with(text, mode).and_then(|s| s.san.to_move(&pos, mode));
        let m = match m {
            Ok(m) => m,
            Err(error) => {
                let kind = GameErrorKind::Move {
                    number: move_number(&pos),
                    san: String::from_utf8_lossy(text).into_owned(),
                    fen: pos.fen(),
                    error,
                };
                return (
                    played,
                    Some(GameError {
                        game: record.game,
                        line,
                        kind,
                    }),
                );
            }
        };
        let mut next = pos.clone();
        if m.is_null() {
            let _ = next.make_null();
        } else {
            let _ = next.make_unchecked(m);
        }
        on_move(&pos, m, &next);
        pos = next;
        played += 1;
    }
    (played, None)
}

/// Replays a record's mainline as [`replay`] does, calling `on_move(san, uci)` for every
/// move played with its canonical SAN and check or mate suffix (what
/// [`SanPlus::write_to`] writes for [`San::from_move`] and [`suffix_of`]) and its UCI (what
/// [`move_to_uci`](chessbits_movegen::uci::move_to_uci) writes). Returns what [`replay`]
/// returns.
///
/// The texts are [`replay_packed`]'s, unpacked: see there for which path replays a game.
pub fn replay_texts(
    record: &GameRecord,
    mode: SanMode,
    mut on_move: impl FnMut(&[u8], &[u8]),
) -> (u64, Option<GameError>) {
    thread_local! {
        /// The packed texts of the game being replayed, kept between calls (fresh vectors
        /// per game cost more than writing the texts into them).
        static PACKED: std::cell::Cell<(Vec<u64>, Vec<u64>)> =
            const { std::cell::Cell::new((Vec::new(), Vec::new())) };
    }
    // Taken out while in use, so that a call from `on_move` would find empty ones.
    let (mut san, mut uci) = PACKED.take();
    san.clear();
    uci.clear();
    let result = replay_packed(record, mode, &mut san, &mut uci);
    for (&s, &u) in san.iter().zip(&uci) {
        let (s, u) = (MoveText::from_bits(s), MoveText::from_bits(u));
        on_move(s.as_bytes().as_slice(), u.as_bytes().as_slice());
    }
    if san.capacity() <= 1 << 16 && uci.capacity() <= 1 << 16 {
        PACKED.set((san, uci));
    }
    result
}

/// Replays a record's mainline as [`replay_texts`] does, appending each move's SAN text
/// to `san` and its UCI text to `uci`, each a [`MoveText`]'s word
/// ([`MoveText::to_bits`]; [`MoveText::from_bits`] gives the text back). Returns
/// what [`replay`] returns, and the vectors grow by one word each per move played.
///
/// Packed words are what a column of move texts wants (a dictionary looks up a word, not
/// a slice), and the fast path builds each text in a word anyway.
///
/// The games [`check_games`] checks on movegen's
/// [`SanReplayer`](chessbits_movegen::SanReplayer) (standard chess in lenient mode: nearly
/// all real games) are replayed there, the texts worded by it (a `Position` per move and
/// the movegen encoder cost several times more); any other game, or one the replayer gives
/// up on, is replayed by [`replay`] from the start (the words the replayer had appended
/// are taken back first), so the texts, the count and the error are always [`replay`]'s.
pub fn replay_packed(
    record: &GameRecord,
    mode: SanMode,
    san: &mut Vec<u64>,
    uci: &mut Vec<u64>,
) -> (u64, Option<GameError>) {
    let (san_start, uci_start) = (san.len(), uci.len());
    if fast::texts(record, mode, san, uci) {
        return ((san.len() - san_start) as u64, None);
    }
    san.truncate(san_start);
    uci.truncate(uci_start);
    replay(record, mode, |before, m, after| {
        let mut text = MoveText::new();
        SanPlus {
            san: San::from_move(before, m),
            suffix: suffix_of(after),
        }
        .write_to(&mut text);
        san.push(text.to_bits());
        let mut text = MoveText::new();
        m.write_uci(before.mode().is_chess960(), &mut text);
        uci.push(text.to_bits());
    })
}

/// What a batch of games came to.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Games read.
    pub games: u64,
    /// Mainline moves played.
    pub moves: u64,
    /// Every error, in input order (reader errors first within a game).
    pub errors: Vec<GameError>,
    /// Games with at least one error.
    pub games_with_errors: u64,
}

impl Report {
    /// Adds another report (of later games) to this one.
    pub fn merge(&mut self, other: Report) {
        self.games += other.games;
        self.moves += other.moves;
        self.games_with_errors += other.games_with_errors;
        self.errors.extend(other.errors);
    }

    /// Counts one game: its reader errors, the moves replayed and the replay error.
    pub fn add_game(&mut self, record: &GameRecord, moves: u64, error: Option<GameError>) {
        self.games += 1;
        self.moves += moves;
        let has_errors = !record.read_errors.is_empty() || error.is_some();
        self.games_with_errors += u64::from(has_errors);
        self.errors
            .extend(record.read_errors.iter().cloned().map(GameError::from));
        self.errors.extend(error);
    }
}

/// Replays every record (the job of `chessbits pgn check`): the report [`replay`] gives.
///
/// Games from the standard start position read in lenient mode (nearly all real games) are
/// checked on movegen's [`SanReplayer`](chessbits_movegen::SanReplayer), a bare board that
/// keeps only what deciding SAN needs: no hash, no checkers, legality by whether the own
/// king is attacked after the move. Any game it does not play
/// to the end (an error, a `FEN` tag, strict mode, a null or coordinate move) is replayed
/// with [`replay`], so the moves counted and the errors reported are exactly [`replay`]'s.
pub fn check_games(records: &[GameRecord], mode: SanMode) -> Report {
    let mut report = Report::default();
    for record in records {
        let (moves, error) = match fast::check(record, mode) {
            Some(moves) => (moves, None),
            None => replay(record, mode, |_, _, _| {}),
        };
        report.add_game(record, moves, error);
    }
    report
}

/// Replays every record and appends one `before_fen,san,after_fen` row per mainline move
/// to `out` (the job of `chessbits pgn fens`; the header is not written). `san` is the
/// canonical SAN; FENs write the en-passant square only when a legal capture exists.
pub fn fens_games(records: &[GameRecord], mode: SanMode, out: &mut Vec<u8>) -> Report {
    let mut report = Report::default();
    let mut after_fen = Vec::with_capacity(96);
    for record in records {
        let mut first = true;
        let (moves, error) = replay(record, mode, |before, m, after| {
            if first {
                first = false;
                after_fen.clear();
                write_fen(before, &mut after_fen);
            }
            out.extend_from_slice(&after_fen);
            out.push(b',');
            let san = San::from_move(before, m);
            SanPlus {
                san,
                suffix: suffix_of(after),
            }
            .write_to(out);
            out.push(b',');
            after_fen.clear();
            write_fen(after, &mut after_fen);
            out.extend_from_slice(&after_fen);
            out.push(b'\n');
        });
        report.add_game(record, moves, error);
    }
    report
}

/// The CSV header [`fens_games`] rows go under.
pub const FENS_HEADER: &str = "before_fen,san,after_fen\n";

/// Appends `pos.fen()` to `out` without an intermediate `String` (bulk output), through the
/// position's own FEN writer.
pub fn write_fen(pos: &Position, out: &mut Vec<u8>) {
    /// `fmt::Write` into a byte vector (FEN is ASCII: one byte per char).
    struct Bytes<'a>(&'a mut Vec<u8>);

    impl fmt::Write for Bytes<'_> {
        #[inline]
        fn write_str(&mut self, s: &str) -> fmt::Result {
            self.0.extend_from_slice(s.as_bytes());
            Ok(())
        }

        #[inline]
        fn write_char(&mut self, c: char) -> fmt::Result {
            if c.is_ascii() {
                self.0.push(c as u8);
                Ok(())
            } else {
                self.write_str(c.encode_utf8(&mut [0; 4]))
            }
        }
    }

    let _ = pos.write_fen(
        &mut Bytes(out),
        CastlingNotation::XFen,
        EnPassantMode::Legal,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Reader;

    #[test]
    fn record_tags_keep_every_pair_in_order() {
        let pairs: [(&[u8], &[u8]); 5] = [
            (b"Event", b"Rated Blitz game"),
            (b"Site", b""),
            (b"", b"no name"),
            (b"White", b"\xff\xfe not UTF-8"),
            (b"Event", b"again"),
        ];
        let mut tags = RecordTags::new();
        assert!(tags.is_empty());
        assert_eq!(tags.get(0), None);
        for (n, v) in pairs {
            tags.push(n, v);
        }
        assert_eq!(tags.len(), 5);
        assert_eq!(tags.iter().collect::<Vec<_>>(), pairs.to_vec());
        for (i, pair) in pairs.iter().enumerate() {
            assert_eq!(tags.get(i), Some(*pair));
        }
        assert_eq!(tags.get(5), None);
        // A record's `tag` is the first of the name.
        let record = GameRecord {
            tags,
            ..GameRecord::default()
        };
        assert_eq!(record.tag("Event"), Some(&b"Rated Blitz game"[..]));
        assert_eq!(record.tag("Site"), Some(&b""[..]));
        assert_eq!(record.tag("Black"), None);
    }

    fn records(pgn: &[u8]) -> Vec<GameRecord> {
        let mut out = Vec::new();
        Reader::new(pgn)
            .read_all(&mut RecordCollector::new(), |r| out.push(r))
            .expect("no I/O error");
        out
    }

    #[test]
    fn fens_rows() {
        let recs = records(b"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n");
        let mut out = Vec::new();
        let report = fens_games(&recs, SanMode::Lenient, &mut out);
        assert_eq!(report.moves, 6);
        let text = String::from_utf8(out).expect("ascii");
        let first = text.lines().next().expect("a row");
        assert_eq!(
            first,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1,e4,rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
        );
        assert_eq!(text.lines().count(), 6);
    }

    #[test]
    fn errors_say_where() {
        let recs = records(b"[Event \"x\"]\n\n1. e4 e5\n2. Ke3 Nc6 *\n\n1. d4 *");
        let report = check_games(&recs, SanMode::Lenient);
        assert_eq!(report.games, 2);
        assert_eq!(report.moves, 3);
        assert_eq!(report.errors.len(), 1);
        let e = report.errors[0].to_string();
        assert_eq!(
            e,
            "game 1, line 4: move 2. \"Ke3\": illegal move; position rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
        );
    }

    #[test]
    fn start_positions() {
        assert!(start_position(None, Some(b"Standard")).is_ok());
        assert!(matches!(
            start_position(None, Some(b"Atomic")),
            Err(GameErrorKind::Variant(_))
        ));
        let p = start_position(
            Some(b"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"),
            Some(b"Chess960"),
        )
        .expect("chess960");
        assert!(p.mode().is_chess960());
        // Shredder castling without a Variant tag: read as Chess960.
        let p = start_position(
            Some(b"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"),
            None,
        )
        .expect("chess960");
        assert!(p.mode().is_chess960());
        assert!(matches!(
            start_position(Some(b"not a fen"), None),
            Err(GameErrorKind::Setup { .. })
        ));
    }

    #[test]
    fn fast_fen_equals_position_fen() {
        let recs = records(
            b"1. e4 d5 2. exd5 e5 3. dxe6 Qh4 4. exf7+ Kd7 5. fxg8=N Qe4+ 6. Be2 Qxg2 7. Nf3 Qxh1+ 8. Ng1 *",
        );
        let (_, err) = replay(&recs[0], SanMode::Strict, |_, _, after| {
            let mut s = Vec::new();
            write_fen(after, &mut s);
            assert_eq!(String::from_utf8(s).expect("ascii"), after.fen());
        });
        assert_eq!(err, None);
    }
}
