//! The report of a run: its opening (the machine, the build, the measurement), the sections
//! in report order, `target/bench-report/report.md`, and the page a full run writes to
//! `docs/BENCHMARKS.md`.

use std::fmt::Write as _;
use std::path::Path;

use super::machine::Machine;
use crate::experiments::Timing;
use crate::Error;

/// The page a full run writes, relative to the workspace root.
pub(super) const PAGE: &str = "docs/BENCHMARKS.md";

/// How a run was measured and on what, as list items: the CPU, BMI2, the compiler and
/// profile, the build flags and criterion's settings.
pub(super) fn measurement(
    machine: &Machine,
    quick: bool,
    timing: Timing,
    native: Option<&str>,
) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "- CPU: {} ({} cores)", machine.cpu, machine.cores);
    let _ = writeln!(
        s,
        "- BMI2: {} in the CPU flags; {} for this build (`target_feature = \"bmi2\"`)",
        if machine.cpu_bmi2 {
            "present"
        } else {
            "absent"
        },
        if machine.build_bmi2 {
            "enabled"
        } else {
            "not enabled"
        },
    );
    let _ = writeln!(
        s,
        "- Compiler: {}, `bench` profile for every side, ours and the peers alike: the \
         release profile without overflow checks, at one codegen unit, no LTO, as each \
         crate's users build it for speed",
        machine.rustc
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
         full run the fast method groups, lookups, latency and perfect lines, warm up for \
         0.1 s and measure for 0.3 s){}",
        if quick {
            " (`--quick`, a smoke run: rough figures)"
        } else {
            ""
        },
        timing.args().join(" "),
        if quick {
            format!(
                "; python-chess left out of `pgn_fens`, its Syzygy probes timed for {} rounds",
                crate::syzygy_python::ROUNDS[1]
            )
        } else {
            String::new()
        },
    );
    s
}

/// The report's opening: the machine, the build and the measurement, so figures can be
/// compared, and how to read the tables.
pub(super) fn header(measurement: &str, log: &Path) -> String {
    let mut s = String::from("# Benchmark report\n\n");
    s.push_str(measurement);
    let _ = writeln!(s, "- Criterion's own output: `{}`", log.display());
    let _ = writeln!(s, "\n{}", crate::table::LEGEND);
    s
}

/// The sections of a run's report, each markdown starting with its own `##` heading (or
/// empty).
#[derive(Clone, Debug, Default)]
pub(super) struct Report {
    /// The opening ([`header`]).
    pub(super) header: String,
    /// Every peer ratio of the criterion tables (`table::render_summary`).
    pub(super) summary: String,
    /// Perft against the peers, interleaved in one process.
    pub(super) interleaved: String,
    /// Each experiment's table (and chart), in run order.
    pub(super) tables: Vec<String>,
    /// The sliding-attack methods against the papers (`methods_report`).
    pub(super) methods: String,
    /// The whole-process PGN figures (`pgn_scale`).
    pub(super) scale: String,
}

impl Report {
    /// `target/bench-report/report.md`: the opening, the peers' summary, perft interleaved,
    /// every table, the methods against the papers, the PGN figures.
    pub(super) fn markdown(&self) -> String {
        let mut report = self.header.clone();
        report.push_str(&self.summary);
        report.push_str(&self.interleaved);
        for table in &self.tables {
            report.push('\n');
            report.push_str(table);
        }
        report.push_str(&self.methods);
        report.push_str(&self.scale);
        report
    }

    /// The page of `docs/BENCHMARKS.md`: how and where the figures were measured, then every
    /// comparison with a peer (the criterion ratios, perft interleaved, the whole-process PGN
    /// figures: best round and median of rounds), then every table of the report. The
    /// charts stay in `target/bench-report` beside the report, so their lines are left out.
    pub(super) fn page(&self, machine: &Machine, measurement: &str) -> String {
        let mut s = String::from("# Benchmarks\n\n");
        let _ = writeln!(
            s,
            "This page is written by `cargo xtask bench` at the end of a full run (`--quick` \
             leaves it as it is), from the run's report, `target/bench-report/report.md`, \
             which also has a chart per table. Do not edit it by hand: run the command again.\n"
        );
        let _ = writeln!(s, "## How and where this was measured\n");
        let _ = writeln!(
            s,
            "- Command: `cargo xtask bench` on commit {}, {}",
            machine.commit, machine.date
        );
        s.push_str(measurement);
        let _ = writeln!(s, "\n{}", crate::table::LEGEND);
        for section in [&self.summary, &self.interleaved, &self.scale] {
            s.push_str(section);
        }
        for table in &self.tables {
            s.push('\n');
            s.push_str(table);
        }
        s.push_str(&self.methods);
        without_charts(&s)
    }
}

