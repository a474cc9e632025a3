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
import numpy as np
import pytest

from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.scan import edge, strokes
from printkit.scan.faint_values import ink_of
from printkit.scan.glyphs import model
from printkit.scan.layout import Box
from printkit.scan.spelling import spell

CROPS = Path(__file__).resolve().parent.parent / "fixtures/scan/joined"
SCALE = 2.0


def _read(tag: str) -> list[str]:
    """Return the readings of a crop as the reader reads a circle (`faint_values.ink_of`),
    most likely first."""
    photo = cv2.imread(str(CROPS / f"{tag}-photo.png"), cv2.IMREAD_GRAYSCALE)
    blank = cv2.imread(str(CROPS / f"{tag}-blank.png"), cv2.IMREAD_GRAYSCALE)
    reach = max(1, round(edge.REACH * SCALE))
    flat = np.pad(photo, reach, constant_values=255)
    h, w = blank.shape
    size = (w / SCALE - 2 * strokes.MARGIN, h / SCALE - 2 * strokes.MARGIN)
    laid = Box(strokes.MARGIN, strokes.MARGIN, *size)
    found = Box(strokes.MARGIN + reach / SCALE, strokes.MARGIN + reach / SCALE, *size)
    ink = ink_of(flat, blank, laid, found, sf.CIRCLE, SCALE)
    return [g.text for g in spell(ink, model(), sf.CIRCLE.name)]


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
