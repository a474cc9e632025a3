"""The page laid on the photo: flattened through the markers' homography, and each printed
box found near where that puts it.

The markers are small and at the page's corners, and a curled edge or a lens's barrel moves
the boxes near it further than one homography follows: the printed boxes themselves say
where the page is. Each is matched with the blank sheet around where the markers put it
(`match`); the boxes found surely correct the homography (`refined`) and give each field its
neighbourhood's shift (`local_shifts`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

import cv2
import numpy as np
from numpy.typing import NDArray

from printkit.scan.layout import Box, FieldBox, Layout
from printkit.scan.light import Floats, Gray, normalised
from printkit.scan.params import PageParams, ReaderParams


class Shift(NamedTuple):
    """How far (pixels of the flattened page) a box lies from where the homography puts it."""

    dx: int
    dy: int


class Match(NamedTuple):
    """Where a box's print best lies on the photo, and how well it fits there (0-1; None
    where the blank box has too little printed to match, or lies at the page's edge)."""

    shift: Shift
    fit: float | None


class Moves(NamedTuple):
    """The centres (points) of the boxes found surely, and how far each lies (pixels) from
    where the homography put it: how the page is moved near them."""

    centres: NDArray[np.float64]
    moves: NDArray[np.float64]


NO_SHIFT = Shift(0, 0)


def flatten(gray: Gray, matrix: NDArray[Any], width: float, height: float, scale: float,
            params: PageParams) -> Gray:
    """Return the page (width × height points) flattened out of the photo at `scale` pixels
    a point, through `matrix` (page points to photo pixels); used by the field reading, the
    code's and by `look` to compare a photo with blank sheets."""
    to_px = np.diag([scale, scale, 1.0]) @ matrix
    size = (round(width * scale), round(height * scale))
    shrink = np.sqrt(abs(np.linalg.det(to_px[:2, :2])))
    src = gray
    if shrink < params.smooth_below:  # a fine photo: smoothed so that the page is not aliased
        sigma = params.smooth_sigma / shrink
        src = cv2.GaussianBlur(gray, (0, 0), sigma)
    return cv2.warpPerspective(src, to_px, size, flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_REPLICATE)


def match(photo: Floats, blank: Floats, box: Box, search: int, params: ReaderParams,
          at: Shift = NO_SHIFT) -> Match:
    """Return the shift that best lays the blank box on the photo's, and how well it fits.
    The box is searched `search` pixels around `at` (a shift expected already)."""
    page, scale = params.page, params.scale
    x, y, w, h = box
    pad = page.match_pad
    x0, y0 = int(x * scale) - pad, int(y * scale) - pad
    x1, y1 = int((x + w) * scale) + pad, int((y + h) * scale) + pad
    ax, ay = at
    if x0 + ax - search < 0 or y0 + ay - search < 0 or x1 + ax + search > photo.shape[1] or \
            y1 + ay + search > photo.shape[0]:
        return Match(at, None)
    template = blank[y0:y1, x0:x1]
    if float(template.std()) < page.match_spread:
        return Match(at, None)
    around = photo[y0 + ay - search:y1 + ay + search, x0 + ax - search:x1 + ax + search]
    result = cv2.matchTemplate(around, template, cv2.TM_CCOEFF_NORMED)
    _lo, best, _at, (bx, by) = cv2.minMaxLoc(result)
    if best < page.min_fit:
        return Match(at, float(best))
    # a best fit at the edge of the search is no fit: the box is further off than searched
    fits = float(best) if max(abs(bx - search), abs(by - search)) < search else 0.0
    return Match(Shift(ax + bx - search, ay + by - search), fits)


def match_printed(photo: Floats, blank: Floats, printed: Floats | None, box: Box, search: int,
                  params: ReaderParams, at: Shift = NO_SHIFT) -> Match:
    """Return `match` of a box with the blank, or with `printed` (the blank with its outlines
    as its PDF strokes them, centred on their path: `layout.printed_image`) where that fits
    the photo by `printed_gain` more. The blank draws an outline inside its box: the prized
    trap's 2-point outline lies a point inside the printed one, and was found two pixels off
    its neighbours. The reader asks it of a check box off the trail only: a trail cell's bold
    number is drawn a pixel otherwise than its outline, and the blank's compromise between
    the two is what its reading was tuned with."""
    found = match(photo, blank, box, search, params, at)
    if printed is None:
        return found
    outlined = match(photo, printed, box, search, params, at)
    if outlined.fit is not None and outlined.fit >= (found.fit or 0.0) + params.page.printed_gain:
        return outlined
    return found


def sure_moves(photo: Floats, blank: Floats, lay: Layout, params: ReaderParams) -> Moves:
    """Return the centres (points) of the layout's boxes found surely on the flattened photo
    in a wide search (`refine_search` pixels, a match of `sure_fit` at least), and how far
    each lies from where the homography put it (pixels): how the page is moved near them."""
    return _moves(lay, _found_surely(photo, blank, lay.fields, {}, params))


