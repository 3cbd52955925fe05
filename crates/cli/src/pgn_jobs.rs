//! The `pgn` subcommands: each reads its arguments into the library's selection and work
//! (`chessbits_tables::works`, the tables' `stream::Rows`), runs them through the
//! library's driver ([`crate::pgn_run::run`]) and writes what comes out: nothing but a
//! summary (`check`), CSV rows (`fens`), PGN (`filter`), or a table through the library's
//! writers (`games`, `moves`).

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use arrow_array::RecordBatch;
use arrow_schema::SchemaRef;
use chessbits_tables::stream::{Rows, RowsOut};
use chessbits_tables::works::{Check, Fens, Pgn, Texts};
use chessbits_tables::{Partitioned, Selection, Table};

use crate::pgn_args::{Options, SelectArgs, TableOutput};
use crate::pgn_run::{display, finish_output, open_output, run, summary, Messages, Sink};
use crate::pgn_table::{write_options, Format, Partition, TableOut};

/// Writes text to one output.
struct TextSink {
    out: Box<dyn Write + Send>,
}

impl Sink<Texts> for TextSink {
    fn write(&mut self, texts: Texts) -> io::Result<()> {
        self.out.write_all(texts.bytes())
    }
}

/// Counts the games written.
struct Counted<S> {
    sink: S,
    games: u64,
}

impl<S: Sink<Texts>> Sink<Texts> for Counted<S> {
    fn write(&mut self, texts: Texts) -> io::Result<()> {
        self.games += texts.games() as u64;
        self.sink.write(texts)
    }
}

/// `pgn check`: every game replayed; a summary per input on stdout.
pub(crate) fn check(inputs: &[PathBuf], select: &SelectArgs, opts: &Options) -> ExitCode {
    struct Nothing;
    impl Sink<()> for Nothing {
        fn write(&mut self, (): ()) -> io::Result<()> {
            Ok(())
        }
    }
    let msgs = Messages { json: opts.json };
    let selection = match select.selection(opts) {
        Ok(s) => s,
        Err(e) => return msgs.usage(&e),
    };
    let (outcome, Nothing) = run(
        inputs,
        &Check::new(opts.mode()),
        &selection,
        opts,
        &msgs,
        Nothing,
    );
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

/// The start of a job that writes text (`pgn fens`, `pgn filter`): its selection and its
/// output opened, or the usage error's exit status.
fn text_job(
    output: Option<&Path>,
    select: &SelectArgs,
    opts: &Options,
    msgs: &Messages,
) -> Result<(Selection, Box<dyn Write + Send>), ExitCode> {
    let selection = select.selection(opts).map_err(|e| msgs.usage(&e))?;
    let out = open_output(output).map_err(|e| {
        msgs.usage(&format!(
            "{}: {e}",
            output.map_or_else(String::new, display)
        ))
    })?;
    Ok((selection, out))
}

/// `pgn fens`: a `before_fen,san,after_fen` row per mainline move of each game selected.
pub(crate) fn fens(
    inputs: &[PathBuf],
    output: Option<&Path>,
    select: &SelectArgs,
    opts: &Options,
) -> ExitCode {
    let msgs = Messages { json: opts.json };
    let (selection, mut out) = match text_job(output, select, opts, &msgs) {
        Ok(started) => started,
        Err(code) => return code,
    };
    if let Err(e) = out.write_all(chessbits_tables::fens::fens_header().as_bytes()) {
        if e.kind() == io::ErrorKind::BrokenPipe {
            return ExitCode::SUCCESS;
        }
        return msgs.usage(&e.to_string());
    }
    let work = Fens::new(opts.mode());
    let (mut outcome, mut sink) = run(inputs, &work, &selection, opts, &msgs, TextSink { out });
    finish_output(&mut outcome, sink.out.flush());
    if outcome.closed {
        return ExitCode::SUCCESS;
    }
    let rows = outcome.totals().1;
    summary(&msgs, "rows (a row per move)", rows, &outcome, opts);
    outcome.status()
}

/// `pgn filter`: the games selected, as export-format PGN.
pub(crate) fn filter(
    inputs: &[PathBuf],
    output: Option<&Path>,
    select: &SelectArgs,
    opts: &Options,
) -> ExitCode {
    let msgs = Messages { json: opts.json };
    let (selection, out) = match text_job(output, select, opts, &msgs) {
        Ok(started) => started,
        Err(code) => return code,
    };
    let sink = Counted {
        sink: TextSink { out },
        games: 0,
    };
    let (mut outcome, mut sink) = run(
        inputs,
        &Pgn::new(opts.mode()),
        &selection,
        opts,
        &msgs,
        sink,
    );
    finish_output(&mut outcome, sink.sink.out.flush());
    if outcome.closed {
        return ExitCode::SUCCESS;
    }
    summary(&msgs, "games kept and written", sink.games, &outcome, opts);
    outcome.status()
}

/// Where table rows go: one writer for everything, or one file per input in a directory
/// (each spread over month folders with `--partition`). `pgn games`, `pgn moves` and
/// `analyse` open it the same way ([`TableSink::open`]).
pub(crate) struct TableSink {
    table: Table,
    schema: SchemaRef,
    format: Format,
    partition: Option<Partition>,
    dir: Option<PathBuf>,
    single: Option<TableOut>,
    current: Option<TableOut>,
    used_names: std::collections::HashSet<String>,
    pub(crate) rows: u64,
    /// Threads encoding Parquet.
    threads: usize,
}

/// Why a [`TableSink`] could not be opened.
pub(crate) enum OpenError {
    /// The output pipe is closed: the run ends quietly.
    Closed,
    /// A usage error (its message).
    Usage(String),
}

impl TableSink {
    /// The sink `out` names for `table`'s rows of `schema`: a directory (an existing one,
    /// or a path ending in /, created) gets one file per input named after it, Parquet
    /// unless `--format` says otherwise; else one file (or standard output) in the format
    /// of `--format`, else of its extension, else CSV.
    pub(crate) fn open(
        out: &TableOutput,
        table: Table,
        schema: SchemaRef,
        threads: usize,
    ) -> Result<TableSink, OpenError> {
        let output = out.output.as_deref();
        let is_dir = names_a_directory(output);
        // A directory has no extension to tell the format: Parquet, which every engine
        // that reads Hive folders and directories of files expects.
        let format = out.format.unwrap_or(if is_dir {
            Format::Parquet
        } else {
            output.and_then(Format::of_path).unwrap_or(Format::Csv)
        });
        if out.partition.is_some() && (!is_dir || table == Table::Moves) {
            return Err(OpenError::Usage(
                "--partition writes a games table to a directory: -o DIR/".into(),
            ));
        }
        let mut sink = TableSink {
            table,
            schema,
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
                return Err(OpenError::Usage(format!("{}: {e}", dir.display())));
            }
            sink.dir = Some(dir);
        } else {
            let w = open_output(output).and_then(|o| sink.writer(o));
            match w {
                Ok(w) => sink.single = Some(w),
                Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Err(OpenError::Closed),
                Err(e) => {
                    return Err(OpenError::Usage(format!(
                        "{}: {e}",
                        output.map_or_else(String::new, display)
                    )))
                }
            }
        }
        Ok(sink)
    }

    fn writer(&self, out: Box<dyn Write + Send>) -> io::Result<TableOut> {
        TableOut::new(
            out,
            self.schema.clone(),
            self.table,
            self.format,
            self.threads,
        )
    }

    fn file_name(&mut self, input: &Path) -> String {
        let stem = crate::pgn_table::stem(input);
        let mut name = format!("{stem}.{}", self.format.extension());
        let mut k = 2;
        while !self.used_names.insert(name.clone()) {
            name = format!("{stem}-{k}.{}", self.format.extension());
            k += 1;
        }
        name
    }

    /// Writes a batch of rows to the output of the input being written.
    pub(crate) fn write_batch(&mut self, batch: &RecordBatch) -> io::Result<()> {
        self.rows += batch.num_rows() as u64;
        let w = match (&mut self.current, &mut self.single) {
            (Some(w), _) | (None, Some(w)) => w,
            (None, None) => return Err(io::Error::other("no output open")),
        };
        w.write(batch)
    }

    /// Ends the table: the one output's (each input's is ended by [`Sink::end`]).
    pub(crate) fn finish(&mut self) -> io::Result<()> {
        let current = self.current.take().map_or(Ok(()), TableOut::finish);
        let single = self.single.take().map_or(Ok(()), TableOut::finish);
        current.and(single)
    }
}

