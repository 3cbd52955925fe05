//! # chessbits
//!
//! The workspace's command-line program. It adds no chess logic of its own: it parses
//! arguments and drives the library crates (`position` for FEN, `movegen` for perft,
//! `attack-tables` for the sliding-attack methods).
//!
//! - `chessbits perft <depth> [--fen FEN] [--divide] [--method NAME] [--chess960]` (depth at
//!   most `MAX_PERFT_DEPTH`, 64) prints one
//!   `move: count` line per root move (with `--divide`), a blank line, then
//!   `Nodes searched: N`: the shape of Stockfish's `go perft`, so tools written for that
//!   output work with it. Timing goes to stderr. A bad FEN prints the typed error on stderr
//!   and exits with status 2.
//! - `chessbits perft --epd FILE [--max-nodes N] [--max-depth D]` runs a perft suite and
//!   prints each disagreeing count and a summary; exit status 1 if any disagrees (`epd_cmd`).
//! - Both take `--variant NAME` (a Lichess variant: `atomic`, `antichess`, `crazyhouse`,
//!   `kingofthehill`, `3check`, `horde`, `racingkings`, or their Lichess names): the
//!   positions are then played by `chessbits_movegen::variant` (`--fen` and `--epd` read
//!   the variants' FEN: pockets, `~`, check counters; the start is the variant's).
//! - `chessbits methods` lists the sliding-attack methods, one per line, marking the default.
//! - `chessbits moves [--fen FEN] [--chess960] [--tactical] [--checks]` writes `move,see,check` CSV rows.
//! - `chessbits book build|show|choose` builds, lists and picks from Polyglot books (`book_cmd`).
//! - `chessbits syzygy --path DIR (FEN... | --epd FILE)` probes Syzygy tablebases and writes
//!   `fen,wdl,dtz,best` CSV rows (`syzygy_cmd`).
//! - `chessbits pgn check|fens|games|moves|filter INPUT...` checks PGN, converts it to rows
//!   (CSV, NDJSON, Parquet) or filters it, as a Unix filter (see `pgn_cmd`).
//! - `chessbits analyse INPUT... --engine PATH --nodes N` writes the moves table with a UCI
//!   engine's analysis of each position, or the games annotated with `[%eval]` (`analyse_cmd`).

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use chessbits_attack_tables::{MethodError, MethodVisitor, SlidingAttacks, METHODS};
use chessbits_movegen::variant::{VariantError, VariantPosition};
use chessbits_position::{CastlingMode, Position, PositionError, Setup, Validation, Variant};
use clap::{Parser, Subcommand};

mod analyse_cmd;
mod book_cmd;
mod epd_cmd;
mod moves_cmd;
mod pgn_args;
mod pgn_cmd;
mod pgn_jobs;
mod pgn_run;
mod pgn_table;
mod syzygy_cmd;

/// The method used when `--method` is not given: the build's default, the fastest measured
/// on the target (see the README).
const DEFAULT_METHOD: &str = <chessbits_attack_tables::DefaultMethod as SlidingAttacks>::NAME;

