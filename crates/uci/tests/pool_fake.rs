//! [`EnginePool`] against the scripted fake engine of `fake/mod.rs`: answers turned to
//! White's side, the options sent, an engine that dies restarted with the position
//! retried once, and a position it dies on twice answered with an error.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod fake;

use chessbits_uci::{Limits, PoolError, PoolSettings, Score, Wdl};
use fake::{fake, generous, UCI_HANDSHAKE};

/// After 1. e4: Black to move.
const AFTER_E4: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";

fn settings(f: &fake::Fake, options: &[(&str, &str)]) -> PoolSettings {
    PoolSettings {
        command: f.command.clone(),
        options: options
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect(),
        limits: Limits::nodes(500),
        engines: 1,
    }
}

#[test]
fn answers_from_whites_side_and_a_death_is_retried_once() {
    // The engine answers one search and dies on the next; restarted, it plays the script
    // from its start, so the retried search is answered.
    let script = [
        UCI_HANDSHAKE,
        "< isready",
        "> readyok",
        "< go nodes 500",
        "> info depth 3 score cp 25 wdl 600 300 100 pv e7e5 g1f3",
        "> bestmove e7e5",
        "< go",
        "exit 3",
    ]
    .join("\n");
    let f = fake(&script, generous());
    let pool = chessbits_uci::EnginePool::start(settings(&f, &[("Hash", "32")])).unwrap();
    pool.submit(7, AFTER_E4.to_owned());
    pool.submit(8, AFTER_E4.to_owned());
    let mut answers = vec![pool.recv().unwrap(), pool.recv().unwrap()];
    answers.sort_by_key(|a| a.0);
    for (id, result) in answers {
        let a = result.unwrap_or_else(|e| panic!("{id}: {e}"));
        assert_eq!(a.score, Some(Score::Cp(-25)), "White's side");
        assert_eq!(
            a.wdl,
            Some(Wdl {
                wins: 100,
                draws: 300,
                losses: 600
            })
        );
        assert_eq!(a.depth, Some(3));
        assert_eq!(a.best.as_deref(), Some("e7e5"));
        assert_eq!(a.pv, ["e7e5", "g1f3"]);
    }
    let received = f.received();
    assert!(received.iter().any(|l| l == "setoption name Hash value 32"));
    assert!(received
        .iter()
        .any(|l| l == &format!("position fen {AFTER_E4}")));
}

#[test]
fn a_position_the_engine_dies_on_twice_is_an_error_and_a_bad_fen_too() {
    let script = [UCI_HANDSHAKE, "< isready", "> readyok", "< go", "exit 3"].join("\n");
    let f = fake(&script, generous());
    let pool = chessbits_uci::EnginePool::start(settings(&f, &[])).unwrap();
    pool.submit(1, AFTER_E4.to_owned());
    match pool.recv().unwrap() {
        (1, Err(PoolError::Engine { fen, first, second })) => {
            assert_eq!(fen, AFTER_E4);
            assert!(first.to_string().contains("exited"), "{first}");
            assert!(second.to_string().contains("exited"), "{second}");
        }
        other => panic!("{other:?}"),
    }
    pool.submit(2, "not a fen".to_owned());
    assert!(matches!(
        pool.recv().unwrap(),
        (2, Err(PoolError::Position { .. }))
    ));
}
