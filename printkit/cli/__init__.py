"""The printkit command line: parse, call the products, report. No logic lives here.

Each command is a small module of its own; this one builds the app and turns every error a
person can make (printkit's own, and Click's usage errors: an unknown option, a value of the
wrong type, a missing argument) into one line on standard error and exit status 2.

A command imports the products, the validator or the web app it calls inside its function,
not at the top of its module: loading them all takes about five times what `printkit games`
takes in all (0.5 s of CPU against 0.1 s), and every command, `--help` included, would pay it
at start-up.
"""

import difflib
import functools
import sys
from collections.abc import Callable, Sequence
from typing import Annotated, Any, Optional, TypeVar

import click
import typer
from typer.core import TyperCommand, TyperGroup

from printkit import __version__
from printkit.cli import deck, games, kit, rules, scan, serve, sheet, simulate, validate
from printkit.cli.helptext import Context, command_rows, plain_help
from printkit.errors import PrintkitError
from printkit.games.fox_rabbit.variant_names import make_unstored_with
from printkit.message import Shown, quoted, safe_line
from printkit.quoting import SHOWN_LENGTH

F = TypeVar("F", bound=Callable[..., Any])


def _make_variant(number: int) -> object:
    """Make a seeded variant past those printkit stores, as its maker does (a second or two
    of simulated games): a sheet, a record or a photo of one still reads."""
    from printkit.games.fox_rabbit.variants import make_choice

    return make_choice(number)


make_unstored_with(_make_variant)


def error_line(message: str) -> str:
    """Return a message of click's as printkit's one error line."""
    return safe_line("printkit: error: " + " ".join(message.split()))


def _quoted_args(message: str, args: Sequence[str]) -> str:
    """Return a message of click's with the arguments it echoes (`'abc' is not a valid
    integer`, `No such option: --abc`) shown as printkit's own messages show a value: cut
    short if long, what would break the line escaped."""
    for arg in sorted(set(args), key=len, reverse=True):
        if len(arg) > SHOWN_LENGTH or not arg.isprintable():
            message = message.replace(repr(arg), str(quoted(arg))).replace(
                arg, str(Shown(arg, quote=False)))
    return message


def error_text(message: str) -> str:
    """Return a printkit error as printed: `printkit: error: ` and the message, on one line.

    The one message printed on several lines is a record's list of problems (`N problems:`,
    then `  - ` and a problem on each line, each a line of its own by construction). Any other
    line break, and any character that would hide in a line or reorder it, is shown escaped,
    and no line passes EDGE_LINE characters: whatever a value echoed in a message held, the
    error stays what it says.
    """
    lines = message.split("\n")
    listed = len(lines) > 1 and lines[0].endswith(":") and \
        all(line.startswith("  - ") for line in lines[1:])
    if not listed:
        lines = [message]
    lines[0] = "printkit: error: " + lines[0]
    return "\n".join(safe_line(line) for line in lines)


class _Command(TyperCommand):
    context_class = Context

    def get_help(self, ctx: click.Context) -> str:
        return plain_help(super().get_help(ctx))


class _Group(TyperGroup):
    """The printkit app: usage errors as one line, help on standard output when bare."""

    context_class = Context

    def get_help(self, ctx: click.Context) -> str:
        return plain_help(super().get_help(ctx))

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = command_rows(self, ctx)
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)

    def resolve_command(self, ctx: click.Context, args: list[str]
                        ) -> tuple[Optional[str], Optional[click.Command], list[str]]:
        # click 8.4 suggests a close command name itself, and typer's own resolve_command
        # adds the same suggestion again: click's is called past typer's, and where click
        # makes none (before 8.4) printkit makes it, so "Did you mean" is said once
        try:
            return click.Group.resolve_command(self, ctx, args)
        except click.UsageError as err:
            matches = ([] if hasattr(err, "possibilities") or not args
                       else difflib.get_close_matches(args[0], self.list_commands(ctx)))
            if not matches:
                raise
            raise click.UsageError(f"{err.message} Did you mean "
                                   + " or ".join(map(repr, matches)) + "?", ctx) from None

    def main(self, args: Optional[Sequence[str]] = None, prog_name: Optional[str] = None,
             complete_var: Optional[str] = None, standalone_mode: bool = True,
             windows_expand_args: bool = True, **extra: Any) -> Any:
        try:
            result = super().main(args, prog_name, complete_var, standalone_mode=False,
                                  windows_expand_args=windows_expand_args, **extra)
            code = result if isinstance(result, int) else 0
        except click.ClickException as err:  # usage errors, bad values, missing arguments
            given = sys.argv[1:] if args is None else list(args)
            click.echo(error_line(_quoted_args(err.format_message(), given)), err=True)
            code = 2
        except click.Abort:
            click.echo(error_line("interrupted"), err=True)
            code = 130
        if standalone_mode:
            sys.exit(code)
        return code


app = typer.Typer(
    cls=_Group,
    rich_markup_mode=None,  # plain help text; errors are printkit's one line
    context_settings={"help_option_names": ["-h", "--help"]},
    invoke_without_command=True,
    pretty_exceptions_enable=False,
    help="Printable material for a tabletop game night, and an auditor for "
    "The Fox and the Rabbit runs.",
)


def guarded(command: F) -> F:
    """Return the command with printkit errors turned into one line and exit status 2."""

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except PrintkitError as err:
            # the message as printkit wrote it: a form with several unreadable fields lists
            # each on a line of its own under the first
            typer.echo(error_text(str(err)), err=True)
            raise typer.Exit(2) from None

    return wrapper  # type: ignore[return-value]


# in the order a host meets them: the kit, one game's sheet, the deck, the rules; then the
# solo player's validator, simulator and page
for command in (kit.kit, sheet.sheet, deck.deck, rules.rules, validate.validate, scan.scan,
                simulate.simulate, serve.serve, games.games):
    app.command(cls=_Command)(guarded(command))


def _version(value: bool) -> None:
    if value:
        typer.echo(f"printkit {__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    ctx: typer.Context,
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                          help="Show the version and exit.")] = False,
) -> None:
    """printkit: score pads, gamesheets, a card deck and rule summaries for a game night."""
    if ctx.invoked_subcommand is None and not ctx.resilient_parsing:
        typer.echo(ctx.get_help())  # bare `printkit`: the help, on standard output


def main() -> None:
    """Run the printkit command line (the console script and `python -m printkit`)."""
    sys.exit(app(prog_name="printkit"))
