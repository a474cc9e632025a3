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

    def candidate(mode: str, lang: str) -> Candidate:
        blank = normalised(np.asarray(blank_image(MAP, mode, paper, lang, params.scale,
                                                  version)), params.light)
        lay = layout(MAP, mode, paper, lang, version)
        return Candidate(_laid(photo, blank, lay, params), blank, _alike(lay, params))

    first = next(iter(game_map.modes))
    by_lang = {lang: candidate(first, lang) for lang in LANGUAGES}
    lang = _language(by_lang, look)
    # the map's name first (a variant's sheet is refused before its modes are drawn)
    if lang is None or not _shows_map(by_lang[lang],
                                      map_label(MAP, first, paper, lang, version), params):
        return None
    by_mode = {mode: by_lang[lang] if mode == first else candidate(mode, lang)
               for mode in game_map.modes}
    mode = _best(by_mode, look)
    if mode is None:
        return None
    return SheetCode(MAP, mode, rules_digest(game_map).lower()[:CODE_DIGEST], paper, lang)


def _laid(photo: Floats, reference: Floats, lay: Layout, params: ReaderParams) -> Seen:
    """Return the photo's darkness laid on the page, the darkest within a pixel: each `tile`
    square moved as the printed boxes near it are moved in the photo (a curled sheet's
    boxes lie a few points from where the markers put them). The boxes are the same on
    every classic sheet, whatever its language or mode; its words are not, and are not
    matched."""
    look, scale = params.look, params.scale
    where, shifts = sure_moves(photo, reference, lay, params)
    where = where.astype(np.float32)
    dark = cv2.erode(photo, np.ones((look.darkest_square, look.darkest_square), np.uint8))
    out = np.ones_like(dark)
    h, w = photo.shape
    side = round(look.tile * scale)
    for y0 in range(0, h, side):
        for x0 in range(0, w, side):
            y1, x1 = min(h, y0 + side), min(w, x0 + side)
            dx = dy = 0
            if len(where):
                centre = np.array([(x0 + x1) / 2, (y0 + y1) / 2]) / scale
                far = np.linalg.norm(where - centre, axis=1)
                near = far <= max(look.near, float(far.min()) + look.tile / 2)
                dx, dy = (int(v) for v in np.rint(np.median(shifts[near], axis=0)))
            sy0, sy1 = max(0, y0 + dy), min(h, y1 + dy)
            sx0, sx1 = max(0, x0 + dx), min(w, x1 + dx)
            out[sy0 - dy:sy1 - dy, sx0 - dx:sx1 - dx] = dark[sy0:sy1, sx0:sx1]
    inked = reference < look.inked
    contrast = float(np.median((1.0 - out[inked]) / (1.0 - reference[inked]))) \
        if np.any(inked) else 1.0
    return Seen(out, (1.0 - reference) * contrast * look.shown, contrast)


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
    if len(missing) > 1 and (missing[1][0] - missing[0][0] < params.language_margin or
                             missing[1][0] < params.language_ratio * missing[0][0]):
        return None
    return missing[0][1]


def _shows_map(candidate: Candidate, label: Box | None, params: ReaderParams) -> bool:
    """Return whether the photo shows the map's name as the blank prints it (`map:
    classic`), and nothing printed after it: a seeded variant prints a longer name there
    (`map: variant-17`), and its own board."""
    if label is None:
        return False
    look, (seen, blank, _alike) = params.look, candidate
    x, y, w, h = (round(v * params.scale) for v in label)
    margin, gap = look.label_margin, look.label_gap
    region = (slice(y - margin, y + h + margin), slice(x - margin, x + w + margin))
    printed = blank[region] < look.inked
    count = np.count_nonzero(printed)
    if not count or \
            np.count_nonzero(printed & seen.light[region]) > look.label_missing * count:
        return False
    after = (slice(y, y + h), slice(x + w + gap, x + w + round(look.after * params.scale)))
    paper = blank[after] > params.light.plain
    inked = (1.0 - seen.dark[after]) > look.shown * seen.contrast
    return bool(np.count_nonzero(paper & inked) <=
                look.after_inked * max(1, int(np.count_nonzero(paper))))
