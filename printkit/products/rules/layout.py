"""Laying a summary out on pages: a header, balanced columns, wide aids, the Clarifications box.

A page is a stack of bands: the header, then runs of blocks flowed into two balanced
columns, separated by any aid that spans the page. The Clarifications box sits at the
foot of the last page. The body is set at the largest size from 10.5 pt down to 9 pt at
which every page fits; if nothing fits at 9 pt the summary is too long, and the error
says which page and by how much.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial

from printkit.draw import fonts
from printkit.draw.canvas import Canvas
from printkit.draw.color import GREY, INK, WHITE
from printkit.draw.impose import FOOTER, MARGIN
from printkit.draw.paper import Paper
from printkit.draw.richtext import Line, Run, draw_line, wrap
from printkit.draw.text import draw_fitted
from printkit.errors import TemplateError
from printkit.language import ENGLISH, Lang
from printkit.products.rules import table as tables
from printkit.products.rules.aids.base import Aid
from printkit.products.rules.markup import (
    AidRef,
    Block,
    Break,
    Heading,
    Inline,
    ListBlock,
    Paragraph,
    Summary,
    Table,
    plain,
)

MAX_SIZE = 10.5
MIN_SIZE = 9.0  # the art direction's floor for rule-summary body text
SIZE_STEP = 0.25
GUTTER = 20.0
HEADER_H = 44.0
BOX_PAD = 8.0

_FONTS = {"regular": fonts.REGULAR, "bold": fonts.BOLD, "italic": fonts.ITALIC}
Paint = Callable[[Canvas], None]


@dataclass(frozen=True)
class Style:
    """Sizes derived from the body size."""

    size: float

    @property
    def leading(self) -> float:
        return self.size * 1.3

    @property
    def heading(self) -> float:
        return self.size * 1.2

    @property
    def subheading(self) -> float:
        return self.size * 1.05

    @property
    def gap(self) -> float:
        return self.size * 0.45


@dataclass(frozen=True)
class Placement:
    """Where one thing landed on a page, in points (for tests and for reading the layout)."""

    kind: str  # header, heading, paragraph, list-item, table, aid, clarifications
    x: float
    y: float
    w: float
    h: float
    name: str = ""  # the aid's name, or the heading's text
    size: float = 0.0  # the text size it was set at (0 for aids and boxes)


@dataclass
class PagePlan:
    """One laid-out page: what goes where, and how to paint it."""

    size: float
    placements: list[Placement] = field(default_factory=list)
    paints: list[Paint] = field(default_factory=list)
    bottom: float = 0.0  # lowest point the body reaches (above the Clarifications box)
    limit: float = 0.0  # lowest point it may reach
    gave_up: int | None = None  # the template line where the page was seen not to fit

    def add(self, placement: Placement, paint: Paint) -> None:
        self.placements.append(placement)
        self.paints.append(paint)

    def paint(self, canvas: Canvas) -> None:
        for p in self.paints:
            p(canvas)

    @property
    def overflow(self) -> float:
        return max(0.0, self.bottom - self.limit)


@dataclass(frozen=True)
class _Slice:
    """An unbreakable piece of a column: a heading, a paragraph, one list item, a table, an aid."""

    kind: str
    height: float
    paint: Callable[[Canvas, float, float], None]  # (canvas, x, top)
    space_before: float = 0.0
    keep_with_next: bool = False
    name: str = ""
    size: float = 0.0


@dataclass(frozen=True)
class _ColumnBreak:
    line: int


class _Overfull(Exception):
    """A page's text has passed what two columns can hold, so laying out more is pointless."""

    def __init__(self, line: int) -> None:
        super().__init__(line)
        self.line = line


def runs_of(text: Inline, bold: bool = False) -> list[Run]:
    """Return inline text as font runs (all bold for headings and table heads)."""
    if bold:
        return [Run(s.text, fonts.BOLD) for s in text]
    return [Run(s.text, _FONTS[s.style]) for s in text]


def _text_height(n_lines: int, size: float, leading: float, font: fonts.Font = fonts.REGULAR
                 ) -> float:
    return (n_lines - 1) * leading + fonts.ascent(font, size) + fonts.descent(font, size)


