//! Replaying games of the Lichess variants (a `Variant` tag such as `"Atomic"`,
//! `"Crazyhouse"` or `"King of the Hill"`): the start position from the `FEN` and
//! `Variant` tags as a [`VariantPosition`], each move decoded by movegen's variant rules,
//! and the same [`Replayed`] and [`GameError`]s as a standard game's replay.
//!
//! [`replay`] hands standard [`Position`]s to its callback, so it refuses variant games
//! (`GameErrorKind::Variant`); [`replay_variant`] is its twin for them, and the bulk jobs
//! ([`check_games`], [`fens_games`], [`replay_packed`]) choose between the two.

use chessbits_movegen::variant::{VariantError, VariantPosition};
use chessbits_position::Variant;

use super::*;

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
    let setup = Setup::from_ascii(fen.trim_ascii()).map_err(|e| setup_error(e.into()))?;
    let mode = CastlingMode::detect(&setup);
    VariantPosition::from_setup(variant, &setup, mode).map_err(setup_error)
}

/// Replays a variant game's mainline as [`replay`] does a standard one, calling
/// `on_move(before, move, after)` for every move played.
pub fn replay_variant(
    record: &GameRecord,
    mode: SanMode,
    variant: Variant,
    mut on_move: impl FnMut(&VariantPosition, Move, &VariantPosition),
) -> Replayed {
    let fail = |line, kind| Replayed {
        played: 0,
        error: Some(GameError {
            game: record.game,
            line,
            kind,
        }),
    };
    let mut pos = match variant_start_position(record.fen.as_deref(), variant) {
        Ok(pos) => pos,
        Err(kind) => return fail(record.line, kind),
    };
    let mut played = 0;
    for (text, line) in &record.moves {
        let m = match pos.parse_san(text, mode) {
            Ok(m) => m,
            Err(error) => {
                let kind = GameErrorKind::Move {
                    number: variant_move_number(&pos),
                    san: String::from_utf8_lossy(text).into_owned(),
                    fen: pos.fen(),
                    error,
                };
                return Replayed {
                    played,
                    ..fail(line, kind)
                };
            }
        };
        let next = pos.play_unchecked(m);
        on_move(&pos, m, &next);
        pos = next;
        played += 1;
    }
    Replayed {
        played,
        error: None,
    }
}

/// The move number of the side to move as PGN writes it: `12.` or `12...`.
fn variant_move_number(pos: &VariantPosition) -> String {
    match pos.turn() {
        Color::White => format!("{}.", pos.fullmoves()),
        Color::Black => format!("{}...", pos.fullmoves()),
    }
}

/// Replays any game, standard or of a variant, without a callback: what [`check_games`]
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
