//! `gives_check` equals playing the move and asking `is_check`, and the quiescence
//! generators produce exactly the moves they name, on every legal move of every perft-suite
//! position and 1,000 real-game middlegames.

#![allow(clippy::unwrap_used)]

mod suites;

use chessbits_bitboard_core::{Move, MoveKind};
use chessbits_movegen::{captures_and_promotions, checks, gives_check};

#[test]
fn gives_check_equals_make_and_test() {
    let mut moves = 0usize;
    let mut checking = [0usize; 4]; // normal, promotion, en passant, castling
    let mut failures = Vec::new();
    for (name, pos) in suites::all() {
        for &m in chessbits_movegen::legal_moves(&pos).iter() {
            let played = pos.play_unchecked(m).is_check();
            if gives_check(&pos, m) != played {
                failures.push(format!(
                    "{name}: {} {}: gives_check {}, after the move is_check {played}",
                    pos.fen(),
                    m.uci(pos.mode().is_chess960()),
                    !played
                ));
            }
            if played {
                checking[match m.kind() {
                    MoveKind::Normal => 0,
                    MoveKind::Promotion(_) => 1,
                    MoveKind::EnPassant => 2,
                    MoveKind::Castle => 3,
                    MoveKind::Drop(_) => unreachable!("no drops in standard chess"),
                }] += 1;
            }
            moves += 1;
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures[..failures.len().min(30)].join("\n")
    );
    println!(
        "{moves} legal moves; checks: {} normal, {} promotions, {} en passant, {} castling",
        checking[0], checking[1], checking[2], checking[3]
    );
    // Every kind of checking move occurs in the suites, so every branch was exercised.
    assert!(checking.iter().all(|&n| n > 0), "{checking:?}");
}

fn sorted(moves: &[Move]) -> Vec<u16> {
    let mut v: Vec<u16> = moves.iter().map(|m| m.to_bits()).collect();
    v.sort_unstable();
    v
}

#[test]
fn quiescence_generators_are_exact() {
    for (name, pos) in suites::all() {
        let legal = chessbits_movegen::legal_moves(&pos);
        let want_checks: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|&m| pos.play_unchecked(m).is_check())
            .collect();
        assert_eq!(
            sorted(&checks(&pos)),
            sorted(&want_checks),
            "{name}: checks"
        );
        let want_tactical: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|&m| {
                m.is_promotion()
                    || m.is_en_passant()
                    || (!m.is_castle() && pos.board().piece_at(m.to()).is_some())
            })
            .collect();
        let got = captures_and_promotions(&pos);
        assert_eq!(
            got.len(),
            want_tactical.len(),
            "{name}: duplicates or missing"
        );
        assert_eq!(
            sorted(&got),
            sorted(&want_tactical),
            "{name}: captures and promotions"
        );
    }
}