def _found_surely(photo: Floats, blank: Floats, boxes: Sequence[FieldBox],
                  at: Mapping[str, Shift], params: ReaderParams) -> dict[str, Shift]:
    """Return the shift of each of `boxes` found surely in a wide search (`refine_search`
    pixels around `at`, where given, else where the homography puts it)."""
    out = {}
    for fb in boxes:
        found = match(photo, blank, fb.box, params.page.refine_search, params,
                      at.get(fb.name, NO_SHIFT))
        if found.fit is not None and found.fit >= params.page.sure_fit:
            out[fb.name] = found.shift
    return out


def _moves(lay: Layout, found: Mapping[str, Shift]) -> Moves:
    """Return the boxes found (by name, their shift) as `Moves`, in the layout's order."""
    centres = [(fb.box[0] + fb.box[2] / 2, fb.box[1] + fb.box[3] / 2)
               for fb in lay.fields if fb.name in found]
    moves = [found[fb.name] for fb in lay.fields if fb.name in found]
    return Moves(np.array(centres, np.float64).reshape(-1, 2),
                 np.array(moves, np.float64).reshape(-1, 2))


def local_shifts(photo: Floats, blank: Floats, lay: Layout, params: ReaderParams,
                 carried: Mapping[str, Shift] | None = None) -> dict[str, Shift]:
    """Return, for each field, where its neighbourhood of the page lies from where the
    homography puts it (pixels): the median shift of the nearest boxes found surely.

    One homography maps a flat page; a curled edge or a lens's barrel moves the boxes near
    it further, and unevenly (up to 8 points at a curled edge). Each box is searched widely
    (`sure_moves`), and a field is then searched closely around the shift of its
    neighbourhood: a box whose own wide search went astray (a scribble, a neighbour's
    outline) is outvoted by the boxes around it.
    `carried`: where the boxes found before the homography was corrected lie now
    (`Refined.carried`); each is searched there, the others around their neighbourhood's."""
    at: dict[str, Shift] = {}
    if carried:
        at = _around(lay, _moves(lay, carried), params) | dict(carried)
    return _around(lay, _moves(lay, _found_surely(photo, blank, lay.fields, at, params)),
                   params)


def _around(lay: Layout, found: Moves, params: ReaderParams) -> dict[str, Shift]:
    """Return, for each field, the median shift of its `neighbours` nearest boxes found,
    within `neighbourhood` points of it (else of the nearest)."""
    if not len(found.centres):
        return {fb.name: NO_SHIFT for fb in lay.fields}
    centres, moves = found.centres.astype(np.float32), found.moves.astype(np.float32)
    page = params.page
    out: dict[str, Shift] = {}
    for fb in lay.fields:
        x, y, w, h = fb.box
        far = np.hypot(centres[:, 0] - (x + w / 2), centres[:, 1] - (y + h / 2))
        near = np.argsort(far)[:page.neighbours]
        near = near[far[near] <= page.neighbourhood] if far[near[0]] <= page.neighbourhood \
            else near[:1]
        dx, dy = np.median(moves[near], axis=0)
        out[fb.name] = Shift(round(float(dx)), round(float(dy)))
    return out


class Refined(NamedTuple):
    """The homography corrected by the printed boxes, and whether it was corrected at all (on
    a sheet of another paper than the one assumed, too few boxes are where it puts them, and
    it is left as it was); `carried`: where each box found surely lies on the page flattened
    through the corrected homography (pixels from where the layout puts it)."""

    matrix: NDArray[Any]
    corrected: bool
    carried: Mapping[str, Shift] = {}


def refined(gray: Gray, matrix: NDArray[Any], lay: Layout, paper: Floats,
            params: ReaderParams) -> Refined:
    """Return the homography corrected by the printed boxes themselves, and whether it was.

    The markers are small and at the page's corners (three of them, at times): the boxes
    are found on the flattened page near where the markers put them, and a homography
    fitted (RANSAC) from where they are to where they should be corrects the first one.
    The correction fits the flat page, and may move a curled corner's boxes further off
    than the markers had them (held-out hard-seen-3070030: its titles 1.5 points off, then
    7.5, further than a box is searched): where each box found lies once corrected is
    `carried`, and `local_shifts` searches it there.
    """
    scale = params.scale
    photo = normalised(flatten(gray, matrix, lay.width, lay.height, scale, params.page),
                       params.light)
    found = _found_surely(photo, paper, lay.fields, {}, params)
    wanted, moves = _moves(lay, found)
    if len(wanted) < params.page.refine_least:
        return Refined(matrix, False)
    seen = (wanted + moves / scale).astype(np.float32)
    correction, _inliers = cv2.findHomography(seen, wanted.astype(np.float32), cv2.RANSAC,
                                              params.page.refine_threshold)
    if correction is None:
        return Refined(matrix, False)
    corrected: NDArray[Any] = np.asarray(correction) @ matrix
    now = cv2.perspectiveTransform(seen.reshape(-1, 1, 2), np.asarray(correction)).reshape(-1, 2)
    carried = {name: Shift(round(float(x)), round(float(y)))
               for name, (x, y) in zip(found, (now - wanted) * scale, strict=True)}
    return Refined(corrected, True, carried)
