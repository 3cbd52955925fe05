//! Variant perft on any position: the first byte picks the variant, the rest is read as
//! FEN. A position that validates counts the same at depth 2 (and 3 when small) by perft
//! (moves made and taken back in place, the last ply counted), by divide, and by playing
//! each move on a copy and counting below it.
#![no_main]

use chessbits_movegen::variant::VariantPosition;
use chessbits_position::{CastlingMode, Setup, Variant};
use libfuzzer_sys::fuzz_target;

fn by_copies(pos: &VariantPosition, depth: u32) -> u64 {
    if depth <= 1 {
        return if depth == 0 {
            1
        } else {
            pos.legal_moves().len() as u64
        };
    }
    pos.legal_moves()
        .iter()
        .map(|&m| by_copies(&pos.play_unchecked(m), depth - 1))
        .sum()
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, fen)) = data.split_first() else {
        return;
    };
    let variant = Variant::ALL[usize::from(first) % Variant::ALL.len()];
    let Ok(setup) = Setup::from_ascii(fen) else {
        return;
    };
    let mode = CastlingMode::detect(&setup);
    let Ok(pos) = VariantPosition::from_setup(variant, &setup, mode) else {
        return;
    };
    let two = pos.perft(2);
    assert_eq!(two, by_copies(&pos, 2), "{variant} {pos}");
    let divided: u64 = pos.divide(2).iter().map(|&(_, n)| n).sum();
    assert_eq!(two, divided, "{variant} {pos}");
    if two < 5_000 {
        assert_eq!(pos.perft(3), by_copies(&pos, 3), "{variant} {pos}");
    }
});
