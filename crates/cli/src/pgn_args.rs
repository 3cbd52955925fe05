//! The arguments of `chessbits pgn`: the subcommands, the options every one takes, and the
//! selection's options, built from the library's one list of them
//! ([`chessbits_tables::selection::OPTIONS`]) and read back into a [`Selection`] by the
//! library's one reader of a selection's text ([`Selection::set`]).

use std::path::PathBuf;

use chessbits_pgn::SanMode;
use chessbits_tables::selection::{option_named, SelectionOption, OPTIONS};
use chessbits_tables::{Layout, Selection, Table};
use clap::{Arg, ArgAction, ArgMatches, Args, Command, FromArgMatches, Subcommand};

use crate::pgn_table::{Format, Partition, SchemaArg};

/// The exit statuses, as `--help` shows them.
pub(crate) const EXIT_STATUS: &str = "\
Inputs: paths, or - for standard input; plain, zstd or gzip PGN (recognised from the first bytes).
Errors go to stderr as they are found (--json: one JSON object per line).

Exit status:
  0  every game read and replayed without error
  1  some games had errors (each reported on stderr)
  2  usage error (bad arguments, an output that cannot be created)
  3  an input could not be read or is damaged (the games before the damage are kept and
     the other inputs are still read), or the output could not be written
  101  a bug: a thread panicked (reported on stderr)";

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
        select: SelectArgs,
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
        select: SelectArgs,
        #[command(flatten)]
        opts: Options,
    },
    /// A row per game: its tags, typed columns, the moves in SAN and UCI, clocks, evals and
    /// errors (the columns are listed below). `--schema lichess`: the columns of the Hugging
    /// Face dataset Lichess/standard-chess-games.
    #[command(after_help = columns_help(Table::Games))]
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
    #[command(after_help = columns_help(Table::Moves))]
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
        select: SelectArgs,
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
    pub(crate) output: Option<PathBuf>,
    /// csv, ndjson, arrow or parquet (default: from the output's extension, else csv).
    #[arg(long, value_enum)]
    pub(crate) format: Option<Format>,
    /// The columns: default, or lichess (the Hugging Face dataset
    /// Lichess/standard-chess-games: its names and Arrow types; games only).
    #[arg(long, value_enum, default_value = "default")]
    schema: SchemaArg,
    /// Spread the rows over Hive folders year=YYYY/month=MM/ under the output directory
    /// (by UTCDate, else Date), which DuckDB, Polars and Spark prune on.
    #[arg(long, value_enum)]
    pub(crate) partition: Option<Partition>,
    /// The encoding of tag text that is not UTF-8 (a WHATWG label: windows-1252,
    /// iso-8859-2, shift_jis...).
    #[arg(long, default_value = "windows-1252")]
    encoding: String,
    #[command(flatten)]
    pub(crate) select: SelectArgs,
}

impl TableOutput {
    /// The selection of a table: the tests, the row options, and the columns checked
    /// against `table`.
    pub(crate) fn selection(&self, table: Table, opts: &Options) -> Result<Selection, String> {
        let mut pairs = self.select.pairs.clone();
        pairs.push(("schema", self.schema.name().to_owned()));
        pairs.push(("encoding", self.encoding.clone()));
        let selection = selection(pairs, opts)?;
        selection.check_table(table).map_err(|e| format!("--{e}"))?;
        Ok(selection)
    }
}

/// The options of [`OPTIONS`] that [`SelectArgs`] takes: which games (the row options are
/// [`TableOutput`]'s and [`Options`]').
fn selects(option: &SelectionOption) -> bool {
    !matches!(option.name, "schema" | "encoding" | "strict")
}

/// Which games are worked: the selection's options as given, (name, text) pairs in the
/// order of [`OPTIONS`]. Its arguments are made from that list, not written here.
#[derive(Clone, Debug, Default)]
pub(crate) struct SelectArgs {
    pairs: Vec<(&'static str, String)>,
}

impl SelectArgs {
    /// The selection these arguments and `opts` ask for.
    pub(crate) fn selection(&self, opts: &Options) -> Result<Selection, String> {
        selection(self.pairs.clone(), opts)
    }
}

/// A selection from `pairs` and `opts`' `--strict`, read by the library's one reader of a
/// selection's text; an error names the option as the command line spells it.
fn selection(mut pairs: Vec<(&'static str, String)>, opts: &Options) -> Result<Selection, String> {
    pairs.push(("strict", opts.strict.to_string()));
    Selection::from_pairs(pairs).map_err(|e| {
        let long = option_named(&e.name).map_or(e.name.as_str(), |o| o.long);
        format!("--{long} {:?}: {}", e.value, e.reason)
    })
}

impl Args for SelectArgs {
    fn augment_args(cmd: Command) -> Command {
        OPTIONS.iter().filter(|o| selects(o)).fold(cmd, |cmd, o| {
            // Without the closing period, as clap's derive writes a doc comment.
            let about = o.about.strip_suffix('.').unwrap_or(o.about);
            let arg = Arg::new(o.name).long(o.long).help(about);
            let arg = match (o.value, o.repeated) {
                (None, _) => arg.action(ArgAction::SetTrue),
                (Some(value), repeated) => arg
                    .value_name(value)
                    .allow_hyphen_values(value == "RESULT")
                    .action(if repeated {
                        ArgAction::Append
                    } else {
                        ArgAction::Set
                    }),
            };
            cmd.arg(match o.default {
                Some(default) => arg.default_value(default),
                None => arg,
            })
        })
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        Self::augment_args(cmd)
    }
}

impl FromArgMatches for SelectArgs {
    fn from_arg_matches(matches: &ArgMatches) -> Result<SelectArgs, clap::Error> {
        let mut pairs = Vec::new();
        for o in OPTIONS.iter().filter(|o| selects(o)) {
            if o.value.is_none() {
                if matches.get_flag(o.name) {
                    pairs.push((o.name, "true".to_owned()));
                }
            } else if let Some(values) = matches.get_many::<String>(o.name) {
                pairs.extend(values.map(|v| (o.name, v.clone())));
            }
        }
        Ok(SelectArgs { pairs })
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = SelectArgs::from_arg_matches(matches)?;
        Ok(())
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
    pub(crate) json: bool,
    /// Never show the progress bar.
    #[arg(long)]
    pub(crate) no_progress: bool,
}

impl Options {
    /// The threads asked for (every core by default).
    pub(crate) fn threads(&self) -> usize {
        self.threads
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
            .max(1)
    }

    /// How SAN is read.
    pub(crate) fn mode(&self) -> SanMode {
        if self.strict {
            SanMode::Strict
        } else {
            SanMode::Lenient
        }
    }
}

/// `--help`'s list of a table's columns (from the library's one list of them), then the
/// exit statuses.
pub(crate) fn columns_help(table: Table) -> String {
    let mut help = String::new();
    let layouts: &[(Layout, &str)] = match table {
        Table::Games => &[
            (Layout::Default, "Columns"),
            (Layout::Lichess, "Columns with --schema lichess"),
        ],
        Table::Moves => &[(Layout::Default, "Columns")],
    };
    for (layout, title) in layouts {
        help.push_str(title);
        help.push_str(":\n");
        let columns = chessbits_tables::columns::describe(table, *layout);
        let width = columns.iter().map(|(n, _)| n.len()).max().unwrap_or(0);
        for (name, about) in columns {
            help.push_str(&format!("  {name:width$}  {about}\n"));
        }
        help.push('\n');
    }
    help.push_str(EXIT_STATUS);
    help
}
