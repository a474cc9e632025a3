"""A light pencil's score on a page whose pen is not found (issue 31).

The crop is the `score-foods` box of generator 2's light pencil tuning photo 2500010 (a 5,
read empty at 0.5 on a page whose pen the reader did not find), cut from the flattened
photo where the reader found the box, beside the blank's (2 pixels a point, 3 points
around the box).
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from printkit.scan import writing
from printkit.scan.faint_values import FAINT_VALUE, ink_of
from printkit.scan.fields import read_fields
from printkit.scan.glyphs import model
from printkit.scan.params import DEFAULT
from printkit.scan.reader import Scan
from printkit.scan.spelling import spell
from printkit.scan.suggest import suggest
from tests.scan.test_field_reading import FIRM, _camera, _faint_pencil, _field, _sheet

CROPS = Path(__file__).resolve().parent.parent / "fixtures/scan/faint-score"
MARGIN = 3


def _page_with_the_five(box: str) -> Scan:
    """Return a page whose pen is not found (its crosses 5 % dark: no box reads marked nor
    holds a trace), read, with the photo's crop of its faint 5 laid over the score box
    `box`."""
    photo = cv2.imread(str(CROPS / "five-photo.png"), cv2.IMREAD_GRAYSCALE).astype(np.float32)
    blank = cv2.imread(str(CROPS / "five-blank.png"), cv2.IMREAD_GRAYSCALE)
    lay, sheet = _sheet()
    flat = _camera(_faint_pencil(FIRM, 0.05, 0.8), noise=2.0)
    x, y, _w, _h = _field(box).box
    x0, y0 = round((x - MARGIN) * DEFAULT.scale), round((y - MARGIN) * DEFAULT.scale)
    th, tw = photo.shape
    # the photo's crop itself, grain and all, its paper a little under the page's white
    flat[y0:y0 + th, x0:x0 + tw] = np.clip(photo * 235 / np.median(photo[blank >= 250]),
                                           0, 255).astype(np.uint8)
    read = read_fields(flat, sheet, lay, DEFAULT)
    return Scan(None, lay, read.fields, 0.0, 0.0, flat, DEFAULT.scale)  # type: ignore[arg-type]


def test_a_score_on_a_page_whose_pen_is_not_found_is_read_from_its_faint_strokes():
    # the page shows no pen: every box read empty tells nothing (0.5), and a number box is
    # read again as faint strokes only where they spell a number surely (FAINT_VALUE). The
    # 5's strokes read as a 5 under that (a light pencil's score is written on every
    # finished sheet, and no empty score box is there to tell it from): the box is asked,
    # its value read from its faint strokes and put before the rules' (INK_PEN_LOST), and
    # never sure; on main it was never read
    found = _page_with_the_five("score-foods")
    assert not any(f.marked for f in found.fields.values() if not f.kind.written)
    f = found.fields["score-foods"]
    assert (f.marked, f.uncertain, f.light) == (False, True, True)
    laid = _field("score-foods").box
    ink = ink_of(found.flat, _sheet()[1], laid, f.box, f.kind, DEFAULT.scale, faint=True)
    read = spell(ink, model(), f.kind.name)
    assert read[0].text == "5" and read[0].evidence < FAINT_VALUE
    writing._last.clear()
    s = suggest(found)["score-foods"]
    assert not s.sure
    # suggested as its ink reads it, the rules' value (the food boxes read empty, telling
    # nothing) offered after it
    assert s.value == "5"
    assert len(s.candidates) > 1
    # and no circle of the page is asked: they are read at FAINT_VALUE, as before
    assert [n for n, g in found.fields.items() if g.kind.written and g.uncertain] == \
        ["score-foods"]
