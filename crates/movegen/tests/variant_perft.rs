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
    // The suite's positions have no castling right: the same counts for the three rule sets.
    run("python-chess_giveaway.perft", Variant::Antichess);
    run("python-chess_giveaway.perft", Variant::Giveaway);
    run("python-chess_giveaway.perft", Variant::Suicide);
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

/// Giveaway and suicide (python-chess's `GiveawayBoard` and `SuicideBoard`): antichess with
/// castling from a start position with every right; counts and outcomes from python-chess
/// 1.11.2 (no suite of theirs has a castling right).
#[test]
fn giveaway_and_suicide_castle() {
    use chessbits_bitboard_core::Color;
    use chessbits_position::{Outcome, Termination};
    let castles = "r3k2r/p6p/8/8/8/8/P6P/R3K2R w KQkq - 0 1";
    for variant in [Variant::Giveaway, Variant::Suicide] {
        let start = VariantPosition::new(variant);
        assert_eq!(
            start.fen(),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        );
        let counts: Vec<u64> = (1..=4).map(|d| start.perft(d)).collect();
        assert_eq!(counts, [20, 400, 8067, 153_299], "{variant}");
        let pos = VariantPosition::from_fen(variant, castles).expect("fen");
        let moves: Vec<String> = pos.legal_moves().iter().map(|&m| pos.uci(m)).collect();
        assert!(moves.contains(&"e1g1".to_owned()) && moves.contains(&"e1c1".to_owned()));
        let counts: Vec<u64> = (1..=3).map(|d| pos.perft(d)).collect();
        assert_eq!(counts, [16, 256, 4641], "{variant}");
    }
    // Several kings: `KQkq` is read and written against the highest king, as python-chess's
    // Chess960 board does (a fuzzer's find: the black rook on c8 is `q` both ways).
    let fen = "knrbqbkn/ppQ1p1pp/8/3pPp2/8/8/PPPq1PPP/RnBQBKNr w KQkq f6 0 3";
    let pos = VariantPosition::from_fen(Variant::Giveaway, fen).expect("fen");
    assert_eq!(
        pos.fen(),
        "knrbqbkn/ppQ1p1pp/8/3pPp2/8/8/PPPq1PPP/RnBQBKNr w Qq f6 0 3"
    );
    let again = VariantPosition::from_fen(Variant::Giveaway, &pos.fen()).expect("our fen");
    assert_eq!(again.fen(), pos.fen());
    // Lichess's antichess keeps no castling right.
    let anti = VariantPosition::from_fen(Variant::Antichess, castles).expect("fen");
    assert_eq!(anti.castling_rights().count(), 0);
    // Stalemated: in giveaway the side to move wins; in suicide the side with fewer pieces
    // wins, and as many draw.
    let win = |c| Outcome::Decisive {
        winner: c,
        reason: Termination::Stalemate,
    };
    for (fen, giveaway, suicide) in [
        (
            "8/8/8/8/8/p7/P7/8 w - - 0 1",
            win(Color::White),
            Outcome::Draw(Termination::Stalemate),
        ),
        (
            "8/8/8/8/1p6/p7/P7/8 w - - 0 1",
            win(Color::White),
            win(Color::White),
        ),
        (
            "8/8/8/8/1p6/1Pp5/2P5/N7 w - - 0 1",
            win(Color::White),
            win(Color::Black),
        ),
    ] {
        let g = VariantPosition::from_fen(Variant::Giveaway, fen).expect("fen");
        let s = VariantPosition::from_fen(Variant::Suicide, fen).expect("fen");
        assert_eq!(g.outcome(), Some(giveaway), "{fen}");
        assert_eq!(s.outcome(), Some(suicide), "{fen}");
    }
}
