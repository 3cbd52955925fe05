//! FEN and `Setup`: any bytes parse or give a typed error; whatever validates at any level
//! writes FEN that reads back to the same position, and its hash is the one computed from
//! scratch.
#![no_main]

use libfuzzer_sys::fuzz_target;
use chessbits_position::{CastlingMode, Position, Setup, Validation};

fuzz_target!(|data: &[u8]| {
    let Ok(setup) = Setup::from_ascii(data) else {
        return;
    };
    let _ = setup.fen();
    for mode in [CastlingMode::Standard, CastlingMode::Chess960] {
        for validation in [
            Validation::Strict,
            Validation::Lenient,
            Validation::Playable,
        ] {
            let Ok(pos) = Position::from_setup_with(&setup, mode, validation) else {
                continue;
            };
            assert_eq!(pos.zobrist_hash(), pos.compute_hash());
            let fen = pos.fen();
            let again = Setup::from_ascii(fen.as_bytes()).expect("our FEN parses");
            let back = Position::from_setup_with(&again, mode, validation)
                .expect("our FEN validates at the level it came from");
            assert_eq!(back.fen(), fen);
            let _ = chessbits_movegen::legal_moves(&pos);
        }
    }
});
