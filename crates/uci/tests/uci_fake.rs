//! Every UCI exchange and every engine fault, against the scripted fake engine of
//! `fake/mod.rs` (no installed engine needed; no test depends on the machine's speed: a
//! deadline test uses an engine that never answers).

mod fake;

use std::time::Duration;

use chessbits_bitboard_core::{Move, Square};
use chessbits_movegen::variant::VariantPosition;
use chessbits_position::{CastlingMode, Position, Variant};
use chessbits_uci::{
    Bound, EngineCommand, EngineError, Limits, OptionError, OptionKind, OptionValue, Score, Stage,
    UciEngine,
};
use fake::{fake, generous, quick, UCI_HANDSHAKE};

fn script(parts: &[&str]) -> String {
    parts.join("\n")
}

fn start(f: &fake::Fake) -> UciEngine {
    match f.command.start_uci() {
        Ok(e) => e,
        Err(e) => panic!("start: {e}"),
    }
}

#[test]
fn handshake_reads_id_and_every_option_type() {
    let f = fake(
        &script(&[
            "< uci",
            "> Fake Engine by the tests (a banner)",
            "> id name Fake Engine 1.0",
            "> id author The Tests",
            "> option name Hash type spin default 16 min 1 max 1024",
            "> option name Ponder type check default false",
            "> option name Style type combo default Normal var Solid var Normal",
            "> option name Clear Hash type button",
            "> option name Debug Log File type string default <empty>",
            "> option name Broken type slider",
            "> uciok",
        ]),
        generous(),
    );
    let engine = start(&f);
    assert_eq!(engine.name(), Some("Fake Engine 1.0"));
    assert_eq!(engine.author(), Some("The Tests"));
    assert_eq!(engine.options().len(), 5);
    assert_eq!(
        engine.option("hash").map(|o| &o.kind),
        Some(&OptionKind::Spin {
            default: 16,
            min: 1,
            max: 1024
        })
    );
    assert!(matches!(
        engine.option("DEBUG LOG FILE").map(|o| &o.kind),
        Some(OptionKind::String { default }) if default.is_empty()
    ));
    assert_eq!(engine.warnings().len(), 1, "the slider option is skipped");
    assert!(engine.warnings()[0].line.contains("Broken"));
    assert_eq!(engine.quit().map(|s| s.success()), Some(true));
    assert_eq!(f.received(), ["uci", "quit"]);
}

#[test]
fn options_are_checked_then_sent() {
    let f = fake(
        &script(&[UCI_HANDSHAKE, "< isready", "> readyok"]),
        generous(),
    );
    let mut engine = start(&f);
    engine.set_option("hash", 64).expect("in range");
    engine.set_option("PONDER", true).expect("check");
    engine.set_option("style", "risky").expect("a choice");
    engine
        .set_option("Clear Hash", OptionValue::Button)
        .expect("button");
    engine
        .set_option("SyzygyPath", "/tb/a b")
        .expect("string with a space");
    assert!(matches!(
        engine.set_option("Hash", 0),
        Err(EngineError::Option(OptionError::Range { .. }))
    ));
    assert!(matches!(
        engine.set_option("Ponder", 3),
        Err(EngineError::Option(OptionError::Type { .. }))
    ));
    assert!(matches!(
        engine.set_option("Style", "Wild"),
        Err(EngineError::Option(OptionError::NotAChoice { .. }))
    ));
    assert!(matches!(
        engine.set_option("Threads", 2),
        Err(EngineError::Option(OptionError::Unknown { .. }))
    ));
    assert!(matches!(
        engine.set_option("SyzygyPath", "a\nquit"),
        Err(EngineError::Option(OptionError::LineBreak { .. }))
    ));
    engine.is_ready().expect("readyok");
    drop(engine);
    assert_eq!(
        f.received(),
        [
            "uci",
            "setoption name Hash value 64",
            "setoption name Ponder value true",
            "setoption name Style value Risky",
            "setoption name Clear Hash",
            "setoption name SyzygyPath value /tb/a b",
            "isready",
            "quit"
        ]
    );
}