/// `text` without the lines that show a chart (`![title](group.svg)`) and without blank
/// lines left doubled where they stood.
fn without_charts(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        if line.starts_with("![") && line.ends_with(".svg)") {
            continue;
        }
        if line.is_empty() && out.ends_with("\n\n") {
            continue;
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// Writes `text` to `path`, creating its directory.
pub(super) fn write(path: &Path, text: &str) -> Result<(), Error> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()).into())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn machine() -> Machine {
        Machine {
            cpu: "Example CPU 9000".to_owned(),
            cores: 2,
            cpu_bmi2: true,
            build_bmi2: true,
            rustc: "rustc 1.99.0".to_owned(),
            date: "2026-11-25 18:00 UTC".to_owned(),
            commit: "0123abc".to_owned(),
        }
    }

    fn report(measurement: &str) -> Report {
        Report {
            header: header(measurement, Path::new("target/bench-report/criterion.log")),
            summary: "\n## Against the peers (one run)\n\n| table | ours | peer | ratio |\n\
                      |---|---|---|---:|\n| perft | chessbits/start-6: 1 G nodes/s | \
                      cozy-chess/start-6: 500 M nodes/s | **2.00x** (1.90–2.10) |\n"
                .to_owned(),
            interleaved: "\n## Perft against the peers, interleaved in one process\n\n\
                          | position | peer | ratio (best; median) |\n|---|---|---:|\n\
                          | start, 5 | shakmaty | **1.30x**; 1.29x |\n"
                .to_owned(),
            tables: vec![
                "## Perft with bulk counting\n\n| benchmark | time |\n|---|---|\n| a | 1 s |\n\n\
                 ![Perft with bulk counting](perft.svg)\n"
                    .to_owned(),
                "## Sliding-piece attack lookups\n\n| benchmark | time |\n|---|---|\n| b | 2 s |\n"
                    .to_owned(),
            ],
            methods: "\n## The papers' claims beside our figures\n\nclaims\n".to_owned(),
            scale: "\n## PGN as users run it (`chessbits pgn`, whole processes)\n\n\
                    | input | peer | ratio (best; median) |\n|---|---|---:|\n\
                    | master games | pgn_peer | **2.27x**; 2.27x |\n"
                .to_owned(),
        }
    }

    #[test]
    fn the_report_keeps_its_order() {
        let m = measurement(&machine(), false, crate::experiments::FULL, None);
        let text = report(&m).markdown();
        assert!(text.starts_with("# Benchmark report\n\n- CPU: Example CPU 9000 (2 cores)\n"));
        assert!(text.contains("- Criterion's own output: `target/bench-report/criterion.log`"));
        let at = |needle: &str| text.find(needle).expect(needle);
        assert!(at("## Against the peers") < at("## Perft against the peers"));
        assert!(at("## Perft against the peers") < at("## Perft with bulk counting"));
        assert!(at("## Sliding-piece") < at("## The papers' claims"));
        assert!(at("## The papers' claims") < at("## PGN as users run it"));
        assert!(text.contains("(perft.svg)"));
    }

    #[test]
    fn the_page_says_how_and_where_then_gives_every_ratio_and_table() {
        let m = measurement(&machine(), false, crate::experiments::FULL, None);
        let page = report(&m).page(&machine(), &m);
        assert!(page.starts_with("# Benchmarks\n\nThis page is written by `cargo xtask bench`"));
        for needle in [
            "- Command: `cargo xtask bench` on commit 0123abc, 2026-11-25 18:00 UTC",
            "- CPU: Example CPU 9000 (2 cores)",
            "- Compiler: rustc 1.99.0, `bench` profile for every side",
            "without overflow checks",
            "- Build flags: ",
            "- Measurement: `--warm-up-time 0.15 --measurement-time 0.6 --nresamples 10000`",
            crate::table::LEGEND,
            "| perft | chessbits/start-6: 1 G nodes/s | cozy-chess/start-6: 500 M nodes/s | **2.00x** (1.90–2.10) |",
            "| start, 5 | shakmaty | **1.30x**; 1.29x |",
            "| master games | pgn_peer | **2.27x**; 2.27x |",
            "| a | 1 s |",
            "| b | 2 s |",
            "claims",
        ] {
            assert!(page.contains(needle), "{needle:?} not in\n{page}");
        }
        // The peers first, then every table; no chart (its file is not beside the page), no
        // local path, no doubled blank line.
        let at = |needle: &str| page.find(needle).expect(needle);
        assert!(at("## How and where") < at("## Against the peers"));
        assert!(at("## Perft against the peers") < at("## PGN as users run it"));
        assert!(at("## PGN as users run it") < at("## Perft with bulk counting"));
        assert!(!page.contains(".svg"), "{page}");
        assert!(!page.contains("criterion.log"), "{page}");
        assert!(!page.contains("\n\n\n"), "{page}");
    }

    #[test]
    fn the_page_is_written_where_asked() {
        let dir = std::env::temp_dir().join(format!("xtask-page-{}", std::process::id()));
        let path = dir.join("docs").join("BENCHMARKS.md");
        write(&path, "# Benchmarks\n").expect("temp dir is writable");
        assert_eq!(
            std::fs::read_to_string(&path).expect("just written"),
            "# Benchmarks\n"
        );
        std::fs::remove_dir_all(&dir).expect("temp dir is removable");
    }
}
