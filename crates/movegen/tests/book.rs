//! Polyglot books: lookups agree with python-chess's reader on a book made by
//! `polyglot make-book` and on one made by `chessbits book build` (fixtures and how they
//! were made: `tests/data/book/README.md`); moves survive encoding; bad books are errors.

#![allow(clippy::unwrap_used)]

mod suites;

use std::path::PathBuf;

use chessbits_movegen::book::{decode_move, encode_move, write_book, Book, BookEntry, BookError};
use chessbits_position::Position;
use proptest::prelude::*;

fn data(name: &str) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/book")
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Compares every line of a python-chess lookup file with our reading of the book.
fn agrees_with_python_chess(book: &str, lookups: &str) -> (usize, usize) {
    let bytes = data(book);
    let book = Book::new(&bytes).unwrap();
    let text = String::from_utf8(data(lookups)).unwrap();
    let (mut positions, mut moves) = (0, 0);
    for (i, line) in text.lines().enumerate() {
        let (fen, entries) = line.split_once('|').unwrap();
        let pos = Position::from_fen(fen).unwrap();
        let expected: Vec<String> = entries
            .split(',')
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect();
        let raw: Vec<u16> = book
            .entries_for_key(pos.zobrist_hash())
            .map(|e| e.raw_move)
            .collect();
        let ours: Vec<String> = book
            .moves(&pos)
            .iter()
            .zip(raw)
            .map(|(m, raw)| format!("{} {raw} {} {}", m.mv, m.weight, m.learn))
            .collect();
        assert_eq!(ours, expected, "{lookups}:{}: {fen}", i + 1);
        positions += 1;
        moves += ours.len();
    }
    (positions, moves)
}

#[test]
fn lookups_agree_with_python_chess_on_a_polyglot_make_book_book() {
    let (positions, moves) = agrees_with_python_chess(
        "polyglot-twic0920-ply16-min2.bin",
        "polyglot-twic0920-ply16-min2.lookups.txt",
    );
    assert_eq!(positions, 731);
    assert!(moves > 600, "{moves}");
}

#[test]
fn our_books_read_back_the_same_in_python_chess() {
    let (positions, moves) = agrees_with_python_chess(
        "chessbits-lichess-ply10-min3.bin",
        "chessbits-lichess-ply10-min3.lookups.txt",
    );
    assert_eq!(positions, 146);
    assert!(moves > 100, "{moves}");
}

#[test]
fn every_legal_move_survives_encoding() {
    let mut n = 0;
    for (name, pos) in suites::all() {
        for &m in chessbits_movegen::legal_moves(&pos).iter() {
            assert_eq!(decode_move(&pos, encode_move(m)), Some(m), "{name}: {m:?}");
            n += 1;
        }
    }
    assert!(n > 390_000);
}

#[test]
fn castling_is_king_takes_rook() {
    let pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    let short = encode_move(pos.move_from_uci("e1g1".parse().unwrap()));
    assert_eq!(short, (4 << 6) | 7); // e1h1
    let long = encode_move(pos.move_from_uci("e1c1".parse().unwrap()));
    assert_eq!(long, 4 << 6); // e1a1
}

#[test]
fn choice_follows_the_weights_and_the_seed() {
    let pos = Position::new();
    let key = pos.zobrist_hash();
    let mv = |uci: &str| encode_move(uci.parse().unwrap());
    let mut entries = vec![
        BookEntry {
            key,
            raw_move: mv("e2e4"),
            weight: 6,
            learn: 0,
        },
        BookEntry {
            key,
            raw_move: mv("d2d4"),
            weight: 3,
            learn: 0,
        },
        BookEntry {
            key,
            raw_move: mv("c2c4"),
            weight: 1,
            learn: 0,
        },
        BookEntry {
            key,
            raw_move: mv("g1f3"),
            weight: 0,
            learn: 0,
        },
        BookEntry {
            key: key ^ 1,
            raw_move: mv("a2a3"),
            weight: 9,
            learn: 0,
        },
    ];
    let bytes = write_book(&mut entries);
    let book = Book::new(&bytes).unwrap();
    assert_eq!(book.moves(&pos).len(), 4);
    let mut counts = std::collections::HashMap::new();
    for seed in 0..20_000u64 {
        let m = book.choose(&pos, seed).unwrap();
        assert_eq!(book.choose(&pos, seed), Some(m));
        *counts.entry(m.to_string()).or_insert(0u32) += 1;
    }
    assert_eq!(counts.get("g1f3"), None);
    for (uci, weight) in [("e2e4", 6.0), ("d2d4", 3.0), ("c2c4", 1.0)] {
        let share = f64::from(counts[uci]) / 20_000.0;
        assert!((share - weight / 10.0).abs() < 0.02, "{uci}: {share}");
    }
    let other = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    assert_eq!(book.choose(&other, 1), None);
}

#[test]
fn bad_books_are_errors() {
    assert_eq!(
        Book::new(&[0; 17]).unwrap_err(),
        BookError::Length { len: 17 }
    );
    let mut bytes = vec![0u8; 32];
    bytes[0] = 1; // first key larger than the second
    assert_eq!(
        Book::new(&bytes).unwrap_err(),
        BookError::Unsorted { index: 1 }
    );
    assert!(Book::new(&[]).unwrap().is_empty());
}

proptest! {
    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        if let Ok(book) = Book::new(&bytes) {
            let _ = book.moves(&Position::new());
            let _ = book.choose(&Position::new(), 3);
        }
    }

    #[test]
    fn arbitrary_moves_decode_to_legal_moves_or_none(raw in any::<u16>()) {
        let pos = Position::new();
        if let Some(m) = decode_move(&pos, raw) {
            prop_assert!(chessbits_movegen::is_legal(&pos, m));
        }
    }
}

/// The streamed reader gives what the in-memory one gives, for every key of both books and
/// for keys that are not there.
#[test]
fn the_streamed_reader_equals_the_in_memory_one() {
    use chessbits_movegen::book::BookFile;
    for name in [
        "polyglot-twic0920-ply16-min2.bin",
        "chessbits-lichess-ply10-min3.bin",
    ] {
        let bytes = data(name);
        let book = Book::new(&bytes).unwrap();
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data/book")
            .join(name);
        let mut file = BookFile::new(std::fs::File::open(&path).unwrap()).unwrap();
        assert_eq!(file.len(), book.len() as u64);
        let mut keys: Vec<u64> = (0..book.len())
            .map(|i| book.entry(i).unwrap().key)
            .collect();
        keys.dedup();
        keys.extend([0, 1, u64::MAX]);
        for key in &keys {
            let expected: Vec<_> = book.entries_for_key(*key).collect();
            assert_eq!(
                file.entries_for_key(*key).unwrap(),
                expected,
                "{name} {key:#x}"
            );
        }
        assert!(keys.len() > 50, "{name}: {} keys", keys.len());
        let start = Position::new();
        assert_eq!(file.moves(&start).unwrap(), book.moves(&start));
        assert_eq!(file.choose(&start, 7).unwrap(), book.choose(&start, 7));
    }
    let err = BookFile::new(std::io::Cursor::new(vec![0u8; 17])).unwrap_err();
    assert_eq!(err.kind(), std::io::ErrorKind::InvalidData);
}
