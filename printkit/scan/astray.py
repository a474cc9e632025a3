"""A check box read marked whose print the photo shows elsewhere: a curled corner's box laid
off by the page's homography, or foreshortened and turned where the paper lifts, puts its
own outline (or a neighbour's print) inside the part read, where it reads as a pen's
stroke. The box's print is laid where it best fits the photo, a little moved, scaled and
turned, and the ink it then leaves is compared with the ink it left where it was read:
`fields.py` asks a box with nothing printed inside it that keeps under `astray_left` of it,
leaning no way, when its print fits clearly better there (`astray_gain`). A tick or a cross
stays where it is, wherever the outline is laid.
"""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np
from numpy.typing import NDArray

from printkit.scan.ink import pixels, read_part
from printkit.scan.layout import FieldBox
from printkit.scan.light import Floats
from printkit.scan.page import Shift
from printkit.scan.params import ReaderParams

#: The scales and turns (degrees) a box's print is tried at, beside its moves.
SCALES = (0.8, 0.9, 1.0, 1.1)
TURNS = (-20.0, -10.0, 0.0, 10.0, 20.0)


def print_ink(photo: Floats, paper: Floats, printed: Floats, fb: FieldBox, shift: Shift,
              step: float, params: ReaderParams) -> tuple[float, float] | None:
    """Return a check box's share of ink where it was read (at `shift`) and where its print
    best fits the photo (moved up to `refine_search` pixels, scaled and turned: `SCALES`,
    `TURNS`), each as the share of the part read's paper darker than the print by `step`
    over its median; None where the search leaves the page, or where the print fits the
    photo there less than `astray_gain` better (a correlation) than where it was read: a
    pen's stroke along the outline fits a turned outline a little better too."""
    scale, pad, reach = params.scale, params.page.match_pad, params.page.refine_search
    x, y, w, h = fb.box
    x0, y0 = int(x * scale) - pad, int(y * scale) - pad
    x1, y1 = int((x + w) * scale) + pad, int((y + h) * scale) + pad
    dx, dy = shift
    if min(x0, y0, x0 + dx - reach, y0 + dy - reach) < 0 or \
            max(y1, y1 + dy + reach) > min(photo.shape[0], paper.shape[0]) or \
            max(x1, x1 + dx + reach) > min(photo.shape[1], paper.shape[1]):
        return None
    template, firm = paper[y0:y1, x0:x1], printed[y0:y1, x0:x1]
    if float(template.std()) < params.page.match_spread:
        return None
    region = photo[y0 + dy - reach:y1 + dy + reach, x0 + dx - reach:x1 + dx + reach]
    size = (x1 - x0, y1 - y0)
    centre = ((size[0] - 1) / 2, (size[1] - 1) / 2)
    best, laid, here = -np.inf, np.eye(2, 3, dtype=np.float64), 0.0
    for s in SCALES:
        for turn in TURNS:
            matrix = cv2.getRotationMatrix2D(centre, turn, s)
            drawn = cv2.warpAffine(template, matrix, size, borderMode=cv2.BORDER_REPLICATE)
            fits = cv2.matchTemplate(region, drawn, cv2.TM_CCOEFF_NORMED)
            _lo, fit, _at, (bx, by) = cv2.minMaxLoc(fits)
            if s == 1.0 and turn == 0.0:
                here = float(fits[reach, reach])
            if fit > best:
                best = fit
                laid = np.asarray(matrix, np.float64).copy()
                laid[0, 2] += bx - reach
                laid[1, 2] += by - reach
    if best < here + params.page.astray_gain:
        return None
    seen = photo[y0 + dy:y1 + dy, x0 + dx:x1 + dx]
    part = pixels(read_part(fb, params.ink), scale)
    inside = np.zeros(firm.shape, bool)
    inside[part.y0 - y0:part.y1 - y0, part.x0 - x0:part.x1 - x0] = True
    moved = cv2.warpAffine(firm, laid, size, borderMode=cv2.BORDER_REPLICATE)
    return _share(firm, seen, inside, step, params), _share(moved, seen, inside, step, params)


def _share(firm: Floats, seen: Floats, inside: NDArray[Any], step: float,
           params: ReaderParams) -> float:
    clear = inside & (firm >= params.ink.printed)
    if int(np.count_nonzero(clear)) < params.ink.least_pixels:
        return 0.0
    dark = firm - seen
    marks = (dark - float(np.median(dark[clear])) > step) & clear
    room = max(float(np.count_nonzero(clear)), float(np.count_nonzero(inside)) *
               params.ink.min_clear)
    return float(np.count_nonzero(marks)) / room
