#!/usr/bin/env python3
"""PGN files to partitioned Parquet on Dask, with chessbits.read_games in each task.

Usage: dask_games.py OUTPUT_DIR FILE...

One Dask partition per file (`dask.dataframe.from_map`): each task reads its file with
`chessbits.read_games` (plain, zstd or gzip; one thread: the workers are the parallelism),
keeps `COLUMNS` and a `year` column, and hands Dask the table with Arrow-backed pandas
columns (`pd.ArrowDtype`: list columns stay lists). Dask writes Parquet partitioned by
year. Needs `pip install "dask[dataframe]" chessbits`; `crates/python/tests/test_dask.py`
runs it on the local scheduler.
"""

import sys

import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc

COLUMNS = [
    "file", "game", "event", "site", "date", "white", "black", "result", "white_elo",
    "black_elo", "eco", "time_control", "plies", "moves_uci", "clocks", "error",
]


def games_of_file(path):
    """One partition: the games of the PGN file at `path`."""
    import chessbits

    table = pa.table(chessbits.read_games(path, threads=1)).select(COLUMNS)
    year = pc.utf8_slice_codeunits(table.column("date"), 0, 4)
    year = pc.if_else(pc.match_substring_regex(year, "^[0-9]{4}$"), year, "unknown")
    return table.append_column("year", year).to_pandas(types_mapper=pd.ArrowDtype)


def pgn_to_parquet(paths, output_dir):
    """Reads the PGN files `paths` and writes their games to `output_dir` as Parquet,
    partitioned by year."""
    import dask.dataframe as dd

    games = dd.from_map(games_of_file, [str(p) for p in paths])
    games.to_parquet(str(output_dir), partition_on=["year"], write_index=False)


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__.split("\n\n")[1])
    pgn_to_parquet(sys.argv[2:], sys.argv[1])
