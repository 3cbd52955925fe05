//! A differential test against an independent implementation: shakmaty (a dev-dependency
//! only). On every position reached, both sides must agree on
//!
//! - the legal moves (as sets of moves, castling king-takes-rook, en passant as such),
//! - SAN: ours encodes each legal move as shakmaty does (suffix included), and reads
//!   shakmaty's SAN back to the same move,
//! - the FEN (en-passant square only when a capture is legal, X-FEN castling),
//! - the Polyglot hash (shakmaty's pseudo-legal en-passant mode is Polyglot's rule),
//! - check, checkmate, stalemate and insufficient material,
//! - `is_legal` and `is_pseudo_legal`-free membership on random raw moves,
//!
//! and make/unmake must restore the position bit for bit. The positions are seeded random
//! games from the start, from every position of the perft suites in `tests/data` and from
//! the 960 Chess960 starts. The quick size runs in the README's test command; the large run
//! (over a million positions) is `#[ignore]`d and run by CI:
//! `cargo test --release -p chessbits-movegen --test differential -- --ignored`.

#![allow(clippy::unwrap_used)]

mod common;

use std::collections::BTreeSet;

use chessbits_bitboard_core::{Move, Role, Square};
use chessbits_movegen::san::{SanMode, SanPlus};
use chessbits_position::{CastlingMode, Position, Validation};
use shakmaty as sm;
use shakmaty::Position as _;

/// splitmix64: a fixed stream of pseudo-random numbers.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn sq(s: sm::Square) -> Square {
    Square::new_masked(u32::from(s))
}

fn role(r: sm::Role) -> Role {
    match r {
        sm::Role::Pawn => Role::Pawn,
        sm::Role::Knight => Role::Knight,
        sm::Role::Bishop => Role::Bishop,
        sm::Role::Rook => Role::Rook,
        sm::Role::Queen => Role::Queen,
        sm::Role::King => Role::King,
    }
}

/// shakmaty's move in our encoding.
fn ours(m: &sm::Move) -> Move {
    match *m {
        sm::Move::Normal {
            from,
            to,
            promotion: Some(p),
            ..
        } => Move::promote(sq(from), sq(to), role(p)),
        sm::Move::Normal { from, to, .. } => Move::normal(sq(from), sq(to)),
        sm::Move::EnPassant { from, to } => Move::en_passant(sq(from), sq(to)),
        sm::Move::Castle { king, rook } => Move::castle(sq(king), sq(rook)),
        sm::Move::Put { .. } => unreachable!("no drops in chess"),
    }
}

/// What the comparison counted.
#[derive(Default, Debug)]
struct Tally {
    positions: u64,
    moves: u64,
    raw_moves: u64,
}

