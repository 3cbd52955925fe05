//! `cargo xtask bench [--quick]`: run the criterion benchmarks of the `benches` package and
//! turn criterion's JSON estimates into a markdown report.
//!
//! Each [`Experiment`] is one criterion benchmark group and becomes one table. To add an
//! experiment, add a group to a bench target in `benches/benches/` and an entry to
//! [`EXPERIMENTS`]; the runner, the JSON reading and the table layout are shared.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::SystemTime;

use crate::results::{read_group, Row};
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
    },
    Experiment {
        bench_target: "perft",
        group: "perft",
        title: "Perft with bulk counting, against cozy-chess and shakmaty",
        description: "Single thread, the same positions in one run: perft(start, 6) and \
                  perft(Kiwipete, 5), the last ply counted rather than played; each \
                  library's count is checked against the published figure first.",
        unit: "node",
    },
    Experiment {
        bench_target: "perft",
        group: "perft-full",
        title: "Perft without bulk counting (every leaf made), against shakmaty",
        description: "Single thread: perft(start, 5) and perft(Kiwipete, 4), every leaf \
                  played with make/unmake (chessbits) or copy-make (shakmaty).",
        unit: "node",
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
    },
    Experiment {
        bench_target: "pgn",
        group: "pgn_read_moves",
        title: "PGN reading in moves/s, against pgn-reader + shakmaty",
        description: "The same runs as the table above, counted in mainline moves \
                  (166,732 per iteration).",
        unit: "move",
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
    },
    Experiment {
        bench_target: "methods",
        group: "methods-latency",
        title: "Sliding-attack methods: lookups as a dependent chain (latency)",
        description: "The same pairs, each lookup's square depending on the previous result \
                  (through an AND with an opaque zero, which adds two operations).",
        unit: "lookup",
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
    },
    Experiment {
        bench_target: "methods",
        group: "methods-perft",
        title: "Sliding-attack methods: perft(Kiwipete, 4) with bulk counting",
        description: "Legal generation, make and unmake; each method's occupancy is kept up \
                  to date beside the position in every make and unmake (the rotated boards' \
                  upkeep is timed).",
        unit: "node",
    },
    Experiment {
        bench_target: "methods",
        group: "methods-queen-random",
        title: "Sliding-attack methods: queen lookups on random squares and occupancies (Chess_Movegen's measure)",
        description: "100,000 random occupancies (`rand & rand`), each prepared for the method \
                  (rotated: built from scratch) and asked 12 queen lookups on random squares.",
        unit: "lookup",
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
    },
    Experiment {
        bench_target: "square_attacks",
        group: "in-between",
        title: "In-between and line sets, four ways (the Chess Programming Wiki's \"Square Attacked By\")",
        description: "All 4,096 square pairs per iteration.",
        unit: "pair",
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
    },
    Experiment {
        bench_target: "square_attacks",
        group: "legality",
        title: "Legality of a move from elsewhere",
        description: "Every pseudo-legal move of the 1,000 middlegame positions, legal or not: \
                  `chessbits_movegen::is_legal` (no move list) against generating all legal moves and \
                  searching the list.",
        unit: "move",
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
    },
    Experiment {
        bench_target: "square_attacks",
        group: "gives-check",
        title: "Gives check, without playing the move",
        description: "Every legal move of the 1,000 middlegame positions: \
                  `chessbits_movegen::gives_check` against make, `is_check`, unmake.",
        unit: "move",
    },
];

/// Criterion arguments for `--quick`: short warm-up and measurement, enough for a table.
const QUICK_ARGS: &[&str] = &["--warm-up-time", "0.3", "--measurement-time", "1"];

