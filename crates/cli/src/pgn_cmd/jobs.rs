//! The jobs of `chessbits pgn`: `check`, `fens`, the `games`/`moves` tables and `filter`,
//! each a visitor and a sink run over the inputs by `run_inputs`.

use super::*;
use crate::pgn_table::write_options;
use arrow_array::RecordBatch;
use chessbits_tables::stream::Error as StreamError;
use chessbits_tables::{BatchOptions, Limiter, Partitioned};

/// Writes bytes to one output.
struct BytesSink<'p> {
    out: Box<dyn Write + Send>,
    /// Where written buffers go back for the workers to fill again.
    pool: &'p BufferPool,
}

impl Sink<Vec<u8>> for BytesSink<'_> {
    fn write(&mut self, t: Vec<u8>) -> io::Result<()> {
        let written = self.out.write_all(&t);
        self.pool.give(t);
        written
    }
}

/// Output buffers passed from the workers to the writing thread and back. A batch's rows
/// are megabytes; allocated afresh in each worker and freed on the writing thread, each
/// was new memory to fault in (the kernel's time grew with the threads, and two threads
/// ran no faster than one).
#[derive(Default)]
struct BufferPool(std::sync::Mutex<Vec<Vec<u8>>>);

impl BufferPool {
    /// The most buffers kept: as many as can be in flight (workers, queued batches).
    const KEEP: usize = 16;

    /// An empty buffer, reused when one is back.
    fn take(&self) -> Vec<u8> {
        let reused = self.0.lock().ok().and_then(|mut v| v.pop());
        reused.unwrap_or_else(|| Vec::with_capacity(1 << 20))
    }

    /// Hands a written buffer back.
    fn give(&self, mut buffer: Vec<u8>) {
        buffer.clear();
        if let Ok(mut v) = self.0.lock() {
            if v.len() < Self::KEEP {
                v.push(buffer);
            }
        }
    }
}

// ---- check ----

pub(super) fn check(inputs: &[PathBuf], opts: &Options) -> ExitCode {
    struct Nothing;
    impl Sink<()> for Nothing {
        fn write(&mut self, (): ()) -> io::Result<()> {
            Ok(())
        }
    }
    let msgs = Messages { json: opts.json };
    let mode = opts.mode();
    let mut job = PipelineJob {
        make_visitor: || RecordCollector::for_check(mode),
        work: |_: &str, batch: Vec<GameRecord>| (chessbits_pgn::check_games(&batch, mode), ()),
    };
    let outcome = run_inputs(inputs, opts, &msgs, &mut job, &mut Nothing);
    let mut out = io::stdout().lock();
    let (games, moves, bad, errors, _) = outcome.totals();
    let mut lines = Vec::new();
    for f in &outcome.files {
        lines.push(if opts.json {
            serde_json::json!({
                "type": "file",
                "file": f.file,
                "games": f.report.games,
                "moves": f.report.moves,
                "games_with_errors": f.report.games_with_errors,
                "errors": f.errors,
                "damaged": f.damaged,
                "bytes": f.bytes,
            })
            .to_string()
        } else {
            format!(
                "{}: {} games, {} moves, {} errors in {} games{}",
                f.file,
                f.report.games,
                f.report.moves,
                f.errors,
                f.report.games_with_errors,
                if f.damaged { " (input damaged)" } else { "" }
            )
        });
    }
    if opts.json {
        lines.push(outcome.total_json(opts.threads(), None));
    } else if inputs.len() > 1 {
        lines.push(format!(
            "total: {games} games, {moves} moves, {errors} errors in {bad} games"
        ));
    }
    for l in lines {
        if writeln!(out, "{l}").is_err() {
            break;
        }
    }
    if !opts.json {
        msgs.line(&outcome.speed_line(opts.threads()));
    }
    outcome.status()
}

