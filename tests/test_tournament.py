"""A club night's or a tournament's pads: thousands of sheets, one named pad per table."""

from __future__ import annotations

from pathlib import Path

import pytest

from printkit.draw.paper import LETTER
from printkit.errors import PrintkitError
from printkit.games.catalog import GAMES
from printkit.games.players import parse_tables
from printkit.products.score_pads import MAX_SHEETS, players_setup, score_pad
from tests.helpers import page_sizes, reader


def _forms(pdf: bytes) -> tuple[set[int], list[int]]:
    """Return the form XObjects the pages use (by object number) and each page's stream size."""
    forms: set[int] = set()
    sizes = []
    for page in reader(pdf).pages:
        xobjects = page["/Resources"].get("/XObject") or {}
        for ref in xobjects.values():
            assert ref.get_object()["/Subtype"] == "/Form"
            forms.add(ref.idnum)
        sizes.append(len(page.get_contents().get_data()))
    return forms, sizes


def test_a_pad_is_drawn_once_and_placed_on_every_sheet():
    game = GAMES["go-nuts"]
    setup = players_setup(game, ["Ana", "Ben", "Zoë", "Łukasz"], None, None)
    small, pdf = (score_pad(game, setup, LETTER, 1, n).pdf_bytes() for n in (2, 202))
    forms, sizes = _forms(pdf)
    # the pad, its names and the footer's title: drawn once, however many sheets
    assert forms and len(forms) == len(_forms(small)[0])
    assert max(sizes) < 600  # a page places them and writes its page number
    # so 10,000 sheets stay under 10 MB
    assert (len(pdf) - len(small)) / 200 * 10_000 < 10_000_000
    pages = reader(pdf).pages
    for number in (1, 202):
        words = pages[number - 1].extract_text()
        assert "Łukasz" in words and f"page {number} of 202" in words


def test_the_same_sheets_give_the_same_bytes():
    game = GAMES["crazy8ix"]
    setup = players_setup(game, ["Ana", "Ben"], None, None)
    one = score_pad(game, setup, LETTER, 2, 5).pdf_bytes()
    assert one == score_pad(game, setup, LETTER, 2, 5).pdf_bytes()


def test_ten_thousand_sheets_are_allowed_and_no_more():
    game = GAMES["go-nuts"]
    setup = players_setup(game, None, 2, None)
    assert MAX_SHEETS >= 10_000
    doc = score_pad(game, setup, LETTER, 1, MAX_SHEETS)
    assert len(doc.pages) == MAX_SHEETS
    with pytest.raises(PrintkitError, match="--pages must be between 1 and 10,000"):
        score_pad(game, setup, LETTER, 1, MAX_SHEETS + 1)


def test_tables_are_read_a_row_at_a_time():
    csv = ("# tables for Friday\n"
           "Ana,Ben,Zoë,Łukasz\n"
           "\n"
           '"Maximiliana Ñúñez-Łukaszewicz", Bo ,Cy,,\n')
    tables = parse_tables(csv, "night.csv")
    assert [t.names for t in tables] == [("Ana", "Ben", "Zoë", "Łukasz"),
                                         ("Maximiliana Ñúñez-Łukaszewicz", "Bo", "Cy")]
    assert [(t.number, t.line) for t in tables] == [(1, 2), (2, 4)]


@pytest.mark.parametrize("csv, message", [
    ("Ana,Ben\nCy,,Dee\n", "night.csv, line 2, column 2: name 2 of 3 is empty"),
    ("Ana,Ben\nAna,ana\n", "night.csv, line 2, column 2: 'ana' is listed twice"),
    ("Ana,Ben\n" + "x" * 41 + ",Bo\n", "night.csv, line 2, column 1: the name"),
])
def test_a_bad_row_is_named_by_its_line_and_column(csv, message):
    with pytest.raises(PrintkitError) as err:
        parse_tables(csv, "night.csv")
    assert str(err.value).startswith(message)


# -- CSV as spreadsheets write it -----------------------------------------------------------
@pytest.mark.parametrize("csv", [
    "\ufeffAna,Ben\r\nCy,Di\r\n",             # Excel's "CSV UTF-8": a byte order mark
    "Ana;Ben\nCy;Di\n",                         # Spanish and French spreadsheets: semicolons
    "\ufeffAna;Ben;;\r\nCy;Di;;\r\n",           # ... with a BOM and empty trailing cells
    "sep=;\nAna;Ben\nCy;Di\n",                  # Excel's own hint line
])
def test_csv_as_spreadsheets_write_it_is_read(csv):
    tables = parse_tables(csv, "night.csv")
    assert [t.names for t in tables] == [("Ana", "Ben"), ("Cy", "Di")]
    assert [t.line for t in tables] == ([2, 3] if csv.startswith("sep") else [1, 2])


def test_a_name_with_a_comma_keeps_it_in_a_semicolon_file():
    tables = parse_tables('"Smith, Ana";Ben\nCy;"Di; Jr"\n', "night.csv")
    assert [t.names for t in tables] == [("Smith, Ana", "Ben"), ("Cy", "Di; Jr")]


def test_a_file_that_uses_commas_anywhere_is_read_with_commas():
    tables = parse_tables("Ana,Ben\nCy;Di,Eve\n", "night.csv")
    assert [t.names for t in tables] == [("Ana", "Ben"), ("Cy;Di", "Eve")]


