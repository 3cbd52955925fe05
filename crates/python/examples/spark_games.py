#!/usr/bin/env python3
"""PGN files to partitioned Parquet on Spark, with chessbits.read_games in each task.

Usage: spark_games.py INPUT_DIR OUTPUT_DIR

Spark reads every `*.pgn.zst` (or `.pgn`, `.pgn.gz`) file of INPUT_DIR whole, as bytes
(the `binaryFile` source: one row per file, its `path` and `content`). `mapInArrow` runs
`games_of_files` in the tasks: each file's bytes go to `chessbits.read_games`, which
recognises the compression and yields Arrow record batches; the task keeps the columns of
`SCHEMA` and yields the batches to Spark without converting a row. The games are written
as Parquet partitioned by year. Spark schedules the files over its executors; chessbits
reads each file on one thread (`threads=1`: the executors are the parallelism).

Needs `pip install pyspark "pandas<3" chessbits` (pandas for Spark's Arrow functions) and a
Java runtime. `crates/python/tests/test_spark.py` runs it in local mode.
"""

import sys

import pyarrow as pa
import pyarrow.compute as pc

# The columns kept, as Spark's DDL (types as chessbits' schema has them).
SCHEMA = (
    "path string, game long, event string, site string, date string, white string, "
    "black string, result string, white_elo int, black_elo int, eco string, "
    "time_control string, plies int, moves_uci array<string>, clocks array<double>, "
    "error string, year string"
)
COLUMNS = [c.split()[0] for c in SCHEMA.split(", ")]


def games_of_files(files):
    """mapInArrow's function: batches of files (`path`, `content`) to batches of games."""
    import chessbits

    for batch in files:
        for path, content in zip(batch.column("path").to_pylist(), batch.column("content").to_pylist()):
            for games in chessbits.read_games(content, threads=1):
                games = pa.record_batch(games)
                n = games.num_rows
                columns = {c: games.column(c) for c in COLUMNS if c in games.schema.names}
                columns["path"] = pa.array([path] * n, pa.string())
                year = pc.utf8_slice_codeunits(games.column("date"), 0, 4)
                columns["year"] = pc.if_else(pc.match_substring_regex(year, "^[0-9]{4}$"), year, "unknown")
                yield pa.RecordBatch.from_pydict({c: columns[c] for c in COLUMNS})


def pgn_to_parquet(spark, input_dir, output_dir):
    """Reads every PGN file of `input_dir` and writes its games to `output_dir` as Parquet,
    partitioned by year."""
    files = (
        spark.read.format("binaryFile")
        .option("pathGlobFilter", "*.pgn*")
        .load(str(input_dir))
        .select("path", "content")
    )
    games = files.mapInArrow(games_of_files, SCHEMA)
    games.write.mode("overwrite").partitionBy("year").parquet(str(output_dir))


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__.split("\n\n")[1])
    from pyspark.sql import SparkSession

    session = SparkSession.builder.appName("chessbits PGN to Parquet").getOrCreate()
    pgn_to_parquet(session, sys.argv[1], sys.argv[2])
    session.stop()