def _paint_lines(lines: Sequence[Line], size: float, leading: float,
                 font: fonts.Font = fonts.REGULAR, dx: float = 0.0
                 ) -> Callable[[Canvas, float, float], None]:
    def paint(canvas: Canvas, x: float, y: float) -> None:
        baseline = y + fonts.ascent(font, size)
        for line in lines:
            draw_line(canvas, x + dx, baseline, line, size)
            baseline += leading
    return paint


# -- blocks to slices --------------------------------------------------------------------
class _Slicer:
    def __init__(self, summary: Summary, aids: Mapping[str, Aid], style: Style) -> None:
        self.summary = summary
        self.aids = aids
        self.style = style
        self.max_lines: int | None = None  # enough lines to overfill what is left of a page

    def error(self, line: int, message: str) -> TemplateError:
        return TemplateError(f"{self.summary.source}, line {line}: {message}")

    def slices(self, blocks: Sequence[Block], w: float, budget: float = float("inf")
               ) -> list[_Slice | _ColumnBreak]:
        """Return the blocks as slices; raise _Overfull once they pass `budget` points."""
        out: list[_Slice | _ColumnBreak] = []
        total = 0.0
        for block in blocks:
            if budget != float("inf"):
                # a line is at least one text size high
                self.max_lines = int((budget - total) / self.style.size) + 2
            before = len(out)
            if isinstance(block, Heading):
                out.append(self.heading(block, w))
            elif isinstance(block, Paragraph):
                out.append(self.paragraph(block, w))
            elif isinstance(block, ListBlock):
                out.extend(self.list_items(block, w))
            elif isinstance(block, Table):
                out.append(self.table(block, w))
            elif isinstance(block, AidRef):
                out.append(self.aid(block, w))
            elif isinstance(block, Break) and block.kind == "column":
                out.append(_ColumnBreak(block.line))
            total += sum(x.height for x in out[before:] if isinstance(x, _Slice))
            if total > budget:
                raise _Overfull(block.line)
        self.max_lines = None
        return out

    def heading(self, block: Heading, w: float) -> _Slice:
        s = self.style
        if block.level == 2:
            size, font = s.heading, fonts.BLACK
            lines = wrap([Run(plain(block.text), font)], size, w, self.max_lines)
            text_h = _text_height(len(lines), size, size * 1.15, font)
            text_paint = _paint_lines(lines, size, size * 1.15, font)

            def paint(canvas: Canvas, x: float, y: float) -> None:
                text_paint(canvas, x, y)
                rule_y = y + text_h + 2.0
                canvas.line(x, rule_y, x + w, rule_y, stroke=INK, width=0.9)

            return _Slice("heading", text_h + 3.0, paint, s.size * 0.95, True, plain(block.text),
                          size)
        size = s.subheading
        lines = wrap(runs_of(block.text, bold=True), size, w, self.max_lines)
        return _Slice("heading", _text_height(len(lines), size, size * 1.2, fonts.BOLD),
                      _paint_lines(lines, size, size * 1.2, fonts.BOLD), s.size * 0.7, True,
                      plain(block.text), size)

    def paragraph(self, block: Paragraph, w: float) -> _Slice:
        s = self.style
        lines = wrap(runs_of(block.text), s.size, w, self.max_lines)
        return _Slice("paragraph", _text_height(len(lines), s.size, s.leading),
                      _paint_lines(lines, s.size, s.leading), s.gap, size=s.size)

    def list_items(self, block: ListBlock, w: float) -> list[_Slice]:
        s = self.style
        indent = s.size * (1.75 if block.ordered else 1.15)
        items = []
        for i, item in enumerate(block.items):
            lines = wrap(runs_of(item), s.size, w - indent, self.max_lines)
            text_paint = _paint_lines(lines, s.size, s.leading, dx=indent)
            marker = self._marker(i + 1 if block.ordered else None)
            items.append(_Slice("list-item", _text_height(len(lines), s.size, s.leading),
                                partial(_paint_item, marker, text_paint),
                                s.gap if i == 0 else s.size * 0.2, size=s.size))
        return items

    def _marker(self, number: int | None) -> Callable[[Canvas, float, float], None]:
        size = self.style.size
        middle = fonts.ascent(fonts.REGULAR, size) - fonts.cap_height(fonts.REGULAR, size) / 2

        def paint(canvas: Canvas, x: float, y: float) -> None:
            if number is None:
                canvas.circle(x + size * 0.35, y + middle, size * 0.17, stroke=None, fill=INK)
                return
            r = size * 0.66
            cx, cy = x + r, y + middle
            canvas.circle(cx, cy, r, stroke=None, fill=INK)
            label = str(number)
            num = max(MIN_SIZE, size * 0.85)
            canvas.text(cx, cy + fonts.cap_height(fonts.BLACK, num) / 2, label, font=fonts.BLACK,
                        size=num,
                        color=WHITE, align="center")

        return paint

    def table(self, block: Table, w: float) -> _Slice:
        s = self.style
        try:
            laid = tables.lay_out([runs_of(c) for c in block.header],
                                  [[runs_of(c) for c in row] for row in block.rows], w, s.size,
                                  block.align)
        except tables.TableTooWide as err:
            raise self.error(block.line, f"this table is too wide for a column: it {err}; "
                                         "shorten its longest words or use fewer columns") from None

        def paint(canvas: Canvas, x: float, y: float) -> None:
            tables.draw(canvas, x, y, laid)

        return _Slice("table", laid.height, paint, s.gap * 1.3, size=s.size)

    def aid(self, block: AidRef, w: float) -> _Slice:
        aid = self.aids[block.name]
        h = aid.height(w)

        def paint(canvas: Canvas, x: float, y: float) -> None:
            with canvas.translated(x, y):
                aid.draw(canvas, w)

        return _Slice("aid", h, paint, self.style.gap * 1.6 if h else 0.0, name=aid.name)


