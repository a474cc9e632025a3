"""An endgame attempt's ink read as what it says (issue 31).

The crop is the fox trap's attempt field of a tuning photo of generator 2 (ordinary
2150002), cut where the reader cuts it (the photo's a few pixels wider each way, at 2
pixels a point): `flip` written in two strokes, `fl` and `ip`. Before, the word took a run
for each of its letters and left none for the die after it: what is written was not among
the ink's readings."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import cv2

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


def test_an_aids_word_written_in_two_strokes_is_read_with_the_die_after_it():
    found = _ink("joined-letters")
    assert len(found.lines) == 2
    # two dice of each colour owned: what the rules may let the player roll
    fits = partial(fits_so_far, (2, 2, 2))
    read = [g.text for g in spell(found, model(), "attempt", aid_words("en"), fits)]
    # second of the readings the rules may allow: the ink reads its Y4 as Y1 likelier, which
    # the outcome ticked rules out
    assert [t for t in read if fits(t)][:2] == ["R2 B3 B1 Y2 Y1; flip B1",
                                                 "R2 B3 B1 Y2 Y4; flip B1"]