#[test]
fn new_game_positions_and_every_limit() {
    let go = "> bestmove e7e5";
    let f = fake(
        &script(&[
            UCI_HANDSHAKE,
            "< isready",
            "> readyok",
            "< go",
            "> info depth 1 score cp 20 pv e7e5",
            go,
            "< go",
            go,
            "< go",
            go,
        ]),
        generous(),
    );
    let mut engine = start(&f);
    engine.new_game().expect("ucinewgame");
    let e4 = Move::normal(Square::E2, Square::E4);
    engine.set_position(&Position::new(), &[e4]).expect("legal");
    let all = Limits {
        depth: Some(10),
        nodes: Some(5000),
        movetime: Some(Duration::from_millis(250)),
        wtime: Some(Duration::from_secs(60)),
        btime: Some(Duration::from_secs(50)),
        winc: Some(Duration::from_secs(1)),
        binc: Some(Duration::from_secs(2)),
        movestogo: Some(40),
        mate: Some(3),
        infinite: false,
        searchmoves: vec![
            Move::normal(Square::E7, Square::E5),
            Move::normal(Square::G8, Square::F6),
        ],
    };
    let result = engine.go(&all).expect("bestmove");
    assert_eq!(result.best, Some(Move::normal(Square::E7, Square::E5)));
    assert_eq!(result.infos.len(), 1);
    assert_eq!(result.infos[0].depth, Some(1));
    // A FEN position; searchmoves must be legal there.
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1";
    let pos = Position::from_fen(fen).expect("fen");
    engine.set_position(&pos, &[]).expect("fen position");
    assert!(matches!(
        engine.go(&Limits::depth(1).with_searchmoves(vec![e4])),
        Err(EngineError::IllegalMove {
            stage: Stage::Position,
            ..
        })
    ));
    // A move the caller gives must be legal.
    assert!(matches!(
        engine.set_position(&Position::new(), &[Move::normal(Square::E2, Square::E5)]),
        Err(EngineError::IllegalMove {
            stage: Stage::Position,
            ..
        })
    ));
    engine.set_position(&Position::new(), &[e4]).expect("again");
    let result = engine.go(&Limits::nodes(100)).expect("nodes");
    assert!(result.best.is_some());
    let result = engine
        .go(&Limits::movetime(Duration::from_millis(10)))
        .expect("movetime");
    assert!(result.best.is_some());
    drop(engine);
    let got = f.received();
    assert_eq!(
        got[1..],
        [
            "ucinewgame",
            "isready",
            "setoption name UCI_Chess960 value false",
            "position startpos moves e2e4",
            "go wtime 60000 btime 50000 winc 1000 binc 2000 movestogo 40 depth 10 \
             nodes 5000 mate 3 movetime 250 searchmoves e7e5 g8f6",
            &format!("position fen {fen}"),
            "position startpos moves e2e4",
            "go nodes 100",
            "go movetime 10",
            "quit",
        ]
    );
}

#[test]
fn chess960_and_variants_set_their_options() {
    let f = fake(
        &script(&[UCI_HANDSHAKE, "< go", "> bestmove h1f1"]),
        generous(),
    );
    let mut engine = start(&f);
    let fen = "rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1";
    let pos = Position::from_fen_with(fen, CastlingMode::Chess960).expect("960");
    let castle = Move::castle(Square::B1, Square::H1);
    engine.set_position(&pos, &[castle]).expect("castling");
    let zh = VariantPosition::new(Variant::Crazyhouse);
    engine.set_variant_position(&zh, &[]).expect("crazyhouse");
    let three = VariantPosition::new(Variant::ThreeCheck);
    engine.set_variant_position(&three, &[]).expect("3check");
    assert!(matches!(
        engine.set_variant_position(&VariantPosition::new(Variant::Atomic), &[]),
        Err(EngineError::Unsupported(_))
    ));
    engine
        .set_position(&Position::new(), &[])
        .expect("back to chess");
    drop(engine);
    assert_eq!(
        f.received()[1..],
        [
            "setoption name UCI_Chess960 value true",
            &format!("position fen {fen} moves b1h1"),
            "setoption name UCI_Variant value crazyhouse",
            "setoption name UCI_Chess960 value false",
            "position startpos",
            "setoption name UCI_Variant value 3check",
            "position startpos",
            "setoption name UCI_Variant value chess",
            "position startpos",
            "quit",
        ]
    );
}

