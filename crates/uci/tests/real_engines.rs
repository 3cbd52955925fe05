//! Against real engines where installed: `stockfish` (UCI), `fairy-stockfish` (a variant
//! through `UCI_Variant`) and `fairymax` (XBoard), looked up in `PATH` and `/usr/games`
//! (where Debian installs them). A missing engine skips its test with a notice. Searches
//! are bounded by depth or nodes with one thread, and the checks are of legality and
//! structure, not of exact scores.

use std::path::PathBuf;
use std::time::Duration;

use chessbits_bitboard_core::Move;
use chessbits_movegen::variant::VariantPosition;
use chessbits_movegen::{is_legal, legal_moves};
use chessbits_position::{CastlingMode, Position, Variant};
use chessbits_uci::{
    EngineCommand, EngineError, Limits, OptionKind, Score, Timeouts, UciEngine, XBoardReply,
};

fn find(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain([
            PathBuf::from("/usr/games"),
            PathBuf::from("/usr/local/games"),
        ])
        .map(|dir| dir.join(name))
        .find(|p| p.is_file())
}

fn engine(name: &str) -> Option<EngineCommand> {
    match find(name) {
        Some(path) => Some(EngineCommand::new(path).timeouts(Timeouts {
            search: Duration::from_secs(120),
            ..Timeouts::default()
        })),
        None => {
            eprintln!("NOTICE: {name} not installed (apt-get install {name}); test skipped");
            None
        }
    }
}

fn uci(name: &str) -> Option<UciEngine> {
    let mut e = match engine(name)?.start_uci() {
        Ok(e) => e,
        Err(e) => panic!("{name}: {e}"),
    };
    if e.option("Threads").is_some() {
        e.set_option("Threads", 1).expect("Threads");
    }
    if e.option("Hash").is_some() {
        e.set_option("Hash", 16).expect("Hash");
    }
    Some(e)
}

fn check_pv(pos: &Position, pv: &[Move]) {
    let mut p = pos.clone();
    for &m in pv {
        assert!(is_legal(&p, m), "pv move {m:?} in {}", p.fen());
        p = p.play_unchecked(m);
    }
}

#[test]
fn stockfish_searches_under_every_limit() {
    let Some(mut sf) = uci("stockfish") else {
        return;
    };
    assert!(sf.name().is_some_and(|n| n.contains("Stockfish")));
    assert!(matches!(
        sf.option("hash").map(|o| &o.kind),
        Some(OptionKind::Spin { .. })
    ));
    assert!(sf.set_option("Hash", -1).is_err());
    sf.new_game().expect("ucinewgame");
    let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    let pos = Position::from_fen(fen).expect("fen");
    sf.set_position(&pos, &[]).expect("position");

    let r = sf.go(&Limits::depth(8)).expect("depth");
    let best = r.best.expect("a move");
    assert!(is_legal(&pos, best));
    assert!(r.infos.iter().any(|i| i.depth == Some(8)));
    for info in &r.infos {
        assert_eq!(info.pv_error, None);
        check_pv(&pos, info.pv.as_deref().unwrap_or_default());
    }
    assert!(matches!(
        r.best_info().and_then(|i| i.score).map(|s| s.score),
        Some(Score::Cp(_))
    ));

    let r = sf.go(&Limits::nodes(20_000)).expect("nodes");
    assert!(r.best.is_some_and(|m| is_legal(&pos, m)));
    let r = sf
        .go(&Limits::movetime(Duration::from_millis(50)))
        .expect("movetime");
    assert!(r.best.is_some());
    let clock = Limits::clock(Duration::from_millis(500), Duration::from_millis(500))
        .with_increments(Duration::from_millis(10), Duration::from_millis(10))
        .with_movestogo(10);
    assert!(sf.go(&clock).expect("clock").best.is_some());
    let only = legal_moves(&pos)
        .iter()
        .copied()
        .take(2)
        .collect::<Vec<_>>();
    let r = sf
        .go(&Limits::depth(4).with_searchmoves(only.clone()))
        .expect("searchmoves");
    assert!(r.best.is_some_and(|m| only.contains(&m)));

    // Win/draw/loss per mille, where the engine shows it.
    if sf.option("UCI_ShowWDL").is_some() {
        sf.set_option("UCI_ShowWDL", true).expect("UCI_ShowWDL");
        let r = sf.go(&Limits::depth(5)).expect("wdl");
        let wdl = r.infos.iter().find_map(|i| i.wdl).expect("a wdl");
        assert_eq!(wdl.wins + wdl.draws + wdl.losses, 1000);
        sf.set_option("UCI_ShowWDL", false).expect("UCI_ShowWDL");
    }

    // MultiPV: several lines, each legal.
    sf.set_option("MultiPV", 3).expect("MultiPV");
    let r = sf.go(&Limits::depth(6)).expect("multipv");
    assert!(r.infos.iter().any(|i| i.multipv == Some(3)));
    sf.set_option("MultiPV", 1).expect("MultiPV");

    // Infinite, then stop.
    let mut search = sf.search(&Limits::infinite()).expect("go infinite");
    let first = search.next_info().expect("info");
    assert!(first.is_some());
    let r = search.stop().expect("stop");
    assert!(r.best.is_some_and(|m| is_legal(&pos, m)));

    // Ponder on the expected reply, then ponderhit.
    let best = r.best.expect("best");
    let reply = legal_moves(&pos.play_unchecked(best))[0];
    sf.set_position(&pos, &[best, reply])
        .expect("ponder position");
    let mut search = sf.ponder(&Limits::depth(5)).expect("go ponder");
    search.ponderhit().expect("ponderhit");
    let r = search.wait().expect("bestmove");
    let after = pos.play_unchecked(best).play_unchecked(reply);
    assert!(r.best.is_some_and(|m| is_legal(&after, m)));
    sf.is_ready().expect("readyok");
}

