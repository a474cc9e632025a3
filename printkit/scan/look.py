"""Knowing a sheet by its look, when its code cannot be read.

The markers say the layout and, by where they lie, the paper. What is left to know is the map,
the mode and the language: the photo, flattened to the page, is compared with the blank
sheets of the classic map in each language and mode, drawn by the same code that printed
them. A player's ink only darkens the paper, so what tells the sheets apart is what a
candidate prints and the photo does not show: the printed text of the wrong language or
mode falls on paper. The candidate that misses least is kept only when every other misses
clearly more where the two differ, and when nowhere on the page it misses much (a seeded
variant's board, another map, prints what no classic sheet does); else the photo is
refused as before. A seeded variant is refused by its map's name and by its trail cells,
whose numbers and colours the classic blank's are not.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import cv2
import numpy as np

from printkit.draw.paper import PAPERS
from printkit.games.fox_rabbit.board import rules_digest
from printkit.games.fox_rabbit.sheet_code import CODE_DIGEST, SheetCode
from printkit.games.fox_rabbit.template import load_map
from printkit.language import LANGUAGES
from printkit.scan.layout import Box, Layout, blank_image, layout, map_label
from printkit.scan.light import Floats, Gray, normalised
from printkit.scan.markers import Quad, anchors_of, fit, paper_of
from printkit.scan.page import flatten, sure_moves
from printkit.scan.params import LookParams, ReaderParams

#: The map a sheet is told by its look: a seeded variant's board cannot be drawn without its
#: seed, which only the code carries.
MAP = "classic"


@dataclass(frozen=True)
class Seen:
    """The photo flattened to the page and laid, square by square, on a blank sheet: how
    light it is near each pixel (0 dark, 1 paper), and how much darker than paper it must
    be for the blank's print at each pixel to count as shown."""

    dark: Floats
    shown: Floats
    contrast: float
    #: How soft the photo's print is against the blank's (a Gaussian's sigma, pixels).
    softness: float

    @property
    def light(self) -> Floats:
        """Where the photo shows paper."""
        return (1.0 - self.dark) < self.shown


class Candidate(NamedTuple):
    """A sheet the photo may show: the photo laid on its blank, its blank (normalised), and
    the rows (pixels, from the top) where the sheets of every mode print alike."""

    seen: Seen
    blank: Floats
    alike: int


def identify(gray: Gray, found: dict[int, Quad], version: int,
             params: ReaderParams) -> SheetCode | None:
    """Return the sheet the photo shows, told by its look, or None when no candidate is
    clearly it."""
    paper = paper_of(found, params.markers, params.page, version)
    if paper is not None:
        return _identify_on(gray, found, version, paper, params)
    # the markers do not tell the papers apart (a curled sheet bends them as the other
    # paper's would): each is tried, the better fitting first; on the wrong one the sheet's
    # print lies off every candidate's and no language is told
    tried = sorted((fit(anchors_of(PAPERS[p], version), found, params.page).error, p)
                   for p in PAPERS)
    for _error, paper in tried:
        code = _identify_on(gray, found, version, paper, params)
        if code is not None:
            return code
    return None


def _identify_on(gray: Gray, found: dict[int, Quad], version: int, paper: str,
                 params: ReaderParams) -> SheetCode | None:
    """Return the sheet the photo shows on `paper`, told by its look, or None."""
    matrix = fit(anchors_of(PAPERS[paper], version), found, params.page).matrix
    width, height = PAPERS[paper].width, PAPERS[paper].height
    photo = normalised(flatten(gray, matrix, width, height, params.scale, params.page),
                       params.light)
    game_map = load_map(MAP)
    look = params.look
    softness: list[float] = []   # the photo's, measured on the first candidate's boxes

    def candidate(mode: str, lang: str) -> Candidate:
        blank = normalised(np.asarray(blank_image(MAP, mode, paper, lang, params.scale,
                                                  version)), params.light)
        lay = layout(MAP, mode, paper, lang, version)
        seen = _laid(photo, blank, lay, params, softness[0] if softness else None)
        softness[:] = [seen.softness]
        return Candidate(seen, blank, _alike(lay, params))

    first = next(iter(game_map.modes))
    by_lang = {lang: candidate(first, lang) for lang in LANGUAGES}
    lang = _language(by_lang, look)
    # the map's name and board first (a variant's sheet is refused before its modes are drawn)
    if lang is None or not _shows_map(by_lang[lang],
                                      map_label(MAP, first, paper, lang, version), params):
        return None
    numbered = {str(cell.id) for trail in game_map.trails for cell in trail.cells
                if cell.spec.value is not None}
    cells = [fb.box for fb in layout(MAP, first, paper, lang, version).fields
             if fb.name in numbered]
    if not _shows_board(by_lang[lang], cells, params):
        return None
    by_mode = {mode: by_lang[lang] if mode == first else candidate(mode, lang)
               for mode in game_map.modes}
    mode = _best(by_mode, look)
    if mode is None:
        return None
    return SheetCode(MAP, mode, rules_digest(game_map).lower()[:CODE_DIGEST], paper, lang)


