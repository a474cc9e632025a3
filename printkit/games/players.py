"""Players' names as typed on the command line, or listed a table to a row in a CSV file."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from printkit.characters import code_points, invisible_characters
from printkit.errors import PrintkitError
from printkit.message import quoted

MAX_NAME_LENGTH = 40
EXAMPLE = '"Ana,Ben,Zoë"'


def _check_names(names: Sequence[str], where: str,
                 column: Callable[[int], str] | None = None) -> None:
    """Refuse blank, overlong and repeated names and invisible characters, saying where.

    `column(n)` says where name n is, after `where` (a CSV file's cell: ", column 2").
    """
    def at(position: int) -> str:
        return where + (column(position) if column else "")

    for position, name in enumerate(names, start=1):
        if not name:
            raise PrintkitError(f"{at(position)}: name {position} of {len(names)} is empty "
                                f"(write names separated by commas, e.g. {EXAMPLE})")
        if len(name) > MAX_NAME_LENGTH:
            raise PrintkitError(f"{at(position)}: the name {quoted(name)} is longer than "
                                f"{MAX_NAME_LENGTH} characters")
        hidden = invisible_characters(name)
        if hidden:
            raise PrintkitError(f"{at(position)}: the name {quoted(name)} has "
                                f"{code_points(hidden)}, which would not print; type the name "
                                "with plain spaces")
    seen: set[str] = set()
    for position, name in enumerate(names, start=1):
        if name.casefold() in seen:
            raise PrintkitError(f"{at(position)}: {quoted(name)} is listed twice")
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

    The file is read as spreadsheets write it: with or without a byte order mark (Excel's
    "CSV UTF-8"), separated by commas, or by semicolons when every row clearly uses them (as
    Spanish and French spreadsheets write CSV), or as its `sep=;` first line says. The csv
    module reads it strictly: a quote left open is refused, not merged with the rows after
    it. Only line ends end a row: a line or paragraph separator, a form feed or a record
    separator inside a name is refused as a character that would not print. Blank rows, empty
    cells at the end of a row and rows starting with `#` (a heading, a comment) are skipped;
    anything else wrong is refused, naming its file, line and column.
    """
    text = text.removeprefix("\ufeff")
    delimiter = ","
    first, _, rest = text.partition("\n")
    if first.strip().lower() in ("sep=;", "sep=,"):
        delimiter, text = first.strip()[-1], "\n" + rest  # line numbers stay the file's
    elif _uses_semicolons(text):
        delimiter = ";"
    tables: list[Table] = []
    for line, cells in _rows(text, source, delimiter):
        while cells and not cells[-1]:
            cells.pop()
        if not cells or cells[0].startswith("#"):
            continue
        _check_names(cells, f"{source}, line {line}", lambda n: f", column {n}")
        tables.append(Table(len(tables) + 1, tuple(cells), line, source))
    return tables


def _rows(text: str, source: str, delimiter: str) -> Iterator[tuple[int, list[str]]]:
    """Yield (line, trimmed cells) of each row of CSV text; a broken one raises saying where."""
    lines = io.StringIO(text, newline="")  # rows end at \n, \r\n or \r, nowhere else
    reader = csv.reader(lines, delimiter=delimiter, skipinitialspace=True, strict=True)
    start = 1
    while True:
        try:
            row = next(reader)
        except StopIteration:
            return
        except csv.Error as err:
            raise PrintkitError(_csv_problem(text, source, start, delimiter, str(err))) from None
        cells = [c.strip() for c in row]
        for n, cell in enumerate(cells, start=1):
            if "\n" in cell or "\r" in cell:
                raise PrintkitError(f"{source}, line {start}, column {n}: a name runs onto the "
                                    "next line: is a quote (\") left open?")
        yield start, cells
        start = reader.line_num + 1


def _csv_problem(text: str, source: str, line: int, delimiter: str, problem: str) -> str:
    """Return what is wrong where the csv module stopped, in a player's words."""
    row = text.splitlines()[line - 1] if line <= len(text.splitlines()) else ""
    quote = row.find('"')
    column = row[:quote].count(delimiter) + 1 if quote >= 0 else 1
    if "end of data" in problem or "unexpected end" in problem:
        problem = "a quote (\") opened here is never closed"
    return f"{source}, line {line}, column {column}: {problem}"


def _uses_semicolons(text: str) -> bool:
    """Return whether CSV text clearly separates its cells with semicolons, not commas."""
    rows = [r for r in text.splitlines() if r.strip() and not r.lstrip().startswith("#")]
    with_commas = sum(1 for r in rows if len(_split(r, ",")) > 1)
    with_semicolons = sum(1 for r in rows if len(_split(r, ";")) > 1)
    return with_commas == 0 and with_semicolons > 0


def _split(row: str, delimiter: str) -> list[str]:
    """Return a row's non-empty cells, split by `delimiter` outside quotes."""
    try:
        cells = next(csv.reader([row], delimiter=delimiter), [])
    except csv.Error:
        return []
    return [c for c in cells if c.strip()]
