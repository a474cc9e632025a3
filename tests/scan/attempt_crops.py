"""An endgame attempt's crop from a photo read as the reader reads it: the attempt field cut
where the reader cuts it (the photo's a few pixels wider each way, at 2 pixels a point) beside
the blank's, as the tests' fixtures keep them (`fixtures/scan/attempts/TAG-photo.png`,
`TAG-blank.png`)."""

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


def attempt_readings(tag: str, room: tuple[int, int, int]) -> list[str]:
    """Return the readings of an attempt's crop (a French sheet's aid words) that fit the
    dice the player may roll (`room`: the most of each colour), most likely first."""
    photo = cv2.imread(str(CROPS / f"{tag}-photo.png"), cv2.IMREAD_GRAYSCALE)
    blank = cv2.imread(str(CROPS / f"{tag}-blank.png"), cv2.IMREAD_GRAYSCALE)
    found = strokes.field_ink(edge.aligned(photo, blank, round(edge.REACH * SCALE)), blank,
                              2, SCALE, edge=True, joined=True)
    fits = partial(fits_so_far, room)
    return [g.text for g in spell(found, model(), "attempt", aid_words("fr"), fits)
            if fits(g.text)]
