#![allow(clippy::unwrap_used)]

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use chessbits_bitboard_core::{Move, Square};
use chessbits_position::{CastlingSide, Position};

use super::*;

fn play(pos: &mut Position, san: &str) -> Move {
    let s = SanPlus::from_ascii_with(san.as_bytes(), SanMode::Strict).expect(san);
    let m = s.san.to_move(pos, SanMode::Strict).expect(san);
    let back = SanPlus::from_move(pos, m);
    assert_eq!(back.san, s.san, "{san}");
    let _ = pos.make_unchecked(m);
    m
}

/// Every string up to four characters over the characters SAN uses (and a few it does
/// not), and up to five over a smaller set, parses the same through the common-shape
/// fast path as through the general parser alone, in both modes.
#[test]
fn common_shapes_parse_as_the_general_parser_does() {
    fn all(alphabet: &[u8], len: usize, s: &mut Vec<u8>, f: &mut dyn FnMut(&[u8])) {
        f(s);
        if s.len() < len {
            for &c in alphabet {
                s.push(c);
                all(alphabet, len, s, f);
                s.pop();
            }
        }
    }
    let mut checked = 0;
    let mut check = |s: &[u8]| {
        for mode in [SanMode::Strict, SanMode::Lenient] {
            assert_eq!(
                San::from_ascii_with(s, mode),
                San::parse_general(s, mode),
                "{:?} {mode:?}",
                String::from_utf8_lossy(s)
            );
        }
        checked += 1;
    };
    all(b"abehiNBKPQqx01289=-:O", 4, &mut Vec::new(), &mut check);
    all(b"aeNx18=Q-O", 5, &mut Vec::new(), &mut check);
    assert!(checked > 200_000);
}

#[test]
fn common_shapes_are_taken_by_the_fast_parser() {
    for s in [
        "e4", "Nf3", "exd5", "Nxe5", "Nbd7", "R1e2", "Qh4", "Rdxd1", "K2xe3",
    ] {
        assert!(San::parse_common(s.as_bytes()).is_some(), "{s}");
    }
    for s in ["e8=Q", "O-O", "exe5", "Pe4", "e2e4", "Qh4xe1", "ed5", "Nj3"] {
        assert!(San::parse_common(s.as_bytes()).is_none(), "{s}");
    }
}

#[test]
fn common_shapes_with_a_sign_read_as_san_plus_reads_them() {
    for s in [
        "e4", "Nf3+", "exd5#", "Nxe5", "Nbd7+", "R1e2#", "Qh4", "Rdxd1+", "K2xe3",
    ] {
        let plus = SanPlus::from_ascii_with(s.as_bytes(), SanMode::Lenient).unwrap();
        assert_eq!(
            parse::read_common_plus(s.as_bytes(), &mut parse::BuildSan),
            Some(plus.san),
            "{s}"
        );
    }
    for s in ["e4++", "Nf3!", "e4+?", "O-O+", "e8=Q#", "+", "#", "Nf3+#"] {
        assert!(
            parse::read_common_plus(s.as_bytes(), &mut parse::BuildSan).is_none(),
            "{s}"
        );
    }
}

#[test]
fn parses_forms() {
    let n = |s: &str, mode| San::from_ascii_with(s.as_bytes(), mode);
    assert!(n("e4", SanMode::Strict).is_ok());
    assert!(n("exd5", SanMode::Strict).is_ok());
    assert!(n("e8=Q", SanMode::Strict).is_ok());
    assert!(n("e8Q", SanMode::Strict).is_ok());
    assert!(n("dxc8=N", SanMode::Strict).is_ok());
    assert!(n("Nbd2", SanMode::Strict).is_ok());
    assert!(n("R1e2", SanMode::Strict).is_ok());
    assert!(n("Qh4xe1", SanMode::Strict).is_ok());
    assert_eq!(
        n("0-0-0", SanMode::Strict),
        Ok(San::Castle(CastlingSide::QueenSide))
    );
    assert!(n("e2e4", SanMode::Strict).is_err());
    assert!(n("e2e4", SanMode::Lenient).is_ok());
    assert!(n("e2-e4", SanMode::Lenient).is_ok());
    assert!(n("Ng1f3", SanMode::Lenient).is_ok());
    assert!(n("e8q", SanMode::Lenient).is_ok());
    let pos = Position::new();
    for (text, uci) in [
        ("g1f3", "g1f3"),
        ("e2e4", "e2e4"),
        ("e2-e4", "e2e4"),
        ("Ng1f3", "g1f3"),
        ("Ng1-f3", "g1f3"),
    ] {
        let m = SanPlus::from_ascii_with(text.as_bytes(), SanMode::Lenient)
            .and_then(|s| s.san.to_move(&pos, SanMode::Lenient))
            .expect(text);
        assert_eq!(m.to_string(), uci);
    }
    assert!(n("e8b", SanMode::Lenient).is_ok());
    assert!(n("Xe4", SanMode::Lenient).is_err());
    assert!(n("", SanMode::Lenient).is_err());
    assert!(n("Ne9", SanMode::Lenient).is_err());
    assert!(n("Ke8=Q", SanMode::Lenient).is_err());
    let sp = SanPlus::from_ascii(b"Qxf7#!?").expect("parses");
    assert_eq!(sp.suffix, Some(Suffix::Checkmate));
    assert_eq!(sp.to_string(), "Qxf7#");
}

