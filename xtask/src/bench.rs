//! `cargo xtask bench [--quick]`: run the criterion benchmarks of the `benches` package and
//! turn criterion's JSON estimates into a markdown report.
//!
//! Each [`Experiment`] is one criterion benchmark group and becomes one table. To add an
//! experiment, add a group to a bench target in `benches/benches/` and an entry to
//! [`EXPERIMENTS`]; the runner, the JSON reading and the table layout are shared. A group
//! the list does not name still gets a table (titled with its name) when it runs.
//!
//! The run builds the bench executables, then runs each one directly, its output (criterion's
//! stream) into `target/bench-report/criterion.log`. Criterion announces every benchmark it
//! starts ([`crate::runner`]); when the first benchmark of a new group starts, the group
//! before it is finished, so its table is printed at once (a bench file must run each
//! group's benchmarks together, in one block). Progress lines on stderr say which experiment
//! of how many is running, the time spent and the time left ([`crate::progress`]).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs::File;
use std::io::{BufRead, BufReader, Write as _};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, SystemTime};

use crate::progress::{clock, Progress};
use crate::results::{read_group, Row};
use crate::runner::{self, Event, Log};
use crate::table::{render_summary, render_table};
use crate::Error;

/// One measured comparison: a criterion group, reported as one markdown table.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Experiment {
    /// The `[[bench]]` target of the `benches` package that holds the group.
    pub(crate) bench_target: &'static str,
    /// The criterion group name (the directory under `target/criterion/`).
    pub(crate) group: &'static str,
    /// Heading of the table.
    pub(crate) title: &'static str,
    /// One sentence under the heading: what is measured, on which inputs.
    pub(crate) description: &'static str,
    /// What one throughput element is (`lookup`, `node`, `move`, ...), for the column names.
    pub(crate) unit: &'static str,
    /// Seconds the experiment takes, full run and `--quick`, measured on the README's 2-core
    /// machine (for the time-left estimate only; the first one of a bench target includes
    /// the target's setup, such as perft's count checks).
    pub(crate) expected_secs: [f64; 2],
}

