//! # chessbits
//!
//! The workspace's command-line program. It adds no chess logic of its own: it parses
//! arguments and drives the library crates (`position` for FEN, `movegen` for perft,
//! `attack-tables` for the sliding-attack methods).
//!
//! - `chessbits perft <depth> [--fen FEN] [--divide] [--method NAME] [--chess960]` prints one
//!   `move: count` line per root move (with `--divide`), a blank line, then
//!   `Nodes searched: N`: the shape of Stockfish's `go perft`, so tools written for that
//!   output work with it. Timing goes to stderr. A bad FEN prints the typed error on stderr
//!   and exits with status 2.
//! - `chessbits methods` lists the sliding-attack methods, one per line, marking the default.
//! - `chessbits pgn check|fens|games|moves|filter INPUT...` checks PGN, converts it to rows
//!   (CSV, NDJSON, Parquet) or filters it, as a Unix filter (see `pgn_cmd`).

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use attack_tables::SlidingAttacks;
use clap::{Parser, Subcommand};
use position::{CastlingMode, Position, PositionError, Setup};

mod methods;
mod pgn_cmd;
mod pgn_table;

use methods::{with_method, WithMethod, DEFAULT_METHOD, METHODS};

#[derive(Parser)]
#[command(
    name = "chessbits",
    version,
    about = "Chess bitboards: perft, attack methods, PGN tools"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaf nodes of the legal move tree to a depth.
    Perft {
        /// Depth in plies.
        depth: u32,
        /// The start position (FEN, X-FEN or Shredder-FEN); the standard start by default.
        #[arg(long)]
        fen: Option<String>,
        /// Print the node count below each root move.
        #[arg(long)]
        divide: bool,
        /// The sliding-attack method (see `chessbits methods`).
        #[arg(long, default_value = DEFAULT_METHOD)]
        method: String,
        /// Read the FEN as Chess960 (also chosen automatically when its castling rights only
        /// make sense in Chess960).
        #[arg(long)]
        chess960: bool,
        /// Play every leaf instead of counting the last ply in bulk.
        #[arg(long)]
        no_bulk: bool,
    },
    /// List the sliding-attack methods, one per line; the default is marked.
    Methods,
    /// PGN tools: check, fens, games, moves (CSV, NDJSON, Parquet), filter.
    #[command(subcommand, after_help = pgn_cmd::EXIT_STATUS)]
    Pgn(pgn_cmd::PgnCommand),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Pgn(cmd) => pgn_cmd::run(cmd),
        Command::Methods => {
            let mut out = std::io::stdout().lock();
            for name in METHODS {
                let mark = if *name == DEFAULT_METHOD {
                    " (default)"
                } else {
                    ""
                };
                let _ = writeln!(out, "{name}{mark}");
            }
            ExitCode::SUCCESS
        }
        Command::Perft {
            depth,
            fen,
            divide,
            method,
            chess960,
            no_bulk,
        } => {
            let pos = match read_position(fen.as_deref(), chess960) {
                Ok(pos) => pos,
                Err(e) => {
                    eprintln!("error: {e}");
                    return ExitCode::from(2);
                }
            };
            let opts = PerftOptions {
                depth,
                divide,
                bulk: !no_bulk,
            };
            with_method(&method, PerftRun { pos: &pos, opts }).unwrap_or_else(|| {
                eprintln!(
                    "error: unknown method {method:?}; `chessbits methods` lists: {}",
                    METHODS.join(", ")
                );
                ExitCode::from(2)
            })
        }
    }
}

fn read_position(fen: Option<&str>, chess960: bool) -> Result<Position, PositionError> {
    let Some(fen) = fen else {
        return Ok(Position::new());
    };
    let setup: Setup = fen.parse()?;
    if chess960 {
        return Position::from_setup(&setup, CastlingMode::Chess960);
    }
    match Position::from_setup(&setup, CastlingMode::Standard) {
        Err(PositionError::InvalidCastlingRight { .. }) => {
            Position::from_setup(&setup, CastlingMode::Chess960)
        }
        other => other,
    }
}

#[derive(Copy, Clone)]
struct PerftOptions {
    depth: u32,
    divide: bool,
    bulk: bool,
}

struct PerftRun<'a> {
    pos: &'a Position,
    opts: PerftOptions,
}

impl WithMethod for PerftRun<'_> {
    type Output = ExitCode;

    fn run<S: SlidingAttacks>(self) -> ExitCode {
        run_perft::<S>(self.pos, self.opts)
    }
}

fn run_perft<S: SlidingAttacks>(pos: &Position, opts: PerftOptions) -> ExitCode {
    let start = Instant::now();
    let mut out = std::io::stdout().lock();
    let chess960 = pos.mode().is_chess960();
    let nodes = if opts.divide {
        let mut total = 0;
        for m in movegen::legal_moves_with::<S>(pos).iter() {
            let n = if opts.depth <= 1 {
                1
            } else {
                let next = pos.play(*m);
                count::<S>(&next, opts.depth - 1, opts.bulk)
            };
            total += n;
            let _ = writeln!(out, "{}: {n}", m.uci(chess960));
        }
        if opts.depth == 0 {
            1
        } else {
            total
        }
    } else {
        count::<S>(pos, opts.depth, opts.bulk)
    };
    let _ = writeln!(out, "\nNodes searched: {nodes}");
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "{} method, {:.3} s, {:.1} M nodes/s",
        S::NAME,
        secs,
        nodes as f64 / secs.max(1e-9) / 1e6
    );
    ExitCode::SUCCESS
}

fn count<S: SlidingAttacks>(pos: &Position, depth: u32, bulk: bool) -> u64 {
    if bulk {
        movegen::perft_with::<S>(pos, depth)
    } else {
        movegen::perft_full_with::<S>(pos, depth)
    }
}
