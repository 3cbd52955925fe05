//! Running the experiments: each bench executable with its output (criterion's stream) into
//! the log, a table (and a chart) printed as soon as its group is done (the Syzygy table
//! with python-chess's rows, measured then: [`crate::syzygy_python`]; the `pgn_fens` table
//! with python-chess's row: [`crate::fens_python`]), then perft interleaved in one process
//! and the whole-process PGN figures.
//!
//! Criterion announces every benchmark it starts ([`crate::runner`]); when the first
//! benchmark of a new group starts, the group before it is finished, so its table is printed
//! at once (a bench file must run each group's benchmarks together, in one block). Progress
//! lines on stderr say which experiment of how many is running, the time spent and the time
//! left ([`crate::progress`]).

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, SystemTime};

use crate::experiments::{self, Experiment, EXPERIMENTS, INTERLEAVED, PERFT_SCALE, PGN_SCALE};
use crate::fens_python;
use crate::progress::Progress;
use crate::results::{read_group, Row};
use crate::runner::{self, Event, Log};
use crate::syzygy_python;
use crate::table::render_table;
use crate::Error;

/// The state of a run: progress, and the tables so far.
pub(super) struct Run {
    pub(super) progress: Progress,
    pub(super) criterion_dir: PathBuf,
    pub(super) report_dir: PathBuf,
    /// A `--quick` run (fewer rounds of python-chess's Syzygy probes).
    pub(super) quick: bool,
    /// Each experiment's rows and markdown (table and chart), in run order.
    pub(super) tables: Vec<(Experiment, Vec<Row>, String)>,
    /// What failed, one line each.
    pub(super) failures: Vec<String>,
}

impl Run {
    /// A run that has measured nothing yet, with `plan` for its progress lines.
    pub(super) fn new(
        plan: Vec<(String, f64)>,
        criterion_dir: PathBuf,
        report_dir: PathBuf,
        quick: bool,
    ) -> Self {
        Run {
            progress: Progress::new(plan),
            criterion_dir,
            report_dir,
            quick,
            tables: Vec::new(),
            failures: Vec::new(),
        }
    }

    /// Results by group, for `methods_report`.
    pub(super) fn results(&self) -> crate::methods_report::Results<'static> {
        self.tables
            .iter()
            .map(|(e, rows, _)| (e.group, rows.clone()))
            .collect()
    }

    /// Runs one bench executable, printing each experiment's table when its group is done.
    pub(super) fn target(&mut self, target: &str, cmd: Command, log: &Log) -> Result<(), Error> {
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
                let next = experiments::lookup(target, group);
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
        let table = rows.and_then(|mut rows| {
            let mut note = table_note(experiment.group);
            if experiment.group == syzygy_python::GROUP {
                // The bench executable has ended (the group is its only one).
                self.progress
                    .transient("      python-chess's Syzygy probes (benches/python)");
                let rounds = syzygy_python::ROUNDS[usize::from(self.quick)];
                note.push_str(&syzygy_python::add_rows(
                    &self.report_dir,
                    since,
                    rounds,
                    &mut rows,
                ));
            }
            if experiment.group == fens_python::GROUP && !self.quick {
                // The bench wrote the input before the group ran.
                self.progress
                    .transient("      python-chess's FEN rows (benches/python/pgn_fens.py)");
                note.push_str(&fens_python::add_rows(
                    &self.report_dir,
                    since,
                    fens_python::ROUNDS,
                    &mut rows,
                ));
            }
            let mut table = render_table(experiment, &rows, &note);
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

    /// Runs perft interleaved in one process ([`INTERLEAVED`]), whose executable prints its
    /// own table; returns that section of the report, or one that says why it failed.
    pub(super) fn interleaved(
        &mut self,
        exe: Option<&Path>,
        benches: &Path,
        quick: bool,
    ) -> String {
        self.progress.start(INTERLEAVED.0, INTERLEAVED.0);
        let section = match exe {
            Some(exe) => {
                let mut cmd = Command::new(exe);
                cmd.current_dir(benches).arg("--bench");
                if quick {
                    cmd.env("CHESSBITS_BENCH_QUICK", "1");
                }
                match cmd.stderr(Stdio::inherit()).output() {
                    Ok(o) if o.status.success() => {
                        Ok(String::from_utf8_lossy(&o.stdout).into_owned())
                    }
                    Ok(o) => Err(format!("{} failed ({})", INTERLEAVED.0, o.status)),
                    Err(e) => Err(format!("cannot run {}: {e}", INTERLEAVED.0)),
                }
            }
            None => Err(format!(
                "cargo built no executable for bench target `{}`",
                INTERLEAVED.0
            )),
        };
        match section {
            Ok(section) => {
                self.progress.finish(INTERLEAVED.0, "done");
                print!("{section}");
                let _ = std::io::stdout().flush();
                section
            }
            Err(e) => {
                self.progress.finish(INTERLEAVED.0, &format!("FAILED: {e}"));
                self.failures.push(format!("{}: {e}", INTERLEAVED.0));
                format!("\n## Perft against the peers, interleaved in one process\n\nFailed: {e}\n")
            }
        }
    }

    /// Runs the whole-process PGN figures ([`crate::pgn_scale`]) with the programs built for
    /// them; returns their section of the report, or one that says why they failed.
    /// Perft against its peers as whole processes ([`crate::perft_scale`]): `chessbits`
    /// and `perft_peer` among the programs built.
    pub(super) fn perft_scale(&mut self, programs: &[PathBuf], quick: bool) -> String {
        self.progress.start(PERFT_SCALE.0, PERFT_SCALE.0);
        let exe = |bin: &str| {
            crate::pgn_scale::PROGRAMS
                .iter()
                .position(|(_, b)| *b == bin)
                .and_then(|i| programs.get(i))
                .ok_or_else(|| format!("no `{bin}` among the programs built"))
        };
        let section = exe("chessbits").and_then(|chessbits| {
            let peer = exe("perft_peer")?;
            crate::perft_scale::run(chessbits, peer, quick).map_err(|e| e.to_string())
        });
        match section {
            Ok(section) => {
                self.progress.finish(PERFT_SCALE.0, "done");
                print!("{section}");
                let _ = std::io::stdout().flush();
                section
            }
            Err(e) => {
                self.progress.finish(PERFT_SCALE.0, &format!("FAILED: {e}"));
                self.failures.push(format!("{}: {e}", PERFT_SCALE.0));
                format!("\n## Perft against the peers, whole processes\n\nFailed: {e}\n")
            }
        }
    }

    pub(super) fn pgn_scale(
        &mut self,
        root: &Path,
        target_dir: &Path,
        programs: &[PathBuf],
        quick: bool,
    ) -> String {
        self.progress.start(PGN_SCALE.0, PGN_SCALE.0);
        match crate::pgn_scale::run(root, target_dir, programs, quick) {
            Ok(section) => {
                self.progress.finish(PGN_SCALE.0, "done");
                print!("{section}");
                section
            }
            Err(e) => {
                self.progress.finish(PGN_SCALE.0, &format!("FAILED: {e}"));
                self.failures.push(format!("{}: {e}", PGN_SCALE.0));
                format!("\n## PGN at scale (`chessbits pgn`)\n\nFailed: {e}\n")
            }
        }
    }
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
    use std::fmt::Write as _;
    use std::fs::File;

    use super::*;

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
            quick: false,
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
