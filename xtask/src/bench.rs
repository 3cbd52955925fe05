//! `cargo xtask bench [--quick]`: run the criterion benchmarks of the `benches` package and
//! the whole-process perft and PGN figures, and turn them into a markdown report.
//!
//! A run, in order (one module each):
//! 1. [`build`]: the command line and its peer programs, then the bench executables, with the
//!    `bench` profile (no overflow checks, ours and the peers alike).
//! 2. [`machine`] and [`report`]: the report's opening, printed at once: the CPU, the
//!    compiler and profile, the build flags, criterion's settings.
//! 3. [`measure`]: each bench executable in turn ([`crate::experiments`] lists what they
//!    measure), its output into `target/bench-report/criterion.log`, each experiment's table
//!    printed when its group is done; then perft interleaved in one process and as whole
//!    processes ([`crate::perft_scale`]), the PGN figures ([`crate::pgn_scale`]), and
//!    chessbits for Python against python-chess
//!    ([`crate::python_bench`]), and `chessbits analyse` against a python-chess engine
//!    loop ([`crate::analyse_bench`]).
//! 4. [`report`]: the whole report, printed and written to `target/bench-report/report.md`;
//!    a full run also writes it to `docs/BENCHMARKS.md` (a `--quick` run's figures are
//!    rough, so it leaves that page alone).

mod build;
mod machine;
mod measure;
mod report;

use std::fs::File;
use std::io::Write as _;
use std::process::Command;

use crate::experiments::{
    methods_target, skipped, Experiment, EXPERIMENTS, FULL, INTERLEAVED, PERFT_SCALE, PGN_SCALE,
    QUICK,
};
use crate::progress::clock;
use crate::results::Row;
use crate::runner::Log;
use crate::table::render_summary;
use crate::Error;

use machine::Machine;
use measure::Run;
use report::Report;

/// Runs the benchmarks, printing progress and each table as it is ready, then prints and
/// writes the whole report.
pub(crate) fn run(quick: bool) -> Result<(), Error> {
    let root = crate::workspace_root();
    let native = build::native_build();
    let target_dir = build::target_dir(&root);
    let report_dir = target_dir.join("bench-report");
    let build_dir = build::build_dir(&root, native.as_deref());
    std::fs::create_dir_all(&report_dir)
        .map_err(|e| format!("cannot create {}: {e}", report_dir.display()))?;
    let log_path = report_dir.join("criterion.log");
    let log = Log::new(
        File::create(&log_path)
            .map_err(|e| format!("cannot create {}: {e}", log_path.display()))?,
    );
    let timing = if quick { QUICK } else { FULL };

    let experiments: Vec<&Experiment> = EXPERIMENTS
        .iter()
        .filter(|e| match skipped(e) {
            Some(why) => {
                eprintln!("cargo xtask bench: skipping `{}`: {why}", e.group);
                false
            }
            None => true,
        })
        .collect();
    let mut targets: Vec<&str> = experiments.iter().map(|e| e.bench_target).collect();
    targets.dedup();
    let mut to_build = targets.clone();
    to_build.push(INTERLEAVED.0);
    eprintln!(
        "cargo xtask bench{}: building the command line and its peer for the PGN figures, \
         then the benchmarks, then {} experiments; criterion's output goes to {}",
        if quick { " --quick" } else { "" },
        experiments.len() + 2,
        log_path.display()
    );
    // The command line and its peer build first, in a cargo run of their own (see
    // `build::build`), then the benchmarks, in the same target directory.
    let built = build::build(&root, &build_dir, native.as_deref(), &to_build)?;

    let machine = Machine::describe(&root, native.as_deref())?;
    let measurement = report::measurement(&machine, quick, timing, native.as_deref());
    let header = report::header(&measurement, &log_path);
    print!("{header}");
    let _ = std::io::stdout().flush();
    let slot = usize::from(quick);
    let mut plan: Vec<(String, f64)> = experiments
        .iter()
        .map(|e| (e.group.to_owned(), e.expected_secs[slot]))
        .collect();
    plan.push((INTERLEAVED.0.to_owned(), INTERLEAVED.1[slot]));
    plan.push((PERFT_SCALE.0.to_owned(), PERFT_SCALE.1[slot]));
    plan.push((PGN_SCALE.0.to_owned(), PGN_SCALE.1[slot]));
    let mut run = Run::new(plan, build_dir.join("criterion"), report_dir.clone(), quick);
    for target in &targets {
        let exe = built
            .executables
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
    let mut interleaved = run.interleaved(
        built.executables.get(INTERLEAVED.0).map(AsRef::as_ref),
        &root.join("benches"),
        quick,
    );
    interleaved.push_str(&run.perft_scale(&built.programs, quick));
    let mut scale = run.pgn_scale(&root, &target_dir, &built.programs, quick);
    // chessbits for Python against python-chess, beside the PGN figures (skipped with a
    // notice where Python, its packages or the data are missing).
    run.progress
        .transient("      chessbits for Python against python-chess (crates/python/bench)");
    scale.push_str(&crate::python_bench::section(&root, quick));
    scale.push_str(&crate::wasm_bench::section(&root, &built.programs, quick));
    // `chessbits analyse` against python-chess's engine loop (skipped with a notice where
    // Stockfish, python-chess or the data are missing).
    run.progress
        .transient("      chessbits analyse against a python-chess engine loop (Stockfish)");
    scale.push_str(&crate::analyse_bench::section(
        &root,
        &built.programs,
        quick,
    ));

    let experiments: Vec<(&Experiment, &[Row])> = run
        .tables
        .iter()
        .map(|(e, rows, _)| (e, rows.as_slice()))
        .collect();
    let report = Report {
        header,
        summary: render_summary(&experiments),
        interleaved,
        tables: run
            .tables
            .iter()
            .map(|(_, _, table)| table.clone())
            .collect(),
        methods: crate::methods_report::render(&run.results(), &report_dir),
        scale,
    };
    let text = report.markdown();
    let out = report_dir.join("report.md");
    report::write(&out, &text)?;
    run.progress.line(&format!(
        "\nThe whole report ({} spent), also in {}; criterion's output in {}:\n",
        clock(run.progress.elapsed()),
        out.display(),
        log_path.display()
    ));
    print!("{text}");
    let _ = std::io::stdout().flush();
    let page = root.join(report::PAGE);
    if quick {
        run.progress.line(&format!(
            "\n--quick: rough figures, so {} is left as it was (a full run writes it)",
            report::PAGE
        ));
    } else if run.failures.is_empty() {
        report::write(&page, &report.page(&machine, &measurement))?;
        run.progress
            .line(&format!("\nThe figures are also in {}", page.display()));
    } else {
        run.progress.line(&format!(
            "\nSome experiments failed, so {} is left as it was",
            report::PAGE
        ));
    }
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
