//! The command line as a user runs it.

#![allow(clippy::unwrap_used)]

use std::process::{Command, Output};

fn chessbits(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_chessbits"))
        .args(args)
        .output()
        .expect("run chessbits")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn perft_prints_nodes_searched() {
    let o = chessbits(&["perft", "4"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o), "\nNodes searched: 197281\n");
}

#[test]
fn divide_has_stockfish_shape() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let o = chessbits(&["perft", "2", "--fen", kiwipete, "--divide"]);
    assert!(o.status.success());
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 48 + 2);
    assert!(lines.contains(&"e1g1: 43"), "{out}");
    assert!(lines.contains(&"e1c1: 43"), "{out}");
    let sum: u64 = lines[..48]
        .iter()
        .map(|l| l.rsplit(": ").next().unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 2039);
    assert_eq!(lines[48], "");
    assert_eq!(lines[49], "Nodes searched: 2039");
}

#[test]
fn methods_lists_every_method_once_and_marks_the_default() {
    let o = chessbits(&["methods"]);
    assert!(o.status.success());
    let out = stdout(&o);
    let names: Vec<&str> = out
        .lines()
        .map(|l| l.trim_end_matches(" (default)"))
        .collect();
    // Exactly the registry's methods that this build has, in its order.
    let expected: Vec<&str> = chessbits_attack_tables::METHODS
        .iter()
        .filter(|m| m.is_available())
        .map(|m| m.name)
        .collect();
    assert_eq!(names, expected, "{out}");
    assert!(
        names.contains(&"classical") && names.contains(&"magic"),
        "{out}"
    );
    assert_eq!(
        names.contains(&"pext"),
        chessbits_attack_tables::HAS_PEXT,
        "{out}"
    );
    assert_eq!(out.matches(" (default)").count(), 1, "{out}");
}

#[test]
fn an_unknown_method_is_an_error() {
    let o = chessbits(&["perft", "1", "--method", "no-such-method"]);
    assert_eq!(o.status.code(), Some(2));
    if !chessbits_attack_tables::HAS_PEXT {
        let o = chessbits(&["perft", "1", "--method", "pext"]);
        assert_eq!(o.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&o.stderr).contains("BMI2"));
    }
}

#[test]
fn every_method_and_no_bulk_agree() {
    let o = chessbits(&["methods"]);
    let out = stdout(&o);
    for method in out.lines().map(|l| l.trim_end_matches(" (default)")) {
        for extra in [&[][..], &["--no-bulk"][..]] {
            let mut args = vec!["perft", "3", "--method", method];
            args.extend_from_slice(extra);
            let o = chessbits(&args);
            assert!(o.status.success(), "{method}");
            assert_eq!(stdout(&o), "\nNodes searched: 8902\n", "{method} {extra:?}");
        }
    }
}

#[test]
fn chess960_castling_is_king_takes_rook() {
    // Shredder-FEN rights (GAhb) are read as Chess960 without --chess960.
    let fen = "1r2k2r/8/8/8/8/8/8/R3K1R1 w GAhb - 0 1";
    let o = chessbits(&["perft", "1", "--fen", fen, "--divide"]);
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(out.lines().any(|l| l == "e1a1: 1"), "{out}");
    assert!(out.lines().any(|l| l == "e1g1: 1"), "{out}");
    assert!(!out.contains("e1c1"), "{out}");
    // In standard chess castling is written as the king's move.
    let o = chessbits(&[
        "perft",
        "1",
        "--fen",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "--divide",
    ]);
    let out = stdout(&o);
    assert!(
        out.lines().any(|l| l == "e1c1: 1") && out.lines().any(|l| l == "e1g1: 1"),
        "{out}"
    );
}