/// Every experiment, in report order.
pub(crate) const EXPERIMENTS: &[Experiment] = &[
    Experiment {
        bench_target: "attacks",
        group: "sliding",
        title: "Sliding-piece attack lookups",
        description: "The reference ray walk and the magic lookup each look up 1,024 seeded \
                  pseudo-random (square, occupancy) pairs per iteration, about 16 pieces \
                  on the board; `queen` is rook | bishop.",
        unit: "lookup",
        expected_secs: [8.0, 3.0],
    },
    Experiment {
        bench_target: "perft",
        group: "perft",
        title: "Perft with bulk counting, against cozy-chess and shakmaty",
        description: "Single thread, the same positions in one run: perft(start, 6) and \
                  perft(Kiwipete, 5), the last ply counted rather than played; each \
                  library's count is checked against the published figure first.",
        unit: "node",
        expected_secs: [36.0, 43.0],
    },
    Experiment {
        bench_target: "perft",
        group: "perft-full",
        title: "Perft without bulk counting (every leaf made), against shakmaty",
        description: "Single thread: perft(start, 5) and perft(Kiwipete, 4), every leaf \
                  played with make/unmake (chessbits) or copy-make (shakmaty).",
        unit: "node",
        expected_secs: [16.0, 11.0],
    },
    Experiment {
        bench_target: "pgn",
        group: "pgn_read",
        title: "PGN reading in MB/s, against pgn-reader + shakmaty",
        description: "Single thread, the same 2,043 Lichess and TWIC games in memory \
                  (`crates/pgn/tests/data/sample`): `parse` tokenizes and parses every \
                  SAN, `replay` also decodes each SAN in its position and plays it. \
                  Bytes/s is MB/s.",
        unit: "byte",
        expected_secs: [6.0, 2.0],
    },
    Experiment {
        bench_target: "pgn",
        group: "pgn_read_moves",
        title: "PGN reading in moves/s, against pgn-reader + shakmaty",
        description: "The same runs as the table above, counted in mainline moves \
                  (166,732 per iteration).",
        unit: "move",
        expected_secs: [7.0, 3.0],
    },
    Experiment {
        bench_target: "pgn",
        group: "pgn_fens",
        title: "before_fen,san,after_fen rows, against pgn-extract and python-chess",
        description: "The 438 games of the Lichess sample (28,538 rows): ours in-process \
                  on one thread and on every core; `pgn-extract --fencomments` and a \
                  python-chess script as processes writing a file (each only when \
                  installed).",
        unit: "row",
        expected_secs: [36.0, 1.0],
    },
    Experiment {
        bench_target: "methods",
        group: "methods-lookup",
        title: "Sliding-attack methods: lookups (throughput)",
        description: "Every method of `attack-tables` on the 7,800 (slider square, occupancy) \
                  pairs of 1,000 middlegame positions from real games \
                  (`benches/data/middlegames.fen`), independent lookups; each method reads \
                  its own kept occupancy (rotated: the four boards, prepared beforehand).",
        unit: "lookup",
        expected_secs: [29.0, 17.0],
    },
    Experiment {
        bench_target: "methods",
        group: "methods-latency",
        title: "Sliding-attack methods: lookups as a dependent chain (latency)",
        description: "The same pairs, each lookup's square depending on the previous result \
                  (through an AND with an opaque zero, which adds two operations).",
        unit: "lookup",
        expected_secs: [33.0, 19.0],
    },
    Experiment {
        bench_target: "methods",
        group: "methods-movegen",
        title: "Sliding-attack methods: pseudo-legal move generation (Tannous 2007 Table 1, Fenner & Levene 2008 Table 4)",
        description: "Pseudo-legal moves of the 1,000 middlegame positions per iteration \
                  (the papers: 879 positions x 10, 1,001 positions x 100); the methods differ \
                  only in slider attacks; as in Tannous 2007, the rotated boards are prepared \
                  beforehand.",
        unit: "position",
        expected_secs: [13.0, 5.0],
    },
    Experiment {
        bench_target: "methods",
        group: "methods-perft",
        title: "Sliding-attack methods: perft(Kiwipete, 4) with bulk counting",
        description: "Legal generation, make and unmake; each method's occupancy is kept up \
                  to date beside the position in every make and unmake (the rotated boards' \
                  upkeep is timed).",
        unit: "node",
        expected_secs: [18.0, 8.0],
    },
    Experiment {
        bench_target: "methods",
        group: "methods-queen-random",
        title: "Sliding-attack methods: queen lookups on random squares and occupancies (Chess_Movegen's measure)",
        description: "100,000 random occupancies (`rand & rand`), each prepared for the method \
                  (rotated: built from scratch) and asked 12 queen lookups on random squares.",
        unit: "lookup",
        expected_secs: [20.0, 11.0],
    },
    Experiment {
        bench_target: "methods",
        group: "perfect-lines",
        title: "Perfect hashing one line at a time (Fenner & Levene 2008 Table 4)",
        description: "Attacks along one line for the middlegame pairs: the occupancy vector by \
                  looping over the line (`loop`, the paper's baseline) or by the paper's \
                  hashes (`h1`, `h2`, minimal `ĥ1`/`ĥ2`, and `-direct`: the attack table \
                  indexed by the hash); ranks by a shift.",
        unit: "lookup",
        expected_secs: [12.0, 7.0],
    },
    Experiment {
        bench_target: "square_attacks",
        group: "in-between",
        title: "In-between and line sets, four ways (the Chess Programming Wiki's \"Square Attacked By\")",
        description: "All 4,096 square pairs per iteration.",
        unit: "pair",
        expected_secs: [10.0, 4.0],
    },
    Experiment {
        bench_target: "square_attacks",
        group: "attacks-to",
        title: "Attacks to a square (the Chess Programming Wiki's \"Square Attacked By\")",
        description: "Every square of the 1,000 middlegame positions: all attackers of both \
                  sides (super-piece), and the yes/no test for the side not to move, as one \
                  branch-free union or returning at the first attacker with the slider-line \
                  precheck; then, for each piece of the side to move in 100 positions and \
                  each square, attacked-by-piece-on-square by the 0x88 table or by the \
                  attack lookup.",
        unit: "call",
        expected_secs: [7.0, 3.0],
    },
    Experiment {
        bench_target: "square_attacks",
        group: "legality",
        title: "Legality of a move from elsewhere",
        description: "Every pseudo-legal move of the 1,000 middlegame positions, legal or not: \
                  `chessbits_movegen::is_legal` (no move list) against generating all legal moves and \
                  searching the list.",
        unit: "move",
        expected_secs: [2.0, 1.0],
    },
    Experiment {
        bench_target: "square_attacks",
        group: "see",
        title: "Static exchange evaluation",
        description: "Every legal capture of the 1,000 middlegame positions: `chessbits_movegen::see` \
                  (the swap algorithm over attackers-to, x-rays revealed as pieces leave), \
                  `chessbits_movegen::see_exact` (a search of every capture order) and \
                  `chessbits_movegen::see_ge(m, 0)`, which stops as soon as the answer is settled.",
        unit: "call",
        expected_secs: [5.0, 2.0],
    },
    Experiment {
        bench_target: "square_attacks",
        group: "gives-check",
        title: "Gives check, without playing the move",
        description: "Every legal move of the 1,000 middlegame positions: \
                  `chessbits_movegen::gives_check` against make, `is_check`, unmake.",
        unit: "move",
        expected_secs: [2.0, 1.0],
    },
];

