//! `cargo xtask fuzz [--seconds N] [--codegen-units N]`: build every cargo-fuzz target of
//! `fuzz/` and run each for N seconds (default 60), starting from its committed seed corpus
//! (`fuzz/corpus/<target>`; new inputs go to `target/fuzz-corpus/<target>`, so the
//! committed seeds stay small), as many at once as there are cores, each one's log in
//! `target/fuzz-logs/<target>.log`. Prints executions, speed and coverage per target and
//! fails when a target finds a crash (libFuzzer leaves the input in
//! `fuzz/artifacts/<target>`).
//!
//! Needs a nightly toolchain and cargo-fuzz (`cargo install cargo-fuzz`); says so and fails
//! when either is missing.

use std::path::Path;
use std::process::Command;

use crate::{workspace_root, Error};

/// One target's run, from libFuzzer's final statistics.
struct Outcome {
    target: String,
    runs: u64,
    seconds: u64,
    coverage: u64,
    features: u64,
    corpus: u64,
    crashed: bool,
}

/// Whether `cargo +nightly fuzz` can run here; `Err` says what is missing.
pub(crate) fn available() -> Result<(), String> {
    let nightly = Command::new("cargo")
        .args(["+nightly", "--version"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !nightly {
        return Err("no nightly toolchain (rustup toolchain install nightly)".into());
    }
    let fuzz = Command::new("cargo")
        .args(["+nightly", "fuzz", "--version"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !fuzz {
        return Err("cargo-fuzz is not installed (cargo install cargo-fuzz)".into());
    }
    Ok(())
}

/// The targets: one file each in `fuzz/fuzz_targets`.
fn targets(root: &Path) -> Result<Vec<String>, Error> {
    let mut names = Vec::new();
    for entry in std::fs::read_dir(root.join("fuzz/fuzz_targets"))? {
        let path = entry?.path();
        if path.extension().is_some_and(|e| e == "rs") {
            if let Some(stem) = path.file_stem().and_then(|s| s.to_str()) {
                names.push(stem.to_string());
            }
        }
    }
    names.sort();
    Ok(names)
}

/// Builds every target (at `codegen_units`, cargo-fuzz's default of 1 when `None`) and runs
/// each for `seconds`.
pub(crate) fn run(seconds: u64, codegen_units: Option<u64>) -> Result<(), Error> {
    available().map_err(|why| format!("cannot fuzz: {why}"))?;
    let root = workspace_root();
    let targets = targets(&root)?;
    // The same build options for `build` and each `run`, which would otherwise build again.
    let build_options: Vec<String> = codegen_units
        .map(|n| vec!["--codegen-units".to_owned(), n.to_string()])
        .unwrap_or_default();
    eprintln!("== cargo +nightly fuzz build ({} targets)", targets.len());
    let status = Command::new("cargo")
        .args(["+nightly", "fuzz", "build"])
        .args(&build_options)
        .current_dir(&root)
        .status()?;
    if !status.success() {
        return Err("cargo fuzz build failed".into());
    }
    // One run per core at a time (each libFuzzer run is one process on one core), its
    // log in a file rather than a pipe, so that no run waits on a pipe nobody reads.
    let at_once = std::thread::available_parallelism().map_or(1, usize::from);
    let logs = root.join("target/fuzz-logs");
    std::fs::create_dir_all(&logs)?;
    let mut outcomes = Vec::new();
    for group in targets.chunks(at_once) {
        let mut running = Vec::new();
        for target in group {
            let work = root.join("target/fuzz-corpus").join(target);
            std::fs::create_dir_all(&work)?;
            let seeds = root.join("fuzz/corpus").join(target);
            let log_path = logs.join(format!("{target}.log"));
            eprintln!("== {target}: {seconds} s");
            let child = Command::new("cargo")
                .args(["+nightly", "fuzz", "run"])
                .args(&build_options)
                .arg(target.as_str())
                .arg(&work)
                .arg(&seeds)
                .arg("--")
                .arg(format!("-max_total_time={seconds}"))
                .arg("-print_final_stats=1")
                .current_dir(&root)
                .stdout(std::process::Stdio::null())
                .stderr(std::fs::File::create(&log_path)?)
                .spawn()?;
            running.push((target, child, log_path));
        }
        for (target, mut child, log_path) in running {
            let status = child.wait()?;
            let log = String::from_utf8_lossy(&std::fs::read(&log_path)?).into_owned();
            let outcome = parse(target, &log, !status.success());
            if outcome.crashed {
                eprintln!("{log}");
            }
            outcomes.push(outcome);
        }
    }
    println!("| target | executions | seconds | executions/s | coverage (edges) | features | corpus | result |");
    println!("|---|---:|---:|---:|---:|---:|---:|---|");
    for o in &outcomes {
        println!(
            "| {} | {} | {} | {} | {} | {} | {} | {} |",
            o.target,
            o.runs,
            o.seconds,
            o.runs / o.seconds.max(1),
            o.coverage,
            o.features,
            o.corpus,
            if o.crashed { "CRASH" } else { "ok" }
        );
    }
    let crashed: Vec<&str> = outcomes
        .iter()
        .filter(|o| o.crashed)
        .map(|o| o.target.as_str())
        .collect();
    if crashed.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "crashes in {} (inputs in fuzz/artifacts)",
            crashed.join(", ")
        )
        .into())
    }
}

/// Reads libFuzzer's log: the last status line (`#N ... cov: C ft: F corp: K/...`) and the
/// final statistics (`stat::number_of_executed_units`, `Done N runs in S second(s)`).
fn parse(target: &str, log: &str, failed: bool) -> Outcome {
    let mut o = Outcome {
        target: target.to_string(),
        runs: 0,
        seconds: 0,
        coverage: 0,
        features: 0,
        corpus: 0,
        crashed: failed,
    };
    let after = |line: &str, key: &str| -> Option<u64> {
        let rest = &line[line.find(key)? + key.len()..];
        let digits: String = rest
            .trim_start()
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        digits.parse().ok()
    };
    for line in log.lines() {
        if line.starts_with('#') {
            o.coverage = after(line, "cov:").unwrap_or(o.coverage);
            o.features = after(line, "ft:").unwrap_or(o.features);
            o.corpus = after(line, "corp:").unwrap_or(o.corpus);
        }
        if let Some(n) = after(line, "stat::number_of_executed_units:") {
            o.runs = n;
        }
        if line.starts_with("Done ") {
            o.runs = after(line, "Done").unwrap_or(o.runs);
            o.seconds = after(line, "runs in").unwrap_or(o.seconds);
        }
    }
    o
}
