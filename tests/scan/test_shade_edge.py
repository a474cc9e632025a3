"""A shadow's soft edge across an empty tinted cell that the ring of paper around it does not
show, on a light pencil page (issue 29: ordinary photos, every sheet fully right or asked).

The page is the flattened photo of an ordinary-profile photo of generator 2 (seed 2985651,
classic, hard, letter, English; a helper's own tuning photo), as the reader flattened it,
kept as a JPEG (quality 85). A soft shadow's band runs across the trail's first cells: its
edge lies across the empty `F-A2` and `F-C1`, the cell's paper ramping from the blank's into
some 0.08 of shade, as dark as the page's light pencil. The ring of plain paper around each
cell shows too little of it for any shade `shade.shade` lays, and the box's own plane
(`own_ramp`) reaches 0.05 at its darker end: read ticked at 0.98 on main, not asked.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import cv2
import numpy as np

from printkit.scan.field_read import FieldRead
from printkit.scan.ink import Ink
from printkit.scan.ink_params import InkParams
from printkit.scan.shade import own_edge
from tests.scan.photos import flat_fields

FLAT = Path(__file__).resolve().parent.parent / "fixtures/scan/shade-edge/ordinary-2985651-flat.jpg"
#: the photo's own pixels a point of the sheet
PHOTO_SCALE = 3.92
#: a trail cell's tint (as `F-A2`'s)
TINT = 0.87


@cache
def _read() -> dict[str, FieldRead]:
    return flat_fields(FLAT, ("classic", "hard", "letter", "en"), PHOTO_SCALE)


def test_an_empty_cell_a_shadows_edge_crosses_is_not_read_ticked():
    fields = _read()
    for name in ("F-A2", "F-C1"):
        cell = fields[name]
        assert cell.light   # the page is read as light pencil
        # asked, or read empty: not ticked at 0.98, as main read it
        assert cell.uncertain or not cell.marked, name


def test_the_crossed_cell_under_the_same_shadow_is_still_read_crossed():
    # `F-B1`, crossed in the page's light pencil, lies in the same band
    fields = _read()
    assert fields["F-B1"].marked and not fields["F-B1"].uncertain
    assert not fields["F-A1"].marked and not fields["F-A1"].uncertain


def _box(dark: np.ndarray) -> Ink:
    clear = np.ones(dark.shape, bool)
    return Ink(dark.astype(np.float32), clear, np.zeros(dark.shape, bool))


def test_a_soft_step_from_paper_into_shade_is_a_shade_of_the_box_itself():
    # a box 30 pixels square: paper on the left, 0.08 of shade on the right, a soft step
    # between: the profile along its slope lays the step across the box
    xs = np.arange(30, dtype=np.float32)
    ramp = 0.08 / (1 + np.exp(-(xs - 15) / 2.0))
    edge = own_edge(_box(np.tile(ramp, (30, 1))), TINT, InkParams())
    assert edge is not None
    assert float(np.max(np.abs(edge.surface - ramp[None, :]))) < 0.03


def test_a_stroke_on_paper_or_a_faint_shade_is_no_edge():
    params = InkParams()
    # a cross on paper: the profile's medians are the paper's, flat
    cross = np.zeros((30, 30), np.float32)
    for i in range(30):
        cross[i, i] = cross[i, 29 - i] = 0.3
    assert own_edge(_box(cross), TINT, params) is None
    # a step to 0.03 only (a light pencil's shading of a box is no darker): no edge
    xs = np.arange(30, dtype=np.float32)
    faint = 0.03 / (1 + np.exp(-(xs - 15) / 2.0))
    assert own_edge(_box(np.tile(faint, (30, 1))), TINT, params) is None
    # a straight slash two pixels wide, 0.1 dark, across a box whose paper darkens by 0.015
    # across it, square to the slash (the plane's slope then crosses it): the one or two
    # steps along it hold it, paper on either side of it (a straddle, a ballpoint's slash:
    # g2-tune-ordinary 2150022's `re-roll-1`), under `EDGE_WIDE` of the box
    yy, xx = np.mgrid[0:30, 0:30].astype(np.float32)
    slash = ((xx + yy) / 58 * 0.015).astype(np.float32)
    cv2.line(slash, (0, 24), (24, 0), 0.1, 2)
    assert own_edge(_box(slash), TINT, params) is None
    # a hatching over half the box (a pencil's lines two pixels wide, 0.2 dark, softened by
    # the lens, across the profile's steps): each step is ink and paper, not even as a
    # shade is (`EDGE_EVEN`)
    hatch = np.zeros((30, 30), np.float32)
    hatch[(xx.astype(int) + yy.astype(int)) % 4 < 2] = 0.2
    hatch = cv2.GaussianBlur(hatch, (0, 0), 0.8)
    hatch[:, :15] = 0.0
    assert own_edge(_box(hatch), TINT, params) is None
    # the soft step on a box of white paper: its ring shows a shade, not its own paper
    assert own_edge(_box(np.tile(0.08 / (1 + np.exp(-(xs - 15) / 2.0)), (30, 1))), 1.0,
                    params) is None
    # shade all over, no paper end: no edge
    assert own_edge(_box(np.full((30, 30), 0.1, np.float32)), TINT, params) is None