/// Criterion's settings for every group that does not set its own: warm-up and measurement
/// seconds per benchmark, and bootstrap resamples for the confidence intervals.
#[derive(Copy, Clone, Debug)]
struct Timing {
    warm_up: &'static str,
    measurement: &'static str,
    resamples: &'static str,
}

/// A full run: about 1 s per benchmark with the analysis, so that the ~160 benchmarks and
/// the PGN scale figures take under 5 minutes on 2 cores after the build (perft and the
/// processes of `pgn_fens` take longer: their groups take 10 samples of iterations of 0.1
/// to 3 s), and a fresh clone's run about 10 minutes in all, as the issue asks. 0.6 s of
/// measurement still gives criterion its 100 samples; the tables report each figure's 95%
/// interval, so a wider spread shows.
/// 10,000 bootstrap resamples (a tenth of criterion's default: the analysis takes about
/// 0.2 s per benchmark here instead of 0.7 s) place the ends of a 95% interval to within
/// about 1% of its width.
const FULL: Timing = Timing {
    warm_up: "0.15",
    measurement: "0.6",
    resamples: "10000",
};

/// `--quick`: a smoke run of a few minutes; figures are rough.
const QUICK: Timing = Timing {
    warm_up: "0.1",
    measurement: "0.3",
    resamples: "2000",
};

impl Timing {
    fn args(self) -> [&'static str; 6] {
        [
            "--warm-up-time",
            self.warm_up,
            "--measurement-time",
            self.measurement,
            "--nresamples",
            self.resamples,
        ]
    }
}

/// The progress key and expected seconds (full, quick) of the PGN scale figures, which run
/// after the criterion experiments when the shared data set is there.
const PGN_SCALE: (&str, [f64; 2]) = ("pgn-scale", [64.0, 40.0]);

/// The bench target that times perft interleaved in one process (not a criterion group:
/// it prints its own table), with its expected seconds (full, quick).
const INTERLEAVED: (&str, [f64; 2]) = ("perft_interleaved", [31.0, 15.0]);

/// Seconds expected of a group that [`EXPERIMENTS`] does not list.
const UNLISTED_SECS: f64 = 20.0;

