//! The markdown tables of `cargo xtask bench`: one per experiment, with criterion's spread
//! and, where the experiment has a peer, every peer row as a ratio to ours from the same run;
//! and the summary of those ratios at the top of the report.
//!
//! A benchmark is ours when its function name (the part of its id before the first `/`) is
//! one of [`OURS`]; in a group that also has other functions, those are the peers. A peer
//! row is compared with our row of the same input (`chessbits/start-6` with
//! `cozy-chess/start-6`), or with our first row when no input matches
//! (`pgn-extract/fencomments` with `ours/1-thread`).

use std::fmt::Write as _;

use crate::experiments::Experiment;
use crate::results::Row;

/// The function names of our benchmarks.
pub(crate) const OURS: &[&str] = &["chessbits", "ours"];

/// How to read the tables (once, in the report's opening).
pub(crate) const LEGEND: &str = "Reading the tables: times are criterion's mean per iteration; \
     `±` is half the width of its 95% confidence interval, as a share of the mean. Where a \
     table has a peer, the last column divides our throughput on the same input by the \
     peer's, measured in the same run (above 1: ours is faster); in brackets, the range the \
     two confidence intervals allow.";

/// One peer row against our row.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Ratio {
    pub(crate) ours: String,
    pub(crate) peer: String,
    /// Our throughput divided by the peer's.
    pub(crate) ratio: f64,
    /// The lowest and highest ratio the two confidence intervals allow.
    pub(crate) range: (f64, f64),
    /// Our elements per second.
    pub(crate) ours_rate: f64,
    /// The peer's elements per second.
    pub(crate) peer_rate: f64,
}

fn is_ours(row: &Row) -> bool {
    OURS.contains(&row.function())
}

/// The ratio of every peer row to ours; empty when the group has no peer (or no row of ours).
pub(crate) fn peer_ratios(rows: &[Row]) -> Vec<Ratio> {
    let Some(first_ours) = rows.iter().find(|r| is_ours(r)) else {
        return Vec::new();
    };
    rows.iter()
        .filter(|r| !is_ours(r))
        .map(|peer| {
            let ours = rows
                .iter()
                .find(|r| is_ours(r) && r.input().is_some() && r.input() == peer.input())
                .unwrap_or(first_ours);
            // Per element, so that rows with different element counts still compare.
            let per = |row: &Row, ns: f64| ns / row.elements as f64;
            let ours_ns = per(ours, ours.iteration_ns);
            let peer_ns = per(peer, peer.iteration_ns);
            Ratio {
                ours: ours.name.clone(),
                peer: peer.name.clone(),
                ratio: peer_ns / ours_ns,
                range: (
                    per(peer, peer.interval_ns.0) / per(ours, ours.interval_ns.1),
                    per(peer, peer.interval_ns.1) / per(ours, ours.interval_ns.0),
                ),
                ours_rate: 1e9 / ours_ns,
                peer_rate: 1e9 / peer_ns,
            }
        })
        .collect()
}

fn ratio_cell(r: &Ratio, peer_input: Option<&str>) -> String {
    let mut s = format!("{:.2}x ({:.2}–{:.2})", r.ratio, r.range.0, r.range.1);
    let ours_input = r.ours.split_once('/').map(|(_, i)| i);
    if ours_input.is_none() || ours_input != peer_input {
        let _ = write!(s, " vs {}", r.ours);
    }
    s
}

/// The markdown table of one experiment; `note` is appended to its description.
pub(crate) fn render_table(experiment: &Experiment, rows: &[Row], note: &str) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "## {}\n", experiment.title);
    let _ = writeln!(s, "{}{note}\n", experiment.description);
    let unit = experiment.unit;
    let ratios = peer_ratios(rows);
    let peers = !ratios.is_empty();
    let _ = write!(
        s,
        "| benchmark | time per iteration | ± | ns per {unit} | {unit}s/s |"
    );
    s.push_str(if peers {
        " ours ÷ this, speed |\n"
    } else {
        "\n"
    });
    s.push_str("|---|---:|---:|---:|---:|");
    s.push_str(if peers { "---:|\n" } else { "\n" });
    for row in rows {
        let ns = row.ns_per_element();
        let _ = write!(
            s,
            "| {} | {} | {:.1}% | {:.2} | {} |",
            row.name,
            human_time(row.iteration_ns),
            100.0 * row.relative_spread(),
            ns,
            human_rate(1e9 / ns)
        );
        if peers {
            match ratios.iter().find(|r| r.peer == row.name) {
                Some(r) => {
                    let _ = write!(s, " {} |", ratio_cell(r, row.input()));
                }
                None => s.push_str(" (ours) |"),
            }
        }
        s.push('\n');
    }
    s
}

