//! Perft with every sliding-attack method of `attack-tables` over the ROCE suite: every
//! method must give the published count for every (position, depth) up to the node limit
//! with bulk counting. With every leaf made (to a smaller limit) for the two kinds of
//! occupancy upkeep: a plain occupancy (the default method's, as every method but one
//! keeps) and rotated bitboards' four, kept through every make and unmake. The leaf walk
//! is a second copy of the generator per method, so it is compiled for those two only.
//!
//! The limit is `PERFT_NODE_LIMIT` if set, else 1,000,000 nodes per entry with optimisations
//! and 20,000 without. The methods come from the registry (`chessbits_attack_tables::for_each_method`).

#![allow(clippy::unwrap_used)]

mod common;

use chessbits_attack_tables::{DefaultMethod, MethodVisitor, SlidingAttacks, METHODS};
use chessbits_movegen::{perft_full_with, perft_with};
use chessbits_position::{CastlingMode, Position, Setup, Validation};
use common::{data, node_limit, parse_epd};

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
    let mut run = RoceRun {
        suite,
        limit: node_limit(),
        names: Vec::new(),
    };
    chessbits_attack_tables::for_each_method(&mut run);
    let available: Vec<&str> = METHODS
        .iter()
        .filter(|m| m.is_available())
        .map(|m| m.name)
        .collect();
    assert_eq!(run.names, available);
}

/// The ROCE suite with every leaf made and unmade, at a fiftieth of the limit, with the
/// default method (a plain occupancy kept) and rotated bitboards (four occupancies kept).
#[test]
fn every_leaf_made_with_each_kind_of_occupancy_upkeep() {
    let suite = roce();
    let limit = node_limit() / 50;
    every_leaf_made::<DefaultMethod>(&suite, limit);
    every_leaf_made::<chessbits_attack_tables::Rotated>(&suite, limit);
}

fn every_leaf_made<S: SlidingAttacks>(suite: &[(Position, Vec<(u32, u64)>)], limit: u64) {
    let mut checks = 0;
    for (i, (pos, depths)) in suite.iter().enumerate() {
        for &(depth, expected) in depths.iter().filter(|&&(_, n)| n <= limit) {
            let full = perft_full_with::<S>(pos, depth);
            assert_eq!(
                full,
                expected,
                "{} (no bulk): line {} depth {depth}",
                S::NAME,
                i + 1
            );
            checks += 1;
        }
    }
    println!(
        "{} (no bulk): {checks} (position, depth) checks (limit {limit})",
        S::NAME
    );
    assert!(
        checks >= 126,
        "{}: every position checked at least once",
        S::NAME
    );
}

/// The ROCE suite with one method, with bulk counting.
struct RoceRun {
    suite: Vec<(Position, Vec<(u32, u64)>)>,
    limit: u64,
    names: Vec<&'static str>,
}

impl MethodVisitor for RoceRun {
    fn visit<S: SlidingAttacks>(&mut self) {
        let (name, limit) = (S::NAME, self.limit);
        let (mut checks, mut nodes) = (0, 0);
        for (i, (pos, depths)) in self.suite.iter().enumerate() {
            for &(depth, expected) in depths.iter().filter(|&&(_, n)| n <= limit) {
                let got = perft_with::<S>(pos, depth);
                assert_eq!(got, expected, "{name}: line {} depth {depth}", i + 1);
                checks += 1;
                nodes += got;
            }
        }
        println!("{name}: {checks} (position, depth) checks, {nodes} nodes (limit {limit})");
        assert!(
            checks >= 126,
            "{name}: every position checked at least once"
        );
        self.names.push(name);
    }
}

/// Pseudo-legal generation with every method gives the same moves as the independent
/// statement of the rules in `chessbits_movegen::pseudo_legal_moves`, on the ROCE suite and the 6,838
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
    let sorted = |mut moves: Vec<chessbits_bitboard_core::Move>| {
        moves.sort_unstable_by_key(|m| format!("{m:?}"));
        moves
    };
    let expected: Vec<_> = positions
        .iter()
        .map(|pos| {
            sorted(
                chessbits_movegen::pseudo_legal_moves(pos)
                    .iter()
                    .copied()
                    .collect(),
            )
        })
        .collect();
    let mut run = PseudoRun {
        positions,
        expected,
        methods: 0,
    };
    chessbits_attack_tables::for_each_method(&mut run);
    assert_eq!(
        run.methods,
        METHODS.iter().filter(|m| m.is_available()).count()
    );
}

/// Pseudo-legal generation with one method against the expected moves.
struct PseudoRun {
    positions: Vec<Position>,
    expected: Vec<Vec<chessbits_bitboard_core::Move>>,
    methods: usize,
}

impl MethodVisitor for PseudoRun {
    fn visit<S: SlidingAttacks>(&mut self) {
        for (pos, expected) in self.positions.iter().zip(&self.expected) {
            let (mut moves, count) = pseudo::<S>(pos);
            moves.sort_unstable_by_key(|m| format!("{m:?}"));
            assert_eq!(moves, *expected, "{}: {}", S::NAME, pos.fen());
            assert_eq!(count, expected.len() as u64, "{}: {}", S::NAME, pos.fen());
        }
        self.methods += 1;
    }
}

/// A method's pseudo-legal moves and their count, the occupancy built from scratch.
fn pseudo<S: SlidingAttacks>(pos: &Position) -> (Vec<chessbits_bitboard_core::Move>, u64) {
    use chessbits_attack_tables::OccupancyState;
    let kept = S::Occupancy::new(pos.board().occupied());
    let moves = chessbits_movegen::pseudo_legal_moves_with::<S>(pos, &kept);
    (
        moves.iter().copied().collect(),
        chessbits_movegen::count_pseudo_legal_with::<S>(pos, &kept),
    )
}
