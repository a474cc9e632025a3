"""Knowing a sheet by its look, when its code cannot be read.

The markers say the layout and, by where they lie, the paper. What is left to know is the map,
the mode and the language: the photo, flattened to the page, is compared with the blank
sheets of the classic map in each language and mode, drawn by the same code that printed
them. A player's ink only darkens the paper, so what tells the sheets apart is what a
candidate prints and the photo does not show: the printed text of the wrong language or
mode falls on paper. The candidate that misses least is kept only when every other misses
clearly more where the two differ, and when nowhere on the page it misses much (a seeded
variant's board, another map, prints what no classic sheet does); else the photo is
refused as before.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np
from numpy.typing import NDArray

from printkit.draw.paper import PAPERS
from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.games.fox_rabbit.board import rules_digest
from printkit.games.fox_rabbit.template import load_map
from printkit.language import LANGUAGES
from printkit.products.fox_rabbit.scan_marks import page_anchors
from printkit.scan import reader
from printkit.scan.layout import Box, Layout, blank_image, layout, map_label

Floats = NDArray[Any]

#: The map a sheet is told by its look: a seeded variant's board cannot be drawn without its
#: seed, which only the code carries.
MAP = "classic"
#: Where the blank sheet is darker than this (0-1), it prints something.
INKED = 0.55
#: The share of its blank's darkness (scaled by the photo's contrast, measured on all print)
#: a printed pixel must show in the photo to count as shown.
SHOWN = 0.4
#: The side of the square (points) each part of the page is laid on the photo by: a curled
#: sheet moves its boxes a few points from where the markers put them.
TILE = 36.0
#: The boxes within this many points of a square say how it is moved (the nearest ones when
#: none is).
NEAR = 60.0
#: How much more of what another candidate prints (and the kept one does not) the photo must
#: show as paper than of what the kept one prints (and the other not): 0-1.
MARGIN = 0.35
#: The least number of pixels two candidates must differ by for their comparison to count.
DIFFER = 60
#: The most of the map's printed name the photo may show as paper; how far after it (points)
#: the photo must show paper, as the blank does, and the most of it that may be dark.
LABEL_MISSING = 0.35
AFTER = 30.0
AFTER_INKED = 0.05
#: How much more of its print (a share) the photo must lack of every other language's blank
#: than of the one kept, and how many times as much.
LANGUAGE_MARGIN = 0.04
LANGUAGE_RATIO = 1.5
#: How many times better than the other paper's the paper kept must fit the markers.
PAPER_RATIO = 2.5


@dataclass(frozen=True)
class Seen:
    """The photo flattened to the page and laid, square by square, on a blank sheet: how
    light it is near each pixel (0 dark, 1 paper), and how much darker than paper it must
    be for the blank's print at each pixel to count as shown."""

    dark: Floats
    shown: Floats
    contrast: float

    @property
    def light(self) -> Floats:
        """Where the photo shows paper."""
        return (1.0 - self.dark) < self.shown


def identify(gray: reader.Gray, found: dict[int, Floats], version: int) -> sf.SheetCode | None:
    """Return the sheet the photo shows, told by its look, or None when no candidate is
    clearly it."""
    paper = paper_of(found)
    if paper is None:
        return None
    anchors = page_anchors(PAPERS[paper])
    matrix, _error = reader.fit(anchors, found)
    width, height = PAPERS[paper].width, PAPERS[paper].height
    photo = reader.normalised(reader.flatten(gray, matrix, width, height, reader.SCALE))
    game_map = load_map(MAP)
    seen: dict[tuple[str, str], tuple[Seen, Floats]] = {}

    def candidate(mode: str, lang: str) -> tuple[Seen, Floats]:
        if (mode, lang) not in seen:
            blank = reader.normalised(np.asarray(
                blank_image(MAP, mode, paper, lang, reader.SCALE, version)))
            seen[mode, lang] = (_laid(photo, blank, layout(MAP, mode, paper, lang, version)),
                                blank)
        return seen[mode, lang]

    first = next(iter(game_map.modes))
    lang = _language({lang: candidate(first, lang) for lang in LANGUAGES})
    # the map's name first (a variant's sheet is refused before its modes are drawn)
    if lang is None or not _shows_map(*candidate(first, lang),
                                      map_label(MAP, first, paper, lang, version)):
        return None
    mode = _best({mode: candidate(mode, lang) for mode in game_map.modes})
    if mode is None:
        return None
    return sf.SheetCode(MAP, mode, rules_digest(game_map).lower()[:sf.CODE_DIGEST], paper,
                        lang)


def paper_of(found: dict[int, Floats]) -> str | None:
    """Return the paper whose marker places fit the markers found clearly best.

    The homography through the markers' corners tells the papers apart when the sheet lies
    flat (the markers' own squares are bent on the wrong paper's); a curled sheet bends
    them too, and then a similarity (turn, scale, move), which keeps the page's proportions
    (letter's markers lie 9 % wider for their height than A4's), tells them apart."""
    for error in (_homography_error, _similarity_error):
        errors = sorted((error(page_anchors(paper), found), paper.id)
                        for paper in PAPERS.values())
        if len(errors) == 1 or errors[1][0] >= PAPER_RATIO * errors[0][0]:
            return errors[0][1]
    return None


