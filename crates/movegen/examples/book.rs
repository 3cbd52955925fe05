//! Plays the first moves of a game from a Polyglot opening book.
//!
//! ```sh
//! cargo run --release -p chessbits-movegen --example book -- BOOK.bin [SEED]
//! cargo run --release -p chessbits-movegen --example book -- crates/movegen/tests/data/book/polyglot-twic0920-ply16-min2.bin 7
//! ```

use chessbits_movegen::book::Book;
use chessbits_position::Position;

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: book BOOK.bin [SEED]");
        std::process::exit(2);
    };
    let seed: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(0);
    let bytes = match std::fs::read(&path) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("error: {path}: {e}");
            std::process::exit(2);
        }
    };
    let book = match Book::new(&bytes) {
        Ok(book) => book,
        Err(e) => {
            eprintln!("error: {path}: {e}");
            std::process::exit(2);
        }
    };
    println!("{} entries", book.len());
    let mut pos = Position::new();
    for ply in 0u64.. {
        let moves = book.moves(&pos);
        let Some(m) = book.choose(&pos, seed.wrapping_add(ply)) else {
            println!("out of book at {}", pos.fen());
            break;
        };
        let listed: Vec<String> = moves
            .iter()
            .map(|b| format!("{} {}", b.mv, b.weight))
            .collect();
        println!("{:>3}. {m:6} from [{}]", ply + 1, listed.join(", "));
        let _ = pos.make_unchecked(m);
    }
}
