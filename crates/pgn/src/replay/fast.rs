//! The fast path of [`check_games`](super::check_games) and
//! [`replay_packed`](super::replay_packed): a game from the standard start position (or a
//! `FEN` tag of standard chess that passes strict validation), read in
//! [`SanMode::Lenient`], replayed by movegen's [`SanReplayer`], which keeps only what
//! deciding SAN needs.
//!
//! The replayer only ever says "every move was played": anything else (a move it does not
//! find exactly once, a coordinate move, a null move) makes the caller replay the game from
//! the start with [`super::replay`], which then finds and words the error exactly as
//! before. The tests hold both paths to the same moves, boards and texts on every shared
//! game file and on random games.

use chessbits_movegen::san::SanMode;
use chessbits_movegen::SanReplayer;
use chessbits_position::{CastlingMode, Position, Validation};

use super::record::GameRecord;
use super::sink::PlySink;
use super::start::{start_position, variant_mode, write_fen};
use chessbits_bitboard_core::MoveText;

/// Replays `record` on the fast path when it can: a game from the standard start position
/// (no `FEN` tag; no `Variant` tag, or one that names standard chess) read in lenient mode.
/// `Some(moves)` when every move was played; `None` when the full replay must decide.
pub(super) fn check(record: &GameRecord, mode: SanMode) -> Option<u64> {
    let mut board = start(record, mode)?;
    let mut played = 0;
    for text in record.moves.texts() {
        if !board.play_san(text) {
            return None;
        }
        played += 1;
    }
    Some(played)
}

/// The fast path's start board of `record` (see [`check`]); `None` when the full replay
/// must decide.
pub(super) fn start(record: &GameRecord, mode: SanMode) -> Option<SanReplayer> {
    if mode != SanMode::Lenient {
        return None;
    }
    let variant = match &record.variant {
        Some(v) => Some(variant_mode(v)?),
        None => None,
    };
    let board = match &record.fen {
        None if variant.is_none_or(|v| v == CastlingMode::Standard) => SanReplayer::new(),
        None => return None,
        Some(fen) => {
            // As `start_position` reads the tag, but only a position that passes strict
            // validation in standard chess (a leniently accepted one may break the
            // assumptions legality-by-king-safety makes, such as the side not to move
            // being out of check).
            let pos = Position::read_fen(fen, variant, Validation::Strict).ok()?;
            if pos.mode() != CastlingMode::Standard {
                return None;
            }
            SanReplayer::from_position(&pos)?
        }
    };
    Some(board)
}

/// Replays `record` on the fast path as [`check`] does, appending each move's texts (the
/// canonical SAN with its suffix and the UCI, as [`chessbits_bitboard_core::MoveText`]
/// words) to `san` and `uci`; `false` (with the vectors holding the moves before the one
/// given up on) when the full replay must decide.
pub(super) fn texts(
    record: &GameRecord,
    mode: SanMode,
    san: &mut Vec<u64>,
    uci: &mut Vec<u64>,
) -> bool {
    let Some(mut board) = start(record, mode) else {
        return false;
    };
    for text in record.moves.texts() {
        match board.play_san_texts(text) {
            Some((s, u)) => {
                san.push(s.to_bits());
                uci.push(u.to_bits());
            }
            None => return false,
        }
    }
    true
}

/// Replays `record` on the fast path as [`check`] does into `sink` (see
/// [`super::replay_into`]): the replayer decides and words each move, a [`Position`]
/// beside it plays the move for the FENs. `Some(moves)` when every move was played;
/// `None`, with the sink rewound, when the full replay must decide.
pub(super) fn plies(record: &GameRecord, mode: SanMode, sink: &mut impl PlySink) -> Option<u64> {
    let mut board = start(record, mode)?;
    let mut pos = start_position(record.fen.as_deref(), record.variant.as_deref()).ok()?;
    let mut played = 0;
    for text in record.moves.texts() {
        let Some((m, san)) = board.play_san_move(text) else {
            if played > 0 {
                sink.rewind();
            }
            return None;
        };
        if played == 0 {
            sink.start(|out| write_fen(&pos, out));
        }
        let mut uci = MoveText::new();
        m.write_uci(false, &mut uci);
        let _ = pos.make_unchecked(m);
        sink.push(san, uci, |out| write_fen(&pos, out));
        played += 1;
    }
    Some(played)
}

#[cfg(test)]
mod tests;
