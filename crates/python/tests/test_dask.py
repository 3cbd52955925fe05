"""The Dask recipe (examples/dask_games.py) on the local scheduler: files to Parquet
partitioned by year, equal to reading them here. Skipped with a notice without dask."""

import importlib.util

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import chessbits
from conftest import DATA, HERE


def test_dask_from_map_writes_partitioned_parquet(tmp_path):
    if importlib.util.find_spec("dask") is None or importlib.util.find_spec("pandas") is None:
        pytest.skip("NOTICE: dask[dataframe] is not installed; the Dask recipe is not tested")
    spec = importlib.util.spec_from_file_location("dask_games", HERE.parent / "examples" / "dask_games.py")
    recipe = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(recipe)
    files = [DATA / "lichess_sample.pgn.zst", DATA / "lichess_sample.pgn.gz", DATA / "lichess_sample.pgn"]
    out = tmp_path / "games"
    recipe.pgn_to_parquet(files, out)
    assert (out / "year=2025").is_dir()
    table = pq.read_table(out)
    assert table.num_rows == 3 * 43
    want = pa.table(chessbits.read_games(files[0]))
    got = table.filter(pa.compute.equal(table.column("file"), str(files[0]))).sort_by("game")
    assert got.column("moves_uci").to_pylist() == want.column("moves_uci").to_pylist()
    assert got.column("clocks").to_pylist() == want.column("clocks").to_pylist()
