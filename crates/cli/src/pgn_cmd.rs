//! `chessbits pgn check | fens | games | moves | filter`: the `pgn` crate's bulk jobs as a
//! Unix filter.
//!
//! Inputs are paths or `-` (standard input); each is plain, zstd or gzip PGN, recognised
//! from its first bytes. Output goes to standard output unless `-o` names a file (or, for
//! the tables, a directory: one file per input). Every mainline move is replayed on
//! `--threads N` threads with the output in input order; with two or more, an input is read
//! and decompressed on a thread of its own and cut into chunks that the N threads tokenize
//! and replay ([`chessbits_pgn::pipeline`]); the tables are `chessbits_tables`'s batches,
//! Parquet columns encoded on N threads besides. Errors are written to stderr as
//! they are found (one JSON object per line with `--json`) and never collected, so memory
//! stays flat whatever their number. A damaged input (truncated zstd, gzip with trailing
//! garbage, an I/O error) is reported with how far it got; the games before the damage
//! count, and the remaining inputs are still read. A closed output pipe ends the run
//! quietly. Exit status: see [`EXIT_STATUS`].

use chessbits_pgn::pipeline::{Output, Pipeline};
use std::fs::File;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

use chessbits_pgn::filter::{Dedup, Filter};
use chessbits_pgn::input::{open_input, Input};
use chessbits_pgn::{
    Both, GameBuilder, GameError, GameRecord, Reader, RecordCollector, Report, SanMode,
};
use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::pgn_table::{Format, Partition, SchemaArg, TableOut};
use chessbits_tables::{Selection, Table};

mod jobs;

use jobs::{check, fens, filter, table};

/// The exit statuses, as `--help` shows them.
pub(crate) const EXIT_STATUS: &str = "\
Inputs: paths, or - for standard input; plain, zstd or gzip PGN (recognised from the first bytes).
Errors go to stderr as they are found (--json: one JSON object per line).

Exit status:
  0  every game read and replayed without error
  1  some games had errors (each reported on stderr)
  2  usage error (bad arguments, an output that cannot be created)
  3  an input could not be read or is damaged (the games before the damage are kept and
     the other inputs are still read), or the output could not be written";

/// The `pgn` subcommands.
#[derive(Subcommand)]
pub(crate) enum PgnCommand {
    /// Replay every game; print a summary per input on stdout.
    #[command(after_help = EXIT_STATUS)]
    Check {
        /// PGN inputs (- is standard input).
        #[arg(required = true)]
        inputs: Vec<PathBuf>,
        #[command(flatten)]
        opts: Options,
    },
    /// Write `before_fen,san,after_fen` CSV rows, one per mainline move, in input order.
    #[command(after_help = EXIT_STATUS)]
    Fens {
        /// PGN inputs (- is standard input).
        #[arg(required = true)]
        inputs: Vec<PathBuf>,
        /// The CSV file to write (default, or -: standard output).
        #[arg(short = 'o', long = "output")]
        output: Option<PathBuf>,
        #[command(flatten)]
        opts: Options,
    },
    /// A row per game: its tags, typed columns, the moves in SAN and UCI, clocks, evals and
    /// errors (the columns are listed below). `--schema lichess`: the columns of the Hugging
    /// Face dataset Lichess/standard-chess-games.
    #[command(after_help = crate::pgn_table::columns_help(Table::Games))]
    Games {
        /// PGN inputs (- is standard input).
        #[arg(required = true)]
        inputs: Vec<PathBuf>,
        #[command(flatten)]
        out: TableOutput,
        #[command(flatten)]
        opts: Options,
    },
    /// A row per mainline move: the positions around it, SAN, UCI, clock and eval (the
    /// columns are listed below).
    #[command(after_help = crate::pgn_table::columns_help(Table::Moves))]
    Moves {
        /// PGN inputs (- is standard input).
        #[arg(required = true)]
        inputs: Vec<PathBuf>,
        #[command(flatten)]
        out: TableOutput,
        #[command(flatten)]
        opts: Options,
    },
    /// Keep the games that pass every test given; write them as export-format PGN.
    #[command(after_help = EXIT_STATUS)]
    Filter {
        /// PGN inputs (- is standard input).
        #[arg(required = true)]
        inputs: Vec<PathBuf>,
        /// The PGN file to write (default, or -: standard output).
        #[arg(short = 'o', long = "output")]
        output: Option<PathBuf>,
        #[command(flatten)]
        tests: Box<FilterArgs>,
        #[command(flatten)]
        opts: Options,
    },
}