/// Runs the benchmarks, then prints and writes the report.
pub(crate) fn run(quick: bool) -> Result<(), Error> {
    let root = crate::workspace_root();
    let native = native_build();
    let report_dir = target_dir(&root).join("bench-report");
    let target_dir = match &native {
        // A separate directory, so that the native build does not replace the artifacts of
        // the ordinary builds (cargo rebuilds everything when RUSTFLAGS change).
        Some(_) => target_dir(&root).join("native"),
        None => target_dir(&root),
    };
    std::fs::create_dir_all(&report_dir)
        .map_err(|e| format!("cannot create {}: {e}", report_dir.display()))?;
    let started = SystemTime::now();

    let mut targets: Vec<&str> = EXPERIMENTS.iter().map(|e| e.bench_target).collect();
    targets.dedup();
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let mut cmd = Command::new(cargo);
    cmd.current_dir(&root)
        .args(["bench", "--package", "benches"]);
    for target in &targets {
        cmd.args(["--bench", target]);
    }
    cmd.arg("--");
    if quick {
        cmd.args(QUICK_ARGS);
        cmd.env("CHESSBITS_BENCH_QUICK", "1");
    }
    cmd.env("CHESSBITS_REPORT_DIR", &report_dir);
    if let Some(flags) = &native {
        cmd.env("RUSTFLAGS", flags)
            .env("CARGO_TARGET_DIR", &target_dir);
    }
    eprintln!("running {cmd:?}");
    let status = cmd
        .status()
        .map_err(|e| format!("cannot run cargo bench: {e}"))?;
    if !status.success() {
        return Err(format!("cargo bench failed ({status})").into());
    }

    let criterion_dir = target_dir.join("criterion");
    let mut report = header(quick, native.as_deref())?;
    let mut results = crate::methods_report::Results::new();
    for experiment in EXPERIMENTS {
        let rows = read_group(&criterion_dir, experiment.group, Some(started))?;
        report.push('\n');
        report.push_str(&render_table(experiment, &rows));
        report.push_str(&write_chart(&report_dir, experiment, &rows)?);
        results.insert(experiment.group, rows);
    }
    report.push_str(&crate::methods_report::render(&results, &report_dir));
    // An ordinary (not native) build of the command line, as users run it.
    report.push_str(&crate::pgn_scale::run(
        &root,
        &self::target_dir(&root),
        quick,
    )?);
    print!("{report}");
    let out_dir = report_dir;
    let out = out_dir.join("report.md");
    std::fs::write(&out, &report).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    eprintln!("wrote {}", out.display());
    Ok(())
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

/// The report's opening: the machine and the build, so figures can be compared.
fn header(quick: bool, native: Option<&str>) -> Result<String, Error> {
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
    let _ = writeln!(s, "- Compiler: {rustc}, `cargo bench` profile");
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
        "- Measurement: {}",
        if quick {
            "quick (`--warm-up-time 0.3 --measurement-time 1`; python-chess left out; the \
             sliding-attack method groups 0.1 s warm-up, 0.25 s measurement)"
        } else {
            "criterion defaults (the sliding-attack method groups: 1 s warm-up, 3 s \
             measurement)"
        }
    );
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

/// The markdown table of one experiment.
pub(crate) fn render_table(experiment: &Experiment, rows: &[Row]) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "## {}\n", experiment.title);
    let _ = writeln!(
        s,
        "{}{}\n",
        experiment.description,
        table_note(experiment.group)
    );
    let unit = experiment.unit;
    let _ = writeln!(
        s,
        "| benchmark | time per iteration | ns per {unit} | {unit}s/s |"
    );
    s.push_str("|---|---:|---:|---:|\n");
    for row in rows {
        let ns = row.ns_per_element();
        let _ = writeln!(
            s,
            "| {} | {} | {:.2} | {} |",
            row.name,
            human_time(row.iteration_ns),
            ns,
            human_rate(1e9 / ns)
        );
    }
    s
}

/// `1.23 s`, `45.6 ms`, `789 ns`: a duration given in nanoseconds.
fn human_time(ns: f64) -> String {
    if ns >= 1e9 {
        format!("{:.3} s", ns / 1e9)
    } else if ns >= 1e6 {
        format!("{:.2} ms", ns / 1e6)
    } else if ns >= 1e3 {
        format!("{:.2} µs", ns / 1e3)
    } else {
        format!("{ns:.1} ns")
    }
}

/// `1.23 G`, `456.7 M`, ...: a rate with an SI prefix.
fn human_rate(per_second: f64) -> String {
    if !per_second.is_finite() {
        return "-".to_owned();
    }
    let (value, prefix) = if per_second >= 1e9 {
        (per_second / 1e9, "G")
    } else if per_second >= 1e6 {
        (per_second / 1e6, "M")
    } else if per_second >= 1e3 {
        (per_second / 1e3, "k")
    } else {
        (per_second, "")
    };
    format!("{value:.2} {prefix}")
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
                elements: 1024
            }]
        );
        let table = render_table(&EXPERIMENTS[0], &rows);
        assert!(
            table.contains("| magic/rook | 2.05 µs | 2.00 | 500.00 M |"),
            "{table}"
        );
    }

    #[test]
    fn missing_results_are_an_error() {
        let dir = std::env::temp_dir().join("xtask-bench-test-missing");
        assert!(read_group(&dir, "sliding", None).is_err());
    }
}
