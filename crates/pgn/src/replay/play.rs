//! The one replay loop ([`replay_from`], on any position that is [`Replaying`]) and its
//! standard-chess form [`replay`]: each mainline move decoded from SAN and played, and
//! [`Replayed`], how far it got.

use chessbits_bitboard_core::{Color, Move};
use chessbits_movegen::san::{SanError, SanMode, SanPlus};
use chessbits_position::Position;

use super::errors::{GameError, GameErrorKind};
use super::record::GameRecord;
use super::start::{number_text, start_position};

/// What a replay asks of a position, standard ([`Position`]) or of a variant
/// ([`VariantPosition`](chessbits_movegen::variant::VariantPosition)): the one loop of
/// [`replay`] and [`replay_variant`](crate::replay::replay_variant) runs on either.
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
/// as [`replay`] and [`replay_variant`](crate::replay::replay_variant) describe.
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
