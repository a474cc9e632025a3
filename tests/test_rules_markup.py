"""The rule-summary Markdown subset: what it accepts, and how it refuses the rest."""

from pathlib import Path

import pytest

from printkit.errors import PrintkitError, TemplateError
from printkit.games.catalog import GAMES
from printkit.products.rules.markup import (
    AidRef,
    Break,
    Heading,
    ListBlock,
    Paragraph,
    Span,
    Table,
    parse,
    plain,
)
from printkit.products.rules.summary import load

HEAD = "---\nplayers: 2-4\ntime: about 10 minutes\nages: 8+\n---\n# A Game\n\n"
TAIL = "\n\n## Clarifications\n- **Ruling:** plain words.\n"


def _doc(body: str) -> str:
    return HEAD + body + TAIL


EVERYTHING = _doc("""## Goal
A paragraph with **bold**, *italics* and
a second line, an escaped \\* star, a \\| pipe and a backslash \\\\.

### A subsection
- a bullet
- a bullet that goes on
  over two lines

1. first step
2. second step

| Card | Points |
|:-----|------:|
| **Y** | 70 |
| any other | 5 |

::aid odds-table
::column
::page
""")


def test_the_subset_parses_to_blocks_that_keep_their_lines():
    summary = parse(EVERYTHING, "every.md", {"odds-table"})
    assert (summary.title, summary.players, summary.time, summary.ages) == (
        "A Game", "2-4", "about 10 minutes", "8+")
    kinds = [type(b) for b in summary.blocks]
    assert kinds == [Heading, Paragraph, Heading, ListBlock, ListBlock, Table, AidRef, Break,
                     Break]
    goal, para, sub, bullets, steps, table, aid, column, page = summary.blocks
    assert (goal.level, sub.level) == (2, 3)
    assert para.text == (
        Span("A paragraph with "), Span("bold", "bold"), Span(", "), Span("italics", "italic"),
        Span(" and a second line, an escaped * star, a | pipe and a backslash \\."))
    assert para.line == 9
    assert [plain(i) for i in bullets.items] == ["a bullet", "a bullet that goes on over two lines"]
    assert not bullets.ordered and steps.ordered
    assert [plain(i) for i in steps.items] == ["first step", "second step"]
    assert table.align == ("left", "right")
    assert [plain(c) for c in table.header] == ["Card", "Points"]
    assert [[plain(c) for c in row] for row in table.rows] == [["Y", "70"], ["any other", "5"]]
    assert table.rows[0][0] == (Span("Y", "bold"),)
    assert aid.name == "odds-table" and summary.aids == ("odds-table",)
    assert (column.kind, page.kind) == ("column", "page")


def test_the_clarifications_section_is_kept_apart_for_its_box():
    summary = parse(_doc("## Goal\nWin."), "c.md")
    assert [type(b) for b in summary.blocks] == [Heading, Paragraph]
    (rulings,) = summary.clarifications
    assert isinstance(rulings, ListBlock)
    assert rulings.items[0] == (Span("Ruling:", "bold"), Span(" plain words."))


REFUSED = [
    ("see [the site](https://example.com)", 9, "links are not supported"),
    ("![a picture](a.png)", 9, "images are not supported"),
    ("use `code` here", 9, "code spans are not supported"),
    ("```", 9, "code blocks are not supported"),
    ("    indented code", 9, "indented code blocks"),
    ("> a quote", 9, "block quotes are not supported"),
    ("<b>html</b>", 9, "HTML is not supported"),
    ("a <i>tag</i> inside", 9, "HTML is not supported"),
    ("#### too deep", 9, "headings go down to ### only"),
    ("* star bullet", 9, "write bullets with '- '"),
    ("+ plus bullet", 9, "write bullets with '- '"),
    ("- outer\n  - nested", 10, "nested lists are not supported"),
    ("- item\nnot indented", 10, "indent the line by 2 spaces"),
    ("***", 9, "horizontal rules"),
    ("Title\n=====", 10, "underlined headings"),
    ("an **unclosed bold", 9, "never closed"),
    ("an *unclosed italic", 9, "never closed"),
    ("***bold italics***", 9, "bold italics"),
    ("*italic **with bold** inside*", 9, "bold inside italics"),
    ("**bold *with italic* inside**", 9, "italics inside bold"),
    ("_underscored_", 9, "underscore emphasis"),
    ("~~struck~~", 9, "strikethrough"),
    ("a stray \\q escape", 9, "a backslash escapes only"),
    ("| a | b |\n|---|---|\n| 1 |", 11, "has 1 cell; the header has 2"),
    ("| a | b |\n| 1 | 2 |\n| 3 | 4 |", 10, "separator"),
    ("| a | b |\n|---|---|", 9, "at least one row"),
    ("| a | b |\n|---|---|\n| 1 | 2 |\ntext right after", 12, "a table ends with a blank line"),
    ("::aid nothing-like-it", 9, "unknown aid 'nothing-like-it'"),
    ("::aid", 9, "::aid needs the name"),
    ("::flip", 9, "unknown directive ::flip"),
    ("::column now", 9, "takes nothing after it"),
    ("::Aid odds", 9, "a directive is written ::name"),
    ("\tTabbed", 9, "tabs are not allowed"),
    ("a star ★ glyph", 9, "cannot print '★' (U+2605)"),
]


