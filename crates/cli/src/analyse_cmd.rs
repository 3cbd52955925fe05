//! `chessbits analyse`: the moves table with a UCI engine's analysis of each position
//! after a move, or with `--annotate` the games back as PGN with `[%eval]` comments.
//!
//! Arguments only: the games go through the library's route (`Selection`, the input
//! opener, the driver: [`crate::pgn_run::run`] with `chessbits_tables::analyse`'s
//! `MovesWork`), the engines are `chessbits_uci::EnginePool`, and the join of answers to
//! rows, the deduplication of positions and the annotation are
//! `chessbits_tables::analyse::Analyser`'s. Ctrl-C stops the run in order: the rows
//! handed on so far are written and the output finished (a Parquet file gets its footer).

use std::collections::VecDeque;
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use chessbits_tables::analyse::{
    analysis_schema, epd_positions, epd_schema, Analysed, Analyser, MovesOut, MovesWork,
};
use chessbits_tables::Table;
use chessbits_uci::{EngineCommand, EnginePool, Limits, PoolSettings, Timeouts};
use clap::{ArgGroup, Args};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::pgn_args::{Options, TableOutput};
use crate::pgn_jobs::{names_a_directory, OpenError, TableSink};
use crate::pgn_run::{display, finish_output, open_output, run, summary, Messages, Sink};

/// The arguments of `chessbits analyse`.
#[derive(Args)]
#[command(group(ArgGroup::new("search_limit").required(true).multiple(true).args(["depth", "nodes", "movetime"])))]
pub(crate) struct AnalyseArgs {
    /// PGN inputs (- is standard input).
    #[arg(required = true)]
    inputs: Vec<PathBuf>,
    /// The UCI engine (a path, or a name looked up in PATH).
    #[arg(long, value_name = "PATH", default_value = "stockfish")]
    engine: PathBuf,
    /// An engine option, set after each start (repeat for more), e.g. --option Hash=64.
    #[arg(long = "option", value_name = "NAME=VALUE")]
    options: Vec<String>,
    /// Search each position to this depth.
    #[arg(long)]
    depth: Option<u32>,
    /// Search each position this many nodes.
    #[arg(long)]
    nodes: Option<u64>,
    /// Search each position this many milliseconds.
    #[arg(long, value_name = "MS")]
    movetime: Option<u64>,
    /// Engine processes in parallel (default: one per core).
    #[arg(long, value_name = "K")]
    engines: Option<usize>,
    /// Give up on a search after this many seconds (the engine is restarted and the
    /// position tried once more).
    #[arg(long, value_name = "SECONDS", default_value_t = 300.0)]
    timeout: f64,
    /// Write the games back as PGN with each move's [%eval] comment, as Lichess does,
    /// instead of the table.
    #[arg(long, conflicts_with = "format")]
    annotate: bool,
    /// The inputs are EPD files (a position per line; plain, zstd or gzip): a row per
    /// position, its columns file, line, fen, id, then the engine's.
    #[arg(long, conflicts_with = "annotate")]
    epd: bool,
    /// The output, its format and which games: as `pgn moves` takes them.
    #[command(flatten)]
    out: TableOutput,
    #[command(flatten)]
    opts: Options,
}

/// `--help`'s column list: the moves table's, then the engine's.
pub(crate) fn columns_help() -> String {
    let mut columns = chessbits_tables::columns::describe(Table::Moves, Default::default());
    columns.extend(chessbits_tables::columns::describe_engine());
    let width = columns.iter().map(|(n, _)| n.len()).max().unwrap_or(0);
    let mut help = String::from("Columns (the engine's describe the position after the move):\n");
    for (name, about) in columns {
        help.push_str(&format!("  {name:width$}  {about}\n"));
    }
    help.push_str("\nWith --epd, the engine's columns follow these:\n");
    for (name, about) in chessbits_tables::columns::describe_epd() {
        help.push_str(&format!("  {name:width$}  {about}\n"));
    }
    help.push('\n');
    help.push_str(crate::pgn_args::EXIT_STATUS);
    help.push_str("\n  130  interrupted (Ctrl-C): the rows analysed so far are written");
    help
}

