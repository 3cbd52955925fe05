"""Shared helpers of the chessbits tests: where the data is."""

import os
import pathlib

import pytest

HERE = pathlib.Path(__file__).parent
DATA = HERE / "data"
SAMPLE = DATA / "lichess_sample.pgn"


def shared(relative):
    """A file of the shared data set (`$CHESSBITS_DATA`), or a skip that says why."""
    root = os.environ.get("CHESSBITS_DATA")
    if not root:
        pytest.skip(f"NOTICE: CHESSBITS_DATA is not set; {relative} not read")
    path = pathlib.Path(root) / relative
    if not path.exists():
        pytest.skip(f"NOTICE: {path} is missing")
    return path