#[test]
fn bad_fen_is_a_typed_error_with_status_2() {
    let o = chessbits(&[
        "perft",
        "1",
        "--fen",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("placement") && err.contains("\"X\""), "{err}");
    let o = chessbits(&["perft", "1", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("no king"));
    let o = chessbits(&["perft", "1", "--method", "nope"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn methods_marks_the_default() {
    let o = chessbits(&["methods"]);
    assert!(o.status.success());
    let out = stdout(&o);
    // The fastest method on the target: PEXT where the build has BMI2, else magic.
    let default = if chessbits_attack_tables::HAS_PEXT {
        "pext (default)"
    } else {
        "magic (default)"
    };
    assert!(out.lines().any(|l| l == default), "{out}");
    assert!(out.lines().any(|l| l == "classical"), "{out}");
}

/// `--divide` with and without bulk counting prints the same lines (both come from
/// movegen's divide), and the counts add up to the total.
#[test]
fn divide_with_and_without_bulk_agree() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let bulk = stdout(&chessbits(&["perft", "3", "--fen", kiwipete, "--divide"]));
    let full = stdout(&chessbits(&[
        "perft",
        "3",
        "--fen",
        kiwipete,
        "--divide",
        "--no-bulk",
    ]));
    assert_eq!(bulk, full);
    let sum: u64 = bulk
        .lines()
        .filter(|l| !l.starts_with("Nodes"))
        .filter_map(|l| l.split_once(": ")?.1.parse::<u64>().ok())
        .sum();
    assert_eq!(sum, 97_862);
    assert!(bulk.ends_with("\nNodes searched: 97862\n"), "{bulk}");
}

/// A depth beyond what perft can walk is a usage error (exit 2), not a stack overflow.
#[test]
fn a_depth_beyond_the_limit_is_a_usage_error() {
    let o = chessbits(&["perft", "99999", "--fen", "8/8/8/8/8/8/8/K6k w - - 0 1"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("99999"));
    let o = chessbits(&["perft", "65"]);
    assert_eq!(o.status.code(), Some(2));
}

/// Shredder-FEN is Chess960 notation: castling comes out king-takes-rook even where the
/// king and rooks stand as in standard chess (as python-chess gives), in `perft --divide`
/// and in `moves`; X-FEN `KQ` with the same pieces is standard chess unless `--chess960`.
#[test]
fn shredder_fen_means_chess960() {
    let shredder = "rnnk2qr/p2p1pp1/b1pP3p/1pQ3P1/3Pp3/7N/PP1BPPBP/RN2K2R w HA - 4 22";
    let xfen = "rnnk2qr/p2p1pp1/b1pP3p/1pQ3P1/3Pp3/7N/PP1BPPBP/RN2K2R w KQ - 4 22";
    let divide = |fen: &str, extra: &[&str]| {
        let mut args = vec!["perft", "1", "--divide", "--fen", fen];
        args.extend_from_slice(extra);
        stdout(&chessbits(&args))
    };
    let moves = |fen: &str, extra: &[&str]| {
        let mut args = vec!["moves", "--fen", fen];
        args.extend_from_slice(extra);
        stdout(&chessbits(&args))
    };
    assert!(divide(shredder, &[]).contains("e1h1: 1"));
    assert!(!divide(shredder, &[]).contains("e1g1"));
    assert!(divide(xfen, &[]).contains("e1g1: 1"));
    assert!(divide(xfen, &["--chess960"]).contains("e1h1: 1"));
    assert!(moves(shredder, &[]).lines().any(|l| l.starts_with("e1h1,")));
    assert!(moves(xfen, &[]).lines().any(|l| l.starts_with("e1g1,")));
    assert!(moves(xfen, &["--chess960"])
        .lines()
        .any(|l| l.starts_with("e1h1,")));
}

fn syzygy_dir() -> String {
    concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/syzygy").to_owned()
}

/// `syzygy` writes `fen,wdl,dtz,best` from the side to move: python-chess's values for a
/// KRvK win (its endgame.epd), a loss, and a checkmate with no best move.
#[test]
fn syzygy_prints_wdl_dtz_and_the_best_move() {
    let dir = syzygy_dir();
    let o = chessbits(&[
        "syzygy",
        "--path",
        &dir,
        "8/8/8/2R5/1K6/8/5k2/8 w - - 0 1",
        "8/8/8/2R5/1K6/8/5k2/8 b - - 0 1",
        "k7/1Q6/1K6/8/8/8/8/8 b - - 0 1",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    let rows: Vec<&str> = out.lines().collect();
    assert_eq!(rows[0], "fen,wdl,dtz,best");
    let row = |i: usize| rows[i].split(',').collect::<Vec<_>>();
    assert_eq!(row(1)[..3], ["8/8/8/2R5/1K6/8/5k2/8 w - - 0 1", "2", "21"]);
    assert_eq!(row(1)[3].len(), 4, "a UCI move: {}", rows[1]);
    assert_eq!(row(2)[1], "-2");
    assert!(row(2)[2].parse::<i32>().expect("a number") < 0);
    assert_eq!(row(3)[..2], ["k7/1Q6/1K6/8/8/8/8/8 b - - 0 1", "-2"]);
    assert_eq!(row(3)[3], "", "checkmate: no best move");
    assert_eq!(rows.len(), 4);
}

/// `best` is empty when the game is over as python-chess's `board.is_game_over()` counts
/// it: bare kings (insufficient material) and the 75-move rule as well as checkmate; the
/// 50-move rule is only a claim, so a move is still given at a halfmove clock of 100.
#[test]
fn syzygy_gives_no_best_move_once_the_game_is_over() {
    let dir = syzygy_dir();
    let o = chessbits(&[
        "syzygy",
        "--path",
        &dir,
        "8/8/8/8/8/8/8/K6k w - - 0 1",
        "8/8/8/2R5/1K6/8/5k2/8 w - - 150 120",
        "8/8/8/2R5/1K6/8/5k2/8 w - - 100 100",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    let rows: Vec<&str> = out.lines().collect();
    assert_eq!(rows.len(), 4, "{out}");
    assert_eq!(rows[1], "8/8/8/8/8/8/8/K6k w - - 0 1,0,0,");
    assert!(
        rows[2].starts_with("8/8/8/2R5/1K6/8/5k2/8 w - - 150 120,2,21,"),
        "{out}"
    );
    assert!(
        rows[2].ends_with(','),
        "the 75-move rule: no best move: {out}"
    );
    let best = rows[3].rsplit(',').next().unwrap_or_default();
    assert_eq!(best.len(), 4, "a UCI move: {out}");
}

/// A position whose table is missing is an error line naming the table; the others are
/// still printed, and the exit status is 1.
#[test]
fn syzygy_names_a_missing_table_and_fails_at_the_end() {
    let dir = syzygy_dir();
    let epd = std::env::temp_dir().join(format!("chessbits-syzygy-{}.epd", std::process::id()));
    std::fs::write(
        &epd,
        "# a comment\n7r/8/8/8/8/2k5/8/KQ6 w - - id \"no KQvKR\";\n\n8/8/8/8/8/2k5/8/KQ6 w - - id \"KQvK\";\n",
    )
    .expect("writable");
    let o = chessbits(&[
        "syzygy",
        "--path",
        &dir,
        "--epd",
        epd.to_str().expect("UTF-8"),
    ]);
    std::fs::remove_file(&epd).expect("removable");
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("missing table KQvKR.rtbw"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    let out = stdout(&o);
    let rows: Vec<&str> = out.lines().collect();
    assert_eq!(rows.len(), 2, "{out}");
    assert!(
        rows[1].starts_with("8/8/8/8/8/2k5/8/KQ6 w - - 0 1,2,"),
        "{out}"
    );
    // Without --path: a usage error.
    assert_eq!(
        chessbits(&["syzygy", "8/8/8/8/8/2k5/8/KQ6 w - - 0 1"])
            .status
            .code(),
        Some(2)
    );
}
