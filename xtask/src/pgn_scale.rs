//! The PGN figures of `cargo xtask bench` that users see: whole processes, plain-PGN inputs
//! in the page cache. The programs are the build of the criterion runs: the `bench` profile
//! (the release profile without overflow checks, for our crates and the peers' alike) for
//! this CPU (`-C target-cpu=native` where it has BMI2).
//!
//! - `chessbits pgn check --threads 1` against its peer `pgn_peer` (`benches/src/bin`:
//!   pgn-reader 0.29 reads, shakmaty 0.30 decodes every SAN and plays it, counts printed),
//!   on three layouts: the 145,716 master games (`1.e4`: no blank after the move number;
//!   from the shared data set, skipped with a notice when it is not beside the clone), the
//!   TWIC samples (`1. e4`) and the Lichess sample (`{ [%clk ...] }` after every move), the
//!   samples committed under `crates/pgn/tests/data/sample` repeated to a few tens of MB so
//!   that process start-up (about 2 ms) does not decide the ratio. Both programs must count
//!   the same games and moves.
//! - `chessbits pgn fens` with one and with two threads against `pgn-extract --fencomments`
//!   (one thread) on the TWIC input, when pgn-extract is installed (Debian package
//!   `pgn-extract`; a notice otherwise).
//! - `pgn games --threads 1 -o x.parquet` against `pgn_parquet_peer` (pgn-reader + shakmaty +
//!   the parquet crate's `ArrowWriter`, the same default columns).
//! - `pgn check --threads 2` against `--threads 1`, Parquet export (`pgn games -o x.parquet`)
//!   against `pgn check`, and the peak memory of the master games twenty times (1.7 GB)
//!   through stdin, on the master games.
//!
//! The runs of a table are interleaved (ours, the peer, ours, ...) round after round, so
//! that a burst of load elsewhere hits both sides. Each program's figure is its best round
//! (noise only adds time) and the ratio is best against best; the median and range of the
//! per-round ratios are printed beside it. A full run takes 7 rounds where a ratio is near a
//! goal (`pgn check` against its peer, threads, `pgn fens` on two threads against
//! pgn-extract), 3 where it is far from any (5x or more: `pgn fens` on one thread, the
//! Parquet export against its peer, whose round takes about 7 s).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use crate::Error;

/// The master games, relative to the workspace root (or to `$CHESSBITS_DATA/..` when that
/// names the shared data set).
const MASTER: &str = "../shared/data/pgn/master/gnuchess-book_1.02.pgn.zst";

/// Where the master games are: under `$CHESSBITS_DATA` if it is set, else beside the clone.
fn master_path(root: &Path) -> PathBuf {
    match std::env::var_os("CHESSBITS_DATA") {
        Some(data) => PathBuf::from(data).join("pgn/master/gnuchess-book_1.02.pgn.zst"),
        None => root.join(MASTER),
    }
}

/// The committed samples, relative to the workspace root.
const SAMPLES: &str = "crates/pgn/tests/data/sample";

