"""Ink laid over a print that other boxes share: a tick across a trap's faint number, a ring
inside an aid's circle or along its printed line. `ink.share` leaves a box's print out, since
a print darkens the photo as ink does; what the same print reads in the page's other boxes
(most of them empty, on a played sheet) tells what the print alone makes of the photo there.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import cv2
import numpy as np

from printkit.scan import ink
from printkit.scan.ink import Pixels
from printkit.scan.ink_params import InkParams
from printkit.scan.layout import FieldBox, Layout
from printkit.scan.light import Floats
from printkit.scan.page import Shift
from printkit.scan.params import ReaderParams


class Page(NamedTuple):
    """The flattened page as its fields are read: the photo (its light evened), the blank,
    how dark the blank's print may make the photo near each pixel (`printed`: its darkest a
    pixel or two around, and as a blurred photo spreads it), where a blurred line's halo can
    darken the paper (`halo`), and where each field's box was found."""

    photo: Floats
    paper: Floats
    printed: Floats
    halo: Floats
    shifts: dict[str, Shift]
    #: On a faint print (`faint_print`), the darkest the photo's print may be near each pixel,
    #: as the photo shows the blank's (blurred and at the photo's contrast); else None.
    faint: Floats | None = None
    #: The blank's warmth (`layout.warmth_image`, 0-1), where known: its two colours of a
    #: box that grey alike.
    warmth: Floats | None = None


def ink_on_faint_print(page: Page, boxes: list[FieldBox], inks: dict[str, ink.Ink],
                        step: float, params: ReaderParams) -> dict[str, float]:
    """Return, on a faint print (`Page.faint`), the share of ink each box with a print of its
    own (a trap's number) holds over that print, where `ink.share` leaves the print out: a
    toner-save print shows its number a light grey, and a tick across it darker than the
    page's own such prints show. How much darker than the blank's print at the photo's
    contrast the prints of these boxes show is measured on the page: each box's `faint_rank`
    quantile of it over its print, the `fill_rank` quantile of those over the boxes (most of
    a played sheet's traps are crossed, their ticks across part of the print); a pixel
    darker than that by `halo_step` times the page's step is ink."""
    if page.faint is None:
        return {}
    p = params.ink
    over_print: dict[str, Floats] = {}
    for fb in boxes:
        at = ink.pixels(ink.read_part(fb, p), params.scale)
        windows = ink.whole_windows(page.photo, page.faint, at, page.shifts[fb.name])
        if windows is None:
            continue
        seen, shown = windows
        on_print = ink.window(page.paper, at) < p.printed
        if np.count_nonzero(on_print) >= p.least_pixels:
            over_print[fb.name] = (shown - seen)[on_print]
    if len(over_print) < p.tone_boxes:
        return {}
    level = float(np.quantile([np.quantile(v, p.faint_rank) for v in over_print.values()],
                              p.fill_rank)) + p.halo_step * step
    return {name: float(np.count_nonzero(v > level)) / ink.measurable(inks[name], p)
            for name, v in over_print.items()}


