//! Hive partitions: a games table spread over `year=YYYY/month=MM/` folders.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, BufWriter};
use std::path::{Path, PathBuf};

use arrow_array::cast::AsArray;
use arrow_array::{Array, RecordBatch, StringArray, UInt32Array};

use crate::tags;

use super::base::*;
use super::writer::TableWriter;

/// A games table spread over Hive folders `DIR/year=YYYY/month=MM/NAME` by each game's UTC
/// date (else its `Date`), which DuckDB, Polars and Spark read as `year` and `month`
/// columns and prune on. A game without a known date goes to
/// `year=__HIVE_DEFAULT_PARTITION__/month=__HIVE_DEFAULT_PARTITION__`. One writer stays open
/// per month met.
pub struct Partitioned {
    dir: PathBuf,
    name: String,
    format: Format,
    options: WriteOptions,
    writers: BTreeMap<Option<(i32, u32)>, TableWriter<BufWriter<File>>>,
}

/// The Hive folder of a partition.
pub(crate) fn partition_dir(key: Option<(i32, u32)>) -> String {
    match key {
        Some((y, m)) => format!("year={y:04}/month={m:02}"),
        None => "year=__HIVE_DEFAULT_PARTITION__/month=__HIVE_DEFAULT_PARTITION__".to_owned(),
    }
}

impl std::fmt::Debug for Partitioned {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Partitioned")
            .field("dir", &self.dir)
            .field("name", &self.name)
            .field("format", &self.format)
            .field("months", &self.writers.len())
            .finish()
    }
}

impl Partitioned {
    /// Files named `name` under `dir`.
    pub fn new(dir: &Path, name: &str, format: Format, options: &WriteOptions) -> Partitioned {
        Partitioned {
            dir: dir.to_path_buf(),
            name: name.to_owned(),
            format,
            options: options.clone(),
            writers: BTreeMap::new(),
        }
    }

    /// Each row's partition: from `utc_date` (else `date`) or `UTCDate`.
    fn keys(batch: &RecordBatch) -> io::Result<Vec<Option<(i32, u32)>>> {
        let n = batch.num_rows();
        if let Some(c) = batch.column_by_name("UTCDate") {
            let days = c.as_primitive_opt::<arrow_array::types::Date32Type>();
            let days = days.ok_or_else(|| io::Error::other("UTCDate is not a date32"))?;
            return Ok((0..n)
                .map(|i| (!days.is_null(i)).then(|| civil_year_month(days.value(i))))
                .collect());
        }
        let utc = batch
            .column_by_name("utc_date")
            .map(|c| c.as_string::<i32>());
        let date = batch.column_by_name("date").map(|c| c.as_string::<i32>());
        if utc.is_none() && date.is_none() {
            return Err(io::Error::other(
                "partitioning by month needs a games table (a date column)",
            ));
        }
        Ok((0..n)
            .map(|i| {
                let from = |c: Option<&StringArray>| {
                    c.filter(|c| !c.is_null(i))
                        .and_then(|c| tags::year_month(c.value(i).as_bytes()))
                };
                from(utc).or_else(|| from(date))
            })
            .collect())
    }

    /// Writes each row of `batch` to its month's file.
    pub fn write(&mut self, batch: &RecordBatch) -> io::Result<()> {
        let keys = Partitioned::keys(batch)?;
        let mut rows: BTreeMap<Option<(i32, u32)>, Vec<u32>> = BTreeMap::new();
        for (i, k) in keys.into_iter().enumerate() {
            rows.entry(k).or_default().push(i as u32);
        }
        for (key, indices) in rows {
            let part = if indices.len() == batch.num_rows() {
                batch.clone()
            } else {
                arrow_select::take::take_record_batch(batch, &UInt32Array::from(indices))
                    .map_err(io_error)?
            };
            if !self.writers.contains_key(&key) {
                let dir = self.dir.join(partition_dir(key));
                std::fs::create_dir_all(&dir)?;
                let file = BufWriter::with_capacity(1 << 20, File::create(dir.join(&self.name))?);
                let w = TableWriter::new(file, batch.schema(), self.format, &self.options)?;
                self.writers.insert(key, w);
            }
            if let Some(w) = self.writers.get_mut(&key) {
                w.write(&part)?;
            }
        }
        Ok(())
    }

    /// Ends every file.
    pub fn finish(self) -> io::Result<()> {
        for (_, w) in self.writers {
            w.finish()?;
        }
        Ok(())
    }
}

/// The (year, month) of a day counted from 1970-01-01.
fn civil_year_month(days: i32) -> (i32, u32) {
    let (y, m, _) = chessbits_pgn::values::civil_from_days(days);
    (y, m)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_to_months() {
        assert_eq!(civil_year_month(0), (1970, 1));
        assert_eq!(civil_year_month(19_783), (2024, 3));
        assert_eq!(civil_year_month(19_782), (2024, 2));
        assert_eq!(partition_dir(Some((2024, 3))), "year=2024/month=03");
    }
}
