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