/// Compares everything at one position; `rng` picks the raw moves.
fn compare(ours_pos: &Position, theirs: &sm::Chess, rng: &mut Rng, tally: &mut Tally) {
    let fen = ours_pos.fen();
    let mode = if ours_pos.mode().is_chess960() {
        sm::CastlingMode::Chess960
    } else {
        sm::CastlingMode::Standard
    };
    let their_fen = sm::fen::Fen::from_position(theirs, sm::EnPassantMode::Legal).to_string();
    assert_eq!(fen, their_fen, "FEN");
    let hash: sm::zobrist::Zobrist64 = theirs.zobrist_hash(sm::EnPassantMode::PseudoLegal);
    assert_eq!(ours_pos.zobrist_hash(), hash.0, "Polyglot hash of {fen}");
    assert_eq!(ours_pos.zobrist_hash(), ours_pos.compute_hash(), "{fen}");

    let their_moves = theirs.legal_moves();
    let expected: BTreeSet<u16> = their_moves.iter().map(|m| ours(m).to_bits()).collect();
    let legal = chessbits_movegen::legal_moves(ours_pos);
    let got: BTreeSet<u16> = legal.iter().map(|m| m.to_bits()).collect();
    assert_eq!(got.len(), legal.len(), "duplicate moves in {fen}");
    assert_eq!(got, expected, "legal moves of {fen}");

    assert_eq!(ours_pos.is_check(), theirs.is_check(), "check in {fen}");
    assert_eq!(
        chessbits_movegen::is_checkmate(ours_pos),
        theirs.is_checkmate(),
        "checkmate in {fen}"
    );
    assert_eq!(
        chessbits_movegen::is_stalemate(ours_pos),
        theirs.is_stalemate(),
        "stalemate in {fen}"
    );
    assert_eq!(
        ours_pos.is_insufficient_material(),
        theirs.is_insufficient_material(),
        "insufficient material in {fen}"
    );

    for m in their_moves.iter() {
        let mine = ours(m);
        let their_san = sm::san::SanPlus::from_move(theirs.clone(), *m).to_string();
        let my_san = SanPlus::from_move(ours_pos, mine).to_string();
        assert_eq!(my_san, their_san, "SAN of {mine} in {fen}");
        let parsed = SanPlus::from_ascii_with(their_san.as_bytes(), SanMode::Strict)
            .unwrap_or_else(|e| panic!("{their_san} in {fen}: {e}"));
        assert_eq!(
            parsed.san.to_move(ours_pos, SanMode::Strict),
            Ok(mine),
            "{their_san} in {fen}"
        );
        let uci = sm::uci::UciMove::from_move(*m, mode).to_string();
        assert_eq!(chessbits_movegen::move_to_uci(ours_pos, mine), uci, "{fen}");
        assert_eq!(
            chessbits_movegen::uci_to_move(ours_pos, uci.as_bytes()),
            Ok(mine),
            "{uci} in {fen}"
        );
        tally.moves += 1;
    }

    for _ in 0..16 {
        let m = Move::from_bits(rng.next() as u16);
        assert_eq!(
            chessbits_movegen::is_legal(ours_pos, m),
            expected.contains(&m.to_bits()),
            "is_legal({m:?}) in {fen}"
        );
        tally.raw_moves += 1;
    }
    tally.positions += 1;
}

/// Plays a random game of at most `plies` from the position, comparing at every node and
/// checking that unmake restores each position.
fn walk(start: &Position, plies: usize, rng: &mut Rng, tally: &mut Tally) {
    let mode = if start.mode().is_chess960() {
        sm::CastlingMode::Chess960
    } else {
        sm::CastlingMode::Standard
    };
    let mut theirs: sm::Chess = sm::fen::Fen::from_ascii(start.fen().as_bytes())
        .unwrap()
        .into_position(mode)
        .unwrap_or_else(|e| panic!("shakmaty rejects {}: {e}", start.fen()));
    let mut pos = start.clone();
    for _ in 0..=plies {
        compare(&pos, &theirs, rng, tally);
        let moves = theirs.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.below(moves.len())];
        let before = pos.clone();
        let undo = pos.make_unchecked(ours(&m));
        let after = pos.clone();
        pos.unmake(ours(&m), undo);
        assert!(pos == before, "unmake of {} in {}", ours(&m), before.fen());
        pos = after;
        theirs.play_unchecked(m);
    }
}

/// The back rank of Chess960 start number `n` (Scharnagl's numbering; 518 is standard).
fn chess960_back_rank(n: usize) -> [char; 8] {
    let mut rank = [' '; 8];
    let (n, light) = (n / 4, n % 4);
    rank[light * 2 + 1] = 'b';
    let (n, dark) = (n / 4, n % 4);
    rank[dark * 2] = 'b';
    let (n, queen) = (n / 6, n % 6);
    let place = |rank: &mut [char; 8], nth: usize, piece: char| {
        let file = (0..8).filter(|&f| rank[f] == ' ').nth(nth).unwrap();
        rank[file] = piece;
    };
    place(&mut rank, queen, 'q');
    let knights = [
        (0, 1),
        (0, 2),
        (0, 3),
        (0, 4),
        (1, 2),
        (1, 3),
        (1, 4),
        (2, 3),
        (2, 4),
        (3, 4),
    ][n];
    // The second knight's index counts the squares left after the first is placed.
    place(&mut rank, knights.0, 'n');
    place(&mut rank, knights.1 - 1, 'n');
    for piece in ['r', 'k', 'r'] {
        place(&mut rank, 0, piece);
    }
    rank
}

