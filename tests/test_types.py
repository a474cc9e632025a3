"""The type checker runs with the tests (STYLE: type hints on every public function)."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_mypy_finds_no_errors():
    if shutil.which("mypy", path=str(Path(sys.executable).parent)) is None:
        pytest.fail("mypy is missing: install the test extra (./dev test does)")
    done = subprocess.run([sys.executable, "-m", "mypy", "--no-error-summary", "printkit"],
                          cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