/// Seconds of one run of `cmd` (its output discarded); an error if it fails.
pub(crate) fn wall(cmd: &mut Command) -> Result<f64, Error> {
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

/// The median of `v` (not empty).
fn median(v: &[f64]) -> f64 {
    let mut v = v.to_vec();
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

/// Times `a` and `b` alternately for `rounds` rounds, after one round not counted (which
/// brings the inputs and programs into the page cache) when `warm_up`.
fn interleaved(
    rounds: usize,
    warm_up: bool,
    mut a: impl FnMut() -> Command,
    mut b: impl FnMut() -> Command,
) -> Result<Pair, Error> {
    if warm_up {
        wall(&mut a())?;
        wall(&mut b())?;
    }
    let (mut ta, mut tb) = (Vec::new(), Vec::new());
    for _ in 0..rounds {
        ta.push(wall(&mut a())?);
        tb.push(wall(&mut b())?);
    }
    Ok(Pair::of_rounds(&ta, &tb))
}

/// Two programs timed alternately: each one's best round in seconds (noise only adds
/// time), and the median and range of the per-round ratios `b / a`.
pub(crate) struct Pair {
    pub(crate) a: f64,
    pub(crate) b: f64,
    median_ratio: f64,
    range: (f64, f64),
}

impl Pair {
    /// The pair of `a`'s and `b`'s times, round by round (not empty, as long as each other).
    pub(crate) fn of_rounds(a: &[f64], b: &[f64]) -> Pair {
        let best = |v: &[f64]| v.iter().copied().fold(f64::INFINITY, f64::min);
        let ratio: Vec<f64> = a.iter().zip(b).map(|(x, y)| y / x).collect();
        Pair {
            a: best(a),
            b: best(b),
            median_ratio: median(&ratio),
            range: (best(&ratio), ratio.iter().copied().fold(0.0, f64::max)),
        }
    }

    /// `b`'s best time over `a`'s.
    pub(crate) fn ratio(&self) -> f64 {
        self.b / self.a
    }

    /// The median and range of the rounds, for a table cell.
    pub(crate) fn rounds(&self) -> String {
        format!(
            "{:.2}x ({:.2}–{:.2})",
            self.median_ratio, self.range.0, self.range.1
        )
    }
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

/// The programs the figures run, these and the whole-process perft of
/// [`crate::perft_scale`]: `(package, bin)`. `cargo xtask bench` builds them in a
/// cargo run of their own, before the benchmarks (`bench/build.rs`).
pub(crate) const PROGRAMS: [(&str, &str); 4] = [
    ("chessbits-cli", "chessbits"),
    ("benches", "pgn_peer"),
    ("benches", "pgn_parquet_peer"),
    ("benches", "perft_peer"),
];

/// Writes `copies` times the decoded bytes of `sources` (plain or zstd) to `out`, through
/// `pgn_peer --cat`; returns the size in bytes.
fn lay_out(peer: &Path, sources: &[PathBuf], copies: usize, out: &Path) -> Result<u64, Error> {
    let once = Command::new(peer)
        .arg("--cat")
        .args(sources)
        .output()
        .map_err(|e| format!("cannot run {}: {e}", peer.display()))?;
    if !once.status.success() {
        return Err(format!(
            "pgn_peer --cat {sources:?}: {}",
            String::from_utf8_lossy(&once.stderr)
        )
        .into());
    }
    let mut bytes = Vec::with_capacity((once.stdout.len() + 2) * copies);
    for _ in 0..copies {
        bytes.extend_from_slice(&once.stdout);
        bytes.extend_from_slice(b"\n\n");
    }
    std::fs::write(out, &bytes).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    Ok(bytes.len() as u64)
}

/// "N games, M moves" from the first line of a run's standard output.
fn counts(cmd: &mut Command) -> Result<(u64, u64), Error> {
    let out = cmd
        .stderr(Stdio::null())
        .output()
        .map_err(|e| format!("cannot run {cmd:?}: {e}"))?;
    let text = String::from_utf8_lossy(&out.stdout);
    let line = text.lines().next().unwrap_or_default();
    let number = |unit: &str| {
        line.split(", ")
            .flat_map(|part| part.rsplit(": "))
            .find_map(|part| part.strip_suffix(unit)?.trim().parse::<u64>().ok())
    };
    match (number(" games"), number(" moves")) {
        (Some(g), Some(m)) => Ok((g, m)),
        _ => Err(format!("{cmd:?}: no counts in {line:?}").into()),
    }
}

/// Runs the figures with the [`PROGRAMS`] (their paths, in order) and returns the report section
/// (markdown).
pub(crate) fn run(
    root: &Path,
    target_dir: &Path,
    built: &[PathBuf],
    quick: bool,
) -> Result<String, Error> {
    let mut out = String::from("\n## PGN as users run it (`chessbits pgn`, whole processes)\n");
    let [bin, peer, parquet_peer, _] = built else {
        return Err(format!(
            "{} programs built, {} expected",
            built.len(),
            PROGRAMS.len()
        )
        .into());
    };
    let dir = target_dir.join("bench-report").join("pgn-inputs");
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    // Rounds of a comparison whose ratio is near a goal (`pgn check` against its peer: twice
    // the throughput), and of one whose ratio is far from any (5x or more: `pgn fens`
    // against pgn-extract, the Parquet export against its peer).
    let rounds = if quick { 3 } else { 7 };
    let far_rounds = if quick { 1 } else { 3 };
    let master_zst = master_path(root);
    let samples = root.join(SAMPLES);
    let sample = |name: &str| samples.join(format!("{name}.pgn.zst"));

    // The inputs, plain PGN: (layout, file, description).
    let mut inputs: Vec<(&str, PathBuf, String)> = Vec::new();
    if master_zst.exists() {
        let path = dir.join("master.pgn");
        let size = lay_out(peer, std::slice::from_ref(&master_zst), 1, &path)?;
        inputs.push((
            "`1.e4` (master games)",
            path,
            format!("{MASTER}, decompressed ({:.1} MB)", size as f64 / 1e6),
        ));
    } else {
        eprintln!(
            "NOTICE: the master games ({}) are not there: that layout is skipped",
            master_zst.display()
        );
        out.push_str(&format!(
            "\n(The master games, {MASTER}, are not beside the clone: that row is skipped.)\n"
        ));
    }
    let twic_copies = 32;
    let twic = dir.join("twic.pgn");
    let size = lay_out(
        peer,
        &[sample("twic0920"), sample("twic1599_1000k")],
        twic_copies,
        &twic,
    )?;
    inputs.push((
        "`1. e4` (TWIC)",
        twic.clone(),
        format!(
            "the two TWIC samples, {twic_copies} times ({:.1} MB)",
            size as f64 / 1e6
        ),
    ));
    let lichess_copies = 64;
    let lichess = dir.join("lichess.pgn");
    let size = lay_out(
        peer,
        &[sample("lichess_db_2025-05_1000k")],
        lichess_copies,
        &lichess,
    )?;
    inputs.push((
        "Lichess, `{ [%clk] }` after every move",
        lichess,
        format!(
            "the Lichess sample, {lichess_copies} times ({:.1} MB)",
            size as f64 / 1e6
        ),
    ));

    // Ours against the peer.
    let check = |path: &Path, threads: &str| {
        let mut c = Command::new(bin);
        c.args(["pgn", "check", "--no-progress", "--threads", threads])
            .arg(path);
        c
    };
    let peer_run = |path: &Path| {
        let mut c = Command::new(peer);
        c.arg(path);
        c
    };
    out.push_str(&format!(
        "\n`chessbits pgn check --threads 1` against pgn-reader 0.29 + shakmaty 0.30 (`pgn_peer`: \
         read, decode every SAN, play it), {rounds} interleaved rounds after one not counted: \
         each program's best round (noise only adds time), their ratio, and the median and \
         range of the rounds' ratios:\n\n\
         | layout | input | games | moves | ours s | peer s | ratio | median of rounds |\n\
         |---|---|---:|---:|---:|---:|---:|---:|\n"
    ));
    for (layout, path, description) in &inputs {
        let ours = counts(&mut check(path, "1"))?;
        let theirs = counts(&mut peer_run(path))?;
        if ours != theirs {
            return Err(format!(
                "{}: chessbits counts {ours:?} (games, moves), pgn_peer {theirs:?}",
                path.display()
            )
            .into());
        }
        let pair = interleaved(rounds, true, || check(path, "1"), || peer_run(path))?;
        out.push_str(&format!(
            "| {layout} | {description} | {} | {} | {:.3} | {:.3} | **{:.2}x** | {} |\n",
            ours.0,
            ours.1,
            pair.a,
            pair.b,
            pair.ratio(),
            pair.rounds()
        ));
        eprintln!(
            "pgn check vs pgn_peer, {layout}: {:.2}x (median of rounds {})",
            pair.ratio(),
            pair.rounds()
        );
    }

    // `pgn fens` against pgn-extract.
    let pgn_extract = ["pgn-extract", "/usr/games/pgn-extract"]
        .into_iter()
        .find(|p| {
            Command::new(p)
                .arg("--version")
                .output()
                .is_ok_and(|o| o.status.success())
        });
    match pgn_extract {
        Some(pgn_extract) => {
            // A quarter of the TWIC input: pgn-extract takes about 4 s on all of it, and
            // the ratio is per game (both programs start in milliseconds).
            let fens_copies = twic_copies / 4;
            let fens_input = dir.join("twic-fens.pgn");
            let fens_size = lay_out(
                peer,
                &[sample("twic0920"), sample("twic1599_1000k")],
                fens_copies,
                &fens_input,
            )?;
            let csv = dir.join("fens.csv");
            let extracted = dir.join("fens.pgn");
            let ours = |threads: &'static str| {
                let (bin, csv, input) = (bin.clone(), csv.clone(), fens_input.clone());
                move || {
                    let mut c = Command::new(&bin);
                    c.args(["pgn", "fens", "--no-progress", "--threads", threads, "-o"])
                        .arg(&csv)
                        .arg(&input);
                    c
                }
            };
            let theirs = || {
                let mut c = Command::new(pgn_extract);
                c.args(["--fencomments", "-s", "-o"])
                    .arg(&extracted)
                    .arg(&fens_input);
                c
            };
            // One thread each, far from any goal; ours on two threads, against the goal of
            // ten times pgn-extract's speed, in as many rounds as `pgn check`.
            let one = interleaved(far_rounds, true, ours("1"), theirs)?;
            let two = interleaved(rounds, false, ours("2"), theirs)?;
            let _ = std::fs::remove_file(&csv);
            let _ = std::fs::remove_file(&extracted);
            out.push_str(&format!(
                "\n`chessbits pgn fens -o x.csv` against `pgn-extract --fencomments -s -o x.pgn` \
                 (one thread) on the two TWIC samples {fens_copies} times ({:.1} MB), after one \
                 round not counted, best rounds:\n\n\
                 | ours | rounds | ours s | pgn-extract s | ratio | median of rounds |\n\
                 |---|---:|---:|---:|---:|---:|\n\
                 | `--threads 1` | {far_rounds} | {:.3} | {:.3} | **{:.2}x** | {} |\n\
                 | `--threads 2` | {rounds} | {:.3} | {:.3} | **{:.2}x** | {} |\n",
                fens_size as f64 / 1e6,
                one.a,
                one.b,
                one.ratio(),
                one.rounds(),
                two.a,
                two.b,
                two.ratio(),
                two.rounds()
            ));
            eprintln!(
                "pgn fens vs pgn-extract: {:.2}x (1 thread), {:.2}x (2 threads)",
                one.ratio(),
                two.ratio()
            );
        }
        None => {
            eprintln!("NOTICE: pgn-extract not installed (Debian package `pgn-extract`): `pgn fens` not compared");
            out.push_str(
                "\n(pgn-extract is not installed, Debian package `pgn-extract`: `pgn fens` is not compared with it.)\n",
            );
        }
    }

    // Threads, Parquet and memory, on the master games.
    let Some((_, master, _)) = inputs.iter().find(|(_, p, _)| p.ends_with("master.pgn")) else {
        return Ok(out);
    };
    let parquet = target_dir.join("bench-report").join("master-games.parquet");
    let scale_rounds = if quick { 1 } else { 7 };
    let games = |threads: &str| {
        let mut c = Command::new(bin);
        c.args(["pgn", "games", "--no-progress", "--threads", threads, "-o"])
            .arg(&parquet)
            .arg(master);
        c
    };
    // One round not counted (the page cache), then rounds of the three runs in turn.
    wall(&mut check(master, "1"))?;
    wall(&mut check(master, "2"))?;
    wall(&mut games("2"))?;
    let (mut t1, mut t2, mut pq) = (Vec::new(), Vec::new(), Vec::new());
    let (mut speedup, mut cost) = (Vec::new(), Vec::new());
    for _ in 0..scale_rounds {
        let a = wall(&mut check(master, "1"))?;
        let b = wall(&mut check(master, "2"))?;
        let c = wall(&mut games("2"))?;
        t1.push(a);
        t2.push(b);
        pq.push(c);
        speedup.push(a / b);
        cost.push(c / b);
    }
    let _ = std::fs::remove_file(&parquet);
    let best = |v: &[f64]| v.iter().copied().fold(f64::INFINITY, f64::min);
    let spread = |v: &[f64]| {
        format!(
            "{:.2}x ({:.2}–{:.2})",
            median(v),
            best(v),
            v.iter().copied().fold(0.0, f64::max)
        )
    };
    let (b1, b2, bq) = (best(&t1), best(&t2), best(&pq));
    out.push_str(&format!(
        "\nThe master games, {scale_rounds} interleaved rounds after one not counted: each run's \
         best round, the ratio of the best rounds, and the median (range) of the rounds' ratios:\n\n\
         | run | best seconds | ratio of best rounds | median of rounds |\n|---|---:|---:|---:|\n\
         | `pgn check --threads 1` | {b1:.2} | 1.00 | |\n\
         | `pgn check --threads 2` | {b2:.2} | {:.2}x the throughput | {} |\n\
         | `pgn games --threads 2 -o x.parquet` | {bq:.2} | {:.2}x the time of `check --threads 2` | {} |\n",
        b1 / b2,
        spread(&speedup),
        bq / b2,
        spread(&cost),
    ));
    eprintln!(
        "threads 2 vs 1: {:.2}x (median {:.2}x); Parquet vs check: {:.2}x (median {:.2}x)",
        b1 / b2,
        median(&speedup),
        bq / b2,
        median(&cost)
    );
    // The export against its peer of the same shape: pgn-reader + shakmaty + the parquet
    // crate's ArrowWriter writing the same default columns, one thread each.
    let peer_parquet = target_dir
        .join("bench-report")
        .join("master-games-peer.parquet");
    // No round before the counted ones: the input and our program are in the page cache
    // after the rounds above, and each side's figure is its best round.
    let export = interleaved(
        far_rounds,
        false,
        || games("1"),
        || {
            let mut c = Command::new(parquet_peer);
            c.arg(&peer_parquet).arg(master);
            c
        },
    )?;
    let _ = std::fs::remove_file(&parquet);
    let _ = std::fs::remove_file(&peer_parquet);
    out.push_str(&format!(
        "
`pgn games --threads 1 -o x.parquet` against pgn-reader 0.29 + shakmaty 0.30 + the \
         parquet crate's `ArrowWriter` writing the same default columns \
         (`pgn_parquet_peer`), the master games, {far_rounds} interleaved rounds: ours {:.2} s, \
         the peer {:.2} s, {:.2}x (median of rounds {}).\n",
        export.a,
        export.b,
        export.ratio(),
        export.rounds()
    ));
    eprintln!(
        "pgn games -o x.parquet vs pgn_parquet_peer: {:.2}x (median {})",
        export.ratio(),
        export.rounds()
    );
    // Enough copies to show that memory stays bounded (twenty times the input's size).
    let copies = if quick { 5 } else { 20 };
    let script = format!(
        "for i in $(seq {copies}); do cat '{}'; done | /usr/bin/time -v '{}' pgn check - --no-progress --threads 2 > /dev/null",
        master.display(),
        bin.display()
    );
    match peak_kb(&script) {
        Ok(Some(kb)) => out.push_str(&format!(
            "\nThe master games {copies} times ({:.1} GB) through stdin: \
             `pgn check -` peak memory {:.1} MB (`/usr/bin/time -v`).\n",
            85.7 * f64::from(copies) / 1000.0,
            kb as f64 / 1024.0
        )),
        Ok(None) => out.push_str("\n(`/usr/bin/time` missing: stream memory not measured.)\n"),
        Err(e) => out.push_str(&format!("\nStream memory not measured: {e}\n")),
    }
    Ok(out)
}
