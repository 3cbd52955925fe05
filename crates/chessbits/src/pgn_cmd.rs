//! `chessbits pgn check` and `chessbits pgn fens`: the `pgn` crate's bulk jobs on files.
//!
//! Both read `.pgn`, `.pgn.zst` and `.pgn.gz` files (by extension), replay every mainline
//! move on every core (`--threads N`; the output stays in input order), and show a progress
//! bar on stderr when it is a terminal. `check` prints a summary and every error with its
//! file, game number and line, and exits 1 if any game had an error; `--json` prints one
//! JSON object instead. `fens` writes `before_fen,san,after_fen` rows to `-o OUT.csv`,
//! reports errors on stderr and also exits 1 if any game had one. I/O errors exit 2.

use std::fs::File;
use std::io::{self, BufWriter, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use pgn::input::{decoder, Compression};
use pgn::{Reader, Report, SanMode};

/// The `pgn` subcommands.
#[derive(Subcommand)]
pub(crate) enum PgnCommand {
    /// Read every game, replay every mainline move, print a summary (exit 1 on any error).
    Check {
        /// PGN files (.pgn, .pgn.zst, .pgn.gz).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Print one JSON object: games, moves, errors (game, line, message), ...
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        opts: Options,
    },
    /// Write `before_fen,san,after_fen` rows, one per mainline move, in input order.
    Fens {
        /// PGN files (.pgn, .pgn.zst, .pgn.gz).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// The CSV file to write.
        #[arg(short = 'o', long = "output")]
        output: PathBuf,
        #[command(flatten)]
        opts: Options,
    },
}

/// Options both subcommands take.
#[derive(Args)]
pub(crate) struct Options {
    /// Worker threads (default: every core).
    #[arg(long)]
    threads: Option<usize>,
    /// Read SAN strictly (minimal disambiguation, exact capture markers).
    #[arg(long)]
    strict: bool,
    /// Never show the progress bar.
    #[arg(long)]
    no_progress: bool,
}

impl Options {
    fn threads(&self) -> usize {
        self.threads
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
            .max(1)
    }

    fn mode(&self) -> SanMode {
        if self.strict {
            SanMode::Strict
        } else {
            SanMode::Lenient
        }
    }
}

/// Counts the bytes read from a file (for the progress bar).
struct Counting<R> {
    inner: R,
    count: Arc<AtomicU64>,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.count.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

/// One file's report, with the bytes it decompressed to.
struct FileReport {
    path: PathBuf,
    report: Report,
    bytes: u64,
}

fn progress_bar(files: &[PathBuf], opts: &Options) -> ProgressBar {
    if opts.no_progress || !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let total: u64 = files
        .iter()
        .filter_map(|f| std::fs::metadata(f).ok())
        .map(|m| m.len())
        .sum();
    let pb = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template(
        "{spinner} [{elapsed_precise}] {wide_bar} {bytes}/{total_bytes} ({bytes_per_sec}, eta {eta}) {msg}",
    ) {
        pb.set_style(style);
    }
    pb
}

/// Runs `work` over every game of every file on `threads` threads; `consume` gets each
/// batch result in input order.
fn process<T: Send>(
    files: &[PathBuf],
    opts: &Options,
    work: impl Fn(&[pgn::GameRecord]) -> (Report, T) + Sync,
    mut consume: impl FnMut(T) -> io::Result<()>,
) -> Result<Vec<FileReport>, String> {
    let pb = progress_bar(files, opts);
    let mut done_bytes = 0u64;
    let mut reports = Vec::new();
    for path in files {
        let file = File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let count = Arc::new(AtomicU64::new(0));
        let counting = Counting {
            inner: file,
            count: Arc::clone(&count),
        };
        let input = decoder(counting, Compression::of_path(path))
            .map_err(|e| format!("{}: {e}", path.display()))?;
        let reader = Reader::new(input);
        let mut report = Report::default();
        let mut bytes = 0;
        let mut write_error = None;
        let pb2 = pb.clone();
        let base = done_bytes;
        pb.set_message(display_name(path));
        pgn::pipeline::run(
            reader,
            opts.threads(),
            |batch| work(&batch),
            |(r, out)| {
                report.merge(r);
                if write_error.is_none() {
                    if let Err(e) = consume(out) {
                        write_error = Some(e);
                    }
                }
            },
            |consumed| {
                bytes = consumed;
                pb2.set_position(base + count.load(Ordering::Relaxed));
            },
        )
        .map_err(|e| format!("{}: {e}", path.display()))?;
        if let Some(e) = write_error {
            return Err(format!("writing the output: {e}"));
        }
        done_bytes += count.load(Ordering::Relaxed);
        pb.set_position(done_bytes);
        reports.push(FileReport {
            path: path.clone(),
            report,
            bytes,
        });
    }
    pb.finish_and_clear();
    Ok(reports)
}

fn display_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// Totals over files.
fn totals(reports: &[FileReport]) -> (u64, u64, u64, u64, usize) {
    let games = reports.iter().map(|r| r.report.games).sum();
    let moves = reports.iter().map(|r| r.report.moves).sum();
    let bad = reports.iter().map(|r| r.report.games_with_errors).sum();
    let bytes = reports.iter().map(|r| r.bytes).sum();
    let errors = reports.iter().map(|r| r.report.errors.len()).sum();
    (games, moves, bad, bytes, errors)
}

fn speed_line(reports: &[FileReport], seconds: f64, threads: usize) -> String {
    let (games, moves, _, bytes, _) = totals(reports);
    let s = seconds.max(1e-9);
    format!(
        "{games} games, {moves} moves, {:.1} MB in {seconds:.3} s on {threads} thread(s): \
         {:.1} MB/s, {:.0} moves/s, {:.0} games/s",
        bytes as f64 / 1e6,
        bytes as f64 / 1e6 / s,
        moves as f64 / s,
        games as f64 / s
    )
}

/// Runs a `pgn` subcommand.
pub(crate) fn run(cmd: PgnCommand) -> ExitCode {
    match cmd {
        PgnCommand::Check { files, json, opts } => check(&files, json, &opts),
        PgnCommand::Fens {
            files,
            output,
            opts,
        } => fens(&files, &output, &opts),
    }
}

fn check(files: &[PathBuf], json: bool, opts: &Options) -> ExitCode {
    let start = Instant::now();
    let mode = opts.mode();
    let reports = match process(
        files,
        opts,
        |batch| (pgn::check_games(batch, mode), ()),
        |()| Ok(()),
    ) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let seconds = start.elapsed().as_secs_f64();
    let (games, moves, bad, bytes, error_count) = totals(&reports);
    let mut out = io::stdout().lock();
    if json {
        let errors: Vec<serde_json::Value> = reports
            .iter()
            .flat_map(|r| {
                r.report.errors.iter().map(|e| {
                    serde_json::json!({
                        "file": r.path.display().to_string(),
                        "game": e.game,
                        "line": e.line,
                        "message": e.kind.to_string(),
                    })
                })
            })
            .collect();
        let files_json: Vec<serde_json::Value> = reports
            .iter()
            .map(|r| {
                serde_json::json!({
                    "file": r.path.display().to_string(),
                    "games": r.report.games,
                    "moves": r.report.moves,
                    "games_with_errors": r.report.games_with_errors,
                    "errors": r.report.errors.len(),
                })
            })
            .collect();
        let value = serde_json::json!({
            "games": games,
            "moves": moves,
            "games_with_errors": bad,
            "errors": errors,
            "files": files_json,
            "bytes": bytes,
            "seconds": seconds,
            "threads": opts.threads(),
        });
        let _ = writeln!(out, "{value}");
    } else {
        for r in &reports {
            for e in &r.report.errors {
                let _ = writeln!(out, "{}: {e}", r.path.display());
            }
        }
        for r in &reports {
            let _ = writeln!(
                out,
                "{}: {} games, {} moves, {} errors in {} games",
                r.path.display(),
                r.report.games,
                r.report.moves,
                r.report.errors.len(),
                r.report.games_with_errors
            );
        }
        if reports.len() > 1 {
            let _ = writeln!(
                out,
                "total: {games} games, {moves} moves, {error_count} errors in {bad} games"
            );
        }
    }
    eprintln!("{}", speed_line(&reports, seconds, opts.threads()));
    if error_count > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

fn fens(files: &[PathBuf], output: &Path, opts: &Options) -> ExitCode {
    let start = Instant::now();
    let mode = opts.mode();
    let file = match File::create(output) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("error: {}: {e}", output.display());
            return ExitCode::from(2);
        }
    };
    let mut out = BufWriter::with_capacity(1 << 20, file);
    if let Err(e) = out.write_all(pgn::FENS_HEADER.as_bytes()) {
        eprintln!("error: {}: {e}", output.display());
        return ExitCode::from(2);
    }
    let reports = process(
        files,
        opts,
        |batch| {
            let mut rows = Vec::with_capacity(1 << 20);
            let report = pgn::fens_games(batch, mode, &mut rows);
            (report, rows)
        },
        |rows| out.write_all(&rows),
    );
    let reports = match reports.and_then(|r| {
        out.flush()
            .map_err(|e| format!("{}: {e}", output.display()))?;
        Ok(r)
    }) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let seconds = start.elapsed().as_secs_f64();
    let (_, moves, bad, _, error_count) = totals(&reports);
    for r in &reports {
        for e in &r.report.errors {
            eprintln!("{}: {e}", r.path.display());
        }
    }
    eprintln!(
        "{} rows written to {}; {error_count} errors in {bad} games",
        moves,
        output.display()
    );
    eprintln!(
        "{}, {:.0} rows/s",
        speed_line(&reports, seconds, opts.threads()),
        moves as f64 / seconds.max(1e-9)
    );
    if error_count > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
