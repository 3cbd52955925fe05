//! Replaying games of the Lichess variants (a `Variant` tag such as `"Atomic"`,
//! `"Crazyhouse"` or `"King of the Hill"`): the start position from the `FEN` and
//! `Variant` tags as a [`VariantPosition`], each move decoded by movegen's variant rules,
//! and the same [`Replayed`] and [`GameError`]s as a standard game's replay.
//!
//! [`replay`] hands standard [`Position`]s to its callback, so it refuses variant games
//! (`GameErrorKind::Variant`); [`replay_variant`] is its twin for them, and the bulk jobs
//! ([`check_games`](crate::replay::check_games), [`replay_plies`], [`replay_packed`]) choose between the two.

use chessbits_movegen::variant::{VariantError, VariantPosition};
use chessbits_position::Variant;

use chessbits_bitboard_core::{Color, Move};
use chessbits_movegen::san::{SanError, SanMode};

use super::errors::GameErrorKind;
use super::play::{replay, replay_from, Replayed, Replaying};
use super::record::GameRecord;

/// The variant a `Variant` tag names: `Ok(None)` for standard chess and Chess960 (and no
/// tag), `Ok(Some(_))` for a Lichess variant, an error for a name no rule book here plays.
pub fn game_variant(tag: Option<&[u8]>) -> Result<Option<Variant>, GameErrorKind> {
    let Some(tag) = tag else {
        return Ok(None);
    };
    match Variant::from_pgn_tag(tag) {
        Some((Variant::Chess, _)) => Ok(None),
        Some((v, _)) => Ok(Some(v)),
        None => Err(GameErrorKind::Variant(
            String::from_utf8_lossy(tag).into_owned(),
        )),
    }
}

/// The start position of a `variant` game: the variant's start, or its `FEN` tag read
/// with the variants' additions (pockets, `~`, check counters).
pub fn variant_start_position(
    fen: Option<&[u8]>,
    variant: Variant,
) -> Result<VariantPosition, GameErrorKind> {
    let Some(fen) = fen else {
        return Ok(VariantPosition::new(variant));
    };
    let setup_error = |error: VariantError| GameErrorKind::VariantSetup {
        fen: String::from_utf8_lossy(fen).into_owned(),
        error,
    };
    VariantPosition::read_fen(variant, fen).map_err(setup_error)
}

/// Replays a variant game's mainline as [`replay`] does a standard one, calling
/// `on_move(before, move, after)` for every move played.
pub fn replay_variant(
    record: &GameRecord,
    mode: SanMode,
    variant: Variant,
    on_move: impl FnMut(&VariantPosition, Move, &VariantPosition),
) -> Replayed {
    let start = variant_start_position(record.fen.as_deref(), variant);
    replay_from(record, start, mode, on_move)
}

impl Replaying for VariantPosition {
    fn decode(&self, text: &[u8], mode: SanMode) -> Result<Move, SanError> {
        self.parse_san(text, mode)
    }

    fn after(&self, m: Move) -> VariantPosition {
        self.play_unchecked(m)
    }

    fn turn(&self) -> Color {
        VariantPosition::turn(self)
    }

    fn fullmoves(&self) -> u32 {
        VariantPosition::fullmoves(self)
    }

    fn fen(&self) -> String {
        VariantPosition::fen(self)
    }
}

/// Replays any game, standard or of a variant, without a callback: what [`check_games`](crate::replay::check_games)
/// counts.
pub fn replay_any(record: &GameRecord, mode: SanMode) -> Replayed {
    match game_variant(record.variant.as_deref()) {
        Ok(Some(variant)) => replay_variant(record, mode, variant, |_, _, _| {}),
        _ => replay(record, mode, |_, _, _| {}),
    }
}

/// The canonical SAN with suffix and the UCI of `m` in `before` (as a variant game's
/// texts are written), appended to `san` and `uci`.
pub fn write_variant_texts(
    before: &VariantPosition,
    m: Move,
    san: &mut impl chessbits_bitboard_core::TextSink,
    uci: &mut impl chessbits_bitboard_core::TextSink,
) {
    before.san_plus(m).write_to(san);
    m.write_uci(before.is_chess960(), uci);
}

/// Appends the FEN of a variant position to `out`.
pub fn write_variant_fen(pos: &VariantPosition, out: &mut Vec<u8>) {
    out.extend_from_slice(pos.fen().as_bytes());
}