# -- columns ---------------------------------------------------------------------------------
def _column_height(items: Sequence[_Slice]) -> float:
    return sum(s.height + (s.space_before if i else 0.0) for i, s in enumerate(items))


def balance(items: Sequence[_Slice | _ColumnBreak], source: str
            ) -> tuple[list[_Slice], list[_Slice]]:
    """Return the slices split into two columns as evenly as they allow.

    A heading never ends a column (it stays with what follows); a `::column` break fixes
    the split.
    """
    breaks = [i for i, s in enumerate(items) if isinstance(s, _ColumnBreak)]
    if len(breaks) > 1:
        second = items[breaks[1]]
        assert isinstance(second, _ColumnBreak)
        raise TemplateError(f"{source}, line {second.line}: one ::column per run of text: the "
                            "page has two columns")
    content = [s for s in items if isinstance(s, _Slice)]
    if not content:
        return [], []
    forced = breaks[0] if breaks else None
    # running sums make every split's two heights known at once: linear in the slices
    n = len(content)
    heights = [0.0] * (n + 1)
    spaces = [0.0] * (n + 1)
    for i, s in enumerate(content):
        heights[i + 1] = heights[i] + s.height
        spaces[i + 1] = spaces[i] + s.space_before
    best: tuple[float, int] | None = None
    for k in range(1, n + 1):
        if forced is not None and k != forced:
            continue
        if k < n and content[k - 1].keep_with_next:
            continue
        left = heights[k] + spaces[k] - content[0].space_before
        right = (heights[n] - heights[k] + spaces[n] - spaces[k] - content[k].space_before
                 if k < n else 0.0)
        height = max(left, right)
        # on a tie the later split wins: the left column is the fuller one
        if best is None or height <= best[0] + 0.01:
            best = (min(height, best[0]) if best else height, k)
    k = best[1] if best is not None else len(content)
    return content[:k], content[k:]


# -- pages -----------------------------------------------------------------------------------
def _segments(blocks: Sequence[Block], aids: Mapping[str, Aid]
              ) -> list[list[list[Block] | Aid]]:
    """Return the blocks cut into pages, each page a list of column bands and wide aids."""
    pages: list[list[list[Block] | Aid]] = [[[]]]
    for block in blocks:
        if isinstance(block, Break) and block.kind == "page":
            pages.append([[]])
        elif isinstance(block, AidRef) and aids[block.name].wide:
            pages[-1].append(aids[block.name])
            pages[-1].append([])
        else:
            band = pages[-1][-1]
            assert isinstance(band, list)
            band.append(block)
    return pages


def _place_columns(plan: PagePlan, left: list[_Slice], right: list[_Slice], x: float, y: float,
                   col_w: float) -> float:
    """Place two columns from top y; return the y below the taller one."""
    bottom = y
    for column, cx in ((left, x), (right, x + col_w + GUTTER)):
        cy = y
        for i, s in enumerate(column):
            if i:
                cy += s.space_before
            plan.add(Placement(s.kind, cx, cy, col_w, s.height, s.name, s.size),
                     partial(_paint_slice, s, cx, cy))
            cy += s.height
        bottom = max(bottom, cy)
    return bottom


