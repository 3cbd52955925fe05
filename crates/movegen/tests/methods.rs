//! Perft with every sliding-attack method of `attack-tables` over the ROCE suite: every
//! method must give the published count for every (position, depth) up to the node limit,
//! with bulk counting and (to a smaller limit) with every leaf made, which also exercises
//! the incremental upkeep of rotated bitboards through every make and unmake.
//!
//! The limit is `PERFT_NODE_LIMIT` if set, else 1,000,000 nodes per entry with optimisations
//! and 20,000 without. A new method is one line in [`METHODS`].

#![allow(clippy::unwrap_used)]

mod common;

use attack_tables::{
    Classical, Direct, DirectDense, Hyperbola, KoggeStone, Magic, Perfect, PerfectDirect,
    PerfectMinimal, Rotated, SlidingAttacks,
};
use common::{data, node_limit, parse_epd};
use movegen::{perft_full_with, perft_with};
use position::{CastlingMode, Position, Setup, Validation};

/// Counts with bulk counting and with every leaf made.
struct Perfts {
    bulk: fn(&Position, u32) -> u64,
    full: fn(&Position, u32) -> u64,
}

const fn perfts<S: SlidingAttacks>() -> Perfts {
    Perfts {
        bulk: perft_with::<S>,
        full: perft_full_with::<S>,
    }
}

/// Every method, by name.
const METHODS: &[(&str, Perfts)] = &[
    (Classical::NAME, perfts::<Classical>()),
    (Rotated::NAME, perfts::<Rotated>()),
    (Direct::NAME, perfts::<Direct>()),
    (DirectDense::NAME, perfts::<DirectDense>()),
    (Perfect::NAME, perfts::<Perfect>()),
    (PerfectMinimal::NAME, perfts::<PerfectMinimal>()),
    (PerfectDirect::NAME, perfts::<PerfectDirect>()),
    (Magic::NAME, perfts::<Magic>()),
    (Hyperbola::NAME, perfts::<Hyperbola>()),
    (KoggeStone::NAME, perfts::<KoggeStone>()),
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    (attack_tables::Pext::NAME, perfts::<attack_tables::Pext>()),
];

/// The ROCE suite, read in playable mode: it holds a few positions with impossible checks.
fn roce() -> Vec<(Position, Vec<(u32, u64)>)> {
    parse_epd(&data("roce_perftsuite.epd"))
        .into_iter()
        .map(|case| {
            let setup: Setup = case.fen.parse().unwrap();
            let pos =
                Position::from_setup_with(&setup, CastlingMode::Standard, Validation::Playable)
                    .unwrap_or_else(|e| panic!("line {}: {}: {e}", case.line, case.fen));
            (pos, case.depths)
        })
        .collect()
}

#[test]
fn every_method_counts_the_roce_suite() {
    let suite = roce();
    assert_eq!(suite.len(), 126);
    let limit = node_limit();
    for (name, perfts) in METHODS {
        let (mut checks, mut nodes) = (0, 0);
        for (i, (pos, depths)) in suite.iter().enumerate() {
            for &(depth, expected) in depths.iter().filter(|&&(_, n)| n <= limit) {
                let got = (perfts.bulk)(pos, depth);
                assert_eq!(got, expected, "{name}: line {} depth {depth}", i + 1);
                checks += 1;
                nodes += got;
                // Every leaf made and unmade, at a fiftieth of the limit.
                if expected <= limit / 50 {
                    let full = (perfts.full)(pos, depth);
                    assert_eq!(
                        full,
                        expected,
                        "{name} (no bulk): line {} depth {depth}",
                        i + 1
                    );
                }
            }
        }
        println!("{name}: {checks} (position, depth) checks, {nodes} nodes (limit {limit})");
        assert!(
            checks >= 126,
            "{name}: every position checked at least once"
        );
    }
}

/// Pseudo-legal generation with every method gives the same moves as the independent
/// statement of the rules in `movegen::pseudo_legal_moves`, on the ROCE suite and the 6,838
/// positions of python-chess's random-game perft file (Chess960 castling included).
#[test]
fn pseudo_legal_generation_agrees_for_every_method() {
    let bytes = data("python-chess_random.perft");
    let text = String::from_utf8_lossy(&bytes);
    let mut positions: Vec<Position> = roce().into_iter().map(|(pos, _)| pos).collect();
    for fen in text.lines().filter_map(|l| l.trim().strip_prefix("epd ")) {
        let setup: Setup = fen.parse().unwrap();
        positions.push(
            Position::from_setup_with(&setup, CastlingMode::Chess960, Validation::Playable)
                .unwrap(),
        );
    }
    assert_eq!(positions.len(), 126 + 6838);
    let sorted = |mut moves: Vec<bitboard_core::Move>| {
        moves.sort_unstable_by_key(|m| format!("{m:?}"));
        moves
    };
    let expected: Vec<_> = positions
        .iter()
        .map(|pos| sorted(movegen::pseudo_legal_moves(pos).iter().copied().collect()))
        .collect();
    for (name, pseudo) in PSEUDO {
        for (pos, expected) in positions.iter().zip(&expected) {
            let (moves, count) = pseudo(pos);
            assert_eq!(sorted(moves), *expected, "{name}: {}", pos.fen());
            assert_eq!(count, expected.len() as u64, "{name}: {}", pos.fen());
        }
    }
}

/// A method's pseudo-legal moves and their count, the occupancy built from scratch.
fn pseudo<S: SlidingAttacks>(pos: &Position) -> (Vec<bitboard_core::Move>, u64) {
    use attack_tables::OccupancyState;
    let kept = S::Occupancy::new(pos.board().occupied());
    let moves = movegen::pseudo_legal_moves_with::<S>(pos, &kept);
    (
        moves.iter().copied().collect(),
        movegen::count_pseudo_legal_with::<S>(pos, &kept),
    )
}

/// A method's pseudo-legal generation, with its name.
type PseudoEntry = (
    &'static str,
    fn(&Position) -> (Vec<bitboard_core::Move>, u64),
);

const PSEUDO: &[PseudoEntry] = &[
    (Classical::NAME, pseudo::<Classical>),
    (Rotated::NAME, pseudo::<Rotated>),
    (Direct::NAME, pseudo::<Direct>),
    (DirectDense::NAME, pseudo::<DirectDense>),
    (Perfect::NAME, pseudo::<Perfect>),
    (PerfectMinimal::NAME, pseudo::<PerfectMinimal>),
    (PerfectDirect::NAME, pseudo::<PerfectDirect>),
    (Magic::NAME, pseudo::<Magic>),
    (Hyperbola::NAME, pseudo::<Hyperbola>),
    (KoggeStone::NAME, pseudo::<KoggeStone>),
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    (attack_tables::Pext::NAME, pseudo::<attack_tables::Pext>),
];
