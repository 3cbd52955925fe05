//! Static exchange evaluation, gives-check and the quiescence generators on one position.
//!
//! ```sh
//! cargo run --release -p chessbits-movegen --example tactics
//! cargo run --release -p chessbits-movegen --example tactics -- "FEN"
//! ```

use chessbits_movegen::{captures_and_promotions, checks, gives_check, see, see_ge};
use chessbits_position::Position;

fn main() {
    let fen = std::env::args().nth(1).unwrap_or_else(|| {
        // What attacks-to is for (the Chess Programming Wiki's "Square Attacked By"), on a middlegame with exchanges on d4 and e5.
        "1k1r4/1ppn3p/p4b2/4n3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1".to_string()
    });
    let pos = match Position::from_fen(&fen) {
        Ok(pos) => pos,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(2);
        }
    };
    println!("{fen}\n");
    println!("captures and promotions, best exchange first:");
    let mut tactical: Vec<_> = captures_and_promotions(&pos)
        .iter()
        .map(|&m| (see(&pos, m), m))
        .collect();
    tactical.sort_by_key(|&(value, _)| -value);
    for (value, m) in tactical {
        let verdict = if see_ge(&pos, m, 0) { "keep" } else { "prune" };
        let check = if gives_check(&pos, m) { "+" } else { "" };
        println!("  {m}{check:1} see {value:+5}  {verdict}");
    }
    println!("checks:");
    for &m in checks(&pos).iter() {
        println!("  {m} see {:+5}", see(&pos, m));
    }
}