/// Runs the benchmarks, printing progress and each table as it is ready, then prints and
/// writes the whole report.
pub(crate) fn run(quick: bool) -> Result<(), Error> {
    let root = crate::workspace_root();
    let native = native_build();
    let report_dir = target_dir(&root).join("bench-report");
    // A directory of its own: the `bench` profile (no overflow checks) writes its programs
    // to `release/` as the release profile does (overflow checks on, for the tests), and
    // the two would replace each other's `chessbits`; a native build rebuilds everything
    // anyway (RUSTFLAGS differ).
    let build_dir = match &native {
        Some(_) => target_dir(&root).join("native"),
        None => target_dir(&root).join("bench"),
    };
    std::fs::create_dir_all(&report_dir)
        .map_err(|e| format!("cannot create {}: {e}", report_dir.display()))?;
    let log_path = report_dir.join("criterion.log");
    let log = Log::new(
        File::create(&log_path)
            .map_err(|e| format!("cannot create {}: {e}", log_path.display()))?,
    );
    let timing = if quick { QUICK } else { FULL };

    let mut targets: Vec<&str> = EXPERIMENTS.iter().map(|e| e.bench_target).collect();
    targets.dedup();
    let mut to_build = targets.clone();
    to_build.push(INTERLEAVED.0);
    eprintln!(
        "cargo xtask bench{}: building the command line and its peer for the PGN figures, \
         then the benchmarks, then {} experiments; criterion's output goes to {}",
        if quick { " --quick" } else { "" },
        EXPERIMENTS.len() + 2,
        log_path.display()
    );
    // The command line and its peer build first, in a cargo run of their own (see `build`),
    // then the benchmarks, in the same target directory.
    let (executables, programs) = build(&root, &build_dir, native.as_deref(), &to_build)?;

    let header = header(quick, timing, native.as_deref(), &log_path)?;
    print!("{header}");
    let _ = std::io::stdout().flush();
    let slot = usize::from(quick);
    let mut plan: Vec<(String, f64)> = EXPERIMENTS
        .iter()
        .map(|e| (e.group.to_owned(), e.expected_secs[slot]))
        .collect();
    plan.push((INTERLEAVED.0.to_owned(), INTERLEAVED.1[slot]));
    plan.push((PGN_SCALE.0.to_owned(), PGN_SCALE.1[slot]));
    let mut run = Run {
        progress: Progress::new(plan),
        criterion_dir: build_dir.join("criterion"),
        report_dir: report_dir.clone(),
        tables: Vec::new(),
        failures: Vec::new(),
    };
    for target in &targets {
        let exe = executables
            .get(*target)
            .ok_or_else(|| format!("cargo built no executable for bench target `{target}`"))?;
        let mut cmd = Command::new(exe);
        // Where `cargo bench` would run it, with the same criterion directory.
        cmd.current_dir(root.join("benches"))
            .arg("--bench")
            .args(timing.args())
            .env("CRITERION_HOME", &run.criterion_dir)
            .env("CHESSBITS_REPORT_DIR", &report_dir);
        if quick {
            cmd.env("CHESSBITS_BENCH_QUICK", "1");
        }
        run.target(target, cmd, &log)?;
        if *target == methods_target() {
            let section = crate::methods_report::render(&run.results(), &report_dir);
            print!("{section}");
            let _ = std::io::stdout().flush();
        }
    }

    // Perft interleaved in one process: its own table, printed by the executable.
    run.progress.start(INTERLEAVED.0, INTERLEAVED.0);
    let interleaved = match executables.get(INTERLEAVED.0) {
        Some(exe) => {
            let mut cmd = Command::new(exe);
            cmd.current_dir(root.join("benches")).arg("--bench");
            if quick {
                cmd.env("CHESSBITS_BENCH_QUICK", "1");
            }
            match cmd.stderr(Stdio::inherit()).output() {
                Ok(o) if o.status.success() => Ok(String::from_utf8_lossy(&o.stdout).into_owned()),
                Ok(o) => Err(format!("{} failed ({})", INTERLEAVED.0, o.status)),
                Err(e) => Err(format!("cannot run {}: {e}", INTERLEAVED.0)),
            }
        }
        None => Err(format!(
            "cargo built no executable for bench target `{}`",
            INTERLEAVED.0
        )),
    };
    let interleaved = match interleaved {
        Ok(section) => {
            run.progress.finish(INTERLEAVED.0, "done");
            print!("{section}");
            let _ = std::io::stdout().flush();
            section
        }
        Err(e) => {
            run.progress.finish(INTERLEAVED.0, &format!("FAILED: {e}"));
            run.failures.push(format!("{}: {e}", INTERLEAVED.0));
            format!("\n## Perft against the peers, interleaved in one process\n\nFailed: {e}\n")
        }
    };

    run.progress.start(PGN_SCALE.0, PGN_SCALE.0);
    let scale = crate::pgn_scale::run(&root, &target_dir(&root), &programs, quick);
    let scale = match scale {
        Ok(section) => {
            run.progress.finish(PGN_SCALE.0, "done");
            print!("{section}");
            section
        }
        Err(e) => {
            run.progress.finish(PGN_SCALE.0, &format!("FAILED: {e}"));
            run.failures.push(format!("{}: {e}", PGN_SCALE.0));
            format!("\n## PGN at scale (`chessbits pgn`)\n\nFailed: {e}\n")
        }
    };

    let mut report = header;
    let experiments: Vec<(&Experiment, &[Row])> = run
        .tables
        .iter()
        .map(|(e, rows, _)| (e, rows.as_slice()))
        .collect();
    report.push_str(&render_summary(&experiments));
    report.push_str(&interleaved);
    for (_, _, table) in &run.tables {
        report.push('\n');
        report.push_str(table);
    }
    report.push_str(&crate::methods_report::render(&run.results(), &report_dir));
    report.push_str(&scale);
    let out = report_dir.join("report.md");
    std::fs::write(&out, &report).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    run.progress.line(&format!(
        "\nThe whole report ({} spent), also in {}; criterion's output in {}:\n",
        clock(run.progress.elapsed()),
        out.display(),
        log_path.display()
    ));
    print!("{report}");
    let _ = std::io::stdout().flush();
    if run.failures.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "{} experiment(s) failed (see {}):\n  {}",
            run.failures.len(),
            log_path.display(),
            run.failures.join("\n  ")
        )
        .into())
    }
}

/// The bench target of the groups `methods_report` reads.
fn methods_target() -> &'static str {
    EXPERIMENTS
        .iter()
        .find(|e| e.group == crate::methods_report::PERFT)
        .map_or("", |e| e.bench_target)
}

/// The state of a run: progress, and the tables so far.
struct Run {
    progress: Progress,
    criterion_dir: PathBuf,
    report_dir: PathBuf,
    /// Each experiment's rows and markdown (table and chart), in run order.
    tables: Vec<(Experiment, Vec<Row>, String)>,
    /// What failed, one line each.
    failures: Vec<String>,
}

