//! Each move's SAN and UCI text as a replay writes them ([`replay_texts`], and packed into
//! words for the tables' columns, [`replay_packed`]), by the fast path where it can.

use chessbits_bitboard_core::MoveText;
use chessbits_movegen::san::{suffix_of, San, SanMode, SanPlus};

use super::fast;
use super::play::{replay, Replayed};
use super::record::GameRecord;
use super::variants::{game_variant, replay_variant, write_variant_texts};

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
/// The games [`check_games`](crate::replay::check_games) checks on movegen's
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