/// Where the analysed chunks go.
enum Out {
    /// The table, through the sink of `pgn moves` (one file, or a file per input).
    Table(Box<TableSink>),
    Pgn(Box<dyn Write + Send>),
}

/// Where an input's output begins or ends. The driver begins and ends each input as it
/// reads it; the analyser hands its rows on later, so the boundary waits for them.
enum Boundary {
    Begin(PathBuf),
    End,
}

/// The output and the boundaries of inputs not yet reached by the chunks handed on.
struct Outputs {
    out: Option<Out>,
    /// Each boundary with the number of chunks cut before it.
    boundaries: VecDeque<(u64, Boundary)>,
    /// Chunks handed on so far.
    emitted: u64,
    rows: u64,
    games: u64,
}

impl Outputs {
    /// Crosses the boundaries whose chunks before are all out.
    fn cross(&mut self) -> io::Result<()> {
        while self
            .boundaries
            .front()
            .is_some_and(|(at, _)| *at <= self.emitted)
        {
            let Some((_, boundary)) = self.boundaries.pop_front() else {
                break;
            };
            if let Some(Out::Table(t)) = &mut self.out {
                match boundary {
                    Boundary::Begin(input) => t.begin(&input)?,
                    Boundary::End => t.end()?,
                }
            }
        }
        Ok(())
    }

    fn emit(&mut self, a: Analysed) -> io::Result<()> {
        self.cross()?;
        self.emitted += 1;
        self.rows += a.batch.num_rows() as u64;
        self.games += a.games as u64;
        match &mut self.out {
            Some(Out::Table(t)) => t.write_batch(&a.batch),
            Some(Out::Pgn(w)) => w.write_all(&a.pgn),
            None => Err(io::Error::other("no output open")),
        }
    }

    /// Ends the output (the file being written, when the run was cut short).
    fn finish(&mut self) -> io::Result<()> {
        match self.out.take() {
            Some(Out::Table(mut t)) => t.finish(),
            Some(Out::Pgn(mut w)) => w.flush(),
            None => Ok(()),
        }
    }
}

/// The program's side of the analyser: the output, the progress bar, the counts.
struct AnalyseSink {
    analyser: Analyser,
    out: Outputs,
    pb: ProgressBar,
    failed: u64,
    msgs: Messages,
}

impl AnalyseSink {
    /// Notes where an input's output begins or ends, crossing it at once when every
    /// chunk before it is out.
    fn boundary(&mut self, boundary: Boundary) -> io::Result<()> {
        self.out
            .boundaries
            .push_back((self.analyser.chunks(), boundary));
        self.out.cross()
    }

    /// Runs `step` on the analyser with the output and the progress bar, then reports the
    /// positions that failed.
    fn with(
        &mut self,
        step: impl FnOnce(
            &mut Analyser,
            &mut dyn FnMut(Analysed) -> io::Result<()>,
            &mut dyn FnMut(chessbits_tables::analyse::Progress),
        ) -> Result<(), chessbits_tables::analyse::AnalyseError>,
    ) -> io::Result<()> {
        let (out, pb) = (&mut self.out, &self.pb);
        let mut emit = |a: Analysed| out.emit(a);
        let mut tick = |p: chessbits_tables::analyse::Progress| {
            pb.set_length(p.queued);
            pb.set_position(p.answered);
        };
        let ran = step(&mut self.analyser, &mut emit, &mut tick);
        for failure in self.analyser.take_failures() {
            self.failed += 1;
            self.msgs.line(&format!("error: {failure}"));
        }
        ran.map_err(io::Error::from)
    }

    /// Waits for every position and hands on every chunk left; the inputs' outputs are
    /// then all ended.
    fn finish(&mut self) -> io::Result<()> {
        self.with(|a, emit, tick| a.finish(emit, tick))?;
        self.out.cross()
    }
}

impl Sink<MovesOut> for AnalyseSink {
    fn begin(&mut self, input: &Path) -> io::Result<()> {
        self.boundary(Boundary::Begin(input.to_path_buf()))
    }

    fn write(&mut self, out: MovesOut) -> io::Result<()> {
        self.with(|a, emit, tick| a.push(out, emit, tick))
    }

    fn end(&mut self) -> io::Result<()> {
        self.boundary(Boundary::End)
    }
}

