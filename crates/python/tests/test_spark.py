"""The Spark recipe (examples/spark_games.py) in local mode: a folder of .pgn.zst files
to Parquet partitioned by year, equal to reading the files here. Skipped with a notice
where pyspark (with pandas, which its Arrow functions need) or a Java runtime is missing."""

import importlib.util
import os
import shutil
import sys

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import chessbits
from conftest import DATA, HERE


def load_recipe():
    spec = importlib.util.spec_from_file_location("spark_games", HERE.parent / "examples" / "spark_games.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def spark():
    for package in ("pyspark", "pandas"):
        if importlib.util.find_spec(package) is None:
            pytest.skip(f"NOTICE: {package} is not installed; the Spark recipe is not tested")
    if shutil.which("java") is None:
        pytest.skip("NOTICE: no Java runtime (java); the Spark recipe is not tested")
    from pyspark.sql import SparkSession

    # The workers run this interpreter, which has chessbits.
    os.environ["PYSPARK_PYTHON"] = sys.executable
    session = (
        SparkSession.builder.master("local[2]")
        .appName("chessbits tests")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.pyspark.python", sys.executable)
        .getOrCreate()
    )
    yield session
    session.stop()


def test_spark_map_in_arrow_writes_partitioned_parquet(spark, tmp_path):
    recipe = load_recipe()
    folder = tmp_path / "pgn"
    folder.mkdir()
    sample = (DATA / "lichess_sample.pgn.zst").read_bytes()
    for name in ("a.pgn.zst", "b.pgn.zst", "c.pgn.zst"):
        (folder / name).write_bytes(sample)
    out = tmp_path / "games"
    recipe.pgn_to_parquet(spark, folder, out)
    assert (out / "year=2025").is_dir()
    table = pq.read_table(out)
    assert table.num_rows == 3 * 43
    want = pa.table(chessbits.read_games(sample))
    got = table.filter(pa.compute.ends_with(table.column("path"), "a.pgn.zst")).sort_by("game")
    assert got.column("moves_uci").to_pylist() == want.column("moves_uci").to_pylist()
    assert got.column("clocks").to_pylist() == want.column("clocks").to_pylist()
    assert got.column("white").to_pylist() == want.column("white").to_pylist()
