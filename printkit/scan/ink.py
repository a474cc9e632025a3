"""The ink in one field: how much darker than the blank sheet the photo is there, its
background taken off, the share of its pixels that hold ink, and what that share decides.

Each field is compared with the blank sheet drawn by the same code, at the shift its box was
found at (`page.py`). A printer's grey or a phone's sharpening darkens the print more than
a light pencil darkens paper, so only paper and light tints are measured; a box's
background (a tint, a shadow, an eraser's smudge) is taken off; ink is what stands a step
out of that, the step set per page from its noise (`ink_step`). The page's pass over all its
fields is `fields.py`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any, NamedTuple

import cv2
import numpy as np
from numpy.typing import NDArray

from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.scan.fills import even_fills
from printkit.scan.ink_params import InkParams
from printkit.scan.layout import Box, FieldBox
from printkit.scan.light import Floats
from printkit.scan.page import Shift
from printkit.scan.params import ReaderParams
from printkit.scan.seen_ink import robust_spread


class Pixels(NamedTuple):
    """A window of the flattened page, in whole pixels: from (x0, y0) to (x1, y1), the ends
    left out."""

    x0: int
    y0: int
    x1: int
    y1: int

    def moved(self, shift: Shift) -> Pixels:
        return Pixels(self.x0 + shift.dx, self.y0 + shift.dy, self.x1 + shift.dx,
                      self.y1 + shift.dy)


class Ink(NamedTuple):
    """How much darker than the blank the photo is over a field (`dark`), where that can be
    told (`clear`: away from dark print), and where a blurred print's halo may still darken
    the paper (`near`: ink there must be darker still)."""

    dark: Floats
    clear: NDArray[np.bool_]
    near: NDArray[np.bool_]


class Tone(NamedTuple):
    """A check box's paper as read: how much darker than the blank its paper reads (its
    median), how much darker the paper around it reads, and the blank's fill there."""

    median: float
    around: float
    fill: float


class Darkness(NamedTuple):
    """A field's darkness (its background taken off when it is written), and its tone when it
    is a check box whose background is taken off by the page (`background`)."""

    ink: Ink
    tone: Tone | None


class Decision(NamedTuple):
    """What a share of ink decides: marked or not, how sure (0-1), whether it is asked, and
    the evidence's margin (`margin`: how far the share is from the decision point, in units
    of what the page's empty boxes show)."""

    marked: bool
    confidence: float
    uncertain: bool
    margin: float


def pixels(box: Box, scale: float) -> Pixels:
    """Return the whole pixels a box (points) covers on a page of `scale` pixels a point."""
    x, y, w, h = box
    return Pixels(round(x * scale), round(y * scale), round((x + w) * scale),
                  round((y + h) * scale))


def read_part(fb: FieldBox, params: InkParams) -> Box:
    """Return the part of a field read for ink: inside its printed outline."""
    x, y, w, h = fb.box
    if fb.kind.written and not fb.digits:   # the endgame's writing boxes and the date
        mx = my = params.words_margin
    else:
        mx = max(params.box_margin, w * params.box_share)
        my = max(params.box_margin, h * params.box_share)
    return Box(x + mx, y + my, max(1.0, w - 2 * mx), max(1.0, h - 2 * my))


def window(img: Floats, at: Pixels) -> Floats:
    """Return the part of an image in a window, cut at the image's edges."""
    h, w = img.shape
    return img[max(0, at.y0):min(h, at.y1), max(0, at.x0):min(w, at.x1)]


def whole_windows(photo: Floats, blank: Floats, at: Pixels,
                  shift: Shift) -> tuple[Floats, Floats] | None:
    """Return the photo's window (moved by `shift`) and the blank's at `at`; None when
    either is cut at the page's edge."""
    seen, printed = window(photo, at.moved(shift)), window(blank, at)
    whole = (at.y1 - at.y0, at.x1 - at.x0)
    return (seen, printed) if seen.shape == printed.shape == whole else None


class Opening(NamedTuple):
    """The shapes a written field's darkness is opened by: a disc wider than a stroke, and a
    line longer than one."""

    disc: NDArray[Any]
    line: NDArray[Any]


@cache
def _opening(stroke: int, crease: int) -> Opening:
    return Opening(cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (stroke, stroke)),
                   np.ones((1, crease), np.uint8))


