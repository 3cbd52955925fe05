//! The machine and the build a run measures, as the report's opening names them: the CPU,
//! its cores and BMI2, the compiler, the date and the commit.

use std::path::Path;
use std::process::Command;
use std::time::{SystemTime, UNIX_EPOCH};

use crate::Error;

/// What the figures of a run were measured on.
#[derive(Clone, Debug)]
pub(super) struct Machine {
    /// The CPU's model name.
    pub(super) cpu: String,
    /// The threads the process may run at once.
    pub(super) cores: usize,
    /// Whether the CPU has BMI2.
    pub(super) cpu_bmi2: bool,
    /// Whether the benchmarks are compiled with BMI2.
    pub(super) build_bmi2: bool,
    /// `rustc --version`.
    pub(super) rustc: String,
    /// The date and time (UTC) the run started.
    pub(super) date: String,
    /// The commit measured (`git rev-parse --short HEAD`), and whether the tree had changes.
    pub(super) commit: String,
}

impl Machine {
    /// This machine, for a build with the `RUSTFLAGS` `native` (see `build::native_build`).
    pub(super) fn describe(root: &Path, native: Option<&str>) -> Result<Self, Error> {
        let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
        Ok(Machine {
            cpu: cpu_model(&cpuinfo)
                .unwrap_or("unknown CPU (no /proc/cpuinfo model name)")
                .to_owned(),
            cores: cores(),
            cpu_bmi2: cpu_has_flag(&cpuinfo, "bmi2"),
            build_bmi2: build_has_bmi2(native)?,
            rustc: command_output("rustc", &["--version"]).unwrap_or_else(|| "rustc ?".to_owned()),
            date: utc_date_time(SystemTime::now()),
            commit: commit(root),
        })
    }
}

fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The first `model name` of a `/proc/cpuinfo` text.
fn cpu_model(cpuinfo: &str) -> Option<&str> {
    cpuinfo.lines().find_map(|line| {
        let (key, value) = line.split_once(':')?;
        (key.trim() == "model name").then(|| value.trim())
    })
}

/// Whether the first `flags` line of a `/proc/cpuinfo` text lists `flag`.
pub(super) fn cpu_has_flag(cpuinfo: &str, flag: &str) -> bool {
    cpuinfo
        .lines()
        .filter_map(|line| line.split_once(':'))
        .find(|(key, _)| key.trim() == "flags")
        .is_some_and(|(_, flags)| flags.split_whitespace().any(|f| f == flag))
}

/// Whether the benchmarks are compiled with BMI2: asks `rustc --print cfg` with the same
/// `RUSTFLAGS` cargo will pass (target-cpu or target-feature flags enable it).
fn build_has_bmi2(native: Option<&str>) -> Result<bool, Error> {
    let mut args: Vec<String> = vec!["--print".into(), "cfg".into()];
    if let Some(flags) = native {
        args.extend(flags.split_whitespace().map(String::from));
    } else if let Ok(encoded) = std::env::var("CARGO_ENCODED_RUSTFLAGS") {
        args.extend(
            encoded
                .split('\x1f')
                .filter(|a| !a.is_empty())
                .map(String::from),
        );
    } else if let Ok(flags) = std::env::var("RUSTFLAGS") {
        args.extend(flags.split_whitespace().map(String::from));
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let cfg = command_output("rustc", &args).ok_or("cannot run `rustc --print cfg`")?;
    Ok(cfg.lines().any(|l| l.trim() == "target_feature=\"bmi2\""))
}

/// The trimmed standard output of a successful command, or `None`.
fn command_output(program: &str, args: &[&str]) -> Option<String> {
    let output = Command::new(program).args(args).output().ok()?;
    output
        .status
        .success()
        .then(|| String::from_utf8_lossy(&output.stdout).trim().to_owned())
}

/// The short hash of `HEAD`, with a note when tracked files differ from it.
fn commit(root: &Path) -> String {
    let root = root.to_string_lossy();
    let Some(hash) = command_output("git", &["-C", &root, "rev-parse", "--short", "HEAD"]) else {
        return "unknown (not a git checkout)".to_owned();
    };
    let changed = command_output(
        "git",
        &["-C", &root, "status", "--porcelain", "--untracked-files=no"],
    )
    .is_some_and(|status| !status.is_empty());
    if changed {
        format!("{hash} with uncommitted changes")
    } else {
        hash
    }
}

/// `YYYY-MM-DD HH:MM UTC` of a time (the proleptic Gregorian calendar, from the days since
/// 1970 by Howard Hinnant's `civil_from_days`).
fn utc_date_time(t: SystemTime) -> String {
    let secs = t.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let (days, rest) = (secs / 86_400, secs % 86_400);
    let z = days + 719_468;
    let era = z / 146_097;
    let doe = z % 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + u64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02} UTC",
        rest / 3_600,
        rest % 3_600 / 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    const CPUINFO: &str =
        "processor\t: 0\nmodel name\t: Example CPU 9000\nflags\t\t: fpu sse2 bmi1 bmi2 avx2\n";

    #[test]
    fn reads_cpuinfo() {
        assert_eq!(cpu_model(CPUINFO), Some("Example CPU 9000"));
        assert!(cpu_has_flag(CPUINFO, "bmi2"));
        assert!(!cpu_has_flag(CPUINFO, "bmi"));
        assert_eq!(cpu_model(""), None);
    }

    #[test]
    fn writes_dates_in_utc() {
        let at = |secs| utc_date_time(UNIX_EPOCH + Duration::from_secs(secs));
        assert_eq!(at(0), "1970-01-01 00:00 UTC");
        assert_eq!(at(951_782_400), "2000-02-29 00:00 UTC");
        assert_eq!(at(1_795_525_500), "2026-11-24 13:05 UTC");
    }
}