@pytest.mark.parametrize("csv, message", [
    ('Ana,"Ben\nCy,Di\n', 'night.csv, line 1, column 2: a quote (") opened here is never '
                           'closed'),
    ('Ana,"Ben\nCy",Di\n', 'night.csv, line 1, column 2: a name runs onto the next line: is '
                            'a quote (") left open?'),
    ('Ana,"Ben"x\n', "night.csv, line 1, column 2: ',' expected after '\"'"),
    ("Ana,Ben\nCy,Be\u2028n\n", "night.csv, line 2, column 2: the name 'Be\\u2028n' has U+2028 "
                                "(LINE SEPARATOR)"),
    ("Ana,Be\x85n\nCy,Di\n", "night.csv, line 1, column 2: the name 'Be\\x85n' has U+0085"),
    ("Ana,Be\x0cn\nCy,Di\n", "night.csv, line 1, column 2: the name 'Be\\x0cn' has U+000C"),
    ("Ana,Be\x0bn\nCy,Di\n", "night.csv, line 1, column 2: the name 'Be\\x0bn' has U+000B"),
    ("Ana,Be\x1en\nCy,Di\n", "night.csv, line 1, column 2: the name 'Be\\x1en' has U+001E"),
])
def test_a_broken_csv_is_refused_naming_line_and_column_not_merged(csv, message):
    with pytest.raises(PrintkitError) as err:
        parse_tables(csv, "night.csv")
    assert str(err.value).startswith(message), str(err.value)


def test_an_unterminated_quote_through_the_cli_is_one_line_and_no_pdf(cli, tmp_path):
    tables = _write(tmp_path, 'Ana,"Ben\nCy,Di\n')
    out = tmp_path / "pads.pdf"
    result = cli("sheet", "go-nuts", "--tables", str(tables), "-o", str(out))
    assert result.exit_code == 2
    assert result.stderr == (f'printkit: error: {tables}, line 1, column 2: a quote (") '
                             "opened here is never closed\n")
    assert not out.exists()


def test_a_bom_file_prints_the_names_without_it(cli, tmp_path):
    tables = _write(tmp_path, "\ufeffAna,Ben\r\n")
    out = tmp_path / "pads.pdf"
    assert cli("sheet", "go-nuts", "--tables", str(tables), "-o", str(out)).exit_code == 0
    assert "Ana" in reader(out).pages[0].extract_text()
    assert "\ufeff" not in reader(out).pages[0].extract_text()


def _write(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "night.csv"
    path.write_text(body, encoding="utf-8")
    return path


def test_one_named_pad_per_table_in_one_pdf(cli, tmp_path):
    tables = _write(tmp_path, "Ana,Ben,Zoë\nDee,Eve\nFay,Gus,Hal,Ida\n")
    out = tmp_path / "pads.pdf"
    result = cli("sheet", "go-nuts", "--tables", str(tables), "--per-page", "2", "-o", str(out))
    assert result.exit_code == 0, result.output
    assert f"wrote {out} (2 pages)" in result.stdout
    assert page_sizes(out) == [(792, 612)] * 2
    pages = [p.extract_text() for p in reader(out).pages]
    assert all(n in pages[0] for n in ("Ana", "Zoë", "Dee", "Eve", "Table 1", "Table 2"))
    assert all(n in pages[1] for n in ("Fay", "Ida", "Table 3")) and "Table 4" not in pages[1]
    # three tables of three shapes (2, 3 and 4 players): three pads, three sets of names and
    # the footer's title in each half of the sheet, each drawn once
    forms, _ = _forms(out.read_bytes())
    assert len(forms) == 3 + 3 + 2


def test_tables_go_into_a_file_named_for_them(cli, tmp_path):
    tables = _write(tmp_path, "Ana,Ben\n")
    assert cli("sheet", "crazy8ix", "--tables", str(tables), "-o",
               str(tmp_path) + "/").exit_code == 0
    assert (tmp_path / "crazy8ix-tables-1up-letter.pdf").is_file()


@pytest.mark.parametrize("body, args, message", [
    ("Ana,Ben\nAna\n", [], "night.csv, line 2: Go Nuts! is for 2-4 players (not 1)"),
    ("Ana,Ben\nA,B,C,D,E\n", [], "line 2: Go Nuts! is for 2-4 players (not 5)"),
    ("Ana,Ben\nBo,☃\n", [], "line 2: the player name '☃' has '☃' (U+2603)"),
    ("# nobody yet\n", [], "the tables file lists no table"),
    ("Ana,Ben\n", ["--players", "Ana,Ben"], "--players does not apply with --tables"),
    ("Ana,Ben\n", ["--pages", "2"], "--pages does not apply with --tables"),
])
def test_bad_tables_get_one_line_exit_2_and_no_file(cli, tmp_path, body, args, message):
    tables = _write(tmp_path, body)
    out = tmp_path / "pads.pdf"
    result = cli("sheet", "go-nuts", "--tables", str(tables), *args, "-o", str(out))
    assert result.exit_code == 2
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert not out.exists()


def test_a_missing_tables_file_is_named(cli, tmp_path):
    result = cli("sheet", "go-nuts", "--tables", str(tmp_path / "nope.csv"))
    assert result.exit_code == 2
    assert "nope.csv does not exist" in result.stderr
