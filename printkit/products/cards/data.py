"""The cards' data: a CSV (UTF-8, with or without a byte-order mark) or XLSX sheet, a row a card.

The first row names the columns; every later row is a card. A `copies` (or `qty`) column
says how many of the card to print, a whole number from 0 to 999 (1 when the column is
absent or the cell is empty). Every problem is named with the file, the row (as a
spreadsheet numbers it: the header is row 1) and the column.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path

from printkit.errors import TemplateError
from printkit.message import quoted
from printkit.reading import read_bytes

MAX_DATA_BYTES = 20_000_000
MAX_COPIES = 999
MAX_CARDS = 10_000  # a deck printed from one sheet: forty boxes of 250
COPIES_COLUMNS = ("copies", "qty")


@dataclass(frozen=True, slots=True)
class Row:
    """One card's data: its row number in the sheet, its values by column, and its count."""

    number: int
    values: tuple[tuple[str, str], ...]
    copies: int = 1

    def get(self, column: str) -> str:
        for name, value in self.values:
            if name == column:
                return value
        raise KeyError(column)

    @property
    def mapping(self) -> dict[str, str]:
        return dict(self.values)


@dataclass(frozen=True)
class Sheet:
    """The rows of a data file, in order, and its columns."""

    source: str
    columns: tuple[str, ...]
    rows: tuple[Row, ...]

    @property
    def total(self) -> int:
        return sum(row.copies for row in self.rows)


def read_sheet(path: Path) -> Sheet:
    """Return the rows of the CSV or XLSX file at `path`, checked."""
    if path.suffix.lower() in (".xlsx", ".xlsm"):
        table = _xlsx_rows(path)
    else:
        data = read_bytes(path, "the card data", max_bytes=MAX_DATA_BYTES)
        table = csv_rows(data, str(path))
    return sheet_from_rows(table, str(path))


def csv_rows(data: bytes, source: str) -> list[list[str]]:
    """Return the cells of CSV bytes (UTF-8, a leading byte-order mark dropped), strictly read."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        line = data[:err.start].count(b"\n") + 1
        raise TemplateError(f"{source}: row {line}: not UTF-8 text (byte {err.start}); "
                            "save the sheet as CSV UTF-8") from None
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    try:
        return list(reader)
    except csv.Error as err:
        raise TemplateError(f"{source}: row {reader.line_num}: not valid CSV: {err}") from None


def _xlsx_rows(path: Path) -> list[list[str]]:
    try:
        import openpyxl
    except ImportError:
        raise TemplateError(f"{path}: reading .xlsx needs openpyxl: pip install "
                            "'printkit[xlsx]', or save the sheet as CSV UTF-8") from None
    data = read_bytes(path, "the card data", max_bytes=MAX_DATA_BYTES)
    try:
        book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception as err:  # openpyxl raises zipfile, KeyError, ValueError alike
        raise TemplateError(f"{path}: not a readable .xlsx workbook ({err})") from None
    sheet = book.worksheets[0]
    rows: list[list[str]] = []
    for cells in sheet.iter_rows(values_only=True):
        rows.append(["" if v is None else _cell_text(v) for v in cells])
    book.close()
    return rows


def _cell_text(value: object) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def sheet_from_rows(table: list[list[str]], source: str) -> Sheet:
    """Return the checked sheet made of a header row and card rows."""
    while table and not any(cell.strip() for cell in table[-1]):
        table = table[:-1]
    if not table:
        raise TemplateError(f"{source}: the file is empty; its first row names the columns")
    header = [cell.strip() for cell in table[0]]
    while header and not header[-1]:
        header.pop()
    for i, name in enumerate(header, start=1):
        if not name:
            raise TemplateError(f"{source}: row 1, column {i}: a column has no name")
        if header.index(name) != i - 1:
            raise TemplateError(f"{source}: row 1, column {i}: the column {quoted(name)} is named "
                                "twice")
    copies_col = next((c for c in header if c.lower() in COPIES_COLUMNS), None)
    rows = []
    for number, cells in enumerate(table[1:], start=2):
        if not any(cell.strip() for cell in cells):
            continue  # a blank line between groups of cards
        extra = [c for c in cells[len(header):] if c.strip()]
        if extra:
            raise TemplateError(f"{source}: row {number}: {len(cells)} cells, but the header "
                                f"names {len(header)} columns")
        values = [(name, cells[i].strip() if i < len(cells) else "")
                  for i, name in enumerate(header)]
        copies = 1
        if copies_col is not None:
            copies = _copies(dict(values)[copies_col], f"{source}: row {number}, column "
                             f"{quoted(copies_col)}")
        rows.append(Row(number, tuple(values), copies))
    if not rows:
        raise TemplateError(f"{source}: no cards: the file has a header row only")
    sheet = Sheet(source, tuple(header), tuple(rows))
    if sheet.total > MAX_CARDS:
        raise TemplateError(f"{source}: {sheet.total} cards in all; printkit prints at most "
                            f"{MAX_CARDS:,} from one sheet")
    return sheet


def _copies(value: str, where: str) -> int:
    if value == "":
        return 1
    if not value.isascii() or not value.isdigit() or int(value) > MAX_COPIES:
        raise TemplateError(f"{where}: copies must be a whole number from 0 to {MAX_COPIES} "
                            f"(not {quoted(value)})")
    return int(value)
