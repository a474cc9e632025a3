"""Imposition: put one or several panels (pads, cards) on sheets, with cut marks and a footer."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from printkit.draw import fonts
from printkit.draw.canvas import Canvas
from printkit.draw.color import GREY, RULE
from printkit.draw.page import Page
from printkit.draw.paper import MM, Paper
from printkit.errors import PrintkitError

MARGIN = 0.4 * 72  # clear of what home printers cannot reach
FOOTER = 14.0
PER_PAGE = (1, 2, 4)
_GAP = 4 * MM  # a gutter between panels, cut through its middle


@dataclass(frozen=True)
class Panel:
    """Something printed in a box of its own: drawn at (0, 0) to (width, height) of that box."""

    draw: Callable[[Canvas, float, float], None]
    min_width: float
    min_height: float
    label: str = ""


def _grid(per_page: int) -> tuple[int, int]:
    """Return (columns, rows) of panels on a portrait sheet."""
    return {1: (1, 1), 2: (1, 2), 4: (2, 2)}[per_page]


def cell_size(paper: Paper, per_page: int) -> tuple[float, float]:
    """Return the width and height of one panel's box on the sheet."""
    cols, rows = _grid(per_page)
    inner_w = paper.width - 2 * MARGIN
    inner_h = paper.height - 2 * MARGIN - FOOTER
    return ((inner_w - (cols - 1) * _GAP) / cols, (inner_h - (rows - 1) * _GAP) / rows)


def check_fits(panels: Sequence[Panel], paper: Paper, per_page: int, what: str) -> None:
    """Raise if `per_page` panels cannot fit the sheet, naming the counts that work."""
    if per_page not in PER_PAGE:
        raise PrintkitError(f"--per-page must be one of {', '.join(map(str, PER_PAGE))} "
                            f"(not {per_page})")
    w, h = cell_size(paper, per_page)
    too_big = [p for p in panels if p.min_width > w + 0.01 or p.min_height > h + 0.01]
    if too_big:
        works = [n for n in PER_PAGE
                 if all(p.min_width <= cell_size(paper, n)[0] + 0.01
                        and p.min_height <= cell_size(paper, n)[1] + 0.01 for p in panels)]
        raise PrintkitError(
            f"{what} does not fit {per_page} per page on {paper.id} paper; "
            f"use --per-page {' or '.join(map(str, works))}"
        )


def footer(canvas: Canvas, paper: Paper, title: str, number: int, total: int) -> None:
    """Draw the small printkit footer that names the product and the paper size."""
    y = paper.height - MARGIN + 2
    canvas.text(MARGIN, y, f"printkit · {title}", fonts.REGULAR, 8, GREY)
    canvas.text(paper.width - MARGIN, y,
                f"{paper.label} · page {number} of {total}", fonts.REGULAR, 8, GREY, "right")


def _cut_marks(canvas: Canvas, paper: Paper, cols: int, rows: int, w: float, h: float) -> None:
    """Mark the cut lines in the margins and draw a faint dashed guide between panels."""
    mark = MARGIN * 0.6
    for c in range(1, cols):
        x = MARGIN + c * w + (c - 0.5) * _GAP
        canvas.line(x, 0, x, mark, RULE, 0.5)
        canvas.line(x, paper.height - mark, x, paper.height, RULE, 0.5)
        canvas.line(x, MARGIN, x, paper.height - MARGIN - FOOTER, RULE, 0.4, dash=(2, 3))
    for r in range(1, rows):
        y = MARGIN + r * h + (r - 0.5) * _GAP
        canvas.line(0, y, mark, y, RULE, 0.5)
        canvas.line(paper.width - mark, y, paper.width, y, RULE, 0.5)
        canvas.line(MARGIN, y, paper.width - MARGIN, y, RULE, 0.4, dash=(2, 3))


def impose(panels: Sequence[Panel], paper: Paper, per_page: int, title: str,
           extras: Sequence[Panel] = ()) -> list[Page]:
    """Return the sheets that carry `panels`, `per_page` to a sheet, then each extra on its own.

    Every sheet's footer names the product, the paper and the page among all of them.
    """
    check_fits(panels, paper, per_page, title)
    check_fits(extras, paper, 1, title)
    runs = [(list(panels[i:i + per_page]), per_page) for i in range(0, len(panels), per_page)]
    runs += [([extra], 1) for extra in extras]
    total = len(runs)

    def sheet(group: list[Panel], n_up: int, number: int) -> Page:
        cols, rows = _grid(n_up)
        w, h = cell_size(paper, n_up)

        def draw(canvas: Canvas) -> None:
            if n_up > 1:
                _cut_marks(canvas, paper, cols, rows, w, h)
            for i, panel in enumerate(group):
                col, row = i % cols, i // cols
                with canvas.translated(MARGIN + col * (w + _GAP), MARGIN + row * (h + _GAP)):
                    panel.draw(canvas, w, h)
            footer(canvas, paper, title, number, total)

        return Page(paper.width, paper.height, draw, f"{title} {number}")

    return [sheet(group, n_up, n) for n, (group, n_up) in enumerate(runs, start=1)]
