"""Where a wide stroke of a line of writing may be cut into glyphs (`strokes._pieces`): two
digits written in one stroke, a `10` whose pen was not lifted, a 1 whose stem touches the
next glyph. The model then says which cuts make glyphs (`spelling.py`)."""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from printkit.scan.edge import holding

Labels = NDArray[Any]

#: A piece cut for two glyphs in one stroke (`strokes.field_ink`'s `joined`) is cut this
#: share of its line's height from its ends at least (a wide stroke otherwise a quarter).
JOINED_END = 0.2
#: A 1 whose stem touches the next glyph (a `10`, `16`, `12` written close) is one piece the
#: thinnest columns cut inside the next glyph (a 0's middle): a column of such a piece's
#: left half whose ink fills this share of its height is taken for the 1's stem, and the
#: piece is also cut on each side of the last such column (the model says which cut makes a
#: 1). Issue 31, docs/scan-measurement.md "A 10 written in one stroke"; 1.0: none.
JOINED_STEM = 0.85


def wide_cuts(labels: Labels, ids: tuple[int, ...], x0: int, x1: int, y0: int, y1: int,
               height: float, joined: bool = False, stems: bool = False) -> list[int]:
    """Return the columns where a wide stroke may be cut into glyphs: where its ink is
    thinnest, a quarter of a glyph from each other and from its ends (the model then says
    which cuts make glyphs); `stems`: a number's (a field of one line), also beside a 1's
    stem (`JOINED_STEM`)."""
    part = holding(labels[y0:y1, x0:x1], ids)
    column = part.sum(axis=0).astype(np.float32)
    smooth = np.convolve(column, np.ones(3, np.float32) / 3, mode="same")
    least = max(2, round((JOINED_END if joined else 0.25) * height))
    width = x1 - x0
    typical = float(np.median(column[column > 0])) if (column > 0).any() else 0.0
    lows = [i for i in range(least, width - least)
            if smooth[i] <= smooth[max(0, i - 2):i + 3].min()
            and (joined or smooth[i] <= typical)]
    if width > 1.1 * height:   # two glyphs written as one: cut their middle at its thinnest
        middle = range(int(0.35 * width), max(int(0.35 * width) + 1, int(0.65 * width)))
        lows.append(min(middle, key=lambda i: (smooth[i], i)))
    beside: list[int] = []
    if stems and JOINED_STEM < 1.0:   # a 1's stem run into the next glyph: cut beside it
        tall = column >= JOINED_STEM * (y1 - y0)
        half = [i for i in range(least, width // 2) if tall[i]]
        if half:
            beside = [half[-1], half[-1] + 1]
    found: list[int] = list(beside)
    for i in sorted(lows, key=lambda i: (smooth[i], i)):
        if all(abs(i - c) >= least for c in found):
            found.append(i)
        if len(found) >= 5:
            break
    return sorted(x0 + c for c in found)
