//! Developer tasks for the workspace, run as `cargo xtask <task>` (an alias in
//! `.cargo/config.toml`).
//!
//! - `cargo xtask gen-tables [--check]`: search the magic multipliers for the sliding-attack
//!   tables and write `crates/attack-tables/src/magics.rs` (or, with `--check`, fail when the
//!   committed file differs from what the search produces).
//! - `cargo xtask bench [--quick]`: run the criterion benchmarks of the `benches` package and
//!   print a markdown report (also written to `target/bench-report/report.md`), with the
//!   `chessbits pgn` scale figures on the shared master games when they are there.

mod bench;
mod chart;
mod gen_tables;
mod methods_report;
mod pgn_scale;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Errors of a task: a message for the terminal.
pub(crate) type Error = Box<dyn std::error::Error>;

const USAGE: &str = "\
usage: cargo xtask <task> [options]

tasks:
  gen-tables [--check]   search magic numbers and write crates/attack-tables/src/magics.rs;
                         --check fails if the committed file is stale
  bench [--quick]        run the criterion benchmarks and write target/bench-report/report.md;
                         --quick uses short warm-up and measurement times
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
    let allowed: &[&str] = match task {
        "gen-tables" => &["--check"],
        "bench" => &["--quick"],
        "help" | "--help" | "-h" => {
            print!("{USAGE}");
            return Ok(());
        }
        other => {
            eprint!("{USAGE}");
            return Err(format!("unknown task `{other}`").into());
        }
    };
    if let Some(bad) = options.iter().find(|o| !allowed.contains(&o.as_str())) {
        return Err(format!("unknown option `{bad}` for `{task}`").into());
    }
    match task {
        "gen-tables" => gen_tables::run(flag("--check")),
        _ => bench::run(flag("--quick")),
    }
}

/// The workspace root (the parent of this package's directory).
pub(crate) fn workspace_root() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().unwrap_or(manifest).to_path_buf()
}
