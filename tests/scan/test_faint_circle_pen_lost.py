"""A light pencil's circle read empty on a page whose pen is not found (issue 31).

Such a page's boxes all read empty at 0.5, telling nothing, so no cell after a circle reads
crossed and the trail's order cannot say the circle is written (`suggest._skipped`): its
number is read only where the circle's box is asked, from its faint strokes
(`light_asks.read_faintly`). The circles' bound there is `faint_values.CIRCLE_PEN_LOST`, not
a light page's `FAINT_VALUE`. The faint strokes' reading is stood in for (a circle's ink
read as glyphs at an evidence between the two bounds, as light-2985698's `F-B3`, a 6 read
at 0.61 and never read on main); the page is a real one read by `fields.read_fields`.
"""

from __future__ import annotations

from typing import Any

import pytest

from printkit.scan import light_asks
from printkit.scan.faint_values import ASKED, CIRCLE_PEN_LOST, FAINT_VALUE, SCORE_FAINT
from printkit.scan.fields import read_fields
from printkit.scan.params import DEFAULT
from tests.scan.test_field_reading import FIRM, _camera, _faint_pencil, _field, _sheet

#: the evidence the stood-in faint strokes read at: between the two bounds
READ_AT = 0.5


def _read(monkeypatch: pytest.MonkeyPatch, dark: float, faint_in: str) -> dict[str, Any]:
    """Return the fields of a page whose crosses are `dark` dark, read, the faint strokes of
    the number box `faint_in` alone reading as glyphs at `READ_AT`."""
    laid = _field(faint_in).box

    def ink_of(flat: Any, blank: Any, box: Any, *_args: Any, **_kw: Any) -> Any:
        return box

    def spells_a_number(ink: Any, kind: Any, least: float = FAINT_VALUE) -> bool:
        return ink == laid and least <= READ_AT

    monkeypatch.setattr(light_asks, "ink_of", ink_of)
    monkeypatch.setattr(light_asks, "spells_a_number", spells_a_number)
    lay, sheet = _sheet()
    flat = _camera(_faint_pencil(FIRM, dark, 0.8), noise=2.0)
    return read_fields(flat, sheet, lay, DEFAULT).fields


def test_the_bounds_are_in_order():
    assert SCORE_FAINT <= CIRCLE_PEN_LOST <= READ_AT < FAINT_VALUE


def test_a_circle_on_a_page_whose_pen_is_not_found_is_asked_from_fainter_strokes(monkeypatch):
    # the page shows no pen (its crosses 5 % dark: no box reads marked nor holds a trace):
    # the circle's faint strokes read as glyphs under FAINT_VALUE, over CIRCLE_PEN_LOST.
    # It is asked (its value read from its faint strokes, never sure); on main it was read
    # empty at 0.5 and its value never read
    fields = _read(monkeypatch, 0.05, "F-A3")
    assert not any(f.marked for f in fields.values() if not f.kind.written)
    f = fields["F-A3"]
    assert (f.marked, f.uncertain, f.light) == (False, True, True)
    assert f.confidence <= ASKED
    # no other circle is asked
    assert [n for n, g in fields.items() if g.kind.name == "circle" and g.uncertain] == ["F-A3"]


def test_a_circle_on_a_light_page_keeps_the_light_pages_bound(monkeypatch):
    # a light pencil page that shows its pen (its crosses 25 % dark): its empty circles are
    # told from written ones by FAINT_VALUE, as before
    fields = _read(monkeypatch, 0.25, "F-A3")
    assert any(f.light for f in fields.values() if not f.kind.written)
    assert not fields["F-A3"].uncertain
