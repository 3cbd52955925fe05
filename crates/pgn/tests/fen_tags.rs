//! `[FEN]` tags reach the FEN parser and the position's validation: a FEN that once made
//! the castling-field parser overflow (a king on h8 with `k`) now reads, its impossible
//! right is dropped (tags are validated leniently), every game replays, and the writer
//! prints such a game back unchanged.

#![allow(clippy::unwrap_used)]

use chessbits_pgn::{GameBuilder, Reader, RecordCollector, SanMode};

const PGN: &[u8] = b"[FEN \"7k/8/8/8/8/8/8/K7 w k - 0 1\"]\n[SetUp \"1\"]\n\n1. Kb2 *\n\n\
[FEN \"7K/8/8/8/8/8/8/k7 b K - 0 1\"]\n[SetUp \"1\"]\n\n1... Kb2 *\n\n1. e4 e5 *\n";

#[test]
fn a_castling_right_beside_a_corner_king_is_dropped_and_the_games_replay() {
    let mut records = Vec::new();
    Reader::new(PGN)
        .read_all(&mut RecordCollector::new(), |r| records.push(r))
        .unwrap();
    assert_eq!(records.len(), 3);
    let mut moves = 0;
    for record in &records {
        let chessbits_pgn::Replayed {
            played: n, error, ..
        } = chessbits_pgn::replay(record, SanMode::Lenient, |_, _, _| {});
        assert!(error.is_none(), "{error:?}");
        moves += n;
    }
    assert_eq!(moves, 4);
    for (record, fen) in records
        .iter()
        .zip(["7k/8/8/8/8/8/8/K7 w - - 0 1", "7K/8/8/8/8/8/8/k7 b - - 0 1"])
    {
        let pos = chessbits_pgn::start_position(record.fen.as_deref(), None).unwrap();
        assert_eq!(pos.fen(), fen);
    }
    // Strictly validated, the right is a typed error naming the square.
    let strict = chessbits_position::Position::from_fen("7k/8/8/8/8/8/8/K7 w k - 0 1").unwrap_err();
    assert!(strict.to_string().contains("h8"), "{strict}");

    let mut reader = Reader::new(PGN);
    while let Some((game, _)) = reader.read_game(&mut GameBuilder::new()).unwrap() {
        let mut out = Vec::new();
        chessbits_pgn::write_game(&game, &mut out);
        let (back, _) = Reader::new(&out[..])
            .read_game(&mut GameBuilder::new())
            .unwrap()
            .unwrap();
        assert!(back.lines == game.lines);
    }
}
