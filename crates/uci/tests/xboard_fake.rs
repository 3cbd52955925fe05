//! The XBoard exchanges and faults against the scripted fake engine (`fake/mod.rs`).

mod fake;

use std::time::Duration;

use chessbits_bitboard_core::{Move, Square};
use chessbits_movegen::variant::VariantPosition;
use chessbits_position::{CastlingMode, Position, Variant};
use chessbits_uci::{
    EngineError, FeatureValue, Limits, OptionError, OptionKind, Stage, XBoardEngine, XBoardReply,
};
use fake::{fake, generous, quick};

fn script(parts: &[&str]) -> String {
    parts.join("\n")
}

const HANDSHAKE: &str = r#"< protover 2
> tellics say Fake XBoard engine
> feature done=0
> feature myname="Fake Max 1.0" ping=1 setboard=1 usermove=1 san=1 variants="normal,fischerandom,crazyhouse"
> feature option="Resign Threshold -spin 800 200 1200" option="Book -check 1" colors=0 frobnicate=1
> feature done=1"#;

fn start(f: &fake::Fake) -> XBoardEngine {
    match f.command.start_xboard() {
        Ok(e) => e,
        Err(e) => panic!("start: {e}"),
    }
}

#[test]
fn handshake_accepts_known_features_and_rejects_the_rest() {
    let f = fake(HANDSHAKE, generous());
    let engine = start(&f);
    assert_eq!(engine.name(), Some("Fake Max 1.0"));
    let features = engine.features();
    assert!(features.flag("ping"));
    assert!(features.flag("setboard"));
    assert!(!features.flag("san"), "san=1 is rejected");
    assert!(!features.flag("colors"));
    assert!(features.flag("time"), "the protocol's default");
    assert_eq!(
        features.variants(),
        ["normal", "fischerandom", "crazyhouse"]
    );
    assert_eq!(
        features.options(),
        ["Resign Threshold -spin 800 200 1200", "Book -check 1"]
    );
    assert_eq!(features.get("done"), Some(&FeatureValue::Int(1)));
    assert_eq!(
        engine.option("resign threshold").map(|o| &o.kind),
        Some(&OptionKind::Spin {
            default: 800,
            min: 200,
            max: 1200
        })
    );
    let mut engine = engine;
    engine
        .set_option("Resign threshold", 900)
        .expect("in range");
    engine.set_option("book", false).expect("a check");
    assert!(matches!(
        engine.set_option("Resign Threshold", 100),
        Err(EngineError::Option(OptionError::Range { .. }))
    ));
    assert!(matches!(
        engine.set_option("Hash", 1),
        Err(EngineError::Option(OptionError::Unknown { .. }))
    ));
    drop(engine);
    assert_eq!(
        f.received(),
        [
            "xboard",
            "protover 2",
            "accepted done",
            "accepted myname",
            "accepted ping",
            "accepted setboard",
            "accepted usermove",
            "rejected san",
            "accepted variants",
            "accepted option",
            "accepted option",
            "accepted colors",
            "rejected frobnicate",
            "accepted done",
            "easy",
            "option Resign Threshold=900",
            "option Book=0",
            "quit",
        ]
    );
}

#[test]
fn a_game_with_thinking_and_moves() {
    let f = fake(
        &script(&[
            HANDSHAKE,
            "< ping 1",
            "> pong 1",
            "< go",
            "> 1 10 0 20 e7e5",
            "> 2 5 1 120 e7e5 g1f3",
            "> 3 7 2 900\t1. ... e5 2. Nf3 Nc6",
            "> 4 7 3 1900 e7e5 e7e5",
            "> 5 foo",
            "> move e7e5",
            "< go",
            "> move Nc6",
        ]),
        generous(),
    );
    let mut engine = start(&f);
    engine.ping().expect("pong");
    let e4 = Move::normal(Square::E2, Square::E4);
    engine
        .set_position(&Position::new(), &[e4])
        .expect("position");
    let result = engine.go(&Limits::depth(3)).expect("move");
    let e5 = Move::normal(Square::E7, Square::E5);
    assert_eq!(result.reply, XBoardReply::Move(e5));
    assert_eq!(result.thinking.len(), 4);
    let t = &result.thinking[1];
    assert_eq!((t.ply, t.score, t.nodes), (2, 5, 120));
    assert_eq!(t.time, Duration::from_millis(10));
    assert_eq!(t.pv.len(), 2);
    assert_eq!(result.thinking[2].pv.len(), 3, "SAN with move numbers");
    assert_eq!(result.thinking[3].pv.len(), 1);
    assert_eq!(
        result.thinking[3]
            .pv_error
            .as_ref()
            .map(|e| e.text.as_str()),
        Some("e7e5")
    );
    assert!(matches!(
        result.problems.as_slice(),
        [EngineError::Malformed { .. }]
    ));
    // The position goes on from the engine's move: only the new moves are sent.
    let nf3 = Move::normal(Square::G1, Square::F3);
    engine
        .set_position(&Position::new(), &[e4, e5, nf3])
        .expect("extends");
    let result = engine
        .go(&Limits::movetime(Duration::from_millis(1500)))
        .expect("move");
    assert_eq!(
        result.reply,
        XBoardReply::Move(Move::normal(Square::B8, Square::C6))
    );
    engine.result("1/2-1/2", "agreed").expect("result");
    drop(engine);
    let got = f.received();
    let after = got
        .iter()
        .position(|l| l == "easy")
        .map_or(&got[..], |i| &got[i + 1..]);
    assert_eq!(
        after,
        [
            "ping 1",
            "new",
            "force",
            "usermove e2e4",
            "sd 3",
            "post",
            "go",
            "force",
            "usermove g1f3",
            "st 2",
            "post",
            "go",
            "force",
            "result 1/2-1/2 {agreed}",
            "quit",
        ]
    );
}

