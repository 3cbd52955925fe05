//! Outcomes: checkmate, stalemate, repetitions, the 50/75-move rules, insufficient material.

#![allow(clippy::unwrap_used)]

use chessbits_bitboard_core::{Color, Move};
use chessbits_movegen::{is_checkmate, is_stalemate, outcome};
use chessbits_position::{History, Outcome, Position, Termination};

fn play(pos: &mut Position, history: &mut History, uci: &str) {
    for u in uci.split_whitespace() {
        let m = pos.move_from_uci(u.parse::<Move>().unwrap());
        assert!(chessbits_movegen::is_legal(pos, m), "{u} in {}", pos.fen());
        let _ = pos.make_unchecked(m);
        history.push(pos);
    }
}

#[test]
fn fools_mate() {
    let mut pos = Position::new();
    let mut h = History::starting_at(&pos);
    play(&mut pos, &mut h, "f2f3 e7e5 g2g4 d8h4");
    assert!(is_checkmate(&pos));
    assert_eq!(
        outcome(&pos, &h),
        Some(Outcome::Decisive {
            winner: Color::Black,
            reason: Termination::Checkmate
        })
    );
    assert_eq!(outcome(&pos, &h).unwrap().result(), "0-1");
}

#[test]
fn stalemate() {
    let pos = Position::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    assert!(is_stalemate(&pos) && !is_checkmate(&pos));
    assert_eq!(
        outcome(&pos, &History::starting_at(&pos)),
        Some(Outcome::Draw(Termination::Stalemate))
    );
}

#[test]
fn repetitions() {
    let mut pos = Position::new();
    let mut h = History::starting_at(&pos);
    let shuffle = "g1f3 g8f6 f3g1 f6g8";
    play(&mut pos, &mut h, shuffle);
    assert_eq!(h.repetitions(&pos), 2);
    assert_eq!(h.claimable_draw(&pos), None);
    play(&mut pos, &mut h, shuffle);
    assert_eq!(h.repetitions(&pos), 3);
    assert_eq!(
        h.claimable_draw(&pos),
        Some(Termination::ThreefoldRepetition)
    );
    assert_eq!(outcome(&pos, &h), None, "threefold is only claimable");
    play(&mut pos, &mut h, shuffle);
    play(&mut pos, &mut h, shuffle);
    assert_eq!(h.repetitions(&pos), 5);
    assert_eq!(
        outcome(&pos, &h),
        Some(Outcome::Draw(Termination::FivefoldRepetition))
    );
    // Knight on f3 with black to move: reached once per shuffle, five times now.
    play(&mut pos, &mut h, "g1f3");
    assert_eq!(h.repetitions(&pos), 5);
    // A capture resets the window: nothing before it can repeat.
    play(&mut pos, &mut h, "e7e5 f3e5");
    assert_eq!(h.repetitions(&pos), 1);
}

/// FIDE Laws 9.2: positions are the same when the same moves are possible. After c7c5 the
/// b5 pawn could take en passant only by exposing its king on a5 to the h5 rook, so the
/// position after the double push already equals the ones after each knight shuffle
/// (python-chess agrees: threefold after the second shuffle), although its Polyglot hash
/// differs (Polyglot counts the pinned capture).
#[test]
fn repetition_ignores_an_en_passant_capture_that_is_not_legal() {
    let mut pos = Position::from_fen("6n1/2p5/8/KP5r/8/8/8/k5N1 b - - 0 1").unwrap();
    let mut h = History::starting_at(&pos);
    play(&mut pos, &mut h, "c7c5");
    let after_push = pos.zobrist_hash();
    assert!(pos.ep_square().is_some() && pos.legal_ep_square().is_none());
    play(&mut pos, &mut h, "g1f3 g8f6 f3g1 f6g8");
    assert_ne!(
        pos.zobrist_hash(),
        after_push,
        "the Polyglot hash counts the pinned capture"
    );
    assert_eq!(h.repetitions(&pos), 2);
    play(&mut pos, &mut h, "g1f3 g8f6 f3g1 f6g8");
    assert_eq!(h.repetitions(&pos), 3);
    assert_eq!(
        h.claimable_draw(&pos),
        Some(Termination::ThreefoldRepetition)
    );

    // With the capture legal (no king on the fifth rank) the position after the double
    // push offers a move the later ones do not: it does not repeat.
    let mut pos = Position::from_fen("6n1/2p5/8/1P5r/8/8/8/k1K3N1 b - - 0 1").unwrap();
    let mut h = History::starting_at(&pos);
    play(&mut pos, &mut h, "c7c5");
    assert!(pos.legal_ep_square().is_some());
    play(&mut pos, &mut h, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8");
    assert_eq!(h.repetitions(&pos), 2);
    assert_eq!(h.claimable_draw(&pos), None);
}

#[test]
fn fifty_and_seventy_five_moves() {
    let fen = |n: u32| format!("8/8/4k3/8/8/3K4/8/R7 w - - {n} 80");
    let at = |n: u32| Position::from_fen(&fen(n)).unwrap();
    let h = History::new();
    assert_eq!(h.claimable_draw(&at(99)), None);
    assert_eq!(h.claimable_draw(&at(100)), Some(Termination::FiftyMoves));
    assert_eq!(outcome(&at(149), &h), None);
    assert_eq!(
        outcome(&at(150), &h),
        Some(Outcome::Draw(Termination::SeventyFiveMoves))
    );
    // Checkmate on the 150th halfmove is still checkmate.
    let mated = Position::from_fen("R5k1/5ppp/8/8/8/8/8/6K1 b - - 150 100").unwrap();
    assert_eq!(
        outcome(&mated, &h),
        Some(Outcome::Decisive {
            winner: Color::White,
            reason: Termination::Checkmate
        })
    );
}

#[test]
fn insufficient_material() {
    let insufficient = [
        "8/8/4k3/8/8/3K4/8/8 w - - 0 1",
        "8/8/4k3/8/8/3K4/8/6B1 w - - 0 1",
        "8/8/4k3/8/8/3K4/8/6N1 w - - 0 1",
    ];
    let sufficient = [
        "8/8/4k3/8/8/3K4/8/5NN1 w - - 0 1",
        "8/8/4k3/8/8/3K4/P7/8 w - - 0 1",
        "8/8/4k3/8/8/3K4/8/5BB1 w - - 0 1",
        "8/8/4k3/8/8/3K4/8/6R1 w - - 0 1",
        "8/8/4kn2/8/8/3K4/8/6B1 w - - 0 1",
    ];
    for fen in insufficient {
        let pos = Position::from_fen(fen).unwrap();
        assert!(pos.is_insufficient_material(), "{fen}");
    }
    // Bishops of both sides, all on light squares (f5, h1).
    let same_colour = Position::from_fen("8/8/4k3/5b2/8/3K4/8/7B w - - 0 1").unwrap();
    assert!(same_colour.is_insufficient_material());
    assert_eq!(
        outcome(&same_colour, &History::starting_at(&same_colour)),
        Some(Outcome::Draw(Termination::InsufficientMaterial))
    );
    for fen in sufficient {
        let pos = Position::from_fen(fen).unwrap();
        assert!(!pos.is_insufficient_material(), "{fen}");
    }
}