def _laid(photo: Floats, reference: Floats, lay: Layout, params: ReaderParams,
          softness: float | None = None) -> Seen:
    """Return the photo's darkness laid on the page, the darkest within a pixel: each `tile`
    square moved as the printed boxes near it are moved in the photo (a curled sheet's
    boxes lie a few points from where the markers put them). The boxes are the same on
    every classic sheet, whatever its language or mode; its words are not, and are not
    matched.

    A soft photo (out of focus, or a messaging app's small copy enlarged to the page) spreads
    a thin printed line and lightens it: what the blank prints counts as shown by its own
    darkness blurred as the photo is (`softness`, measured on the boxes when not given)."""
    look, scale = params.look, params.scale
    where, shifts = sure_moves(photo, reference, lay, params)
    where = where.astype(np.float32)
    dark = photo
    out = np.ones_like(dark)
    h, w = photo.shape
    side = round(look.tile * scale)
    squares = [Square(y0, x0, min(h, y0 + side), min(w, x0 + side))
               for y0 in range(0, h, side) for x0 in range(0, w, side)]
    for (y0, x0, y1, x1), (dx, dy) in zip(squares, _moves(squares, where, shifts, params),
                                          strict=True):
        sy0, sy1 = max(0, y0 + dy), min(h, y1 + dy)
        sx0, sx1 = max(0, x0 + dx), min(w, x1 + dx)
        out[sy0 - dy:sy1 - dy, sx0 - dx:sx1 - dx] = dark[sy0:sy1, sx0:sx1]
    if softness is None:
        softness = _softness(out, reference, lay, params)
    soft = reference if softness <= 0 else cv2.GaussianBlur(reference, (0, 0), softness)
    out = cv2.erode(out, np.ones((look.darkest_square, look.darkest_square), np.uint8))
    inked = reference < look.inked
    if not np.any(inked):
        return Seen(out, (1.0 - soft) * look.shown, 1.0, softness)
    contrast = float(np.median((1.0 - out[inked]) / (1.0 - reference[inked])))
    # the print's darkness as the photo shows it: the blank's blurred as the photo is
    shown = float(np.median((1.0 - out[inked]) / np.maximum(1.0 - soft[inked], 1e-3)))
    return Seen(out, (1.0 - soft) * shown * look.shown, contrast, softness)


class Square(NamedTuple):
    """A square of the page laid on the photo by its own move (pixels, y0 and x0 in it)."""

    y0: int
    x0: int
    y1: int
    x1: int


def _moves(squares: list[Square], where: Floats, shifts: Floats,
           params: ReaderParams) -> list[tuple[int, int]]:
    """Return how each square is moved (dx, dy, pixels): the median move of the boxes found
    surely within `near` points of its centre, or of the nearest ones; worked out once for
    the squares that have the same boxes near (most of a page's squares share them with a
    neighbour), no move where no box was found."""
    if not len(where):
        return [(0, 0)] * len(squares)
    look, scale = params.look, params.scale
    centres = np.array([[(x0 + x1) / 2, (y0 + y1) / 2] for y0, x0, y1, x1 in squares]) / scale
    far = np.linalg.norm(where[None, :, :] - centres[:, None, :], axis=2)
    near = far <= np.maximum(look.near, far.min(axis=1) + look.tile / 2)[:, None]
    by_near: dict[bytes, tuple[int, int]] = {}
    moves = []
    for row in near:
        key = row.tobytes()
        if key not in by_near:
            dx, dy = (int(v) for v in np.rint(np.median(shifts[row], axis=0)))
            by_near[key] = (dx, dy)
        moves.append(by_near[key])
    return moves