def darker(photo: Floats, printed: Floats, halo: Floats, fb: FieldBox, shift: Shift,
           params: ReaderParams, rect: Box | None = None,
           subpixel: bool = False, warmth: Floats | None = None) -> Darkness:
    """Return how much darker than the blank sheet the photo is in a field, and where that
    can be told: away from what is printed dark.

    A printer's grey or a phone's sharpening darkens a printed letter or line by more than a
    light pencil darkens paper, so the pixels at (or within two pixels of) the blank's dark
    print are left out: only paper and light tints are measured; the pixels a little further
    (`near`, within a blurred line's halo) count as ink only when darker still.

    A written field's background is taken off here. A check box's is taken off by the
    caller (`background`), from its tone returned here: how much darker than the blank its
    paper reads (its median), the paper around it (`around`), and the blank's fill.
    `rect` (points) is the part of the field measured, when not all of it."""
    ink, plain_level = params.ink, params.light.plain
    at = pixels(rect or read_part(fb, ink), params.scale)
    seen = window(photo, at.moved(shift))
    expected = window(printed, at)
    if subpixel and mostly_printed(expected, ink):
        # a box mostly printed (a letter in it): its print is laid to a fraction of a pixel
        seen = _subpixel(photo, printed, seen, at, shift, ink)
    hh, ww = min(seen.shape[0], expected.shape[0]), min(seen.shape[1], expected.shape[1])
    dark = expected[:hh, :ww] - seen[:hh, :ww]
    clear = expected[:hh, :ww] >= ink.printed
    if not fb.kind.written:
        warm = None if warmth is None else window(warmth, at)[:hh, :ww]
        dark = even_fills(dark, expected[:hh, :ww], clear, ink, warm)
    # a written field's box is crossed by light printed lines to write on: a line the
    # photo puts a pixel or two off is no writing either
    near = window(halo, at)[:hh, :ww] < (plain_level if fb.kind.written else ink.printed)
    measured = dark[clear]
    if measured.size < ink.least_pixels:
        return Darkness(Ink(dark, clear, near), None)
    background_ = float(np.median(measured))
    if fb.kind.written:
        # a written field's box is wide, and a shadow's edge can cross it: its background
        # is the darkness with every stroke narrower than `stroke` taken away (an opening);
        # a thin printed line, even a light one, would pass for a stroke: only the blank's
        # plain paper is measured
        paper = np.where(clear, dark, np.float32(background_)).astype(np.float32)
        clear = expected[:hh, :ww] >= plain_level
        # a fold's crease or a shadow's edge across the box is a line longer than any
        # stroke of a number or a die: what an opening along a long line keeps is
        # background too
        disc, line = _opening(ink.stroke, ink.crease)
        opened = np.maximum(cv2.morphologyEx(paper, cv2.MORPH_OPEN, disc),
                            cv2.morphologyEx(paper, cv2.MORPH_OPEN, line))
        strokes = paper - opened
        # an opening of the camera's noise is its lowest values: every pixel stands out of
        # it by some of the noise; the paper's own median of that is taken off too
        plain = strokes[clear]
        lift = float(np.median(plain)) if plain.size >= ink.least_pixels else 0.0
        return Darkness(Ink(strokes - lift, clear, near), None)
    fill = float(np.median(expected[:hh, :ww][clear]))
    return Darkness(Ink(dark, clear, near),
                    Tone(background_, around(photo, printed, fb.box, shift, params), fill))


def mostly_printed(expected: Floats, params: InkParams) -> bool:
    """Return whether a box's window of the blank (as `darker` takes it) leaves less than
    `subpixel_room` of it to read: the box's print is most of it."""
    return bool(np.mean(expected >= params.printed) < params.subpixel_room)