def plan_pages(summary: Summary, aids: Mapping[str, Aid], paper: Paper, size: float,
               header: Callable[[Canvas, float, float, float, int], None],
               lang: Lang = ENGLISH) -> list[PagePlan]:
    """Return the summary laid out at body size `size` (pages may overflow; see `overflow`)."""
    style = Style(size)
    slicer = _Slicer(summary, aids, style)
    x0, top = MARGIN, MARGIN
    width = paper.width - 2 * MARGIN
    limit = paper.height - MARGIN - FOOTER
    col_w = (width - GUTTER) / 2
    pages = _segments(summary.blocks, aids)
    plans = []
    for number, segments in enumerate(pages):
        plan = PagePlan(size)
        plan.add(Placement("header", x0, top, width, HEADER_H),
                 partial(_paint_header, header, x0, top, width, number))
        y = top + HEADER_H + 6
        first = True
        for segment in segments:
            if isinstance(segment, Aid):
                h = segment.height(width)
                if not h:
                    continue
                y += 0 if first else style.size * 1.1
                plan.add(Placement("aid", x0, y, width, h, segment.name),
                         partial(_paint_aid, segment, x0, y, width))
                y += h
            else:
                if not segment:
                    continue
                y += 0 if first else style.size * 1.1
                try:
                    # two columns hold at most twice the room left: past that, give up
                    items = slicer.slices(segment, col_w, 2 * (limit - y))
                except _Overfull as full:
                    plan.gave_up, y = full.line, float("inf")
                    break
                left, right = balance(items, summary.source)
                y = _place_columns(plan, left, right, x0, y, col_w)
            first = False
        plan.bottom, plan.limit = y, limit
        plans.append(plan)
    # the Clarifications box at the foot of the last page
    last = plans[-1]
    try:
        box_h = _clarifications(last, slicer, summary, x0, width, limit, style,
                                2 * (limit - top), lang)
    except _Overfull as full:
        last.gave_up, box_h = full.line, float("inf")
    last.limit = limit - box_h - style.size * 1.2
    return plans


def _paint_aid(aid: Aid, x: float, y: float, w: float, canvas: Canvas) -> None:
    with canvas.translated(x, y):
        aid.draw(canvas, w)


def _paint_item(marker: Callable[[Canvas, float, float], None],
                text: Callable[[Canvas, float, float], None], canvas: Canvas, x: float,
                y: float) -> None:
    marker(canvas, x, y)
    text(canvas, x, y)


def _paint_slice(s: _Slice, x: float, y: float, canvas: Canvas) -> None:
    s.paint(canvas, x, y)


def _paint_header(header: Callable[[Canvas, float, float, float, int], None], x: float, y: float,
                  w: float, page: int, canvas: Canvas) -> None:
    header(canvas, x, y, w, page)


def _clarifications(plan: PagePlan, slicer: _Slicer, summary: Summary, x: float, w: float,
                    bottom: float, style: Style, budget: float, lang: Lang) -> float:
    """Place the Clarifications box so that it ends at `bottom`; return its height."""
    inner_w = w - 2 * BOX_PAD
    col_w = (inner_w - GUTTER) / 2
    left, right = balance(slicer.slices(summary.clarifications, col_w, budget), summary.source)
    title_size = style.heading
    title_h = fonts.ascent(fonts.BLACK, title_size) + fonts.descent(fonts.BLACK, title_size) + 4
    body_h = max(_column_height(left), _column_height(right))
    box_h = BOX_PAD + title_h + body_h + BOX_PAD
    y = bottom - box_h

    heading = lang.gettext("Clarifications")
    note = lang.gettext("the house rulings printkit plays by")

    def frame(canvas: Canvas) -> None:
        canvas.rect(x, y, w, box_h, stroke=INK, fill=WHITE, width=1.4, radius=5)
        base = y + BOX_PAD + fonts.ascent(fonts.BLACK, title_size)
        canvas.text(x + BOX_PAD, base, heading, font=fonts.BLACK, size=title_size, color=INK)
        tw = fonts.width(heading, fonts.BLACK, title_size)
        canvas.text(x + BOX_PAD + tw + 8, base, note, font=fonts.ITALIC, size=style.size,
                    color=GREY)

    plan.add(Placement("clarifications", x, y, w, box_h, size=title_size), frame)
    _place_columns(plan, left, right, x + BOX_PAD, y + BOX_PAD + title_h, col_w)
    return box_h


