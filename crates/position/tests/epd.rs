//! EPD records and suites: the operations, the writer, and the perft suites read as they
//! are (CRLF and NUL endings, `; D1` and ` ;D1` separators, four- and six-field FENs,
//! python-chess's `.perft` blocks).

#![allow(clippy::unwrap_used)]

use std::path::PathBuf;

use position::{parse_suite, Epd, EpdError};
use proptest::prelude::*;

#[test]
fn operations() {
    let epd = Epd::parse(
        r#"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - bm Bb5 Bc4; am Ng5; id "Ruy \"Lopez\""; c0 "first"; c9 last; hmvc 2; fmvn 3; D1 27;"#,
    )
    .unwrap();
    assert_eq!(epd.best_moves(), ["Bb5", "Bc4"]);
    assert_eq!(epd.avoid_moves(), ["Ng5"]);
    assert_eq!(epd.id(), Some(r#"Ruy "Lopez""#));
    assert_eq!(epd.comment(0), Some("first"));
    assert_eq!(epd.comment(9), Some("last"));
    assert_eq!(epd.comment(5), None);
    assert_eq!(epd.hmvc(), Some(2));
    assert_eq!(epd.fmvn(), Some(3));
    assert_eq!((epd.setup.halfmoves, epd.setup.fullmoves), (2, 3));
    assert_eq!(epd.perft_counts(), vec![(1, 27)]);
    let written = epd.to_string();
    assert_eq!(
        written,
        r#"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - bm Bb5 Bc4; am Ng5; id "Ruy \"Lopez\""; c0 first; c9 last; hmvc 2; fmvn 3; D1 27;"#
    );
    assert_eq!(Epd::parse(&written).unwrap(), epd);
}

#[test]
fn perft_suite_line_shapes() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
    for line in [
        format!("{start} 0 1 ;D1 20 ;D2 400"),
        format!("{start} 0 1; D1 20; D2 400\0"),
        format!("{start} ;D1 20 ;D2 400\r"),
        format!("{start}  0  1 ;D1 20 ;D2 400 \r\0"),
        format!("{start} D1 20; D2 400"),
    ] {
        let epd = Epd::parse(&line).unwrap_or_else(|e| panic!("{line:?}: {e}"));
        assert_eq!(epd.perft_counts(), vec![(1, 20), (2, 400)], "{line:?}");
        assert_eq!(epd.setup, position::Setup::standard(), "{line:?}");
    }
}

#[test]
fn errors_name_line_and_problem() {
    let e = Epd::parse("8/8/8 w - -").unwrap_err();
    assert!(matches!(e, EpdError::Fen { .. }), "{e}");
    let e = Epd::parse("8/8/8/8/8/8/8/8 w").unwrap_err();
    assert_eq!(e, EpdError::MissingFields { line: 0, found: 2 });
    let e = Epd::parse(r#"4k3/8/8/8/8/8/8/4K3 w - - id "open"#).unwrap_err();
    assert!(matches!(e, EpdError::UnterminatedString { .. }), "{e}");
    let e = Epd::parse("4k3/8/8/8/8/8/8/4K3 w - - D2 x1").unwrap_err();
    assert!(matches!(e, EpdError::BadNumber { .. }), "{e}");
    let e = Epd::parse("4k3/8/8/8/8/8/8/4K3 w - - 9x 1;").unwrap_err();
    assert!(matches!(e, EpdError::BadOpcode { .. }), "{e}");
    let suite = parse_suite(b"4k3/8/8/8/8/8/8/4K3 w - - D1 5\nnonsense\nperft 1 5\n");
    assert!(suite[0].is_ok());
    assert_eq!(suite[1], Err(EpdError::MissingFields { line: 2, found: 1 }));
    assert!(matches!(suite[2], Err(EpdError::Orphan { line: 3, .. })));
}

fn suite(name: &str) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../movegen/tests/data")
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn every_perft_suite_reads_as_it_is() {
    for (name, records, depths) in [
        ("cpw_classic6.epd", 7, 43),
        ("roce_perftsuite.epd", 126, 126 * 6 - 1),
        ("python-chess_random.perft", 6838, 6838 * 6),
        ("python-chess_tricky.perft", 19, 0),
        ("chess-epds_perft_tricky.epd", 0, 0),
        ("chess-epds_ferdy_perft_enpassant_1.epd", 3760, 3760),
        ("chess-epds_ferdy_perft_single_check_1.epd", 5000, 5000),
        ("chess-epds_ferdy_perft_double_checks.epd", 184, 184),
        ("ethereal_fischer960.epd", 960, 960 * 6),
    ] {
        let entries: Vec<_> = parse_suite(&suite(name))
            .into_iter()
            .map(|r| r.unwrap_or_else(|e| panic!("{name}: {e}")))
            .collect();
        let total: usize = entries.iter().map(|e| e.epd.perft_counts().len()).sum();
        assert!(
            entries.iter().all(|e| !e.epd.perft_counts().is_empty()),
            "{name}"
        );
        if records > 0 {
            assert_eq!(entries.len(), records, "{name}");
        }
        if depths > 0 {
            assert_eq!(total, depths, "{name}");
        }
        for e in &entries {
            // What we write reads back as the same record.
            let again = Epd::parse(&e.epd.to_string()).unwrap();
            assert_eq!(again.operations, e.epd.operations, "{name}:{}", e.line);
            assert_eq!(again.setup.board, e.epd.setup.board, "{name}:{}", e.line);
        }
    }
}

proptest! {
    #[test]
    fn arbitrary_text_never_panics(s in "\\PC{0,120}") {
        let _ = Epd::parse(&s);
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        let _ = parse_suite(&bytes);
    }

    #[test]
    fn operations_round_trip(
        ops in proptest::collection::vec(("[a-z][a-z0-9_]{0,6}", proptest::collection::vec("[^\\x00]{0,8}", 0..3)), 0..4)
    ) {
        let mut epd = Epd::parse("4k3/8/8/8/8/8/8/4K3 w - -").unwrap();
        for (opcode, operands) in &ops {
            if opcode.starts_with('D') || opcode == "hmvc" || opcode == "fmvn" {
                continue;
            }
            epd.set(opcode, operands.clone());
        }
        let again = Epd::parse(&epd.to_string()).unwrap();
        prop_assert_eq!(again, epd);
    }
}
