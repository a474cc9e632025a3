"""Imposition: put one or several panels (pads, cards) on sheets, with cut marks and footers.

Every panel is portrait-shaped, whatever the count: one fills a portrait sheet, two stand
side by side on a landscape sheet (halves of 5.5 × 8.5 in on Letter), four share a portrait
sheet (quarters). Tall panels keep the long columns a score pad's turns need. Each panel
carries its own footer, so every pad cut from a sheet still names itself and its paper.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from printkit.draw import fonts
from printkit.draw.canvas import Canvas
from printkit.draw.color import GREY, RULE
from printkit.draw.page import Page
from printkit.draw.paper import MM, Paper
from printkit.draw.text import fit
from printkit.errors import PrintkitError
from printkit.language import ENGLISH, Lang

MARGIN = 0.4 * 72  # clear of what home printers cannot reach
FOOTER = 14.0
FOOTER_SIZE = 8.0
PER_PAGE = (1, 2, 4)
_GAP = 4 * MM  # a gutter between panels, cut through its middle


@dataclass(frozen=True)
class Panel:
    """Something printed in a box of its own: drawn at (0, 0) to (width, height) of that box."""

    draw: Callable[[Canvas, float, float], None]
    min_width: float
    min_height: float
    label: str = ""
    # what a panel big enough still cannot hold at a size: a name too long for its box (as a
    # message quotes it)
    refuse: Callable[[float, float], str | None] | None = None


@dataclass(frozen=True)
class SheetGrid:
    """How `per_page` panels sit on a sheet: columns, rows, and whether the sheet is turned."""

    cols: int
    rows: int
    landscape: bool

    def size(self, paper: Paper) -> tuple[float, float]:
        """Return the sheet's width and height in points, as the page is printed."""
        return paper.landscape if self.landscape else (paper.width, paper.height)


GRIDS = {1: SheetGrid(1, 1, False), 2: SheetGrid(2, 1, True), 4: SheetGrid(2, 2, False)}


def grid(per_page: int) -> SheetGrid:
    """Return the grid for `per_page` panels, or say which counts exist."""
    found = GRIDS.get(per_page)
    if found is None:
        raise PrintkitError(f"--per-page must be one of {', '.join(map(str, PER_PAGE))} "
                            f"(not {per_page})")
    return found


def _cell(paper: Paper, per_page: int) -> tuple[float, float]:
    """Return the width and height of one panel's box on the sheet, its footer included."""
    layout = grid(per_page)
    width, height = layout.size(paper)
    inner_w = width - 2 * MARGIN
    inner_h = height - 2 * MARGIN
    return ((inner_w - (layout.cols - 1) * _GAP) / layout.cols,
            (inner_h - (layout.rows - 1) * _GAP) / layout.rows)


def cell_size(paper: Paper, per_page: int) -> tuple[float, float]:
    """Return the width and height a panel is drawn in (its box less its footer)."""
    w, h = _cell(paper, per_page)
    return w, h - FOOTER


def _big_enough(panel: Panel, paper: Paper, per_page: int) -> bool:
    w, h = cell_size(paper, per_page)
    return panel.min_width <= w + 0.01 and panel.min_height <= h + 0.01


def _refusal(panel: Panel, paper: Paper, per_page: int) -> str | None:
    if panel.refuse is None:
        return None
    w, h = cell_size(paper, per_page)
    return panel.refuse(round(w, 3), round(h, 3))


def _fits(panel: Panel, paper: Paper, per_page: int) -> bool:
    return _big_enough(panel, paper, per_page) and _refusal(panel, paper, per_page) is None


def check_fits(panels: Sequence[Panel], paper: Paper, per_page: int, what: str,
               lang: Lang = ENGLISH) -> None:
    """Raise if `per_page` panels cannot fit the sheet, naming the counts that work, in
    `lang` (`what`, the product's name, is said in it already)."""
    grid(per_page)
    # panels alike are checked once (a pad printed for every sheet of a run)
    distinct = list({id(p.draw) if p.refuse is None else id(p): p for p in panels}.values())
    small = [p for p in distinct if not _big_enough(p, paper, per_page)]
    reason = None if small else next(
        (r for p in distinct if (r := _refusal(p, paper, per_page)) is not None), None)
    if not small and reason is None:
        return
    _ = lang.gettext
    works = [n for n in PER_PAGE if all(_fits(p, paper, n) for p in distinct)]
    advice = (_("use --per-page {counts}").format(counts=(" " + _("or") + " ").join(
        map(str, works)))
              if works else _("shorten the name"))
    # the paper as the option names it in English, by its printed name elsewhere
    sheet = paper.id if lang.english else paper_label(paper, lang).split(" ")[0]
    if reason is None:
        said = _("{what} does not fit {per_page} per page on {paper} paper; {advice}").format(
            what=what, per_page=per_page, paper=sheet, advice=advice)
    else:
        pad = next(p.label for p in distinct if _refusal(p, paper, per_page) is not None)
        said = _("the name {name} does not fit its box on the {pad} pad at {per_page} per page "
                 "on {paper} paper; {advice}").format(name=reason, pad=pad, per_page=per_page,
                                                      paper=sheet, advice=advice)
    raise PrintkitError(said)


def paper_label(paper: Paper, lang: Lang = ENGLISH) -> str:
    """Return the paper's name and size as footers print it: 'Letter 8.5 × 11 in'; in Spanish
    'Carta 8,5 × 11 in'."""
    if lang.english:
        return paper.label
    _ = lang.gettext
    names = {"Letter": _("Letter")}
    name, size = paper.label.split(" ", 1)
    size = " ".join(lang.number(float(word), 1) if word.replace(".", "").isdigit()
                    and "." in word else word for word in size.split(" "))
    return f"{names.get(name, name)} {size}"


