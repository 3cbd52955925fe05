//! Legality of a move from elsewhere (a hash or killer move), decided without generating a
//! move list, against membership in the generated list: on 1,000 positions from real games
//! (`tests/data/middlegames.fen`), for every generated move, every pseudo-legal move, and
//! 5,000 random (from, to, kind) triples per position: five million checks. The
//! pseudo-legality test is held to membership in the pseudo-legal list the same way.

#![allow(clippy::unwrap_used)]

use bitboard_core::{Move, Role, Square};
use movegen::{is_legal, is_legal_by_generation, is_pseudo_legal, legal_moves, pseudo_legal_moves};
use position::Position;

fn positions() -> Vec<Position> {
    let text = include_str!("data/middlegames.fen");
    let positions: Vec<Position> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| Position::from_fen(l).unwrap())
        .collect();
    assert_eq!(positions.len(), 1000);
    positions
}

/// xorshift64*: a fixed, dependency-free stream of pseudo-random numbers.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
}

#[test]
fn legality_from_elsewhere_equals_list_membership() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut checks = 0u64;
    let mut legal_found = 0u64;
    for pos in positions() {
        let legal = legal_moves(&pos);
        for &m in legal.iter() {
            assert!(is_pseudo_legal(&pos, m), "{pos} {m:?}");
            assert!(is_legal(&pos, m), "{pos} {m:?}");
        }
        let pseudo = pseudo_legal_moves(&pos);
        for &m in pseudo.iter() {
            assert_eq!(is_legal(&pos, m), legal.contains(m), "{pos} {m:?}");
            checks += 1;
        }
        for _ in 0..5000 {
            let r = rng.next();
            let from = Square::new_masked(r as u32);
            let to = Square::new_masked((r >> 6) as u32);
            let m = match (r >> 12) % 8 {
                0..=3 => Move::normal(from, to),
                4 => Move::promote(from, to, Role::PROMOTIONS[(r >> 20) as usize % 4]),
                5 => Move::en_passant(from, to),
                6 => Move::castle(from, to),
                _ => pos.move_from_uci(Move::normal(from, to)),
            };
            assert_eq!(is_pseudo_legal(&pos, m), pseudo.contains(m), "{pos} {m:?}");
            let expected = legal.contains(m);
            assert_eq!(is_legal(&pos, m), expected, "{pos} {m:?}");
            assert_eq!(is_legal_by_generation(&pos, m), expected, "{pos} {m:?}");
            if expected {
                legal_found += 1;
            }
            checks += 1;
        }
    }
    assert!(checks >= 5_000_000, "{checks}");
    // Random triples do hit legal moves now and then; a test that only ever says "no" would
    // not show that the two agree on "yes".
    assert!(legal_found > 1_000, "{legal_found}");
}