fn chess960_starts() -> Vec<Position> {
    let starts: Vec<Position> = (0..960)
        .map(|n| {
            let black: String = chess960_back_rank(n).iter().collect();
            let white = black.to_ascii_uppercase();
            let fen = format!("{black}/pppppppp/8/8/8/8/PPPPPPPP/{white} w KQkq - 0 1");
            Position::from_fen_with(&fen, CastlingMode::Chess960).unwrap()
        })
        .collect();
    assert_eq!(
        starts[518].fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    let distinct: BTreeSet<String> = starts.iter().map(|p| p.fen()).collect();
    assert_eq!(distinct.len(), 960);
    starts
}

/// Every position of the perft suites (Chess960 ones in Chess960 mode; the deliberately
/// unreachable ones in playable mode, as the perft harness reads them).
fn suite_positions() -> Vec<Position> {
    let mut out = Vec::new();
    for (name, mode) in [
        ("cpw_classic6.epd", CastlingMode::Standard),
        ("roce_perftsuite.epd", CastlingMode::Standard),
        ("chess-epds_perft_tricky.epd", CastlingMode::Standard),
        (
            "chess-epds_ferdy_perft_enpassant_1.epd",
            CastlingMode::Standard,
        ),
        (
            "chess-epds_ferdy_perft_double_checks.epd",
            CastlingMode::Standard,
        ),
        (
            "chess-epds_ferdy_perft_single_check_1.epd",
            CastlingMode::Standard,
        ),
        ("ethereal_fischer960.epd", CastlingMode::Chess960),
    ] {
        for case in common::parse_epd(&common::data(name)) {
            let setup = chessbits_position::Setup::from_ascii(case.fen.as_bytes()).unwrap();
            let pos = Position::from_setup_with(&setup, mode, Validation::Playable).unwrap();
            out.push(pos);
        }
    }
    let text = String::from_utf8(common::data("python-chess_random.perft")).unwrap();
    for line in text.lines() {
        if let Some(epd) = line.strip_prefix("epd ") {
            out.push(Position::from_fen(epd.trim()).unwrap());
        }
    }
    out
}

/// Whether shakmaty accepts the position (it rejects some deliberately unreachable perft
/// positions that our playable mode reads; those are compared by the perft suites alone).
fn shakmaty_accepts(pos: &Position) -> bool {
    let mode = if pos.mode().is_chess960() {
        sm::CastlingMode::Chess960
    } else {
        sm::CastlingMode::Standard
    };
    sm::fen::Fen::from_ascii(pos.fen().as_bytes())
        .unwrap()
        .into_position::<sm::Chess>(mode)
        .is_ok()
}

fn run(games_from_start: usize, suite_stride: usize, suite_plies: usize, seed: u64) -> Tally {
    let mut rng = Rng(seed);
    let mut tally = Tally::default();
    let start = Position::new();
    for _ in 0..games_from_start {
        walk(&start, 300, &mut rng, &mut tally);
    }
    for (i, start) in chess960_starts().iter().enumerate() {
        walk(
            start,
            if i % 8 == 0 { 120 } else { 0 },
            &mut rng,
            &mut tally,
        );
    }
    let mut skipped = 0;
    for pos in suite_positions().iter().step_by(suite_stride) {
        if shakmaty_accepts(pos) {
            walk(pos, suite_plies, &mut rng, &mut tally);
        } else {
            skipped += 1;
        }
    }
    println!("{tally:?}, {skipped} unreachable suite positions left to the perft suites");
    assert!(skipped < 40, "{skipped}");
    tally
}

/// The quick size: about 40,000 positions.
#[test]
fn agrees_with_shakmaty() {
    let tally = run(60, 1, 0, 0x5eed_0001);
    assert!(tally.positions > 30_000, "{tally:?}");
    assert!(tally.moves > 500_000, "{tally:?}");
}

/// Over a million positions (CI runs it; about a minute in release).
#[test]
#[ignore = "large: run by .ci/run with --ignored"]
fn agrees_with_shakmaty_on_a_million_positions() {
    let tally = run(3_000, 1, 40, 0x5eed_0002);
    assert!(tally.positions >= 1_000_000, "{tally:?}");
}
