"""A light pencil's mark asked for the shade around its box, though a stroke's line crosses it
(issue 29).

The pages are the flattened photos of two hard-profile photos of generator 1 (a helper's own
tuning photos: seed 2985303, classic, easy, letter, Spanish, kept as a PNG in
`fixtures/scan/shade-stroke`, as a JPEG its marks read otherwise; seed 2981009, classic,
hard, letter, English, kept for `test_shade_clear` as a JPEG, quality 85), as the reader
flattened them. On both the ring of paper around a marked box spreads as a shadow's edge
would, `fields._ask_shaded` takes the pencil's strokes for shade, and on main the box was
asked, leaning empty. Its paper lies on a faint stroke's line (`faint.stroke_shares`) over
`shade_stroke` of it, which a shadow's soft edge draws nowhere: it is now read as it was before
the shade was taken off. (A steep shadow's edge, which both passes take off, `shade_both`,
draws one: `test_shade_both`'s empty circle lies on a line 0.31 of it, and stays asked.)
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from printkit.scan.field_read import FieldRead
from tests.scan.photos import flat_fields

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures/scan"
#: each page: its folder, its mode, its language and the photo's own pixels a point of the sheet
PAGES = {"hard-2985303": ("shade-stroke", "easy", "es", 2.692, "png"),
         "hard-2981009": ("shade-clear", "hard", "en", 2.24, "jpg")}


@cache
def _read(name: str) -> dict[str, FieldRead]:
    folder, mode, lang, photo_scale, ext = PAGES[name]
    return flat_fields(FIXTURES / folder / f"{name}-flat.{ext}", ("classic", mode, "letter", lang),
                       photo_scale)


@pytest.mark.parametrize("cell", ["R-B3", "R-B5"])
def test_a_pencil_mark_a_stroke_crosses_asked_for_shade_is_read_marked_not_asked(cell):
    # a filled cell (`R-B3`) and a stroke overshooting one (`R-B5`): asked on main, leaning
    # empty
    fields = _read("hard-2985303")
    assert fields[cell].light   # a light pencil page that shows its pen
    assert fields[cell].marked and not fields[cell].uncertain


def test_the_empty_cells_of_that_page_are_still_read_empty():
    fields = _read("hard-2985303")
    for name in ("F-C1", "F-C2", "F-D1", "R-C1", "R-C2", "R-D1"):
        assert not fields[name].marked


def test_a_crossed_last_cell_asked_for_shade_is_read_marked_beside_an_empty_one_still_asked():
    fields = _read("hard-2981009")
    # crossed: asked on main, leaning empty
    assert fields["F-B5"].marked and not fields["F-B5"].uncertain
    # empty, its outline's blurred edge read as ink (no stroke's line across it): still
    # asked, leaning empty, as on main
    assert fields["F-A5"].uncertain and not fields["F-A5"].marked