def _subpixel(photo: Floats, printed: Floats, seen: Floats, at: Pixels, shift: Shift,
              params: InkParams) -> Floats:
    """Return the photo's window of a box laid on the blank to a fraction of a pixel.

    A box is shifted by whole pixels, so its print can lie up to half a pixel off the
    blank's; a box whose measurable paper is a thin ring between its outline and a printed
    letter (a reward box) then has the print's soft edge along one side of the ring, and a
    few such pixels are a sure mark there. The best fit of the box's print (with a margin)
    one pixel either way, interpolated (a parabola through the fits), gives the fraction,
    at most half a pixel each way, and the window is sampled there."""
    pad = params.subpixel_pad
    x0, y0, x1, y1 = at
    dx, dy = shift
    height, width = photo.shape
    if x0 - pad + dx - 1 < 0 or y0 - pad + dy - 1 < 0 or x1 + pad + dx + 1 > width or \
            y1 + pad + dy + 1 > height or x0 - pad < 0 or y0 - pad < 0 or \
            x1 + pad > printed.shape[1] or y1 + pad > printed.shape[0]:
        return seen
    template = printed[y0 - pad:y1 + pad, x0 - pad:x1 + pad]
    if float(template.std()) < params.subpixel_spread:
        return seen
    around_ = photo[y0 - pad + dy - 1:y1 + pad + dy + 1, x0 - pad + dx - 1:x1 + pad + dx + 1]
    fits = cv2.matchTemplate(around_, template, cv2.TM_CCOEFF_NORMED)   # 3 x 3

    def vertex(low: float, mid: float, high: float) -> float:
        curve = low - 2 * mid + high
        if curve >= 0:   # no peak between them: the better side, half a pixel
            return 0.5 if high > low else -0.5 if low > high else 0.0
        return float(np.clip(0.5 * (low - high) / curve, -0.5, 0.5))

    fx = vertex(float(fits[1, 0]), float(fits[1, 1]), float(fits[1, 2]))
    fy = vertex(float(fits[0, 1]), float(fits[1, 1]), float(fits[2, 1]))
    if abs(fx) < params.subpixel_off and abs(fy) < params.subpixel_off:
        return seen
    centre = ((x0 + x1 - 1) / 2 + dx + fx, (y0 + y1 - 1) / 2 + dy + fy)
    out: Floats = cv2.getRectSubPix(photo, (x1 - x0, y1 - y0), centre)
    return out


def fill_key(fill: float, params: InkParams) -> int:
    """Return the class of a blank fill's tone: the boxes printed in one colour."""
    return round(fill / params.fill_class)


def print_tones(tones: Iterable[Tone], params: InkParams) -> dict[int, float]:
    """Return, for each fill of the blank sheet that `tone_boxes` boxes or more share, how
    much darker than the paper around them the printer put it: the median over those boxes
    of their paper's darkness less the paper's around them. A few boxes marked, even filled,
    do not move the median; the fill is then compared with the print as it looks, not with
    a guess of what a printer's grey can add."""
    by_fill: dict[int, list[float]] = {}
    for median, around_, fill in tones:
        by_fill.setdefault(fill_key(fill, params), []).append(median - around_)
    return {key: float(np.median(excess)) for key, excess in by_fill.items()
            if len(excess) >= params.tone_boxes}


def background(tone: Tone, fills: dict[int, float], params: InkParams) -> float:
    """Return a check box's background: what its paper reads (its median: a shadow, a fill
    the printer made darker), but no darker than the paper around it plus the tone the
    printer gave its fill and an eraser's smudge. A light pencil filling most of a small
    box is ink, not background; an erased mark is not ink."""
    median, around_, fill = tone
    printer = fills.get(fill_key(fill, params))
    # no more than a printer's grey can add: a colour whose few boxes are all scribbled
    # measures the pencil, not the printer
    allowed = params.tone * (1.0 - fill)
    if printer is not None:
        allowed = min(allowed, max(0.0, printer))
    return min(params.tint, max(-params.tint, min(median, around_ + params.smudge + allowed)))


def around(photo: Floats, printed: Floats, box: Box, shift: Shift,
           params: ReaderParams) -> float:
    """Return how much darker than the blank the paper around a box reads (the median over
    a ring `around` points wide just outside it, where nothing is printed dark)."""
    ink, scale = params.ink, params.scale
    x, y, w, h = box
    ring_width = ink.around
    at = Pixels(round((x - ring_width - 1) * scale), round((y - ring_width - 1) * scale),
                round((x + w + ring_width + 1) * scale), round((y + h + ring_width + 1) * scale))
    seen = window(photo, at.moved(shift))
    expected = window(printed, at)
    hh, ww = min(seen.shape[0], expected.shape[0]), min(seen.shape[1], expected.shape[1])
    ring = np.ones((hh, ww), bool)
    inner = round((ring_width - 0.5) * scale)
    ring[inner:hh - inner, inner:ww - inner] = False
    ring &= expected[:hh, :ww] >= params.light.plain
    values = (expected[:hh, :ww] - seen[:hh, :ww])[ring]
    return float(np.median(values)) if values.size >= ink.least_pixels else ink.tint


def page_noise(inks: Iterable[Ink], params: InkParams, rank: float = 0.5) -> float:
    """Return the page's noise: the spread of the paper inside the boxes (the median, over
    the boxes, of each box's robust deviation: a marked box's ink is an outlier in its own
    box, and a few marked boxes do not move the median); `rank`: another quantile than the
    median over the boxes."""
    spreads = []
    for dark, clear, _near in inks:
        values = dark[clear]
        if values.size >= params.least_spread:
            spreads.append(robust_spread(values))
    return float(np.quantile(spreads, rank)) if spreads else 0.0