#[test]
fn stockfish_mates_and_has_no_move_when_mated() {
    let Some(mut sf) = uci("stockfish") else {
        return;
    };
    let mate_in_one = Position::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").expect("fen");
    sf.set_position(&mate_in_one, &[]).expect("position");
    let r = sf.go(&Limits::mate(1)).expect("mate search");
    assert_eq!(
        r.best.map(|m| m.uci(false).to_string()).as_deref(),
        Some("a1a8")
    );
    assert_eq!(
        r.best_info().and_then(|i| i.score).map(|s| s.score),
        Some(Score::Mate(1))
    );
    let mated = mate_in_one.play_unchecked(r.best.expect("mate"));
    sf.set_position(&mated, &[]).expect("mated position");
    let r = sf.go(&Limits::depth(3)).expect("no move");
    assert_eq!(r.best, None);
}

#[test]
fn stockfish_chess960_castles_king_takes_rook() {
    let Some(mut sf) = uci("stockfish") else {
        return;
    };
    let pos = Position::from_fen_with("rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1", CastlingMode::Chess960)
        .expect("960");
    sf.set_position(&pos, &[]).expect("960 position");
    let r = sf.go(&Limits::depth(6)).expect("search");
    assert!(r.best.is_some_and(|m| is_legal(&pos, m)));
    for info in &r.infos {
        assert_eq!(info.pv_error, None, "{info:?}");
    }
    // A castling move given by the caller goes out king-takes-rook and is searched from.
    let castle = legal_moves(&pos)
        .iter()
        .copied()
        .find(|m| m.is_castle())
        .expect("castling is legal");
    sf.set_position(&pos, &[castle]).expect("after castling");
    let after = pos.play_unchecked(castle);
    let r = sf.go(&Limits::depth(4)).expect("search");
    assert!(r.best.is_some_and(|m| is_legal(&after, m)));
}

#[test]
fn fairy_stockfish_plays_a_variant() {
    let Some(mut fsf) = uci("fairy-stockfish") else {
        return;
    };
    for variant in [
        Variant::Crazyhouse,
        Variant::KingOfTheHill,
        Variant::ThreeCheck,
    ] {
        let start = VariantPosition::new(variant);
        let first = start.legal_moves()[0];
        fsf.set_variant_position(&start, &[first])
            .expect("variant position");
        let after = start.play_unchecked(first);
        let r = fsf.go(&Limits::depth(5)).expect("search");
        let best = r.best.expect("a move");
        assert!(after.is_legal(best), "{variant}: {best:?}");
        for info in &r.infos {
            assert_eq!(info.pv_error, None, "{variant}: {info:?}");
        }
    }
    // A crazyhouse drop comes back as a drop.
    let zh = VariantPosition::from_fen(
        Variant::Crazyhouse,
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[Pp] w KQkq - 2 3",
    )
    .expect("zh fen");
    fsf.set_variant_position(&zh, &[]).expect("zh");
    let r = fsf.go(&Limits::depth(4)).expect("search");
    assert!(r.best.is_some_and(|m| zh.is_legal(m)));
    // Back to standard chess.
    fsf.set_position(&Position::new(), &[]).expect("chess");
    assert!(fsf.go(&Limits::depth(3)).expect("search").best.is_some());
    // A variant it lacks is said so.
    let unsupported = fsf.set_variant_position(&VariantPosition::new(Variant::Atomic), &[]);
    if let Err(e) = unsupported {
        assert!(matches!(e, EngineError::Unsupported(_)), "{e}");
    }
}

