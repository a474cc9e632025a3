"""The sheet's QR code, read from its place: what sheet the photo shows.

The code's place and size are known from the markers, so it is flattened from there and
given to a QR reader (zxing-cpp's, else OpenCV's: `_read_qr`); at a few scales, then, for a
photo too soft for the reader,
module by module: the module grid is laid where it best fits the patterns every code prints
(finders, timing lines, alignment pattern), each module decided with its blurred
neighbours' darkness taken off, the fixed patterns and format bits put back, and the grid
drawn again crisp. A code that cannot be read at all raises `CodeUnreadable`: the sheet may
still be known by its look (`look.py`).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from types import ModuleType
from typing import Any, NamedTuple

import cv2
import numpy as np
from numpy.typing import NDArray

from printkit.draw.paper import PAPERS, Paper
from printkit.games.fox_rabbit.sheet_code import SheetCode, parse_sheet_code
from printkit.message import Said, tr
from printkit.products.fox_rabbit.scan_marks import BORDER
from printkit.scan.image import ScanError
from printkit.scan.layout import Box, blank_image, layout
from printkit.scan.light import Floats, Gray, normalised
from printkit.scan.markers import Quad, anchors_of, fit, paper_of
from printkit.scan.page import flatten, refined
from printkit.scan.params import CodeParams, ReaderParams

#: zxing-cpp's QR reader (`_read_qr`), or None: an install without it reads the codes with
#: OpenCV's.
ZXING: ModuleType | None
try:
    import zxingcpp as _zxingcpp
except ImportError:
    ZXING = None
else:
    ZXING = _zxingcpp

#: The light border a code drawn again for the detector is given, in modules (the standard's
#: four; `scan_marks.BORDER` says what each layout prints).
_QUIET = 4
#: The pixels a module of a code drawn again takes.
_MODULE_PIXELS = 8


class CodeUnreadable(ScanError):
    """A sheet whose code cannot be read (it may still be known by its look)."""


class ModulePlace(NamedTuple):
    """A module of a QR code: its row and column."""

    row: int
    column: int


class CodePlace(NamedTuple):
    """Where a code lies in its flattened crop: its side (points), the paper around it
    (points), the crop's pixels a point, and the light border the sheet prints inside its
    side (modules)."""

    side: float
    pad: float
    scale: float
    border: int


def read_code(gray: Gray, found: dict[int, Quad], name: Said, version: int,
              params: ReaderParams) -> SheetCode:
    """Return what the sheet's QR code says, trying each paper's place for it.

    The code is flattened from where the markers put it. A photo too soft for the QR
    detector is read module by module: the code's place and size are known, so each
    module's centre is sampled, and the grid drawn again crisp for the detector. When that
    fails too, the markers' homography is first corrected by the printed boxes of a
    provisional layout (the classic map's easy sheet on that paper, in the layout
    `version` the markers name: most boxes are where every sheet of it has them), which
    puts the modules' centres where they are.
    """
    placed = [(paper, anchors, fit(anchors, found, params.page).matrix)
              for paper in _likely_papers(found, params, version)
              for anchors in (anchors_of(paper, version),)]
    for _paper, anchors, matrix in placed:
        text = _decode(gray, matrix, anchors["code"], BORDER[version], params)
        if text:
            return _parsed(text, name)
    for paper, anchors, matrix in placed:
        # the picture first: its drawing records the boxes `layout` then takes
        blank = np.asarray(blank_image("classic", "easy", paper.id, "en", params.scale,
                                       version))
        lay = layout("classic", "easy", paper.id, "en", version)
        fitted = refined(gray, matrix, lay, normalised(blank, params.light), params)
        if not fitted.corrected:
            continue   # too few boxes found to correct it: it would read as it just did
        text = _decode(gray, fitted.matrix, anchors["code"], BORDER[version], params)
        if text:
            return _parsed(text, name)
    raise CodeUnreadable(tr("{photo}: the sheet's code (the square by the date) cannot be read; "
                            "take the photo closer, in focus and without glare", photo=name))


def _parsed(text: str, name: Said) -> SheetCode:
    """Return the sheet a code's text names, or raise the ScanError of a code that is no
    printkit sheet's."""
    try:
        return parse_sheet_code(text)
    except ValueError:
        raise ScanError(tr(
            "{photo} is a sheet of another game, or not a printkit sheet of The Fox "
            "and the Rabbit (its code says {code})", photo=name,
            code=repr(text[:40]))) from None


def _likely_papers(found: dict[int, Quad], params: ReaderParams, version: int) -> list[Paper]:
    """Return the papers the sheet may be printed on: the one the markers' places say, when
    they say it clearly (`markers.paper_of`), else every paper."""
    clear = paper_of(found, params.markers, params.page, version)
    return [PAPERS[clear]] if clear else list(PAPERS.values())


