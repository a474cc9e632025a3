"""An empty aid circle under a steep shadow, on a light pencil page (issue 29).

The page is the flattened photo of an ordinary-profile photo of generator 2 (seed 2983020,
classic, hard, letter, Spanish; a helper's own tuning photo), as the reader flattened it, kept
as a JPEG (quality 85). Its empty aid circle `re-roll-3` lies under a soft dark shade, darker
towards its top: the sure pass asks it (the shade taken off, its ink is gone), but the light
pencil pass, the photo smoothed and read with a fainter step, read it ringed at 0.994.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from printkit.scan.field_read import FieldRead
from tests.scan.photos import flat_fields

FLAT = Path(__file__).resolve().parent.parent / "fixtures/scan/shade-both/ordinary-2983020-flat.jpg"
#: the photo's own pixels a point of the sheet
PHOTO_SCALE = 4.26


@cache
def _read() -> dict[str, FieldRead]:
    return flat_fields(FLAT, ("classic", "hard", "letter", "es"), PHOTO_SCALE)


def test_an_empty_aid_circle_under_a_steep_shade_is_not_read_ringed_for_sure():
    fields = _read()
    circle = fields["re-roll-3"]
    assert circle.light   # the page is read as light pencil
    # asked, or read empty: not ringed, as main read it (0.994)
    assert circle.uncertain or not circle.marked


def test_the_ringed_aid_circle_beside_it_is_still_read_ringed():
    fields = _read()
    assert fields["re-roll-1"].marked
    assert not fields["re-roll-2"].marked or fields["re-roll-2"].uncertain