def fill_noises(tones: Mapping[str, Tone], inks: Mapping[str, Ink],
                params: InkParams) -> dict[int, float]:
    """Return, for each tinted fill of the blank (darker than `tinted`) that `tone_boxes`
    boxes or more share, the noise its boxes show: the `grain_rank` quantile over them of
    each one's spread (as `page_noise`; the least grainy box, since a box filled or hatched
    by the player is noisy too, and a printer's screen makes every box of its tint so: a
    tint most of whose cells are filled in pencil shows the screen in the others only). A
    dot screen makes a tint's paper grainier than the plain paper's."""
    by_fill: dict[int, list[Ink]] = {}
    for name, tone in tones.items():
        if tone.fill < params.tinted:
            by_fill.setdefault(fill_key(tone.fill, params), []).append(inks[name])
    return {key: page_noise(found, params, params.grain_rank) for key, found in by_fill.items()
            if len(found) >= params.tone_boxes}


def ink_step(noise: float, least: float, params: InkParams) -> float:
    """Return how much darker than the blank a pixel must be to be ink, on a page this
    noisy: `noise_steps` of its noise, never less than `least` nor more than `step_max`."""
    return float(np.clip(params.noise_steps * noise, least, params.step_max))


def measurable(ink: Ink, params: InkParams) -> float:
    """Return how many of a box's pixels its share of ink is counted over: those where ink
    can be told from print (`clear`), `min_clear` of the box at least."""
    return max(float(np.count_nonzero(ink.clear)), ink.dark.size * params.min_clear)


def inked(ink: Ink, step: float, params: InkParams) -> NDArray[np.bool_]:
    """Return a box's pixels that hold ink: darker than the step where ink can be told from
    print (`clear`), than `halo_step` times it within a blurred print's halo (`near`)."""
    dark, clear, near = ink
    return np.asarray((dark > np.where(near, params.halo_step * step, step)) & clear)


def share(ink: Ink, step: float, kind: sf.FieldKind, params: ReaderParams) -> float:
    """Return the share of a box's measurable pixels that hold ink."""
    dark = ink.dark
    if not dark.size:
        return 0.0
    found = inked(ink, step, params.ink)
    room = measurable(ink, params.ink)
    side = round(params.ink.written * params.scale)
    if kind.written and max(dark.shape) > side:
        # a number is as large in a wide box as in a small one: a written field's share is
        # that of the square of `written` points that holds the most ink
        h, w = min(side, dark.shape[0]), min(side, dark.shape[1])
        counts = cv2.boxFilter(found.astype(np.float32), -1, (w, h), normalize=False,
                               borderType=cv2.BORDER_CONSTANT)
        return float(counts.max()) / max(float(w * h) * params.ink.min_clear,
                                         min(room, float(w * h)))
    return float(np.count_nonzero(found)) / room


def decision_point(kind: sf.FieldKind, light: bool, params: InkParams) -> float:
    """Return the share of ink at which a field reads marked: halfway between its low and
    high mark (on a page in light pencil, the fainter low mark)."""
    low = (params.light_low if light else params.low)[kind.ink]
    return (low + params.high[kind.ink]) / 2


def empty_spread(shares: Iterable[float], params: InkParams) -> float:
    """Return what the page's empty boxes show: the `empty_rank` quantile of the shares
    under the decision point (the boxes read empty, of every kind), at least `empty_floor`.
    A clean photo's empty boxes hold no ink pixel at all; a noisy or soft one's, and a light
    pencil page's where faint marks are read empty, hold a few."""
    below = list(shares)
    if not below:
        return params.empty_floor
    return max(params.empty_floor, float(np.quantile(below, params.empty_rank)))


def calibrated(margin: float, marked: bool, light: bool, params: InkParams) -> float:
    """Return the probability that a reading with this margin is right: a logistic,
    1 / (1 + exp(-(a + b ln(1 + margin) + c light))), its coefficients for a box read marked
    (`sure_marked_fit`) and for one read empty (`sure_empty_fit`) fitted on tuning photos
    (bench/fit_confidence.py); `light` is one on a page read as light pencil,
    whose faint strokes and lowered step make both misses and false marks likelier. Never
    under one half (the reading is the likelier one), and cut to three decimals, as
    `printkit scan --json` prints it."""
    a, b, c = params.sure_marked_fit if marked else params.sure_empty_fit
    z = a + b * math.log1p(margin) + c * light
    right = 1.0 / (1.0 + math.exp(-z)) if z > -60 else 0.0
    return max(0.5, math.floor(right * 1000) / 1000)


