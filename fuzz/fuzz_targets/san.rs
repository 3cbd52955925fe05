//! SAN: any text parses in both modes or gives a typed error; a move it decodes to is legal
//! and encodes to SAN that decodes to the same move in strict mode. The same in variant
//! positions (drops, `=K`), picked by the second byte's low bit: the rest then reads as
//! SAN in a variant position chosen by the first byte.
#![no_main]

use chessbits_movegen::san::{San, SanMode, SanPlus};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if data.get(1).is_some_and(|b| b & 1 == 1) {
        variant_san(data);
        return;
    }
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

/// SAN in a variant position: what decodes is legal, and its canonical SAN reads back.
fn variant_san(data: &[u8]) {
    let (pos, rest) = chessbits_fuzz::variant_position_and_rest(data);
    let text = rest.get(1..).unwrap_or_default();
    for mode in [SanMode::Strict, SanMode::Lenient] {
        let Ok(m) = pos.parse_san(text, mode) else {
            continue;
        };
        if m.is_null() {
            continue;
        }
        assert!(pos.is_legal(m), "{text:?} decoded to an illegal move");
        let plus = pos.san_plus(m).to_string();
        assert_eq!(
            pos.parse_san(plus.as_bytes(), SanMode::Strict),
            Ok(m),
            "{plus}"
        );
        let uci = pos.uci(m);
        assert_eq!(pos.parse_uci(uci.as_bytes()), Some(m), "{uci}");
    }
}
