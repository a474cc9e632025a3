"""A pencil's marks in the trails' last cells, under a blurred photo's thick outline (issue 29).

The pages are the flattened photos of two hard-profile photos of generator 1 (a helper's own
tuning photos: seed 2982012, classic, super-hard, letter, Spanish; seed 2981009, classic,
hard, letter, English), as the reader flattened them, kept as JPEGs (quality 85). The trails'
last cells `A5` and `B5` print a thick outline and a badge: blurred, the outline darkens the
ring of paper around the cell along its edge, and the ring's paper spreads 0.1 or more in
darkness, which `fields._ask_shaded` took for a shadow's edge through the ring. On main
every darkness of the cell between the ring's lightest and darkest paper was then taken for
shade, a light pencil's strokes in the middle of the cell with it, and the marks were asked,
leaning empty. When the ring's paper away from the print (`shade_clear` pixels or more, on
every side) spreads less than a shadow's, the cell's pixels as far from the print now take
its spread instead.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from printkit.scan.field_read import FieldRead
from tests.scan.photos import flat_fields

HERE = Path(__file__).resolve().parent.parent / "fixtures/scan/shade-clear"
#: each page: its mode, its language and the photo's own pixels a point of the sheet
PAGES = {"hard-2982012": ("super-hard", "es", 2.45), "hard-2981009": ("hard", "en", 2.24)}


@cache
def _read(name: str) -> dict[str, FieldRead]:
    mode, lang, photo_scale = PAGES[name]
    return flat_fields(HERE / f"{name}-flat.jpg", ("classic", mode, "letter", lang), photo_scale)


@pytest.mark.parametrize("cell", ["F-A5", "R-A5", "R-B5"])
def test_a_pencil_mark_running_past_a_last_cell_is_read_marked_not_asked(cell):
    # two strokes overshooting the cell's outline (`F-A5`, `R-A5`) and a tick (`R-B5`): all
    # three asked on main, leaning empty
    fields = _read("hard-2982012")
    assert fields[cell].light   # a light pencil page
    assert fields[cell].marked and not fields[cell].uncertain


def test_a_crossed_last_cell_is_read_marked_beside_an_empty_one_still_asked():
    fields = _read("hard-2981009")
    # crossed, its strokes running into the cell's corners: asked on main, leaning empty
    assert fields["R-A5"].marked and not fields["R-A5"].uncertain
    # empty, its outline's blurred edge read as ink: still asked, leaning empty, as on main
    assert fields["F-A5"].uncertain and not fields["F-A5"].marked


def test_the_empty_last_cell_beside_them_is_still_read_empty():
    fields = _read("hard-2982012")
    # read empty, surely, on main and here
    assert not fields["F-B5"].marked and not fields["F-B5"].uncertain
