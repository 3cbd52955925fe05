//! Replaying games: the start position from the `FEN`/`SetUp`/`Variant` tags, every
//! mainline move decoded from SAN and played, and errors that say where.
//!
//! [`RecordCollector`] is a [`Visitor`] that keeps only what replay needs (the start tags and
//! the mainline moves with their lines) in a compact [`GameRecord`], so that games can be
//! read on one thread and replayed on others (see [`crate::pipeline`]). [`replay`] plays a
//! record and hands each move to a callback; [`check_games`] is the job of
//! `chessbits pgn check`, and [`replay_plies`] the producer of every table of moves.

mod collect;
mod errors;
mod fast;
mod jobs;
mod play;
mod plies;
mod record;
mod sink;
mod start;
mod texts;
mod variants;

pub use collect::RecordCollector;
pub(crate) use errors::ErrorCap;
pub use errors::{GameError, GameErrorKind, MAX_GAME_ERRORS, MAX_GAME_MOVES};
pub use jobs::{check_game, check_games, Report};
pub(crate) use play::{decode_move, play_decoded};
pub use play::{replay, Replayed};
pub use plies::{replay_into, replay_plies, Plies, Ply};
pub use record::GameRecord;
pub use sink::PlySink;
pub use start::{move_number, start_position, write_fen};
pub use texts::{replay_packed, replay_texts};
pub use variants::{
    game_variant, replay_any, replay_variant, variant_start_position, write_variant_fen,
    write_variant_texts,
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tags::Tags;
    use crate::Reader;
    use chessbits_movegen::san::SanMode;

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
