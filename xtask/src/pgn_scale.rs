//! The PGN scale figures of `cargo xtask bench`: `chessbits pgn check` with `--threads 2`
//! against `--threads 1`, Parquet export (`pgn games -o x.parquet`) against `pgn check` with
//! the same threads, and the peak memory of a multi-gigabyte stream through stdin, all on
//! the 145,716 master games of the shared data set (skipped with a notice when it is not
//! beside the clone). The runs are interleaved, round after round, and each figure is the
//! best of its rounds, so that a burst of load elsewhere does not pick the winner.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use crate::Error;

/// The master games, relative to the workspace root.
const MASTER: &str = "../shared/data/pgn/master/gnuchess-book_1.02.pgn.zst";

fn wall(cmd: &mut Command) -> Result<f64, Error> {
    let start = Instant::now();
    let status = cmd
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .map_err(|e| format!("cannot run {cmd:?}: {e}"))?;
    if !status.success() {
        return Err(format!("{cmd:?} failed ({status})").into());
    }
    Ok(start.elapsed().as_secs_f64())
}

/// Peak resident memory in KB of `sh -c script` (the last process's, through
/// `/usr/bin/time`), or `None` without `/usr/bin/time`.
fn peak_kb(script: &str) -> Result<Option<u64>, Error> {
    if !Path::new("/usr/bin/time").exists() {
        return Ok(None);
    }
    let out = Command::new("sh")
        .args(["-c", script])
        .output()
        .map_err(|e| format!("cannot run sh: {e}"))?;
    if !out.status.success() {
        return Err(format!("{script} failed: {}", String::from_utf8_lossy(&out.stderr)).into());
    }
    Ok(String::from_utf8_lossy(&out.stderr)
        .lines()
        .find_map(|l| {
            l.trim()
                .strip_prefix("Maximum resident set size (kbytes): ")
        })
        .and_then(|v| v.trim().parse().ok()))
}

/// Builds `chessbits`, runs the figures, and returns the report section (markdown).
pub(crate) fn run(root: &Path, target_dir: &Path, quick: bool) -> Result<String, Error> {
    let master = root.join(MASTER);
    let mut out = String::from("\n## PGN at scale (`chessbits pgn`)\n\n");
    if !master.exists() {
        out.push_str(&format!(
            "Skipped: {} is not there (the shared data set beside the clone).\n",
            master.display()
        ));
        eprintln!(
            "NOTICE: PGN scale figures skipped: {} missing",
            master.display()
        );
        return Ok(out);
    }
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let status = Command::new(cargo)
        .current_dir(root)
        .args(["build", "--release", "-p", "chessbits-cli"])
        .env("CARGO_TARGET_DIR", target_dir)
        .status()
        .map_err(|e| format!("cannot build chessbits: {e}"))?;
    if !status.success() {
        return Err("cargo build -p chessbits-cli failed".into());
    }
    let bin: PathBuf = target_dir.join("release").join("chessbits");
    let parquet = target_dir.join("bench-report").join("master-games.parquet");
    let rounds = if quick { 1 } else { 3 };
    let (mut t1, mut t2, mut pq) = (f64::MAX, f64::MAX, f64::MAX);
    for _ in 0..rounds {
        let check = |threads: &str| {
            let mut c = Command::new(&bin);
            c.args(["pgn", "check", "--no-progress", "--threads", threads])
                .arg(&master);
            c
        };
        t1 = t1.min(wall(&mut check("1"))?);
        t2 = t2.min(wall(&mut check("2"))?);
        pq = pq.min(wall(
            Command::new(&bin)
                .args(["pgn", "games", "--no-progress", "--threads", "2", "-o"])
                .arg(&parquet)
                .arg(&master),
        )?);
    }
    let _ = std::fs::remove_file(&parquet);
    out.push_str(&format!(
        "145,716 master games ({}), best of {rounds} interleaved rounds:\n\n\
         | run | seconds | ratio |\n|---|---:|---:|\n\
         | `pgn check --threads 1` | {t1:.2} | 1.00 |\n\
         | `pgn check --threads 2` | {t2:.2} | {:.2}x the throughput |\n\
         | `pgn games --threads 2 -o x.parquet` | {pq:.2} | {:.2}x the time of `check --threads 2` |\n",
        MASTER,
        t1 / t2,
        pq / t2
    ));
    let copies = if quick { 5 } else { 50 };
    let script = format!(
        "for i in $(seq {copies}); do zstd -dc '{}'; done | /usr/bin/time -v '{}' pgn check - --no-progress --threads 2 > /dev/null",
        master.display(),
        bin.display()
    );
    match peak_kb(&script) {
        Ok(Some(kb)) => out.push_str(&format!(
            "\nThe games decompressed {copies} times ({:.1} GB) through stdin: \
             `pgn check -` peak memory {:.1} MB (`/usr/bin/time -v`).\n",
            85.7 * f64::from(copies) / 1000.0,
            kb as f64 / 1024.0
        )),
        Ok(None) => out.push_str("\n(`/usr/bin/time` missing: stream memory not measured.)\n"),
        Err(e) => out.push_str(&format!("\nStream memory not measured: {e}\n")),
    }
    Ok(out)
}
