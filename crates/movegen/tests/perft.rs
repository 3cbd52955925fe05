//! One data-driven harness over every perft suite in `tests/data` (see its SOURCES.md).
//!
//! Each (position, depth) whose expected node count is at most the node limit is checked;
//! deeper entries are skipped. The limit is `PERFT_NODE_LIMIT` if set, otherwise 1,000,000
//! with optimisations (`cargo test --release`) and 20,000 without. Each suite prints the
//! number of positions, checks and nodes it verified (`cargo test --release -- --nocapture`).

#![allow(clippy::unwrap_used)]

mod common;

use chessbits_movegen::perft;
use chessbits_position::{CastlingMode, Position, Setup, Validation};
use common::{data, node_limit, parse_epd, Case};

/// python-chess's format: `id`, `epd`, `perft <depth> <nodes>` lines.
fn parse_perft(bytes: &[u8]) -> Vec<Case> {
    let text = String::from_utf8_lossy(bytes);
    let mut cases: Vec<Case> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if let Some(fen) = line.strip_prefix("epd ") {
            cases.push(Case {
                line: i + 1,
                fen: fen.trim().to_string(),
                depths: Vec::new(),
            });
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let mut it = rest.split_whitespace();
            let d: u32 = it.next().and_then(|s| s.parse().ok()).expect("depth");
            let n: u64 = it.next().and_then(|s| s.parse().ok()).expect("nodes");
            cases
                .last_mut()
                .expect("perft before epd")
                .depths
                .push((d, n));
        }
    }
    cases
}

struct Tally {
    positions: usize,
    checks: usize,
    nodes: u64,
}

fn run(name: &str, cases: &[Case], mode: CastlingMode) -> Tally {
    let limit = node_limit();
    let mut tally = Tally {
        positions: 0,
        checks: 0,
        nodes: 0,
    };
    let mut failures = Vec::new();
    for case in cases {
        let setup: Setup = case
            .fen
            .parse()
            .unwrap_or_else(|e| panic!("{name}:{}: {e}", case.line));
        let pos = Position::from_setup_with(&setup, mode, Validation::Playable)
            .unwrap_or_else(|e| panic!("{name}:{}: {}: {e}", case.line, case.fen));
        let mut checked_any = false;
        for &(depth, expected) in &case.depths {
            if expected > limit {
                continue;
            }
            let got = perft(&pos, depth);
            if got != expected {
                failures.push(format!(
                    "{name}:{}: {} depth {depth}: expected {expected}, got {got}",
                    case.line, case.fen
                ));
            }
            tally.checks += 1;
            tally.nodes += got;
            checked_any = true;
        }
        tally.positions += usize::from(checked_any);
    }
    println!(
        "{name}: {} of {} positions, {} (position, depth) checks, {} nodes verified (limit {limit})",
        tally.positions,
        cases.len(),
        tally.checks,
        tally.nodes
    );
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    // Every suite has shallow entries, so a limit of at least 1,000 always checks something.
    assert!(tally.checks > 0 || limit < 1_000, "{name}: nothing checked");
    tally
}

#[test]
fn cpw_classic6() {
    run(
        "cpw_classic6.epd",
        &parse_epd(&data("cpw_classic6.epd")),
        CastlingMode::Standard,
    );
}

#[test]
fn roce_perftsuite() {
    let cases = parse_epd(&data("roce_perftsuite.epd"));
    assert_eq!(cases.len(), 126);
    run("roce_perftsuite.epd", &cases, CastlingMode::Standard);
}

#[test]
fn python_chess_random() {
    let cases = parse_perft(&data("python-chess_random.perft"));
    assert_eq!(cases.len(), 6838);
    // Some random-game positions name X-FEN castling with rooks off the corners.
    run("python-chess_random.perft", &cases, CastlingMode::Chess960);
}

#[test]
fn python_chess_tricky() {
    let cases = parse_perft(&data("python-chess_tricky.perft"));
    assert_eq!(cases.len(), 19);
    // Holds X-FEN castling positions: read in Chess960 mode (standard ones are the same).
    run("python-chess_tricky.perft", &cases, CastlingMode::Chess960);
}

#[test]
fn sedlak_tricky() {
    let cases = parse_epd(&data("chess-epds_perft_tricky.epd"));
    run(
        "chess-epds_perft_tricky.epd",
        &cases,
        CastlingMode::Standard,
    );
}

#[test]
fn mosca_en_passant() {
    let cases = parse_epd(&data("chess-epds_ferdy_perft_enpassant_1.epd"));
    assert_eq!(cases.len(), 3760);
    run(
        "chess-epds_ferdy_perft_enpassant_1.epd",
        &cases,
        CastlingMode::Standard,
    );
}

#[test]
fn mosca_single_check() {
    let cases = parse_epd(&data("chess-epds_ferdy_perft_single_check_1.epd"));
    assert_eq!(cases.len(), 5000);
    run(
        "chess-epds_ferdy_perft_single_check_1.epd",
        &cases,
        CastlingMode::Standard,
    );
}

#[test]
fn mosca_double_checks() {
    let cases = parse_epd(&data("chess-epds_ferdy_perft_double_checks.epd"));
    assert_eq!(cases.len(), 184);
    run(
        "chess-epds_ferdy_perft_double_checks.epd",
        &cases,
        CastlingMode::Standard,
    );
}

#[test]
fn chess960() {
    let cases = parse_epd(&data("ethereal_fischer960.epd"));
    assert_eq!(cases.len(), 960);
    run("ethereal_fischer960.epd", &cases, CastlingMode::Chess960);
}
