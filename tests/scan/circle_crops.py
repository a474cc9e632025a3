"""A circle's crop from a photo read as the reader reads it: the flattened photo's field
(2 pixels a point, the field and `strokes.MARGIN` points around it) beside the blank's, as
the tests' fixtures keep them (`TAG-photo.png`, `TAG-blank.png`)."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.scan import edge, strokes
from printkit.scan.faint_values import ink_of
from printkit.scan.glyphs import model
from printkit.scan.layout import Box
from printkit.scan.spelling import spell
from printkit.scan.strokes import FieldInk

SCALE = 2.0


def circle_ink(folder: Path, tag: str, faint: bool = False, join: bool = False) -> FieldInk:
    """Return a circle's crop inked as the reader inks it (`ink_of`): `faint`, as a light
    pencil's faint strokes; `join`, its strokes a little under the floor kept beside."""
    photo = cv2.imread(str(folder / f"{tag}-photo.png"), cv2.IMREAD_GRAYSCALE)
    blank = cv2.imread(str(folder / f"{tag}-blank.png"), cv2.IMREAD_GRAYSCALE)
    reach = max(1, round(edge.REACH * SCALE))
    flat = np.pad(photo, reach, constant_values=255)
    h, w = blank.shape
    size = (w / SCALE - 2 * strokes.MARGIN, h / SCALE - 2 * strokes.MARGIN)
    laid = Box(strokes.MARGIN, strokes.MARGIN, *size)
    found = Box(strokes.MARGIN + reach / SCALE, strokes.MARGIN + reach / SCALE, *size)
    return ink_of(flat, blank, laid, found, sf.CIRCLE, SCALE, faint, join=join)


def circle_readings(folder: Path, tag: str, faint: bool = False) -> list[str]:
    """Return the readings of a circle's crop (`ink_of`, then `spell`), most likely first;
    `faint`: its ink read as a light pencil's faint strokes."""
    return [g.text for g in spell(circle_ink(folder, tag, faint), model(), sf.CIRCLE.name)]
