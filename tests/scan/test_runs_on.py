"""A steep shadow's edge, or a shadow's band, across an empty trail cell, running on across the
page (issue 29: hard photos and light pencil, no box wrong at 0.99 or more).

Two pages, each the flattened photo of a hard photo of generator 2 with issue 29's light pencil
(profile `hard-seen`), as the reader flattened it, kept as a JPEG (quality 85):

- `hard-seen-3000008` (classic, super-hard, A4, English; the tuning set g2-tune-hard-seen): the
  page's curl under a close lamp lays a steep shadow's edge down the page. The light's evening
  leaves it as a dark line some 3 points wide, which crosses the empty cell `F-B3` and runs on
  through the paper above and below it. The cell's ring of paper is too narrow to show it, and
  the box's own profile (`own_edge`) finds the step under `EDGE_WIDE` of the box: read crossed
  at 0.93 before, not asked.
- `hard-seen-2986333` (classic, super-hard, Letter, French; a photo of my own, tuning side): a
  shadow's band comes down the page from above and ends in the empty cell `F-A5`: read crossed
  at 0.993 before (over the 0.99 bound), not asked.

`runs_on.runs_on` follows the ink across a box along its line through the plain paper beyond it,
outside every box: a shade runs on, a pen's stroke ends at the box.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import cv2
import numpy as np

from printkit.scan.field_read import FieldRead
from printkit.scan.ink import Ink, Pixels
from printkit.scan.page import Shift
from printkit.scan.params import DEFAULT
from printkit.scan.runs_on import runs_on
from tests.scan.photos import flat_fields

FOLDER = Path(__file__).resolve().parent.parent / "fixtures/scan/runs-on"


@cache
def _edge_page() -> dict[str, FieldRead]:
    return flat_fields(FOLDER / "hard-seen-3000008-flat.jpg",
                       ("classic", "super-hard", "a4", "en"), 3.1)


@cache
def _band_page() -> dict[str, FieldRead]:
    return flat_fields(FOLDER / "hard-seen-2986333-flat.jpg",
                       ("classic", "super-hard", "letter", "fr"), 3.0)


def test_an_empty_cell_a_steep_edge_crosses_is_asked_not_read_crossed():
    cell = _edge_page()["F-B3"]
    assert cell.uncertain or not cell.marked


def test_the_marked_cells_beside_the_steep_edge_still_read_marked():
    # `F-A3` and `F-A4` are crossed in the page's light pencil, `F-A3` beside the edge
    fields = _edge_page()
    for name in ("F-A3", "F-A4"):
        assert fields[name].marked or fields[name].uncertain, name


def test_an_empty_cell_a_shadows_band_ends_in_is_not_read_crossed_surely():
    fields = _band_page()
    cell = fields["F-A5"]
    assert cell.uncertain or not cell.marked
    # and no box of the page is read wrong at 0.99 or more (the band's cell was, at 0.993)
    truth_empty = ("F-A3", "F-A4", "F-A5")
    for name in truth_empty:
        assert not (fields[name].marked and fields[name].confidence >= 0.99), name


# the rule itself, on pages drawn here: white paper 2 pixels a point, a box 40 pixels square
SIDE = 240
AT = Pixels(100, 100, 140, 140)
STEP = 0.04


def _page(line: tuple[tuple[int, int], tuple[int, int]] | None, darkness: float = 0.12,
          width: int = 5) -> tuple[np.ndarray, np.ndarray, Ink]:
    printed = np.ones((SIDE, SIDE), np.float32)
    photo = printed.copy()
    if line is not None:
        cv2.line(photo, line[0], line[1], 1.0 - darkness, width)
    photo = cv2.GaussianBlur(photo, (0, 0), 1.0)
    dark = (printed - photo)[AT.y0:AT.y1, AT.x0:AT.x1]
    clear = np.ones(dark.shape, bool)
    return photo, printed, Ink(dark, clear, np.zeros(dark.shape, bool))


def _runs_on(photo: np.ndarray, printed: np.ndarray, found: Ink,
             boxes: np.ndarray | None = None) -> bool:
    mask = np.zeros((SIDE, SIDE), bool) if boxes is None else boxes
    return runs_on(photo, printed, mask, AT, Shift(0, 0), found, STEP, DEFAULT) is not None


def test_a_line_across_the_page_is_a_shade_of_the_box():
    # a dark line, slightly slanted, from the page's top to its bottom through the box
    assert _runs_on(*_page(((115, 0), (125, SIDE - 1))))


def test_a_line_that_runs_on_from_one_end_only_is_a_shade_too():
    # a shadow's band from above, ending in the box
    assert _runs_on(*_page(((118, 0), (122, 130)), width=9))


def test_a_stroke_that_ends_at_the_box_is_no_shade():
    # a slash across the box, a point or two past its part read
    assert not _runs_on(*_page(((96, 136), (144, 104))))
    # a cross: no line
    photo, printed, _ = _page(((100, 100), (140, 140)))
    cv2.line(photo, (140, 100), (100, 140), 0.88, 5)
    dark = (printed - photo)[AT.y0:AT.y1, AT.x0:AT.x1]
    cross = Ink(dark, np.ones(dark.shape, bool), np.zeros(dark.shape, bool))
    assert not _runs_on(photo, printed, cross)


def test_a_line_that_runs_on_into_other_boxes_only_is_no_shade():
    # the same line across the page, but the paper it crosses beyond the box lies in other
    # boxes (a column of marked boxes): their marks are no shade
    photo, printed, found = _page(((115, 0), (125, SIDE - 1)))
    boxes = np.zeros((SIDE, SIDE), bool)
    boxes[:AT.y0 - 2, 90:150] = True
    boxes[AT.y1 + 2:, 90:150] = True
    assert not _runs_on(photo, printed, found, boxes)
    # and a faint line beyond a dark stroke (under `RUN_KEPT` of it): no shade
    photo, printed, found = _page(((115, 0), (125, SIDE - 1)), darkness=0.03)
    cv2.line(photo, (117, 100), (123, 140), 0.85, 5)
    dark = (printed - photo)[AT.y0:AT.y1, AT.x0:AT.x1]
    stroke = Ink(dark, np.ones(dark.shape, bool), np.zeros(dark.shape, bool))
    assert not _runs_on(photo, printed, stroke)