/// Where and how a table is written.
#[derive(Args)]
pub(crate) struct TableOutput {
    /// Output file (default, or -: standard output). A directory (an existing one, or a
    /// path ending in /) gets one file per input, named after it.
    #[arg(short = 'o', long = "output")]
    output: Option<PathBuf>,
    /// csv, ndjson, arrow or parquet (default: from the output's extension, else csv).
    #[arg(long, value_enum)]
    format: Option<Format>,
    /// The columns: default, or lichess (the Hugging Face dataset
    /// Lichess/standard-chess-games: its names and Arrow types; games only).
    #[arg(long, value_enum, default_value = "default")]
    schema: SchemaArg,
    /// Spread the rows over Hive folders year=YYYY/month=MM/ under the output directory
    /// (by UTCDate, else Date), which DuckDB, Polars and Spark prune on.
    #[arg(long, value_enum)]
    partition: Option<Partition>,
    /// The encoding of tag text that is not UTF-8 (a WHATWG label: windows-1252,
    /// iso-8859-2, shift_jis...).
    #[arg(long, default_value = "windows-1252")]
    encoding: String,
    #[command(flatten)]
    select: SelectArgs,
}

/// Which games become rows.
#[derive(Args)]
pub(crate) struct SelectArgs {
    #[command(flatten)]
    tests: Box<FilterArgs>,
    /// Keep at most N games (the first N selected, in input order).
    #[arg(long, value_name = "N")]
    limit: Option<u64>,
    /// Keep each game with this probability (0 to 1), decided by the game's number and
    /// --seed (the same games whatever the threads).
    #[arg(long, value_name = "RATE")]
    sample: Option<f64>,
    /// The seed of --sample.
    #[arg(long, value_name = "N", default_value_t = 0)]
    seed: u64,
}

/// The tests of `pgn filter`.
#[derive(Args)]
pub(crate) struct FilterArgs {
    /// Keep games whose tag NAME is exactly VALUE (NAME=VALUE; repeatable, all must hold).
    #[arg(long = "tag", value_name = "NAME=VALUE")]
    tag: Vec<String>,
    /// Keep games whose tag NAME contains TEXT, ignoring case (NAME=TEXT).
    #[arg(long = "tag-contains", value_name = "NAME=TEXT")]
    tag_contains: Vec<String>,
    /// Keep games whose tag NAME is in MIN..MAX (either may be left out): numbers
    /// (WhiteElo=2500..), dates (UTCDate=2024.01.01..2024.03.31) or time controls
    /// (TimeControl=180+0..600+5, by base then increment).
    #[arg(long = "tag-range", value_name = "NAME=MIN..MAX")]
    tag_range: Vec<String>,
    /// Keep games where both WhiteElo and BlackElo are in MIN..MAX.
    #[arg(long, value_name = "MIN..MAX")]
    elo: Option<String>,
    /// Keep games with this result (1-0, 0-1, 1/2-1/2, *; repeatable: any of them).
    #[arg(long = "result", allow_hyphen_values = true)]
    result: Vec<String>,
    /// Keep games with at least N mainline plies.
    #[arg(long)]
    min_plies: Option<usize>,
    /// Keep games with at most N mainline plies.
    #[arg(long)]
    max_plies: Option<usize>,
    /// Keep games whose mainline reaches this position (FEN; compared by Polyglot hash;
    /// repeatable: any of them).
    #[arg(long = "fen")]
    fen: Vec<String>,
    /// Drop games with the same start and the same moves as an earlier game.
    #[arg(long)]
    dedup: bool,
}

impl SelectArgs {
    /// The selection these arguments and `out`'s ask for, read by the library's one reader
    /// of a selection's text ([`chessbits_tables::Selection::set`]).
    fn selection(&self, out: &TableOutput, opts: &Options) -> Result<Selection, String> {
        let mut pairs = self.tests.pairs();
        if let Some(n) = self.limit {
            pairs.push(("limit", n.to_string()));
        }
        if let Some(rate) = self.sample {
            pairs.push(("sample", rate.to_string()));
        }
        pairs.push(("seed", self.seed.to_string()));
        pairs.push(("schema", out.schema.name().to_owned()));
        pairs.push(("encoding", out.encoding.clone()));
        pairs.push(("strict", opts.strict.to_string()));
        Selection::from_pairs(pairs).map_err(|e| format!("--{}", e.to_string().replace('_', "-")))
    }
}