impl Run {
    /// Results by group, for `methods_report`.
    fn results(&self) -> crate::methods_report::Results<'static> {
        self.tables
            .iter()
            .map(|(e, rows, _)| (e.group, rows.clone()))
            .collect()
    }

    /// Runs one bench executable, printing each experiment's table when its group is done.
    fn target(&mut self, target: &str, cmd: Command, log: &Log) -> Result<(), Error> {
        // Results written from now on are this run's. File times come from a coarse clock
        // (a few milliseconds behind), hence the margin; results of earlier runs are minutes
        // older.
        let since = SystemTime::now() - Duration::from_secs(1);
        // The first experiment starts with the executable: its setup (reading inputs,
        // checking perft counts) is part of it.
        let mut current = EXPERIMENTS
            .iter()
            .find(|e| e.bench_target == target)
            .copied();
        if let Some(first) = &current {
            self.progress.start(first.group, first.group);
        }
        let mut benchmarks = 0;
        let running = runner::spawn(cmd, log)?;
        while let Some(event) = running.next_event() {
            let id = match event {
                Event::Benchmark(id) => id,
                Event::Note(note) => {
                    self.progress.line(&format!("      {note}"));
                    continue;
                }
            };
            let group = id.split('/').next().unwrap_or(&id);
            if current.is_none_or(|c| c.group != group) {
                if let Some(done) = current.take() {
                    self.finish(&done, since, None);
                }
                let next = experiment(target, group);
                self.progress.start(next.group, next.group);
                current = Some(next);
                benchmarks = 0;
            }
            benchmarks += 1;
            self.progress
                .transient(&format!("      benchmark {benchmarks}: {id}"));
        }
        let status = running.wait()?;
        let failed =
            (!status.success()).then(|| format!("bench target `{target}` failed ({status})"));
        if let Some(failed) = &failed {
            self.progress.line(&format!(
                "{failed}; the end of its output:\n    {}",
                log.tail().join("\n    ")
            ));
        }
        match current.take() {
            Some(done) => self.finish(&done, since, failed.as_deref()),
            None => self.failures.extend(failed.clone()),
        }
        // Planned experiments of this target that were not seen to start: their results, if
        // any, or the failure.
        for e in EXPERIMENTS.iter().filter(|e| e.bench_target == target) {
            if self.progress.is_pending(e.group) {
                self.progress.start(e.group, e.group);
                self.finish(e, since, failed.as_deref());
            }
        }
        Ok(())
    }

    /// Ends the running experiment: its table, or its failure.
    fn finish(&mut self, experiment: &Experiment, since: SystemTime, failed: Option<&str>) {
        let rows = match failed {
            Some(why) => Err(why.into()),
            None => read_group(&self.criterion_dir, experiment.group, Some(since)),
        };
        let table = rows.and_then(|rows| {
            let mut table = render_table(experiment, &rows, &table_note(experiment.group));
            table.push_str(&gigantua_note(experiment.group, &rows));
            table.push_str(&write_chart(&self.report_dir, experiment, &rows)?);
            Ok((rows, table))
        });
        match table {
            Ok((rows, table)) => {
                let spread = rows.iter().map(Row::relative_spread).fold(0.0, f64::max);
                self.progress.finish(
                    experiment.group,
                    &format!(
                        "{} benchmark{}, widest 95% interval ±{:.1}%",
                        rows.len(),
                        if rows.len() == 1 { "" } else { "s" },
                        100.0 * spread
                    ),
                );
                print!("\n{table}");
                let _ = std::io::stdout().flush();
                self.tables.push((*experiment, rows, table));
            }
            Err(e) => {
                self.progress
                    .finish(experiment.group, &format!("FAILED: {e}"));
                self.failures.push(format!("{}: {e}", experiment.group));
            }
        }
    }
}

/// The experiment of `group`: its entry in [`EXPERIMENTS`], or a plain one for a group the
/// list does not name.
fn experiment(target: &str, group: &str) -> Experiment {
    if let Some(e) = EXPERIMENTS.iter().find(|e| e.group == group) {
        return *e;
    }
    // Leaked: a few bytes per unlisted group, for the life of this short process.
    let group: &'static str = Box::leak(group.to_owned().into_boxed_str());
    let target: &'static str = Box::leak(target.to_owned().into_boxed_str());
    Experiment {
        bench_target: target,
        group,
        title: group,
        description: "(A criterion group that `xtask/src/bench.rs` does not describe yet.)",
        unit: "element",
        expected_secs: [UNLISTED_SECS; 2],
    }
}

