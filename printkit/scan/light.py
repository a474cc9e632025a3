"""The photo in grey levels, whether it can show a sheet, and its light made even.

The first room of the reader: the photo decoded (`image.grey`), refused when too small, too
dark, blurred past reading or of a bare surface; and, once flattened to the page, its light
divided out so that plain paper reads 1.0 as it does on the blank sheet.
"""

from __future__ import annotations

import itertools
from typing import Any, NamedTuple

import cv2
import numpy as np
from numpy.typing import NDArray

from printkit.message import Said, tr
from printkit.scan.image import ScanError, grey
from printkit.scan.params import LightParams, PhotoParams

Gray = NDArray[Any]  # grey levels, 0-255 (OpenCV types its results loosely)
Floats = NDArray[Any]


def decode(data: bytes, name: Said, params: PhotoParams) -> Gray:
    """Return the photo in grey levels, turned as its EXIF orientation says (`image.grey`:
    its size checked from its header before it is decoded)."""
    image = grey(data, name)
    if image.shape[0] < params.min_side or image.shape[1] < params.min_side:
        raise ScanError(tr("{photo} is {width} × {height} pixels: too small to read a sheet "
                           "from (take the photo at full size)", photo=name,
                           width=image.shape[1], height=image.shape[0]))
    return image


def check_light(gray: Gray, name: Said, params: PhotoParams) -> None:
    """Raise ScanError when the photo is too dark to read: even its lightest part (the paper,
    however small in the frame) is dark."""
    if _lightest(gray, params) < params.too_dark:
        raise too_dark(name)


def too_dark(name: Said) -> ScanError:
    return ScanError(tr("{photo} is too dark to read: take the photo in more light",
                        photo=name))


