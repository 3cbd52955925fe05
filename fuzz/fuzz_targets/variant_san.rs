//! SAN in variant positions: from a position of the pool (first byte) the next bytes play
//! up to 16 legal moves (the second byte says how many); the rest of the input is read as
//! SAN in both modes. What decodes is a legal move whose canonical SAN reads back to it;
//! and the canonical SAN (with its suffix) of the legal moves (up to 16 of them, spread over
//! the list) reads back to the move in strict mode, as its UCI does.
#![no_main]

use chessbits_movegen::san::{SanMode, SanPlus};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (mut pos, rest) = chessbits_fuzz::variant_position_and_rest(data);
    let (plies, rest) = match rest.split_first() {
        Some((&n, rest)) => (usize::from(n % 16), rest),
        None => (0, rest),
    };
    let (choices, text) = rest.split_at(plies.min(rest.len()));
    for &c in choices {
        let moves = pos.legal_moves();
        let Some(&m) = moves.get(usize::from(c) % moves.len().max(1)) else {
            break;
        };
        pos = pos.play_unchecked(m);
    }
    for mode in [SanMode::Strict, SanMode::Lenient] {
        if let Ok(plus) = SanPlus::from_ascii_with(text, mode) {
            let _ = plus.to_string();
        }
        let Ok(m) = pos.parse_san(text, mode) else {
            continue;
        };
        if m.is_null() {
            continue;
        }
        assert!(
            pos.is_legal(m),
            "{text:?} decoded to an illegal move in {pos}"
        );
        let san = pos.san(m);
        assert_eq!(
            pos.san_to_move(&san, SanMode::Strict),
            Ok(m),
            "{san} in {pos}"
        );
    }
    let moves = pos.legal_moves();
    let stride = moves.len() / 16 + 1;
    for &m in moves.iter().step_by(stride) {
        let plus = pos.san_plus(m).to_string();
        assert_eq!(
            pos.parse_san(plus.as_bytes(), SanMode::Strict),
            Ok(m),
            "{plus} in {pos}"
        );
        assert_eq!(pos.parse_uci(pos.uci(m).as_bytes()), Some(m), "{pos}");
    }
});
