//! `chessbits book build|show|choose`: Polyglot opening books.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use chessbits_movegen::book::{write_book, BookFile};
use chessbits_pgn::book::{BookBuilder, BookOptions};
use chessbits_position::Position;
use clap::Subcommand;

#[derive(Subcommand)]
pub(crate) enum BookCommand {
    /// Build a book from PGN games (`.pgn`, `.pgn.zst`, `.pgn.gz`), as `polyglot make-book`
    /// does: a (position, move) pair scores 2 per win and 1 per draw of the side that moved.
    Build {
        /// The PGN files.
        #[arg(required = true)]
        games: Vec<PathBuf>,
        /// The book file to write.
        #[arg(short, long)]
        output: PathBuf,
        /// Only the first PLIES plies of each game count.
        #[arg(long, default_value_t = 20, value_name = "PLIES")]
        max_ply: u32,
        /// A (position, move) pair needs at least N games.
        #[arg(long, default_value_t = 3, value_name = "N")]
        min_games: u32,
    },
    /// List a position's book moves with weights and shares.
    Show {
        /// The book file.
        book: PathBuf,
        #[command(flatten)]
        position: crate::PositionArgs,
    },
    /// Pick a book move by weight with a seeded generator (the same seed gives the same move).
    Choose {
        /// The book file.
        book: PathBuf,
        #[command(flatten)]
        position: crate::PositionArgs,
        /// The generator's seed.
        #[arg(long, default_value_t = 0)]
        seed: u64,
    },
}

pub(crate) fn run(cmd: BookCommand) -> ExitCode {
    match cmd {
        BookCommand::Build {
            games,
            output,
            max_ply,
            min_games,
        } => {
            let mut options = BookOptions::default();
            options.max_ply = max_ply;
            options.min_games = min_games;
            build(&games, &output, options)
        }
        BookCommand::Show { book, position } => with_book(&book, &position, |book, pos| {
            let moves = book.moves(pos)?;
            let total: u64 = moves.iter().map(|m| u64::from(m.weight)).sum();
            let mut out = std::io::stdout().lock();
            for m in &moves {
                let share = if total == 0 {
                    0.0
                } else {
                    100.0 * f64::from(m.weight) / total as f64
                };
                let _ = writeln!(
                    out,
                    "{} {} {share:.1}% learn {}",
                    m.mv.uci(pos.mode().is_chess960()),
                    m.weight,
                    m.learn
                );
            }
            if moves.is_empty() {
                eprintln!("no book moves for {}", pos.fen());
            }
            Ok(ExitCode::SUCCESS)
        }),
        BookCommand::Choose {
            book,
            position,
            seed,
        } => with_book(&book, &position, |book, pos| {
            Ok(match book.choose(pos, seed)? {
                Some(m) => {
                    println!("{}", m.uci(pos.mode().is_chess960()));
                    ExitCode::SUCCESS
                }
                None => {
                    eprintln!("no book move for {}", pos.fen());
                    ExitCode::from(1)
                }
            })
        }),
    }
}

/// Opens the book at `path` as a stream (a lookup reads a few entries, never the whole
/// file) and runs `f` on it at the position of `--fen` (the start by default).
fn with_book(
    path: &PathBuf,
    position: &crate::PositionArgs,
    f: impl FnOnce(&mut BookFile<std::fs::File>, &Position) -> std::io::Result<ExitCode>,
) -> ExitCode {
    let pos = match position.read() {
        Ok(pos) => pos,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let result = std::fs::File::open(path)
        .and_then(BookFile::new)
        .and_then(|mut book| f(&mut book, &pos));
    result.unwrap_or_else(|e| {
        eprintln!("error: {}: {e}", path.display());
        ExitCode::from(2)
    })
}

fn build(games: &[PathBuf], output: &PathBuf, options: BookOptions) -> ExitCode {
    let mut builder = BookBuilder::new(options);
    for path in games {
        let input = match chessbits_pgn::input::open(path) {
            Ok(input) => input,
            Err(e) => {
                eprintln!("error: {}: {e}", path.display());
                return ExitCode::from(2);
            }
        };
        if let Err(e) = builder.add_pgn(input) {
            eprintln!("error: {}: {e}", path.display());
            return ExitCode::from(2);
        }
    }
    for e in builder.errors() {
        eprintln!("warning: {e}");
    }
    let mut entries = builder.finish();
    let bytes = write_book(&mut entries);
    if let Err(e) = std::fs::write(output, &bytes) {
        eprintln!("error: {}: {e}", output.display());
        return ExitCode::from(2);
    }
    eprintln!(
        "{} games read ({} errors; a game with a bad move counts up to it), {} entries written to {}",
        builder.games(),
        builder.errors().len(),
        entries.len(),
        output.display()
    );
    ExitCode::SUCCESS
}
