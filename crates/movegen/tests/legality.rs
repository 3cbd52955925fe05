//! Legality of a move from elsewhere (a hash or killer move), decided without generating a
//! move list, against membership in the generated list: on 1,000 positions from real games
//! (`tests/data/middlegames.fen`), for every generated move, every pseudo-legal move, and
//! 5,000 random (from, to, kind) triples per position: five million checks. The
//! pseudo-legality test is held to membership in the pseudo-legal list the same way.

#![allow(clippy::unwrap_used)]

use chessbits_bitboard_core::{Move, Role, Square};
use chessbits_movegen::{
    is_legal, is_legal_by_generation, is_pseudo_legal, legal_moves, pseudo_legal_moves,
};
use chessbits_position::Position;

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

/// Every one of the 65,536 `u16` values, as a hash or killer slot hands it over, on every
/// tenth real-game position and on positions with en passant (legal and pinned), castling
/// (standard and Chess960), promotions and check: `is_pseudo_legal` and `is_legal` answer
/// exactly as membership in the pseudo-legal and legal lists. Values that are not
/// canonical (promotion bits on a move that is not a promotion) are in no list.
#[test]
fn every_u16_answers_as_list_membership() {
    let special = [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "8/8/8/KPp4r/8/8/8/k7 w - c6 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1",
        "4k3/8/8/8/8/8/3r1r2/4K3 w - - 0 1",
        "4k3/8/8/1b6/8/3n4/8/4K3 w - - 0 1",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "2r1kr2/8/8/8/8/8/8/1R2K1R1 w GBfc - 0 1",
    ];
    let mut positions: Vec<Position> = positions().into_iter().step_by(10).collect();
    for fen in special {
        let mode = if fen.contains("HF") || fen.contains("GB") {
            chessbits_position::CastlingMode::Chess960
        } else {
            chessbits_position::CastlingMode::Standard
        };
        positions.push(Position::from_fen_with(fen, mode).unwrap());
    }
    let (mut legal_yes, mut pseudo_yes, mut non_canonical) = (0u64, 0u64, 0u64);
    for pos in &positions {
        let legal = legal_moves(pos);
        let pseudo = pseudo_legal_moves(pos);
        for bits in 0..=u16::MAX {
            let m = Move::from_bits(bits);
            let (in_pseudo, in_legal) = (pseudo.contains(m), legal.contains(m));
            assert_eq!(is_pseudo_legal(pos, m), in_pseudo, "{pos} {bits:#06x}");
            assert_eq!(is_legal(pos, m), in_legal, "{pos} {bits:#06x}");
            pseudo_yes += u64::from(in_pseudo);
            legal_yes += u64::from(in_legal);
            non_canonical += u64::from(!m.is_canonical());
        }
        // Each listed move has exactly one encoding among the 65,536.
        assert_eq!(
            legal.len(),
            legal.iter().filter(|m| m.is_canonical()).count()
        );
    }
    assert_eq!(positions.len(), 111);
    assert!(
        legal_yes > 3_000 && pseudo_yes > legal_yes,
        "{legal_yes} {pseudo_yes}"
    );
    // A quarter of each kind's values other than promotions carry promotion bits: 3 of 4
    // kinds times 3 of 4 promotion values, 9/16 of all values; less the spare values the
    // variants use: promotions to a king (4,096) and drops (5 roles times 64 squares).
    assert_eq!(non_canonical, 111 * (65_536 * 9 / 16 - 4_096 - 5 * 64));
}