def page_of(number: int, total: int, lang: Lang = ENGLISH) -> str:
    """Return 'page 3 of 6' in `lang`."""
    return lang.gettext("page {number} of {total}").format(number=number, total=total)


def footer(canvas: Canvas, paper: Paper, title: str, number: int, total: int,
           lang: Lang = ENGLISH, shorter: Sequence[str] = ()) -> None:
    """Draw the small printkit footer of a whole page: the product and the paper size."""
    panel_footer(canvas, MARGIN, paper.height - MARGIN + 2, paper.width - 2 * MARGIN, paper,
                 title, number, total, lang, shorter)


def panel_footer(canvas: Canvas, x: float, baseline: float, w: float, paper: Paper, title: str,
                 number: int, total: int, lang: Lang = ENGLISH,
                 shorter: Sequence[str] = ()) -> None:
    """Draw a footer across w from x: the product on the left, paper and page on the right.

    The right part is what tells a page printed at the wrong scale, so it is kept whole;
    where a quarter-sheet pad is narrow, the title gives way to the first of its `shorter`
    forms that fits whole. The title is the same on every page of a document, so the
    canvas may reuse it.
    """
    label = paper_label(paper, lang)
    right = f"{label} · {page_of(number, total, lang)}"
    canvas.text(x + w, baseline, right, font=fonts.REGULAR, size=FOOTER_SIZE, color=GREY,
                align="right")
    widest = fonts.width(f"{label} · {page_of(total, total, lang)}", fonts.REGULAR, FOOTER_SIZE)
    room = round(w - widest - 10, 2)
    canvas.reuse(("footer", title, x, baseline, room),
                 (x - 1, baseline - FOOTER_SIZE, x + room + 1, baseline + 3),
                 lambda c: _footer_title(c, x, baseline, title, room, shorter))


def _footer_title(canvas: Canvas, x: float, baseline: float, title: str, room: float,
                  shorter: Sequence[str]) -> None:
    candidates = [f"printkit · {title}", title, *shorter]
    left = next((f for f in (fit(t, fonts.REGULAR, FOOTER_SIZE, room) for t in candidates)
                 if not f.shortened), None) or fit(candidates[-1], fonts.REGULAR, FOOTER_SIZE,
                                                    room)
    canvas.text(x, baseline, left.text, font=fonts.REGULAR, size=left.size, color=GREY)


def _cut_marks(canvas: Canvas, sheet_w: float, sheet_h: float, layout: SheetGrid, w: float,
               h: float) -> None:
    """Mark the cut lines in the margins and draw a faint dashed guide between panels.

    The marks stop a quarter inch from the paper's edge, which home printers cannot reach.
    """
    clear = 0.25 * 72
    for c in range(1, layout.cols):
        x = MARGIN + c * w + (c - 0.5) * _GAP
        canvas.line(x, clear, x, MARGIN - 2, stroke=RULE, width=0.5)
        canvas.line(x, sheet_h - MARGIN + 2, x, sheet_h - clear, stroke=RULE, width=0.5)
        canvas.line(x, MARGIN, x, sheet_h - MARGIN, stroke=RULE, width=0.4, dash=(2, 3))
    for r in range(1, layout.rows):
        y = MARGIN + r * h + (r - 0.5) * _GAP
        canvas.line(clear, y, MARGIN - 2, y, stroke=RULE, width=0.5)
        canvas.line(sheet_w - MARGIN + 2, y, sheet_w - clear, y, stroke=RULE, width=0.5)
        canvas.line(MARGIN, y, sheet_w - MARGIN, y, stroke=RULE, width=0.4, dash=(2, 3))


def impose(panels: Sequence[Panel], paper: Paper, per_page: int, title: str,
           extras: Sequence[Panel] = (), lang: Lang = ENGLISH,
           shorter: Sequence[str] = ()) -> list[Page]:
    """Return the sheets that carry `panels`, `per_page` to a sheet, then each extra on its own.

    Every panel's footer names the product (the title, or where a panel is narrow the
    first `shorter` title that fits), the paper and the sheet among all of them.
    """
    check_fits(panels, paper, per_page, title, lang)
    check_fits(extras, paper, 1, title, lang)
    runs = [(list(panels[i:i + per_page]), per_page) for i in range(0, len(panels), per_page)]
    runs += [([extra], 1) for extra in extras]
    total = len(runs)

    def sheet(group: list[Panel], n_up: int, number: int) -> Page:
        layout = grid(n_up)
        sheet_w, sheet_h = layout.size(paper)
        cw, ch = _cell(paper, n_up)
        w, h = cell_size(paper, n_up)

        def draw(canvas: Canvas) -> None:
            if n_up > 1:
                _cut_marks(canvas, sheet_w, sheet_h, layout, cw, ch)
            for i, panel in enumerate(group):
                col, row = i % layout.cols, i // layout.cols
                x, y = MARGIN + col * (cw + _GAP), MARGIN + row * (ch + _GAP)
                with canvas.translated(x, y):
                    panel.draw(canvas, w, h)
                panel_footer(canvas, x, y + ch - 1, cw, paper, title, number, total, lang,
                             shorter)

        return Page(sheet_w, sheet_h, draw, f"{title} {number}")

    return [sheet(group, n_up, n) for n, (group, n_up) in enumerate(runs, start=1)]