def _decode(gray: Gray, matrix: NDArray[Any], box: Box, border: int,
            params: ReaderParams) -> str:
    """Return the text of the QR code in `box` (page points, its printed border of `border`
    modules included), or '' when it cannot be read."""
    code = params.code
    x, y, w, h = box
    place = CodePlace(w, code.pad, code.scale, border)
    pad = place.pad
    crop = flatten(gray, np.array([[1, 0, -(x - pad)], [0, 1, -(y - pad)], [0, 0, 1]])
                   @ matrix, w + 2 * pad, h + 2 * pad, place.scale, params.page)
    # the QR detector finds a soft code's finder patterns at one scale and not at another
    resized = (cv2.resize(crop, None, fx=k, fy=k, interpolation=cv2.INTER_CUBIC)
               for k in code.scales)
    tries = itertools.chain([crop], resized,
                            (_redrawn(crop, n, place, code) for n in code.sizes),
                            _realigned_grids(crop, place, code))
    for img in tries:
        text = _read_qr(img)
        if text:
            return text
    return ""


def _read_qr(image: Gray) -> str:
    """Return the text of the QR code the image shows, or ''.

    zxing-cpp's reader, where it is installed (the `[photo]` extra): on the 217 tuning photos
    whose markers were found it read every code OpenCV's reads, the same text, at the same
    try or an earlier one, and one more; in a twentieth of the CPU (0.37 s against 8.3 s
    over their 1,094 tries, `docs/scan-measurement.md`). Else OpenCV's detector."""
    if ZXING is not None:
        found = ZXING.read_barcodes(image, formats=ZXING.BarcodeFormat.QRCode)
        return next((str(b.text) for b in found if b.text), "")
    try:
        text, _points, _straight = cv2.QRCodeDetector().detectAndDecode(image)
    except cv2.error:  # a contour OpenCV cannot decode from: not this one
        return ""
    return str(text)


