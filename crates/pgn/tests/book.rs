//! Books built from PGN have the entries `polyglot make-book` writes for the same games and
//! limits (its books are fixtures in `crates/movegen/tests/data/book`, with how they were
//! made), and the committed book of ours is what the builder writes today.

#![allow(clippy::unwrap_used)]

use std::path::PathBuf;

use chessbits_movegen::book::{write_book, Book, BookEntry};
use chessbits_pgn::book::{BookBuilder, BookOptions};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn build(sample: &str, max_ply: u32, min_games: u32) -> Vec<BookEntry> {
    let mut options = BookOptions::default();
    options.max_ply = max_ply;
    options.min_games = min_games;
    let mut builder = BookBuilder::new(options);
    let input = chessbits_pgn::input::open(&root().join("tests/data/sample").join(sample)).unwrap();
    builder.add_pgn(input).unwrap();
    assert!(builder.errors().is_empty(), "{:?}", builder.errors());
    builder.finish()
}

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(root().join("tests/data/book").join(name)).unwrap()
}

fn entries(bytes: &[u8]) -> Vec<BookEntry> {
    let book = Book::new(bytes).unwrap();
    (0..book.len()).map(|i| book.entry(i).unwrap()).collect()
}

fn sorted(mut v: Vec<BookEntry>) -> Vec<(u64, u16, u16, u32)> {
    let mut out: Vec<_> = v
        .drain(..)
        .map(|e| (e.key, e.raw_move, e.weight, e.learn))
        .collect();
    out.sort_unstable();
    out
}

#[test]
fn same_entries_as_polyglot_make_book() {
    for (sample, max_ply, min_games, book) in [
        (
            "twic0920.pgn.zst",
            16,
            2,
            "polyglot-twic0920-ply16-min2.bin",
        ),
        (
            "lichess_db_2025-05_1000k.pgn.zst",
            10,
            3,
            "polyglot-lichess-ply10-min3.bin",
        ),
    ] {
        let ours = build(sample, max_ply, min_games);
        let theirs = entries(&fixture(book));
        assert!(theirs.len() > 100, "{book}");
        assert_eq!(sorted(ours.clone()), sorted(theirs.clone()), "{book}");
        // Within a position, heaviest first in both (polyglot orders equal weights by its
        // hash table; we by move).
        let written = entries(&write_book(&mut ours.clone()));
        for w in written.windows(2).chain(theirs.windows(2)) {
            assert!(w[0].key < w[1].key || (w[0].key == w[1].key && w[0].weight >= w[1].weight));
        }
    }
}

#[test]
fn the_committed_book_is_what_the_builder_writes() {
    let mut ours = build("lichess_db_2025-05_1000k.pgn.zst", 10, 3);
    assert_eq!(
        write_book(&mut ours),
        fixture("chessbits-lichess-ply10-min3.bin")
    );
}
