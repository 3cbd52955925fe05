//! Games of the Lichess variants (`tests/data/variants/variants.pgn`, random playouts
//! written by python-chess, see `make_samples.py` there): every game replays without an
//! error, and `fens_games` gives python-chess's rows (`expected_fens.csv`): FENs with the
//! variants' fields, SAN with drops and suffixes as python-chess writes them.

use std::path::PathBuf;

use chessbits_pgn::{
    check_games, fens_games, game_variant, replay_texts, GameRecord, Reader, RecordCollector,
    SanMode,
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
