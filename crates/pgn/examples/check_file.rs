//! Reads a PGN file (plain, or zstd/gzip: recognised from the first bytes; `-` is standard input), replays every
//! game's mainline and prints the counts, as `chessbits pgn check --threads 1` does.
//!
//! ```text
//! cargo run --release -p chessbits-pgn --example check_file -- games.pgn
//! ```

use std::process::ExitCode;

use chessbits_pgn::{check_games, Reader, RecordCollector, SanMode};

fn main() -> ExitCode {
    let Some(path) = std::env::args_os().nth(1) else {
        eprintln!("usage: check_file FILE.pgn");
        return ExitCode::from(2);
    };
    let input = match chessbits_pgn::input::open(std::path::Path::new(&path)) {
        Ok(input) => input,
        Err(e) => {
            eprintln!("{}: {e}", path.to_string_lossy());
            return ExitCode::from(3);
        }
    };
    let (mut games, mut moves, mut errors) = (0u64, 0u64, 0u64);
    let mut batch = Vec::new();
    let mut flush = |batch: &mut Vec<_>| {
        let report = check_games(batch, SanMode::Lenient);
        games += report.games;
        moves += report.moves;
        errors += report.games_with_errors;
        batch.clear();
    };
    let result = Reader::new(input).read_all(&mut RecordCollector::new(), |record| {
        batch.push(record);
        if batch.len() == 1024 {
            flush(&mut batch);
        }
    });
    flush(&mut batch);
    println!("{games} games, {moves} moves, {errors} with errors");
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{}: {e}", path.to_string_lossy());
            ExitCode::from(3)
        }
    }
}