/// Builds the programs of the PGN figures ([`crate::pgn_scale::PROGRAMS`]), then the bench
/// executables, with the `bench` profile in the same target directory (cargo's progress on
/// the terminal); returns the path of each bench executable, by target name, and of each
/// program, in order.
///
/// Two cargo runs, not one: a run that builds any bench target resolves the features of the
/// dev-dependencies of every package it builds, so the command line built beside the
/// benchmarks got the `arrow` feature of its test-only `parquet` dependency (and Arrow's
/// crates, over three minutes of one core's compilation, for code the program never calls).
/// Built alone, the programs are what `cargo build --release` gives users; the crates the
/// second run shares with them (same features) are not compiled again.
fn build(
    root: &Path,
    build_dir: &Path,
    native: Option<&str>,
    targets: &[&str],
) -> Result<(BTreeMap<String, PathBuf>, Vec<PathBuf>), Error> {
    let started = std::time::Instant::now();
    let mut programs_args = Vec::new();
    for (package, bin) in crate::pgn_scale::PROGRAMS {
        programs_args.extend(["--package", package, "--bin", bin]);
    }
    let mut bins = cargo_build(root, build_dir, native, &programs_args)?;
    let mut bench_args = vec!["--package", "benches"];
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
    Ok((executables, programs))
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
fn native_build() -> Option<String> {
    if std::env::var_os("RUSTFLAGS").is_some()
        || std::env::var_os("CARGO_ENCODED_RUSTFLAGS").is_some()
    {
        return None;
    }
    let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    cpu_has_flag(&cpuinfo, "bmi2").then(|| "-C target-cpu=native".to_owned())
}

/// Writes `<group>.svg` (throughput per benchmark) next to the report; returns the markdown
/// line that shows it.
fn write_chart(dir: &Path, experiment: &Experiment, rows: &[Row]) -> Result<String, Error> {
    let bars: Vec<crate::chart::Bar> = rows
        .iter()
        .map(|r| crate::chart::Bar {
            label: r.name.clone(),
            value: 1e9 / r.ns_per_element(),
        })
        .collect();
    let unit = format!("{}s per second", experiment.unit);
    let svg = crate::chart::bar_chart(experiment.title, &unit, &bars);
    let file = format!("{}.svg", experiment.group);
    let path = dir.join(&file);
    std::fs::write(&path, svg).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(format!("\n![{}]({file})\n", experiment.title))
}

/// `CARGO_TARGET_DIR` if set, else `<root>/target`.
fn target_dir(root: &Path) -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) => root.join(dir),
        None => root.join("target"),
    }
}

