"""An endgame line a box read ticked needs, read empty, or one it says holds nothing, read
written: asked, not said (issue 29).

An attempt's outcome box (escaped, caught) is ticked only where its line of the endgame log is
written, and a farmer's aid against an animal only where a farmer's line against it is
(`rules_lean.needs`). Where the photo reads such a box ticked and every line it needs empty,
it reads the sheet against itself: a light pencil's line lost (generator 2's 2550005 read
its two round-1 lines empty at 0.988, a hair under sure, beside their escapes ticked), or a
tick brought up by a shade. The photo cannot say which, so the lines are asked, leaning as
the photo reads them; on main they were read empty and not asked.
"""

from __future__ import annotations

import cv2
import numpy as np

from tests.scan.test_field_reading import _camera, _cross, _field, _px, _read, _sheet


def _page(ticked: list[str], written: list[str]) -> np.ndarray:
    """Return the blank sheet (floats) with the boxes `ticked` crossed in a dark pencil and
    an attempt's dice written on the lines `written`."""
    _, blank = _sheet()
    page = blank.astype(np.float32)
    for name in ticked:
        _cross(page, name, 100, width=2)
    ink = np.zeros(page.shape, np.uint8)
    for name in written:
        x, y, _w, h = _px(_field(name))
        cv2.putText(ink, "R5 Y6 Y4", (x + 8, y + h - 6), cv2.FONT_HERSHEY_SIMPLEX,
                    h / 40, 255, 2)
    return np.where(ink > 0, np.minimum(page, 90), page)


def test_an_empty_line_beside_its_outcome_ticked_is_asked_leaning_empty():
    fields = _read(_camera(_page(["round-1-fox-escaped"], [])))
    assert fields["round-1-fox-escaped"].marked
    line = fields["round-1-fox"]
    assert line.uncertain and not line.marked
    # the lines no box read ticked needs are not asked
    assert sorted(name for name, f in fields.items() if f.uncertain) == ["round-1-fox"]


def test_a_line_read_written_beside_its_outcome_ticked_is_not_asked():
    fields = _read(_camera(_page(["round-1-fox-escaped"], ["round-1-fox"])))
    assert fields["round-1-fox"].marked and not fields["round-1-fox"].uncertain
    assert [name for name, f in fields.items() if f.uncertain] == []


def test_a_farmers_aid_ticked_asks_his_empty_lines_against_that_animal():
    # the farmer's +/-1 against the fox needs a farmer's attempt against the fox written:
    # both rounds' lines are asked, the rabbit's not
    from printkit.games.fox_rabbit import sheet_fields as sf

    aid = sf.farmer_field("plus-minus", "fox")
    fields = _read(_camera(_page([aid], [])))
    assert fields[aid].marked
    asked = sorted(name for name, f in fields.items() if f.uncertain)
    assert asked == ["round-1-fox-trap", "round-2-fox-trap"]
    assert [name for name in asked if fields[name].marked] == []


# The other way: a line read written that an outcome ticked before it says holds nothing (an
# animal's line after its escape: `narrow_sheet.ended_lines`, the referee's own rule). A
# shadow's edge across an empty line reads as writing (generator 2's 3000025: three round-2
# lines at 0.76-0.82 beside both escapes ticked in round 1); or the player did write it, and
# the run is illegal. The photo cannot say which: the line is asked, leaning written as read
# (Enter keeps it, and the referee judges it).


def test_a_line_written_after_its_animals_escape_is_asked_leaning_written():
    fields = _read(_camera(_page(["round-1-fox-escaped"], ["round-1-fox", "round-2-fox"])))
    assert fields["round-1-fox-escaped"].marked and fields["round-1-fox"].marked
    line = fields["round-2-fox"]
    assert line.uncertain and line.marked
    assert sorted(name for name, f in fields.items() if f.uncertain) == ["round-2-fox"]


def test_a_second_rounds_line_without_an_escape_before_it_is_read_not_asked():
    fields = _read(_camera(_page([], ["round-1-fox", "round-2-fox"])))
    assert fields["round-2-fox"].marked and not fields["round-2-fox"].uncertain
    assert [name for name, f in fields.items() if f.uncertain] == []
