"""The handwriting in one written field: its ink, the lines it is written on, and the pieces
a reader puts glyphs together from.

A field's ink is what the photo shows darker than its paper where the blank sheet prints
nothing: the print (a circle's ring and colour letter, the writing lines, a box's outline)
is left out and the strokes across it are drawn again from the ink on either side
(inpainted), so that a digit written across a writing line stays one glyph. The ink is
split into connected strokes, the strokes into lines of writing (an endgame attempt has two),
and a line into pieces ordered left to right: a stroke, a few strokes one above the other
(an `i` and its dot, a `;`), or part of a wide stroke cut where little ink joins two glyphs
(`10` written in one go). `glyph_image` draws any run of pieces as one glyph, in the shape the
model reads (`glyphs.py`); `spelling.py` chooses the runs.

No rule of the game here, and no model: only where the ink is.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np
from numpy.typing import NDArray

from printkit.scan.cuts import wide_cuts
from printkit.scan.edge import RULE_LONG, holding, long_parts, off_edge, off_rules
from printkit.scan.ink_join import join_step
from printkit.scan.layout import Box
from printkit.scan.loops import closes_loop
from printkit.scan.rows import SMALLER, bridged, grouped, smaller_lines, writing_line
from printkit.scan.seen_ink import robust_spread, seen_ink

Floats = NDArray[Any]
Labels = NDArray[Any]

#: The paper around a field read with it, in points: a stroke a little past the box is
#: still the value's.
MARGIN = 2.5
#: A pixel of the blank darker than this (of 255) is dark print: ink cannot be told there,
#: nor two pixels around it (a print laid a pixel off, blurred); it is drawn again from the
#: ink on either side. Over lighter print
#: (a tint, a circle's inner ring) ink is what is darker than the print a pixel around.
PRINT = 140
#: The least darkness of a stroke, whatever the page's noise (a share of the paper's white).
LEAST_INK = 0.07
#: A stroke's pixels are those darker than this share of the field's darkest ink (and than
#: the noise), grown to those half as dark that touch them.
INK_SHARE = 0.42
#: A light pencil's strokes, read when a page in light pencil shows a field's ink too faint
#: for LEAST_INK (`field_ink`'s `faint`): the ink is smoothed over this much of a point (the
#: camera's noise falls, a stroke half a point wide stays), a stroke's least darkness is
#: this floor, FAINT_STEPS times the field's noise over its paper's median, and strokes
#: shorter and narrower than FAINT_TALL of a writing line (the paper's grain, a shadow's
#: blotch) are left out. On generator 2's light pencil tuning photos (2270000-2270049;
#: docs/scan-measurement.md, "A light pencil's written values"), of the 85 numbers written
#: in fields the photo asked, the ink's likeliest reading was the number for 16 before, 37
#: so; the floor at 0.02 or 0.03, the smoothing at 0.35 or 0.7 of a point, FAINT_TALL at
#: 0.2 or 0.4 read 34-38 of them; fainter floors find ink in more empty fields.
FAINT_SMOOTH = 0.5
FAINT_LEAST = 0.025
FAINT_STEPS = 4.0
FAINT_TALL = 0.3
#: A glyph drawn for the model: the side of its square, the sides of the model's grids
#: (the UCI digits' and a finer one), and the width its strokes are drawn at, in the
#: square's pixels (the width of the UCI digits'
#: strokes at 32 x 32: `docs/scan.md`, "The written values").
SQUARE = 32
GRID = 8
FINE = 16
STROKE = 4.0
#: Two digits written in one stroke (a `10`, an `11` whose flags touch) may be one piece
#: under 0.75 of its line's height wide: the reader (`field_ink`'s `joined`) cuts a piece
#: this wide at its thinnest columns wherever they lie (a 0's sides are as thin as the
#: join), JOINED_END of the height from its ends at least. On the pens and home prints'
#: tuning photos (docs/scan-measurement.md, "A score box read empty, and a copy's lost
#: pen") 0.45-0.55 read 613 of 678 values right, 0.65 611, 0.75 608 (main 589).
JOINED_WIDE = 0.55
#: A run cut from a wider stroke has its loop judged with this share of a glyph's height of
#: the ink past each cut (`_loop_mask`); 0: on its own ink.
LOOP_CUT = 0.15
#: A stroke as tall as two lines of writing, cut in two, is cut again this many times at
#: most while a part is still so tall (`_cut_tall`: three lines of small writing joined).
CUT_AGAIN = 2


@dataclass(frozen=True)
class Piece:
    """A part of a line of writing: the strokes in it (their labels) and the columns it
    takes of them (a wide stroke cut in two gives two pieces of the same stroke)."""

    labels: tuple[int, ...]
    x0: int
    x1: int
    y0: int
    y1: int


@dataclass(frozen=True)
class Line:
    """A line of writing: its pieces, left to right, and the height of its capitals and
    digits (pixels), which a glyph's size is told against."""

    pieces: tuple[Piece, ...]
    height: float
    middle: float