def ink_on_print(page: Page, lay: Layout, inks: dict[str, ink.Ink], step: float,
                  params: ReaderParams) -> tuple[dict[str, float], set[str]]:
    """Return, for each check box whose print `same_boxes` boxes or more share, the share of
    ink found over its print: the pixels a box's share leaves out (at its print) that are
    darker than the same print reads in the page's other boxes (their median, at its
    darkest within `same_square` pixels), by `halo_step` times the page's step, when they
    are the box's low mark at least. A ring drawn inside an aid's circle runs along the
    circle's outline; the same circle in the boxes left empty (most of them, on a played
    sheet) shows what the outline alone makes of the photo there. Also return the boxes
    read so."""
    p = params.ink
    groups: list[tuple[Floats, list[str]]] = []
    seen: dict[str, Floats] = {}
    reach = p.halo // 2   # the blank as far as a box's print and halo are taken from
    for fb in lay.fields:
        if fb.kind.written:
            continue
        at = ink.pixels(ink.read_part(fb, p), params.scale)
        wide = Pixels(at.x0 - reach, at.y0 - reach, at.x1 + reach, at.y1 + reach)
        windows = ink.whole_windows(page.photo, page.paper, wide, page.shifts[fb.name])
        if windows is None:
            continue
        photo, blank = windows
        found = inks[fb.name]
        inside = ink.window(page.photo, at.moved(page.shifts[fb.name]))
        if inside.shape != found.dark.shape:
            continue
        # the background the box's darkness was measured from (a shadow, a tint; not the
        # ink, which a box's own paper would hold): the photo around the box is taken from
        # it too, since a box laid a pixel otherwise than another has its print's edge
        # outside its window
        background = float(np.median(ink.window(page.printed, at) - inside - found.dark))
        seen[fb.name] = -photo - background
        _group(groups, blank, fb.name, p)
    more: dict[str, float] = {}
    square = np.ones((p.same_square, p.same_square), np.uint8)
    level = p.halo_step * step
    for _print, names in groups:
        if len(names) < p.same_boxes:
            continue
        usual = cv2.dilate(np.median(np.stack([seen[name] for name in names]), axis=0)
                           .astype(np.float32), square)[reach:-reach, reach:-reach]
        for name in names:
            found = inks[name]
            dark = seen[name][reach:-reach, reach:-reach]
            if dark.shape != found.dark.shape:
                continue
            # what `ink.share` counts is left to it: the print, and the paper beside it
            over = (dark - usual > level) & ~found.clear
            found_share = float(np.count_nonzero(over)) / ink.measurable(found, p)
            # a pixel or two is the print's own grain; a ring is many
            if found_share >= p.low["tick"]:
                more[name] = found_share
    return more, {name for _print, names in groups if len(names) >= p.same_boxes
                  for name in names}


def rings_along_print(page: Page, lay: Layout, step: float, light: bool,
                      params: ReaderParams) -> tuple[dict[str, float], set[str]]:
    """Return the share a check box with a round outline is brought to when the paper along
    the inside of its print reads darker than the same band in the page's other boxes of that
    print (`same_boxes` or more): a ring the player drew along an aid's printed circle lies on
    the line and within `ring_band` pixels of it, where the print's halo hides each pixel of it
    from the ink step and darkens the line only a little, but it darkens that band all round.

    The band is measured in rings a pixel wide by their distance from the print and in
    `ring_sectors` sectors around the box: each one's mean darkness over the paper around the
    box, less the `ring_rank` quantile of the same in the group (most of the circles may be
    ringed). A box's evidence is, over the rings, the most of the median over its sectors,
    each taken with the sector opposite (a print laid a fraction of a pixel off darkens one
    side and lightens the other): a ring raises every sector, a tick across the band or a
    shadow's edge a few. From `ring_ask` times the page's step the box is asked, leaning
    marked; from `ring_read` times, read marked. Also returned: the boxes that stand
    `ring_doubt` times the step or more, under the ask (an empty one is not sure)."""
    p = params.ink
    reach = p.halo // 2
    bands: dict[str, Floats] = {}
    groups: list[tuple[Floats, list[str]]] = []
    for fb in lay.fields:
        if fb.kind.written:
            continue
        at = ink.pixels(fb.box, params.scale)
        wide = Pixels(at.x0 - reach, at.y0 - reach, at.x1 + reach, at.y1 + reach)
        windows = ink.whole_windows(page.photo, page.paper, wide, page.shifts[fb.name])
        if windows is None:
            continue
        photo, blank = windows
        band = _band_darkness(photo, blank, p)
        if band is None:
            continue
        bands[fb.name] = band
        _group(groups, blank, fb.name, p)
    low, high = (p.light_low if light else p.low)["tick"], p.high["tick"]
    point = (low + high) / 2
    out: dict[str, float] = {}
    doubted = set()
    for name, evidence in _ring_evidence(bands, groups, p).items():
        if evidence >= p.ring_read * step:
            out[name] = high
        elif evidence >= p.ring_ask * step:
            out[name] = point + (high - point) / 4
        elif evidence >= p.ring_doubt * step:
            doubted.add(name)
    return out, doubted


