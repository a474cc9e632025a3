"""`.ci/run` runs the suite from a checkout at a long path: a clone of its own HEAD when its
own path is short, so that no test passes only because the checkout lives near the root.

The script is run on a repository of its own, whose `./dev` only says where it was run.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("pdftoppm", "chromium", "rsvg-convert", "qpdf")
DEV = """#!/usr/bin/env bash
echo "dev $* in $(pwd -P)"
exit 3
"""

pytestmark = pytest.mark.skipif(
    shutil.which("git") is None or any(shutil.which(p) is None for p in PACKAGES),
    reason=".ci/run would install Debian packages on this machine")


def _checkout(folder: Path) -> Path:
    """Return a git repository holding .ci/run and a ./dev that says where it runs."""
    (folder / ".ci").mkdir(parents=True)
    shutil.copy(ROOT / ".ci" / "run", folder / ".ci" / "run")
    (folder / "dev").write_text(DEV)
    (folder / "dev").chmod(0o755)
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@example.org", "-C", str(folder)]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "."], check=True)
    subprocess.run([*git, "commit", "-q", "-m", "one"], check=True)
    return folder


def _run(checkout: Path, tmp: Path, length: int) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "TMPDIR": str(tmp), "PRINTKIT_CI_PATH_LENGTH": str(length)}
    env.pop("PRINTKIT_SHARED", None)
    return subprocess.run(["bash", str(checkout / ".ci" / "run")], capture_output=True,
                          text=True, env=env, timeout=120)


def test_a_checkout_at_a_short_path_runs_the_tests_from_a_long_clone(tmp_path):
    checkout = _checkout(tmp_path / "c")
    (tmp_path / "t").mkdir()
    length = len(str(checkout)) + 30  # this checkout is the short one
    result = _run(checkout, tmp_path / "t", length)
    assert result.returncode == 3, result.stderr  # the tests' status
    ran = result.stdout.strip().removeprefix("dev test in ")
    assert len(ran) >= length and ran.startswith(str(tmp_path / "t"))
    assert f"the tests run in {ran} ({len(ran)} characters), a clone of {checkout}" in \
        result.stderr
    assert list((tmp_path / "t").iterdir()) == []  # the clone is gone


def test_a_checkout_at_a_long_path_runs_the_tests_where_it_is(tmp_path):
    checkout = _checkout(tmp_path / "c")
    (tmp_path / "t").mkdir()
    result = _run(checkout, tmp_path / "t", len(str(checkout)))
    assert result.returncode == 3, result.stderr
    assert result.stdout == f"dev test in {checkout}\n"
    assert result.stderr == f".ci/run: the tests run in {checkout}\n"
