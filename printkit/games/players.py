"""Players' names as typed on the command line, or listed a table to a row in a CSV file."""

from __future__ import annotations

import csv
from collections.abc import Sequence
from dataclasses import dataclass

from printkit.characters import code_points, invisible_characters
from printkit.errors import PrintkitError

MAX_NAME_LENGTH = 40
EXAMPLE = '"Ana,Ben,Zoë"'


def _check_names(names: Sequence[str], where: str) -> None:
    """Refuse blank, overlong and repeated names and invisible characters, saying where."""
    for position, name in enumerate(names, start=1):
        if not name:
            raise PrintkitError(f"{where}: name {position} of {len(names)} is empty "
                                f"(write names separated by commas, e.g. {EXAMPLE})")
        if len(name) > MAX_NAME_LENGTH:
            raise PrintkitError(f"{where}: the name {name[:20]!r}… is longer than "
                                f"{MAX_NAME_LENGTH} characters")
        hidden = invisible_characters(name)
        if hidden:
            raise PrintkitError(f"{where}: the name {name!r} has {code_points(hidden)}, "
                                "which would not print; type the name with plain spaces")
    seen: set[str] = set()
    for name in names:
        if name.casefold() in seen:
            raise PrintkitError(f"{where}: {name!r} is listed twice")
        seen.add(name.casefold())


def parse_players(text: str) -> list[str]:
    """Return the names in a comma-separated list, trimmed; refuse blanks and repeats."""
    names = [n.strip() for n in text.split(",")]
    _check_names(names, "--players")
    return names


@dataclass(frozen=True)
class Table:
    """One table of a club night: its number, its players, and the line that lists them."""

    number: int
    names: tuple[str, ...]
    line: int
    source: str


def parse_tables(text: str, source: str) -> list[Table]:
    """Return the tables of a CSV file: one row per table, the players' names in its cells.

    Blank rows, empty cells at the end of a row (as spreadsheets write them) and rows
    starting with `#` (a heading, a comment) are skipped; anything else wrong is refused,
    naming its line.
    """
    tables: list[Table] = []
    reader = csv.reader(text.splitlines(), skipinitialspace=True)
    try:
        for row in reader:
            line = reader.line_num
            cells = [c.strip() for c in row]
            while cells and not cells[-1]:
                cells.pop()
            if not cells or cells[0].startswith("#"):
                continue
            _check_names(cells, f"{source}, line {line}")
            tables.append(Table(len(tables) + 1, tuple(cells), line, source))
    except csv.Error as err:
        raise PrintkitError(f"{source}, line {reader.line_num}: {err}") from None
    return tables
