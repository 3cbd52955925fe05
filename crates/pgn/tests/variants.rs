//! Games of the Lichess variants (`tests/data/variants/variants.pgn`, random playouts
//! written by python-chess, see `make_samples.py` there): every game replays without an
//! error, and the `pgn fens` rows of `replay_plies` give python-chess's rows (`expected_fens.csv`): FENs with the
//! variants' fields, SAN with drops and suffixes as python-chess writes them.

use std::path::PathBuf;

mod common;

use common::fens_games;

use chessbits_pgn::{
    check_games, game_variant, replay_texts, GameRecord, Reader, RecordCollector, SanMode,
};
use chessbits_position::Variant;

fn data(name: &str) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/variants")
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn records() -> Vec<GameRecord> {
    let pgn = data("variants.pgn");
    let mut out = Vec::new();
    Reader::new(&pgn[..])
        .read_all(&mut RecordCollector::new(), |r| out.push(r))
        .expect("no I/O error");
    out
}

#[test]
fn every_variant_game_replays() {
    let recs = records();
    assert_eq!(recs.len(), 32);
    let mut seen = std::collections::BTreeSet::new();
    for r in &recs {
        let v = game_variant(r.variant.as_deref()).expect("a known variant");
        seen.insert(v.expect("not standard"));
    }
    assert_eq!(seen.len(), 7, "{seen:?}");
    for mode in [SanMode::Lenient, SanMode::Strict] {
        let report = check_games(&recs, mode);
        assert_eq!(report.errors, vec![], "{mode:?}");
        assert_eq!(report.games, 32);
    }
}

#[test]
fn fens_rows_equal_python_chess() {
    let recs = records();
    let mut out = Vec::new();
    let report = fens_games(&recs, SanMode::Strict, &mut out);
    assert_eq!(report.errors, vec![]);
    let ours = String::from_utf8(out).expect("ASCII");
    let expected = String::from_utf8(data("expected_fens.csv")).expect("ASCII");
    let want: Vec<&str> = expected
        .lines()
        .skip(1)
        .map(|l| l.split_once(',').expect("game,rest").1)
        .collect();
    let got: Vec<&str> = ours.lines().collect();
    assert_eq!(got.len(), want.len());
    for (i, (g, w)) in got.iter().zip(&want).enumerate() {
        assert_eq!(g, w, "row {}", i + 1);
    }
}

#[test]
fn texts_of_variant_games() {
    let recs = records();
    let zh = recs
        .iter()
        .find(|r| r.variant.as_deref() == Some(b"Crazyhouse"))
        .expect("a crazyhouse game");
    let mut sans = Vec::new();
    let mut ucis = Vec::new();
    let replayed = replay_texts(zh, SanMode::Lenient, |s, u| {
        sans.push(String::from_utf8_lossy(s).into_owned());
        ucis.push(String::from_utf8_lossy(u).into_owned());
    });
    assert!(replayed.is_complete());
    assert_eq!(sans.len(), zh.moves.len());
    // Drops are written `N@f3` in SAN and UCI (pawns `@e4` in SAN, `P@e4` in UCI).
    for (s, u) in sans.iter().zip(&ucis) {
        if let Some((piece, square)) = s.trim_end_matches(['+', '#']).split_once('@') {
            let piece = if piece.is_empty() { "P" } else { piece };
            assert_eq!(u, &format!("{piece}@{square}"));
        }
    }
    assert!(
        sans.iter().any(|s| s.contains('@')),
        "no drop in the sample"
    );
    assert_eq!(Variant::from_name("Crazyhouse"), Some(Variant::Crazyhouse));
}

/// `pgn filter`'s test replays a variant game on its own rules: no error, a duplicate key
/// from its moves, and its positions found (compared as standard positions).
#[test]
fn the_filter_reads_variant_games_and_finds_their_positions() {
    use chessbits_pgn::filter::{Filter, Reached};
    use chessbits_pgn::replay_variant;

    let recs = records();
    let all = Filter::default();
    for r in &recs {
        let verdict = all.test(r, SanMode::Lenient);
        assert!(verdict.keep && verdict.error.is_none(), "game {}", r.game);
        assert_eq!(verdict.moves, r.moves.len() as u64, "game {}", r.game);
    }
    // A position after the third move of a game of each variant whose board a standard
    // position can have (both kings on the board).
    let mut found = 0;
    for r in &recs {
        let variant = game_variant(r.variant.as_deref())
            .ok()
            .flatten()
            .expect("a variant");
        let mut fen = None;
        let mut ply = 0;
        let _ = replay_variant(r, SanMode::Lenient, variant, |_, _, after| {
            ply += 1;
            if ply == 3 {
                fen = Some(after.fen());
            }
        });
        let Some(reached) = fen.and_then(|f| f.parse::<Reached>().ok()) else {
            continue;
        };
        let mut filter = Filter::default();
        filter.positions.push(reached);
        assert!(filter.test(r, SanMode::Lenient).keep, "game {}", r.game);
        found += 1;
    }
    assert!(
        found >= 20,
        "only {found} games had a standard-shaped position"
    );
    // The start of a crazyhouse game is the standard start: a crazyhouse game is found by it.
    let mut start = Filter::default();
    start.positions.push(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
            .parse()
            .expect("FEN"),
    );
    let zh = recs
        .iter()
        .find(|r| game_variant(r.variant.as_deref()) == Ok(Some(Variant::Crazyhouse)))
        .expect("a crazyhouse game");
    assert!(start.test(zh, SanMode::Lenient).keep);
}
