"""The printkit command line: parse, call the products, report. No logic lives here.

Each command is a small module of its own; this one builds the app and turns printkit
errors into one line on standard error and exit status 2.
"""

import functools
import sys
from collections.abc import Callable
from typing import Annotated, Any, TypeVar

import typer

from printkit import __version__
from printkit.cli import deck, games, kit, rules, serve, sheet, simulate, validate
from printkit.errors import PrintkitError

app = typer.Typer(
    add_completion=False,
    rich_markup_mode=None,  # plain, one-paragraph usage errors instead of boxes
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    help="Printable material for a tabletop game night, and an auditor for "
    "The Fox and the Rabbit runs.",
)
F = TypeVar("F", bound=Callable[..., Any])


def guarded(command: F) -> F:
    """Return the command with printkit errors turned into one line and exit status 2."""

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except PrintkitError as err:
            typer.echo(f"printkit: error: {err}", err=True)
            raise typer.Exit(2) from None

    return wrapper  # type: ignore[return-value]


# in the order a host meets them: the kit, one game's sheet, the deck, the rules; then the
# solo player's validator, simulator and page
for command in (kit.kit, sheet.sheet, deck.deck, rules.rules, validate.validate,
                simulate.simulate, serve.serve, games.games):
    app.command()(guarded(command))


def _version(value: bool) -> None:
    if value:
        typer.echo(f"printkit {__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                          help="Show the version and exit.")] = False,
) -> None:
    """printkit: score pads, gamesheets, a card deck and rule summaries for a game night."""


def main() -> None:
    """Run the printkit command line (the console script and `python -m printkit`)."""
    sys.exit(app(prog_name="printkit"))