/// The report's opening: the machine, the build and the measurement, so figures can be
/// compared, and how to read the tables.
fn header(quick: bool, timing: Timing, native: Option<&str>, log: &Path) -> Result<String, Error> {
    let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let cpu = cpu_model(&cpuinfo).unwrap_or("unknown CPU (no /proc/cpuinfo model name)");
    let cpu_bmi2 = cpu_has_flag(&cpuinfo, "bmi2");
    let build_bmi2 = build_has_bmi2(native)?;
    let rustc = command_output("rustc", &["--version"]).unwrap_or_else(|| "rustc ?".to_owned());
    let mut s = String::from("# Benchmark report\n\n");
    let _ = writeln!(s, "- CPU: {cpu} ({} cores)", cores());
    let _ = writeln!(
        s,
        "- BMI2: {} in the CPU flags; {} for this build (`target_feature = \"bmi2\"`)",
        if cpu_bmi2 { "present" } else { "absent" },
        if build_bmi2 { "enabled" } else { "not enabled" },
    );
    let _ = writeln!(
        s,
        "- Compiler: {rustc}, `bench` profile for every side, ours and the peers alike: the \
         release profile (codegen-units 1, no LTO) without overflow checks, as each crate's \
         users build it"
    );
    let _ = writeln!(
        s,
        "- Build flags: {}",
        match native {
            Some(flags) => format!(
                "`RUSTFLAGS=\"{flags}\"` (set by `cargo xtask bench` because the CPU has \
                 BMI2; so the `pext` method is built and is the default)"
            ),
            None => match std::env::var("RUSTFLAGS") {
                Ok(flags) => format!("`RUSTFLAGS=\"{flags}\"` (from the environment)"),
                Err(_) => "none (generic x86-64: no `pext` method)".to_owned(),
            },
        }
    );
    let _ = writeln!(
        s,
        "- Measurement{}: `{}` (criterion's warm-up and measurement seconds per benchmark, \
         bootstrap resamples for the intervals), except what a bench file sets for its \
         group (groups of slow iterations take 10 or 20 samples, perft warms up for 1 s; in a \
         full run the fast method groups, lookups, latency and perfect lines, take 0.2 s and \
         0.7 s){}",
        if quick {
            " (`--quick`, a smoke run: rough figures)"
        } else {
            ""
        },
        timing.args().join(" "),
        if quick { "; python-chess left out" } else { "" },
    );
    let _ = writeln!(s, "- Criterion's own output: `{}`", log.display());
    let _ = writeln!(s, "\n{}", crate::table::LEGEND);
    Ok(s)
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
fn cpu_has_flag(cpuinfo: &str, flag: &str) -> bool {
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

/// Gigantua's figures on the README's machine (C++, the fastest legal perft known, built
/// and run there by hand: it is not a Rust crate, so the bench does not run it), in nodes
/// per second with bulk counting: (our benchmark id in the `perft` group, position, figure).
const GIGANTUA: [(&str, &str, f64); 2] = [
    ("chessbits/start-6", "perft(start, 6)", 800e6),
    ("chessbits/kiwipete-5", "perft(Kiwipete, 5)", 1310e6),
];

/// Under the bulk perft table: our figures of this run as a ratio to Gigantua's.
fn gigantua_note(group: &str, rows: &[Row]) -> String {
    if group != "perft" {
        return String::new();
    }
    let parts: Vec<String> = GIGANTUA
        .iter()
        .filter_map(|&(id, what, theirs)| {
            let row = rows.iter().find(|r| r.name == id)?;
            let ours = 1e9 / row.ns_per_element();
            Some(format!(
                "{what} {:.0} M nodes/s against {:.0} M, **{:.2}x**",
                ours / 1e6,
                theirs / 1e6,
                ours / theirs
            ))
        })
        .collect();
    if parts.is_empty() {
        return String::new();
    }
    format!(
        "\nAgainst Gigantua (C++, not run by the bench: its figures measured by hand on the \
         README's 2-core machine): {}.\n",
        parts.join("; ")
    )
}

/// The table memory behind an experiment's variants, read from the tables' own constants in
/// `attack-tables` (never retyped here).
fn table_note(group: &str) -> String {
    match group {
        "in-between" => {
            let sizes: Vec<String> = chessbits_attack_tables::inbetween::TABLE_BYTES
                .iter()
                .map(|(name, between, line)| format!("{name} {between} + {line}"))
                .collect();
            format!(" Table bytes (between + line): {}.", sizes.join("; "))
        }
        "attacks-to" => format!(
            " The 0x88 table has {} bytes.",
            chessbits_attack_tables::x88::TABLE_BYTES
        ),
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn reads_criterion_output_and_renders_a_table() {
        let dir = std::env::temp_dir().join(format!("xtask-bench-test-{}", std::process::id()));
        let new = dir.join("sliding").join("magic").join("rook").join("new");
        std::fs::create_dir_all(&new).expect("temp dir is writable");
        std::fs::write(
            new.join("benchmark.json"),
            r#"{"group_id":"sliding","function_id":"magic","value_str":"rook",
               "throughput":{"Elements":1024},"full_id":"sliding/magic/rook",
               "directory_name":"sliding/magic/rook","title":"sliding/magic/rook"}"#,
        )
        .expect("temp dir is writable");
        std::fs::write(
            new.join("estimates.json"),
            r#"{"mean":{"confidence_interval":{"confidence_level":0.95,
               "lower_bound":2000.0,"upper_bound":2100.0},"point_estimate":2048.0,
               "standard_error":1.0}}"#,
        )
        .expect("temp dir is writable");
        let rows = read_group(&dir, "sliding", None).expect("results are readable");
        std::fs::remove_dir_all(&dir).expect("temp dir is removable");
        assert_eq!(
            rows,
            [Row {
                name: "magic/rook".to_owned(),
                iteration_ns: 2048.0,
                interval_ns: (2000.0, 2100.0),
                elements: 1024
            }]
        );
        let table = render_table(&EXPERIMENTS[0], &rows, "");
        assert!(
            table.contains("| magic/rook | 2.05 µs | 2.4% | 2.00 | 500.00 M |"),
            "{table}"
        );
    }

    #[test]
    fn bulk_perft_is_set_against_gigantua() {
        let row = |name: &str, iteration_ns: f64, elements: u64| Row {
            name: name.to_owned(),
            iteration_ns,
            interval_ns: (iteration_ns, iteration_ns),
            elements,
        };
        // 400 M nodes/s from the start, 1,310 M on Kiwipete.
        let rows = [
            row("chessbits/start-6", 1e9, 400_000_000),
            row("chessbits/kiwipete-5", 1e9, 1_310_000_000),
            row("cozy-chess/start-6", 1e9, 1),
        ];
        let note = gigantua_note("perft", &rows);
        assert!(
            note.contains("perft(start, 6) 400 M nodes/s against 800 M, **0.50x**"),
            "{note}"
        );
        assert!(
            note.contains("perft(Kiwipete, 5) 1310 M nodes/s against 1310 M, **1.00x**"),
            "{note}"
        );
        assert_eq!(gigantua_note("perft-full", &rows), "");
        assert_eq!(gigantua_note("perft", &rows[2..]), "");
    }

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

    #[test]
    fn every_experiment_is_listed_once_with_its_expected_time() {
        for (i, e) in EXPERIMENTS.iter().enumerate() {
            assert!(
                EXPERIMENTS[..i].iter().all(|f| f.group != e.group),
                "{} listed twice",
                e.group
            );
            assert!(e.expected_secs.iter().all(|s| *s > 0.0), "{}", e.group);
        }
        // The bench targets are run one after the other: each one's groups are together.
        let mut targets: Vec<&str> = EXPERIMENTS.iter().map(|e| e.bench_target).collect();
        targets.dedup();
        let mut unique = targets.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(targets.len(), unique.len(), "{targets:?}");
    }

    #[test]
    fn unlisted_groups_get_a_plain_table() {
        let e = experiment("pgn", "pgn_new_group");
        assert_eq!(
            (e.bench_target, e.group, e.title),
            ("pgn", "pgn_new_group", "pgn_new_group")
        );
        assert_eq!(
            experiment("perft", "perft-full").title,
            EXPERIMENTS[2].title
        );
    }

    #[test]
    fn missing_results_are_an_error() {
        let dir = std::env::temp_dir().join("xtask-bench-test-missing");
        assert!(read_group(&dir, "sliding", None).is_err());
    }

    /// A fake bench executable (a shell script) that announces benchmarks as criterion
    /// does and writes criterion's files for them.
    fn fake_bench(home: &Path, benchmarks: &[(&str, &str)], exit: i32) -> Command {
        let mut script = String::new();
        for (group, name) in benchmarks {
            let dir = home.join(group).join(name).join("new");
            let _ = write!(
                script,
                "echo 'Benchmarking {group}/{name}' >&2; mkdir -p '{dir}'; \
                 echo '{{\"full_id\":\"{group}/{name}\",\"throughput\":{{\"Elements\":10}}}}' > '{dir}/benchmark.json'; \
                 echo '{{\"mean\":{{\"point_estimate\":100.0,\"confidence_interval\":{{\"lower_bound\":99.0,\"upper_bound\":101.0}}}}}}' > '{dir}/estimates.json'; ",
                dir = dir.display()
            );
        }
        let _ = write!(script, "echo 'a note from the bench' >&2; exit {exit}");
        let mut cmd = Command::new("sh");
        cmd.args(["-c", &script]);
        cmd
    }

    fn fake_run(name: &str) -> (Run, Log, PathBuf) {
        let dir = std::env::temp_dir().join(format!("xtask-run-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temp dir is writable");
        let log = Log::new(File::create(dir.join("log")).expect("temp dir is writable"));
        let plan = EXPERIMENTS
            .iter()
            .filter(|e| e.bench_target == "square_attacks")
            .map(|e| (e.group.to_owned(), 1.0))
            .collect();
        let run = Run {
            progress: Progress::new(plan),
            criterion_dir: dir.join("criterion"),
            report_dir: dir.clone(),
            tables: Vec::new(),
            failures: Vec::new(),
        };
        (run, log, dir)
    }

    #[test]
    fn a_target_run_gives_a_table_per_group_in_order_and_one_for_an_unlisted_group() {
        let (mut run, log, dir) = fake_run("ok");
        let cmd = fake_bench(
            &run.criterion_dir,
            &[
                ("in-between", "between/x88"),
                ("in-between", "line/x88"),
                ("attacks-to", "super"),
                ("new-group", "ours/a"),
                ("new-group", "peer/a"),
            ],
            0,
        );
        run.target("square_attacks", cmd, &log)
            .expect("the fake bench runs");
        let groups: Vec<&str> = run.tables.iter().map(|(e, _, _)| e.group).collect();
        // `legality`, `see` and `gives-check` (also in this target) did not run: failures.
        assert_eq!(groups, ["in-between", "attacks-to", "new-group"]);
        assert_eq!(run.tables[0].1.len(), 2);
        assert!(run.tables[2]
            .2
            .contains("| peer/a | 100.0 ns | 1.0% | 10.00 | 100.00 M | 1.00x (0.98–1.02) |"));
        assert_eq!(run.failures.len(), 3, "{:?}", run.failures);
        assert!(
            run.failures[0].starts_with("legality: no criterion results"),
            "{:?}",
            run.failures
        );
        assert!(dir.join("in-between.svg").exists());
        std::fs::remove_dir_all(&dir).expect("temp dir is removable");
    }

    #[test]
    fn a_failing_target_fails_its_running_and_remaining_experiments() {
        let (mut run, log, dir) = fake_run("fail");
        let cmd = fake_bench(&run.criterion_dir, &[("in-between", "between/x88")], 101);
        run.target("square_attacks", cmd, &log)
            .expect("the fake bench runs");
        assert!(run.tables.is_empty());
        assert_eq!(run.failures.len(), 5, "{:?}", run.failures);
        assert_eq!(
            run.failures[0],
            "in-between: bench target `square_attacks` failed (exit status: 101)"
        );
        std::fs::remove_dir_all(&dir).expect("temp dir is removable");
    }
}
