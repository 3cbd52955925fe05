//! Reading criterion's results: the `benchmark.json` and `estimates.json` of every
//! benchmark of a group, as [`Row`]s. Shared by the report of `cargo xtask bench` and the
//! method tables of `methods_report`.

use std::collections::BTreeMap;
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
    /// Elements (lookups) per iteration, from the benchmark's throughput.
    pub(crate) elements: u64,
}

impl Row {
    pub(crate) fn ns_per_element(&self) -> f64 {
        self.iteration_ns / self.elements as f64
    }
}

/// Reads every `<group>/**/new/{benchmark,estimates}.json` under `criterion_dir`. With
/// `since`, results older than that (left over from earlier runs) are skipped.
pub(crate) fn read_group(
    criterion_dir: &Path,
    group: &str,
    since: Option<SystemTime>,
) -> Result<Vec<Row>, Error> {
    let group_dir = criterion_dir.join(group);
    let mut new_dirs = Vec::new();
    find_new_dirs(&group_dir, &mut new_dirs)
        .map_err(|e| format!("cannot read {}: {e}", group_dir.display()))?;
    let mut rows = BTreeMap::new();
    for dir in new_dirs {
        let estimates = dir.join("estimates.json");
        if let Some(since) = since {
            let modified = std::fs::metadata(&estimates).and_then(|m| m.modified());
            if modified.map_or(true, |m| m < since) {
                continue;
            }
        }
        let row = read_row(&dir, group)?;
        rows.insert(row.name.clone(), row);
    }
    if rows.is_empty() {
        return Err(format!(
            "no criterion results for group `{group}` in {}",
            group_dir.display()
        )
        .into());
    }
    Ok(rows.into_values().collect())
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
    let iteration_ns = estimates["mean"]["point_estimate"]
        .as_f64()
        .ok_or_else(|| format!("{}: no mean.point_estimate", estimates_path.display()))?;
    Ok(Row {
        name,
        iteration_ns,
        elements,
    })
}