@dataclass(frozen=True)
class FieldInk:
    """A written field's ink (0 paper, 1 black), its strokes labelled (0 none), its lines."""

    ink: Floats
    labels: Labels
    lines: tuple[Line, ...]
    threshold: float
    #: read as a light pencil's faint strokes (`field_ink`'s `faint`)
    faint: bool = False

    @property
    def empty(self) -> bool:
        return not any(line.pieces for line in self.lines)


def crop(image: NDArray[Any], box: Box, scale: float, margin: float) -> NDArray[Any]:
    """Return the pixels of `image` (scale pixels a point) over a box and `margin` points
    around it, white past the page's edge."""
    x, y, w, h = box
    x0, y0 = round((x - margin) * scale), round((y - margin) * scale)
    # as wide and tall wherever the box lies: a photo's crop and the blank's match
    x1, y1 = x0 + round((w + 2 * margin) * scale), y0 + round((h + 2 * margin) * scale)
    out = np.full((y1 - y0, x1 - x0), 255, np.uint8)
    sy0, sx0 = max(0, y0), max(0, x0)
    sy1, sx1 = min(image.shape[0], y1), min(image.shape[1], x1)
    if sy1 > sy0 and sx1 > sx0:
        out[sy0 - y0:sy1 - y0, sx0 - x0:sx1 - x0] = image[sy0:sy1, sx0:sx1]
    return out


def field_ink(photo: NDArray[Any], blank: NDArray[Any], lines: int, scale: float,
              faint: bool = False, edge: bool = False, joined: bool = False,
              fainter: bool = False) -> FieldInk:
    """Return the ink of a written field from its crop of the flattened photo and the same
    crop of the blank sheet (grey, 0-255, the field and MARGIN points around it), written on
    `lines` lines (1 or 2); `faint`: as a light pencil's strokes, each pixel of them hardly
    darker than the camera's noise (see FAINT_SMOOTH); `edge`: the print's edge left out
    (`edge.off_edge`), and `joined`: two glyphs in one stroke cut apart (`JOINED_WIDE`) and
    a straight rule along the field left out (`edge.RULE_LONG`), as the reader does;
    `fainter`: faint strokes over `ink_join.FAINT_JOIN` of the step kept beside one over it (read
    as first read, where the step is `LEAST_INK`, those over `ink_join.INK_JOIN` of it). The
    glyph model's training reads its fields without these (bench/train_glyphs.py)."""
    found = seen_ink(photo, blank, scale, PRINT)
    ink, printed, clear, noise = found.ink, found.printed, found.clear, found.noise
    if faint:
        ink = cv2.GaussianBlur(ink, (0, 0), FAINT_SMOOTH * scale)
        clear = ink[~printed]
        noise = robust_spread(clear)
    darkest = float(np.quantile(clear, 0.995)) if clear.size else 0.0
    noise_step, share_step = 4.0 * noise, INK_SHARE * darkest
    if faint:
        usual = float(np.median(clear)) if clear.size else 0.0
        threshold = max(FAINT_LEAST, FAINT_STEPS * noise + usual, share_step)
    else:
        threshold = max(LEAST_INK, noise_step, share_step)
    split = writing_line(blank) if lines > 1 else None
    # the field's height inside its margin (pixels), over its lines: a writing line's
    written = photo.shape[0] - 2 * MARGIN * scale
    if joined and split is not None:   # glyphs written across the printed line, whole
        ink = bridged(ink, blank, printed, split, threshold, written / lines)

    def kept(strong: float) -> Labels:
        labels = _strokes(ink, threshold, strong)
        if joined:
            labels = off_rules(labels, round(RULE_LONG * written / lines))
        if edge:
            labels = off_edge(labels, blank < PRINT, scale)
        labels = _inside(labels, round(MARGIN * scale))
        if faint:   # each stroke an 8-connected part of the ink as tall or wide as FAINT_TALL
            labels = labels * long_parts(labels > 0, FAINT_TALL * written / lines)
        return labels
    labels = kept(threshold)
    under = join_step(faint, threshold, LEAST_INK, noise_step, share_step)
    if fainter and under is not None and labels.any():
        labels = kept(under)
    if split is not None:
        labels = _cut_tall(labels, split, written / lines if joined else None)
    return FieldInk(ink, labels, _lines(labels, joined, joined and split is not None,
                                        joined and lines == 1),
                    threshold, faint)