def _homography_error(anchors: dict[str, Box], found: dict[int, Floats]) -> float:
    return reader.fit(anchors, found)[1]


def _similarity_error(anchors: dict[str, Box], found: dict[int, Floats]) -> float:
    src, dst = reader._marker_points(anchors, found)
    affine, _mask = cv2.estimateAffinePartial2D(dst, src, method=cv2.LMEDS)
    if affine is None:
        return float("inf")
    mapped = cv2.transform(dst.reshape(-1, 1, 2), affine).reshape(-1, 2)
    side = float(np.sqrt(abs(np.linalg.det(affine[:, :2]))))   # pixels a point
    return float(np.sqrt(np.mean(np.sum((mapped - src) ** 2, axis=1)))) / side


def _laid(photo: Floats, reference: Floats, lay: Layout) -> Seen:
    """Return the photo's darkness laid on the page, the darkest within a pixel: each TILE
    square moved as the printed boxes near it are moved in the photo (a curled sheet's
    boxes lie a few points from where the markers put them). The boxes are the same on
    every classic sheet, whatever its language or mode; its words are not, and are not
    matched."""
    where, shifts = reader.sure_moves(photo, reference, lay, reader.SCALE)
    where = where.astype(np.float32)
    dark = cv2.erode(photo, np.ones((3, 3), np.uint8))
    out = np.ones_like(dark)
    h, w = photo.shape
    side = round(TILE * reader.SCALE)
    for y0 in range(0, h, side):
        for x0 in range(0, w, side):
            y1, x1 = min(h, y0 + side), min(w, x0 + side)
            dx = dy = 0
            if len(where):
                centre = np.array([(x0 + x1) / 2, (y0 + y1) / 2]) / reader.SCALE
                far = np.linalg.norm(where - centre, axis=1)
                near = far <= max(NEAR, float(far.min()) + TILE / 2)
                dx, dy = (int(v) for v in np.rint(np.median(shifts[near], axis=0)))
            sy0, sy1 = max(0, y0 + dy), min(h, y1 + dy)
            sx0, sx1 = max(0, x0 + dx), min(w, x1 + dx)
            out[sy0 - dy:sy1 - dy, sx0 - dx:sx1 - dx] = dark[sy0:sy1, sx0:sx1]
    inked = reference < INKED
    contrast = float(np.median((1.0 - out[inked]) / (1.0 - reference[inked]))) \
        if np.any(inked) else 1.0
    return Seen(out, (1.0 - reference) * contrast * SHOWN, contrast)


def _best(candidates: dict[str, tuple[Seen, Floats]]) -> str | None:
    """Return the candidate the photo shows, when every other one prints clearly more of
    what the photo (laid on that candidate) shows as paper where the two differ, by MARGIN;
    else None."""
    printed = {name: blank < INKED for name, (_seen, blank) in candidates.items()}
    light = {name: seen.light for name, (seen, _blank) in candidates.items()}
    grown = {name: cv2.dilate(p.astype(np.uint8), np.ones((5, 5), np.uint8)) > 0
             for name, p in printed.items()}

    def lost(a: str, b: str) -> float | None:
        """The share of what a prints, and b not, that the photo shows as paper."""
        only = printed[a] & ~grown[b]
        count = np.count_nonzero(only)
        return float(np.count_nonzero(only & light[a])) / count if count >= DIFFER else None

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
    return best if margins[best] >= MARGIN else None


def _language(candidates: dict[str, tuple[Seen, Floats]]) -> str | None:
    """Return the language whose blank sheet's print the photo (laid on each) shows best,
    by LANGUAGE_MARGIN of its print at least; else None.

    Each language lays its words out anew, and its boxes a little apart: the photo is laid
    on each candidate's own boxes, and what each prints is judged whole."""
    missing = sorted((float(np.count_nonzero(seen.light & (blank < INKED))) /
                      max(1, int(np.count_nonzero(blank < INKED))), lang)
                     for lang, (seen, blank) in candidates.items())
    if len(missing) > 1 and (missing[1][0] - missing[0][0] < LANGUAGE_MARGIN or
                             missing[1][0] < LANGUAGE_RATIO * missing[0][0]):
        return None
    return missing[0][1]


def _shows_map(seen: Seen, blank: Floats, label: Box | None) -> bool:
    """Return whether the photo shows the map's name as the blank prints it (`map:
    classic`), and nothing printed after it: a seeded variant prints a longer name there
    (`map: variant-17`), and its own board."""
    if label is None:
        return False
    x, y, w, h = (round(v * reader.SCALE) for v in label)
    region = (slice(y - 2, y + h + 2), slice(x - 2, x + w + 2))
    printed = blank[region] < INKED
    count = np.count_nonzero(printed)
    if not count or np.count_nonzero(printed & seen.light[region]) > LABEL_MISSING * count:
        return False
    after = (slice(y, y + h), slice(x + w + 4, x + w + round(AFTER * reader.SCALE)))
    paper = blank[after] > 0.9
    inked = (1.0 - seen.dark[after]) > SHOWN * seen.contrast
    return bool(np.count_nonzero(paper & inked) <=
                AFTER_INKED * max(1, int(np.count_nonzero(paper))))
