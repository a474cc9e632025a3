from __future__ import annotations

import pytest
from typer.testing import CliRunner

from printkit.cli import app


class Cli:
    """Runs printkit commands in-process, as a person would type them."""

    def __init__(self) -> None:
        self.runner = CliRunner()

    def __call__(self, *args: str):
        return self.runner.invoke(app, list(args), catch_exceptions=False)


@pytest.fixture
def cli() -> Cli:
    return Cli()
