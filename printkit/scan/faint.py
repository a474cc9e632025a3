"""A light pencil the camera nearly lost: on a page read in light pencil that does not show
its pen (`fields.read_fields`, fewer than `least_marks` boxes read marked), a box read empty
is asked about when its paper shows a stroke's line or reads darker than its kind (its share
brought to the ask band; `fields.read_fields` then has it lean marked, `faint_lean`). No
pixel of a pencil that keeps a fifth of its darkness stands out of the camera's noise; a
line of them does, and so does a light hatching over a whole box. This evidence only asks:
it never reads a box marked (docs/scan-measurement.md, "Light pencil the camera nearly
lost").
"""

from __future__ import annotations

import math
from collections.abc import Container, Iterable, Mapping, Sequence
from dataclasses import replace
from functools import cache

import cv2
import numpy as np
from numpy.typing import NDArray

from printkit.scan import ink
from printkit.scan.fills import two_fills
from printkit.scan.ink import Ink, Tone
from printkit.scan.ink_params import InkParams
from printkit.scan.layout import FieldBox, Layout
from printkit.scan.light import Floats
from printkit.scan.params import ReaderParams
from printkit.scan.seen_ink import robust_spread


def _faint_ask(name: str, own: Container[str], params: ReaderParams) -> float:
    """Return the share a check box is brought to when a faint mark may be in it: under its
    decision point (a box with a print of its own, `own`: a trap's, has its own), over its
    low mark: asked, leaning empty."""
    p = params.ink
    return p.own_low + (p.own_high - p.own_low) / 4 if name in own else p.ask_share


def ask_darker_than_their_kind(tones: Mapping[str, Tone], own: Container[str],
                               shares: dict[str, float], params: ReaderParams
                               ) -> dict[str, float]:
    """Return the shares with a check box asked about, leaning empty, whose paper reads darker
    than the paper around it by more than the page's other boxes of its fill do: by
    `kind_least` at least and `kind_steps` times the page's spread of that (a robust
    deviation over the boxes), above the `kind_rank` quantile of its fill's boxes (most are
    empty on a played sheet, and a colour's boxes may all be marked). A light pencil's
    hatching or filling darkens a whole box a little, and none of its pixels by a step."""
    p = params.ink
    above = _above_their_kind(tones, p)
    if not above:
        return shares
    spread = robust_spread(np.array(list(above.values())))
    asked = dict(shares)
    for name, value in above.items():
        level = _faint_ask(name, own, params)
        if value >= max(p.kind_least, p.kind_steps * spread) and shares[name] < level:
            asked[name] = level
    return asked


def ask_traps_darker(tones: Mapping[str, Tone], own: Container[str],
                     shares: dict[str, float], params: ReaderParams) -> dict[str, float]:
    """Return the shares with a box that has a print of its own (`own`: a trap, its number
    inside it) asked about, leaning empty, whose paper reads `own_kind` darker than its
    fill's boxes (as `ask_darker_than_their_kind` measures it). A trap's number and its
    halo leave a light pencil's tick or hatching no pixel to be read on, and no line to
    show (`ridges`); the little paper beside the number is darker all over, where an empty
    trap's is not: on generator 2's light pencil tuning photos an empty trap stands 0.002
    at most, the page's spread of that being 0.003-0.008 (docs/scan-measurement.md, "A
    light pencil's traps")."""
    asked = dict(shares)
    for name, value in _above_their_kind(tones, params.ink).items():
        level = _faint_ask(name, own, params)
        if name in own and value >= params.ink.own_kind and shares[name] < level:
            asked[name] = level
    return asked


def darker_on_white(tones: Mapping[str, Tone], params: InkParams) -> frozenset[str]:
    """Return the check boxes on white paper (their fill lighter than `tinted`) whose paper
    reads `shown_kind` darker than their fill's boxes (as `ask_darker_than_their_kind`
    measures it): on a light pencil page that shows its pen, a scribble or filling too
    faint for any of its pixels to pass the light step leaves such a box darker all over,
    and so may an eraser's smudge; read empty, it is not read surely so."""
    return frozenset(name for name, value in _above_their_kind(tones, params).items()
                     if tones[name].fill >= params.tinted and value >= params.shown_kind)


def _above_their_kind(tones: Mapping[str, Tone], p: InkParams) -> dict[str, float]:
    """Return how much darker than the paper around it each check box's paper reads, above
    the `kind_rank` quantile of the same over its fill's boxes (when `tone_boxes` or more
    share it)."""
    by_fill: dict[int, list[str]] = {}
    for name, tone in tones.items():
        by_fill.setdefault(ink.fill_key(tone.fill, p), []).append(name)
    return above_their_group(tones, by_fill.values(), p)


def above_their_group(tones: Mapping[str, Tone], groups: Iterable[Sequence[str]],
                      p: InkParams) -> dict[str, float]:
    """Return how much darker than the paper around it each box of `groups` reads (its
    paper's median less the paper around it), less the `kind_rank` quantile of the same
    over its group; a group of fewer than `tone_boxes` boxes is left out."""
    above: dict[str, float] = {}
    for names in groups:
        if len(names) < p.tone_boxes:
            continue
        excess = {name: tones[name].median - tones[name].around for name in names}
        usual = float(np.quantile(list(excess.values()), p.kind_rank))
        above.update({name: value - usual for name, value in excess.items()})
    return above