def _softness(laid: Floats, reference: Floats, lay: Layout, params: ReaderParams) -> float:
    """Return how soft the photo's print is (a Gaussian's sigma, pixels of the page): of
    `LookParams.blurs`, the blur of the blank whose print, scaled to the photo's contrast,
    leaves the least difference with the photo over the boxes (the same on every classic
    sheet; a player's ink in a few of them adds to every blur's difference alike)."""
    pad, scale = params.look.blur_pad, params.scale
    h, w = laid.shape
    crops = []
    for fb in lay.fields:
        x, y, bw, bh = fb.box
        x0, y0 = max(0, round(x * scale) - pad), max(0, round(y * scale) - pad)
        x1, y1 = min(w, round((x + bw) * scale) + pad), min(h, round((y + bh) * scale) + pad)
        if x1 > x0 and y1 > y0:
            crops.append((slice(y0, y1), slice(x0, x1)))
    if not crops:
        return 0.0
    seen = np.concatenate([(1.0 - laid[c]).ravel() for c in crops])
    best, softness = np.inf, 0.0
    for sigma in params.look.blurs:
        model = 1.0 - (reference if sigma <= 0 else cv2.GaussianBlur(reference, (0, 0), sigma))
        drawn = np.concatenate([model[c].ravel() for c in crops])
        contrast = float(drawn @ seen) / max(float(drawn @ drawn), 1e-6)
        left = float(np.sum((seen - contrast * drawn) ** 2))
        if left < best:
            best, softness = left, sigma
    return softness


def _best(candidates: dict[str, Candidate], params: LookParams) -> str | None:
    """Return the candidate the photo shows, when every other one prints clearly more of
    what the photo (laid on that candidate) shows as paper where the two differ, by
    `margin`; else None."""
    printed = {name: blank < params.inked for name, (_seen, blank, _alike) in candidates.items()}
    light = {name: seen.light for name, (seen, _blank, _alike) in candidates.items()}
    square = np.ones((params.grown, params.grown), np.uint8)
    grown = {name: cv2.dilate(p.astype(np.uint8), square) > 0 for name, p in printed.items()}

    def lost(a: str, b: str) -> float | None:
        """The share of what a prints, and b not, that the photo shows as paper."""
        only = printed[a] & ~grown[b]
        count = np.count_nonzero(only)
        return float(np.count_nonzero(only & light[a])) / count \
            if count >= params.differ else None

    margins: dict[str, float] = {}
    for name in candidates:
        worst = 1.0
        for other in candidates:
            if other != name:
                theirs, ours = lost(other, name), lost(name, other)
                if theirs is None:
                    worst = -1.0   # the two cannot be told apart
                    break
                worst = min(worst, theirs - (ours or 0.0))
        margins[name] = worst
    best = max(margins, key=lambda name: margins[name])
    return best if margins[best] >= params.margin else None


def _alike(lay: Layout, params: ReaderParams) -> int:
    """Return the rows (pixels, from the top) that every mode's sheet prints alike: those
    above the block of dice and aids (`LookParams.alike_above`)."""
    rewards = min((f.box.y for f in lay.fields if f.name.startswith("die-")), default=lay.height)
    return round((rewards - params.look.alike_above) * params.scale)


def _language(candidates: dict[str, Candidate], params: LookParams) -> str | None:
    """Return the language whose blank sheet's print the photo (laid on each) shows best,
    by `language_margin` of its print at least; else None.

    Each language lays its words out anew, and its boxes a little apart: the photo is laid
    on each candidate's own boxes, and what each prints above its dice and aids (the
    candidates are all of one mode, which the photo's sheet may not be) is judged whole."""
    def missing_of(seen: Seen, blank: Floats, alike: int) -> float:
        printed = blank[:alike] < params.inked
        return float(np.count_nonzero(seen.light[:alike] & printed)) / \
            max(1, int(np.count_nonzero(printed)))

    missing = sorted((missing_of(*candidate), lang) for lang, candidate in candidates.items())

    def apart(other: tuple[float, str]) -> bool:
        return other[0] - missing[0][0] >= params.language_margin and \
            other[0] >= params.language_ratio * missing[0][0]

    if len(missing) < 2 or all(apart(other) for other in missing[1:]):
        return missing[0][1]
    # two languages that print alike (Spanish and French words run to like lengths, and a
    # soft photo shows little of either's print missing) are told by where they differ
    best, second = (candidates[lang] for _share, lang in missing[:2])
    if all(apart(other) for other in missing[2:]) and \
            _differ(best, second, params) >= params.language_pair_margin:
        return missing[0][1]
    return None