fn progress_bar(show: bool) -> ProgressBar {
    if !show || !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let pb = ProgressBar::with_draw_target(Some(0), ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template(
        "{spinner} [{elapsed_precise}] {wide_bar} {pos}/{len} positions ({per_sec}, eta {eta})",
    ) {
        pb.set_style(style);
    }
    pb
}

/// The engine options `NAME=VALUE`.
fn engine_options(options: &[String]) -> Result<Vec<(String, String)>, String> {
    options
        .iter()
        .map(|o| match o.split_once('=') {
            Some((name, value)) if !name.trim().is_empty() => {
                Ok((name.trim().to_owned(), value.trim().to_owned()))
            }
            _ => Err(format!("--option {o:?}: expected NAME=VALUE")),
        })
        .collect()
}

/// The search limit of the arguments.
fn limits(args: &AnalyseArgs) -> Limits {
    Limits {
        depth: args.depth,
        nodes: args.nodes,
        movetime: args.movetime.map(Duration::from_millis),
        ..Limits::default()
    }
}

/// Runs `chessbits analyse`.
pub(crate) fn run_analyse(mut args: AnalyseArgs) -> ExitCode {
    let msgs = Messages {
        json: args.opts.json,
    };
    // The positions' bar replaces the bytes' bar of the other commands.
    let show_progress = !args.opts.no_progress;
    args.opts.no_progress = true;
    let selection = match args.out.selection(Table::Moves, &args.opts) {
        Ok(s) => s,
        Err(e) => return msgs.usage(&e),
    };
    let options = match engine_options(&args.options) {
        Ok(o) => o,
        Err(e) => return msgs.usage(&e),
    };
    if !(args.timeout.is_finite() && args.timeout > 0.0) {
        return msgs.usage(&format!(
            "--timeout {}: a positive number of seconds",
            args.timeout
        ));
    }
    let engines = args
        .engines
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    let timeouts = Timeouts {
        search: Duration::from_secs_f64(args.timeout),
        grace: Duration::from_secs_f64(args.timeout.min(5.0)),
        ..Timeouts::default()
    };
    let settings = PoolSettings {
        command: EngineCommand::new(&args.engine)
            .timeouts(timeouts)
            .own_process_group(true),
        options,
        limits: limits(&args),
        engines,
    };
    let pool = match EnginePool::start(settings) {
        Ok(p) => p,
        Err(e) => return msgs.usage(&format!("{}: {e}", args.engine.display())),
    };
    let interrupt = Arc::new(AtomicBool::new(false));
    // The first Ctrl-C ends the run in order (the flag); a second ends the program at once
    // (the shutdown, registered first, sees the flag the first one set). Registering fails
    // only for a signal that cannot be caught: no reason to stop.
    let _ = signal_hook::flag::register_conditional_shutdown(
        signal_hook::consts::SIGINT,
        130,
        Arc::clone(&interrupt),
    );
    let _ = signal_hook::flag::register(signal_hook::consts::SIGINT, Arc::clone(&interrupt));
    let out = match open(&args, args.opts.threads()) {
        Ok(o) => o,
        Err(OpenError::Closed) => return ExitCode::SUCCESS,
        Err(OpenError::Usage(e)) => return msgs.usage(&e),
    };
    let sink = AnalyseSink {
        analyser: Analyser::new(pool, Arc::clone(&interrupt)),
        out: Outputs {
            out: Some(out),
            boundaries: VecDeque::new(),
            emitted: 0,
            rows: 0,
            games: 0,
        },
        pb: progress_bar(show_progress),
        failed: 0,
        msgs: Messages { json: msgs.json },
    };
    let work = MovesWork {
        options: &selection.rows,
        annotate: args.annotate,
    };
    if args.epd {
        return run_epd(&args, sink, engines);
    }
    let (mut outcome, mut sink) = run(&args.inputs, &work, &selection, &args.opts, &msgs, sink);
    if !outcome.closed && !outcome.interrupted && !outcome.output_failed {
        match sink.finish() {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::Interrupted => outcome.interrupted = true,
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => outcome.closed = true,
            Err(e) => {
                msgs.line(&format!("error: writing the output: {e}"));
                outcome.output_failed = true;
            }
        }
    }
    sink.pb.finish_and_clear();
    let flushed = sink.out.finish();
    finish_output(&mut outcome, flushed);
    if outcome.closed {
        return ExitCode::SUCCESS;
    }
    let p = sink.analyser.progress();
    if outcome.interrupted {
        msgs.line("interrupted: the rows analysed so far are written");
    }
    let (what, count) = if args.annotate {
        ("games annotated", sink.out.games)
    } else {
        ("rows (a row per move)", sink.out.rows)
    };
    summary(&msgs, what, count, &outcome, &args.opts);
    msgs.line(&format!(
        "{} positions analysed on {engines} engine(s), {} rows reused a position, {} failed",
        p.answered, p.reused, sink.failed
    ));
    if outcome.interrupted {
        return ExitCode::from(130);
    }
    match outcome.status() {
        s if s == ExitCode::SUCCESS && sink.failed > 0 => ExitCode::from(1),
        s => s,
    }
}

/// The output: PGN text with `--annotate` (one output), else the table as `pgn moves`
/// writes it (one file, or a file per input in a directory) with the engine's columns.
fn open(args: &AnalyseArgs, threads: usize) -> Result<Out, OpenError> {
    let output = args.out.output.as_deref();
    if args.annotate {
        if names_a_directory(output) {
            return Err(OpenError::Usage(
                "--annotate writes one PGN output: -o FILE, or standard output".into(),
            ));
        }
        return match open_output(output) {
            Ok(w) => Ok(Out::Pgn(w)),
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Err(OpenError::Closed),
            Err(e) => Err(OpenError::Usage(format!(
                "{}: {e}",
                output.map_or_else(String::new, display)
            ))),
        };
    }
    let schema = if args.epd {
        epd_schema()
    } else {
        analysis_schema()
    };
    TableSink::open(&args.out, Table::Moves, schema, threads).map(|t| Out::Table(Box::new(t)))
}

/// `chessbits analyse --epd`: each input's positions, a row each, analysed in order.
fn run_epd(args: &AnalyseArgs, mut sink: AnalyseSink, engines: usize) -> ExitCode {
    let msgs = Messages {
        json: args.opts.json,
    };
    let mut bad_records = 0u64;
    let mut input_failed = false;
    let mut ended: io::Result<()> = Ok(());
    for input in &args.inputs {
        let name = display(input);
        let text = match chessbits_pgn::input::open(input).and_then(|mut r| {
            let mut bytes = Vec::new();
            io::Read::read_to_end(&mut r, &mut bytes).map(|_| bytes)
        }) {
            Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
            Err(e) => {
                msgs.line(&format!("{name}: cannot read: {e}"));
                input_failed = true;
                continue;
            }
        };
        let (positions, errors) = match epd_positions(&name, &text) {
            Ok(p) => p,
            Err(e) => {
                msgs.line(&format!("{name}: {e}"));
                input_failed = true;
                continue;
            }
        };
        for e in &errors {
            msgs.line(e);
        }
        bad_records += errors.len() as u64;
        ended = sink
            .begin(input)
            .and_then(|()| sink.write(positions))
            .and_then(|()| sink.end());
        if ended.is_err() {
            break;
        }
    }
    if ended.is_ok() {
        ended = sink.finish();
    }
    sink.pb.finish_and_clear();
    let flushed = sink.out.finish();
    let mut interrupted = false;
    for result in [ended, flushed] {
        match result {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return ExitCode::SUCCESS,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => interrupted = true,
            Err(e) => {
                msgs.line(&format!("error: writing the output: {e}"));
                return ExitCode::from(3);
            }
        }
    }
    let p = sink.analyser.progress();
    if interrupted {
        msgs.line("interrupted: the rows analysed so far are written");
    }
    msgs.line(&format!(
        "{} rows (a row per position) written; {bad_records} records could not be read",
        sink.out.rows
    ));
    msgs.line(&format!(
        "{} positions analysed on {engines} engine(s), {} rows reused a position, {} failed",
        p.answered, p.reused, sink.failed
    ));
    if interrupted {
        ExitCode::from(130)
    } else if input_failed {
        ExitCode::from(3)
    } else if bad_records > 0 || sink.failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
