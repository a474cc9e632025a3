"""A light pencil's mark asked for the shade around its box, though a stroke's line crosses it
(issue 29).

The pages are the flattened photos of two hard-profile photos of generator 1 (a helper's own
tuning photos: seed 2982022, classic, super-hard, letter, Spanish, in
`fixtures/scan/shade-stroke`; seed 2981009, classic, hard, letter, English, kept for
`test_shade_clear` in `fixtures/scan/shade-clear`), as the reader flattened them, kept as
JPEGs (quality 85). On both the ring of paper around a marked box spreads as a shadow's edge
would, `fields._ask_shaded` takes the pencil's strokes for shade, and on main the box was
asked, leaning empty. Its paper lies on a faint stroke's line (`faint.stroke_shares`) over
`shade_stroke` of it, which a shadow's soft edge draws nowhere: it is now read as it was before
the shade was taken off.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import cv2
import numpy as np

from printkit.scan.field_read import FieldRead
from printkit.scan.fields import read_fields
from printkit.scan.layout import blank_image, layout
from printkit.scan.params import DEFAULT

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures/scan"
#: each page: its folder, its mode, its language and the photo's own pixels a point of the sheet
PAGES = {"hard-2982022": ("shade-stroke", "super-hard", "es", 2.346),
         "hard-2981009": ("shade-clear", "hard", "en", 2.24)}


@cache
def _read(name: str) -> dict[str, FieldRead]:
    folder, mode, lang, photo_scale = PAGES[name]
    lay = layout("classic", mode, "letter", lang)
    blank = np.asarray(blank_image("classic", mode, "letter", lang, DEFAULT.scale))
    flat = cv2.imread(str(FIXTURES / folder / f"{name}-flat.jpg"), cv2.IMREAD_GRAYSCALE)
    return read_fields(flat, blank, lay, DEFAULT, photo_scale).fields


def test_an_aid_circle_whose_stroke_runs_past_it_is_read_marked_not_asked():
    fields = _read("hard-2982022")
    circle = fields["re-roll-1"]
    assert circle.light   # a light pencil page that shows its pen
    # a stroke overshooting the circle: asked on main, leaning empty
    assert circle.marked and not circle.uncertain
    # the aid circles left empty beside it are still read empty, surely
    for name in ("re-roll-3", "re-roll-4", "flip-3", "plus-minus-3"):
        assert not fields[name].marked and not fields[name].uncertain


def test_a_crossed_last_cell_asked_for_shade_is_read_marked_beside_an_empty_one_still_asked():
    fields = _read("hard-2981009")
    # crossed: asked on main, leaning empty
    assert fields["F-B5"].marked and not fields["F-B5"].uncertain
    # empty, its outline's blurred edge read as ink (no stroke's line across it): still
    # asked, leaning empty, as on main
    assert fields["F-A5"].uncertain and not fields["F-A5"].marked
