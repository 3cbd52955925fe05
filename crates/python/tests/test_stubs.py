"""The type stubs (python/chessbits/__init__.pyi) agree with the module: mypy's stubtest.
Skipped with a notice where mypy is not installed."""

import importlib.util
import subprocess
import sys

import pytest


def test_stubs_match_the_module():
    if importlib.util.find_spec("mypy") is None:
        pytest.skip("NOTICE: mypy is not installed; the stubs are not checked")
    run = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "chessbits"], capture_output=True, text=True
    )
    assert run.returncode == 0, run.stdout + run.stderr