impl FilterArgs {
    /// The tests given, as (name, text) pairs in the library's names.
    fn pairs(&self) -> Vec<(&'static str, String)> {
        let mut pairs = Vec::new();
        let many: [(&'static str, &Vec<String>); 5] = [
            ("tag", &self.tag),
            ("tag_contains", &self.tag_contains),
            ("tag_range", &self.tag_range),
            ("result", &self.result),
            ("fen", &self.fen),
        ];
        for (name, values) in many {
            pairs.extend(values.iter().map(|v| (name, v.clone())));
        }
        if let Some(range) = &self.elo {
            pairs.push(("elo", range.clone()));
        }
        if let Some(n) = self.min_plies {
            pairs.push(("min_plies", n.to_string()));
        }
        if let Some(n) = self.max_plies {
            pairs.push(("max_plies", n.to_string()));
        }
        if self.dedup {
            pairs.push(("dedup", "true".to_owned()));
        }
        pairs
    }

    /// `pgn filter`'s tests, read by the library ([`Filter::add`]).
    fn filter(&self) -> Result<Filter, String> {
        let mut filter = Filter::default();
        for (name, value) in self.pairs() {
            if name == "dedup" {
                continue;
            }
            filter
                .add(name, &value)
                .map_err(|e| format!("--{} {value:?}: {e}", name.replace('_', "-")))?;
        }
        Ok(filter)
    }
}

/// Options every subcommand takes.
#[derive(Args)]
pub(crate) struct Options {
    /// Worker threads (default: every core). With 2 or more, reading and decompressing run
    /// on a thread of their own, the N threads read and replay chunks of the input, and
    /// Parquet is encoded on N threads besides.
    #[arg(long)]
    threads: Option<usize>,
    /// Read SAN strictly (minimal disambiguation, exact capture markers).
    #[arg(long)]
    strict: bool,
    /// Write errors and summaries as JSON, one object per line.
    #[arg(long)]
    json: bool,
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

/// Runs a `pgn` subcommand.
pub(crate) fn run(cmd: PgnCommand) -> ExitCode {
    match cmd {
        PgnCommand::Check { inputs, opts } => check(&inputs, &opts),
        PgnCommand::Fens {
            inputs,
            output,
            opts,
        } => fens(&inputs, output.as_deref(), &opts),
        PgnCommand::Games { inputs, out, opts } => table(&inputs, &out, Table::Games, &opts),
        PgnCommand::Moves { inputs, out, opts } => table(&inputs, &out, Table::Moves, &opts),
        PgnCommand::Filter {
            inputs,
            output,
            tests,
            opts,
        } => filter(&inputs, output.as_deref(), &tests, &opts),
    }
}

// ---- messages on stderr ----

/// Writes errors and summaries to stderr as they come (text or JSON lines).
struct Messages {
    json: bool,
}

impl Messages {
    fn line(&self, text: &str) {
        let mut err = io::stderr().lock();
        let _ = writeln!(err, "{text}");
    }

    fn game_error(&self, file: &str, e: &GameError) {
        if self.json {
            self.line(
                &serde_json::json!({
                    "type": "game_error",
                    "file": file,
                    "game": e.game,
                    "line": e.line,
                    "message": e.kind.to_string(),
                })
                .to_string(),
            );
        } else {
            self.line(&format!("{file}: {e}"));
        }
    }

    fn input_error(&self, file: &str, message: &str, progress: Option<&FileTotals>) {
        if self.json {
            let mut v = serde_json::json!({
                "type": "input_error",
                "file": file,
                "message": message,
            });
            if let Some(p) = progress {
                v["games_before"] = p.report.games.into();
                v["bytes_decoded"] = p.bytes.into();
                v["bytes_read"] = p.raw_bytes.into();
            }
            self.line(&v.to_string());
        } else {
            match progress {
                Some(p) => self.line(&format!(
                    "{file}: input damaged after {} bytes read ({} decoded), {} games read \
                     before the damage are kept: {message}",
                    p.raw_bytes, p.bytes, p.report.games
                )),
                None => self.line(&format!("{file}: cannot read: {message}")),
            }
        }
    }

