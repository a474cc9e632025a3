"""A box asked leaning crossed whose order is crossed after it: read crossed, not asked
(issue 29's asks).

The farmer's traps are crossed one after another, and so are a trail's cells
(`rules_lean.orders`). A light pencil's trap the photo asks for its faint ink, leaning
crossed, before a trap it reads crossed and does not ask, is crossed as the photo leans: the
question would only have the player say so again. On generator 2's tuning photos every one
of the 442 such boxes is crossed (docs/scan-measurement.md, "A box asked leaning crossed,
its order crossed after it"). The box takes the higher of its own confidence and its
witness's, never over a faint ask's lean (0.9): under sure, so the referee still asks about
it where a rule it breaks rests on it. A box asked leaning empty, or one with no crossed box
after it, stays asked.
"""

from __future__ import annotations

from dataclasses import replace

from printkit.games.fox_rabbit.doubt import SURE
from printkit.scan.field_read import FieldRead
from printkit.scan.light_asks import settle_by_order
from tests.scan.test_field_reading import FIRM, _camera, _cross, _faint_pencil, _read, _sheet

TRAPS = [f"trap-{k}" for k in range(1, 16)]


def _light_page(dark_traps: list[str]) -> dict[str, FieldRead]:
    """FIRM's boxes crossed in a light pencil (15 % dark, half its pixels left by the
    paper's grain), and `dark_traps` crossed firmly."""
    page = _faint_pencil(FIRM, 0.15, 0.5)
    for name in dark_traps:
        _cross(page, name, 100, width=2)
    return _read(_camera(page, noise=3.0))


def test_faint_traps_before_a_trap_read_crossed_are_read_crossed_not_asked():
    fields = _light_page(["trap-6"])
    assert fields["trap-6"].marked and not fields["trap-6"].uncertain
    faint = [fields[name] for name in TRAPS[:5]]
    assert [(f.name, f.marked, f.uncertain) for f in faint] == \
        [(f.name, True, False) for f in faint]
    # under sure: the referee still asks about them where a rule rests on them
    assert all(f.confidence < SURE for f in faint)


def test_faint_traps_with_no_trap_read_crossed_after_them_stay_asked():
    fields = _light_page([])
    assert [name for name in TRAPS[:5] if not fields[name].uncertain] == []
    # and the trail cells on the same page, with no cell read crossed after them, too
    assert [name for name in ("F-A1", "F-A2", "R-A1", "R-A2")
            if not fields[name].uncertain] == []


def _asked(f: FieldRead, marked: bool) -> FieldRead:
    return replace(f, marked=marked, uncertain=True, confidence=0.9)


def test_a_settled_box_takes_its_witness_confidence_never_over_the_lean():
    lay, empty = _sheet()
    fields = dict(_read(empty.astype("float32")))
    fields["F-A1"] = replace(_asked(fields["F-A1"], True), confidence=0.5)
    fields["F-A2"] = replace(fields["F-A2"], marked=True, uncertain=False, confidence=0.7)
    fields["trap-1"] = replace(_asked(fields["trap-1"], True), confidence=0.6)
    fields["trap-2"] = replace(fields["trap-2"], marked=True, uncertain=False, confidence=0.97)
    # a box asked with its reading's confidence kept (a lamp's falloff across it), sure
    fields["R-A1"] = replace(_asked(fields["R-A1"], True), confidence=0.995)
    fields["R-A2"] = replace(fields["R-A2"], marked=True, uncertain=False, confidence=0.8)
    out = settle_by_order(fields, lay, 0.9)
    assert (out["F-A1"].uncertain, out["F-A1"].confidence) == (False, 0.7)
    assert (out["trap-1"].uncertain, out["trap-1"].confidence) == (False, 0.9)
    assert (out["R-A1"].uncertain, out["R-A1"].confidence) == (False, 0.9)


def test_only_the_next_box_not_asked_settles_a_box_and_only_crossed():
    lay, blank = _sheet()
    fields = dict(_read(blank.astype("float32")))
    fields["trap-1"] = _asked(fields["trap-1"], True)
    fields["trap-2"] = _asked(fields["trap-2"], False)      # asked, leaning empty
    fields["trap-3"] = replace(fields["trap-3"], marked=True, uncertain=False)
    fields["trap-5"] = _asked(fields["trap-5"], True)       # trap-6 after it reads empty
    fields["trap-7"] = replace(fields["trap-7"], marked=True, uncertain=False)
    out = settle_by_order(fields, lay, 0.9)
    assert not out["trap-1"].uncertain and out["trap-1"].marked
    assert out["trap-1"].confidence == 0.9
    assert out["trap-2"].uncertain and not out["trap-2"].marked
    assert out["trap-5"].uncertain
    assert {name for name in out if out[name] != fields[name]} == {"trap-1"}
