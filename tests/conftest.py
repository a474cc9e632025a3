"""What every test may use, and how the suite runs in parallel.

`./dev test` runs the tests in two or more processes (pytest-xdist, `-n 2 --dist
loadgroup`). A fixture of module or session scope is made once in each process that runs a
test using it, so the tests that share one defined here in `tests/` are kept on one process
(an `xdist_group` per file that defines such fixtures): a rendered deck or a server with
options of its own is made once per run, as in a serial run. The few session fixtures every
process makes for itself (`PER_PROCESS`: the browser, its page, the plain server) do not
group the tests using them, or a third of the suite would run on one core.

The scheduler hands out the groups first, largest first, then the other tests one by one as
a process finishes its last: the tests are ordered so that the longest come first (the
page's, each a browser page or a server of its own), and the quick ones fill in behind.
docs/testing.md has the rules a test keeps.
"""

from __future__ import annotations

import inspect
import os
import shutil
import tempfile
from pathlib import Path

import pytest
from typer.testing import CliRunner

from printkit.cli import app

TESTS = Path(__file__).resolve().parent


class Cli:
    """Runs printkit commands in-process, as a person would type them."""

    def __init__(self) -> None:
        self.runner = CliRunner()

    def __call__(self, *args: str):
        return self.runner.invoke(app, list(args), catch_exceptions=False)


@pytest.fixture
def cli() -> Cli:
    return Cli()


def pytest_configure(config: pytest.Config) -> None:
    # registered here too, so a run without pytest-xdist (-p no:xdist) does not warn of it
    config.addinivalue_line("markers", "xdist_group(name): run these tests on one process")
    # the blank sheets the reader keeps on disk (printkit/scan/kept.py): in a folder of this
    # run's, shared by its processes (they inherit it), never the user's
    if "PRINTKIT_CACHE_DIR" not in os.environ:
        folder = tempfile.mkdtemp(prefix="printkit-test-cache-")
        patch = pytest.MonkeyPatch()
        patch.setenv("PRINTKIT_CACHE_DIR", folder)
        config.add_cleanup(lambda: shutil.rmtree(folder, ignore_errors=True))
        config.add_cleanup(patch.undo)


#: Session fixtures each process makes for itself (a few seconds of CPU each): they do not
#: keep the tests using them on one process.
PER_PROCESS = frozenset({"browser", "browser_tab", "server"})
#: The tests that take longest, one by one, run first (see the module's docstring).
FIRST = ("tests/web/",)


def _shared_fixture_file(item: pytest.Item) -> str | None:
    """Return the file defining the first fixture of module or session scope the test uses
    (leaving out those of PER_PROCESS)."""
    info = getattr(item, "_fixtureinfo", None)
    if info is None:
        return None
    for name in info.names_closure:
        if name in PER_PROCESS:
            continue
        for fixturedef in info.name2fixturedefs.get(name, ()):
            if fixturedef.scope not in ("module", "package", "session"):
                continue
            defined = Path(inspect.getfile(fixturedef.func)).resolve()
            if TESTS in defined.parents:
                return str(defined.relative_to(TESTS.parent))
    return None


# first: pytest-xdist reads the groups in its own hook, which must find them set
@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        shared = _shared_fixture_file(item)
        if shared is not None and not any(item.iter_markers("xdist_group")):
            item.add_marker(pytest.mark.xdist_group(shared))
    items.sort(key=lambda item: not item.nodeid.startswith(FIRST))  # stable: files stay whole
