"""What every player aid is, and the few shapes aids share (dice, arrows, boxes, tables).

An aid is a drawing function: it paints into a box of a given width, from (0, 0), and
returns the height it used. Its height for the layout is measured by drawing it once on
a recording canvas, so an aid's size and its picture can never disagree.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import partial

from printkit.draw import fonts
from printkit.draw.canvas import Align, Canvas
from printkit.draw.color import INK, WHITE, Color
from printkit.draw.recording import RecordingCanvas
from printkit.draw.richtext import Run, draw_paragraph
from printkit.errors import TemplateError
from printkit.language import ENGLISH, Lang
from printkit.message import quoted
from printkit.products.rules import table as tables
from printkit.products.rules.markup import parse_inline

TEXT = 9.0  # aid text is body text: at least 9 pt
LEADING = 1.25


@dataclass(frozen=True)
class Aid:
    """A player aid: its name (as `::aid NAME` calls it) and how to draw it."""

    name: str
    draw: Callable[..., float]  # (canvas, width, lang=ENGLISH) -> the height it used
    wide: bool = False  # spans the page instead of one column

    def height(self, width: float) -> float:
        """Return the height the aid needs at this width."""
        return self.draw(RecordingCanvas(width, 10_000.0), width)

    def measured_once(self, lang: Lang = ENGLISH) -> Aid:
        """Return this aid in `lang`, remembering its heights: a layout asks the same width
        many times."""
        return _MeasuredAid(self.name, partial(self.draw, lang=lang), self.wide)


@dataclass(frozen=True)
class _MeasuredAid(Aid):
    _heights: dict[float, float] = field(default_factory=dict, compare=False, hash=False)

    def height(self, width: float) -> float:
        if width not in self._heights:
            self._heights[width] = super().height(width)
        return self._heights[width]


def percent(p: Fraction, places: int = 1, lang: Lang = ENGLISH) -> str:
    """Return a chance as a percentage with `places` decimals: '35.3 %' ('35,3 %' in French)."""
    return lang.percent(float(p), places)


def runs(text: str, font: fonts.Font = fonts.REGULAR) -> list[Run]:
    """Return aid text as runs: **bold** and *italic* spans, read as the summaries' Markdown is."""
    def refuse(message: str) -> TemplateError:
        return TemplateError(f"aid text {quoted(text)}: {message}")

    faces = {"regular": font, "bold": fonts.BOLD, "italic": fonts.ITALIC}
    return [Run(span.text, faces[span.style]) for span in parse_inline(text, refuse)]


def paragraph(canvas: Canvas, x: float, y: float, w: float, text: str | Sequence[Run],
              size: float = TEXT, color: Color = INK, align: Align = "left") -> float:
    """Draw wrapped text from top y and return the y below it."""
    return draw_paragraph(canvas, x, y, w, runs(text) if isinstance(text, str) else text, size,
                          color, size * LEADING, align)


def die(canvas: Canvas, x: float, y: float, side: float, label: str, fill: Color | None = None,
        color: Color = INK, font: fonts.Font = fonts.BOLD, size: float = 10.0,
        stroke: Color | None = INK, width: float = 1.0) -> None:
    """Draw a die as a rounded square with a label in its middle."""
    canvas.rect(x, y, side, side, stroke=stroke, fill=fill, width=width, radius=side * 0.18)
    canvas.text(x + side / 2, y + side / 2 + fonts.cap_height(font, size) / 2, label, font=font,
                size=size,
                color=color, align="center")


def pips(canvas: Canvas, x: float, y: float, side: float, value: int, color: Color = INK) -> None:
    """Draw a d6 face showing `value` (1-6) as pips in a rounded square."""
    canvas.rect(x, y, side, side, stroke=INK, fill=WHITE, width=0.8, radius=side * 0.18)
    r = side * 0.09
    lo, mid, hi = x + side * 0.27, x + side / 2, x + side * 0.73
    top, vmid, bottom = y + side * 0.27, y + side / 2, y + side * 0.73
    spots = {
        1: [(mid, vmid)],
        2: [(lo, top), (hi, bottom)],
        3: [(lo, top), (mid, vmid), (hi, bottom)],
        4: [(lo, top), (hi, top), (lo, bottom), (hi, bottom)],
        5: [(lo, top), (hi, top), (mid, vmid), (lo, bottom), (hi, bottom)],
        6: [(lo, top), (hi, top), (lo, vmid), (hi, vmid), (lo, bottom), (hi, bottom)],
    }[value]
    for cx, cy in spots:
        canvas.circle(cx, cy, r, stroke=None, fill=color)


def arrow(canvas: Canvas, points: Sequence[tuple[float, float]], color: Color = INK,
          width: float = 1.0, head: float = 5.0) -> None:
    """Draw a polyline ending in an arrowhead at its last point."""
    for (x1, y1), (x2, y2) in itertools.pairwise(points):
        canvas.line(x1, y1, x2, y2, stroke=color, width=width)
    (x1, y1), (x2, y2) = points[-2], points[-1]
    length = max(((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5, 1e-9)
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    bx, by = x2 - ux * head, y2 - uy * head
    canvas.polygon([(x2, y2), (bx - uy * head * 0.55, by + ux * head * 0.55),
                    (bx + uy * head * 0.55, by - ux * head * 0.55)], stroke=None, fill=color)


def check_mark(canvas: Canvas, cx: float, cy: float, s: float, color: Color = INK) -> None:
    """Draw a tick (the font has no ✓) centred on (cx, cy), `s` points wide."""
    points = [(cx - s * 0.5, cy), (cx - s * 0.15, cy + s * 0.35), (cx + s * 0.5, cy - s * 0.4)]
    canvas.polygon(points, stroke=color, fill=None, width=max(1.2, s * 0.16), closed=False)


def table(canvas: Canvas, y: float, w: float, header: Sequence[str],
          rows: Sequence[Sequence[str]], align: Sequence[Align] | None = None,
          weights: Sequence[float] | None = None, size: float = TEXT) -> float:
    """Draw a small table across the width from top y; return the y below it."""
    laid = tables.lay_out([runs(h) for h in header], [[runs(c) for c in row] for row in rows], w,
                          size, align, weights)
    tables.draw(canvas, 0, y, laid)
    return y + laid.height


def laid_table(w: float, header: Sequence[str], rows: Sequence[Sequence[str]],
               align: Sequence[Align] | None = None, weights: Sequence[float] | None = None,
               size: float = TEXT) -> tables.LaidTable:
    """Return a small table laid out across the width (for aids that draw into its cells)."""
    return tables.lay_out([runs(h) for h in header], [[runs(c) for c in row] for row in rows], w,
                          size, align, weights)