def ask_faint_strokes(paper: Floats, printed: Floats, lay: Layout, inks: Mapping[str, Ink],
                      tones: Mapping[str, Tone], own: Container[str],
                      shares: dict[str, float], params: ReaderParams,
                      enlarged: float = 1.0) -> dict[str, float]:
    """Return the shares with a check box or a number's field (a circle, a score) read empty
    asked about, leaning empty, when `ridge_share` of its paper lies on faint strokes
    (`ridges`, against the check boxes' spread of lines): a pencil that keeps a fifth of
    its darkness, broken up by the paper's grain, leaves pixels no darker than the camera's
    noise, in a line. `paper` is the blank's paper, `printed` its print as the boxes are
    measured against it (`ink.darker`); `enlarged`: how many times the page is read larger
    than a coarse copy shows it (`coarse_copy`), its lines sought as long and as far apart
    in the copy's own pixels."""
    asked = dict(shares)
    for name, stroke in stroke_shares(paper, printed, lay, inks, tones, params,
                                      enlarged).items():
        level = _faint_ask(name, own, params)
        if stroke >= params.ink.ridge_share and shares[name] < level:
            asked[name] = level
    return asked


def stroke_shares(paper: Floats, printed: Floats, lay: Layout, inks: Mapping[str, Ink],
                  tones: Mapping[str, Tone], params: ReaderParams, enlarged: float = 1.0
                  ) -> dict[str, float]:
    """Return the share of each check box's and number field's paper that lies on faint
    strokes (`ridges`, `ridge_shares`), as `ask_faint_strokes` weighs it; a box with too
    little paper to tell is left out."""
    p = params.ink
    if enlarged > 1:
        p = replace(p, ridge_length=round(p.ridge_length * enlarged),
                    ridge_flank=round(p.ridge_flank * enlarged))
    found = {fb.name: lines for fb in lay.fields
             if fb.name in tones or (fb.kind.digits and fb.name in inks)
             for lines in (ridges(inks[fb.name], ink.window(
                 paper, ink.pixels(ink.read_part(fb, p), params.scale)), p),)
             if lines is not None}
    # the page's spread of lines is taken over boxes of one fill: a cell printed in two has
    # its darkness levelled by a step the camera's noise sets (`fills.even_fills`), and the
    # step's edge stands out along the lines that cross it
    even = {fb.name for fb in lay.fields if fb.name in tones
            and not _printed_in_two(printed, fb, params)}
    return ridge_shares(found, p, among=even)


def _printed_in_two(printed: Floats, fb: FieldBox, params: ReaderParams) -> bool:
    """Return whether the blank prints a check box's paper in two fills (`fills.two_fills`)."""
    expected = ink.window(printed, ink.pixels(ink.read_part(fb, params.ink), params.scale))
    return two_fills(expected, expected >= params.ink.printed, params.ink) is not None


def _line(side: int, length: int, angle: float, off: float) -> NDArray[np.float32]:
    """Return a kernel `side` pixels square that averages a line `length` pixels long at
    `angle`, `off` pixels beside the kernel's centre."""
    centre = (side - 1) / 2
    cos, sin = math.cos(angle), math.sin(angle)
    drawn = np.zeros((side, side), np.float32)
    for t in np.linspace(-(length - 1) / 2, (length - 1) / 2, 4 * length):
        drawn[round(centre + t * sin + off * cos), round(centre + t * cos - off * sin)] = 1
    out: NDArray[np.float32] = drawn / np.float32(drawn.sum())
    return out


@cache
def _ridge_kernels(length: int, flank: int, angles: int) -> tuple[NDArray[np.float32], ...]:
    """Return, for each of `angles` directions, a kernel that averages a line `length`
    pixels long less the mean of the two parallel lines `flank` pixels either side."""
    side = length + 2 * flank + 2
    return tuple(_line(side, length, math.pi * k / angles, 0) -
                 0.5 * _line(side, length, math.pi * k / angles, flank) -
                 0.5 * _line(side, length, math.pi * k / angles, -flank)
                 for k in range(angles))


def ridges(found: Ink, blank: Floats, params: InkParams) -> Floats | None:
    """Return, over a check box's measurable paper (away from print and its halo, and from
    where the blank's own tone changes: a box printed in two tints), how far each pixel's
    best line stands out of the box's median (`ridge_length`, `ridge_flank`): a faint
    stroke broken up by the paper's grain, each pixel of it lost in the camera's noise,
    shows as a line. None when the box has too little such paper."""
    dark, clear, near = found
    side = 2 * params.ridge_flank + 1
    square = np.ones((side, side), np.uint8)
    shown = blank[:dark.shape[0], :dark.shape[1]]
    if shown.shape != dark.shape:
        return None
    even = cv2.dilate(shown, square) - cv2.erode(shown, square) < params.ridge_even
    mask = clear & ~near & even
    if int(np.count_nonzero(mask)) < params.least_spread:
        return None
    darkness = np.where(mask, dark, np.float32(0)).astype(np.float32)
    best = np.full(darkness.shape, -np.inf, np.float32)
    for kernel in _ridge_kernels(params.ridge_length, params.ridge_flank, params.ridge_angles):
        best = np.maximum(best, cv2.filter2D(darkness, -1, kernel,
                                             borderType=cv2.BORDER_CONSTANT))
    values = best[mask]
    out: Floats = values - np.float32(np.median(values))
    return out


def ridge_shares(found: Mapping[str, Floats], params: InkParams,
                 among: Container[str] | None = None) -> dict[str, float]:
    """Return each box's share of pixels on a stroke: standing out of its median by
    `ridge_steps` times the page's spread of lines (the median over the boxes `among`, all
    when None, of each one's robust deviation; a box's strokes are a minority of its
    pixels)."""
    spreads = [float(np.median(np.abs(v))) * 1.4826 for name, v in found.items()
               if among is None or name in among]
    if not spreads:
        return {}
    spread = float(np.median(spreads))
    if spread <= 0:
        return {}
    return {name: float(np.mean(v > params.ridge_steps * spread)) for name, v in found.items()}
