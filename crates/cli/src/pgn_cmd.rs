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

use std::process::ExitCode;

use chessbits_tables::Table;

pub(crate) use crate::pgn_args::{PgnCommand, EXIT_STATUS};
use crate::pgn_jobs::{check, fens, filter, table};

/// Runs a `pgn` subcommand.
pub(crate) fn run(cmd: PgnCommand) -> ExitCode {
    match cmd {
        PgnCommand::Check {
            inputs,
            select,
            opts,
        } => check(&inputs, &select, &opts),
        PgnCommand::Fens {
            inputs,
            output,
            select,
            opts,
        } => fens(&inputs, output.as_deref(), &select, &opts),
        PgnCommand::Games { inputs, out, opts } => table(&inputs, &out, Table::Games, &opts),
        PgnCommand::Moves { inputs, out, opts } => table(&inputs, &out, Table::Moves, &opts),
        PgnCommand::Filter {
            inputs,
            output,
            select,
            opts,
        } => filter(&inputs, output.as_deref(), &select, &opts),
    }
}
