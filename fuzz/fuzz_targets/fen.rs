//! FEN and `Setup`: any bytes parse or give a typed error; whatever validates at any level
//! writes FEN that reads back to the same position, and its hash is the one computed from
//! scratch. The same for the variants: a setup that validates as a position of a variant
//! (pockets, `~`, check counters) writes FEN that reads back to the same position, whose
//! legal moves can be generated and played. (Where a side has several kings, giveaway's and
//! suicide's castling field is python-chess's `KQkq` relative to the highest king, which may
//! name another rook when read back: there the other fields must come back.)
#![no_main]

use chessbits_bitboard_core::{Color, Role};
use chessbits_movegen::variant::VariantPosition;
use chessbits_position::{CastlingMode, Position, Setup, Validation, Variant};
use libfuzzer_sys::fuzz_target;

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
    for variant in Variant::ALL {
        let mode = CastlingMode::detect(&setup);
        let Ok(pos) = VariantPosition::from_setup(variant, &setup, mode) else {
            continue;
        };
        let fen = pos.fen();
        let back = VariantPosition::from_fen(variant, &fen).expect("our variant FEN validates");
        let several_kings = Color::ALL
            .into_iter()
            .any(|c| pos.board().by_piece(Role::King.of(c)).count() > 1);
        if several_kings {
            let without_castling = |f: &str| {
                let mut fields: Vec<&str> = f.split(' ').collect();
                fields.remove(2);
                fields.join(" ")
            };
            assert_eq!(
                without_castling(&back.fen()),
                without_castling(&fen),
                "{variant}"
            );
        } else {
            assert_eq!(back.fen(), fen, "{variant}");
        }
        let _ = pos.outcome();
        for &m in pos.legal_moves().iter().take(8) {
            let after = pos.play_unchecked(m);
            let _ = after.fen();
        }
    }
});
