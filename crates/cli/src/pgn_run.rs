//! Running a `pgn` subcommand's inputs through the library's driver
//! ([`chessbits_tables::drive_paths`]): what the program adds is its messages (each
//! batch's errors on stderr as they come, text or JSON lines), the totals of each input
//! and of the run, the progress bar, the exit status, and where the output goes.

use std::fs::File;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use chessbits_pgn::{GameError, Report};
use chessbits_tables::drive::{Error, Read};
use chessbits_tables::{Inputs, Selection, Work};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::pgn_args::Options;

// ---- messages on stderr ----

/// Writes errors and summaries to stderr as they come (text or JSON lines).
pub(crate) struct Messages {
    pub(crate) json: bool,
}

impl Messages {
    pub(crate) fn line(&self, text: &str) {
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

    pub(crate) fn usage(&self, message: &str) -> ExitCode {
        self.line(&format!("error: {message}"));
        ExitCode::from(2)
    }
}

// ---- running inputs ----

/// What one input came to (errors are counted, not kept).
#[derive(Default)]
pub(crate) struct FileTotals {
    pub(crate) file: String,
    pub(crate) report: Report,
    pub(crate) errors: u64,
    pub(crate) bytes: u64,
    pub(crate) raw_bytes: u64,
    pub(crate) damaged: bool,
}

/// Where a run's rows go: told of each input's start and end.
pub(crate) trait Sink<T> {
    fn begin(&mut self, _input: &Path) -> io::Result<()> {
        Ok(())
    }
    fn write(&mut self, t: T) -> io::Result<()>;
    fn end(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// How a run ended.
pub(crate) struct Outcome {
    pub(crate) files: Vec<FileTotals>,
    /// An input could not be opened or was damaged.
    pub(crate) input_failed: bool,
    /// Writing the output failed (not a closed pipe).
    pub(crate) output_failed: bool,
    /// The output pipe was closed by its reader: the run ends quietly.
    pub(crate) closed: bool,
    /// A thread panicked (a bug).
    pub(crate) panicked: bool,
    /// The run was interrupted (Ctrl-C, `chessbits analyse`): the output written so far
    /// is kept.
    pub(crate) interrupted: bool,
    pub(crate) seconds: f64,
}

impl Outcome {
    pub(crate) fn status(&self) -> ExitCode {
        if self.panicked {
            ExitCode::from(101)
        } else if self.input_failed || self.output_failed {
            ExitCode::from(3)
        } else if self.files.iter().any(|f| f.report.games_with_errors > 0) {
            ExitCode::from(1)
        } else {
            ExitCode::SUCCESS
        }
    }

    pub(crate) fn totals(&self) -> (u64, u64, u64, u64, u64) {
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
    pub(crate) fn total_json(&self, threads: usize, rows: Option<u64>) -> String {
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

    pub(crate) fn speed_line(&self, threads: usize) -> String {
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

pub(crate) fn display(path: &Path) -> String {
    path.display().to_string()
}

// ---- output files ----

/// An output: standard output (none, or `-`) or a file.
pub(crate) fn open_output(path: Option<&Path>) -> io::Result<Box<dyn Write + Send>> {
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

/// The program's side of a run: each input's totals and messages, and its output.
struct Tally<'m, S> {
    msgs: &'m Messages,
    sink: S,
    pb: ProgressBar,
    outcome: Outcome,
    /// The input being read.
    current: Option<FileTotals>,
    /// The input whose output could not be begun.
    begin_failed: Option<String>,
}

impl<T, S: Sink<T>> Inputs<T> for Tally<'_, S> {
    fn begin(&mut self, path: &Path) -> io::Result<()> {
        let name = display(path);
        self.pb.set_message(
            path.file_name()
                .map_or_else(|| name.clone(), |n| n.to_string_lossy().into_owned()),
        );
        if let Err(e) = self.sink.begin(path) {
            self.begin_failed = Some(name);
            return Err(e);
        }
        self.current = Some(FileTotals {
            file: name,
            ..FileTotals::default()
        });
        Ok(())
    }

    fn batch(&mut self, out: T, mut report: Report) -> io::Result<bool> {
        if let Some(totals) = &mut self.current {
            for e in report.errors.drain(..) {
                self.msgs.game_error(&totals.file, &e);
                totals.errors += 1;
            }
            totals.report.merge(report);
        }
        self.sink.write(out)?;
        Ok(true)
    }

    fn end(&mut self, path: &Path, read: &Read, ended: Result<(), &Error>) -> io::Result<()> {
        let Some(mut totals) = self.current.take() else {
            // Not opened.
            if let Err(e) = ended {
                let message = match e {
                    Error::Io(e) => e.to_string(),
                    other => other.to_string(),
                };
                self.msgs.input_error(&display(path), &message, None);
                self.outcome.input_failed = true;
            }
            return Ok(());
        };
        totals.bytes = read.bytes;
        totals.raw_bytes = read.raw_bytes;
        if let Err(e) = ended {
            let message = match e {
                Error::Damaged { error, .. } => error.to_string(),
                other => other.to_string(),
            };
            totals.damaged = true;
            self.msgs.input_error(&totals.file, &message, Some(&totals));
            self.outcome.input_failed = true;
        }
        self.outcome.files.push(totals);
        self.sink.end()
    }
}

/// Reads every input through the library's driver with `work` and `selection`, writes
/// each batch's output to `sink` in input order and its errors to stderr; returns how
/// the run ended and the sink.
pub(crate) fn run<W: Work, S: Sink<W::Out>>(
    inputs: &[PathBuf],
    work: &W,
    selection: &Selection,
    opts: &Options,
    msgs: &Messages,
    sink: S,
) -> (Outcome, S) {
    let start = Instant::now();
    let pb = progress_bar(inputs, opts);
    let mut tally = Tally {
        msgs,
        sink,
        pb: pb.clone(),
        outcome: Outcome {
            files: Vec::new(),
            input_failed: false,
            output_failed: false,
            closed: false,
            panicked: false,
            interrupted: false,
            seconds: 0.0,
        },
        current: None,
        begin_failed: None,
    };
    let progress = |raw: u64| pb.set_position(raw);
    let ran = chessbits_tables::drive_paths(
        inputs,
        work,
        selection,
        opts.threads(),
        &mut tally,
        &progress,
    );
    let Tally {
        sink,
        mut outcome,
        current,
        begin_failed,
        ..
    } = tally;
    // An input cut short by the output's failure still counts as far as it was read.
    outcome.files.extend(current);
    match ran {
        Ok(()) => {}
        Err(Error::Output(e)) if e.kind() == io::ErrorKind::BrokenPipe => outcome.closed = true,
        Err(Error::Output(e)) if e.kind() == io::ErrorKind::Interrupted => {
            outcome.interrupted = true;
        }
        Err(Error::Output(e)) => {
            match begin_failed {
                Some(name) => msgs.line(&format!("error: writing the output for {name}: {e}")),
                None => msgs.line(&format!("error: writing the output: {e}")),
            }
            outcome.output_failed = true;
        }
        Err(Error::Panicked(message)) => {
            msgs.line(&format!("error: a thread panicked (a bug): {message}"));
            outcome.panicked = true;
        }
        Err(e) => {
            msgs.line(&format!("error: writing the output: {e}"));
            outcome.output_failed = true;
        }
    }
    pb.finish_and_clear();
    outcome.seconds = start.elapsed().as_secs_f64();
    (outcome, sink)
}

/// Notes a failed final flush (a closed pipe is not a failure).
pub(crate) fn finish_output(outcome: &mut Outcome, flushed: io::Result<()>) {
    if outcome.closed {
        // The reader went away: finishing the file can only fail, and nobody is listening.
        return;
    }
    if let Err(e) = flushed {
        if e.kind() == io::ErrorKind::BrokenPipe {
            outcome.closed = true;
        } else {
            eprintln!("error: writing the output: {e}");
            outcome.output_failed = true;
        }
    }
}

/// The closing line on stderr of the writing commands: `rows` and what they are (in JSON
/// always under the key `rows`, the same word in every command).
pub(crate) fn summary(msgs: &Messages, what: &str, rows: u64, outcome: &Outcome, opts: &Options) {
    if msgs.json {
        msgs.line(&outcome.total_json(opts.threads(), Some(rows)));
    } else {
        let (_, _, bad, errors, _) = outcome.totals();
        msgs.line(&format!(
            "{rows} {what} written; {errors} errors in {bad} games"
        ));
        msgs.line(&outcome.speed_line(opts.threads()));
    }
}