#[test]
fn setboard_clock_resign_and_claims() {
    let f = fake(
        &script(&[
            HANDSHAKE,
            "< go",
            "> resign",
            "< go",
            "> offer draw",
            "> 1/2-1/2 {Draw by repetition}",
        ]),
        generous(),
    );
    let mut engine = start(&f);
    let fen = "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1";
    engine
        .set_position(&Position::from_fen(fen).expect("fen"), &[])
        .expect("setboard");
    let clock = Limits::clock(Duration::from_secs(90), Duration::from_secs(61))
        .with_increments(Duration::from_secs(2), Duration::from_secs(1));
    assert_eq!(engine.go(&clock).expect("reply").reply, XBoardReply::Resign);
    let r = engine.go(&Limits::depth(1)).expect("claim");
    assert!(r.offered_draw);
    assert_eq!(
        r.reply,
        XBoardReply::Result {
            result: "1/2-1/2".into(),
            comment: "Draw by repetition".into()
        }
    );
    drop(engine);
    let got = f.received();
    for line in [
        format!("setboard {fen}"),
        "level 0 1:01 1".to_owned(),
        "time 6100".to_owned(),
        "otim 9000".to_owned(),
    ] {
        assert!(got.contains(&line), "{line} in {got:?}");
    }
}

#[test]
fn illegal_and_refused_moves() {
    let f = fake(
        &script(&[
            HANDSHAKE,
            "< go",
            "> move e2e5",
            "< go",
            "> Illegal move (not your turn): e2e4",
        ]),
        generous(),
    );
    let mut engine = start(&f);
    match engine.go(&Limits::depth(2)) {
        Err(EngineError::IllegalMove { stage, text, .. }) => {
            assert_eq!((stage, text.as_str()), (Stage::BestMove, "e2e5"));
        }
        other => panic!("{other:?}"),
    }
    match engine.go(&Limits::depth(2)) {
        Err(EngineError::IllegalMove { stage, text, .. }) => {
            assert_eq!((stage, text.as_str()), (Stage::Position, "e2e4"));
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        engine.go(&Limits::nodes(10)),
        Err(EngineError::Unsupported(_))
    ));
}

#[test]
fn chess960_and_variants_over_xboard() {
    let f = fake(
        &script(&[HANDSHAKE, "< go", "> move O-O-O", "< go", "> move P@d5"]),
        generous(),
    );
    let mut engine = start(&f);
    let c960 =
        Position::from_fen_with("rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1", CastlingMode::Chess960)
            .expect("960");
    let castle = Move::castle(Square::B1, Square::H1);
    engine.set_position(&c960, &[castle]).expect("fischerandom");
    // Black castles long, as the engine says it (O-O-O), king takes rook inside.
    let r = engine.go(&Limits::depth(2)).expect("move");
    assert_eq!(
        r.reply,
        XBoardReply::Move(Move::castle(Square::B8, Square::A8))
    );
    let zh = VariantPosition::from_fen(
        Variant::Crazyhouse,
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR[Pp] b KQkq - 0 2",
    )
    .expect("zh");
    let nc6 = Move::normal(Square::B8, Square::C6);
    engine
        .set_variant_position(&zh, &[nc6])
        .expect("crazyhouse");
    let r = engine.go(&Limits::depth(2)).expect("a drop");
    assert_eq!(
        r.reply,
        XBoardReply::Move(Move::drop(chessbits_bitboard_core::Role::Pawn, Square::D5))
    );
    assert!(matches!(
        engine.set_variant_position(&VariantPosition::new(Variant::Atomic), &[]),
        Err(EngineError::Unsupported(_))
    ));
    drop(engine);
    let got = f.received();
    let after = got
        .iter()
        .position(|l| l == "easy")
        .map_or(&got[..], |i| &got[i + 1..]);
    assert_eq!(
        after,
        [
            "new",
            "variant fischerandom",
            "force",
            "setboard rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1",
            "usermove b1h1",
            "sd 2",
            "post",
            "go",
            "force",
            "new",
            "variant crazyhouse",
            "force",
            "setboard rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR[Pp] b KQkq - 0 2",
            "usermove b8c6",
            "sd 2",
            "post",
            "go",
            "force",
            "quit",
        ]
    );
}

