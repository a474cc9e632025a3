"""A written field's ink as its crop of the photo shows it against the paper's light and the
print the blank sheet lays there: `strokes.field_ink`'s first steps, the same whether the
field is read as it is or as a light pencil's faint strokes, kept for the next call. A page
read in light pencil has each field read both ways, one after the other
(`writing.read_field`): the second is given the first's (about a third of its CPU). No rule
of the game here, and no model."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np
from numpy.typing import NDArray

Floats = NDArray[Any]


@dataclass(frozen=True)
class Seen:
    """A field's ink (0 paper, 1 black; read only), the print left out and each stroke
    across it drawn again from the ink on either side; where the print is (`printed`, with a
    pixel or two around it); the ink off the print before it was drawn again (`clear`) and
    its spread (`noise`, `robust_spread`)."""

    ink: Floats
    printed: NDArray[np.bool_]
    clear: Floats
    noise: float


#: The last field's ink seen, by its crops and scale (one: the next call is the same field's)
_LAST: list[tuple[tuple[object, ...], Seen]] = []

#: A field printed in a tint (a score total's box, 243 of 255) is read against the tint, as
#: the photo's paper is: the print expected there is a share of the blank's own lightest
#: around it, not of white. Before, a stroke lost the tint's darkness (0.05), all a light
#: pencil's (under `strokes.LEAST_INK`, 0.07). Done where the blank's lightest around is
#: under this (grey, 0-255; white paper is 255 in the blank, the totals' tint 243).
TINT_UNDER = 252


@contextmanager
def against_white() -> Iterator[None]:
    """Read every field against white, as before `TINT_UNDER` (the glyph model shipped was
    trained so: `bench/train_glyphs.py` makes its samples inside this, and so makes again
    the weights the model file holds; the next training may leave it). Not for reading."""
    global TINT_UNDER
    kept = TINT_UNDER
    TINT_UNDER = 0
    _LAST.clear()
    try:
        yield
    finally:
        TINT_UNDER = kept
        _LAST.clear()


def robust_spread(values: Floats) -> float:
    """Return the spread of `values` that a few outliers (a field's strokes, a page's marked
    boxes) do not move: their median absolute deviation, made a normal spread's standard
    deviation (0 for none)."""
    if not values.size:
        return 0.0
    return float(np.median(np.abs(values - np.median(values)))) * 1.4826


def _lightest_around(image: Floats, side: int) -> Floats:
    """Return the lightest of `image` around each place (`side` pixels square), smoothed:
    the paper's light, strokes and print gone (the photo's, or the blank's own tint)."""
    kernel = np.ones((side, side), np.uint8)
    lightest: Floats = cv2.GaussianBlur(cv2.erode(cv2.dilate(image, kernel), kernel),
                                        (0, 0), side / 3)
    return lightest


def seen_ink(photo: NDArray[Any], blank: NDArray[Any], scale: float, dark: int) -> Seen:
    """Return the ink of a field's crop of the flattened photo against the same crop of the
    blank sheet (grey, 0-255; `scale` pixels a point), the print darker than `dark` left out
    (see `strokes.field_ink`), or the last call's where its crops and scale were these."""
    key = (photo.shape, blank.shape, photo.dtype.str, blank.dtype.str, scale, dark,
           photo.tobytes(), blank.tobytes())
    last = _LAST[0] if _LAST else None
    if last is not None and last[0] == key:
        return last[1]
    printed = cv2.dilate((blank < dark).astype(np.uint8), np.ones((5, 5), np.uint8)) > 0
    seen = photo.astype(np.float32)
    # the paper's light: the lightest around each place, so that strokes and print are gone
    side = max(7, round(4 * scale) | 1)
    paper = _lightest_around(seen, side)
    # what the print may darken a pixel to: its darkest a pixel around (laid a pixel off),
    # or as a camera's blur spreads it
    sheet = blank.astype(np.float32)
    expected = np.minimum(cv2.erode(sheet, np.ones((3, 3), np.uint8)),
                          cv2.GaussianBlur(sheet, (0, 0), 1.2)) / 255.0
    # the blank's own tint, taken as the photo's paper is (`TINT_UNDER`)
    tint = _lightest_around(sheet, side)
    tinted = tint < TINT_UNDER
    if tinted.any():
        expected = np.where(tinted, np.minimum(expected * 255.0 / np.maximum(tint, 1.0), 1.0),
                            expected)
    expected = np.maximum(expected, 0.05)
    ink: Floats = np.clip((expected - seen / np.maximum(paper, 1.0)) / expected, 0.0, 1.0)
    ink[printed] = 0.0
    clear = ink[~printed]
    noise = robust_spread(clear)
    if printed.any():   # strokes across the print drawn again from either side of it
        ink = cv2.inpaint((ink * 255).astype(np.uint8), printed.astype(np.uint8), 2,
                          cv2.INPAINT_TELEA).astype(np.float32) / 255.0
    for array in (ink, printed, clear):
        array.flags.writeable = False
    found = Seen(ink, printed, clear, noise)
    _LAST[:] = [(key, found)]
    return found
