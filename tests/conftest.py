"""What every test may use, and how the suite runs in parallel.

`./dev test` runs the tests in two or more processes (pytest-xdist, `-n auto --dist
loadgroup`). A fixture of module or session scope is made once in each process that runs a
test using it, so the tests that share one defined here in `tests/` are kept on one process
(an `xdist_group` per file that defines such fixtures): a rendered deck, a server or the
browser is made once per run, as in a serial run. docs/testing.md has the rules a test keeps.
"""

from __future__ import annotations

import inspect
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


def _shared_fixture_file(item: pytest.Item) -> str | None:
    """Return the file defining the first fixture of module or session scope the test uses."""
    info = getattr(item, "_fixtureinfo", None)
    if info is None:
        return None
    for name in info.names_closure:
        for fixturedef in info.name2fixturedefs.get(name, ()):
            if fixturedef.scope not in ("module", "package", "session"):
                continue
            defined = Path(inspect.getfile(fixturedef.func)).resolve()
            if TESTS in defined.parents:
                return str(defined.relative_to(TESTS.parent))
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        shared = _shared_fixture_file(item)
        if shared is not None and not any(item.iter_markers("xdist_group")):
            item.add_marker(pytest.mark.xdist_group(shared))
