"""A box's ink that runs on across the page: a steep shadow's edge or a shadow's band the
light's evening leaves as a dark line, followed along its axis through the plain paper beyond
the box (`runs_on`); `shade.unshaded` takes such ink off as shade.
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple

import numpy as np
from numpy.typing import NDArray

from printkit.scan.ink import Ink, Pixels, pixels, window
from printkit.scan.layout import Layout
from printkit.scan.light import Floats
from printkit.scan.page import Shift
from printkit.scan.params import ReaderParams

#: How far beyond a box (points) a line of ink across it is followed through the paper
#: (`runs_on`): a steep shadow's edge runs on across the page, a pen's stroke ends at the
#: box or a point or two past it. These six were set once, from the two pages below, and
#: not tuned: docs/scan-measurement.md, "A shadow that runs on across the page".
RUN_REACH = 20.0
#: The half width (points) of the line followed, at least (a band is followed as wide as
#: twice its ink's spread across it), and how far beside it (points, beyond twice that)
#: the paper it is compared with lies.
RUN_HALF = 1.5
RUN_BESIDE = 3.0
#: The share of the line's darkness in the box (over the box's paper beside it) the paper
#: on it beyond the box must show, on one end at least: g2-tune-hard-seen 3000008's steep
#: edge across the empty `F-B3` (the light's evening leaves a dark line 3 points wide)
#: reads 0.08-0.10 in the box, 0.07-0.14 beyond both its ends; my own hard-seen 2986333's
#: shadow band, ending in the empty `F-A5`, 0.28-0.30 in the box, 0.26 above it, 0.01-0.02
#: below.
RUN_KEPT = 0.5
#: How much longer than wide the ink it is fitted to (in the box and beyond it) must lie
#: for a line (their spreads along and across it): a cross or a blot is none.
RUN_LONG = 3.0
#: How far across the line (points), past twice its width, the ink beyond the box is taken
#: to fit it again.
RUN_BAND = 3.0


def box_mask(lay: Layout, shape: tuple[int, int], scale: float) -> NDArray[np.bool_]:
    """Return where the page's boxes lie (their printed outlines and all inside them), on
    a page of `shape` at `scale` pixels a point: where a player's marks may be."""
    mask = np.zeros(shape, bool)
    for fb in lay.fields:
        at = pixels(fb.box, scale)
        mask[max(0, at.y0):max(0, at.y1), max(0, at.x0):max(0, at.x1)] = True
    return mask


