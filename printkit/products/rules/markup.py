"""The Markdown subset rule summaries are written in: parsed strictly, line by line.

What it accepts (the full description is in docs/rules-markdown.md):

    ---                          front matter: players, time (required), ages
    players: 3-5
    time: about 20 minutes
    ---
    # Title                      exactly one, before anything else
    ## Section / ### Subsection
    paragraphs, **bold**, *italics*, \\* \\| \\\\ escapes
    - bullets and 1. numbered steps (one level; indent 2 spaces to continue a line)
    | pipe | tables |            with a |---|:--:|--:| separator row
    ::aid NAME  ::column  ::page  directives on a line of their own
    ## Clarifications            the last section: the house-rulings box

Anything else (links, code, quotes, nested lists, HTML, headings below ###) is refused
with a TemplateError naming the file and the line, so a typo never prints silently.

Why a parser of our own and not markdown-it-py (which rich brings along): this subset is
line-based and refuses by line, and the library cannot say three things it needs.
- Where an inline problem is: markdown-it maps a block token to its range of lines, and an
  inline token to nothing, so "line 11: links are not supported" inside a three-line
  paragraph would become "lines 9-11". Here every problem names its own line.
- What a line was meant to be: CommonMark reads on where this subset stops. A line that
  forgets its two-space indent lazily continues a list item; four spaces make code; `+`
  makes another list; `Title` over `===` makes a heading. A whitelist of token types would
  see only the result, and could not say which line to fix or how; here each of those is
  refused at its line with what to write instead.
- Front matter and the `::aid`, `::column`, `::page` directives are not CommonMark: they
  would need mdit-py-plugins (another dependency) or a pre-pass of our own anyway.
What it does, it does in one pass over the lines, in linear time.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import Literal

from printkit.errors import TemplateError
from printkit.message import quoted

Style = Literal["regular", "bold", "italic"]
Align = Literal["left", "center", "right"]

FRONT_MATTER_KEYS = {"players": True, "time": True, "ages": False}  # key -> required
CLARIFICATIONS = "Clarifications"
DIRECTIVES = ("aid", "column", "page")


@dataclass(frozen=True)
class Span:
    """A piece of inline text in one style."""

    text: str
    style: Style = "regular"


Inline = tuple[Span, ...]


@dataclass(frozen=True)
class Heading:
    level: int  # 2 = section, 3 = subsection
    text: Inline
    line: int


@dataclass(frozen=True)
class Paragraph:
    text: Inline
    line: int


@dataclass(frozen=True)
class ListBlock:
    items: tuple[Inline, ...]
    ordered: bool
    line: int


@dataclass(frozen=True)
class Table:
    header: tuple[Inline, ...]
    align: tuple[Align, ...]
    rows: tuple[tuple[Inline, ...], ...]
    line: int


@dataclass(frozen=True)
class AidRef:
    name: str
    line: int


@dataclass(frozen=True)
class Break:
    kind: Literal["column", "page"]
    line: int


Block = Heading | Paragraph | ListBlock | Table | AidRef | Break


@dataclass(frozen=True)
class Summary:
    """A parsed rule summary: its header facts, its body, and its Clarifications box."""

    source: str
    title: str
    players: str
    time: str
    ages: str | None
    blocks: tuple[Block, ...]
    clarifications: tuple[Block, ...]
    aids: tuple[str, ...] = field(default=())


def plain(text: Inline) -> str:
    """Return inline text without its styles."""
    return "".join(s.text for s in text)


# -- inline ---------------------------------------------------------------------------
_ESCAPABLE = set("*\\|_`#[]<>")
_REFUSED_INLINE = (
    (re.compile(r"!\["), "images are not supported"),
    (re.compile(r"\]\("), "links are not supported; write the address as plain text"),
    (re.compile(r"<[A-Za-z/!]"), "HTML is not supported"),
    (re.compile(r"`"), "code spans are not supported"),
    (re.compile(r"(?<![\w\\])_|_(?![\w])"),
     "underscore emphasis is not supported; use *italics* or **bold** (escape a literal _ as \\_)"),
    (re.compile(r"~~"), "strikethrough is not supported"),
)


def parse_inline(text: str, fail: Callable[[str], TemplateError]) -> Inline:
    """Return `text` split into styled spans; `fail(message)` builds the error to raise."""
    unescaped = re.sub(r"\\.", "", text)
    for pattern, message in _REFUSED_INLINE:
        if pattern.search(unescaped):
            raise fail(message)
    spans: list[Span] = []
    buf: list[str] = []
    style: Style = "regular"
    i = 0

    def flush() -> None:
        if buf:
            spans.append(Span("".join(buf), style))
            buf.clear()

    while i < len(text):
        ch = text[i]
        if ch == "\\":
            if i + 1 < len(text) and text[i + 1] in _ESCAPABLE:
                buf.append(text[i + 1])
                i += 2
                continue
            raise fail("a backslash escapes only one of * \\ | _ ` # [ ] < >; "
                       "write \\\\ for a backslash")
        if text.startswith("***", i):
            raise fail("bold italics (***) are not supported: the bundled font has no "
                       "bold italic face")
        if text.startswith("**", i):
            if style == "italic":
                raise fail("bold inside italics is not supported")
            flush()
            style = "regular" if style == "bold" else "bold"
            if style == "bold" and text.startswith("**", i + 2):
                raise fail("empty **bold**")
            i += 2
            continue
        if ch == "*":
            if style == "bold":
                raise fail("italics inside bold are not supported")
            flush()
            style = "regular" if style == "italic" else "italic"
            i += 1
            continue
        buf.append(ch)
        i += 1
    if style != "regular":
        marker = "**" if style == "bold" else "*"
        raise fail(f"a {marker} is opened but never closed on this line")
    flush()
    return _tidy(spans)


def _tidy(spans: list[Span]) -> Inline:
    """Return spans with runs of spaces collapsed, empty spans dropped and ends trimmed."""
    out: list[Span] = []
    for s in spans:
        t = re.sub(r"[ \t\r\n]+", " ", s.text)  # a no-break space is kept as written
        if not t:
            continue
        if out and out[-1].style == s.style:
            out[-1] = Span(out[-1].text + t, s.style)
        else:
            out.append(Span(t, s.style))
    if out:
        out[0] = Span(out[0].text.lstrip(), out[0].style)
        out[-1] = Span(out[-1].text.rstrip(), out[-1].style)
    return tuple(s for s in out if s.text)


# -- blocks -----------------------------------------------------------------------------
_HEADING = re.compile(r"^(#{1,6})(\s+|$)(.*)$")
_BULLET = re.compile(r"^- (.*)$")
_ORDERED = re.compile(r"^(\d{1,2})\. (.*)$")
_DIRECTIVE = re.compile(r"^::([a-z-]+)(?:\s+(.*))?$")
_SEPARATOR_CELL = re.compile(r"^:?-{3,}:?$")
_THEMATIC = re.compile(r"^([-*_])(\s*\1){2,}\s*$")
_SETEXT = re.compile(r"^=+\s*$")


class _Parser:
    def __init__(self, text: str, source: str, aids: Collection[str] | None,
                 printable: Callable[[str], list[str]] | None,
                 clarifications: str = CLARIFICATIONS) -> None:
        self.clarifications = clarifications
        self.lines = text.splitlines()
        self.source = source
        self.aids = aids
        self.printable = printable
        self.meta: dict[str, str] = {}
        self.title: str | None = None
        self.blocks: list[Block] = []
        self.para: list[str] = []
        self.para_line = 0
        self.items: list[list[str]] = []
        self.item_lines: list[int] = []
        self.ordered = False
        self.table: list[tuple[int, str]] = []

    def error(self, line: int, message: str) -> TemplateError:
        return TemplateError(f"{self.source}, line {line}: {message}")

    def inline(self, text: str, line: int) -> Inline:
        if self.printable is not None:
            missing = self.printable(text)
            if missing:
                shown = ", ".join(f"'{ch}' (U+{ord(ch):04X})" for ch in missing)
                raise self.error(line, f"the bundled font cannot print {shown}")
        return parse_inline(text, lambda message: self.error(line, message))

    # -- front matter ---------------------------------------------------------------
    def front_matter(self) -> int:
        """Read the front matter and return the index of the first line after it."""
        if not self.lines or self.lines[0].strip() != "---":
            raise self.error(1, "a rule summary starts with front matter: a line '---', "
                                "then 'players:' and 'time:', then '---'")
        for i in range(1, len(self.lines)):
            raw = self.lines[i]
            n = i + 1
            if raw.strip() == "---":
                missing = [k for k, required in FRONT_MATTER_KEYS.items()
                           if required and k not in self.meta]
                if missing:
                    raise self.error(n, f"the front matter lacks {', '.join(missing)}")
                return i + 1
            if not raw.strip() or raw.lstrip().startswith("#"):
                continue
            key, sep, value = raw.partition(":")
            key = key.strip()
            if not sep or not key:
                raise self.error(n, f"expected 'key: value' in the front matter, not {quoted(raw)}")
            if key not in FRONT_MATTER_KEYS:
                raise self.error(n, f"unknown front-matter key {quoted(key)}: expected one of "
                                    f"{', '.join(FRONT_MATTER_KEYS)}")
            if key in self.meta:
                raise self.error(n, f"front-matter key {quoted(key)} is given twice")
            if not value.strip():
                raise self.error(n, f"front-matter key {quoted(key)} has no value")
            self.inline(value.strip(), n)  # same characters as the body
            self.meta[key] = value.strip()
        raise self.error(len(self.lines), "the front matter is never closed with '---'")

    # -- open blocks ----------------------------------------------------------------
    def close(self) -> None:
        if self.para:
            text = " ".join(s.strip() for s in self.para)
            self.blocks.append(Paragraph(self.inline(text, self.para_line), self.para_line))
            self.para = []
        if self.items:
            parsed = tuple(self.inline(" ".join(parts), line)
                           for parts, line in zip(self.items, self.item_lines))
            self.blocks.append(ListBlock(parsed, self.ordered, self.item_lines[0]))
            self.items, self.item_lines = [], []
        if self.table:
            self.blocks.append(self.parse_table())
            self.table = []

    def parse_table(self) -> Table:
        first = self.table[0][0]
        if len(self.table) < 3:
            raise self.error(first, "a table needs a header row, a |---| separator row and "
                                    "at least one row")
        rows = [(n, self.cells(text, n)) for n, text in self.table]
        header_line, header = rows[0]
        sep_line, sep = rows[1]
        if not all(_SEPARATOR_CELL.match(c) for c in sep):
            raise self.error(sep_line, "the second row of a table must be a separator such "
                                       "as |---|:--:|---:|")
        width = len(header)
        aligns: list[Align] = []
        for cell in sep:
            if cell.startswith(":") and cell.endswith(":"):
                aligns.append("center")
            elif cell.endswith(":"):
                aligns.append("right")
            else:
                aligns.append("left")
        body: list[tuple[Inline, ...]] = []
        for n, cells in rows[1:]:
            if len(cells) != width:
                plural = "" if len(cells) == 1 else "s"
                raise self.error(n, f"this table row has {len(cells)} cell{plural}; the header "
                                    f"has {width}")
            if n != sep_line:
                body.append(tuple(self.inline(c, n) for c in cells))
        return Table(tuple(self.inline(c, header_line) for c in header), tuple(aligns),
                     tuple(body), first)

    def cells(self, text: str, n: int) -> list[str]:
        row = text.strip()
        if not row.endswith("|") or row.endswith("\\|"):
            raise self.error(n, "a table row starts and ends with |")
        parts = re.split(r"(?<!\\)\|", row[1:-1])
        return [p.strip() for p in parts]

    # -- lines ----------------------------------------------------------------------
    def run(self) -> Summary:
        start = self.front_matter()
        for i in range(start, len(self.lines)):
            self.line(self.lines[i].rstrip(), i + 1)
        self.close()
        return self.finish()

    def line(self, raw: str, n: int) -> None:
        if "\t" in raw:
            raise self.error(n, "tabs are not allowed; indent with spaces")
        stripped = raw.strip()
        if not stripped:
            self.close()
            return
        indent = len(raw) - len(raw.lstrip(" "))
        if self.title is None and not stripped.startswith("# "):
            raise self.error(n, "the first line after the front matter must be the title, "
                                "written '# Title'")
        # a list item continues on lines indented under it
        if self.items and indent >= 2:
            if _BULLET.match(stripped) or _ORDERED.match(stripped):
                raise self.error(n, "nested lists are not supported: lists are one level deep")
            self.items[-1].append(stripped)
            return
        if indent >= 4 and not self.para:
            raise self.error(n, "indented code blocks are not supported (remove the indent)")
        if self.table and not stripped.startswith("|"):
            raise self.error(n, "a table ends with a blank line before other text")
        if stripped.startswith(("```", "~~~")):
            raise self.error(n, "code blocks are not supported")
        if stripped.startswith(">"):
            raise self.error(n, "block quotes are not supported")
        if stripped.startswith("<"):
            raise self.error(n, "HTML is not supported")
        if _THEMATIC.match(stripped):
            raise self.error(n, "horizontal rules (---, ***) are not supported; use "
                                "::column or ::page to break the layout")
        if _SETEXT.match(stripped):
            raise self.error(n, "underlined headings are not supported; write '## Heading'")
        if re.match(r"^[*+] ", stripped):
            raise self.error(n, "write bullets with '- ' (not '* ' or '+ ')")
        if re.match(r"^\d+\) ", stripped) or re.match(r"^\d{3,}\. ", stripped):
            raise self.error(n, "write numbered steps as '1. ', '2. ', ...")
        heading = _HEADING.match(stripped)
        if heading:
            self.heading(len(heading.group(1)), heading.group(3).strip(), n)
            return
        directive = _DIRECTIVE.match(stripped)
        if directive:
            self.close()
            self.directive(directive.group(1), (directive.group(2) or "").strip(), n)
            return
        if stripped.startswith("::"):
            raise self.error(n, f"a directive is written ::name; expected one of "
                                f"{', '.join('::' + d for d in DIRECTIVES)}")
        if stripped.startswith("|"):
            if not self.table:
                self.close()
            self.table.append((n, stripped))
            return
        bullet, ordered = _BULLET.match(stripped), _ORDERED.match(stripped)
        if bullet or ordered:
            is_ordered = ordered is not None
            if self.para:
                self.close()
            if self.items and self.ordered != is_ordered:
                self.close()
            self.ordered = is_ordered
            text = ordered.group(2) if ordered else bullet.group(1)  # type: ignore[union-attr]
            self.items.append([text])
            self.item_lines.append(n)
            return
        if stripped.startswith("-") and not stripped.startswith("--"):
            raise self.error(n, "write a bullet as '- ' followed by text")
        if self.items:
            raise self.error(n, "to continue a list item, indent the line by 2 spaces; to "
                                "start a paragraph, leave a blank line first")
        if not self.para:
            self.para_line = n
        self.para.append(stripped)

    def heading(self, level: int, text: str, n: int) -> None:
        self.close()
        if not text:
            raise self.error(n, "a heading needs text")
        if level == 1:
            if self.title is not None:
                raise self.error(n, "a summary has one title ('# ...'); use '## ' for sections")
            self.title = text
            self.inline(text, n)
            return
        if level > 3:
            raise self.error(n, f"headings go down to ### only (not {'#' * level})")
        self.blocks.append(Heading(level, self.inline(text, n), n))

    def directive(self, name: str, argument: str, n: int) -> None:
        if name not in DIRECTIVES:
            raise self.error(n, f"unknown directive ::{name}: expected one of "
                                f"{', '.join('::' + d for d in DIRECTIVES)}")
        if name == "aid":
            if not argument:
                raise self.error(n, "::aid needs the name of an aid, e.g. ::aid odds-table")
            if self.aids is not None and argument not in self.aids:
                known = ", ".join(sorted(self.aids)) or "none"
                raise self.error(n, f"unknown aid {quoted(argument)}: this game's aids are {known}")
            self.blocks.append(AidRef(argument, n))
            return
        if argument:
            raise self.error(n, f"::{name} takes nothing after it")
        self.blocks.append(Break("column" if name == "column" else "page", n))

    def finish(self) -> Summary:
        if self.title is None:
            raise self.error(len(self.lines), "the summary has no title ('# ...')")
        box = self.clarifications
        split = [i for i, b in enumerate(self.blocks)
                 if isinstance(b, Heading) and b.level == 2 and plain(b.text) == box]
        if not split:
            raise self.error(len(self.lines), f"the summary needs a '## {box}' "
                                              "section at its end: the house rulings")
        at = split[0]
        tail = self.blocks[at + 1:]
        for b in tail:
            if isinstance(b, Heading) and b.level == 2:
                raise self.error(b.line, f"nothing may follow the {box} section; "
                                         "it is the box at the foot of the page")
            if isinstance(b, (AidRef, Break)):
                raise self.error(b.line, f"the {box} box holds text, bullets and "
                                         "tables only")
        if not tail:
            raise self.error(self.blocks[at].line, f"the {box} section is empty")
        body = self.blocks[:at]
        if not body:
            raise self.error(self.blocks[at].line, "the summary has no rules before its "
                                                   "Clarifications")
        return Summary(
            source=self.source,
            title=self.title,
            players=self.meta["players"],
            time=self.meta["time"],
            ages=self.meta.get("ages"),
            blocks=tuple(body),
            clarifications=tuple(tail),
            aids=tuple(b.name for b in body if isinstance(b, AidRef)),
        )


def parse(text: str, source: str, aids: Collection[str] | None = None,
          printable: Callable[[str], list[str]] | None = None,
          clarifications: str = CLARIFICATIONS) -> Summary:
    """Return the summary written in `text`, or raise a TemplateError naming `source` and the line.

    `aids` are the aid names `::aid` may use (None: any); `printable(text)` returns the
    characters the font cannot print (None: no check); `clarifications` is the heading of
    the house-rulings box in the summary's language.
    """
    return _Parser(text, source, aids, printable, clarifications).run()
