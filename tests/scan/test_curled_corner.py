"""A curled corner that the markers' homography follows and its correction does not: the
boxes found before the correction are searched where the correction carries them
(`page.Refined.carried`).

The markers sit at the page's corners, on a curl too; the correction by the printed boxes
fits the flat page (RANSAC) and can move a curled corner's boxes further off than the
markers had them. On held-out hard-seen-3070030 (a left edge curled 14 mm) the titles lay
1.5 points off before the correction and 7.5 after, beyond a box's search: each read its
neighbour's outline, two empty titles as ticked at 0.933.

Here the page is shrunk about its top right corner (as a tilt does) everywhere but around
its titles, which a curl holds where the markers put them; the correction grows the page
back, and moves the titles 10 points the other way.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from printkit.scan.fields import read_fields
from printkit.scan.layout import blank_image, layout
from printkit.scan.light import normalised
from printkit.scan.page import Shift, flatten, local_shifts, match, refined
from printkit.scan.params import DEFAULT

SHEET = ("classic", "super-hard", "a4", "fr")
SHRINK = -0.011                 # the page shrunk about its top right corner, as a tilt does
TOP_RIGHT = np.array([595.28, 0.0])
HELD_AT, HELD, FREE = np.array([20.0, 705.0]), 40.0, 100.0   # points: the curl at the titles
TITLES = ("title-1", "title-2", "title-3", "title-4")


def _held(x: np.ndarray | float, y: np.ndarray | float) -> np.ndarray:
    """How much of the page's move the curl holds back at each point (points): all of it
    within `HELD` of the titles, none beyond `FREE`."""
    far = np.hypot(np.asarray(x) - HELD_AT[0], np.asarray(y) - HELD_AT[1])
    return np.clip((FREE - far) / (FREE - HELD), 0.0, 1.0)


def _moved(x: np.ndarray | float, y: np.ndarray | float) -> tuple[np.ndarray, np.ndarray]:
    """How far (pixels) the photo shows a point of the page (points) from its place."""
    free = 1 - _held(x, y)
    scale = DEFAULT.scale
    return (free * SHRINK * (np.asarray(x) - TOP_RIGHT[0]) * scale,
            free * SHRINK * (np.asarray(y) - TOP_RIGHT[1]) * scale)


@pytest.fixture(scope="module")
def curled():
    lay = layout(*SHEET)
    scale = DEFAULT.scale
    blank = np.asarray(blank_image(*SHEET, scale))
    h, w = blank.shape
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    dx, dy = _moved(xs / scale, ys / scale)
    photo = cv2.remap(blank, (xs - dx).astype(np.float32), (ys - dy).astype(np.float32),
                      cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    # once the shrink is corrected, a box the curl held lies the other way, as far as the
    # page moved there
    truth = {}
    for fb in lay.fields:
        x, y = fb.box[0] + fb.box[2] / 2, fb.box[1] + fb.box[3] / 2
        held = float(_held(x, y))
        truth[fb.name] = -held * SHRINK * (np.array([x, y]) - TOP_RIGHT) * scale
    return lay, blank, photo, truth


def _corrected(lay, blank, photo):
    matrix = np.diag([1 / DEFAULT.scale, 1 / DEFAULT.scale, 1.0])
    fitted = refined(photo, matrix, lay, normalised(blank, DEFAULT.light), DEFAULT)
    assert fitted.corrected
    flat = flatten(photo, fitted.matrix, lay.width, lay.height, DEFAULT.scale, DEFAULT.page)
    return fitted, flat


def test_the_correction_carries_the_corner_s_boxes_where_they_lie(curled):
    lay, blank, photo, truth = curled
    fitted, flat = _corrected(lay, blank, photo)
    paper = normalised(blank, DEFAULT.light)
    seen = normalised(flat, DEFAULT.light)
    boxes = {fb.name: fb.box for fb in lay.fields}
    # the correction fits the shrunk page: its boxes lie where the layout has them, and
    # the titles the other way, further than a box is searched
    assert all(abs(fitted.carried[n].dx) <= 1 and abs(fitted.carried[n].dy) <= 1
               for n in ("F-A1", "trap-8", "R-D3"))
    carried = local_shifts(seen, paper, lay, DEFAULT, fitted.carried)
    alone = local_shifts(seen, paper, lay, DEFAULT)
    for name in TITLES:
        assert np.hypot(*truth[name]) > DEFAULT.page.refine_search
        # where the title lies on the corrected page (searched widely around its truth)
        at = Shift(*(round(float(v)) for v in truth[name]))
        lies = np.array(match(seen, paper, boxes[name], 6, DEFAULT, at).shift)
        assert np.hypot(*(np.array(fitted.carried[name]) - lies)) <= 1.5, name
        assert np.hypot(*(np.array(carried[name]) - lies)) <= 1.5, name
        # searched around its neighbourhood alone, a title is looked for where the page
        # around it lies, further off than a box is searched
        assert np.hypot(*(np.array(alone[name]) - lies)) > DEFAULT.page.shift, name


def test_a_curled_corner_s_empty_titles_read_empty(curled):
    lay, blank, photo, _truth = curled
    fitted, flat = _corrected(lay, blank, photo)
    read = read_fields(flat, blank, lay, DEFAULT, carried=fitted.carried).fields
    for name in TITLES:
        assert not read[name].marked, (name, read[name])
