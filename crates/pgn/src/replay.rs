//! Replaying games: the start position from the `FEN`/`SetUp`/`Variant` tags, every
//! mainline move decoded from SAN and played, and errors that say where.
//!
//! [`RecordCollector`] is a [`Visitor`] that keeps only what replay needs (the start tags and
//! the mainline moves with their lines) in a compact [`GameRecord`], so that games can be
//! read on one thread and replayed on others (see [`crate::pipeline`]). [`replay`] plays a
//! record and hands each move to a callback; [`check_games`] is the job of
//! `chessbits pgn check`, and [`replay_plies`] the producer of every table of moves.

use chessbits_bitboard_core::{Color, Move, MoveText};
use chessbits_position::{
    CastlingMode, CastlingNotation, EnPassantMode, Position, PositionError, Validation, Variant,
};

use crate::annotations::{parse_notes, Eval};
use crate::reader::{GameResult, ReadError, ReadErrorKind, Skip, Visitor};
use chessbits_movegen::san::{suffix_of, San, SanError, SanMode, SanPlus};

mod fast;
mod jobs;
mod plies;
mod record;
mod variants;

pub use jobs::{check_game, check_games, write_fen, Report};
pub use plies::{replay_into, replay_plies, Plies, Ply, PlySink};
pub use record::{GameRecord, RecordCollector};
pub use variants::{
    game_variant, replay_any, replay_variant, variant_start_position, write_variant_fen,
    write_variant_texts,
};

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
    Read(#[source] ReadErrorKind),
    /// The `FEN` tag is not a legal position.
    #[error("bad FEN tag {fen:?}: {error}")]
    Setup {
        /// The tag value (lossily decoded).
        fen: String,
        /// Why it is not legal.
        #[source]
        error: PositionError,
    },
    /// A `Variant` this crate does not play, or (from [`replay`] and [`start_position`],
    /// whose positions are standard) a Lichess variant, which [`replay_variant`] plays.
    #[error("unsupported variant {0:?}")]
    Variant(String),
    /// The `FEN` tag of a variant game is not a position of that variant.
    #[error("bad FEN tag {fen:?}: {error}")]
    VariantSetup {
        /// The tag value (lossily decoded).
        fen: String,
        /// Why it is not a position of the variant.
        #[source]
        error: chessbits_movegen::variant::VariantError,
    },
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
        #[source]
        error: SanError,
    },
}

/// An error in a game: the game's number in its input (from 1), the line, and what.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("game {game}, line {line}: {kind}")]
#[non_exhaustive]
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

