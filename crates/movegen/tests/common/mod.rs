//! Shared by the perft harnesses: the node limit and the EPD suite reader.

// Each test binary that includes this module uses a different part of it.
#![allow(dead_code)]

use std::path::PathBuf;

/// One suite line: a FEN and its (depth, nodes) pairs.
pub(crate) struct Case {
    pub(crate) line: usize,
    pub(crate) fen: String,
    pub(crate) depths: Vec<(u32, u64)>,
}

/// `PERFT_NODE_LIMIT` if set, else 1,000,000 with optimisations and 20,000 without: the
/// largest expected node count a (position, depth) check may have.
pub(crate) fn node_limit() -> u64 {
    if let Ok(v) = std::env::var("PERFT_NODE_LIMIT") {
        return v.trim().parse().expect("PERFT_NODE_LIMIT must be a number");
    }
    if cfg!(debug_assertions) {
        20_000
    } else {
        1_000_000
    }
}

/// The bytes of `tests/data/<name>`.
pub(crate) fn data(name: &str) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Lines of `FEN ;D1 n ;D2 n` or `FEN; D1 n; D2 n`, CR and NUL bytes stripped.
pub(crate) fn parse_epd(bytes: &[u8]) -> Vec<Case> {
    let text = String::from_utf8_lossy(bytes);
    let mut cases = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim_matches(|c: char| c == '\0' || c == '\r' || c.is_whitespace());
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut parts = line.split(';');
        let fen = parts.next().unwrap_or_default().trim().to_string();
        let mut depths = Vec::new();
        for p in parts {
            let p = p.trim();
            let Some(rest) = p.strip_prefix('D') else {
                panic!("line {}: unexpected item {p:?}", i + 1)
            };
            let mut it = rest.split_whitespace();
            let d: u32 = it.next().and_then(|s| s.parse().ok()).expect("depth");
            let n: u64 = it.next().and_then(|s| s.parse().ok()).expect("nodes");
            depths.push((d, n));
        }
        assert!(!depths.is_empty(), "line {}: no depths", i + 1);
        cases.push(Case {
            line: i + 1,
            fen,
            depths,
        });
    }
    cases
}
