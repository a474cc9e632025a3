"""The printed line between an endgame attempt's two lines of writing, and the glyphs written
across it.

A field whose print is dark (`strokes.PRINT`) is read without the print and a pixel or two
around it (`strokes.field_ink`), each stroke across it drawn again from the ink on either
side; a band the writing line's dash and its margin take, five pixels tall, is more than that
drawing joins again. A player who writes an attempt on one line across the printed line (a
long re-roll written small, to fit) left each glyph in a top and a bottom half, which were
read as two lines of halves; `bridged` joins the ink across the band where a stroke meets it
from above and from below. No rule of the game here, and no model.
"""

from __future__ import annotations

from typing import Any, Protocol, TypeVar

import cv2
import numpy as np
from numpy.typing import NDArray

Floats = NDArray[Any]

#: The print that a field's writing lines are drawn with is darker than this.
LINE_PRINT = 235
#: A row of the print's band left out of a field's ink covers this share of the field's width
#: at least (the writing line's dashes and their margins; a circle's ring crosses a row twice).
BAND = 0.5
#: On a field of several writing lines, as the reader reads it, strokes this share of the
#: tall strokes' height at least that stand on no line found from those (overlapping none of
#: their heights by half: `grouped`) are a line of their own, two of them or more (a die is a
#: letter and a digit): a line written smaller than the one above it.
SMALLER = 0.5


class _Box(Protocol):
    @property
    def x0(self) -> int: ...
    @property
    def x1(self) -> int: ...
    @property
    def y0(self) -> int: ...
    @property
    def y1(self) -> int: ...
    @property
    def height(self) -> int: ...


S = TypeVar("S", bound=_Box)


def grouped(strokes: list[S], groups: list[list[S]]) -> list[list[S]]:
    """Return the lines of writing (`groups`, each its strokes) with `strokes` put on them,
    left to right: each on the line whose stroke nearest it (a line slopes) overlaps it in
    height by half or more, the most, or else on a line of its own."""
    groups = [list(g) for g in groups]
    for s in sorted(strokes, key=lambda s: s.x0):
        best, most = None, 0.0
        for g in groups:
            t = min(g, key=lambda t: abs(t.x0 + t.x1 - s.x0 - s.x1))
            overlap = (min(t.y1, s.y1) - max(t.y0, s.y0)) / min(s.height, t.height)
            if overlap >= 0.5 and overlap > most:
                best, most = g, overlap
        if best is None:
            groups.append([s])
        else:
            best.append(s)
    return groups


def writing_line(blank: NDArray[Any]) -> int | None:
    """Return the row of the printed line between a field's two lines of writing (the
    print across most of its width nearest its middle), or None when it prints none."""
    rows = (blank < LINE_PRINT).mean(axis=1)
    height = len(rows)
    found = [y for y in range(height // 4, height - height // 4) if rows[y] >= 0.3]
    if not found:
        return None
    return min(found, key=lambda y: abs(y - height / 2))


def bridged(ink: Floats, blank: NDArray[Any], printed: NDArray[np.bool_], row: int,
            threshold: float, tallest: float) -> Floats:
    """Return a field's ink (0 paper, 1 black) with the glyphs written across its printed
    writing line (`row`) joined again: where the band of rows the line takes (its print, a
    pixel around it as `strokes.field_ink` expects it, or the dark print left out there:
    `printed`; across `BAND` of the width) has ink past `threshold` just above it and just
    below it, a pixel apart at most, and the two strokes so joined are no taller than a
    writing line (`tallest`, pixels: the field's height over its lines; the first line's
    glyphs that end on the printed line and the second's that start there, each about as
    tall as a writing line, are two lines' and stay apart), the band's columns between take
    the fainter of the two (the stroke's own darkness), as a pen drawn across the line
    leaves it. Over a light line the ink is what is darker than the print: a stroke no
    darker than the line is lost there."""
    height = ink.shape[0]
    dark = (cv2.erode(blank, np.ones((3, 3), np.uint8)) < LINE_PRINT) | printed
    cover = dark.mean(axis=1)
    if not 0 <= row < height or cover[row] < BAND:
        return ink
    top, bottom = row, row
    while top > 0 and cover[top - 1] >= BAND:
        top -= 1
    while bottom + 1 < height and cover[bottom + 1] >= BAND:
        bottom += 1
    if top == 0 or bottom + 1 == height:
        return ink
    near = np.ones((1, 3), np.uint8)
    above = cv2.dilate(ink[top - 1:top].astype(np.float32), near)[0]
    below = cv2.dilate(ink[bottom + 1:bottom + 2].astype(np.float32), near)[0]
    across = (above > threshold) & (below > threshold)
    if not across.any():
        return ink
    # the strokes that meet the band from either side, and how tall they would be joined
    _, parts, stats, _ = cv2.connectedComponentsWithStats(
        (ink > threshold / 2).astype(np.uint8), connectivity=8)
    first, last = stats[:, cv2.CC_STAT_TOP], stats[:, cv2.CC_STAT_TOP] + \
        stats[:, cv2.CC_STAT_HEIGHT]
    width = ink.shape[1]
    for x in np.nonzero(across)[0]:
        cols = slice(max(0, x - 1), min(width, x + 2))
        ups = {int(p) for p in parts[top - 1, cols] if p}
        downs = {int(p) for p in parts[bottom + 1, cols] if p}
        across[x] = any(max(last[u], last[d]) - min(first[u], first[d]) <= tallest
                        for u in ups for d in downs)
    if not across.any():
        return ink
    out = ink.copy()
    band = out[top:bottom + 1]
    band[:, across] = np.maximum(band[:, across], np.minimum(above, below)[across])
    return out


def smaller_lines(strokes: list[S], groups: list[list[S]]) -> list[list[S]]:
    """Return the lines of writing that `strokes` (shorter than the tall strokes the lines
    `groups` were found from) make on their own: those standing on none of `groups` (as
    `grouped` puts them), two strokes at least, and overlapping each of `groups` in height
    by less than half (a line's small letters under its capitals stay on it)."""
    def span(g: list[S]) -> tuple[int, int]:
        return min(t.y0 for t in g), max(t.y1 for t in g)

    def apart(g: list[S], h: list[S]) -> bool:
        (a0, a1), (b0, b1) = span(g), span(h)
        return 2 * (min(a1, b1) - max(a0, b0)) < min(a1 - a0, b1 - b0)

    return [g for g in grouped(strokes, groups)[len(groups):]
            if len(g) >= 2 and all(apart(g, h) for h in groups)]

