//! python-chess's perft suites of the Lichess variants (`tests/data/variants/`), node
//! counts to the node limit of `common::node_limit` (`PERFT_NODE_LIMIT`).

mod common;

use chessbits_movegen::variant::VariantPosition;
use chessbits_position::{parse_suite, CastlingMode, Variant};

fn run(file: &str, variant: Variant) {
    let limit = common::node_limit();
    let bytes = common::data(&format!("variants/{file}"));
    let mut checked = 0;
    for entry in parse_suite(&bytes) {
        let entry = entry.unwrap_or_else(|e| panic!("{file}: {e}"));
        let setup = &entry.epd.setup;
        let mode = CastlingMode::detect(setup);
        let pos = VariantPosition::from_setup(variant, setup, mode)
            .unwrap_or_else(|e| panic!("{file}:{}: {e}", entry.line));
        for (depth, nodes) in entry.epd.perft_counts() {
            if nodes > limit {
                continue;
            }
            assert_eq!(
                pos.perft(depth),
                nodes,
                "{file}:{} {:?} depth {depth}",
                entry.line,
                entry.epd.id()
            );
            checked += 1;
        }
    }
    assert!(checked > 0, "{file}: nothing checked");
}

#[test]
fn three_check() {
    run("python-chess_3check.perft", Variant::ThreeCheck);
}

#[test]
fn atomic() {
    run("python-chess_atomic.perft", Variant::Atomic);
}

#[test]
fn crazyhouse() {
    run("python-chess_crazyhouse.perft", Variant::Crazyhouse);
}

#[test]
fn antichess() {
    run("python-chess_giveaway.perft", Variant::Antichess);
}

#[test]
fn horde() {
    run("python-chess_horde.perft", Variant::Horde);
}

#[test]
fn racing_kings() {
    run("python-chess_racingkings.perft", Variant::RacingKings);
}

#[test]
fn starting_positions() {
    // Perft 1-3 of each start position, python-chess's counts.
    for (variant, counts) in [
        (Variant::Chess, [20, 400, 8_902]),
        (Variant::KingOfTheHill, [20, 400, 8_902]),
        (Variant::ThreeCheck, [20, 400, 8_902]),
        (Variant::Crazyhouse, [20, 400, 8_902]),
        (Variant::Atomic, [20, 400, 8_902]),
        (Variant::Antichess, [20, 400, 8_067]),
        (Variant::Horde, [8, 128, 1_274]),
        (Variant::RacingKings, [21, 421, 11_264]),
    ] {
        let pos = VariantPosition::new(variant);
        assert_eq!(pos.fen(), variant.starting_fen(), "{variant}");
        for (depth, nodes) in (1..).zip(counts) {
            assert_eq!(pos.perft(depth), nodes, "{variant} depth {depth}");
        }
    }
}

#[test]
fn is_legal_agrees_with_the_generated_moves_on_every_raw_move() {
    // Raw 16-bit moves as a hash table hands them over: a normal move's squares with
    // other bits set is not that move (found by the `variant_make` fuzz target).
    for (variant, fen) in [
        (
            Variant::RacingKings,
            "8/1r6/8/8/8/3N2R1/k1bnNB1K/qrbn1BRQ b - - 3 2",
        ),
        (
            Variant::Crazyhouse,
            "4k3/1Q~6/8/8/4b3/8/Kpp5/8[Nn] b - - 0 1",
        ),
        (Variant::Antichess, "8/1P6/8/8/8/8/6p1/8 w - - 0 1"),
        (Variant::Atomic, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"),
    ] {
        let pos = VariantPosition::from_fen(variant, fen).expect("valid");
        let legal = pos.legal_moves();
        let step = if cfg!(debug_assertions) { 7 } else { 1 };
        for bits in (0..=u16::MAX).step_by(step) {
            let m = chessbits_bitboard_core::Move::from_bits(bits);
            assert_eq!(pos.is_legal(m), legal.contains(&m), "{m:?} in {fen}");
        }
    }
}
