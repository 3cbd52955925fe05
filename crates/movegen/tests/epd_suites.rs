//! Every perft suite of `tests/data` read by the EPD reader of `chessbits-position` as it
//! is (CRLF and NUL endings, `; D1` and ` ;D1` separators, four- and six-field FENs,
//! python-chess's `.perft` blocks), and written back unchanged. The suites live in this
//! package, so the test does too.

#![allow(clippy::unwrap_used)]

use std::path::PathBuf;

use chessbits_position::{parse_suite, Epd};

fn suite(name: &str) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn every_perft_suite_reads_as_it_is() {
    for (name, records, depths) in [
        ("cpw_classic6.epd", 7, 43),
        ("roce_perftsuite.epd", 126, 126 * 6 - 1),
        ("python-chess_random.perft", 6838, 6838 * 6),
        ("python-chess_tricky.perft", 19, 0),
        ("chess-epds_perft_tricky.epd", 0, 0),
        ("chess-epds_ferdy_perft_enpassant_1.epd", 3760, 3760),
        ("chess-epds_ferdy_perft_single_check_1.epd", 5000, 5000),
        ("chess-epds_ferdy_perft_double_checks.epd", 184, 184),
        ("ethereal_fischer960.epd", 960, 960 * 6),
    ] {
        let entries: Vec<_> = parse_suite(&suite(name))
            .into_iter()
            .map(|r| r.unwrap_or_else(|e| panic!("{name}: {e}")))
            .collect();
        let total: usize = entries.iter().map(|e| e.epd.perft_counts().len()).sum();
        assert!(
            entries.iter().all(|e| !e.epd.perft_counts().is_empty()),
            "{name}"
        );
        if records > 0 {
            assert_eq!(entries.len(), records, "{name}");
        }
        if depths > 0 {
            assert_eq!(total, depths, "{name}");
        }
        for e in &entries {
            // What we write reads back as the same record.
            let again = Epd::parse(&e.epd.to_string()).unwrap();
            assert_eq!(again.operations, e.epd.operations, "{name}:{}", e.line);
            assert_eq!(again.setup.board, e.epd.setup.board, "{name}:{}", e.line);
        }
    }
}
