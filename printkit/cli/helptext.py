"""How printkit's help reads: plain text, commands described whole, words never split.

Click wraps help with the standard library's textwrap, which breaks a line after any hyphen,
so a game id came out as "go-" at the end of one line and "nuts" on the next. printkit's
ids, options and file names all hold hyphens, so help is wrapped at spaces only. Click also
cuts a command's description in the command list to fit one line ("..."); here it is shown
whole, wrapped like an option's help.
"""

import sys
import textwrap
from collections.abc import Iterable

import click
from click.formatting import iter_rows, measure_table


def plain_help(text: str) -> str:
    """Return help with typer's escaping for rich taken off.

    typer escapes "[default: ...]" and "[required]" for rich whenever rich is installed, even
    with rich_markup_mode=None (typer issue #1058, fixed in no release printkit can use: see
    pyproject.toml); printkit's help is plain text.
    """
    return text.replace("\\[", "[")


def wrap(text: str, width: int, indent: str = "") -> str:
    """Return text filled to width at spaces only, its paragraphs (blank-line apart) kept."""
    paragraphs = [" ".join(line.strip() for line in p.splitlines()) for p in text.split("\n\n")]
    return "\n\n".join(
        textwrap.fill(p, width, initial_indent=indent, subsequent_indent=indent,
                      break_on_hyphens=False)
        for p in paragraphs if p)


class Formatter(click.HelpFormatter):
    """Click's help formatter, wrapping at spaces only."""

    def write_text(self, text: str) -> None:
        self.write(wrap(text, self.width, " " * self.current_indent))
        self.write("\n")

    def write_dl(self, rows: Iterable[tuple[str, str]], col_max: int = 30,
                 col_spacing: int = 2) -> None:
        rows = list(rows)
        widths = measure_table(rows)
        if len(widths) != 2:
            raise TypeError("Expected two columns for definition list")
        first_col = min(widths[0], col_max) + col_spacing
        for first, second in iter_rows(rows, len(widths)):
            self.write(f"{'':>{self.current_indent}}{first}")
            if not second:
                self.write("\n")
                continue
            if len(first) <= first_col - col_spacing:
                self.write(" " * (first_col - len(first)))
            else:
                self.write("\n")
                self.write(" " * (first_col + self.current_indent))
            lines = wrap(second, max(self.width - first_col - 2, 10)).splitlines() or [""]
            self.write(f"{lines[0]}\n")
            for line in lines[1:]:
                self.write(f"{'':>{first_col + self.current_indent}}{line}\n" if line else "\n")


class Context(click.Context):
    """A command's context: help through `Formatter`."""

    formatter_class = Formatter


def command_rows(group: click.Group, ctx: click.Context) -> list[tuple[str, str]]:
    """Return each visible command of the group with the first sentence of its help, whole."""
    rows = []
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        if command is not None and not command.hidden:
            rows.append((name, command.get_short_help_str(limit=sys.maxsize)))
    return rows