#[test]
fn variants_need_the_engine_option() {
    let f = fake(&script(&["< uci", "> uciok"]), generous());
    let mut engine = start(&f);
    assert!(matches!(
        engine.set_variant_position(&VariantPosition::new(Variant::KingOfTheHill), &[]),
        Err(EngineError::Unsupported(_))
    ));
    let pos = Position::from_fen_with("rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1", CastlingMode::Chess960)
        .expect("960");
    assert!(matches!(
        engine.set_position(&pos, &[]),
        Err(EngineError::Unsupported(_))
    ));
}

#[test]
fn info_lines_are_typed_and_their_moves_checked() {
    let f = fake(
        &script(&[
            UCI_HANDSHAKE,
            "< go",
            "> info string searching from the start",
            "> info depth 3 seldepth 5 multipv 1 score cp 31 lowerbound wdl 300 600 100 nodes 900 nps 9000 time 100 hashfull 1 tbhits 0 pv e2e4 e7e5 g1f3",
            "> info depth 3 multipv 2 score mate -2 upperbound pv d2d4 d7d5 e1e2 e8e9",
            "> info depth 4 currmove g1f3 currmovenumber 2 pv e2e4 e2e4",
            "> info depth x",
            "> info depth 4 foo bar pv e2e4 e7e5 baz",
            "> bestmove e2e4 ponder e7e5",
        ]),
        generous(),
    );
    let mut engine = start(&f);
    let result = engine.go(&Limits::depth(4)).expect("search");
    assert_eq!(result.best, Some(Move::normal(Square::E2, Square::E4)));
    assert_eq!(result.ponder, Some(Move::normal(Square::E7, Square::E5)));
    assert_eq!(result.infos.len(), 5);
    assert_eq!(
        result.infos[0].string.as_deref(),
        Some("searching from the start")
    );
    let first = &result.infos[1];
    assert_eq!(
        first.score.map(|s| (s.score, s.bound)),
        Some((Score::Cp(31), Bound::Lower))
    );
    assert_eq!(first.wdl.map(|w| w.draws), Some(600));
    assert_eq!(first.pv.as_ref().map(Vec::len), Some(3));
    assert_eq!(first.pv_error, None);
    // The second line's pv as written ends before e8e9 (no move at all); e1e2 is
    // illegal (the pawn is still on e2), so the pv is cut before it.
    let second = &result.infos[2];
    assert_eq!(
        second.score.map(|s| (s.score, s.bound)),
        Some((Score::Mate(-2), Bound::Upper))
    );
    assert_eq!(second.pv.as_ref().map(Vec::len), Some(2));
    assert_eq!(
        second.pv_error.as_ref().map(|e| e.text.as_str()),
        Some("e1e2")
    );
    // Playing e2e4 twice: the second is illegal, the pv is cut and the move recorded.
    let third = &result.infos[3];
    assert_eq!(third.currmove, Some(Move::normal(Square::G1, Square::F3)));
    assert_eq!(third.pv.as_ref().map(Vec::len), Some(1));
    let err = third.pv_error.as_ref().expect("illegal pv move");
    assert_eq!(err.text, "e2e4");
    assert!(err.fen.contains(" b "));
    // The malformed line is a problem of the search, not its end; the unknown tokens are
    // skipped.
    assert_eq!(result.problems.len(), 1);
    assert!(
        matches!(&result.problems[0], EngineError::Malformed { source, .. } if source.line == "info depth x")
    );
    assert_eq!(result.infos[4].pv.as_ref().map(Vec::len), Some(2));
    assert_eq!(result.best_info().and_then(|i| i.depth), Some(3));
}

