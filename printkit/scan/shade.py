"""The shade a shadow's edge or the light's slope lays across a check box, from the ring of
plain paper around it: the reader's light evening (`light.even_light`) takes a strip at a
time, wider than a hand's soft shadow's edge, and leaves that edge across the boxes it
crosses, dark on one side as a stroke is (`fields.py` asks a box whose ink it explains).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, NamedTuple

import cv2
import numpy as np
from numpy.typing import NDArray

from printkit.scan.ink import Ink, Pixels, Tone, pixels, read_part, whole_windows
from printkit.scan.ink_params import InkParams
from printkit.scan.layout import Box, FieldBox, Layout
from printkit.scan.light import Floats
from printkit.scan.page import Shift
from printkit.scan.params import ReaderParams
from printkit.scan.runs_on import runs_on


def unshaded(photo: Floats, printed: Floats, fb: FieldBox, shift: Shift, found: Ink,
             tone: Tone, step: float, params: ReaderParams,
             boxes: NDArray[np.bool_]) -> list[tuple[Ink, Tone, Floats, Floats]]:
    """Return a check box's darkness (as `ink.darker` measured it, `found` and `tone`) with
    the shade the ring of paper around it shows taken off, once for each way of laying it
    across the box (`shade`), and how much lighter and darker the shade may be at each pixel
    (the step laid `shade_shift` pixels back and on); none when the ring holds too little
    plain paper to tell; `step`: the darkness a pixel of ink reaches (a fold's crease,
    `_band`, is one darker than `CREASE_STEPS` of it); `boxes`: where the page's boxes lie
    (`box_mask`), whose marks are no shade running on beyond a box (`runs_on`)."""
    at = pixels(read_part(fb, params.ink), params.scale)
    unshaded = []
    shades = shade(photo, printed, fb.box, at, shift, step, params)
    # the box's own paper, where the ring shows too little of a shade: a plane, and a
    # profile along its slope
    plane = own_plane(found, params.ink)
    for own in (own_ramp(found, params.ink, plane),
                own_edge(found, tone.fill, params.ink, plane),
                _ran_on(runs_on(photo, printed, boxes, at, shift, found, step, params))):
        if own is not None:
            shades.append(own)
    for shaded in shades:
        if shaded.surface.shape != found.dark.shape:
            continue
        dark = found.dark - shaded.surface
        unshaded.append((Ink(dark, found.clear, found.near),
                         Tone(float(np.median(dark[found.clear])), shaded.ring, tone.fill),
                         shaded.low - shaded.surface, shaded.high - shaded.surface))
    return unshaded


class OwnPlane(NamedTuple):
    """A plane fitted to a box's own clear pixels (`xs`, `ys`, their darkness `values`; the
    fit's `terms` and coefficients `coef`), fitted again without its darkest (`shade_kept`):
    what `own_ramp` and `own_edge` both read a shade from."""

    xs: NDArray[Any]
    ys: NDArray[Any]
    values: NDArray[np.float64]
    terms: NDArray[np.float64]
    coef: NDArray[np.float64]


def own_plane(found: Ink, params: InkParams) -> OwnPlane | None:
    """Return the plane fitted to the box's own clear pixels, or None when it holds too few
    of them (`least_spread`)."""
    ys, xs = np.nonzero(found.clear)
    if ys.size < params.least_spread:
        return None
    hh, ww = found.dark.shape
    values = found.dark[found.clear].astype(np.float64)
    terms = _surface_terms(xs, ys, ww, hh)[:, :3]
    return OwnPlane(xs, ys, values, terms, _robust_fit(terms, values, params.shade_kept))


def own_ramp(found: Ink, params: InkParams, own: OwnPlane | None = None) -> Shade | None:
    """Return the plane fitted to the box's own clear pixels (`own_plane`, or `own` where
    the caller has it) as a shade, when its lighter end across the box reads within
    `shade_own` of the blank and its darker end `shade_spread` or more dark (a ramp from
    paper into a shadow's band, which the ring may not show; a fill all over is no ramp,
    a faint pencil's shading no such slope); None otherwise, or when the box holds too few
    clear pixels."""
    if params.shade_own <= 0:
        return None
    own = own if own is not None else own_plane(found, params)
    if own is None:
        return None
    hh, ww = found.dark.shape
    values, terms, plane = own.values, own.terms, own.coef
    fitted = terms @ plane
    if float(np.min(fitted)) > params.shade_own or float(np.max(fitted)) < params.shade_spread:
        return None
    yy, xx = np.mgrid[0:hh, 0:ww]
    surface = (_surface_terms(xx, yy, ww, hh)[..., :3] @ plane).astype(np.float32)
    return Shade(surface, float(np.median(values - fitted)), surface, surface)


#: How dark the darker end of a box's own profile (`own_edge`) must read, its lighter end
#: the blank's paper (`shade_own`), before the profile is taken for a shadow's edge across
#: the box: ordinary-2985651's empty `F-A2` and `F-C1` (a soft shadow's edge across them, on
#: a light pencil page) reach 0.080-0.085, a light pencil's shading of a trap 0.02-0.04
#: (docs/scan-measurement.md, "A shadow's soft edge across an empty cell, from the box's own
#: paper").
EDGE_DARK = 0.06
#: The share of a box's clear pixels that must lie in steps of the profile (their medians)
#: at half its darker end or more: `F-A2` and `F-C1` 0.44-0.57, a ballpoint's slash across an
#: aid circle (g2-tune-ordinary 2150022's `re-roll-1`) 0.13-0.17.
EDGE_WIDE = 0.3
#: How far, at most, the pixels of the steps in shade may lie from their step's median (their
#: median distance): `F-A2` and `F-C1` 0.007-0.011; marks 0.023 or more (a messaging copy's
#: filled cell, ordinary-2985656 `F-B3`; generator 1's thick crosses in small boxes,
#: dev-hard-306 `F-apple`, dev-hard-302 `plus-minus-1`: 0.038-0.047).
EDGE_EVEN = 0.016


def own_edge(found: Ink, fill: float, params: InkParams,
             own: OwnPlane | None = None) -> Shade | None:
    """Return the box's own clear pixels' darkness as a profile along the slope of the plane
    fitted to them (`_profile`: the median of each step of `shade_bin` pixels, never lighter
    further on) as a shade, when its lighter end reads within `shade_own` of the blank and
    its darker end `EDGE_DARK` or more dark: a shadow's soft edge across the box, paper on
    one side, shade on the other, which the ring around it may not show and a plane
    (`own_ramp`) lays too shallow. A tick or a cross leaves each step's median the paper's,
    a fill all over leaves no paper end; None then, or when the box holds too few clear
    pixels or no slope. Only a tinted box (its `fill` darker than `tinted`: a trail cell) is
    read so: the light's evening leaves a shadow's edge across a tint and not across the
    plain paper of the ring around it (`light.normalised`); a box on white paper shows its
    shade in its ring, and a small one is filled by a thick cross's steps."""
    if fill >= params.tinted:
        return None
    own = own if own is not None else own_plane(found, params)
    if own is None:
        return None
    hh, ww = found.dark.shape
    xs, ys, values, plane = own.xs, own.ys, own.values, own.coef
    yy, xx = np.mgrid[0:hh, 0:ww]
    slope = plane[1:] / (ww, hh)
    profile = _profile(xs - ww / 2, ys - hh / 2, values, slope, xx - ww / 2, yy - hh / 2,
                       params)
    if profile is None:
        return None
    on_box, surface, low, high = profile
    if float(np.min(on_box)) > params.shade_own or float(np.max(on_box)) < EDGE_DARK:
        return None
    # a shadow's edge leaves a wide part of the box in shade, fading beyond it as the light's
    # evening takes it off; a straight stroke along the profile's steps fills one or two of
    # them, paper beyond it (a slash, a straddle)
    along = (slope[0] * (xs - ww / 2) + slope[1] * (ys - hh / 2)) / math.hypot(*slope)
    steps = np.round(along / params.shade_bin).astype(int)
    keys, _, medians = _step_medians(values, steps)
    where = np.searchsorted(keys, steps)
    shaded = medians[where] >= float(np.max(on_box)) / 2
    if float(np.mean(shaded)) < EDGE_WIDE:
        return None
    # and a shade is even along each step, where a pen's or a pencil's mark is ink and paper
    if float(np.median(np.abs(values - medians[where])[shaded])) > EDGE_EVEN:
        return None
    return Shade(surface.astype(np.float32), float(np.median(values - on_box)),
                 low.astype(np.float32), high.astype(np.float32))


class Shade(NamedTuple):
    """A shadow's or the light's darkness across a box's part read (`surface`), how much
    darker than it the ring of paper around the box reads (its median), and the darkness
    the shade may have at each pixel, at least and at most (`low`, `high`: a profile's step
    laid `shade_shift` pixels back and on; the surface itself for a smooth one)."""

    surface: Floats
    ring: float
    low: Floats
    high: Floats


def shade(photo: Floats, printed: Floats, box: Box, at: Pixels, shift: Shift, step: float,
          params: ReaderParams) -> list[Shade]:
    """Return the darkness a shadow or the light's slope lays across a check box (its part
    read, `at`), from the ring of plain paper around it (`around` points wide, away from any
    print; a stroke running into the ring is left out, as its darkest): a quadratic surface
    fitted to the ring, or the ring's darkness as a profile along its slope (`_profile`),
    whichever follows the ring more closely (its median distance); and the profile along
    the direction, within `shade_turn` degrees of that slope, that follows the ring most
    closely (its mean distance: a plane fitted to a sharp step leans towards the box's
    sides, and the ring's median is its plain paper's, away from the edge). When a side
    of the ring holds too little plain paper, none. The reader's light evening
    (`light.even_light`) takes a strip at a time, wider than a hand's soft shadow's edge:
    what it leaves is a slope across the box, not a stroke, and it runs on outside the box,
    where no mark is."""
    ink, scale = params.ink, params.scale
    x, y, w, h = box
    ring_width = ink.around
    ring_at = Pixels(round((x - ring_width) * scale), round((y - ring_width) * scale),
                     round((x + w + ring_width) * scale), round((y + h + ring_width) * scale))
    windows = whole_windows(photo, printed, ring_at, shift)
    if windows is None:
        return []
    seen, expected = windows
    hh, ww = expected.shape
    ring = np.ones((hh, ww), bool)
    inner = round(ring_width * scale)
    ring[inner:hh - inner, inner:ww - inner] = False
    ring &= expected >= params.light.plain
    sides = (ring[:inner], ring[hh - inner:], ring[:, :inner], ring[:, ww - inner:])
    if min(int(np.count_nonzero(side)) for side in sides) < ink.least_spread:
        return []
    ys, xs = np.nonzero(ring)
    values = (expected - seen)[ring].astype(np.float64)
    yy, xx = np.mgrid[at.y0 - ring_at.y0:at.y1 - ring_at.y0, at.x0 - ring_at.x0:at.x1 - ring_at.x0]
    ring_terms, box_terms = _surface_terms(xs, ys, ww, hh), _surface_terms(xx, yy, ww, hh)
    plane = _robust_fit(ring_terms[:, :3], values, ink.shade_kept)
    curved = _robust_fit(ring_terms, values, ink.shade_kept)
    # a lamp's falloff, or a shadow's soft edge that the light's evening bent, is a smooth
    # surface; a shadow's sharper edge is a profile along the plane's slope (`_profile`):
    # the one that follows the ring more closely is laid across the box
    smooth = box_terms @ curved
    fits = [(ring_terms @ curved, smooth, smooth, smooth)]
    slope = plane[1:] / (ww, hh)
    straight = _profile(xs - ww / 2, ys - hh / 2, values, slope, xx - ww / 2, yy - hh / 2, ink)
    if straight is not None:
        fits.append(straight)
    chosen = [min(fits, key=lambda fit: float(np.median(np.abs(values - fit[0]))))]
    turned = []
    turns = np.linspace(-ink.shade_turn, ink.shade_turn, 2 * _TURNS + 1) \
        if ink.shade_turn > 0 else ()
    for k, turn in enumerate(turns):
        if k == _TURNS:   # the slope itself, not turned: the profile above
            profile = straight
        else:
            c, s = math.cos(math.radians(turn)), math.sin(math.radians(turn))
            towards = np.array([c * slope[0] - s * slope[1], s * slope[0] + c * slope[1]])
            profile = _profile(xs - ww / 2, ys - hh / 2, values, towards, xx - ww / 2,
                               yy - hh / 2, ink)
        if profile is not None:
            turned.append(profile)
    if turned:
        chosen.append(min(turned, key=lambda fit: float(np.mean(np.abs(values - fit[0])))))
    # and a fold's crease across the box, along the page's rows or its columns: it follows
    # the ring's paper as the ring is read (its median distance nil)
    for across in (True, False):
        band = _band(photo, printed, box, at, shift, step, params, across)
        if band is not None:
            chosen.append((values, *band))
    lightest, darkest = np.quantile(values, [1 - ink.shade_kept, ink.shade_kept])
    if darkest - lightest >= ink.shade_spread:
        # a shadow's edge or corner through the ring: the box may lie anywhere between
        # the ring's lightest and darkest paper, whatever shape the shade takes
        chosen.append(_spread(values, expected >= params.light.plain, ring, inner,
                              (slice(at.y0 - ring_at.y0, at.y1 - ring_at.y0),
                               slice(at.x0 - ring_at.x0, at.x1 - ring_at.x0)),
                              float(lightest), float(darkest), ink))
    return [Shade(surface.astype(np.float32), float(np.median(values - on_ring)),
                  low.astype(np.float32), high.astype(np.float32))
            for on_ring, surface, low, high in chosen]


#: A fold's crease across a check box (`_band`) is taken for shade only where the paper
#: beyond the box on both its sides, in some row, is darker than this many times the ink's
#: step: a crease's line there reads as ink twice over (0.16 against a step of 0.045 on
#: tuning hard-2987201, whose empty `round-2-fox-escaped` it ticked at 0.99), while the
#: noise and a print's soft edge in the few plain pixels between printed circles reach
#: 0.07 (against 0.043-0.067; tuning 2150006's aid circles, whose light crosses a crease
#: taken at any darkness asked). docs/scan-measurement.md, "A fold's crease across an
#: empty box".
CREASE_STEPS = 2.0


def _band(photo: Floats, printed: Floats, box: Box, at: Pixels, shift: Shift, step: float,
          params: ReaderParams, across: bool) -> tuple[Floats, Floats, Floats] | None:
    """Return the shade of a fold's crease along the page's rows (`across`) or its columns
    across a check box's part read (`at`), its least and most: each row as dark as the plain
    paper beyond the ring on both sides of the box in that row (from `around` to twice it
    away), the lighter of the two, and at least and most as its rows `shade_shift` pixels
    back and on. A sheet is folded along its width or its length, so a crease (a step into
    the fold's shade and a thin dark line along it, which no profile that only darkens
    follows) runs level across a box and on through the paper far on both sides, where a
    pencil's stroke that runs past the box has ended. None where no row is darker than
    `CREASE_STEPS` times the ink's `step` there (the camera's noise, a print's soft edge),
    where a row of the box has no plain paper there on one side, or where the page's edge
    cuts it."""
    ink, scale = params.ink, params.scale
    x, y, w, h = box
    far = 2 * ink.around
    far_at = Pixels(round((x - far) * scale), round((y - far) * scale),
                    round((x + w + far) * scale), round((y + h + far) * scale))
    windows = whole_windows(photo, printed, far_at, shift)
    if windows is None:
        return None
    seen, expected = windows
    dark, plain = expected - seen, expected >= params.light.plain
    if not across:
        dark, plain = dark.T, plain.T
    strip = round(ink.around * scale)
    first, last = ((at.y0 - far_at.y0, at.y1 - far_at.y0) if across else
                   (at.x0 - far_at.x0, at.x1 - far_at.x0))
    rows = []
    for row in range(first, last):
        sides = (dark[row, :strip][plain[row, :strip]],
                 dark[row, -strip:][plain[row, -strip:]])
        if min(side.size for side in sides) == 0:
            return None
        rows.append(min(float(np.median(side)) for side in sides))
    line = np.array(rows, np.float32)
    if float(line.max()) < CREASE_STEPS * step:
        return None
    # the lightest and darkest of the rows `shade_shift` back and on (as the darkest near a
    # pixel is taken elsewhere: an erosion, here along the rows alone)
    laid = np.ones((2 * max(1, round(ink.shade_shift)) + 1, 1), np.uint8)
    length = (at.x1 - at.x0) if across else (at.y1 - at.y0)

    def spread(values: Floats) -> Floats:
        tiled = np.repeat(values, length, 1)
        return tiled if across else np.ascontiguousarray(tiled.T)
    column = line[:, None]
    return spread(column), spread(cv2.erode(column, laid)), spread(cv2.dilate(column, laid))


def _spread(values: NDArray[np.float64], plain: NDArray[np.bool_], ring: NDArray[np.bool_],
            inner: int, box: tuple[slice, slice], lightest: float, darkest: float,
            params: InkParams) -> tuple[NDArray[np.float64], NDArray[np.float64],
                                        NDArray[np.float64], NDArray[np.float64]]:
    """Return the shade of a ring whose paper spreads `shade_spread` or more in darkness, as
    `shade` lays it (on the ring, across the box, its least and most): anywhere between
    the ring's lightest and darkest paper. When the ring's paper `shade_clear` pixels or
    more from the print (`least_spread` pixels of it on each of its sides, `inner` pixels
    wide, at least) spreads less than `shade_spread`, the spread is a blurred print's soft
    edge, which darkens the paper along it in the ring as in the box, and no shadow's: the
    box's pixels as far from the print take that paper's lightest and darkest, and a
    pencil's stroke in the box's middle is not taken for shade."""
    middle = float(np.median(values))
    shape = plain[box].shape
    surface, low, high = (np.full(shape, level) for level in (middle, lightest, darkest))
    if params.shade_clear > 0:
        square = np.ones((2 * params.shade_clear + 1,) * 2, np.uint8)
        clear = cv2.erode(plain.astype(np.uint8), square) > 0
        kept = clear & ring
        sides = (kept[:inner], kept[-inner:], kept[:, :inner], kept[:, -inner:])
        if min(int(np.count_nonzero(side)) for side in sides) >= params.least_spread:
            far = values[kept[ring]]
            far_low, far_high = np.quantile(far, [1 - params.shade_kept, params.shade_kept])
            if far_high - far_low < params.shade_spread:
                inside = clear[box]
                surface[inside], low[inside], high[inside] = \
                    float(np.median(far)), far_low, far_high
    return np.full(values.shape, middle), surface, low, high


#: How many directions are tried on either side of the plane's slope (`shade_turn`).
_TURNS = 4


def _surface_terms(xs: NDArray[Any], ys: NDArray[Any], width: int,
                   height: int) -> NDArray[np.float64]:
    """Return a quadratic surface's terms at pixels of a window (its middle 0, its sides
    half a unit away): 1, u, v, u², uv, v²."""
    u, v = (xs - width / 2) / width, (ys - height / 2) / height
    return np.stack([np.ones_like(u), u, v, u * u, u * v, v * v], axis=-1).astype(np.float64)


def _robust_fit(terms: NDArray[np.float64], values: NDArray[np.float64],
                kept: float) -> NDArray[np.float64]:
    """Return the least squares fit of values, fitted again without the darkest (1 - kept)
    against the first fit: ink run into a ring is darker than its paper."""
    coef = np.linalg.lstsq(terms, values, rcond=None)[0]
    left = values - terms @ coef
    keep = left <= np.quantile(left, kept)
    fitted = np.linalg.lstsq(terms[keep], values[keep], rcond=None)[0]
    return np.asarray(fitted, np.float64)


def _step_medians(values: NDArray[np.float64], steps: NDArray[Any]
                  ) -> tuple[NDArray[Any], NDArray[Any], NDArray[np.float64]]:
    """Return each step's key (sorted), its count of values and their median, all at once:
    the values sorted within their steps, the middle one (or the mean of the middle two) of
    each step taken by its place, as `np.median` gives it."""
    order = np.lexsort((values, steps))
    ranked = values[order]
    keys, starts, counts = np.unique(steps[order], return_index=True, return_counts=True)
    return keys, counts, (ranked[starts + (counts - 1) // 2] + ranked[starts + counts // 2]) / 2


def _profile(xs: NDArray[Any], ys: NDArray[Any], values: NDArray[np.float64],
             slope: NDArray[np.float64], bx: NDArray[Any], by: NDArray[Any],
             params: InkParams) -> tuple[NDArray[np.float64], NDArray[np.float64],
                                         NDArray[np.float64], NDArray[np.float64]] | None:
    """Return the ring's darkness taken as a profile along a slope's direction (the median
    of each step of `shade_bin` pixels of it, never lighter further into the shadow), at
    the ring's pixels and at the box's (`bx`, `by`), and at the box's laid `shade_shift`
    pixels back and on: a shadow's edge is sharper in its middle than a plane or a
    quadratic surface. None when the slope is flat."""
    length = math.hypot(float(slope[0]), float(slope[1]))
    if length == 0:
        return None
    towards = slope / length
    along = towards[0] * xs + towards[1] * ys
    steps = np.round(along / params.shade_bin).astype(int)
    keys, counts, medians = _step_medians(values, steps)
    enough = counts >= params.shade_count
    if np.count_nonzero(enough) < 2:
        return None
    at = keys[enough] * params.shade_bin
    level = np.maximum.accumulate(medians[enough])
    inside = towards[0] * bx + towards[1] * by
    # the profile never lightens along its direction: laid `shade_shift` pixels either way,
    # it is at its lightest and darkest at the two ends
    return (np.interp(along, at, level), np.interp(inside, at, level),
            np.interp(inside - params.shade_shift, at, level),
            np.interp(inside + params.shade_shift, at, level))


#: A darkness no pixel reaches, either way: the print's pixels, left out of an opening.
_FAR = 1e3


def soft_cells(lay: Layout, inks: Mapping[str, Ink], steps: Mapping[str, float],
               step: float, shares: Mapping[str, float], params: InkParams) -> frozenset[str]:
    """Return the trail cells read marked (their share at the high mark or more) whose ink
    is a shade of their own rather than a pen's: wider than any stroke (under `soft_kept`
    of its darkness narrower than `soft_width` pixels), with no stroke's sharp edge (its
    steepest slopes under `soft_edge` steps a pixel) and ending inside the box
    (`soft_paper` of its paper left plain). `inks`: each box's darkness, its background
    taken off; `steps`: the ink step of each box's fill (`step` where none is given)."""
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (params.soft_width,) * 2)
    soft = set()
    for name in lay.map.cells:
        if name not in inks or shares.get(name, 0.0) < params.high["tick"]:
            continue
        dark, clear, _near = inks[name]
        at = steps.get(name, step)
        inked = clear & (dark > at)
        total = float(dark[inked].sum())
        if total <= 0 or float(np.mean(dark[clear] < at / 2)) < params.soft_paper:
            continue
        # the darkness opened by the disc, the box's print left out of both passes: what
        # remains of it is the ink no wider than the disc
        worn = cv2.erode(np.where(clear, dark, np.float32(_FAR)).astype(np.float32), disc)
        opened = cv2.dilate(np.where(clear, worn, np.float32(-_FAR)).astype(np.float32), disc)
        narrow = np.clip(dark - np.clip(opened, 0, None), 0, None)
        if float(narrow[inked].sum()) < params.soft_kept * total and \
                _steepest(dark, clear) < params.soft_edge * at:
            soft.add(name)
    return frozenset(soft)


def _steepest(dark: Floats, clear: NDArray[np.bool_]) -> float:
    """Return how steeply a box's darkness rises at its steepest, a pixel on (its slope's
    95th percentile, the darkness smoothed by a Gaussian of a pixel), over its paper two
    pixels or more from its print: a stroke's edge rises as sharply as the camera draws
    the print's, a shade's over many pixels."""
    inner = cv2.erode(clear.astype(np.uint8), np.ones((5, 5), np.uint8)).astype(bool)
    if not inner.any():
        return 0.0
    smooth = cv2.GaussianBlur(np.where(clear, dark, 0).astype(np.float32), (0, 0), 1.0)
    slope = np.hypot(cv2.Sobel(smooth, cv2.CV_32F, 1, 0, ksize=3),
                     cv2.Sobel(smooth, cv2.CV_32F, 0, 1, ksize=3)) / 8
    return float(np.quantile(slope[inner], 0.95))


def _ran_on(dark: Floats | None) -> Shade | None:
    """Return a box's own darkness that runs on across the page (`runs_on`) as its shade:
    all of it explained."""
    return None if dark is None else Shade(dark, 0.0, dark, dark)
