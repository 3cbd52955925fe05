//! EPD records and suites: the operations and the writer (the perft suites of the
//! repository are read in `chessbits-movegen`'s `tests/epd_suites.rs`, beside the data).

#![allow(clippy::unwrap_used)]

use chessbits_position::{parse_suite, Epd, EpdError};
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
        assert_eq!(epd.setup, chessbits_position::Setup::standard(), "{line:?}");
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