#[test]
fn decodes_and_encodes_a_game() {
    let mut pos = Position::new();
    for san in [
        "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3",
        "d6", "c3", "O-O", "h3", "Nb8", "d4", "Nbd7",
    ] {
        let _ = play(&mut pos, san);
    }
}

#[test]
fn disambiguation_and_pins() {
    // Two knights can reach d2 (b1 and f3): file disambiguation.
    let pos = Position::from_fen("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1").expect("fen");
    let m = San::from_ascii(b"Nbd2")
        .expect("parses")
        .to_move(&pos, SanMode::Strict)
        .expect("legal");
    assert_eq!(m, Move::normal(Square::B1, Square::D2));
    assert_eq!(
        San::from_ascii(b"Nd2")
            .expect("parses")
            .to_move(&pos, SanMode::Strict),
        Err(SanError::Ambiguous(2))
    );
    // Knights on b1 and e2 both reach d2, but the e2 knight is pinned by the rook on e8:
    // only b1 may go, so `Nd2` is unique and needs no disambiguation.
    let pinned = Position::from_fen("4r1k1/8/8/8/8/8/4N3/1N2K3 w - - 0 1").expect("fen");
    let m = San::from_ascii(b"Nd2")
        .expect("parses")
        .to_move(&pinned, SanMode::Strict)
        .expect("legal: e2 is pinned");
    assert_eq!(m.from(), Square::B1);
    assert_eq!(San::from_move(&pinned, m).to_string(), "Nd2");
    // Over-disambiguated: strict rejects, lenient takes.
    let over = San::from_ascii(b"Nbd2").expect("parses");
    assert_eq!(
        over.to_move(&pinned, SanMode::Strict),
        Err(SanError::NotMinimal)
    );
    assert_eq!(over.to_move(&pinned, SanMode::Lenient), Ok(m));
    // Rank and square disambiguation: queens on a1, a3, c1 reaching b2.
    let q = Position::from_fen("4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1").expect("fen");
    let m = Move::normal(Square::A1, Square::B2);
    assert_eq!(San::from_move(&q, m).to_string(), "Qa1b2");
    assert_eq!(
        San::from_move(&q, Move::normal(Square::A3, Square::B2)).to_string(),
        "Q3b2"
    );
    assert_eq!(
        San::from_move(&q, Move::normal(Square::C1, Square::B2)).to_string(),
        "Qcb2"
    );
}

#[test]
fn specials() {
    // En passant, promotion, mate suffix.
    let mut pos = Position::from_fen("4k3/1P6/8/3pP3/8/8/8/4K3 w - d6 0 1").expect("fen");
    let m = play(&mut pos, "exd6");
    assert!(m.is_en_passant());
    let _ = play(&mut pos, "Kf7");
    let _ = play(&mut pos, "b8=Q");
    let pos = Position::from_fen("7k/8/6K1/8/8/8/8/R7 w - - 0 1").expect("fen");
    let m = San::from_ascii(b"Ra8")
        .expect("parses")
        .to_move(&pos, SanMode::Strict)
        .expect("legal");
    assert_eq!(SanPlus::from_move(&pos, m).to_string(), "Ra8#");
    assert_eq!(
        San::from_ascii(b"e8")
            .expect("parses")
            .to_move(&Position::new(), SanMode::Strict),
        Err(SanError::Illegal)
    );
    let promo = Position::from_fen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1").expect("fen");
    assert_eq!(
        San::from_ascii(b"a8")
            .expect("parses")
            .to_move(&promo, SanMode::Strict),
        Err(SanError::MissingPromotion)
    );
}

#[test]
fn names_and_notation_round_trip() {
    use crate::san::{SanMode, Suffix};
    let pos = Position::new();
    for m in crate::legal_moves(&pos) {
        let san = SanPlus::from_move(&pos, m);
        assert_eq!(san.to_string().parse::<SanPlus>(), Ok(san));
        assert_eq!(san.san.to_string().parse::<San>(), Ok(san.san));
    }
    assert_eq!(
        "Qxf7#".parse::<SanPlus>().map(|s| s.suffix),
        Ok(Some(Suffix::Checkmate))
    );
    assert!("Qxf9".parse::<San>().is_err());
    assert_eq!("lenient".parse(), Ok(SanMode::Lenient));
    assert_eq!(Suffix::Check.to_string(), "+");
    assert!("++".parse::<Suffix>().is_err());
}

#[test]
fn writes_lan() {
    let lan = |fen: &str, uci: &str| {
        let pos = Position::from_fen(fen).expect("fen");
        let m = crate::uci::uci_to_move(&pos, uci.as_bytes()).expect("legal");
        let mut out = String::new();
        super::write_lan(&pos, m, &mut out);
        out
    };
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(lan(start, "g1f3"), "Ng1-f3");
    assert_eq!(lan(start, "e2e4"), "e2-e4");
    // En passant is a capture; promotion and check.
    assert_eq!(lan("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6"), "e5xd6");
    assert_eq!(lan("k7/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8q"), "e7-e8=Q+");
    assert_eq!(lan("8/8/8/8/8/8/k7/4K2R w K - 0 1", "e1g1"), "O-O");
    assert_eq!(lan("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5"), "e4xd5");
}