def _strokes(ink: Floats, threshold: float, strong_at: float | None = None) -> Labels:
    """Return the strokes of the ink, labelled: pixels past `threshold` (or `strong_at`),
    with the fainter ones (past half of `threshold`) that touch them, less specks."""
    strong = (ink > (threshold if strong_at is None else strong_at)).astype(np.uint8)
    weak = (ink > threshold / 2).astype(np.uint8)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(weak, connectivity=8)
    keep = np.zeros(count, bool)
    hits = np.bincount(labels[strong > 0], minlength=count)
    keep[1:] = (hits[1:] > 0) & (stats[1:, cv2.CC_STAT_AREA] >= 3)
    # numbered again from 1 in the order of their labels, as `np.unique`'s inverse numbers
    # them (which sorted every pixel): 0 for none, the first kept label 1 where any is none
    number = np.cumsum(keep) - (0 if (~keep[labels]).any() else 1)
    number[~keep] = 0
    out: Labels = number[labels].astype(np.int32)
    return out


def _inside(labels: Labels, margin: int) -> Labels:
    """Return the strokes whose middle is in the field, not in the margin around it (a
    neighbour's mark, the camera's noise at the edge)."""
    h, w = labels.shape
    out = labels.copy()
    for s in strokes_of(labels):
        cx, cy = (s.x0 + s.x1) / 2, (s.y0 + s.y1) / 2
        if not (margin <= cx <= w - margin and margin <= cy <= h - margin):
            out[out == s.label] = 0
    return out


@dataclass(frozen=True)
class _Stroke:
    label: int
    x0: int
    x1: int
    y0: int
    y1: int

    @property
    def height(self) -> int:
        return self.y1 - self.y0

    @property
    def width(self) -> int:
        return self.x1 - self.x0


def strokes_of(labels: Labels) -> list[_Stroke]:
    """Return each stroke's box (pixels), by label."""
    ys, xs = np.nonzero(labels > 0)
    if not ys.size:
        return []
    ls = labels[ys, xs]
    # each label's pixels together, its box their least and most (not a pass over them all
    # for each label)
    order = np.argsort(ls, kind="stable")
    ls, xs, ys = ls[order], xs[order], ys[order]
    starts = np.flatnonzero(np.r_[True, ls[1:] != ls[:-1]])
    return [_Stroke(*box) for box in zip(
        ls[starts].tolist(), np.minimum.reduceat(xs, starts).tolist(),
        (np.maximum.reduceat(xs, starts) + 1).tolist(), np.minimum.reduceat(ys, starts).tolist(),
        (np.maximum.reduceat(ys, starts) + 1).tolist())]


def _typical(found: list[_Stroke], rank: float = 0.75) -> float:
    """Return the height of a line's capitals and digits: a high rank (the upper quartile)
    of the heights of its strokes that are not dots or dashes."""
    tallest = max(s.height for s in found)
    heights = sorted(s.height for s in found if s.height >= 0.4 * tallest)
    return float(heights[int(len(heights) * rank)])


