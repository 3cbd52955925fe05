//! The part of the benchmark report that compares the sliding-attack methods with the claims
//! of the source papers and with the C++ figures of the Chess_Movegen comparison, plus each
//! method's table memory (from `table-bytes.tsv`, which the `methods` benchmark writes).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use crate::results::Row;

/// Criterion groups this module reads (all in the `methods` bench target).
pub(crate) const MOVEGEN: &str = "methods-movegen";
pub(crate) const PERFT: &str = "methods-perft";
pub(crate) const QUEEN_RANDOM: &str = "methods-queen-random";
pub(crate) const PERFECT_LINES: &str = "perfect-lines";

/// The Chess_Movegen figures (million queen lookups per second, random squares and
/// occupancies, one thread) measured on the report's machine, with our method of the same
/// algorithm, if any.
const CPP: &[(&str, f64, Option<&str>)] = &[
    ("PEXT", 1099.0, Some("pext")),
    ("fancy magic", 738.0, Some("magic")),
    ("Kogge-Stone", 693.0, Some("kogge-stone")),
    ("hyperbola quintessence", 529.0, Some("hyperbola")),
    ("hyperbola quintessence (inline)", 599.0, Some("hyperbola")),
    ("black magic", 271.0, None),
    ("rotated bitboards", 30.0, Some("rotated")),
];

/// The goal: each method at least this fraction of the C++ figure.
const GOAL: f64 = 0.8;

/// Results by group, as read by `results::read_group`.
pub(crate) type Results<'a> = BTreeMap<&'a str, Vec<Row>>;

/// Elements per second of benchmark `name` in `group`.
fn rate(results: &Results<'_>, group: &str, name: &str) -> Option<f64> {
    results
        .get(group)?
        .iter()
        .find(|r| r.name == name)
        .map(|r| r.elements as f64 / r.iteration_ns * 1e9)
}

/// Time per element of benchmark `name` in `group`, in nanoseconds.
fn time(results: &Results<'_>, group: &str, name: &str) -> Option<f64> {
    rate(results, group, name).map(|r| 1e9 / r)
}

/// Time per element of `method` in `group`, whose benchmarks are named `method` or
/// `method/<input>`.
fn method_time(results: &Results<'_>, group: &str, method: &str) -> Option<f64> {
    let rows = results.get(group)?;
    let row = rows
        .iter()
        .find(|r| r.name == method || r.name.split('/').next() == Some(method))?;
    Some(row.iteration_ns / row.elements as f64)
}

/// `(baseline - ours) / baseline` as the papers state it: how much less time.
fn improvement(baseline: f64, ours: f64) -> f64 {
    (baseline - ours) / baseline
}

fn percent(x: Option<f64>) -> String {
    x.map_or_else(|| "-".to_owned(), |x| format!("{:+.1}%", 100.0 * x))
}

/// The report section; empty when none of the groups ran.
pub(crate) fn render(results: &Results<'_>, report_dir: &Path) -> String {
    let mut s = String::new();
    if results.contains_key(MOVEGEN) || results.contains_key(PERFECT_LINES) {
        s.push_str(&claims(results));
    }
    if results.contains_key(QUEEN_RANDOM) {
        s.push_str(&against_cpp(results));
    }
    if let Ok(tsv) = std::fs::read_to_string(report_dir.join("table-bytes.tsv")) {
        s.push_str(&table_bytes(&tsv));
    }
    if results.contains_key(PERFT) {
        s.push_str(&fastest(results));
    }
    s
}

/// Tannous 2007 (Table 1) and Fenner & Levene 2008 (Table 4) beside our figures.
fn claims(results: &Results<'_>) -> String {
    let mut s = String::from("\n## The papers' claims beside our figures\n\n");
    s.push_str(
        "Improvement = (time of the baseline - time of the method) / time of the baseline, \
         as both papers compute it; negative means slower than the baseline.\n\n",
    );
    s.push_str("| claim | baseline | method | paper | ours |\n|---|---|---|---:|---:|\n");
    for (group, what) in [
        (MOVEGEN, "pseudo-legal generation, 1,000 middlegames"),
        (PERFT, "perft with make/unmake (rotated boards maintained)"),
    ] {
        for direct in ["direct", "direct-dense"] {
            let ours = method_time(results, group, "rotated")
                .zip(method_time(results, group, direct))
                .map(|(rotated, d)| improvement(rotated, d));
            let _ = writeln!(
                s,
                "| Tannous 2007, Table 1: direct lookup vs rotated bitboards, {what} | rotated | \
                 {direct} | 10% to 15% (11.9% to 22.9% by machine) | {} |",
                percent(ours)
            );
        }
    }
    for (line, hash, paper) in [
        ("file", "h1", "+51.61%"),
        ("file", "h1-minimal", "(not measured; ĥ1 costs an addition)"),
        ("file", "h1-direct", "(further improvement expected, §3.1)"),
        ("a1h8", "h1", "+21.05%"),
        ("a1h8", "h1-minimal", "+15.72%"),
        ("a1h8", "h1-direct", "(further improvement expected, §3.1)"),
        ("a8h1", "h2", "+50.53%"),
        (
            "a8h1",
            "h2-minimal",
            "(not measured; ĥ2 costs an addition and a shift)",
        ),
        ("a8h1", "h2-direct", "(further improvement expected, §3.1)"),
    ] {
        let ours = time(results, PERFECT_LINES, &format!("{line}/loop"))
            .zip(time(results, PERFECT_LINES, &format!("{line}/{hash}")))
            .map(|(looped, hashed)| improvement(looped, hashed));
        let _ = writeln!(
            s,
            "| Fenner & Levene 2008, Table 4: perfect hash vs loop, {line} | loop | {hash} | {paper} | {} |",
            percent(ours)
        );
    }
    s
}