def _small(gray: Gray, width: int) -> Gray:
    return cv2.resize(gray, (width, max(1, width * gray.shape[0] // gray.shape[1])),
                      interpolation=cv2.INTER_AREA)


def _lightest(gray: Gray, params: PhotoParams) -> float:
    """Return how light the photo's lightest part is (its `dark_rank` percentile, shrunk)."""
    return float(np.percentile(_small(gray, params.dark_width), params.dark_rank))


def dim(gray: Gray, params: PhotoParams) -> bool:
    """Return whether the photo's light is too poor for its markers: its lightest part (the
    paper) reads darker than `dim` grey levels, where a camera's noise hides the markers'
    bits."""
    return _lightest(gray, params) < params.dim


class Outline(NamedTuple):
    """A light, sheet-shaped region of the photo (shrunk): its corners' box (x, y, w, h, in
    the photo's pixels) and its long side's share of the frame's."""

    box: tuple[int, int, int, int]
    share: float


def paper_outline(gray: Gray, params: PhotoParams) -> Outline | None:
    """Return the sheet's outline where the photo shows one: the largest region lighter than
    the rest (Otsu's threshold on the photo shrunk) by `outline_contrast` at least, about as
    long for its width as a page seen at a slant (`page_shapes`), filling most of the
    rectangle around it; None when no region looks so (a wall, a sheet on a white table)."""
    side = max(gray.shape)
    k = min(1.0, params.outline_side / side)
    small = cv2.GaussianBlur(_small(gray, max(1, round(gray.shape[1] * k))), (0, 0), 1.5)
    _t, light = cv2.threshold(small, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    close = max(3, round(params.outline_close * max(small.shape)))
    light = cv2.morphologyEx(light, cv2.MORPH_CLOSE, np.ones((close, close), np.uint8))
    count, labels, stats, _c = cv2.connectedComponentsWithStats(light)
    if count < 2:
        return None
    best = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    area = float(stats[best, cv2.CC_STAT_AREA])
    if area >= params.outline_most * small.size:
        return None   # the whole frame is light: a wall, or a sheet filling it
    inside = labels == best
    if float(np.median(small[inside])) < \
            params.outline_contrast * max(1.0, float(np.median(small[~inside]))):
        return None   # a light part of a wall or a table, not paper on it
    points = np.argwhere(inside)[:, ::-1].astype(np.float32)
    (_cx, _cy), (w, h), _angle = cv2.minAreaRect(points)
    if min(w, h) <= 0 or area < params.outline_fill * w * h or \
            max(w, h) / min(w, h) not in params.page_shapes:
        return None
    x, y, bw, bh = cv2.boundingRect(points)
    return Outline((round(x / k), round(y / k), round(bw / k), round(bh / k)),
                   max(w, h) / max(small.shape))


def shows_print(gray: Gray, params: PhotoParams) -> bool:
    """Return whether some part of the photo shows print on paper: thin strokes at most half
    as light as the paper beside them (`print_ratio`), covering between `print_least` and
    `print_most` of a square a tenth of the frame wide (a sheet's text and boxes cover
    5-25 % of it; a wall's grain, a table's wood, a cloth's weave are not so dark beside
    their light, and noise is dark everywhere)."""
    side = max(gray.shape)
    k = min(1.0, params.print_side / side)
    small = _small(gray, max(1, round(gray.shape[1] * k))).astype(np.float32)
    paper = cv2.dilate(small, np.ones((5, 5), np.uint8))
    lit = paper > params.print_lit * float(np.percentile(paper, params.dark_rank))
    strokes = ((small < params.print_ratio * paper) & lit).astype(np.float32)
    window = max(3, round(max(small.shape) / 10))
    density = cv2.boxFilter(strokes, -1, (window, window))
    inside = (density >= params.print_least) & (density <= params.print_most)
    return bool(np.any(inside & lit))


def glare(gray: Gray, params: PhotoParams, where: tuple[int, int, int, int] | None = None) -> bool:
    """Return whether a lamp's reflection hides part of the sheet: a patch of the photo
    (within `where`, x, y, w, h) at the sensor's white (`glare_white`), larger than
    `glare_area` of it, where the paper around reads clearly darker (its median under
    `glare_paper` of the white), and no print shows through it (`glare_print`): print under
    it is washed out."""
    part = gray if where is None else gray[max(0, where[1]):where[1] + where[3],
                                           max(0, where[0]):where[0] + where[2]]
    if not part.size:
        return False
    small = _small(part, min(params.outline_side, part.shape[1]))
    white = small >= params.glare_white
    count, labels, stats, _c = cv2.connectedComponentsWithStats(white.astype(np.uint8))
    if count < 2:
        return False
    best = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    if float(stats[best, cv2.CC_STAT_AREA]) < params.glare_area * small.size:
        return False
    # the patch with the print inside it: a reflection washes it out, a lamp's light on the
    # paper leaves it dark
    patch = (labels == best).astype(np.uint8)
    outer, _h = cv2.findContours(patch, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    cv2.drawContours(patch, outer, -1, 1, cv2.FILLED)
    if float(np.mean(small[patch.astype(bool)] < params.glare_white / 2)) >= params.glare_print:
        return False
    # the paper elsewhere (neither the patch nor print): exposed to the white itself, no
    # patch of it stands out
    rest = small[(labels != best) & (small > params.glare_white / 2)]
    return bool(rest.size) and float(np.median(rest)) <= params.glare_paper * params.glare_white


def featureless(gray: Gray, params: PhotoParams) -> bool:
    """Return whether the photo shows nothing but an even surface (a wall, a table): no edge
    stands out even at a coarse scale, where a blurred sheet's print and outline still do."""
    side, coarse = max(gray.shape), params.featureless_side
    small = cv2.resize(gray, None, fx=coarse / side, fy=coarse / side,
                       interpolation=cv2.INTER_AREA) if side > coarse else gray
    small = small.astype(np.float32)
    edges = cv2.magnitude(cv2.Sobel(small, cv2.CV_32F, 1, 0), cv2.Sobel(small, cv2.CV_32F, 0, 1))
    return float(np.percentile(edges, params.featureless_rank)) < params.featureless


def blurred(gray: Gray, params: PhotoParams) -> bool:
    """Return whether the photo is too blurred for its markers to be found."""
    side, coarse = max(gray.shape), params.blur_side
    small = cv2.resize(gray, None, fx=coarse / side, fy=coarse / side,
                       interpolation=cv2.INTER_AREA) if side > coarse else gray
    return float(cv2.Laplacian(small, cv2.CV_64F).var()) < params.blurred


def normalised(gray: Gray, params: LightParams) -> Floats:
    """Return the page with its paper made 1.0 everywhere: the light's gradient and shadows
    divided out (the paper is what is lightest around each place)."""
    k = params.paper_shrink
    small = cv2.resize(gray, None, fx=k, fy=k, interpolation=cv2.INTER_AREA)
    paper = cv2.dilate(small, np.ones((params.paper_window, params.paper_window), np.uint8))
    paper = cv2.GaussianBlur(paper, (0, 0), params.paper_sigma)
    paper = cv2.resize(paper, (gray.shape[1], gray.shape[0]), interpolation=cv2.INTER_LINEAR)
    return np.clip(gray.astype(np.float32) / np.maximum(paper.astype(np.float32), 1.0), 0, 1)


def even_light(photo: Floats, paper: Floats, params: LightParams) -> Floats:
    """Return the normalised photo with its plain paper made 1.0 along every row and column.

    What `normalised` leaves of the light changes across a fold's crease in a step a few
    points wide (one side catches the light, the other is in its shade), too sharp for a
    smooth estimate: the paper's tone is taken again per row, in strips across the page, and
    then per column, in strips down it, and divided out. A strip's tone is a light rank
    (`even_rank`) of its pixels where the blank sheet prints nothing within three pixels, so
    that crosses and scribbles along a row do not darken it, and a strip is outvoted by its
    two neighbours. The page's plain paper is then made 1.0, as on the blank."""
    square = np.ones((params.plain_square, params.plain_square), np.uint8)
    plain = cv2.erode(paper, square) >= params.plain
    rows = _evened(photo, plain, params)
    out = _evened(rows.T, plain.T, params).T   # then the columns
    # the paper's noise is kept both ways: ink is told from it by its spread
    level = paper_level(out, plain, params)
    return np.clip(out / level, 0, params.lightest).astype(np.float32)


def _evened(values: Floats, mask: NDArray[Any], params: LightParams) -> Floats:
    """Return the lines (rows) of `values` each divided by its paper's tone, strip by strip,
    the tone taken where `mask` says the blank prints nothing."""
    lines, length = values.shape
    strips = max(1, round(length / params.even_strip))
    edges = np.linspace(0, length, strips + 1).astype(int)
    tone = np.ones((lines, strips), np.float32)
    for k, (a, b) in enumerate(itertools.pairwise(edges)):
        # a line at a time (a crease's dark line is a few pixels wide)
        stacked = np.sort(np.where(mask[:, a:b], values[:, a:b], np.inf), axis=1)
        counts = np.count_nonzero(np.isfinite(stacked), axis=1)
        known = np.flatnonzero(counts >= params.even_count)
        if known.size < lines // params.even_known:
            continue
        level = stacked[known, (counts[known] * params.even_rank).astype(int)]
        tone[:, k] = np.interp(np.arange(lines), known, level)
    if strips >= 3:   # a strip of a row of boxes all scribbled is outvoted by its two
        padded = np.concatenate([tone[:, :1], tone, tone[:, -1:]], axis=1)
        tone = np.median(np.stack([padded[:, :-2], padded[:, 1:-1], padded[:, 2:]]), axis=0)
    tone /= float(np.median(tone))
    across = cv2.resize(tone, (length, lines), interpolation=cv2.INTER_LINEAR)
    evened: Floats = values / np.maximum(across, params.least_tone)
    return evened


def paper_level(photo: Floats, plain: NDArray[Any], params: LightParams) -> float:
    """Return the median tone of the photo's plain paper (1.0 on the blank sheet)."""
    stride = params.level_stride
    values = photo[::stride, ::stride][plain[::stride, ::stride]]
    return float(np.median(values)) if values.size else 1.0