#[derive(Parser)]
#[command(
    name = "chessbits",
    version,
    about = "Chess bitboards: perft, attack methods, PGN tools, Syzygy probes"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaf nodes of the legal move tree to a depth.
    Perft {
        /// Depth in plies (not with --epd), at most 64.
        #[arg(
            required_unless_present = "epd",
            value_parser = clap::value_parser!(u32).range(..=i64::from(chessbits_movegen::MAX_PERFT_DEPTH))
        )]
        depth: Option<u32>,
        /// Run a perft suite instead: an EPD file with `D<depth> <nodes>` operations (or
        /// python-chess's .perft blocks); prints each count that disagrees and a summary,
        /// exits 1 if any disagrees or a line cannot be read.
        #[arg(long, value_name = "FILE", conflicts_with_all = ["depth", "fen", "divide", "no_bulk"])]
        epd: Option<std::path::PathBuf>,
        /// With --epd: skip counts above this many nodes.
        #[arg(long, value_name = "N")]
        max_nodes: Option<u64>,
        /// With --epd: skip depths above this.
        #[arg(long, value_name = "D")]
        max_depth: Option<u32>,
        #[command(flatten)]
        position: PositionArgs,
        /// Print the node count below each root move.
        #[arg(long)]
        divide: bool,
        /// The sliding-attack method (see `chessbits methods`).
        #[arg(long, default_value = DEFAULT_METHOD)]
        method: String,
        /// Play every leaf instead of counting the last ply in bulk.
        #[arg(long)]
        no_bulk: bool,
        /// A variant (atomic, antichess, crazyhouse, kingofthehill, 3check, horde,
        /// racingkings, and python-chess's giveaway and suicide; Lichess's names too): the
        /// start, --fen and --epd positions are of that variant (--method and --no-bulk do
        /// not apply).
        #[arg(long, value_name = "NAME", value_parser = parse_variant)]
        variant: Option<Variant>,
    },
    /// List the sliding-attack methods, one per line; the default is marked.
    Methods,
    /// List a position's legal moves as CSV `move,see,check`: the static exchange value
    /// (pawn 100) and whether the move gives check.
    Moves {
        #[command(flatten)]
        position: PositionArgs,
        /// Only captures and promotions (a quiescence search's moves).
        #[arg(long)]
        tactical: bool,
        /// Only moves that give check.
        #[arg(long)]
        checks: bool,
    },
    /// Probe Syzygy endgame tablebases: CSV `fen,wdl,dtz,best`, from the side to move (WDL
    /// -2..2, DTZ in plies, the best move in UCI, empty when the game is over: checkmate,
    /// stalemate, insufficient material or the 75-move rule, as python-chess's
    /// `is_game_over()`). A position that cannot be probed (missing table, corrupt file) is
    /// an error line on stderr and exit status 1 at the end.
    Syzygy {
        /// A directory of `.rtbw`/`.rtbz` files (repeat for more).
        #[arg(long = "path", value_name = "DIR", required = true)]
        paths: Vec<std::path::PathBuf>,
        /// Read the positions from an EPD file, one per line, instead of FEN arguments.
        #[arg(long, value_name = "FILE", conflicts_with = "fens")]
        epd: Option<std::path::PathBuf>,
        /// The positions.
        #[arg(value_name = "FEN", required_unless_present = "epd")]
        fens: Vec<String>,
    },
    /// PGN tools: check, fens, games, moves (CSV, NDJSON, Parquet), filter.
    #[command(subcommand, after_help = pgn_cmd::EXIT_STATUS)]
    Pgn(pgn_cmd::PgnCommand),
    /// Polyglot opening books: `build` from PGN games, `show` a position's moves, `choose` one.
    #[command(subcommand)]
    Book(book_cmd::BookCommand),
    /// Analyse every position after a mainline move with a UCI engine: the moves table with
    /// the engine's columns (CSV, NDJSON, Arrow, Parquet), or with --annotate the games as
    /// PGN with [%eval] comments. Each distinct position is analysed once per run, on
    /// --engines processes in parallel.
    #[command(after_help = analyse_cmd::columns_help())]
    Analyse(Box<analyse_cmd::AnalyseArgs>),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Pgn(cmd) => pgn_cmd::run(cmd),
        Command::Book(cmd) => book_cmd::run(cmd),
        Command::Analyse(args) => analyse_cmd::run_analyse(*args),
        Command::Syzygy { paths, epd, fens } => {
            syzygy_cmd::run(&syzygy_cmd::SyzygyOptions { paths, fens, epd })
        }
        Command::Moves {
            position,
            tactical,
            checks,
        } => match position.read() {
            Ok(pos) => moves_cmd::run(&pos, tactical, checks),
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::from(2)
            }
        },
        Command::Methods => {
            let mut out = std::io::stdout().lock();
            for method in METHODS.iter().filter(|m| m.is_available()) {
                let mark = if method.name == DEFAULT_METHOD {
                    " (default)"
                } else {
                    ""
                };
                let _ = writeln!(out, "{}{mark}", method.name);
            }
            ExitCode::SUCCESS
        }
        Command::Perft {
            depth,
            epd,
            max_nodes,
            max_depth,
            position,
            divide,
            method,
            no_bulk,
            variant,
        } => {
            let variant = variant.filter(|v| !v.is_standard());
            if let Some(file) = epd {
                let opts = epd_cmd::SuiteOptions {
                    file,
                    max_nodes,
                    max_depth,
                    chess960: position.chess960,
                    variant,
                };
                let mut run = epd_cmd::SuiteRun {
                    opts,
                    status: ExitCode::SUCCESS,
                };
                return match chessbits_attack_tables::with_method(&method, &mut run) {
                    Ok(()) => run.status,
                    Err(e) => method_error(&method, e),
                };
            }
            let depth = depth.unwrap_or(0);
            if let Some(variant) = variant {
                return match position.read_variant(variant) {
                    Ok(pos) => run_variant_perft(&pos, depth, divide),
                    Err(e) => {
                        eprintln!("error: {e}");
                        ExitCode::from(2)
                    }
                };
            }
            let pos = match position.read() {
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
            let mut run = PerftRun {
                pos: &pos,
                opts,
                status: ExitCode::SUCCESS,
            };
            match chessbits_attack_tables::with_method(&method, &mut run) {
                Ok(()) => run.status,
                Err(e) => method_error(&method, e),
            }
        }
    }
}