/// Whether a `Variant` tag value means Chess960, standard chess, or something else.
fn variant_mode(variant: &[u8]) -> Option<CastlingMode> {
    match Variant::from_pgn_tag(variant)? {
        (Variant::Chess, mode) => mode,
        _ => None,
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
    Position::read_fen(fen, variant, Validation::Strict)
        .or_else(|_| Position::read_fen(fen, variant, Validation::Lenient))
        .map_err(setup_error)
}

/// The move number of the side to move as PGN writes it: `12.` or `12...`.
#[must_use]
pub fn move_number(pos: &Position) -> String {
    number_text(pos.turn(), pos.fullmoves())
}

/// `12.` for White's twelfth move, `12...` for Black's.
fn number_text(turn: Color, fullmoves: u32) -> String {
    match turn {
        Color::White => format!("{fullmoves}."),
        Color::Black => format!("{fullmoves}..."),
    }
}

/// What a replay asks of a position, standard ([`Position`]) or of a variant
/// ([`VariantPosition`](chessbits_movegen::variant::VariantPosition)): the one loop of
/// [`replay`] and [`replay_variant`] runs on either.
pub(crate) trait Replaying: Sized {
    /// The legal move `text` (SAN, with its suffix) means here, read in `mode`.
    fn decode(&self, text: &[u8], mode: SanMode) -> Result<Move, SanError>;
    /// The position after `m` (a move `decode` returned).
    fn after(&self, m: Move) -> Self;
    /// The side to move.
    fn turn(&self) -> Color;
    /// The move number.
    fn fullmoves(&self) -> u32;
    /// The FEN, for errors.
    fn fen(&self) -> String;
}

impl Replaying for Position {
    fn decode(&self, text: &[u8], mode: SanMode) -> Result<Move, SanError> {
        SanPlus::from_ascii_with(text, mode).and_then(|s| s.san.to_move(self, mode))
    }

    fn after(&self, m: Move) -> Position {
        let mut next = self.clone();
        play_decoded(&mut next, m);
        next
    }

    fn turn(&self) -> Color {
        Position::turn(self)
    }

    fn fullmoves(&self) -> u32 {
        Position::fullmoves(self)
    }

    fn fen(&self) -> String {
        Position::fen(self)
    }
}

/// The error of the move `text` that `pos` cannot play.
fn move_error<P: Replaying>(pos: &P, text: &[u8], error: SanError) -> GameErrorKind {
    GameErrorKind::Move {
        number: number_text(pos.turn(), pos.fullmoves()),
        san: String::from_utf8_lossy(text).into_owned(),
        fen: pos.fen(),
        error,
    }
}

/// Replays a record's mainline from `start` (the start position, or why there is none),
/// as [`replay`] and [`replay_variant`] describe.
pub(crate) fn replay_from<P: Replaying>(
    record: &GameRecord,
    start: Result<P, GameErrorKind>,
    mode: SanMode,
    mut on_move: impl FnMut(&P, Move, &P),
) -> Replayed {
    let fail = |played, line, kind| Replayed {
        played,
        error: Some(GameError {
            game: record.game,
            line,
            kind,
        }),
    };
    let mut pos = match start {
        Ok(pos) => pos,
        Err(kind) => return fail(0, record.line, kind),
    };
    let mut played = 0;
    for (text, line) in &record.moves {
        let m = match pos.decode(text, mode) {
            Ok(m) => m,
            Err(error) => return fail(played, line, move_error(&pos, text, error)),
        };
        let next = pos.after(m);
        on_move(&pos, m, &next);
        pos = next;
        played += 1;
    }
    Replayed {
        played,
        error: None,
    }
}

/// How far a replay got: the mainline moves played, and the error that stopped it
/// (`None`: the whole mainline was played).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
#[must_use]
pub struct Replayed {
    /// Mainline moves played.
    pub played: u64,
    /// The error that stopped the replay (the game's remaining moves are not played).
    pub error: Option<GameError>,
}

impl Replayed {
    /// Whether every mainline move was played.
    #[must_use]
    pub fn is_complete(&self) -> bool {
        self.error.is_none()
    }

    /// The moves played, or the error that stopped the replay.
    pub fn into_result(self) -> Result<u64, GameError> {
        match self.error {
            None => Ok(self.played),
            Some(e) => Err(e),
        }
    }
}

/// Replays a record's mainline from its start position in `mode`, calling
/// `on_move(before, move, after)` for every move played. Returns how far it got: the moves
/// played and the first error (after which the game's remaining moves are not played).
pub fn replay(
    record: &GameRecord,
    mode: SanMode,
    on_move: impl FnMut(&Position, Move, &Position),
) -> Replayed {
    let start = start_position(record.fen.as_deref(), record.variant.as_deref());
    replay_from(record, start, mode, on_move)
}

/// The legal move `text` (SAN as a PGN file writes it) means in `pos`, read in `mode`; the
/// error names the move number, the text and the position. The one SAN-to-move step of
/// every replay of this crate ([`replay`], [`crate::Game::position_before`]).
pub(crate) fn decode_move(
    pos: &Position,
    text: &[u8],
    mode: SanMode,
) -> Result<Move, GameErrorKind> {
    pos.decode(text, mode)
        .map_err(|error| move_error(pos, text, error))
}

/// Plays a move [`decode_move`] returned (a null move too).
pub(crate) fn play_decoded(pos: &mut Position, m: Move) {
    if m.is_null() {
        let _ = pos.make_null();
    } else {
        let _ = pos.make_unchecked(m);
    }
}

/// Replays a record's mainline as [`replay`] does, calling `on_move(san, uci)` for every
/// move played with its canonical SAN and check or mate suffix (what
/// [`SanPlus::write_to`] writes for [`San::from_move`] and [`suffix_of`]) and its UCI (what
/// [`move_to_uci`](chessbits_movegen::uci::move_to_uci) writes). Returns what [`replay`]
/// returns.
///
/// The texts are [`replay_packed`]'s, unpacked: see there for which path replays a game
/// (variant games too, through [`replay_variant`]).
pub fn replay_texts(
    record: &GameRecord,
    mode: SanMode,
    mut on_move: impl FnMut(&[u8], &[u8]),
) -> Replayed {
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
) -> Replayed {
    let (san_start, uci_start) = (san.len(), uci.len());
    if fast::texts(record, mode, san, uci) {
        return Replayed {
            played: (san.len() - san_start) as u64,
            error: None,
        };
    }
    san.truncate(san_start);
    uci.truncate(uci_start);
    if let Ok(Some(variant)) = game_variant(record.variant.as_deref()) {
        return replay_variant(record, mode, variant, |before, m, _| {
            let (mut s, mut u) = (MoveText::new(), MoveText::new());
            write_variant_texts(before, m, &mut s, &mut u);
            san.push(s.to_bits());
            uci.push(u.to_bits());
        });
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tags::Tags;
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
        let mut tags = Tags::new();
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
        let report = plies::fens_games(&recs, SanMode::Lenient, &mut out);
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
        let Replayed { error: err, .. } = replay(&recs[0], SanMode::Strict, |_, _, after| {
            let mut s = Vec::new();
            write_fen(after, &mut s);
            assert_eq!(String::from_utf8(s).expect("ascii"), after.fen());
        });
        assert_eq!(err, None);
    }
}