/// Our queen lookups per second against the C++ figures.
fn against_cpp(results: &Results<'_>) -> String {
    let mut s = String::from(
        "\n## Queen lookups against the C++ Chess_Movegen figures\n\n\
         Random squares and occupancies, one thread, million queen lookups per second; the \
         C++ figures were measured on the same machine. Goal: at least 0.8x each.\n\n\
         | C++ algorithm | C++ M/s | our method | our M/s | ratio | goal |\n\
         |---|---:|---|---:|---:|---|\n",
    );
    for &(algorithm, cpp, ours) in CPP {
        let our_rate = ours
            .and_then(|m| rate(results, QUEEN_RANDOM, m))
            .map(|r| r / 1e6);
        let ratio = our_rate.map(|r| r / cpp);
        let _ = writeln!(
            s,
            "| {algorithm} | {cpp:.0} | {} | {} | {} | {} |",
            ours.unwrap_or("(not implemented)"),
            our_rate.map_or_else(|| "-".to_owned(), |r| format!("{r:.0}")),
            ratio.map_or_else(|| "-".to_owned(), |r| format!("{r:.2}x")),
            match ratio {
                Some(r) if r >= GOAL => "met",
                Some(_) => "missed",
                None => "-",
            }
        );
    }
    if let Some((name, best)) = results.get(QUEEN_RANDOM).and_then(|rows| {
        rows.iter()
            .map(|r| (r.name.as_str(), r.elements as f64 / r.iteration_ns * 1e3))
            .max_by(|a, b| a.1.total_cmp(&b.1))
    }) {
        let _ = writeln!(
            s,
            "\nFastest of ours: {name}, {best:.0} M queen lookups/s (goal: above 1,000: {}).",
            if best > 1000.0 { "met" } else { "missed" }
        );
    }
    s
}

/// The table memory of every method.
fn table_bytes(tsv: &str) -> String {
    let mut s =
        String::from("\n## Table memory by method\n\n| method | bytes | KiB |\n|---|---:|---:|\n");
    for line in tsv.lines() {
        if let Some((name, bytes)) = line.split_once('\t') {
            let kib = bytes.trim().parse::<f64>().map_or(0.0, |b| b / 1024.0);
            let _ = writeln!(s, "| {name} | {} | {kib:.1} |", bytes.trim());
        }
    }
    s
}

/// Which method generates fastest here (the README's default).
fn fastest(results: &Results<'_>) -> String {
    let Some(rows) = results.get(PERFT) else {
        return String::new();
    };
    let mut ranked: Vec<(&str, f64)> = rows
        .iter()
        .map(|r| {
            (
                r.name.split('/').next().unwrap_or(&r.name),
                r.elements as f64 / r.iteration_ns * 1e3,
            )
        })
        .collect();
    ranked.sort_by(|a, b| b.1.total_cmp(&a.1));
    let list: Vec<String> = ranked
        .iter()
        .map(|(n, r)| format!("{n} {r:.0} M nodes/s"))
        .collect();
    format!(
        "\nPerft ranking on this build (the default method should be the first): {}.\n",
        list.join(", ")
    )
}

#[cfg(test)]
mod tests {
    /// The C++ comparison names only methods the registry knows (a renamed method would
    /// otherwise drop out of the table silently).
    #[test]
    fn cpp_rows_name_registry_methods() {
        for (_, _, ours) in CPP {
            if let Some(name) = ours {
                assert!(
                    chessbits_attack_tables::METHODS
                        .iter()
                        .any(|m| m.name == *name),
                    "{name} is not in chessbits_attack_tables::METHODS"
                );
            }
        }
    }

    use super::*;

    fn row(name: &str, ns: f64, elements: u64) -> Row {
        Row {
            name: name.to_owned(),
            iteration_ns: ns,
            interval_ns: (ns, ns),
            elements,
        }
    }

    #[test]
    fn ratios_and_claims() {
        let mut results = Results::new();
        results.insert(
            MOVEGEN,
            vec![row("rotated", 1000.0, 10), row("direct", 880.0, 10)],
        );
        results.insert(
            PERFECT_LINES,
            vec![row("file/loop", 100.0, 1), row("file/h1", 50.0, 1)],
        );
        results.insert(
            QUEEN_RANDOM,
            vec![row("pext", 1e6, 1_100_000), row("rotated", 1e6, 20_000)],
        );
        let s = render(&results, Path::new("/nonexistent"));
        assert!(s.contains("| rotated | direct | 10% to 15%"), "{s}");
        assert!(s.contains("+12.0% |"), "{s}");
        assert!(s.contains("file | loop | h1 | +51.61% | +50.0% |"), "{s}");
        assert!(
            s.contains("| PEXT | 1099 | pext | 1100 | 1.00x | met |"),
            "{s}"
        );
        assert!(s.contains("| rotated bitboards | 30 | rotated | 20 | 0.67x | missed |"));
        assert!(s.contains("Fastest of ours: pext, 1100 M"), "{s}");
        assert!(table_bytes("magic\t864256\n").contains("| magic | 864256 | 844.0 |"));
    }
}
