//! UCI: any text parses or gives a typed error; a move it gives is legal, and its UCI text
//! reads back to the same move.
#![no_main]

use chessbits_bitboard_core::Move;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (pos, text) = chessbits_fuzz::position_and_rest(data);
    let _ = Move::from_uci_ascii(text);
    let Ok(m) = chessbits_movegen::uci_to_move(&pos, text) else {
        return;
    };
    if m.is_null() {
        return;
    }
    assert!(chessbits_movegen::is_legal(&pos, m));
    let back = chessbits_movegen::move_to_uci(&pos, m);
    assert_eq!(chessbits_movegen::uci_to_move(&pos, back.as_bytes()), Ok(m));
});
