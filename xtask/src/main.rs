//! Developer tasks for the workspace, run as `cargo xtask <task>` (an alias in
//! `.cargo/config.toml`).
//!
//! - `cargo xtask gen-tables [--check]`: search the magic multipliers for the sliding-attack
//!   tables and write `crates/attack-tables/src/magics.rs` (or, with `--check`, fail when the
//!   committed file differs from what the search produces).
//! - `cargo xtask bench [--quick]`: run the criterion benchmarks of the `benches` package,
//!   with a progress line per experiment and each table printed as its experiment finishes
//!   (criterion's own output goes to `target/bench-report/criterion.log`), then the whole
//!   markdown report (also written to `target/bench-report/report.md`), with the
//!   `chessbits pgn` scale figures on the shared master games when they are there. A full
//!   run (not `--quick`) also writes the figures to `docs/BENCHMARKS.md`.
//! - `cargo xtask fuzz [--seconds N] [--codegen-units N]`: run every cargo-fuzz target of
//!   `fuzz/` for N seconds (nightly and cargo-fuzz needed) and print executions and coverage
//!   per target.

mod analyse_bench;
mod bench;
mod chart;
mod experiments;
mod fens_python;
mod fuzz;
mod gen_tables;
mod methods_report;
mod perft_scale;
mod pgn_scale;
mod progress;
mod python_bench;
#[cfg(test)]
mod readme;
mod results;
mod runner;
mod syzygy_python;
mod table;
mod wasm_bench;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Errors of a task: a message for the terminal.
pub(crate) type Error = Box<dyn std::error::Error>;

const USAGE: &str = "\
usage: cargo xtask <task> [options]

tasks:
  gen-tables [--check]   search magic numbers and write crates/attack-tables/src/magics.rs;
                         --check fails if the committed file is stale
  bench [--quick]        run the benchmarks (about 10 minutes on 2 cores), printing progress
                         and each table as it is ready; writes target/bench-report/report.md
                         and docs/BENCHMARKS.md (criterion's output:
                         target/bench-report/criterion.log);
                         --quick: a smoke run of a few minutes, rough figures, written to
                         target/bench-report/report.md only
  fuzz [--seconds N] [--codegen-units N]
                         run every fuzz target of fuzz/ for N seconds each (default 60);
                         needs a nightly toolchain and cargo-fuzz; --codegen-units (cargo
                         fuzz's, default 1) trades the targets' speed for a faster build
  fuzz --available       exit 0 if fuzzing can run here, else print why and exit 1
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: &[String]) -> Result<(), Error> {
    let (task, options) = match args.split_first() {
        Some((task, options)) => (task.as_str(), options),
        None => {
            eprint!("{USAGE}");
            return Err("no task given".into());
        }
    };
    let flag = |name: &str| options.iter().any(|o| o == name);
    if flag("--help") || flag("-h") {
        print!("{USAGE}");
        return Ok(());
    }
    let allowed: &[&str] = match task {
        "gen-tables" => &["--check"],
        "bench" => &["--quick"],
        "fuzz" => &["--seconds", "--codegen-units", "--available"],
        "help" | "--help" | "-h" => {
            print!("{USAGE}");
            return Ok(());
        }
        other => {
            eprint!("{USAGE}");
            return Err(format!("unknown task `{other}`").into());
        }
    };
    if task == "fuzz" {
        return run_fuzz(options);
    }
    if let Some(bad) = options.iter().find(|o| !allowed.contains(&o.as_str())) {
        return Err(format!("unknown option `{bad}` for `{task}`").into());
    }
    match task {
        "gen-tables" => gen_tables::run(flag("--check")),
        _ => bench::run(flag("--quick")),
    }
}

/// `fuzz [--seconds N] [--codegen-units N] | fuzz --available`.
fn run_fuzz(options: &[String]) -> Result<(), Error> {
    if let [flag] = options {
        if flag == "--available" {
            return fuzz::available().map_err(Into::into);
        }
    }
    let usage = || {
        format!(
            "usage: cargo xtask fuzz [--seconds N] [--codegen-units N] | --available, \
             not {options:?}"
        )
    };
    let mut seconds = 60;
    let mut codegen_units = None;
    for pair in options.chunks(2) {
        let [flag, n] = pair else {
            return Err(usage().into());
        };
        let number = n
            .parse()
            .map_err(|_| format!("{flag} takes a whole number, not `{n}`"))?;
        match flag.as_str() {
            "--seconds" => seconds = number,
            "--codegen-units" => codegen_units = Some(number),
            _ => return Err(usage().into()),
        }
    }
    fuzz::run(seconds, codegen_units)
}

/// The workspace root (the parent of this package's directory).
pub(crate) fn workspace_root() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().unwrap_or(manifest).to_path_buf()
}
