//! SAN: any text parses in both modes or gives a typed error; a move it decodes to is legal
//! and encodes to SAN that decodes to the same move in strict mode.
#![no_main]

use libfuzzer_sys::fuzz_target;
use chessbits_movegen::san::{San, SanMode, SanPlus};

fuzz_target!(|data: &[u8]| {
    let (pos, text) = chessbits_fuzz::position_and_rest(data);
    for mode in [SanMode::Strict, SanMode::Lenient] {
        let Ok(san) = SanPlus::from_ascii_with(text, mode) else {
            continue;
        };
        let _ = san.to_string();
        let Ok(m) = san.san.to_move(&pos, mode) else {
            continue;
        };
        if m.is_null() {
            continue;
        }
        assert!(
            chessbits_movegen::is_legal(&pos, m),
            "{san} decoded to an illegal move"
        );
        let canonical = San::from_move(&pos, m);
        assert_eq!(canonical.to_move(&pos, SanMode::Strict), Ok(m));
        let text = SanPlus::from_move(&pos, m).to_string();
        let reparsed = SanPlus::from_ascii_with(text.as_bytes(), SanMode::Strict)
            .expect("canonical SAN parses");
        assert_eq!(reparsed.san, canonical);
    }
});
