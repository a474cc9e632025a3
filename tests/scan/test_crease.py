"""A fold's crease across an empty check box, read as the shade it is (issue 29: 0 boxes wrong
at confidence 0.99 or more).

The page is the flattened photo of a hard-profile photo of generator 1 (seed 2987201, classic,
super-hard, A4, English; a tuning photo), as the reader flattened it, kept as a JPEG (quality
85). The sheet was folded in thirds: the crease runs level across the endgame's round-2 line,
a step into the fold's shade with a thin dark line along it, right through the empty
`round-2-fox-escaped`. No shade the ring of paper around the box lays (a surface, a profile
that only darkens) follows the line: it was read ticked at 0.99 on main.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import numpy as np

from printkit.scan.field_read import FieldRead
from printkit.scan.ink import Pixels
from printkit.scan.layout import Box
from printkit.scan.page import Shift
from printkit.scan.params import DEFAULT
from printkit.scan.shade import CREASE_STEPS, _band
from tests.scan.photos import flat_fields

FLAT = Path(__file__).resolve().parent.parent / "fixtures/scan/crease/hard-2987201-flat.jpg"
#: the photo's own pixels a point of the sheet
PHOTO_SCALE = 3.41


@cache
def _read() -> dict[str, FieldRead]:
    return flat_fields(FLAT, ("classic", "super-hard", "a4", "en"), PHOTO_SCALE, warm=True)


def test_an_empty_box_a_crease_crosses_is_not_read_ticked_for_sure():
    box = _read()["round-2-fox-escaped"]
    # asked (leaning empty), or read empty: never ticked at 0.99
    assert box.uncertain or not box.marked
    assert not (box.marked and box.confidence >= 0.99)


def test_the_ticked_box_on_the_same_crease_is_still_read_ticked():
    box = _read()["round-1-fox-escaped"]
    assert box.marked and not box.uncertain


# A box of 11 points at the reader's scale, on white paper, its part read the box itself.
BOX = Box(100.0, 100.0, 11.0, 11.0)
AT = Pixels(200, 200, 222, 222)
STEP = 0.05


def _page(line_at: int | None, darkness: float, reach: float = 1000.0) -> np.ndarray:
    """A white page (1.0) with a level dark line two pixels thick at row `line_at`, running
    `reach` pixels either way from the box's middle."""
    page = np.ones((400, 400), np.float32)
    if line_at is not None:
        lo, hi = int(211 - reach), int(211 + reach)
        page[line_at:line_at + 2, max(0, lo):hi] -= darkness
    return page


def test_a_crease_running_on_through_the_paper_is_laid_across_the_box():
    page, blank = _page(205, 0.15), _page(None, 0.0)
    band = _band(page, blank, BOX, AT, Shift(0, 0), STEP, DEFAULT, across=True)
    assert band is not None
    surface, low, high = band
    assert surface.shape == (22, 22)
    # its line lies on the box's rows 5 and 6, as dark as on the paper beside the box
    assert np.allclose(surface[5:7], 0.15, atol=1e-6)
    assert np.allclose(surface[:3], 0.0) and np.allclose(surface[10:], 0.0)
    # laid two pixels back and on, it may be as dark on the rows beside it
    assert np.allclose(high[3:9], 0.15, atol=1e-6) and np.allclose(low[5:7], 0.0)


def test_a_stroke_that_ends_beside_the_box_is_no_crease():
    # a pencil's line running a little past the box (3 points = 6 pixels) stops before the
    # paper `_band` reads, from 3 to 6 points away
    page, blank = _page(205, 0.5, reach=17), _page(None, 0.0)
    assert _band(page, blank, BOX, AT, Shift(0, 0), STEP, DEFAULT, across=True) is None


def test_a_line_fainter_than_the_crease_steps_is_no_crease():
    page, blank = _page(205, CREASE_STEPS * STEP * 0.9), _page(None, 0.0)
    assert _band(page, blank, BOX, AT, Shift(0, 0), STEP, DEFAULT, across=True) is None
    page = _page(205, CREASE_STEPS * STEP * 1.1)
    assert _band(page, blank, BOX, AT, Shift(0, 0), STEP, DEFAULT, across=True) is not None
