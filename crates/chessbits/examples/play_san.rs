//! Play a game from SAN (every move checked) and print it as export-format PGN.
//!
//! ```sh
//! cargo run -p chessbits --example play_san -- e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O
//! ```

use chessbits::movegen::{Play, SanPlus};
use chessbits::pgn::{write_game, Game};
use chessbits::position::Position;

fn main() {
    let mut sans: Vec<String> = std::env::args().skip(1).collect();
    if sans.is_empty() {
        sans = ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]
            .map(String::from)
            .into();
    }
    let mut pos = Position::new();
    let mut game = Game::default();
    game.tags.push(b"Event", b"Example");
    for san in &sans {
        let before = pos.clone();
        match pos.play_san(san) {
            // Written back as canonical SAN, with the check or mate suffix.
            Ok(m) => {
                let text = SanPlus::from_move(&before, m).to_string();
                game.lines[0].push(text.as_bytes(), 0);
            }
            Err(e) => {
                eprintln!("error: {e}");
                std::process::exit(1);
            }
        }
    }
    let mut out = Vec::new();
    write_game(&game, &mut out);
    print!("{}", String::from_utf8_lossy(&out));
    eprintln!("final position: {}", pos.fen());
}