#[test]
fn bestmove_none_and_illegal_moves() {
    let f = fake(
        &script(&[
            UCI_HANDSHAKE,
            "< go",
            "> bestmove (none)",
            "< go",
            "> bestmove 0000",
            "< go",
            "> bestmove e2e4 ponder e2e4",
            "< go",
            "> bestmove e2e5",
            "< go",
            "> bestmove e2e4x",
        ]),
        generous(),
    );
    let mut engine = start(&f);
    let limits = Limits::depth(1);
    assert_eq!(engine.go(&limits).expect("none").best, None);
    assert_eq!(engine.go(&limits).expect("0000").best, None);
    let r = engine.go(&limits).expect("illegal ponder is dropped");
    assert_eq!(r.best, Some(Move::normal(Square::E2, Square::E4)));
    assert_eq!(r.ponder, None);
    assert!(matches!(
        r.problems.as_slice(),
        [EngineError::IllegalMove {
            stage: Stage::Ponder,
            ..
        }]
    ));
    match engine.go(&limits) {
        Err(EngineError::IllegalMove { stage, text, fen }) => {
            assert_eq!(stage, Stage::BestMove);
            assert_eq!(text, "e2e5");
            assert_eq!(fen, Position::new().fen());
        }
        other => panic!("{other:?}"),
    }
    match engine.go(&limits) {
        Err(EngineError::Malformed { source, .. }) => {
            assert_eq!(source.line, "bestmove e2e4x");
            assert_eq!(source.column, 9);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn infinite_search_until_stop() {
    let f = fake(
        &script(&[
            UCI_HANDSHAKE,
            "< go infinite",
            "> info depth 1 pv d2d4",
            "> info depth 2 pv d2d4 d7d5",
            "< stop",
            "> bestmove d2d4 ponder d7d5",
        ]),
        generous(),
    );
    let mut engine = start(&f);
    let mut search = engine.search(&Limits::infinite()).expect("go");
    let info = search.next_info().expect("info").expect("one");
    assert_eq!(info.depth, Some(1));
    let info = search.next_info().expect("info").expect("two");
    assert_eq!(info.depth, Some(2));
    let result = search.stop().expect("bestmove after stop");
    assert_eq!(result.best, Some(Move::normal(Square::D2, Square::D4)));
    assert_eq!(result.infos.len(), 2);
    drop(engine);
    assert_eq!(
        f.received()[1..],
        [
            "setoption name UCI_Chess960 value false",
            "position startpos",
            "go infinite",
            "stop",
            "quit"
        ]
    );
}

#[test]
fn pondering_and_ponderhit() {
    let f = fake(
        &script(&[
            UCI_HANDSHAKE,
            "< go ponder",
            "> info depth 1 pv g1f3",
            "< ponderhit",
            "> bestmove g1f3",
            "< go ponder",
            "< stop",
            "> bestmove b1c3",
        ]),
        generous(),
    );
    let mut engine = start(&f);
    let e4e5 = [
        Move::normal(Square::E2, Square::E4),
        Move::normal(Square::E7, Square::E5),
    ];
    engine
        .set_position(&Position::new(), &e4e5)
        .expect("position");
    let mut search = engine
        .ponder(&Limits::clock(
            Duration::from_secs(60),
            Duration::from_secs(60),
        ))
        .expect("go ponder");
    assert_eq!(
        search.next_info().expect("info").and_then(|i| i.depth),
        Some(1)
    );
    search.ponderhit().expect("ponderhit");
    let result = search.wait().expect("bestmove");
    assert_eq!(result.best, Some(Move::normal(Square::G1, Square::F3)));
    // A ponder miss: stop, and the answer is thrown away.
    let search = engine.ponder(&Limits::depth(3)).expect("go ponder");
    let missed = search.stop().expect("stopped");
    assert_eq!(missed.best, Some(Move::normal(Square::B1, Square::C3)));
    drop(engine);
    let got = f.received();
    assert!(got.contains(&"go ponder wtime 60000 btime 60000".to_owned()));
    assert!(got.contains(&"go ponder depth 3".to_owned()));
    assert!(got.contains(&"ponderhit".to_owned()));
}

#[test]
fn a_dropped_search_is_stopped() {
    let f = fake(
        &script(&[
            UCI_HANDSHAKE,
            "< go infinite",
            "< stop",
            "> bestmove e2e4",
            "< isready",
            "> readyok",
        ]),
        generous(),
    );
    let mut engine = start(&f);
    let search = engine.search(&Limits::infinite()).expect("go");
    drop(search);
    engine.is_ready().expect("ready after the stopped search");
}

#[test]
fn unknown_program_is_not_found() {
    match UciEngine::start("/nonexistent/chessbits-no-such-engine") {
        Err(EngineError::NotFound { program, source }) => {
            assert!(program.ends_with("chessbits-no-such-engine"));
            assert_eq!(source.kind(), std::io::ErrorKind::NotFound);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_directory_cannot_be_started() {
    let err = EngineCommand::new(std::env::temp_dir())
        .start_uci()
        .expect_err("a directory");
    assert!(matches!(
        err,
        EngineError::Spawn { .. } | EngineError::NotFound { .. }
    ));
    assert!(std::error::Error::source(&err).is_some());
}

#[test]
fn engine_exiting_in_the_handshake_is_died_with_stderr() {
    let f = fake(
        &script(&[
            "< uci",
            "> id name Doomed",
            "! loading network...",
            "! fatal: network file not found",
            "exit 3",
        ]),
        generous(),
    );
    match f.command.start_uci() {
        Err(EngineError::Died {
            stage,
            exit,
            stderr,
        }) => {
            assert_eq!(stage, Stage::Handshake);
            assert_eq!(exit.0.and_then(|s| s.code()), Some(3));
            assert_eq!(
                stderr.0,
                ["loading network...", "fatal: network file not found"]
            );
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn engine_dying_in_a_search_is_died() {
    let f = fake(
        &script(&[UCI_HANDSHAKE, "< go", "! segfault", "exit 139"]),
        generous(),
    );
    let mut engine = start(&f);
    match engine.go(&Limits::depth(5)) {
        Err(e @ EngineError::Died { .. }) => {
            let text = e.to_string();
            assert!(text.contains("a search"), "{text}");
            assert!(text.contains("segfault"), "{text}");
        }
        other => panic!("{other:?}"),
    }
    // Once dead, every exchange says so.
    assert!(matches!(engine.is_ready(), Err(EngineError::Died { .. })));
}

#[test]
fn silent_engine_times_out_in_the_handshake() {
    let f = fake("hang", quick());
    match f.command.start_uci() {
        Err(EngineError::Timeout {
            stage,
            waiting_for,
            timeout,
        }) => {
            assert_eq!(stage, Stage::Handshake);
            assert_eq!(waiting_for, "uciok");
            assert_eq!(timeout, Duration::from_millis(500));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn silent_engine_times_out_in_a_search_and_readiness() {
    let f = fake(&script(&["< uci", "> uciok", "hang"]), quick());
    let mut engine = start(&f);
    assert!(matches!(
        engine.go(&Limits::depth(3)),
        Err(EngineError::Timeout {
            stage: Stage::Search,
            waiting_for: "bestmove",
            ..
        })
    ));
    assert!(matches!(
        engine.go(&Limits::movetime(Duration::from_millis(1))),
        Err(EngineError::Timeout { .. })
    ));
    assert!(matches!(
        engine.is_ready(),
        Err(EngineError::Timeout {
            stage: Stage::Ready,
            ..
        })
    ));
    let mut search = engine.search(&Limits::infinite()).expect("go");
    assert!(matches!(
        search.next_info(),
        Err(EngineError::Timeout { .. })
    ));
    drop(search);
    // Waiting on an infinite search never stopped ends too.
    let search = engine.search(&Limits::infinite()).expect("go");
    assert!(matches!(search.wait(), Err(EngineError::Timeout { .. })));
    let search = engine.ponder(&Limits::depth(3)).expect("go ponder");
    assert!(matches!(search.wait(), Err(EngineError::Timeout { .. })));
}

#[cfg(target_os = "linux")]
#[test]
fn drop_kills_and_reaps_an_engine_that_ignores_quit() {
    let f = fake(&script(&["< uci", "> uciok", "hang"]), quick());
    let engine = start(&f);
    let pid = engine.pid();
    assert!(std::path::Path::new(&format!("/proc/{pid}")).exists());
    drop(engine);
    // Killed and reaped: no process, not even a zombie.
    assert!(!std::path::Path::new(&format!("/proc/{pid}")).exists());
}

#[test]
fn a_slow_engine_is_waited_for() {
    let f = fake(
        &script(&[
            "< uci",
            "sleep 300",
            "> uciok",
            "< go",
            "sleep 300",
            "> bestmove e2e4",
        ]),
        generous(),
    );
    let mut engine = start(&f);
    let r = engine.go(&Limits::depth(20)).expect("slow but in time");
    assert!(r.best.is_some());
}

#[test]
fn malformed_handshake_lines_are_warnings_not_failures() {
    let f = fake(
        &script(&[
            "< uci",
            "> option name",
            "> option type spin",
            "> info depth zero",
            "> uciok",
        ]),
        generous(),
    );
    let engine = start(&f);
    assert_eq!(engine.warnings().len(), 3);
    assert!(engine.options().is_empty());
}

#[test]
fn writes_never_block_on_an_engine_that_stopped_reading() {
    // More than a pipe's buffer of commands to an engine that reads nothing more: each
    // send returns at once, and the wait that follows ends at its deadline.
    let f = fake(
        &script(&[
            "< uci",
            "> option name Path type string default <empty>",
            "> uciok",
            "sleep 600000",
        ]),
        quick(),
    );
    let long = "x".repeat(10_000);
    let mut engine = start_with_options(&f, &long);
    for _ in 0..3 {
        assert!(matches!(
            engine.new_game(),
            Err(EngineError::Timeout { .. })
        ));
    }
    assert!(matches!(
        engine.is_ready(),
        Err(EngineError::Timeout { .. })
    ));
}

/// Starts the engine and sends 40 `setoption`s of `value` (400 kB with 10 kB values).
fn start_with_options(f: &fake::Fake, value: &str) -> UciEngine {
    let mut engine = start(f);
    for _ in 0..40 {
        engine.set_option("Path", value).expect("queued");
    }
    engine
}

#[test]
fn variant_options_set_by_hand_are_tracked() {
    let f = fake(UCI_HANDSHAKE, generous());
    let mut engine = start(&f);
    engine
        .set_option("uci_variant", "CRAZYHOUSE")
        .expect("a choice");
    engine.set_option("UCI_Chess960", false).expect("a check");
    let zh = VariantPosition::new(Variant::Crazyhouse);
    engine.set_variant_position(&zh, &[]).expect("crazyhouse");
    drop(engine);
    assert_eq!(
        f.received()[1..],
        [
            "setoption name UCI_Variant value crazyhouse",
            "setoption name UCI_Chess960 value false",
            "position startpos",
            "quit"
        ]
    );
}

#[test]
fn huge_limits_and_deadlines_do_not_overflow() {
    let timeouts = chessbits_uci::Timeouts {
        quit: Duration::from_secs(5),
        ..chessbits_uci::Timeouts::all(Duration::MAX)
    };
    let f = fake(
        &script(&[UCI_HANDSHAKE, "< go", "> bestmove e2e4"]),
        timeouts,
    );
    let mut engine = start(&f);
    let r = engine
        .go(&Limits::movetime(Duration::MAX))
        .expect("bestmove");
    assert_eq!(r.best, Some(Move::normal(Square::E2, Square::E4)));
    drop(engine);
    assert!(f.received().iter().any(|l| l.starts_with("go movetime ")));
}

#[test]
fn stderr_kept_is_bounded_to_the_last_lines() {
    let mut steps = vec!["< uci".to_owned()];
    for i in 0..50 {
        steps.push(format!("! line {i} {}", "x".repeat(2000)));
    }
    steps.push("exit 1".to_owned());
    let timeouts = chessbits_uci::Timeouts {
        stderr_lines: 5,
        ..generous()
    };
    let f = fake(&steps.join("\n"), timeouts);
    match f.command.start_uci() {
        Err(EngineError::Died { stderr, .. }) => {
            assert_eq!(stderr.0.len(), 5);
            assert!(stderr.0[0].starts_with("line 45 "));
            assert!(stderr.0[4].starts_with("line 49 "));
            assert!(stderr.0.iter().all(|l| l.len() <= 1000));
        }
        other => panic!("{other:?}"),
    }
}