def runs_on(photo: Floats, printed: Floats, boxes: NDArray[np.bool_], at: Pixels,
            shift: Shift, found: Ink, step: float, params: ReaderParams) -> Floats | None:
    """Return the box's own darkness (all of it shade, `shade.unshaded`) when its ink
    (`found`, over its part read `at`; pixels darker than `step`) lies along one straight
    line that runs on through the plain paper beyond the box on one of its ends at least,
    as dark over the paper beside it as in the box (`RUN_KEPT` of it): a steep shadow's
    edge the light's evening leaves as a dark line across the page, which crosses a trail
    cell whose ring of paper is too narrow to show it (`shade`), or a shadow's band that
    ends in the box; a pen's stroke ends at the box or just past it. The paper taken is
    plain and outside every box (`boxes`): a mark in a box beyond is no shade. None
    otherwise."""
    ink, scale = params.ink, params.scale
    dark, clear = found.dark, found.clear
    inked = clear & (dark > step)
    if int(np.count_nonzero(inked)) < ink.least_spread:
        return None
    # the page around the box, `RUN_REACH` on every side, cut at the page's edges, in the
    # box's pixels
    reach, ring = round(RUN_REACH * scale), round(ink.around * scale)
    height, width = photo.shape
    x0 = max(at.x0 - reach - ring, 0, -shift.dx)
    y0 = max(at.y0 - reach - ring, 0, -shift.dy)
    x1 = min(at.x1 + reach + ring, width, width - shift.dx)
    y1 = min(at.y1 + reach + ring, height, height - shift.dy)
    if x1 <= x0 or y1 <= y0:
        return None
    around = Pixels(x0, y0, x1, y1)
    expected = window(printed, around)
    hh, ww = dark.shape
    # the plain paper outside every box, as lists of pixels (the box's coordinates) and
    # their darkness
    plain = (expected >= params.light.plain) & ~boxes[y0:y1, x0:x1]
    plain[max(0, at.y0 - y0):at.y1 - y0, max(0, at.x0 - x0):at.x1 - x0] = False
    oy, ox = np.nonzero(plain)
    paper = (expected - window(photo, around.moved(shift)))[oy, ox].astype(np.float64)
    ox, oy = ox + (x0 - at.x0), oy + (y0 - at.y0)
    # the line: the ink's axis in the box, fitted again with the ink on the paper beyond it
    # that lies along it (a shadow's edge or band, laid over a long way, is followed
    # exactly), and as wide as that ink lies across it; none where no such ink lies beyond
    yy, xx = np.mgrid[0:hh, 0:ww]
    xs, ys, weights = xx[inked], yy[inked], dark[inked].astype(np.float64)
    beyond = paper > RUN_KEPT * step
    bx, by, bw = ox[beyond], oy[beyond], paper[beyond]
    line = _axis(xs, ys, weights)
    if line is None:
        return None
    for _ in range(2):
        _, across = _line_parts(line, bx, by)
        near = across <= RUN_BAND * scale + 2 * line.width
        if int(np.count_nonzero(near)) < ink.least_spread:
            return None
        refit = _axis(np.concatenate([xs, bx[near]]), np.concatenate([ys, by[near]]),
                      np.concatenate([weights, bw[near]]))
        if refit is None:
            return None
        line = refit
    if line.length < RUN_LONG * line.width:
        return None
    half, beside = max(RUN_HALF * scale, 2 * line.width), RUN_BESIDE * scale
    t_box, s_box = _line_parts(line, xx, yy)
    on_box = clear & (s_box <= half)
    off_box = clear & (s_box >= 2 * half) & (s_box <= 2 * half + beside)
    if not on_box.any():
        return None
    # over the box's paper beside the line, or over the blank's where a small box has none
    inside = float(np.median(dark[on_box])) - \
        (float(np.median(dark[off_box])) if off_box.any() else 0.0)
    if inside < step:
        return None
    t, s = _line_parts(line, ox, oy)
    # the paper beyond the box's ends along the line, its ring left out
    ends = (float(np.max(t_box)) + ring, -float(np.min(t_box)) + ring)
    for sign, end in zip((1, -1), ends):
        far = (sign * t > end) & (sign * t <= end + reach)
        on, off = far & (s <= half), far & (s >= 2 * half) & (s <= 2 * half + beside)
        if int(np.count_nonzero(on)) < ink.least_spread or \
                int(np.count_nonzero(off)) < ink.least_spread:
            continue
        shown = float(np.median(paper[on])) - float(np.median(paper[off]))
        if shown >= RUN_KEPT * inside:
            break
    else:
        return None
    return dark


class _Line(NamedTuple):
    """A straight line through (`x`, `y`), along (`dx`, `dy`), a unit long; how far the
    pixels it was fitted to spread along it and across it (their standard deviations)."""

    x: float
    y: float
    dx: float
    dy: float
    length: float
    width: float


def _axis(xs: NDArray[Any], ys: NDArray[Any], weights: NDArray[np.float64]) -> _Line | None:
    """Return the axis of weighted pixels (their principal direction through their mean),
    or None when they are too few."""
    total = float(weights.sum())
    if xs.size < 2 or total <= 0:
        return None
    cx, cy = float(weights @ xs) / total, float(weights @ ys) / total
    u, v = xs - cx, ys - cy
    wu, wv = weights * u, weights * v
    # the weighted spread's 2x2 matrix and its eigenvalues and vectors, in closed form
    sxx, syy, sxy = float(wu @ u) / total, float(wv @ v) / total, float(wu @ v) / total
    mid, gap = (sxx + syy) / 2, math.hypot((sxx - syy) / 2, sxy)
    angle = math.atan2(2 * sxy, sxx - syy) / 2
    return _Line(cx, cy, math.cos(angle), math.sin(angle), math.sqrt(max(mid + gap, 0.0)),
                 math.sqrt(max(mid - gap, 0.0)))


def _line_parts(line: _Line, xs: NDArray[Any], ys: NDArray[Any]
                ) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """Return how far along a line pixels lie from its point, and how far from it across."""
    u, v = xs - line.x, ys - line.y
    return u * line.dx + v * line.dy, np.abs(v * line.dx - u * line.dy)
