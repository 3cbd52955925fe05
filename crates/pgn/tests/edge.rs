//! Malformed and unusual input: errors that say what and where, never a panic.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use chessbits_pgn::pipeline::Pipeline;
use std::path::{Path, PathBuf};

use chessbits_pgn::{
    GameBuilder, GameErrorKind, GameRecord, Reader, RecordCollector, SanError, SanMode,
};
use proptest::prelude::*;

fn records(pgn: &[u8]) -> Vec<GameRecord> {
    let mut out = Vec::new();
    Reader::new(pgn)
        .read_all(&mut RecordCollector::new(), |r| out.push(r))
        .expect("no I/O error");
    out
}

fn check(pgn: &[u8]) -> chessbits_pgn::Report {
    chessbits_pgn::check_games(&records(pgn), SanMode::Lenient)
}

#[test]
fn an_illegal_move_names_game_line_move_san_and_fen_and_the_next_game_goes_on() {
    let report = check(
        b"[Event \"1\"]\n\n1. e4 e5 *\n\n[Event \"2\"]\n\n1. d4 d5\n2. c4 Qxc4 3. Nc3 *\n\n1. Nf3 *\n",
    );
    assert_eq!(report.games, 3);
    assert_eq!(report.moves, 2 + 3 + 1);
    assert_eq!(report.errors.len(), 1);
    let e = &report.errors[0];
    assert_eq!((e.game, e.line), (2, 8));
    match &e.kind {
        GameErrorKind::Move {
            number,
            san,
            fen,
            error,
        } => {
            assert_eq!(number, "2...");
            assert_eq!(san, "Qxc4");
            assert_eq!(
                fen,
                "rnbqkbnr/ppp1pppp/8/3p4/2PP4/8/PP2PPPP/RNBQKBNR b KQkq - 0 2"
            );
            assert_eq!(*error, SanError::Illegal);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn ambiguous_and_unparsable_moves() {
    let r = check(b"[FEN \"4k3/8/8/8/8/8/4K3/R6R w - - 0 1\"]\n\n1. Rd1 *");
    assert!(matches!(
        r.errors[0].kind,
        GameErrorKind::Move {
            error: SanError::Ambiguous(2),
            ..
        }
    ));
    let r = check(b"1. e4 Xx9 *");
    assert!(matches!(
        r.errors[0].kind,
        GameErrorKind::Move {
            error: SanError::Syntax(_),
            ..
        }
    ));
}

#[test]
fn null_moves_are_read() {
    let r = check(b"1. e4 -- 2. d4 Z0 3. Nf3 *");
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    assert_eq!(r.moves, 5);
    let mut rows = Vec::new();
    common::fens_games(&records(b"1. e4 -- *"), SanMode::Lenient, &mut rows);
    let text = String::from_utf8(rows).unwrap();
    assert!(text.lines().nth(1).unwrap().contains(",--,"), "{text}");
}

#[test]
fn tag_values_that_are_not_utf8_are_kept() {
    let pgn = b"[Site \"Br\x81ssel\"]\n[White \"\xff\xfe\"]\n\n1. e4 *";
    let (game, errors) = Reader::new(&pgn[..])
        .read_game(&mut GameBuilder::new())
        .unwrap()
        .unwrap();
    assert!(errors.is_empty());
    assert_eq!(game.tag("Site"), Some(&b"Br\x81ssel"[..]));
    let mut out = Vec::new();
    chessbits_pgn::write_game(&game, &mut out);
    assert!(out.windows(7).any(|w| w == b"Br\x81ssel"));
    // A bad FEN tag with invalid UTF-8 is reported lossily.
    let r = check(b"[FEN \"\xff\"]\n\n1. e4 *");
    assert!(r.errors[0].to_string().contains('\u{fffd}'));
}

#[test]
fn chess960_games_replay() {
    let pgn = b"[Variant \"fischerandom\"]\n[FEN \"nbbrknrq/pppppppp/8/8/8/8/PPPPPPPP/NBBRKNRQ w KQkq - 0 1\"]\n\n1. d4 d5 2. c3 Nb6 3. e4 dxe4 4. Bxe4 g6 5. g4 c6 6. Qf3 Ne6 7. Nb3 Qf6 8. Qxf6 exf6 9. h4 O-O *";
    let r = check(pgn);
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    assert_eq!(r.moves, 18);
    let mut rows = Vec::new();
    common::fens_games(&records(pgn), SanMode::Lenient, &mut rows);
    let last = String::from_utf8(rows)
        .unwrap()
        .lines()
        .last()
        .unwrap()
        .to_owned();
    assert!(
        last.ends_with(",O-O,nbbr1rk1/pp3p1p/1np1nbp1/8/6PP/1NP5/PPP2P2/1BBRKNR1 w KQ - 1 10")
            || last.contains(",O-O,"),
        "{last}"
    );
}

#[test]
fn setup_errors() {
    let r = check(b"[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1. e4 *");
    assert!(matches!(r.errors[0].kind, GameErrorKind::Setup { .. }));
    let r = check(b"[Variant \"Shogi\"]\n\n1. e4 *");
    assert!(matches!(r.errors[0].kind, GameErrorKind::Variant(_)));
    // The Lichess variants are played (see tests/variants.rs).
    let r = check(b"[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. P@e4 *");
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    assert_eq!(r.moves, 5);
    let r = check(b"[Variant \"Crazyhouse\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1. e4 *");
    assert!(matches!(
        r.errors[0].kind,
        GameErrorKind::VariantSetup { .. }
    ));
}

/// The shared data set (its `pgn/` directory), when `CHESSBITS_DATA` names it: tests read
/// nothing outside this package unless told where (`.ci/run` sets it to `../shared/data`).
fn shared_data() -> Option<PathBuf> {
    let dir = PathBuf::from(std::env::var_os("CHESSBITS_DATA")?).join("pgn");
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!("skipped: {} is not a directory", dir.display());
        None
    }
}

fn check_file(path: &Path) -> chessbits_pgn::Report {
    let mut report = chessbits_pgn::Report::default();
    Pipeline::new(Reader::new(chessbits_pgn::input::open(path).unwrap()))
        .run(
            |batch| chessbits_pgn::check_games(&batch, SanMode::Lenient),
            |r| {
                report.merge(r);
                true
            },
        )
        .unwrap();
    report
}

/// Every annotated and edge-case file of the shared data: no panic, every game's tree
/// written and read back, and the mainline errors exactly where the files are broken.
#[test]
fn shared_edge_case_files() {
    let Some(dir) = shared_data() else {
        eprintln!("skipped: set CHESSBITS_DATA to the shared data directory to run this");
        return;
    };
    let mut files = Vec::new();
    for sub in [
        "edge_cases",
        "edge_cases/pgn-extract_19.04_test_infiles",
        "annotated",
        "annotated/pychess_learn",
        "chess960",
    ] {
        for entry in std::fs::read_dir(dir.join(sub)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "pgn") {
                files.push(path);
            }
        }
    }
    files.sort();
    let mut broken = Vec::new();
    let mut games = 0;
    for path in &files {
        let report = check_file(path);
        games += report.games;
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if !report.errors.is_empty() {
            broken.push((name.clone(), report.errors.len()));
        }
        // The tree of every game survives the writer.
        let bytes = std::fs::read(path).unwrap();
        let mut reader = Reader::new(&bytes[..]);
        while let Some((game, _)) = reader.read_game(&mut GameBuilder::new()).unwrap() {
            let mut out = Vec::new();
            chessbits_pgn::write_game(&game, &mut out);
            let (back, _) = Reader::new(&out[..])
                .read_game(&mut GameBuilder::new())
                .unwrap()
                .unwrap();
            assert!(back.lines == game.lines, "{name}: tree changed");
        }
    }
    assert_eq!(games, 665 + 2015 + 580 + 1319 + 24);
    assert_eq!(
        broken,
        [
            // A study chapter whose first move is Black's in a White-to-move FEN.
            (
                "lichess_study_lichess-practice-the-fork_by_arex_2017.01.29.pgn".to_owned(),
                1
            ),
            // Comment `{ ... { nested } ... }`: PGN comments do not nest.
            ("nested-comment.pgn".to_owned(), 2),
            // `[kj90trkm"sdfsdf"yl]` and `g(erg)`: broken on purpose.
            ("pychess_badpgn.pgn".to_owned(), 2),
        ]
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Arbitrary bytes: the reader, the tree builder, replay and the writer never panic.
    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
        let report = check(&bytes);
        prop_assert!(report.games <= bytes.len() as u64 + 1);
        let mut reader = Reader::new(&bytes[..]);
        while let Some((game, _)) = reader.read_game(&mut GameBuilder::new()).unwrap() {
            let mut out = Vec::new();
            chessbits_pgn::write_game(&game, &mut out);
        }
    }

    /// PGN-like tokens in random order, where the interesting bugs hide.
    #[test]
    fn pgn_like_tokens_never_panic(tokens in proptest::collection::vec(
        prop::sample::select(vec![
            "[", "]", "\"", "Event", " ", "\n", "{", "}", "(", ")", ";", "$", "1", "12.", "...",
            "e4", "e5", "Nf3", "O-O", "0-0-0", "exd5", "e8=Q", "1-0", "0-1", "1/2-1/2", "*",
            "--", "Z0", "!?", "%", "\\", "\r\n", "\u{feff}", "\u{bd}", "\u{ff}",
        ]), 0..80)) {
        let bytes: Vec<u8> = tokens.concat().into_bytes();
        let _ = check(&bytes);
        let mut reader = Reader::new(&bytes[..]);
        while let Some((game, _)) = reader.read_game(&mut GameBuilder::new()).unwrap() {
            let mut out = Vec::new();
            chessbits_pgn::write_game(&game, &mut out);
            let (back, _) = Reader::new(&out[..])
                .read_game(&mut GameBuilder::new())
                .unwrap()
                .unwrap();
            prop_assert!(back.lines == game.lines);
        }
    }
}

/// Each error that has a cause gives it as its `source()`: the position's error of a bad
/// `FEN` tag, the variant's of a bad variant `FEN`, SAN's of a move that cannot be played,
/// the reader's of malformed text.
#[test]
fn every_error_with_a_cause_gives_it_as_its_source() {
    use std::error::Error;
    let setup = chessbits_pgn::start_position(Some(b"8/8/8/8/8/8/8/8 w - - 0 1"), None)
        .expect_err("no kings");
    let GameErrorKind::Setup { error, .. } = &setup else {
        panic!("{setup:?}")
    };
    let cause = setup.source().expect("a cause");
    assert_eq!(
        cause.downcast_ref::<chessbits_position::PositionError>(),
        Some(error)
    );

    let variant = chessbits_pgn::variant_start_position(
        Some(b"8/8/8/8/8/8/8/8 w - - 0 1"),
        chessbits_position::Variant::Atomic,
    )
    .expect_err("no kings");
    let GameErrorKind::VariantSetup { error, .. } = &variant else {
        panic!("{variant:?}")
    };
    assert_eq!(
        variant
            .source()
            .and_then(|c| c.downcast_ref::<chessbits_movegen::variant::VariantError>()),
        Some(error)
    );

    let report = check(b"1. e4 e5 2. Ke3 *\n");
    let moved = &report.errors[0].kind;
    let GameErrorKind::Move { error, .. } = moved else {
        panic!("{moved:?}")
    };
    assert_eq!(
        moved.source().and_then(|c| c.downcast_ref::<SanError>()),
        Some(error)
    );

    let report = check(b"1. e4 ) e5 *\n");
    let read = &report.errors[0].kind;
    let GameErrorKind::Read(kind) = read else {
        panic!("{read:?}")
    };
    assert_eq!(
        read.source()
            .and_then(|c| c.downcast_ref::<chessbits_pgn::ReadErrorKind>()),
        Some(kind)
    );
}