def _redrawn(crop: Gray, n: int, place: CodePlace, params: CodeParams) -> Gray:
    """Return an n × n-module code sampled from its flattened place, drawn again crisp."""
    module = place.side / (n + 2 * place.border)
    centres = [round((place.pad + (place.border + i + 0.5) * module) * place.scale)
               for i in range(n)]
    smooth = cv2.blur(crop, (params.sample_blur, params.sample_blur))
    values = smooth[np.ix_(centres, centres)].astype(np.uint8)
    _t, grid = cv2.threshold(values, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    return _crisp(grid)


def _crisp(grid: Gray) -> Gray:
    """Return a grid of modules (0 dark, 255 light) drawn as a QR code with its quiet zone."""
    n = grid.shape[0]
    image = np.full((n + 2 * _QUIET, n + 2 * _QUIET), 255, np.uint8)
    image[_QUIET:-_QUIET, _QUIET:-_QUIET] = grid
    return cv2.resize(image, None, fx=_MODULE_PIXELS, fy=_MODULE_PIXELS,
                      interpolation=cv2.INTER_NEAREST)


def _fixed_modules(n: int) -> Floats:
    """Return what every QR code of n modules prints whatever it says: the three finder
    patterns with their white separators and the two timing lines (1 light, -1 dark, 0 for
    the modules that carry data)."""
    out = np.zeros((n, n), np.float32)
    finder = -np.ones((7, 7), np.float32)
    finder[1:6, 1:6] = 1
    finder[2:5, 2:5] = -1
    for r, c in ((0, 0), (0, n - 7), (n - 7, 0)):
        out[max(0, r - 1):r + 8, max(0, c - 1):c + 8] = 1   # the separator
        out[r:r + 7, c:c + 7] = finder
    timing = np.where(np.arange(8, n - 8) % 2 == 0, -1, 1).astype(np.float32)
    out[6, 8:n - 8] = timing
    out[8:n - 8, 6] = timing
    if n >= 25:   # versions 2 to 4: one alignment pattern, centred 7 modules in from a corner
        c = n - 7
        out[c - 2:c + 3, c - 2:c + 3] = -1
        out[c - 1:c + 2, c - 1:c + 2] = 1
        out[c, c] = -1
    out[n - 8, 8] = -1   # the dark module beside the format
    return out


def _format_places(n: int) -> list[ModulePlace]:
    """Return the places of the 15 format bits (bit 0 first), both copies."""
    first = [(i, 8) for i in range(6)] + [(7, 8), (8, 8), (8, 7)] + \
        [(8, 14 - i) for i in range(9, 15)]
    second = [(8, n - 1 - i) for i in range(8)] + [(n - 15 + i, 8) for i in range(8, 15)]
    return [ModulePlace(r, c) for r, c in first + second]


def _format_bits(mask: int) -> int:
    """Return the 15 format bits of a code of error level M (the sheet's) with `mask`."""
    data = mask          # level M's two bits are 00
    rem = data
    for _ in range(10):
        rem = (rem << 1) ^ ((rem >> 9) * 0x537)
    return (data << 10 | rem) ^ 0x5412


def _repaired(grid: Gray, values: Floats, fixed: Floats) -> Gray:
    """Return the grid with what every code prints put back: finders, timing, alignment,
    and the format bits of the mask the sampled ones are nearest (the error level is M)."""
    out = grid.copy()
    out[fixed < 0] = 0
    out[fixed > 0] = 255
    n = grid.shape[0]
    places = _format_places(n)
    seen = np.array([values[r, c] for r, c in places], np.float32)
    middle = float(np.median(values))
    best = max(range(8), key=lambda mask: float(sum(
        (middle - v) if (_format_bits(mask) >> (i % 15)) & 1 else (v - middle)
        for i, v in enumerate(seen))))
    bits = _format_bits(best)
    for i, (r, c) in enumerate(places):
        out[r, c] = 0 if (bits >> (i % 15)) & 1 else 255
    return out


def _realigned_grids(crop: Gray, place: CodePlace, params: CodeParams) -> Iterator[Gray]:
    """Yield the code's grids realigned (`_realigned`) at each of its possible sizes, the
    crop smoothed and divided by its paper once for all of them (3 ms of CPU a size)."""
    evened = _evened(crop, params)
    for n in params.sizes:
        yield from _realigned(evened, n, place, params)


def _evened(crop: Gray, params: CodeParams) -> Floats:
    """Return the crop smoothed by `grid_blur` and divided by its paper (the lightest within
    `paper_window` pixels, smoothed by `paper_sigma`): what module grids are laid on."""
    smooth = cv2.GaussianBlur(crop, (0, 0), params.grid_blur).astype(np.float32)
    window = np.ones((params.paper_window, params.paper_window), np.uint8)
    paper = cv2.GaussianBlur(cv2.dilate(smooth, window), (0, 0), params.paper_sigma)
    return (smooth / np.maximum(paper, 1.0)).astype(np.float32, copy=False)


def _realigned(smooth: Floats, n: int, place: CodePlace, params: CodeParams) -> Iterator[Gray]:
    """Yield the n-module code sampled on the module grids that best fit its printed finder
    patterns and timing lines, best first, each drawn again crisp.

    A curled or blurred photo puts the code up to a module or so from where the markers'
    homography says: the grid is searched over small shifts and scales, each scored by how
    well the modules every code prints (finders, timing) match, and the data modules are
    then read against the dark and light of those known modules."""
    fixed = _fixed_modules(n)
    known = fixed != 0
    want = fixed[known]
    module = place.side / (n + 2 * place.border) * place.scale
    centre = (place.pad + place.side / 2) * place.scale
    offsets = (np.arange(n) - (n - 1) / 2) * module
    limit = smooth.shape[0] - 1
    scored = []
    for s in params.grid_scales:
        # the modules' rows (or columns) at each shift: the grids of one row shift are taken
        # from the crop at once, one for each column shift
        places = np.stack([np.clip(np.rint(centre + offsets * s + d * module), 0, limit)
                           for d in params.grid_shifts]).astype(int)
        for ys in places:
            grids = smooth[ys][:, places].transpose(1, 0, 2)
            for values, got in zip(grids, grids[:, known], strict=True):
                got = got - got.mean()
                norm = float(np.linalg.norm(got)) or 1.0
                scored.append((float(got @ want) / norm, values))
    scored.sort(key=lambda item: -item[0])
    for _score, values in scored[:params.keep]:
        grid = _modules(values, fixed, params.rounds)
        yield _crisp(grid)
        yield _crisp(_repaired(grid, values, fixed))


def _modules(values: Floats, fixed: Floats, rounds: int) -> Gray:
    """Return which modules are dark (0) or light (255) from the grid's sampled values.

    A blurred photo greys a lone module by its neighbours: each value is modelled as the
    paper's, less a module's own darkness, less a share of its four neighbours' (fitted on
    the grid itself), and each module is decided with its neighbours' darkness taken off."""
    dark = float(np.median(values[fixed < 0]))
    light = float(np.median(values[fixed > 0]))
    marked = (values < (dark + light) / 2).astype(np.float32)
    for _ in range(rounds):
        padded = np.pad(marked, 1)
        near = padded[:-2, 1:-1] + padded[2:, 1:-1] + padded[1:-1, :-2] + padded[1:-1, 2:]
        design = np.stack([np.ones(values.size), marked.ravel(), near.ravel()], axis=1)
        (c, a, b), *_rest = np.linalg.lstsq(design, values.ravel(), rcond=None)
        if a >= 0:   # no contrast left to read
            break
        rest = values - c - b * near
        again = (np.abs(rest - a) < np.abs(rest)).astype(np.float32)
        if np.array_equal(again, marked):
            break
        marked = again
    return np.where(marked > 0, 0, 255).astype(np.uint8)