/// Why `--method` cannot be used, on stderr; exit status 2.
fn method_error(method: &str, e: MethodError) -> ExitCode {
    match e {
        MethodError::NotInThisBuild(why) => eprintln!("error: {why}"),
        _ => {
            let names: Vec<&str> = METHODS
                .iter()
                .filter(|m| m.is_available())
                .map(|m| m.name)
                .collect();
            eprintln!(
                "error: unknown method {method:?}; `chessbits methods` lists: {}",
                names.join(", ")
            );
        }
    }
    ExitCode::from(2)
}

/// The position a command works on: `--fen` (the standard start by default) and
/// `--chess960`, shared by every command that reads a FEN.
#[derive(clap::Args)]
pub(crate) struct PositionArgs {
    /// The position (FEN, X-FEN or Shredder-FEN); the standard start by default.
    #[arg(long)]
    fen: Option<String>,
    /// Read the FEN as Chess960: castling is then written king-takes-rook (`e1h1`). Also
    /// chosen when the FEN's castling field is Shredder-FEN (`HAha`) or its rights only
    /// make sense in Chess960.
    #[arg(long)]
    pub(crate) chess960: bool,
}

impl PositionArgs {
    /// The validated position.
    pub(crate) fn read(&self) -> Result<Position, PositionError> {
        let Some(fen) = &self.fen else {
            return Ok(Position::new());
        };
        Position::read_fen(
            fen.as_bytes(),
            self.chess960.then_some(CastlingMode::Chess960),
            Validation::Strict,
        )
    }

    /// The validated position of `variant` (its start by default).
    pub(crate) fn read_variant(&self, variant: Variant) -> Result<VariantPosition, VariantError> {
        let fen = self.fen.as_deref().unwrap_or(variant.starting_fen());
        let setup: Setup = fen.parse()?;
        let mode = CastlingMode::for_setup(&setup, self.chess960);
        VariantPosition::from_setup(variant, &setup, mode)
    }
}

/// `--variant`'s value: any name `Variant::from_name` reads.
fn parse_variant(s: &str) -> Result<Variant, String> {
    Variant::from_name(s).ok_or_else(|| {
        let names: Vec<&str> = Variant::ALL.iter().map(|v| v.uci_name()).collect();
        format!(
            "unknown variant {s:?}; expected one of {}",
            names.join(", ")
        )
    })
}

/// `perft` for a variant position: the same output as the standard one.
fn run_variant_perft(pos: &VariantPosition, depth: u32, divide: bool) -> ExitCode {
    let start = Instant::now();
    let mut out = std::io::stdout().lock();
    let nodes = if divide && depth > 0 {
        let rows = pos.divide(depth);
        for (m, n) in &rows {
            let _ = writeln!(out, "{}: {n}", pos.uci(*m));
        }
        rows.iter().map(|(_, n)| n).sum()
    } else {
        pos.perft(depth)
    };
    let _ = writeln!(out, "\nNodes searched: {nodes}");
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "{}, {:.3} s, {:.1} M nodes/s",
        pos.variant(),
        secs,
        nodes as f64 / secs.max(1e-9) / 1e6
    );
    ExitCode::SUCCESS
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
    status: ExitCode,
}

impl MethodVisitor for PerftRun<'_> {
    fn visit<S: SlidingAttacks>(&mut self) {
        self.status = run_perft::<S>(self.pos, self.opts);
    }
}

fn run_perft<S: SlidingAttacks>(pos: &Position, opts: PerftOptions) -> ExitCode {
    let start = Instant::now();
    let mut out = std::io::stdout().lock();
    let chess960 = pos.mode().is_chess960();
    let nodes = if opts.divide && opts.depth > 0 {
        let rows = if opts.bulk {
            chessbits_movegen::divide_with::<S>(pos, opts.depth)
        } else {
            chessbits_movegen::divide_full_with::<S>(pos, opts.depth)
        };
        for (m, n) in &rows {
            let _ = writeln!(out, "{}: {n}", m.uci(chess960));
        }
        rows.iter().map(|(_, n)| n).sum()
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
        chessbits_movegen::perft_with::<S>(pos, depth)
    } else {
        chessbits_movegen::perft_full_with::<S>(pos, depth)
    }
}