@pytest.mark.parametrize("body, line, message", REFUSED, ids=[r[2] for r in REFUSED])
def test_anything_outside_the_subset_is_refused_with_file_and_line(body, line, message):
    with pytest.raises(TemplateError) as err:
        parse(_doc("## Goal\n" + body), "my-summary.md", {"odds-table"},
              lambda text: [ch for ch in text if ch == "★"])
    assert str(err.value).startswith(f"my-summary.md, line {line}: ")
    assert message in str(err.value)


DOCUMENT_ERRORS = [
    ("# A Game\n", 1, "starts with front matter"),
    ("---\nplayers: 2\n---\n# T\n", 3, "lacks time"),
    ("---\nplayers: 2\ntime: 5\ncolour: red\n---\n", 4,
     "unknown front-matter key 'colour': expected one of players, time, ages"),
    ("---\nplayers: 2\nplayers: 3\n", 3, "given twice"),
    ("---\nplayers: 2\ntime 5\n---\n", 3, "expected 'key: value'"),
    ("---\nplayers: 2\ntime: 5\n", 3, "never closed"),
    ("---\nplayers: 2\ntime: 5\n---\n## Goal\n", 5, "must be the title"),
    ("---\nplayers: 2\ntime: 5\n---\n# T\n# U\n", 6, "one title"),
    ("---\nplayers: 2\ntime: 5\n---\n# T\n\n## Goal\nWin.\n", 8, "needs a '## Clarifications'"),
    (HEAD + "## Goal\nWin." + TAIL + "\n## Later\n", 14, "nothing may follow"),
    (HEAD + "## Goal\nWin.\n\n## Clarifications\n::aid odds-table\n", 12, "holds text"),
    (HEAD + "## Goal\nWin.\n\n## Clarifications\n", 11, "is empty"),
    (HEAD + "## Clarifications\n- a ruling\n", 8, "no rules before"),
]


@pytest.mark.parametrize("text, line, message", DOCUMENT_ERRORS,
                         ids=[e[2] for e in DOCUMENT_ERRORS])
def test_a_malformed_document_is_refused_with_file_and_line(text, line, message):
    with pytest.raises(TemplateError) as err:
        parse(text, "doc.md", {"odds-table"})
    assert str(err.value).startswith(f"doc.md, line {line}: ")
    assert message in str(err.value)


def test_a_users_copy_is_named_by_its_path_and_checked_against_the_games_aids(tmp_path: Path):
    copy = tmp_path / "my-go-nuts.md"
    copy.write_text(_doc("## Goal\nWin.\n\n::aid odds-table"), encoding="utf-8")
    with pytest.raises(TemplateError) as err:
        load(GAMES["go-nuts"], copy)
    assert str(err.value) == (f"{copy}, line 11: unknown aid 'odds-table': this game's aids "
                              "are turn-flow")
    assert isinstance(err.value, PrintkitError)  # so the CLI reports it in one line, exit 2


def test_a_missing_or_unreadable_copy_is_a_template_error(tmp_path: Path):
    with pytest.raises(TemplateError, match="does not exist"):
        load(GAMES["go-nuts"], tmp_path / "nope.md")
    latin = tmp_path / "latin.md"
    latin.write_bytes("Am\xe9rix".encode("latin-1"))
    with pytest.raises(TemplateError, match="is not UTF-8"):
        load(GAMES["go-nuts"], latin)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_bundled_summary_parses(game_id):
    summary = load(GAMES[game_id])
    assert summary.source == f"templates/rules/{game_id}.md"
    assert summary.clarifications
    assert summary.players == GAMES[game_id].players.split(" ")[0]