def _differ(ours: Candidate, theirs: Candidate, params: LookParams) -> float:
    """Return how much more of what `theirs` prints (and `ours` not) the photo shows as
    paper than of what `ours` prints (and `theirs` not), above the block of dice and aids
    (0-1); -1 when they differ too little to tell."""
    rows = min(ours.alike, theirs.alike)
    square = np.ones((params.grown, params.grown), np.uint8)
    printed = [c.blank[:rows] < params.inked for c in (ours, theirs)]
    grown = [cv2.dilate(p.astype(np.uint8), square) > 0 for p in printed]
    lost = []
    for k, candidate in enumerate((ours, theirs)):
        only = printed[k] & ~grown[1 - k]
        count = np.count_nonzero(only)
        if count < params.differ:
            return -1.0
        lost.append(float(np.count_nonzero(only & candidate.seen.light[:rows])) / count)
    return lost[1] - lost[0]


def _shows_map(candidate: Candidate, label: Box | None, params: ReaderParams) -> bool:
    """Return whether the photo shows the map's name as the blank prints it (`map:
    classic`), and nothing printed after it: a seeded variant prints a longer name there
    (`map: variant-17`), and its own board.

    The name is looked for where it lies, within `label_reach` points of where the page's
    boxes put it: the title's corner of a curled sheet, or of one seen at a slant through
    three markers, moves apart from the boxes nearest it."""
    if label is None:
        return False
    look, (seen, blank, _alike) = params.look, candidate
    x, y, w, h = (round(v * params.scale) for v in label)
    margin, gap = look.label_margin, look.label_gap
    region = (slice(y - margin, y + h + margin), slice(x - margin, x + w + margin))
    dx, dy = _label_move(seen.dark, blank, region, round(look.label_reach * params.scale))
    printed = blank[region] < look.inked
    count = np.count_nonzero(printed)
    light = seen.light[_moved(region, dx, dy)]
    if not count or np.count_nonzero(printed & light) > look.label_missing * count:
        return False
    after = (slice(y, y + h), slice(x + w + gap, x + w + round(look.after * params.scale)))
    paper = blank[after] > params.light.plain
    inked = (1.0 - seen.dark[_moved(after, dx, dy)]) > look.shown * seen.contrast
    return inked.shape == paper.shape and bool(
        np.count_nonzero(paper & inked) <= look.after_inked * max(1, int(np.count_nonzero(paper))))


def _shows_board(candidate: Candidate, cells: list[Box], params: ReaderParams) -> bool:
    """Return whether the photo shows the classic map's board: what its blank prints inside
    its numbered trail cells (their numbers and colour letters), the photo shows as print,
    all but `board_missing` of it. A seeded variant's cells hold other numbers and colours,
    and its map's name may be as long as `classic`'s in a language (`carte : variante 3`);
    a player's pencil only darkens a cell."""
    look, (seen, blank, _alike) = params.look, candidate
    inset, scale = look.board_inset, params.scale
    inside = np.zeros(blank.shape, bool)
    for x, y, w, h in cells:
        inside[round((y + inset) * scale):round((y + h - inset) * scale),
               round((x + inset) * scale):round((x + w - inset) * scale)] = True
    printed = inside & (blank < look.inked)
    count = np.count_nonzero(printed)
    return bool(count) and \
        bool(np.count_nonzero(printed & seen.light) <= look.board_missing * count)


Region = tuple[slice, slice]


def _moved(region: Region, dx: int, dy: int) -> Region:
    """Return `region` moved by (dx, dy) pixels."""
    rows, cols = region
    return slice(rows.start + dy, rows.stop + dy), slice(cols.start + dx, cols.stop + dx)


def _label_move(dark: Floats, blank: Floats, region: Region, reach: int) -> tuple[int, int]:
    """Return the move (dx, dy, pixels, each within `reach`) that lays the blank's print in
    `region` best on the photo's (normalised correlation); no move where the photo's window
    leaves the page or shows nothing to lay it on."""
    rows, cols = region
    height, width = dark.shape
    if rows.start - reach < 0 or cols.start - reach < 0 or rows.stop + reach > height or \
            cols.stop + reach > width or reach <= 0:
        return 0, 0
    window = dark[rows.start - reach:rows.stop + reach, cols.start - reach:cols.stop + reach]
    template = blank[region]
    if float(np.ptp(window)) <= 0 or float(np.ptp(template)) <= 0:
        return 0, 0
    scores = cv2.matchTemplate(window.astype(np.float32), template.astype(np.float32),
                               cv2.TM_CCOEFF_NORMED)
    _low, _high, _where_low, (bx, by) = cv2.minMaxLoc(scores)
    return int(bx) - reach, int(by) - reach
