"""A light pencil's number whose box the field reader reads empty (issues 31 and 29).

The crop is a circle of generator 2's light pencil tuning photo 2200007 (R-A3, an 11 read
empty), cut from the flattened photo where the reader found the box, beside the blank's
(2 pixels a point, 3 points around the box).
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.scan import writing
from printkit.scan.faint_values import spells_a_number
from printkit.scan.fields import read_fields
from printkit.scan.params import DEFAULT
from printkit.scan.reader import Scan
from printkit.scan.suggest import suggest
from printkit.scan.values import fill
from tests.scan.test_field_reading import FIRM, NEEDED, _camera, _faint_pencil, _field, _sheet

CROPS = Path(__file__).resolve().parent.parent / "fixtures/scan/faint-value"


def _page_with_the_eleven(circle: str, dark: float = 0.25) -> Scan:
    """Return a light pencil page (its crosses `dark` dark, a fifth of their pixels left by
    the paper's grain), read, with the photo's faint 11 laid in `circle`: its pencil as a
    share of the photo's paper, away from the print."""
    photo = cv2.imread(str(CROPS / "eleven-photo.png"), cv2.IMREAD_GRAYSCALE).astype(np.float32)
    blank = cv2.imread(str(CROPS / "eleven-blank.png"), cv2.IMREAD_GRAYSCALE)
    white = blank >= 250
    pencil = np.where(white, np.clip(photo / np.median(photo[white]), 0, 1), 1.0)
    lay, sheet = _sheet()
    page = _faint_pencil(FIRM, dark, 0.8)
    x, y, w, h = _field(circle).box
    cx, cy = round((x + w / 2) * DEFAULT.scale), round((y + h / 2) * DEFAULT.scale)
    th, tw = pencil.shape
    page[cy - th // 2:cy - th // 2 + th, cx - tw // 2:cx - tw // 2 + tw] *= pencil
    flat = _camera(page, noise=2.0)
    read = read_fields(flat, sheet, lay, DEFAULT)
    return Scan(None, lay, read.fields, 0.0, 0.0, flat, DEFAULT.scale)  # type: ignore[arg-type]


def test_a_light_pencils_number_in_a_circle_read_empty_is_asked():
    # the 11's share of the circle is under the light page's step, and the circle was read
    # empty surely (0.99): its value never read, the referee taking the cell as not
    # crossed. Its faint strokes read as glyphs surely: the circle is asked, its value read
    # (the rules rule out the `1` they spell: a black number runs from 3) and never sure
    found = _page_with_the_eleven("F-D3")
    f = found.fields["F-D3"]
    assert (f.marked, f.uncertain) == (False, True)
    assert f.confidence <= 0.5
    assert "F-D3" in fill(found, {}).to_type
    writing._last.clear()
    s = suggest(found)["F-D3"]
    assert not s.sure
    assert [r.text for r in s.ruled_out][:1] == ["1"]
    # an empty circle on the same page is read as before: a speck is not a number (the
    # lines FIRM's ticks need are asked, leaning empty: `NEEDED`)
    assert [n for n, g in found.fields.items()
            if g.kind.written and g.uncertain and n not in NEEDED] == ["F-D3"]


def test_a_number_on_a_page_whose_pen_is_not_found_is_asked():
    # crosses 5 % dark: no box reads marked nor holds a trace, the page is not taken for
    # light pencil, and every box read empty tells nothing (0.5). The 11's faint strokes
    # read as glyphs surely, as on a light page: the circle is asked, its value read from
    # them (the rules rule out the `1` they spell) and never sure; on main it was never read
    found = _page_with_the_eleven("F-D3", dark=0.05)
    assert not any(f.marked for f in found.fields.values())
    f = found.fields["F-D3"]
    assert (f.marked, f.uncertain) == (False, True)
    writing._last.clear()
    s = suggest(found)["F-D3"]
    assert not s.sure
    assert [r.text for r in s.ruled_out][:1] == ["1"]
    # and no other number's box of the page is asked
    assert [n for n, g in found.fields.items() if g.kind.written and g.uncertain] == ["F-D3"]


def test_an_empty_box_on_a_light_page_spells_no_number_as_faint_strokes():
    # the blank's crop against itself under the camera's noise
    from printkit.scan import edge, strokes

    blank = cv2.imread(str(CROPS / "eleven-blank.png"), cv2.IMREAD_GRAYSCALE)
    noise = np.random.default_rng(3).normal(0, 2.0, blank.shape)
    photo = np.clip(np.pad(blank, 3, mode="edge") + np.pad(noise, 3), 0, 255).astype(np.uint8)
    ink = strokes.field_ink(edge.aligned(photo, blank, 3), blank, 1, DEFAULT.scale, True,
                            edge=True)
    assert not spells_a_number(ink, sf.CIRCLE)
