//! Reads an EPD file (a test suite or a perft suite) and prints each record's operations.
//!
//! ```sh
//! cargo run -p chessbits-position --example epd -- crates/movegen/tests/data/roce_perftsuite.epd
//! ```

use chessbits_position::parse_suite;

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: epd FILE");
        std::process::exit(2);
    };
    let bytes = match std::fs::read(&path) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("error: {path}: {e}");
            std::process::exit(2);
        }
    };
    let mut bad = 0;
    for entry in parse_suite(&bytes) {
        match entry {
            Ok(entry) => {
                let epd = &entry.epd;
                let id = epd.id().unwrap_or("-");
                let counts = epd.perft_counts();
                println!(
                    "{path}:{} id {id}: {} operations, best moves {:?}, perft {:?}",
                    entry.line,
                    epd.operations.len(),
                    epd.best_moves(),
                    counts
                );
                // Written back in canonical EPD.
                println!("  {epd}");
            }
            Err(e) => {
                bad += 1;
                eprintln!("{path}: {e}");
            }
        }
    }
    if bad > 0 {
        std::process::exit(1);
    }
}
