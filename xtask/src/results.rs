//! Reading criterion's results: the `benchmark.json` and `estimates.json` of every
//! benchmark of a group, as [`Row`]s. Shared by the report of `cargo xtask bench` and the
//! method tables of `methods_report`.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use serde_json::Value;

use crate::Error;

/// One benchmark's result.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Row {
    /// Criterion's id below the group, e.g. `magic/rook`.
    pub(crate) name: String,
    /// Mean time of one iteration, in nanoseconds.
    pub(crate) iteration_ns: f64,
    /// Criterion's 95% confidence interval of that mean (lower, upper), in nanoseconds.
    pub(crate) interval_ns: (f64, f64),
    /// Elements (lookups) per iteration, from the benchmark's throughput.
    pub(crate) elements: u64,
}

impl Row {
    /// The row of a program timed in rounds rather than by criterion: its time the best
    /// round, its interval from the best to the median round (seconds).
    pub(crate) fn from_rounds(name: String, best_s: f64, median_s: f64, elements: u64) -> Row {
        Row {
            name,
            iteration_ns: best_s * 1e9,
            interval_ns: (best_s * 1e9, median_s * 1e9),
            elements,
        }
    }

    pub(crate) fn ns_per_element(&self) -> f64 {
        self.iteration_ns / self.elements as f64
    }

    /// Half the width of the confidence interval, as a fraction of the mean: the spread the
    /// tables report as `±`.
    pub(crate) fn relative_spread(&self) -> f64 {
        (self.interval_ns.1 - self.interval_ns.0) / 2.0 / self.iteration_ns
    }

    /// The function part of the name (`chessbits` in `chessbits/start-6`).
    pub(crate) fn function(&self) -> &str {
        self.name.split_once('/').map_or(&self.name, |(f, _)| f)
    }

    /// The input part of the name (`start-6` in `chessbits/start-6`), if any.
    pub(crate) fn input(&self) -> Option<&str> {
        self.name.split_once('/').map(|(_, p)| p)
    }
}

/// Reads every `<group>/**/new/{benchmark,estimates}.json` under `criterion_dir`, in the
/// order the benchmarks ran (the order the bench file defines them: criterion writes each
/// `estimates.json` as its benchmark finishes). With `since`, results older than that (left
/// over from earlier runs) are skipped.
pub(crate) fn read_group(
    criterion_dir: &Path,
    group: &str,
    since: Option<SystemTime>,
) -> Result<Vec<Row>, Error> {
    let group_dir = criterion_dir.join(group);
    let mut new_dirs = Vec::new();
    find_new_dirs(&group_dir, &mut new_dirs).map_err(|e| {
        format!(
            "no criterion results for group `{group}` ({}: {e})",
            group_dir.display()
        )
    })?;
    let mut rows = Vec::new();
    for dir in new_dirs {
        let estimates = dir.join("estimates.json");
        let modified = std::fs::metadata(&estimates)
            .and_then(|m| m.modified())
            .ok();
        if let Some(since) = since {
            if modified.is_none_or(|m| m < since) {
                continue;
            }
        }
        rows.push((modified, read_row(&dir, group)?));
    }
    if rows.is_empty() {
        return Err(format!(
            "no criterion results for group `{group}` in {}",
            group_dir.display()
        )
        .into());
    }
    rows.sort_by(|(t1, r1), (t2, r2)| t1.cmp(t2).then_with(|| r1.name.cmp(&r2.name)));
    Ok(rows.into_iter().map(|(_, row)| row).collect())
}

/// Collects every directory named `new` below `dir`.
fn find_new_dirs(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            if path.file_name().is_some_and(|n| n == "new") {
                out.push(path);
            } else {
                find_new_dirs(&path, out)?;
            }
        }
    }
    Ok(())
}

fn read_json(path: &Path) -> Result<Value, Error> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    serde_json::from_str(&text)
        .map_err(|e| format!("{} is not valid JSON: {e}", path.display()).into())
}

/// One result from a criterion `new/` directory.
fn read_row(dir: &Path, group: &str) -> Result<Row, Error> {
    let benchmark_path = dir.join("benchmark.json");
    let benchmark = read_json(&benchmark_path)?;
    let estimates_path = dir.join("estimates.json");
    let estimates = read_json(&estimates_path)?;
    let full_id = benchmark["full_id"]
        .as_str()
        .ok_or_else(|| format!("{}: no `full_id`", benchmark_path.display()))?;
    let name = full_id
        .strip_prefix(group)
        .and_then(|s| s.strip_prefix('/'))
        .unwrap_or(full_id)
        .to_owned();
    let elements = match &benchmark["throughput"] {
        Value::Null => 1,
        t => t["Elements"]
            .as_u64()
            .or_else(|| t["Bytes"].as_u64())
            .ok_or_else(|| {
                format!(
                    "{}: throughput is not in elements or bytes: {t}",
                    benchmark_path.display()
                )
            })?,
    };
    let mean = &estimates["mean"];
    let number = |value: &Value, what: &str| {
        value
            .as_f64()
            .ok_or_else(|| format!("{}: no mean.{what}", estimates_path.display()))
    };
    let iteration_ns = number(&mean["point_estimate"], "point_estimate")?;
    let interval = &mean["confidence_interval"];
    let interval_ns = (
        number(&interval["lower_bound"], "confidence_interval.lower_bound")?,
        number(&interval["upper_bound"], "confidence_interval.upper_bound")?,
    );
    Ok(Row {
        name,
        iteration_ns,
        interval_ns,
        elements,
    })
}
