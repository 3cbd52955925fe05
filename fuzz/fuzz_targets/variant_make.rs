//! Playing moves in variant positions: from a position of the pool (first byte) each
//! further byte plays a legal move (up to 200). After each the FEN reads back to the same
//! position, and perft 2 (made and taken back in place) equals the count of the moves
//! after each move played on a copy: a take-back that left anything behind would change
//! the later counts. Raw 16-bit moves (the bytes in pairs) are legal exactly when listed.
#![no_main]

use chessbits_bitboard_core::Move;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (mut pos, choices) = chessbits_fuzz::variant_position_and_rest(data);
    let variant = pos.variant();
    for (i, &c) in choices.iter().take(200).enumerate() {
        let moves = pos.legal_moves();
        if i % 8 == 0 {
            let copies: u64 = moves
                .iter()
                .map(|&m| pos.play_unchecked(m).count_legal_moves())
                .sum();
            assert_eq!(pos.perft(2), copies, "perft 2 of {pos}");
        }
        if let Some(pair) = choices.get(i..i + 2) {
            let raw = Move::from_bits(u16::from_le_bytes([pair[0], pair[1]]));
            assert_eq!(pos.is_legal(raw), moves.contains(&raw), "{raw:?} in {pos}");
        }
        let Some(&m) = moves.get(usize::from(c) % moves.len().max(1)) else {
            break;
        };
        pos = pos.play_unchecked(m);
        let fen = pos.fen();
        let back = chessbits_movegen::variant::VariantPosition::from_fen(variant, &fen)
            .unwrap_or_else(|e| panic!("{fen} after {m:?}: {e}"));
        assert_eq!(back.fen(), fen);
    }
});
