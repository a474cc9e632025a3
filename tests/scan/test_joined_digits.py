"""Two digits written in one stroke (issue 31): a `10` or an `11` whose pen was not lifted
is one piece of ink narrower than two glyphs, which the reader cuts where its ink is
thinnest (`strokes.JOINED_WIDE`), wherever that lies: a 0's sides are as thin as the join.

The crops are of generator 2's tuning photos (own seeds, docs/scan-measurement.md): pens
2810014's `F-D3` (an 11 in felt pen, its 1s' flags touching) and home print 2820004's `F-B4`
(a 10 in pencil, the 1 run into the 0), cut from the flattened photo where the reader found
the box (aligned to the blank), beside the blank's (2 pixels a point, the field and 2.5
points around it).
"""

from __future__ import annotations

from pathlib import Path

import cv2
import pytest

from printkit.scan import strokes
from tests.scan.circle_crops import SCALE, circle_readings

CROPS = Path(__file__).resolve().parent.parent / "fixtures/scan/joined"


def _read(tag: str) -> list[str]:
    """Return the readings of a crop as the reader reads a circle (`faint_values.ink_of`),
    most likely first."""
    return circle_readings(CROPS, tag)


@pytest.mark.parametrize(("tag", "written"), [("eleven", "11"), ("ten", "10")])
def test_two_digits_written_in_one_stroke_are_read_as_two(tag: str, written: str) -> None:
    # before, both were read 0: the 11 (18 pixels wide, 28 tall) was not cut at all, the 10
    # was cut inside its 0
    assert _read(tag)[:1] == [written]


def test_the_glyph_models_training_cuts_its_pieces_as_before() -> None:
    # the model shipped is trained on the pieces `field_ink` gives without `joined`
    # (bench/train_glyphs.py --check makes it again): the 11 is one piece there, as before
    photo = cv2.imread(str(CROPS / "eleven-photo.png"), cv2.IMREAD_GRAYSCALE)
    blank = cv2.imread(str(CROPS / "eleven-blank.png"), cv2.IMREAD_GRAYSCALE)
    ink = strokes.field_ink(photo, blank, 1, SCALE)
    assert [len(line.pieces) for line in ink.lines] == [1]
