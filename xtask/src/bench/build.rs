//! Building what `cargo xtask bench` runs: the command line and its PGN peer, then the bench
//! executables, with the `bench` profile (the release profile without overflow checks, for
//! our crates and the peers alike) in a target directory of their own, for this CPU when it
//! has BMI2.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use super::machine::cpu_has_flag;
use crate::progress::clock;
use crate::Error;

/// What [`build`] gives: the path of each bench executable, by target name, and of each
/// program of [`crate::pgn_scale::PROGRAMS`], in order.
pub(super) struct Built {
    pub(super) executables: BTreeMap<String, PathBuf>,
    pub(super) programs: Vec<PathBuf>,
}

/// Builds the programs of the PGN figures ([`crate::pgn_scale::PROGRAMS`]), then the bench
/// executables, with the `bench` profile in the same target directory (cargo's progress on
/// the terminal).
///
/// Two cargo runs, not one: a run that builds any bench target resolves the features of the
/// dev-dependencies of every package it builds, so the command line built beside the
/// benchmarks got the `arrow` feature of its test-only `parquet` dependency (and Arrow's
/// crates, over three minutes of one core's compilation, for code the program never calls).
/// Built alone, the programs are what `cargo build --release` gives users; the crates the
/// second run shares with them (same features) are not compiled again.
///
/// The second run leaves out the `benches` package's default feature `programs` (its peer
/// programs and the crates only they use: Arrow and parquet). A run that builds a package's
/// bench targets also builds its programs, and there the dev-dependencies change the hash of
/// every crate under a derive macro (shakmaty-syzygy's `tracing` gives `syn` more features):
/// Arrow and parquet were compiled again, about 3 minutes of one core, for programs that the
/// first run had built.
pub(super) fn build(
    root: &Path,
    build_dir: &Path,
    native: Option<&str>,
    targets: &[&str],
) -> Result<Built, Error> {
    let started = std::time::Instant::now();
    let mut programs_args = Vec::new();
    for (package, bin) in crate::pgn_scale::PROGRAMS {
        programs_args.extend(["--package", package, "--bin", bin]);
    }
    let mut bins = cargo_build(root, build_dir, native, &programs_args)?;
    let mut bench_args = vec!["--package", "benches", "--no-default-features"];
    for target in targets {
        bench_args.extend(["--bench", target]);
    }
    let mut executables = BTreeMap::new();
    for (kind, name, exe) in cargo_build(root, build_dir, native, &bench_args)? {
        if kind == Kind::Bench {
            executables.insert(name, exe);
        }
    }
    eprintln!(
        "Built the programs and the benchmarks in {}",
        clock(started.elapsed())
    );
    let programs = crate::pgn_scale::PROGRAMS
        .iter()
        .map(|(_, bin)| {
            bins.iter()
                .position(|(kind, name, _)| *kind == Kind::Bin && name == bin)
                .map(|i| bins.swap_remove(i).2)
                .ok_or_else(|| format!("cargo built no executable `{bin}`").into())
        })
        .collect::<Result<Vec<PathBuf>, Error>>()?;
    Ok(Built {
        executables,
        programs,
    })
}

/// Runs `cargo build --profile bench` with `args` into `build_dir`; returns the (kind, target
/// name, executable) of every bench or bin executable it reports.
fn cargo_build(
    root: &Path,
    build_dir: &Path,
    native: Option<&str>,
    args: &[&str],
) -> Result<Vec<(Kind, String, PathBuf)>, Error> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let mut cmd = Command::new(cargo);
    cmd.current_dir(root)
        .args(["build", "--profile", "bench"])
        .args(args)
        .args(["--message-format", "json-render-diagnostics"]);
    cmd.env("CARGO_TARGET_DIR", build_dir);
    if let Some(flags) = native {
        cmd.env("RUSTFLAGS", flags);
    }
    let mut child = cmd
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run cargo build: {e}"))?;
    let mut built = Vec::new();
    if let Some(out) = child.stdout.take() {
        for line in BufReader::new(out).lines() {
            let line = line.map_err(|e| format!("cannot read cargo's output: {e}"))?;
            built.extend(executable(&line));
        }
    }
    let status = child
        .wait()
        .map_err(|e| format!("cannot wait for cargo build: {e}"))?;
    if !status.success() {
        return Err(format!("cargo build {} failed ({status})", args.join(" ")).into());
    }
    Ok(built)
}

/// The kind of target of an executable cargo built.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Kind {
    Bench,
    Bin,
}

/// The (kind, target name, executable) of a bench or bin target in one line of cargo's
/// JSON messages.
fn executable(line: &str) -> Option<(Kind, String, PathBuf)> {
    let message: serde_json::Value = serde_json::from_str(line).ok()?;
    if message["reason"] != "compiler-artifact" {
        return None;
    }
    let target = &message["target"];
    let kinds = target["kind"].as_array()?;
    let kind = if kinds.iter().any(|k| k == "bench") {
        Kind::Bench
    } else if kinds.iter().any(|k| k == "bin") {
        Kind::Bin
    } else {
        return None;
    };
    let exe = message["executable"].as_str()?;
    Some((
        kind,
        target["name"].as_str().unwrap_or_default().to_owned(),
        exe.into(),
    ))
}

/// The `RUSTFLAGS` for a native build when this machine has BMI2 and the caller set no
/// flags of their own: PEXT exists only in builds for targets with BMI2.
pub(super) fn native_build() -> Option<String> {
    if std::env::var_os("RUSTFLAGS").is_some()
        || std::env::var_os("CARGO_ENCODED_RUSTFLAGS").is_some()
    {
        return None;
    }
    let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    cpu_has_flag(&cpuinfo, "bmi2").then(|| "-C target-cpu=native".to_owned())
}

/// `CARGO_TARGET_DIR` if set, else `<root>/target`.
pub(super) fn target_dir(root: &Path) -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) => root.join(dir),
        None => root.join("target"),
    }
}

/// Where the benchmarks are built: a directory of their own. The `bench` profile (no
/// overflow checks) writes its programs to `release/` as the release profile does (overflow
/// checks on, for the tests), and the two would replace each other's `chessbits`; a native
/// build rebuilds everything anyway (RUSTFLAGS differ).
pub(super) fn build_dir(root: &Path, native: Option<&str>) -> PathBuf {
    match native {
        Some(_) => target_dir(root).join("native"),
        None => target_dir(root).join("bench"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_executables_in_cargo_messages() {
        let line = r#"{"reason":"compiler-artifact","package_id":"path+file:///w/benches#0.0.0",
            "target":{"kind":["bench"],"crate_types":["bin"],"name":"perft","src_path":"/w/benches/benches/perft.rs"},
            "executable":"/w/target/release/deps/perft-0123"}"#
            .replace('\n', "");
        assert_eq!(
            executable(&line),
            Some((
                Kind::Bench,
                "perft".to_owned(),
                PathBuf::from("/w/target/release/deps/perft-0123")
            ))
        );
        let bin = r#"{"reason":"compiler-artifact","target":{"kind":["bin"],"name":"chessbits"},"executable":"/w/target/release/chessbits"}"#;
        assert_eq!(
            executable(bin),
            Some((
                Kind::Bin,
                "chessbits".to_owned(),
                PathBuf::from("/w/target/release/chessbits")
            ))
        );
        let lib = r#"{"reason":"compiler-artifact","target":{"kind":["lib"],"name":"benches"},"executable":null}"#;
        assert_eq!(executable(lib), None);
        assert_eq!(
            executable(r#"{"reason":"build-finished","success":true}"#),
            None
        );
        assert_eq!(executable("Compiling benches"), None);
    }
}