    fn usage(&self, message: &str) -> ExitCode {
        self.line(&format!("error: {message}"));
        ExitCode::from(2)
    }
}

// ---- running inputs ----

/// What one input came to (errors are counted, not kept).
#[derive(Default)]
struct FileTotals {
    file: String,
    report: Report,
    errors: u64,
    bytes: u64,
    raw_bytes: u64,
    damaged: bool,
}

/// Where a run's rows go: told of each input's start and end.
trait Sink<T> {
    fn begin(&mut self, _input: &Path) -> io::Result<()> {
        Ok(())
    }
    fn write(&mut self, t: T) -> io::Result<()>;
    fn end(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// How a run ended.
struct Outcome {
    files: Vec<FileTotals>,
    /// An input could not be opened or was damaged.
    input_failed: bool,
    /// Writing the output failed (not a closed pipe).
    output_failed: bool,
    /// The output pipe was closed by its reader: the run ends quietly.
    closed: bool,
    seconds: f64,
}

impl Outcome {
    fn status(&self) -> ExitCode {
        if self.input_failed || self.output_failed {
            ExitCode::from(3)
        } else if self.files.iter().any(|f| f.report.games_with_errors > 0) {
            ExitCode::from(1)
        } else {
            ExitCode::SUCCESS
        }
    }

    fn totals(&self) -> (u64, u64, u64, u64, u64) {
        let mut t = (0, 0, 0, 0, 0);
        for f in &self.files {
            t.0 += f.report.games;
            t.1 += f.report.moves;
            t.2 += f.report.games_with_errors;
            t.3 += f.errors;
            t.4 += f.bytes;
        }
        t
    }

    /// The closing `"type": "total"` JSON object of `--json`; `rows` adds the rows written
    /// (games kept, for `filter`), under the key `rows`, for the writing commands.
    fn total_json(&self, threads: usize, rows: Option<u64>) -> String {
        let (games, moves, bad, errors, bytes) = self.totals();
        let mut total = serde_json::json!({
            "type": "total",
            "games": games,
            "moves": moves,
            "games_with_errors": bad,
            "errors": errors,
            "inputs_failed": self.input_failed,
            "bytes": bytes,
            "seconds": self.seconds,
            "threads": threads,
        });
        if let Some(n) = rows {
            total["rows"] = n.into();
        }
        total.to_string()
    }

    fn speed_line(&self, threads: usize) -> String {
        let (games, moves, _, _, bytes) = self.totals();
        let s = self.seconds.max(1e-9);
        format!(
            "{games} games, {moves} moves, {:.1} MB in {:.3} s on {threads} thread(s): \
             {:.1} MB/s, {:.0} moves/s, {:.0} games/s",
            bytes as f64 / 1e6,
            self.seconds,
            bytes as f64 / 1e6 / s,
            moves as f64 / s,
            games as f64 / s
        )
    }
}

fn progress_bar(inputs: &[PathBuf], opts: &Options) -> ProgressBar {
    if opts.no_progress || !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let total: u64 = inputs
        .iter()
        .filter_map(|f| std::fs::metadata(f).ok())
        .filter(|m| m.is_file())
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

fn display(path: &Path) -> String {
    path.display().to_string()
}

/// How reading one input ended, when not at its end.
enum Ended {
    /// The input is damaged (or could not be read on): the games before are kept.
    Damaged(io::Error),
    /// The output could not be written (a closed pipe among them).
    Output(io::Error),
}

/// What a job does with one opened input: reads it on `threads` threads, calls `progress`
/// with the decoded bytes read so far and `each` with each batch's report and output in
/// input order (`each` returns whether to go on).
trait Job {
    /// What a batch comes to.
    type Out;

    fn run(
        &mut self,
        input: Input,
        file: &str,
        threads: usize,
        progress: &mut (dyn FnMut(u64) + Send),
        each: &mut dyn FnMut(Report, Self::Out) -> io::Result<bool>,
    ) -> Result<(), Ended>;

    /// Whether the job wants nothing more (a limit reached): the run stops.
    fn done(&self) -> bool {
        false
    }
}

/// A job of the `pgn` crate's pipeline: a visitor per reading thread and `work` on each
/// batch of what it read (check, fens and filter; the tables are
/// [`chessbits_tables::stream::run`]).
struct PipelineJob<M, W> {
    make_visitor: M,
    work: W,
}

impl<M, W, V, T> Job for PipelineJob<M, W>
where
    M: Fn() -> V + Sync,
    V: chessbits_pgn::Visitor + Send,
    V::Output: Output,
    T: Send,
    W: Fn(&str, Vec<V::Output>) -> (Report, T) + Sync,
{
    type Out = T;

    fn run(
        &mut self,
        input: Input,
        file: &str,
        threads: usize,
        progress: &mut (dyn FnMut(u64) + Send),
        each: &mut dyn FnMut(Report, T) -> io::Result<bool>,
    ) -> Result<(), Ended> {
        let mut write_error = None;
        let work = &self.work;
        let read = Pipeline::new(Reader::new(input.reader))
            .threads(threads)
            .progress(progress)
            .run_with(
                &self.make_visitor,
                |batch| work(file, batch),
                |(report, out)| match each(report, out) {
                    Ok(go_on) => go_on,
                    Err(e) => {
                        write_error = Some(e);
                        false
                    }
                },
            );
        if let Some(e) = write_error {
            return Err(Ended::Output(e));
        }
        // The input ends quietly at a decoding error (so that the game before it is
        // finished); the error is reported here.
        match read.err().or_else(|| Input::damage(&input.error)) {
            Some(e) => Err(Ended::Damaged(e)),
            None => Ok(()),
        }
    }
}

/// Opens every input with the library's one opener, runs `job` over it, writes each result
/// to `sink` in input order, and streams each batch's errors to stderr.
fn run_inputs<T>(
    inputs: &[PathBuf],
    opts: &Options,
    msgs: &Messages,
    job: &mut dyn Job<Out = T>,
    sink: &mut dyn Sink<T>,
) -> Outcome {
    let start = Instant::now();
    let pb = progress_bar(inputs, opts);
    let mut done_raw = 0u64;
    let mut outcome = Outcome {
        files: Vec::new(),
        input_failed: false,
        output_failed: false,
        closed: false,
        seconds: 0.0,
    };
    for path in inputs {
        let name = display(path);
        let input = match open_input(path) {
            Ok(i) => i,
            Err(e) => {
                msgs.input_error(&name, &e.to_string(), None);
                outcome.input_failed = true;
                continue;
            }
        };
        let raw = Arc::clone(&input.raw_bytes);
        if let Err(e) = sink.begin(path) {
            msgs.line(&format!("error: writing the output for {name}: {e}"));
            outcome.output_failed = true;
            break;
        }
        pb.set_message(
            path.file_name()
                .map_or_else(|| name.clone(), |n| n.to_string_lossy().into_owned()),
        );
        let mut totals = FileTotals {
            file: name.clone(),
            ..FileTotals::default()
        };
        let pb2 = pb.clone();
        let raw2 = Arc::clone(&raw);
        let base = done_raw;
        let decoded = AtomicU64::new(0);
        let ended = job.run(
            input,
            &name,
            opts.threads(),
            &mut |consumed| {
                decoded.store(consumed, Ordering::Relaxed);
                pb2.set_position(base + raw2.load(Ordering::Relaxed));
            },
            &mut |mut report, out| {
                for e in report.errors.drain(..) {
                    msgs.game_error(&name, &e);
                    totals.errors += 1;
                }
                totals.report.merge(report);
                sink.write(out)?;
                Ok(true)
            },
        );
        totals.bytes = decoded.load(Ordering::Relaxed);
        totals.raw_bytes = raw.load(Ordering::Relaxed);
        done_raw += totals.raw_bytes;
        let mut write_error = None;
        match ended {
            Ok(()) => {}
            Err(Ended::Damaged(e)) => {
                totals.damaged = true;
                msgs.input_error(&name, &e.to_string(), Some(&totals));
                outcome.input_failed = true;
            }
            Err(Ended::Output(e)) => write_error = Some(e),
        }
        if write_error.is_none() {
            if let Err(e) = sink.end() {
                write_error = Some(e);
            }
        }
        outcome.files.push(totals);
        if let Some(e) = write_error {
            if e.kind() == io::ErrorKind::BrokenPipe {
                outcome.closed = true;
            } else {
                msgs.line(&format!("error: writing the output: {e}"));
                outcome.output_failed = true;
            }
            break;
        }
        if job.done() {
            break;
        }
    }
    pb.finish_and_clear();
    outcome.seconds = start.elapsed().as_secs_f64();
    outcome
}

// ---- output files ----

/// An output: standard output (none, or `-`) or a file.
fn open_output(path: Option<&Path>) -> io::Result<Box<dyn Write + Send>> {
    match path {
        None => Ok(Box::new(BufWriter::with_capacity(1 << 20, io::stdout()))),
        Some(p) if p.as_os_str() == "-" => {
            Ok(Box::new(BufWriter::with_capacity(1 << 20, io::stdout())))
        }
        Some(p) => Ok(Box::new(BufWriter::with_capacity(
            1 << 20,
            File::create(p)?,
        ))),
    }
}