def decide(share_: float, kind: sf.FieldKind, light: bool, spread: float, marks: float,
           room: float, params: InkParams, own: bool = False) -> Decision:
    """Return whether a field with this share of ink is marked, how sure that is (0-1),
    whether it is uncertain (the player confirms it: between the low and the high mark; on
    a page in light pencil, from a fainter share, `light_low`), and its margin: the share's
    distance from the decision point in units of the page's `spread` (`empty_spread`).

    A box read empty is evidence only on a page that shows its pen: a played sheet holds
    ink in `least_marks` boxes at least, and on a page read with fewer (`marks`: its boxes
    read surely marked, and on a light pencil page those asked for their faint strokes or
    shading, each as `faint_seen` of one: `fields.read_fields`) a pen too faint for the
    camera may have left the others too, so an empty box's margin is taken in that
    proportion; and in a box mostly printed (a trap's
    number, a reward box's letter, an aid's circle) a thin stroke may lie all on the print,
    so its margin is taken in proportion to its `room` (the share of it where ink can be
    told from print). A box on white paper with a print of its own (`own`: a trap's number)
    reads no ink at all when empty, and a tick across its print shows in a few pixels only:
    it is asked from `own_low` and read marked from `own_high`. Another check box read
    marked with a margin of `ask_margin` or more is not asked, whatever its share."""
    low, high = (params.light_low if light else params.low)[kind.ink], params.high[kind.ink]
    point = decision_point(kind, light, params)
    if own:
        low, high = params.own_low, params.own_high
        point = (low + high) / 2
    marked = share_ >= point
    margin = abs(share_ - point) / spread
    # a check box past the decision point by `ask_margin` times what the page's empty boxes
    # show stands out of them: read, at the confidence its margin gives, not asked
    uncertain = low < share_ < high and not (marked and not own and not kind.written and
                                             margin >= params.ask_margin)
    if not marked:
        margin *= min(1.0, marks / params.least_marks) * room
    return Decision(marked, calibrated(margin, marked, light, params), uncertain, margin)


def written_line(photo: Floats, paper: Floats, printed: Floats, halo: Floats, fb: FieldBox,
                 shift: Shift, params: ReaderParams) -> Ink:
    """Return a wide written field's darkness (as `darker`), measured in pieces `segment`
    points wide, each laid on its own writing lines: across a box 100 points wide or more,
    a lens's barrel or a curled sheet bends the lines by more than their halo, and a line a
    few pixels off at one end would read as writing. Each piece is searched up and down
    (`segment_search` pixels) around the field's shift for the rows that best match the
    blank's."""
    x, y, w, h = read_part(fb, params.ink)
    count = max(1, round(w / params.ink.segment))
    pieces = []
    for k in range(count):
        rect = Box(x + w * k / count, y, w / count, h)
        rise = _rows_shift(photo, paper, rect, shift, params)
        pieces.append(darker(photo, printed, halo, fb, Shift(shift.dx, shift.dy + rise),
                             params, rect).ink)
    rows = min(p.dark.shape[0] for p in pieces)
    dark, clear, near = (np.concatenate([p[i][:rows] for p in pieces], axis=1)
                         for i in range(3))
    return Ink(dark, clear, near)


def _rows_shift(photo: Floats, paper: Floats, rect: Box, shift: Shift,
                params: ReaderParams) -> int:
    """Return how many pixels further down (or up, below zero) the photo's rows in `rect`
    best match the blank's: their profiles (each row's mean) compared."""
    x, y, w, h = rect
    scale, pad = params.scale, params.ink.segment_search
    dx, dy = shift
    x0, x1 = round(x * scale), round((x + w) * scale)
    y0, y1 = round(y * scale) - pad, round((y + h) * scale) + pad
    if y0 + dy - pad < 0 or y1 + dy + pad > photo.shape[0] or x0 + dx < 0 or \
            x1 + dx > photo.shape[1] or y0 < 0 or y1 > paper.shape[0]:
        return 0
    blank = paper[y0:y1, x0:x1].mean(axis=1)
    if float(blank.std()) < params.ink.flat_rows:
        return 0
    seen = photo[y0 + dy - pad:y1 + dy + pad, x0 + dx:x1 + dx].mean(axis=1)
    best, rise = -np.inf, 0
    for d in range(-pad, pad + 1):
        part = seen[pad + d:pad + d + blank.size]
        fit = float(np.corrcoef(blank, part)[0, 1]) if float(part.std()) > 0 else -1.0
        if fit > best:
            best, rise = fit, d
    return rise
