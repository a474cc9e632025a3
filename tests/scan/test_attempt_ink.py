"""An endgame attempt's ink read as what it says (issue 31).

The crops are attempt fields of two tuning photos of generator 2, cut where the reader cuts
them (the photo's a few pixels wider each way, at 2 pixels a point): homeprint 2350023's
rabbit escape on a Spanish sheet, its aid `flip R1` written smaller than its dice, under
them; ordinary 2150002's fox trap, `flip` written in two strokes, `fl` and `ip`. Before,
the first was read as one line (`R5 B5 B4`, the aid's strokes taken as the dice's specks),
and the second's die after `flip` had no run left: neither written attempt was among the
ink's readings."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import cv2
import pytest

from printkit.games.fox_rabbit.narrow_attempts import fits_so_far
from printkit.scan import edge, strokes
from printkit.scan.glyphs import model
from printkit.scan.spelling import spell
from printkit.scan.writing import aid_words

CROPS = Path(__file__).resolve().parent.parent / "fixtures/scan/attempts"
SCALE = 2.0


def _ink(tag: str) -> strokes.FieldInk:
    photo = cv2.imread(str(CROPS / f"{tag}-photo.png"), cv2.IMREAD_GRAYSCALE)
    blank = cv2.imread(str(CROPS / f"{tag}-blank.png"), cv2.IMREAD_GRAYSCALE)
    reach = round(edge.REACH * SCALE)
    return strokes.field_ink(edge.aligned(photo, blank, reach), blank, 2, SCALE, edge=True)


@pytest.mark.parametrize("tag, lang, written, first", [
    ("smaller-aids", "es", "R1 R2 B5 B4; flip R1", True),
    ("joined-letters", "en", "R2 B3 B1 Y2 Y4; flip B1", False),
])
def test_an_attempts_dice_and_aid_are_read_on_their_two_lines(tag, lang, written, first):
    found = _ink(tag)
    assert len(found.lines) == 2
    # two dice of each colour owned: what the rules may let the player roll
    fits = partial(fits_so_far, (2, 2, 2))
    read = [g.text for g in spell(found, model(), "attempt", aid_words(lang), fits)]
    assert written in read
    if first:
        # the first reading whose dice the player may roll is what is written
        assert next(t for t in read if fits(t)) == written