def _cut_tall(labels: Labels, row: int, tallest: float | None = None) -> Labels:
    """Return the strokes with any as tall as two lines of writing cut in two: at the
    printed writing line (`row`) where it crosses it, else where it is thinnest around its
    middle (a letter's leg that met the next line's tall letter). Where a line's height so
    told is more than a writing line's (`tallest`, the reader's) and most strokes do not
    cross the printed line (a hand that writes small, on three lines, its tallest strokes
    joining them; not a big hand's one line across it; strokes a quarter of a writing line
    tall at least, counted and counting, not a shadow's specks, the line's print a pixel off,
    a `;`'s dot or a minus), it is told from those, and a part still as tall is cut again,
    `CUT_AGAIN` times at most."""
    found = strokes_of(labels)
    if len(found) < 2:
        return labels
    typical = _typical(found, 0.5)
    again = 0
    if tallest is not None and typical > tallest:
        sized = [s for s in found if 4 * s.height >= tallest]
        alone = [s for s in sized if not s.y0 < row < s.y1 - 1]
        if len(alone) >= 2 and 2 * len(alone) > len(sized):
            typical, again = _typical(alone, 0.5), CUT_AGAIN
    out = labels.copy()
    for _ in range(1 + again):
        tall = [s for s in strokes_of(out) if s.height >= 1.5 * typical]
        top = int(out.max())
        for s in tall:
            if s.y0 + 0.25 * s.height < row < s.y1 - 0.25 * s.height:
                at = row
            else:
                part = out[s.y0:s.y1, s.x0:s.x1] == s.label
                widths = part.sum(axis=1)
                lo, hi = s.height // 4, s.height - s.height // 4
                at = s.y0 + lo + int(np.argmin(widths[lo:hi]))
            top += 1
            part = out[at:s.y1, s.x0:s.x1]
            part[part == s.label] = top
    return out


def _lines(labels: Labels, joined: bool = False, several: bool = False, stems: bool = False
           ) -> tuple[Line, ...]:
    """Return the lines of writing of a field: its tall strokes grouped by where they stand
    (those that overlap in height by half are on one line), a small one (a dot, a dash, a
    glyph's foot cut off by the print) with the line whose stroke above or below it is
    nearest; each line's pieces left to right. On a field of several writing lines
    (`several`, as the reader reads it), strokes shorter than the tall ones that stand on no
    line of theirs make a line of their own (`rows.smaller_lines`: a line written smaller);
    `stems`: a number's wide stroke also cut beside a 1's stem (`cuts.JOINED_STEM`)."""
    found = strokes_of(labels)
    if not found:
        return ()
    typical = _typical(found)
    tall = [s for s in found if s.height >= 0.8 * typical]
    groups = grouped(tall, [])
    if several:   # a line written smaller than the others' is a line of its own
        smaller = [s for s in found if SMALLER * typical <= s.height < 0.8 * typical]
        more = smaller_lines(smaller, groups)
        groups += more
        tall += [s for g in more for s in g]
    groups.sort(key=lambda g: min(t.y0 for t in g))
    for s in found:
        if s not in tall:
            groups[_nearest_line(groups, s, typical)].append(s)
    out = []
    for g in groups:
        height = _typical(g)
        top, bottom = min(s.y0 for s in g), max(s.y1 for s in g)
        out.append(Line(tuple(_pieces(labels, g, height, joined, stems)), height,
                        (top + bottom) / 2))
    return tuple(out)


def _nearest_line(groups: list[list[_Stroke]], s: _Stroke, typical: float) -> int:
    """Return the line a small stroke belongs to: the one whose strokes near it (within a
    glyph and a half) stand around its middle, or else come nearest it."""
    middle, centre = (s.y0 + s.y1) / 2, (s.x0 + s.x1) / 2

    def distance(g: list[_Stroke]) -> float:
        near = [t for t in g if abs((t.x0 + t.x1) / 2 - centre) <= 1.5 * typical] or g
        top, bottom = min(t.y0 for t in near), max(t.y1 for t in near)
        return max(top - middle, middle - bottom, 0.0) + abs((top + bottom) / 2 - middle) / 8

    return min(range(len(groups)), key=lambda k: distance(groups[k]))


