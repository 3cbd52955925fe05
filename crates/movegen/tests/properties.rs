//! Property tests over positions reached by random legal moves from the start position and
//! from tricky suite positions: the legal generator against an independent statement of the
//! rules, make/unmake, incremental hashing and FEN round trips.

#![allow(clippy::unwrap_used)]

use chessbits_bitboard_core::{Move, Role, Square};
use chessbits_movegen::{
    captures, count_legal_moves, is_legal, is_legal_by_playing, is_pseudo_legal, legal_moves,
    pseudo_legal_moves, quiets,
};
use chessbits_position::{
    CastlingMode, CastlingNotation, EnPassantMode, Position, Setup, Validation,
};
use proptest::prelude::*;

const STARTS: &[(&str, CastlingMode)] = &[
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        CastlingMode::Standard,
    ),
    (
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        CastlingMode::Standard,
    ),
    (
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        CastlingMode::Standard,
    ),
    (
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        CastlingMode::Standard,
    ),
    (
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        CastlingMode::Standard,
    ),
    (
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        CastlingMode::Chess960,
    ),
    (
        "1r2k2r/8/8/8/8/8/8/R3K1R1 w GAhb - 0 1",
        CastlingMode::Chess960,
    ),
    ("8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3 0 1", CastlingMode::Standard),
];

/// A position reached by playing `choices` (each picks one legal move) from a start.
fn walk(start: usize, choices: &[u16]) -> Vec<Position> {
    let (fen, mode) = STARTS[start % STARTS.len()];
    let setup: Setup = fen.parse().unwrap();
    let mut pos = Position::from_setup_with(&setup, mode, Validation::Playable).unwrap();
    let mut seen = vec![pos.clone()];
    for &c in choices {
        let moves = legal_moves(&pos);
        if moves.is_empty() {
            break;
        }
        pos = pos.play_unchecked(moves[c as usize % moves.len()]);
        seen.push(pos.clone());
    }
    seen
}

fn sorted(moves: &[Move]) -> Vec<u16> {
    let mut v: Vec<u16> = moves.iter().map(|m| m.to_bits()).collect();
    v.sort_unstable();
    v
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn legal_moves_are_the_pseudo_legal_moves_that_are_legal(start: usize, choices in prop::collection::vec(any::<u16>(), 0..80)) {
        for pos in walk(start, &choices) {
            let legal = legal_moves(&pos);
            let pseudo = pseudo_legal_moves(&pos);
            let filtered: Vec<Move> = pseudo.iter().copied().filter(|&m| is_legal_by_playing(&pos, m)).collect();
            prop_assert_eq!(sorted(&legal), sorted(&filtered), "{}", pos.fen());
            for &m in pseudo.iter() {
                prop_assert!(is_pseudo_legal(&pos, m), "{} {:?}", pos.fen(), m);
                prop_assert_eq!(is_legal(&pos, m), legal.contains(m), "{} {:?}", pos.fen(), m);
            }
            prop_assert_eq!(count_legal_moves(&pos), legal.len() as u64);
            // Captures and quiets split the legal moves.
            let (c, q) = (captures(&pos), quiets(&pos));
            let mut both: Vec<Move> = c.iter().chain(q.iter()).copied().collect();
            both.sort_unstable_by_key(|m| m.to_bits());
            prop_assert_eq!(sorted(&both), sorted(&legal));
            for &m in c.iter() {
                prop_assert!(m.is_en_passant() || pos.board().by_color(pos.turn().other()).contains(m.to()));
            }
        }
    }

    #[test]
    fn random_moves_from_elsewhere(start: usize, choices in prop::collection::vec(any::<u16>(), 0..60), triples in prop::collection::vec((0u32..64, 0u32..64, 0u8..6), 50)) {
        let pos = walk(start, &choices).pop().unwrap();
        let legal = legal_moves(&pos);
        for (f, t, k) in triples {
            let (from, to) = (Square::new_masked(f), Square::new_masked(t));
            let m = match k {
                0 | 1 => Move::normal(from, to),
                2 => Move::promote(from, to, [Role::Queen, Role::Knight][usize::from(k & 1)]),
                3 => Move::en_passant(from, to),
                4 => Move::castle(from, to),
                _ => pos.move_from_uci(Move::normal(from, to)),
            };
            prop_assert_eq!(is_legal(&pos, m), legal.contains(m), "{} {:?}", pos.fen(), m);
            prop_assert_eq!(is_legal_by_playing(&pos, m), legal.contains(m), "{} {:?}", pos.fen(), m);
        }
    }

    #[test]
    fn make_unmake_restores_and_hash_is_incremental(start: usize, choices in prop::collection::vec(any::<u16>(), 0..80)) {
        for pos in walk(start, &choices) {
            prop_assert_eq!(pos.zobrist_hash(), pos.compute_hash());
            prop_assert!(pos.board().is_consistent());
            let mut scratch = pos.clone();
            for &m in legal_moves(&pos).iter() {
                let undo = scratch.make_unchecked(m);
                prop_assert_eq!(scratch.zobrist_hash(), scratch.compute_hash(), "{} {:?}", pos.fen(), m);
                prop_assert!(scratch.board().is_consistent());
                scratch.unmake(m, undo);
                prop_assert_eq!(&scratch, &pos);
            }
            if !pos.is_check() {
                let undo = scratch.make_null();
                prop_assert_eq!(scratch.zobrist_hash(), scratch.compute_hash());
                scratch.unmake_null(undo);
                prop_assert_eq!(&scratch, &pos);
            }
        }
    }

    #[test]
    fn attacked_by_early_exit_equals_branch_free(start: usize, choices in prop::collection::vec(any::<u16>(), 0..80)) {
        for pos in walk(start, &choices) {
            let board = pos.board();
            for sq in Square::ALL {
                for color in [chessbits_bitboard_core::Color::White, chessbits_bitboard_core::Color::Black] {
                    let all = board.attackers_by(sq, color, board.occupied());
                    prop_assert_eq!(board.is_attacked_by(sq, color, board.occupied()), all.any());
                    prop_assert_eq!(board.is_attacked_by_early_exit(sq, color, board.occupied()), all.any());
                    prop_assert_eq!(board.attackers_to(sq, board.occupied()) & board.by_color(color), all);
                }
            }
        }
    }

    #[test]
    fn fen_round_trips(start: usize, choices in prop::collection::vec(any::<u16>(), 0..80)) {
        for pos in walk(start, &choices) {
            let mode = pos.mode();
            // With the pseudo-legal en-passant square the position comes back exactly.
            let exact = pos.fen_with(CastlingNotation::Shredder, EnPassantMode::PseudoLegal);
            prop_assert_eq!(&read(&exact, mode), &pos);
            // The default FEN (legal en passant, X-FEN) reads back to the same FEN.
            let fen = pos.fen();
            let back = read(&fen, mode);
            prop_assert_eq!(back.fen(), fen);
            prop_assert_eq!(back.legal_moves_len(), legal_moves(&pos).len());
        }
    }
}

fn read(fen: &str, mode: CastlingMode) -> Position {
    let setup: Setup = fen.parse().unwrap();
    Position::from_setup_with(&setup, mode, Validation::Playable).unwrap()
}

trait LegalLen {
    fn legal_moves_len(&self) -> usize;
}

impl LegalLen for Position {
    fn legal_moves_len(&self) -> usize {
        legal_moves(self).len()
    }
}
