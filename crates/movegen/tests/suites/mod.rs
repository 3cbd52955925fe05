//! Every position of the perft suites in `tests/data` and the real-game middlegames, read
//! with `chessbits_position::parse_suite` (so the EPD reader is exercised on every suite as it is).

use std::path::PathBuf;

use chessbits_position::{parse_suite, CastlingMode, Position, PositionError, Setup, Validation};

/// The suite files (all of `tests/data`'s perft suites) and the middlegame FEN list.
pub(crate) const FILES: &[&str] = &[
    "cpw_classic6.epd",
    "roce_perftsuite.epd",
    "python-chess_random.perft",
    "python-chess_tricky.perft",
    "chess-epds_perft_tricky.epd",
    "chess-epds_ferdy_perft_enpassant_1.epd",
    "chess-epds_ferdy_perft_single_check_1.epd",
    "chess-epds_ferdy_perft_double_checks.epd",
    "ethereal_fischer960.epd",
];

/// Standard castling unless some castling right only makes sense in Chess960 (Shredder-FEN
/// letters, X-FEN rights of rooks off the corners): positions as the perft suites mean them.
pub(crate) fn position(setup: &Setup) -> Result<Position, PositionError> {
    let standard = Position::from_setup_with(setup, CastlingMode::Standard, Validation::Playable);
    if matches!(&standard, Ok(p) if p.castles().rooks() == setup.castling_rights) {
        return standard;
    }
    match Position::from_setup_with(setup, CastlingMode::Chess960, Validation::Playable) {
        Ok(p) if p.castles().rooks() == setup.castling_rights || standard.is_err() => Ok(p),
        _ => standard,
    }
}

fn read(name: &str) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every position: (where it came from, the position).
pub(crate) fn all() -> Vec<(String, Position)> {
    let mut out = Vec::new();
    for name in FILES {
        for entry in parse_suite(&read(name)) {
            let entry = entry.unwrap_or_else(|e| panic!("{name}: {e}"));
            let pos =
                position(&entry.epd.setup).unwrap_or_else(|e| panic!("{name}:{}: {e}", entry.line));
            out.push((format!("{name}:{}", entry.line), pos));
        }
    }
    let text = String::from_utf8(read("middlegames.fen")).expect("UTF-8");
    for (i, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let pos = Position::from_fen(line).unwrap_or_else(|e| panic!("middlegames:{i}: {e}"));
        out.push((format!("middlegames.fen:{}", i + 1), pos));
    }
    out
}
