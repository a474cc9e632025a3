"""The tools that hold the code to its rules run with the tests.

- mypy checks the types (STYLE: type hints on every public function);
- import-linter holds the layers of DESIGN.md (pyproject.toml's contracts): the rules core
  imports no drawing code, the drawing layer no game, products no command line;
- ruff holds the style and catches likely bugs (its rules, and the reason for each rule
  left out, are in pyproject.toml).
"""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def _run(tool: str, *args: str) -> subprocess.CompletedProcess[str]:
    if shutil.which(tool, path=str(BIN)) is None:
        pytest.fail(f"{tool} is missing: install the test extra (./dev test does)")
    return subprocess.run([str(BIN / tool), *args], cwd=ROOT, capture_output=True, text=True)


def test_mypy_finds_no_errors():
    done = _run("mypy", "--no-error-summary", "printkit")
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_layers_keep_their_contracts():
    done = _run("lint-imports", "--no-cache")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout


def test_ruff_finds_nothing():
    done = _run("ruff", "check", "--no-cache", "printkit", "tests", "bench")
    assert done.returncode == 0, done.stdout + done.stderr
