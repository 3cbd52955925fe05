//! Validation names the problem.

#![allow(clippy::unwrap_used)]

use chessbits_bitboard_core::{Color, Square};
use chessbits_position::{CastlingMode, Position, PositionError};

/// The error of a FEN read as standard chess.
fn err(fen: &str) -> PositionError {
    Position::from_fen_with(fen, CastlingMode::Standard).unwrap_err()
}

#[test]
fn each_problem_is_named() {
    assert_eq!(
        err("8/8/8/8/8/8/8/K7 w - - 0 1"),
        PositionError::MissingKing(Color::Black)
    );
    assert_eq!(
        err("k6k/8/8/8/8/8/8/K7 w - - 0 1"),
        PositionError::TooManyKings {
            color: Color::Black,
            count: 2
        }
    );
    assert_eq!(
        err("kP6/8/8/8/8/8/8/K7 w - - 0 1"),
        PositionError::PawnOnBackRank(Square::B8)
    );
    assert_eq!(
        err("k6R/8/8/8/8/8/8/K7 w - - 0 1"),
        PositionError::OppositeCheck(Color::Black)
    );
    // Three checkers.
    assert!(matches!(
        err("4k3/8/8/8/8/3n1n2/8/r3K3 w - - 0 1"),
        PositionError::ImpossibleCheck { count: 3, .. }
    ));
    // Two knights checking.
    assert!(matches!(
        err("4k3/8/8/8/8/3n1n2/8/4K3 w - - 0 1"),
        PositionError::ImpossibleCheck { count: 2, .. }
    ));
    // Castling right without the rook.
    assert_eq!(
        err("4k3/8/8/8/8/8/8/4K3 w K - 0 1"),
        PositionError::InvalidCastlingRight { rook: Square::H1 }
    );
    // Castling right without the king on its square.
    assert_eq!(
        err("4k3/8/8/8/8/8/8/3K3R w K - 0 1"),
        PositionError::InvalidCastlingRight { rook: Square::H1 }
    );
    // En-passant square with no pawn in front of it.
    assert_eq!(
        err("4k3/8/8/8/8/8/8/4K3 w - e6 0 1"),
        PositionError::InvalidEpSquare(Square::E6)
    );
    // On the wrong rank.
    assert_eq!(
        err("4k3/8/8/4p3/8/8/8/4K3 w - e5 0 1"),
        PositionError::InvalidEpSquare(Square::E5)
    );
    // An en-passant square says the last move was f2f4, which cannot have given the check
    // from e4 (no black pawn attacks f3, so the square would not be kept).
    assert_eq!(
        err("4k3/8/8/8/4QP2/8/8/4K3 b - f3 0 1"),
        PositionError::InvalidEpSquare(Square::F3)
    );
    // The same with a black pawn on g4 that could take en passant.
    assert_eq!(
        err("4k3/8/8/8/4QPp1/8/8/4K3 b - f3 0 1"),
        PositionError::InvalidEpSquare(Square::F3)
    );
    // A double push that uncovers a check from a slider, or gives it itself, is fine.
    assert!(Position::from_fen("8/8/k7/8/4P3/8/8/4KB2 b - e3 0 1").is_ok());
    assert!(Position::from_fen("8/8/8/3k4/4P3/8/8/4K3 b - e3 0 1").is_ok());
    assert_eq!(
        err("3k4/8/8/8/4P3/8/8/3RK3 b - e3 0 1"),
        PositionError::InvalidEpSquare(Square::E3)
    );
    // Two queens with eight pawns: one promotion more than missing pawns.
    assert_eq!(
        err("4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1"),
        PositionError::TooMuchMaterial(Color::White)
    );
    // Two bishops on dark squares need a promotion too; on both colours they do not.
    assert_eq!(
        err("4k3/pppppppp/8/8/8/8/8/b1b1K3 b - - 0 1"),
        PositionError::TooMuchMaterial(Color::Black)
    );
    assert!(Position::from_fen("4k3/pppppppp/8/8/8/8/8/2b1Kb2 b - - 0 1").is_ok());
    // Seven pawns leave room for one promoted piece.
    assert!(Position::from_fen("4k3/8/8/8/8/8/PPPPPPP1/QQ2K3 w - - 0 1").is_ok());
    // A FEN syntax error comes through as such.
    assert!(matches!(
        err("4k3/8/8/8/8/8/8/4K3 w - - x"),
        PositionError::Fen(_)
    ));
}

