//! Read a PGN file (plain, zstd or gzip; `-` for standard input) and count its games, the
//! mainline moves, and the games with errors, streaming (memory stays flat).
//!
//! ```sh
//! cargo run --release -p chessbits --example count_games -- games.pgn.zst
//! ```

use chessbits::pgn::{input, Reader};

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: count_games FILE.pgn[.zst|.gz]");
        std::process::exit(2);
    };
    let file = match input::open(std::path::Path::new(&path)) {
        Ok(file) => file,
        Err(e) => {
            eprintln!("error: {path}: {e}");
            std::process::exit(3);
        }
    };
    let (mut games, mut moves, mut bad) = (0u64, 0u64, 0u64);
    for item in Reader::new(file).games() {
        match item {
            Ok((game, errors)) => {
                games += 1;
                moves += game.mainline().len() as u64;
                bad += u64::from(!errors.is_empty());
            }
            Err(e) => {
                eprintln!("error: {path}: {e} (after {games} games)");
                std::process::exit(3);
            }
        }
    }
    println!("{games} games, {moves} mainline moves, {bad} games with syntax errors");
}