def _pieces(labels: Labels, strokes: list[_Stroke], height: float, joined: bool = False,
            stems: bool = False) -> list[Piece]:
    """Return a line's pieces, left to right: strokes one above the other joined (an `i`
    and its dot), a stroke wider than a glyph cut where least ink joins its parts."""
    atoms: list[list[_Stroke]] = []
    for s in sorted(strokes, key=lambda s: s.x0):
        for atom in atoms:
            x0, x1 = min(t.x0 for t in atom), max(t.x1 for t in atom)
            overlap = min(x1, s.x1) - max(x0, s.x0)
            if overlap >= 0.5 * min(s.width, x1 - x0) and \
                    (min(s.height, max(t.y1 for t in atom) - min(t.y0 for t in atom))
                     < 0.55 * height or overlap >= 0.8 * min(s.width, x1 - x0)):
                atom.append(s)
                break
        else:
            atoms.append([s])
    out: list[Piece] = []
    for atom in sorted(atoms, key=lambda a: min(t.x0 for t in a)):
        ids = tuple(sorted(t.label for t in atom))
        x0, x1 = min(t.x0 for t in atom), max(t.x1 for t in atom)
        y0, y1 = min(t.y0 for t in atom), max(t.y1 for t in atom)
        cuts = wide_cuts(labels, ids, x0, x1, y0, y1, height, joined, stems) \
            if x1 - x0 > (JOINED_WIDE if joined else 0.75) * height else []
        edges = [x0, *cuts, x1]
        for a, b in itertools.pairwise(edges):
            out.append(Piece(ids, a, b, y0, y1))
    return out


@dataclass(frozen=True)
class GlyphShape:
    """A run of pieces drawn as one glyph: its grids (the glyph laid in a square, its ink
    counted in GRID x GRID blocks as the UCI digits are, and in FINE x FINE ones), and how
    it sits on its line (its width for its height, its height and middle for the line's)."""

    grid: Floats
    fine: Floats
    aspect: float
    size: float
    rise: float
    #: its ink, cut to it: whether it encloses paper (`loops`) is asked of a number's
    #: glyphs alone, so it is found when asked
    mask: NDArray[np.bool_] | None = field(default=None, repr=False, compare=False)

    def loops(self) -> bool:
        """Return whether its ink encloses paper (`loops.closes_loop`): a 0, 6, 8 or 9 may
        be drawn so (True where its ink is not kept)."""
        return self.mask is None or closes_loop(self.mask)

    def features(self) -> Floats:
        """Return the model's input: the grids, then the three measures, made near 0-1."""
        extra = np.array([np.log(max(self.aspect, 0.05)), np.log(max(self.size, 0.05)),
                          self.rise], np.float32)
        return np.concatenate([self.grid.ravel().astype(np.float32),
                               self.fine.ravel().astype(np.float32), extra])


def glyph_image(found: FieldInk, line: Line, first: int, last: int) -> GlyphShape | None:
    """Return the pieces `first` to `last` (included) of a line drawn as one glyph, or None
    when they hold no ink."""
    _x0, y0, mask = run_mask(found, line, first, last)
    if not mask.any():
        return None
    ys, xs = np.nonzero(mask)
    top, bottom = int(ys.min()), int(ys.max()) + 1
    left, right = int(xs.min()), int(xs.max()) + 1
    mask = mask[top:bottom, left:right]
    h, w = mask.shape
    middle = y0 + (top + bottom) / 2
    square = glyph_square(mask)
    return GlyphShape(blocks(square, GRID), blocks(square, FINE), w / h, h / line.height,
                      (middle - line.middle) / line.height,
                      _loop_mask(found, line, first, last, mask) if LOOP_CUT > 0 else mask)