/// The closing line on stderr of the writing commands: `rows` and what they are (in JSON
/// always under the key `rows`, the same word in every command).
fn summary(msgs: &Messages, what: &str, rows: u64, outcome: &Outcome, opts: &Options) {
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

// ---- fens ----

pub(super) fn fens(inputs: &[PathBuf], output: Option<&Path>, opts: &Options) -> ExitCode {
    let msgs = Messages { json: opts.json };
    let mut out = match open_output(output) {
        Ok(o) => o,
        Err(e) => {
            return msgs.usage(&format!(
                "{}: {e}",
                output.map_or_else(String::new, display)
            ))
        }
    };
    if let Err(e) = out.write_all(chessbits_tables::fens::fens_header().as_bytes()) {
        if e.kind() == io::ErrorKind::BrokenPipe {
            return ExitCode::SUCCESS;
        }
        return msgs.usage(&e.to_string());
    }
    let mode = opts.mode();
    let pool = BufferPool::default();
    let mut sink = BytesSink { out, pool: &pool };
    let mut job = PipelineJob {
        make_visitor: RecordCollector::new,
        work: |_: &str, batch: Vec<GameRecord>| {
            let mut rows = pool.take();
            let report = chessbits_tables::fens::fens_rows(&batch, mode, &mut rows);
            (report, rows)
        },
    };
    let mut outcome = run_inputs(inputs, opts, &msgs, &mut job, &mut sink);
    finish_output(&mut outcome, sink.out.flush());
    if outcome.closed {
        return ExitCode::SUCCESS;
    }
    let rows = outcome.totals().1;
    summary(&msgs, "rows (a row per move)", rows, &outcome, opts);
    outcome.status()
}

/// Notes a failed final flush (a closed pipe is not a failure).
fn finish_output(outcome: &mut Outcome, flushed: io::Result<()>) {
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

// ---- games / moves ----

/// Where table rows go: one writer for everything, or one file per input in a directory
/// (each spread over month folders with `--partition`).
struct TableSink {
    table: Table,
    layout: chessbits_tables::Layout,
    format: Format,
    partition: Option<Partition>,
    dir: Option<PathBuf>,
    single: Option<TableOut>,
    current: Option<TableOut>,
    used_names: std::collections::HashSet<String>,
    rows: u64,
    /// Threads encoding Parquet.
    threads: usize,
}

impl TableSink {
    fn file_name(&mut self, input: &Path) -> String {
        let stem = chessbits_pgn::input::stem(input);
        let mut name = format!("{stem}.{}", self.format.extension());
        let mut k = 2;
        while !self.used_names.insert(name.clone()) {
            name = format!("{stem}-{k}.{}", self.format.extension());
            k += 1;
        }
        name
    }
}

impl Sink<RecordBatch> for TableSink {
    fn begin(&mut self, input: &Path) -> io::Result<()> {
        if let Some(dir) = self.dir.clone() {
            let name = self.file_name(input);
            self.current = Some(match self.partition {
                Some(Partition::YearMonth) => TableOut::Months(Partitioned::new(
                    &dir,
                    &name,
                    self.format.tables(),
                    &write_options(self.table, self.threads),
                )),
                None => {
                    let out: Box<dyn Write + Send> = Box::new(BufWriter::with_capacity(
                        1 << 20,
                        File::create(dir.join(name))?,
                    ));
                    TableOut::new(out, self.table, self.layout, self.format, self.threads)?
                }
            });
        }
        Ok(())
    }

    fn write(&mut self, batch: RecordBatch) -> io::Result<()> {
        self.rows += batch.num_rows() as u64;
        let w = match (&mut self.current, &mut self.single) {
            (Some(w), _) | (None, Some(w)) => w,
            (None, None) => return Err(io::Error::other("no output open")),
        };
        w.write(&batch)
    }

    fn end(&mut self) -> io::Result<()> {
        match self.current.take() {
            Some(w) => w.finish(),
            None => Ok(()),
        }
    }
}

/// The tables' job: the library's route ([`chessbits_tables::stream::run`]) over each input,
/// with one limiter (duplicates, `--limit`) over every input.
struct TablesJob {
    options: BatchOptions,
    limiter: Limiter,
}

impl Job for TablesJob {
    type Out = RecordBatch;

    fn run(
        &mut self,
        input: Input,
        file: &str,
        threads: usize,
        progress: &mut (dyn FnMut(u64) + Send),
        each: &mut dyn FnMut(Report, Self::Out) -> io::Result<bool>,
    ) -> Result<(), Ended> {
        self.options.file = file.to_owned();
        self.options.threads = threads;
        let ran = chessbits_tables::stream::run(
            input,
            &self.options,
            &mut self.limiter,
            progress,
            |batch, report| each(report, batch),
        );
        match ran {
            Ok(_) => Ok(()),
            Err(StreamError::Damaged { error, .. }) => Err(Ended::Damaged(error)),
            Err(StreamError::Io(e)) => Err(Ended::Damaged(e)),
            Err(StreamError::Output(e)) => Err(Ended::Output(e)),
            Err(other) => Err(Ended::Output(io::Error::other(other))),
        }
    }

    fn done(&self) -> bool {
        self.limiter.done()
    }
}

pub(super) fn table(
    inputs: &[PathBuf],
    out: &TableOutput,
    table: Table,
    opts: &Options,
) -> ExitCode {
    let msgs = Messages { json: opts.json };
    let threads = opts.threads();
    let output = out.output.as_deref();
    let is_dir = output.is_some_and(|p| {
        p.is_dir()
            || p.as_os_str()
                .to_string_lossy()
                .ends_with(std::path::MAIN_SEPARATOR)
    });
    // A directory has no extension to tell the format: Parquet, which every engine that
    // reads Hive folders and directories of files expects.
    let format = out.format.unwrap_or(if is_dir {
        Format::Parquet
    } else {
        output.and_then(Format::of_path).unwrap_or(Format::Csv)
    });
    let selection = match out.select.selection(out, opts).and_then(|s| {
        s.check_table(table)
            .map(|()| s)
            .map_err(|e| format!("--{e}"))
    }) {
        Ok(s) => s,
        Err(e) => return msgs.usage(&e),
    };
    let layout = selection.rows.layout;
    if out.partition.is_some() && (!is_dir || table == Table::Moves) {
        return msgs.usage("--partition writes a games table to a directory: -o DIR/");
    }
    let mut sink = TableSink {
        table,
        layout,
        format,
        partition: out.partition,
        dir: None,
        single: None,
        current: None,
        used_names: Default::default(),
        rows: 0,
        threads,
    };
    if is_dir {
        let dir = output.map(Path::to_path_buf).unwrap_or_default();
        if let Err(e) = std::fs::create_dir_all(&dir) {
            return msgs.usage(&format!("{}: {e}", dir.display()));
        }
        sink.dir = Some(dir);
    } else {
        let w = open_output(output).and_then(|o| TableOut::new(o, table, layout, format, threads));
        match w {
            Ok(w) => sink.single = Some(w),
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return ExitCode::SUCCESS,
            Err(e) => {
                return msgs.usage(&format!(
                    "{}: {e}",
                    output.map_or_else(String::new, display)
                ))
            }
        }
    }
    let mut options = BatchOptions::new(table);
    options.selection = selection;
    let mut job = TablesJob {
        limiter: Limiter::new(&options.selection),
        options,
    };
    let mut outcome = run_inputs(inputs, opts, &msgs, &mut job, &mut sink);
    let flushed = match sink.single.take() {
        Some(w) => w.finish(),
        None => Ok(()),
    };
    finish_output(&mut outcome, flushed);
    if outcome.closed {
        return ExitCode::SUCCESS;
    }
    let what = match table {
        Table::Games => "rows (a row per game)",
        Table::Moves => "rows (a row per move)",
    };
    summary(&msgs, what, sink.rows, &outcome, opts);
    outcome.status()
}

// ---- filter ----

pub(super) fn filter(
    inputs: &[PathBuf],
    output: Option<&Path>,
    tests: &FilterArgs,
    opts: &Options,
) -> ExitCode {
    let msgs = Messages { json: opts.json };
    let filter = match tests.filter() {
        Ok(f) => f,
        Err(e) => return msgs.usage(&e),
    };
    let out = match open_output(output) {
        Ok(o) => o,
        Err(e) => {
            return msgs.usage(&format!(
                "{}: {e}",
                output.map_or_else(String::new, display)
            ))
        }
    };
    struct FilterSink {
        out: Box<dyn Write + Send>,
        dedup: Option<Dedup>,
        kept: u64,
    }
    impl Sink<Vec<(u128, Vec<u8>)>> for FilterSink {
        fn write(&mut self, games: Vec<(u128, Vec<u8>)>) -> io::Result<()> {
            for (key, text) in games {
                if let Some(d) = &mut self.dedup {
                    if !d.first(key) {
                        continue;
                    }
                }
                self.kept += 1;
                self.out.write_all(&text)?;
            }
            Ok(())
        }
    }
    let mut sink = FilterSink {
        out,
        dedup: tests.dedup.then(Dedup::new),
        kept: 0,
    };
    let mode = opts.mode();
    type Out = (
        GameRecord,
        (chessbits_pgn::Game, Vec<chessbits_pgn::ReadError>),
    );
    let mut job = PipelineJob {
        make_visitor: || Both::new(RecordCollector::with_tags(), GameBuilder::new()),
        work: |_: &str, batch: Vec<Out>| {
            let mut report = Report::default();
            let mut kept = Vec::new();
            for (record, (game, _)) in &batch {
                let verdict = filter.test(record, mode);
                report.add_game(record, verdict.moves, verdict.error);
                if verdict.keep {
                    let mut text = Vec::with_capacity(1024);
                    chessbits_pgn::write_game(game, &mut text);
                    kept.push((verdict.key, text));
                }
            }
            (report, kept)
        },
    };
    let mut outcome = run_inputs(inputs, opts, &msgs, &mut job, &mut sink);
    finish_output(&mut outcome, sink.out.flush());
    if outcome.closed {
        return ExitCode::SUCCESS;
    }
    summary(&msgs, "games kept and written", sink.kept, &outcome, opts);
    outcome.status()
}