def header_painter(title: str, players: str, time: str, ages: str | None, lang: Lang = ENGLISH
                   ) -> Callable[[Canvas, float, float, float, int], None]:
    """Return a function drawing the page header: title, then players, time and ages."""
    _ = lang.gettext

    def paint(canvas: Canvas, x: float, y: float, w: float, page: int) -> None:
        # (pictogram, words): ages have no pictogram everyone reads the same way, so are words
        facts = [("players", players), ("time", time)] + (
            [("", _("ages {ages}").format(ages=ages))] if ages else [])
        size = 10.0
        right = x + w
        widths = [fonts.width(text, fonts.BOLD, size) + (15 if icon else 0)
                  for icon, text in facts]
        info_w = sum(widths) + 12 * (len(facts) - 1)
        fx = right - info_w
        base = y + 30
        for (icon, text), fw in zip(facts, widths):
            if icon:
                _icon(canvas, icon, fx + 6, base - 3.6)
            canvas.text(fx + (15 if icon else 0), base, text, font=fonts.BOLD, size=size, color=INK)
            fx += fw + 12
        room = w - info_w - 16
        if page:  # a later page says so, in a quieter voice than the title
            more = _("page {number}").format(number=page + 1)
            more_w = fonts.width(more, fonts.ITALIC, size) + 10
            fitted = draw_fitted(canvas, x, y, room - more_w, base - y, title, fonts.BLACK, 26,
                                 INK, valign="baseline", min_size=14)
            canvas.text(x + fitted.width + 10, base, more, font=fonts.ITALIC, size=size, color=GREY)
        else:
            draw_fitted(canvas, x, y, room, base - y, title, fonts.BLACK, 26, INK,
                        valign="baseline", min_size=14)
        canvas.line(x, y + HEADER_H - 4, x + w, y + HEADER_H - 4, stroke=INK, width=1.8)

    return paint


def _icon(canvas: Canvas, kind: str, cx: float, cy: float) -> None:
    """Draw a small pictogram: a person (players) or a clock (time)."""
    if kind == "players":
        canvas.circle(cx, cy - 3.2, 2.3, stroke=None, fill=INK)
        canvas.polygon([(cx - 4.2, cy + 4.6), (cx - 3.4, cy + 0.2), (cx + 3.4, cy + 0.2),
                        (cx + 4.2, cy + 4.6)], stroke=None, fill=INK)
    else:
        canvas.circle(cx, cy, 4.8, stroke=INK, fill=None, width=1.1)
        canvas.line(cx, cy, cx, cy - 3.2, stroke=INK, width=1.0)
        canvas.line(cx, cy, cx + 2.4, cy + 0.6, stroke=INK, width=1.0)


def lay_out(summary: Summary, aids: Mapping[str, Aid], paper: Paper,
            max_pages: int = 1, lang: Lang = ENGLISH) -> list[PagePlan]:
    """Return the summary's pages at the largest body size that fits, or raise a TemplateError."""
    header = header_painter(summary.title, summary.players, summary.time, summary.ages, lang)
    aids = {name: aid.measured_once(lang) for name, aid in aids.items()}
    plans: list[PagePlan] = []
    size = MAX_SIZE
    while size >= MIN_SIZE - 1e-9:
        plans = plan_pages(summary, aids, paper, size, header, lang)
        if len(plans) > max_pages:
            raise TemplateError(f"{summary.source}: the summary has {len(plans)} pages (::page); "
                                f"this game's summary may have {max_pages}")
        if all(p.overflow == 0 for p in plans):
            return plans
        if size == MAX_SIZE and any(p.gave_up is not None for p in plans):
            size = MIN_SIZE  # far too long at the largest size: only the smallest may do
            continue
        size -= SIZE_STEP
    worst = max(range(len(plans)), key=lambda i: plans[i].overflow)
    gave_up = plans[worst].gave_up
    how = (f"it is {plans[worst].overflow:.0f} pt too long" if gave_up is None else
           f"by line {gave_up} it already holds more than its two columns can")
    raise TemplateError(f"{summary.source}: page {worst + 1} does not fit even with "
                        f"{MIN_SIZE:g} pt text: {how}; shorten it"
                        + (" or move text to the next page with ::page" if max_pages > 1 else ""))
