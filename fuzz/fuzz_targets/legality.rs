//! Raw moves: every pair of input bytes is a `u16` move as a hash or killer slot hands it
//! over; `is_legal` and `is_pseudo_legal` answer as membership in the generated lists.
#![no_main]

use chessbits_bitboard_core::Move;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (pos, rest) = chessbits_fuzz::position_and_rest(data);
    let legal = chessbits_movegen::legal_moves(&pos);
    let pseudo = chessbits_movegen::pseudo_legal_moves(&pos);
    for pair in rest.chunks_exact(2) {
        let m = Move::from_bits(u16::from_le_bytes([pair[0], pair[1]]));
        assert_eq!(
            chessbits_movegen::is_legal(&pos, m),
            legal.contains(m),
            "{m:?}"
        );
        assert_eq!(
            chessbits_movegen::is_pseudo_legal(&pos, m),
            pseudo.contains(m),
            "{m:?}"
        );
    }
});