/// The summary of every peer ratio of the run (empty when no experiment has a peer).
pub(crate) fn render_summary(experiments: &[(&Experiment, &[Row])]) -> String {
    let mut body = String::new();
    for (experiment, rows) in experiments {
        let unit = experiment.unit;
        for r in peer_ratios(rows) {
            let _ = writeln!(
                body,
                "| {} | {}: {} {unit}s/s | {}: {} {unit}s/s | **{:.2}x** ({:.2}–{:.2}) |",
                experiment.group,
                r.ours,
                human_rate(r.ours_rate),
                r.peer,
                human_rate(r.peer_rate),
                r.ratio,
                r.range.0,
                r.range.1,
            );
        }
    }
    if body.is_empty() {
        return body;
    }
    format!(
        "\n## Against the peers (one run)\n\n\
         Every peer row of the tables below: our throughput divided by the peer's, measured \
         in the same run (above 1: ours is faster); in brackets, the range the two 95% \
         confidence intervals allow.\n\n\
         | table | ours | peer | ratio |\n|---|---|---|---:|\n{body}"
    )
}

/// `1.23 s`, `45.6 ms`, `789 ns`: a duration given in nanoseconds.
pub(crate) fn human_time(ns: f64) -> String {
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
pub(crate) fn human_rate(per_second: f64) -> String {
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

    fn row(name: &str, ns: f64, spread: f64, elements: u64) -> Row {
        Row {
            name: name.to_owned(),
            iteration_ns: ns,
            interval_ns: (ns * (1.0 - spread), ns * (1.0 + spread)),
            elements,
        }
    }

    const PERFT: Experiment = Experiment {
        bench_target: "perft",
        group: "perft",
        title: "Perft",
        description: "Bulk.",
        unit: "node",
        expected_secs: [0.0, 0.0],
    };

    #[test]
    fn peers_against_ours_on_the_same_input() {
        let rows = [
            row("chessbits/start-6", 200e6, 0.01, 119_060_324),
            row("cozy-chess/start-6", 300e6, 0.02, 119_060_324),
            row("chessbits/kiwipete-5", 250e6, 0.01, 193_690_690),
            row("shakmaty/kiwipete-5", 500e6, 0.0, 193_690_690),
        ];
        let ratios = peer_ratios(&rows);
        assert_eq!(ratios.len(), 2);
        assert_eq!(ratios[0].ours, "chessbits/start-6");
        assert!((ratios[0].ratio - 1.5).abs() < 1e-9);
        assert!((ratios[0].range.0 - 0.98 * 1.5 / 1.01).abs() < 1e-9);
        assert!((ratios[0].range.1 - 1.02 * 1.5 / 0.99).abs() < 1e-9);
        assert_eq!(ratios[1].ours, "chessbits/kiwipete-5");
        assert!((ratios[1].ratio - 2.0).abs() < 1e-9);

        let table = render_table(&PERFT, &rows, "");
        assert!(
            table.contains("| benchmark | time per iteration | ± | ns per node | nodes/s | ours ÷ this, speed |"),
            "{table}"
        );
        assert!(
            table.contains("| chessbits/start-6 | 200.00 ms | 1.0% | 1.68 | 595.30 M | (ours) |"),
            "{table}"
        );
        assert!(
            table.contains(
                "| cozy-chess/start-6 | 300.00 ms | 2.0% | 2.52 | 396.87 M | 1.50x (1.46–1.55) |"
            ),
            "{table}"
        );
        let summary = render_summary(&[(&PERFT, &rows[..])]);
        assert!(
            summary.contains("| perft | chessbits/kiwipete-5: 774.76 M nodes/s | shakmaty/kiwipete-5: 387.38 M nodes/s | **2.00x** (1.98–2.02) |"),
            "{summary}"
        );
    }

    #[test]
    fn a_peer_without_our_input_is_compared_with_our_first_row() {
        let rows = [
            row("ours/1-thread", 100.0, 0.0, 10),
            row("ours/2-threads", 60.0, 0.0, 10),
            row("pgn-extract/fencomments", 400.0, 0.0, 10),
            row("python-chess/1-thread", 5000.0, 0.0, 10),
        ];
        let ratios = peer_ratios(&rows);
        assert_eq!(ratios.len(), 2);
        assert_eq!(ratios[0].ours, "ours/1-thread");
        assert_eq!(
            ratio_cell(&ratios[0], Some("fencomments")),
            "4.00x (4.00–4.00) vs ours/1-thread"
        );
        assert_eq!(
            ratio_cell(&ratios[1], Some("1-thread")),
            "50.00x (50.00–50.00)"
        );
    }

    #[test]
    fn no_peer_no_ratio_column() {
        let rows = [
            row("magic/rook", 2048.0, 0.0, 1024),
            row("classical/rook", 4096.0, 0.0, 1024),
        ];
        assert!(peer_ratios(&rows).is_empty());
        let table = render_table(&PERFT, &rows, " Note.");
        assert!(table.contains("Bulk. Note.\n"), "{table}");
        assert!(
            table.contains("| magic/rook | 2.05 µs | 0.0% | 2.00 | 500.00 M |\n"),
            "{table}"
        );
        assert!(render_summary(&[(&PERFT, &rows[..])]).is_empty());
    }
}
