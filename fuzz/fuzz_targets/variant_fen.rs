//! Variant FEN (pockets and promoted pieces, check counters both ways): any bytes parse or
//! give a typed error; a setup that validates as a position of a variant writes FEN (both
//! check notations) that reads back to the same position, and the position's moves agree
//! with each other: listed, counted, tested one by one, and the game is over exactly when
//! none is left. (Where a side has several kings, giveaway's and suicide's castling field
//! is python-chess's `KQkq` relative to the highest king, which may name another rook when
//! read back: there the other fields must come back.)
#![no_main]

use chessbits_bitboard_core::{Color, Role};
use chessbits_movegen::variant::VariantPosition;
use chessbits_position::{CastlingMode, ChecksNotation, Setup, Variant};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(setup) = Setup::from_ascii(data) else {
        return;
    };
    for variant in Variant::ALL {
        let mode = CastlingMode::detect(&setup);
        let Ok(pos) = VariantPosition::from_setup(variant, &setup, mode) else {
            continue;
        };
        let fen = pos.fen();
        let several_kings = Color::ALL
            .into_iter()
            .any(|c| pos.board().by_piece(Role::King.of(c)).count() > 1);
        let comparable = |f: &str| {
            let mut fields: Vec<&str> = f.split(' ').collect();
            if several_kings {
                fields.remove(2);
            }
            fields.join(" ")
        };
        let back = VariantPosition::from_fen(variant, &fen).expect("our variant FEN validates");
        assert_eq!(comparable(&back.fen()), comparable(&fen), "{variant}");
        assert_eq!(back.pockets(), pos.pockets(), "{fen}");
        assert_eq!(back.remaining_checks(), pos.remaining_checks(), "{fen}");
        let given = pos.fen_with_checks(ChecksNotation::Given);
        let back = VariantPosition::from_fen(variant, &given).expect("Lichess's checks validate");
        assert_eq!(
            comparable(&back.fen()),
            comparable(&fen),
            "{variant}: {given}"
        );
        let moves = pos.legal_moves();
        assert_eq!(pos.count_legal_moves(), moves.len() as u64, "{fen}");
        assert_eq!(pos.perft(1), moves.len() as u64, "{fen}");
        for &m in &moves {
            assert!(pos.is_legal(m), "{m:?} in {fen}");
        }
        let over = pos.outcome().is_some();
        assert_eq!(
            over,
            moves.is_empty(),
            "{variant} {fen}: outcome against moves"
        );
    }
});
