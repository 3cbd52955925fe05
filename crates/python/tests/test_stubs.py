"""The type stubs (python/chessbits/__init__.pyi) agree with the module: mypy's stubtest.
Skipped with a notice where mypy is not installed."""

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest


def test_stubs_match_the_module():
    if importlib.util.find_spec("mypy") is None:
        pytest.skip("NOTICE: mypy is not installed; the stubs are not checked")
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy.stubtest",
            "chessbits",
            "--allowlist",
            str(Path(__file__).parent / "stubtest-allowlist.txt"),
        ], capture_output=True, text=True
    )
    assert run.returncode == 0, run.stdout + run.stderr


def test_a_ported_python_chess_program_passes_mypy_strict():
    if importlib.util.find_spec("mypy") is None:
        pytest.skip("NOTICE: mypy is not installed; the stubs are not checked")
    program = Path(__file__).parent / "typed" / "port.py"
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", str(program)], capture_output=True, text=True
    )
    assert run.returncode == 0, run.stdout + run.stderr
    ran = subprocess.run([sys.executable, str(program)], capture_output=True, text=True)
    assert ran.returncode == 0, ran.stderr
    assert "1-0 CHECKMATE" in ran.stdout