#[test]
fn fairymax_plays_over_xboard() {
    let Some(cmd) = engine("fairymax") else {
        return;
    };
    let mut fm = match cmd.start_xboard() {
        Ok(e) => e,
        Err(e) => panic!("fairymax: {e}"),
    };
    assert!(fm.name().is_some_and(|n| n.contains("Fairy-Max")));
    // Every option type XBoard has, typed: -check, -spin, -slider, -file, -path, -combo,
    // -string, -button.
    assert!(fm.warnings().is_empty(), "{:?}", fm.warnings());
    assert!(fm.options().len() >= 8);
    assert!(matches!(
        fm.option("Resign Threshold").map(|o| &o.kind),
        Some(OptionKind::Spin { .. })
    ));
    fm.set_option("Resign Threshold", 900).expect("option");
    assert!(fm.set_option("Resign Threshold", 5).is_err());
    fm.ping().expect("pong");
    fm.new_game().expect("new");
    let mut pos = Position::new();
    let mut moves = Vec::new();
    for _ in 0..3 {
        fm.set_position(&Position::new(), &moves).expect("position");
        let r = fm.go(&Limits::depth(3)).expect("move");
        let XBoardReply::Move(m) = r.reply else {
            panic!("{:?}", r.reply);
        };
        assert!(is_legal(&pos, m));
        assert!(!r.thinking.is_empty());
        for t in &r.thinking {
            assert_eq!(t.pv_error, None, "{t:?}");
            check_pv(&pos, &t.pv);
        }
        pos = pos.play_unchecked(m);
        moves.push(m);
        // The opponent's reply, then the engine again.
        let reply = legal_moves(&pos)[0];
        pos = pos.play_unchecked(reply);
        moves.push(reply);
    }
    fm.result("1/2-1/2", "test over").expect("result");
    assert!(fm.quit().is_some());
}

#[test]
fn fairy_stockfish_plays_variants_over_xboard() {
    let Some(cmd) = engine("fairy-stockfish") else {
        return;
    };
    let mut fsf = match cmd.start_xboard() {
        Ok(e) => e,
        Err(e) => panic!("fairy-stockfish over xboard: {e}"),
    };
    fsf.ping().expect("pong");
    let zh = VariantPosition::from_fen(
        Variant::Crazyhouse,
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[Pp] w KQkq - 2 3",
    )
    .expect("zh fen");
    fsf.set_variant_position(&zh, &[]).expect("crazyhouse");
    let r = fsf.go(&Limits::depth(4)).expect("move");
    let XBoardReply::Move(m) = r.reply else {
        panic!("{:?}", r.reply);
    };
    assert!(zh.is_legal(m));
    assert!(!r.thinking.is_empty());
    for t in &r.thinking {
        assert_eq!(t.pv_error, None, "{t:?}");
    }
    let c960 =
        Position::from_fen_with("rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1", CastlingMode::Chess960)
            .expect("960");
    let castle = legal_moves(&c960)
        .iter()
        .copied()
        .find(|m| m.is_castle())
        .expect("castling");
    fsf.set_position(&c960, &[castle]).expect("fischerandom");
    let after = c960.play_unchecked(castle);
    let r = fsf.go(&Limits::depth(3)).expect("move");
    let XBoardReply::Move(m) = r.reply else {
        panic!("{:?}", r.reply);
    };
    assert!(is_legal(&after, m));
    for t in &r.thinking {
        assert_eq!(t.pv_error, None, "{t:?}");
    }
}