/// Whether `-o` names a directory: an existing one, or a path ending in `/`.
pub(crate) fn names_a_directory(output: Option<&Path>) -> bool {
    output.is_some_and(|p| {
        p.is_dir()
            || p.as_os_str()
                .to_string_lossy()
                .ends_with(std::path::MAIN_SEPARATOR)
    })
}

impl Sink<RowsOut> for TableSink {
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
                    self.writer(out)?
                }
            });
        }
        Ok(())
    }

    fn write(&mut self, rows: RowsOut) -> io::Result<()> {
        self.write_batch(&rows.batch)
    }

    fn end(&mut self) -> io::Result<()> {
        match self.current.take() {
            Some(w) => w.finish(),
            None => Ok(()),
        }
    }
}

/// `pgn games` and `pgn moves`: the table's rows, written by the library's writers.
pub(crate) fn table(
    inputs: &[PathBuf],
    out: &TableOutput,
    table: Table,
    opts: &Options,
) -> ExitCode {
    let msgs = Messages { json: opts.json };
    let selection = match out.selection(table, opts) {
        Ok(s) => s,
        Err(e) => return msgs.usage(&e),
    };
    let schema = chessbits_tables::schema(table, selection.rows.layout);
    let sink = match TableSink::open(out, table, schema, opts.threads()) {
        Ok(s) => s,
        Err(OpenError::Closed) => return ExitCode::SUCCESS,
        Err(OpenError::Usage(e)) => return msgs.usage(&e),
    };
    let work = Rows {
        table,
        options: &selection.rows,
    };
    let (mut outcome, mut sink) = run(inputs, &work, &selection, opts, &msgs, sink);
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