def _ring_evidence(bands: dict[str, Floats], groups: list[tuple[Floats, list[str]]],
                   p: InkParams) -> dict[str, float]:
    """Return each round box's darkness along the inside of its print over its group's
    (`rings_along_print`), where `same_boxes` or more share the print."""
    out: dict[str, float] = {}
    half = p.ring_sectors // 2
    for _print, names in groups:
        if len(names) < p.same_boxes:
            continue
        # a print laid a fraction of a pixel off darkens one side of the band and lightens
        # the other (boxes of one print lie at different fractions of a pixel): each sector
        # is taken with the one opposite before the boxes are compared
        paired = {name: (bands[name][:, :half] + bands[name][:, half:]) / 2 for name in names}
        usual = np.nanquantile(np.stack(list(paired.values())), p.ring_rank, axis=0)
        for name in names:
            over = np.nanmedian(paired[name] - usual, axis=1)
            out[name] = float(np.nanmax(over)) if np.any(np.isfinite(over)) else 0.0
    return out


def _band_darkness(photo: Floats, blank: Floats, p: InkParams) -> Floats | None:
    """Return, for a box whose blank print is a round outline around paper (its inside no
    larger than `round_print` times the disc its deepest point spans: a square's is 4/pi
    of it), the photo's darkness along the inside of the print: by distance from it (a
    pixel each, `ring_band` of them from a pixel off it: the print's anti-aliased edge is
    darker or lighter as the photo lays it) and by sector (`ring_sectors`), over the paper
    around the box; None for another box."""
    printed = blank < p.printed
    free = (~printed).astype(np.uint8)
    _count, parts = cv2.connectedComponents(free, connectivity=4)
    h, w = blank.shape
    part = parts[h // 2, w // 2]
    inside = (parts == part) & ~printed
    if part == 0 or inside[0, :].any() or inside[-1, :].any() or inside[:, 0].any() or \
            inside[:, -1].any():
        return None   # an open print, or none around the box's middle
    distance = cv2.distanceTransform(free, cv2.DIST_L2, 3)
    deepest = float(distance[inside].max())
    if np.count_nonzero(inside) > p.round_print * math.pi * deepest ** 2 or \
            deepest <= p.ring_band:
        return None
    outside = ~inside & ~printed & (distance > 2)
    if np.count_nonzero(outside) < p.least_pixels:
        return None
    dark = blank - photo
    dark = dark - float(np.median(dark[outside]))
    yy, xx = np.mgrid[0:h, 0:w]
    angle = np.arctan2(yy - (h - 1) / 2, xx - (w - 1) / 2)
    sector = ((angle + math.pi) / (2 * math.pi) * p.ring_sectors).astype(int) % p.ring_sectors
    out = np.full((p.ring_band, p.ring_sectors), np.nan, np.float32)
    for d in range(p.ring_band):
        along = inside & (distance > d + 1) & (distance <= d + 2)
        for k in range(p.ring_sectors):
            here = along & (sector == k)
            if np.count_nonzero(here) >= 2:
                out[d, k] = float(np.mean(dark[here]))
    return out


def _group(groups: list[tuple[Floats, list[str]]], blank: Floats, name: str,
           p: InkParams) -> None:
    """Put a box in the group of boxes whose blank print is its own (the same within
    `same_print` everywhere), or in a new group."""
    for print_, names in groups:
        if print_.shape == blank.shape and float(np.max(np.abs(print_ - blank))) <= p.same_print:
            names.append(name)
            return
    groups.append((blank, [name]))