#[test]
fn lenient_drops_bad_rights_and_ep() {
    let setup = "4k3/8/8/8/8/8/8/4K3 w KQ e6 0 1".parse().unwrap();
    let pos = Position::from_setup_lenient(&setup, CastlingMode::Standard).unwrap();
    assert_eq!(pos.fen(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
}

/// What strict validation rejects, the lenient and playable levels accept: the en-passant
/// square that contradicts the check is dropped, promoted material is not counted.
#[test]
fn lenient_and_playable_accept_what_strict_rejects() {
    use chessbits_position::Validation;
    for (fen, expected) in [
        (
            "4k3/8/8/8/4QPp1/8/8/4K3 b - f3 0 1",
            "4k3/8/8/8/4QPp1/8/8/4K3 b - - 0 1",
        ),
        (
            "4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1",
            "4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1",
        ),
    ] {
        let setup = fen.parse().unwrap();
        assert!(Position::from_setup(&setup, CastlingMode::Standard).is_err());
        let lenient = Position::from_setup_lenient(&setup, CastlingMode::Standard).unwrap();
        assert_eq!(lenient.fen(), expected);
        assert_eq!(lenient.ep_square(), None);
        assert!(
            Position::from_setup_with(&setup, CastlingMode::Standard, Validation::Playable).is_ok()
        );
    }
}

#[test]
fn chess960_rights() {
    let fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    let pos = Position::from_fen_with(fen, CastlingMode::Chess960).unwrap();
    // The h-rook is the outermost on the king side: X-FEN writes K; the f-rook is on the
    // queen side of the g-file king and is the only one there: Q.
    assert_eq!(
        pos.fen(),
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9"
    );
    // In standard mode such rights are invalid.
    assert!(Position::from_fen_with(fen, CastlingMode::Standard).is_err());
    // `from_fen` and `parse` read them in the mode they call for, as every door does.
    assert_eq!(Position::from_fen(fen).unwrap(), pos);
    assert_eq!(fen.parse::<Position>().unwrap(), pos);
    let read = Position::read_fen(fen.as_bytes(), None, chessbits_position::Validation::Strict);
    assert_eq!(read.unwrap(), pos);
}

/// The clocks stay at `u32::MAX` once there (they are counted in 64 bits and read
/// saturated), through make, unmake, null moves and equality. FEN numbers have at most nine
/// digits, so only a [`Setup`](chessbits_position::Setup) built in code reaches the limit.
#[test]
fn clocks_saturate_at_u32_max() {
    use chessbits_bitboard_core::{Move, Square};
    use chessbits_position::Setup;
    let at_max = |fen: &str| {
        let mut setup: Setup = fen.parse().unwrap();
        setup.halfmoves = u32::MAX;
        setup.fullmoves = u32::MAX;
        Position::from_setup(&setup, CastlingMode::Standard).unwrap()
    };
    let mut pos = at_max("4k3/8/8/8/8/8/8/4K2R b - - 0 1");
    assert_eq!((pos.halfmoves(), pos.fullmoves()), (u32::MAX, u32::MAX));
    let start = pos.clone();
    let ke7 = Move::normal(Square::E8, Square::E7);
    let undo = pos.make_unchecked(ke7);
    assert_eq!((pos.halfmoves(), pos.fullmoves()), (u32::MAX, u32::MAX));
    assert!(
        pos.fen().ends_with(" w - - 4294967295 4294967295"),
        "{}",
        pos.fen()
    );
    let rh2 = Move::normal(Square::H1, Square::H2);
    let undo2 = pos.make_unchecked(rh2);
    assert_eq!((pos.halfmoves(), pos.fullmoves()), (u32::MAX, u32::MAX));
    // Equal to the same position set up afresh, although the counts behind differ.
    assert_eq!(pos, at_max("8/4k3/8/8/8/8/7R/4K3 b - - 0 1"));
    pos.unmake(rh2, undo2);
    pos.unmake(ke7, undo);
    assert_eq!(pos, start);
    let null = pos.make_null();
    assert_eq!((pos.halfmoves(), pos.fullmoves()), (u32::MAX, u32::MAX));
    pos.unmake_null(null);
    assert_eq!(pos, start);
    // From small counts, the fullmove number grows after black's move only.
    let mut pos = Position::from_fen("4k3/8/8/8/8/8/8/4K2R w - - 7 12").unwrap();
    let _ = pos.make_unchecked(Move::normal(Square::H1, Square::H2));
    assert_eq!((pos.halfmoves(), pos.fullmoves()), (8, 12));
    let _ = pos.make_unchecked(ke7);
    assert_eq!((pos.halfmoves(), pos.fullmoves()), (9, 13));
}