def _loop_mask(found: FieldInk, line: Line, first: int, last: int, own: NDArray[np.bool_]
               ) -> NDArray[np.bool_]:
    """Return the ink a run's loop is judged on (`GlyphShape.loops`): its own (`own`, cut to
    it, as `glyph_image` drew it), and where a side of it is a cut through a stroke (a piece
    of the same stroke beside it), the `LOOP_CUT` of a glyph's height of ink past the cut (a
    0's side cut off with a 1's stem it touched)."""
    pieces = line.pieces
    run = pieces[first:last + 1]
    # the run's box, as `run_mask` takes it: two strokes of a line may overlap in columns
    # (a line's pieces go atom by atom), so its last piece may end left of its first's start
    left, right = min(p.x0 for p in run), max(p.x1 for p in run)
    x0, x1 = left, right
    reach = max(1, round(LOOP_CUT * line.height))
    ids = set(pieces[first].labels) | set(pieces[last].labels)
    if first > 0 and pieces[first - 1].x1 == pieces[first].x0 == x0 \
            and ids & set(pieces[first - 1].labels):
        x0 = max(pieces[first - 1].x0, x0 - reach)
    if last + 1 < len(pieces) and pieces[last + 1].x0 == pieces[last].x1 == x1 \
            and ids & set(pieces[last + 1].labels):
        x1 = min(pieces[last + 1].x1, x1 + reach)
    if (x0, x1) == (left, right):   # no side a cut: the run's own ink, drawn once
        return own
    y0, y1 = min(p.y0 for p in run), max(p.y1 for p in run)
    mask = holding(found.labels[y0:y1, x0:x1], tuple(sorted({i for p in run for i in p.labels})))
    ys, xs = np.nonzero(mask)
    return mask[ys.min():ys.max() + 1, xs.min():xs.max() + 1]


def run_mask(found: FieldInk, line: Line, first: int, last: int
             ) -> tuple[int, int, NDArray[np.bool_]]:
    """Return the ink of the pieces `first` to `last` (included) of a line: the left and top
    of the box they take (pixels of the field's crop), and which pixels of it they hold."""
    pieces = line.pieces[first:last + 1]
    ids = tuple(sorted({label for p in pieces for label in p.labels}))
    x0, x1 = min(p.x0 for p in pieces), max(p.x1 for p in pieces)
    y0, y1 = min(p.y0 for p in pieces), max(p.y1 for p in pieces)
    mask = holding(found.labels[y0:y1, x0:x1], ids)
    return x0, y0, mask


def glyph_square(mask: NDArray[Any]) -> NDArray[Any]:
    """Return a glyph's ink (a boolean mask cut to it) laid in a SQUARE-pixel square by its
    longer side, centred, its strokes drawn STROKE pixels wide (0 or 1)."""
    h, w = mask.shape
    scale = (SQUARE - 2) / max(h, w)
    nh, nw = max(1, round(h * scale)), max(1, round(w * scale))
    small = cv2.resize(mask.astype(np.float32), (nw, nh), interpolation=cv2.INTER_AREA)
    square = np.zeros((SQUARE, SQUARE), np.float32)
    top, left = (SQUARE - nh) // 2, (SQUARE - nw) // 2
    square[top:top + nh, left:left + nw] = small
    binary: NDArray[Any] = (square > 0.3).astype(np.uint8)
    width = stroke_width(binary)
    grow = round(STROKE - width)
    if grow > 0:
        binary = cv2.dilate(binary, cv2.getStructuringElement(cv2.MORPH_ELLIPSE,
                                                              (grow + 1, grow + 1)))
    elif grow < 0 and width > STROKE + 1.5:
        thinner = cv2.erode(binary, np.ones((2, 2), np.uint8))
        binary = thinner if thinner.any() else binary
    return binary


def blocks(square: NDArray[Any], side: int) -> Floats:
    """Return the share of ink in each of side x side blocks of a glyph's square."""
    block = SQUARE // side
    counts = square.reshape(side, block, side, block).sum(axis=(1, 3)).astype(np.float32)
    out: Floats = counts / float(block * block)
    return out


def stroke_width(binary: NDArray[Any]) -> float:
    """Return the width of a glyph's strokes (pixels): twice its area over its outline."""
    area = float(binary.sum())
    if area == 0:
        return 0.0
    contours, _ = cv2.findContours(binary, cv2.RETR_LIST, cv2.CHAIN_APPROX_NONE)
    outline = sum(cv2.arcLength(c, True) for c in contours)
    return 2.0 * area / max(outline, 1.0)
