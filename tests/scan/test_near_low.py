"""A check box read empty just under the low mark on a page not read as light pencil: asked
(`near_low.ask_near_low`; docs/scan-measurement.md, "A faint tick just under the low mark on
a page not read as light pencil")."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np

from printkit.scan.ink_params import InkParams
from printkit.scan.near_low import ask_near_low
from tests.scan.test_field_reading import FIRM, _camera, _cross, _field, _px, _read, _sheet


def _page_with_a_faint_tick(name: str) -> np.ndarray:
    # a pencil two pixels wide, 60 % dark, crosses 25 boxes: a page not read as light
    # pencil. In `name` a short tick one pixel wide, 25 % dark, from the box's middle
    # up a quarter of it (generator 2's ordinary 2985582 `R-B2`: a thin pencil's tick on a
    # black-and-white print's tinted cell, 1.9 % of it over the step)
    _, blank = _sheet()
    strokes = np.zeros(blank.shape, np.float32)
    for firm in FIRM:
        _cross(strokes, firm, 1.0, width=2)
    x, y, w, h = _px(_field(name))
    cx, cy, reach = x + w // 2, y + h // 2, w // 4
    tick = np.zeros(blank.shape, np.float32)
    cv2.line(tick, (cx, cy), (cx + reach, cy - reach), 1.0, 1)
    return blank.astype(np.float32) * (1 - 0.6 * strokes) * (1 - 0.25 * tick)


def test_a_faint_tick_just_under_the_low_mark_on_a_page_not_light_is_asked():
    # read empty at 0.95 or more and not asked on main (its share 1-2 %, under `low`);
    # asked here, leaning empty as read; the page's other empty boxes are not asked
    fields = _read(_camera(_page_with_a_faint_tick("R-B3"), noise=2.0))
    ticked = fields["R-B3"]
    assert not ticked.light
    assert InkParams().light_low["tick"] <= ticked.ink < InkParams().low["tick"]
    assert ticked.uncertain and not ticked.marked
    assert [name for name, f in fields.items()
            if name not in FIRM and name != "R-B3" and not f.kind.written and
            (f.marked or f.uncertain)] == []


def test_nothing_is_asked_so_on_a_light_page_in_a_trap_or_without_a_line():
    # a light pencil page's low mark is `light_low` already; a trap is read from its own
    fields = _read(_camera(_page_with_a_faint_tick("R-B3"), noise=2.0))
    box = fields["R-B3"]
    unasked = {"R-B3": replace(box, uncertain=False)}
    lined, unlined = (lambda: {"R-B3": 0.1}), (lambda: {"R-B3": 0.0})
    assert not ask_near_low(unasked, frozenset(), True, InkParams(), lined)["R-B3"].uncertain
    assert not ask_near_low(unasked, frozenset({"R-B3"}), False, InkParams(),
                            lined)["R-B3"].uncertain
    # a box whose paper no faint stroke's line crosses (a camera's grain) is read, not asked
    assert not ask_near_low(unasked, frozenset(), False, InkParams(), unlined)["R-B3"].uncertain
    assert ask_near_low(unasked, frozenset(), False, InkParams(), lined)["R-B3"].uncertain