#[test]
fn without_setboard_only_the_start_and_moves() {
    let f = fake(
        &script(&["< protover 2", "> feature setboard=0 ping=0 done=1"]),
        generous(),
    );
    let mut engine = start(&f);
    let fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
    assert!(matches!(
        engine.set_position(&Position::from_fen(fen).expect("fen"), &[]),
        Err(EngineError::Unsupported(_))
    ));
    assert!(matches!(engine.ping(), Err(EngineError::Unsupported(_))));
    engine
        .set_position(&Position::new(), &[Move::normal(Square::D2, Square::D4)])
        .expect("moves without usermove");
    assert!(engine.set_option("Nothing", "1").is_err());
    drop(engine);
    assert!(f.received().contains(&"d2d4".to_owned()));
}

#[test]
fn silent_or_dying_xboard_engines() {
    let f = fake("hang", quick());
    assert!(matches!(
        f.command.start_xboard(),
        Err(EngineError::Timeout {
            stage: Stage::Handshake,
            waiting_for: "feature done=1",
            ..
        })
    ));
    let f = fake(
        &script(&["< protover", "! cannot open book", "exit 2"]),
        generous(),
    );
    match f.command.start_xboard() {
        Err(EngineError::Died { exit, stderr, .. }) => {
            assert_eq!(exit.0.and_then(|s| s.code()), Some(2));
            assert_eq!(stderr.0, ["cannot open book"]);
        }
        other => panic!("{other:?}"),
    }
    let f = fake(
        &script(&["< protover", "> feature done=1", "hang"]),
        quick(),
    );
    let mut engine = start(&f);
    assert!(matches!(
        engine.go(&Limits::depth(1)),
        Err(EngineError::Timeout {
            stage: Stage::Search,
            ..
        })
    ));
    // After a search given up, the next position starts the engine's board afresh.
    engine.set_position(&Position::new(), &[]).expect("queued");
    drop(engine);
    let news = f.received().iter().filter(|l| *l == "new").count();
    assert_eq!(news, 2);
}

#[test]
fn a_move_the_engine_refuses_is_an_error_not_a_wrong_board() {
    // The engine refuses our move with `Error (...)`, and then would answer for the
    // wrong side: the client says the engine's board is not ours, whenever the refusal
    // comes (before `go` or after).
    let f = fake(
        &script(&[
            HANDSHAKE,
            "< usermove",
            "> Error (unknown command): e2e4",
            "> Error (unknown command): post",
            "< go",
            "> move d2d4",
        ]),
        generous(),
    );
    let mut engine = start(&f);
    let e4 = Move::normal(Square::E2, Square::E4);
    engine.set_position(&Position::new(), &[e4]).expect("sent");
    match engine.go(&Limits::depth(1)) {
        Err(EngineError::IllegalMove { stage, text, .. }) => {
            assert_eq!((stage, text.as_str()), (Stage::Position, "e2e4"));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn features_without_done_are_enough_but_done_0_must_be_ended() {
    // Features and no `done`: the handshake ends at its deadline, without error.
    let f = fake(
        &script(&["< protover", "> feature ping=1 setboard=1", "hang"]),
        quick(),
    );
    let engine = start(&f);
    assert!(engine.features().flag("setboard"));
    // `done=0` promises a `done=1`: without it, a timeout.
    let f = fake(
        &script(&["< protover", "> feature done=0 ping=1", "hang"]),
        quick(),
    );
    assert!(matches!(
        f.command.start_xboard(),
        Err(EngineError::Timeout {
            stage: Stage::Handshake,
            ..
        })
    ));
}
