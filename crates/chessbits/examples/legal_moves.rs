//! List the legal moves of a position given as FEN, in SAN and UCI.
//!
//! ```sh
//! cargo run -p chessbits --example legal_moves -- "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
//! ```

use chessbits::movegen::{legal_moves, move_to_uci, SanPlus};
use chessbits::position::Position;

fn main() {
    let fen = std::env::args().nth(1);
    let pos = match fen.as_deref().map(Position::from_fen) {
        None => Position::new(),
        Some(Ok(pos)) => pos,
        Some(Err(e)) => {
            eprintln!("error: {e}");
            std::process::exit(2);
        }
    };
    let moves = legal_moves(&pos);
    println!("{} legal moves in {}", moves.len(), pos.fen());
    for m in moves {
        println!(
            "{:8} {}",
            SanPlus::from_move(&pos, m).to_string(),
            move_to_uci(&pos, m)
        );
    }
}
