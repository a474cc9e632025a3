"""A field's print laid where the photo shows it, and its edge told from writing.

The flattened photo puts a field's print within a pixel or two of where the blank sheet
does, and a camera blurs it wider than the blank's: ink along a box's outline read as a
stroke is a `1` beside the digit written (a score of 2 read `12`). `aligned` lays the
photo's crop of a field on the blank's; `off_edge` leaves out what still follows the print.
"""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np
from numpy.typing import NDArray

Labels = NDArray[Any]

#: Ink within EDGE_BAND points of a long print (EDGE_LONG or more: a box's outline, a
#: circle's ring) that runs along it EDGE_LONG points or more, or a stroke with EDGE_SHARE
#: of its pixels within EDGE_BAND of any dark print, is the print's own edge, not writing:
#: an outline laid a pixel or two off where the blank puts it, or blurred wider than the
#: two pixels `strokes.field_ink` leaves out around it, follows the outline, long and thin,
#: where a digit written in the box crosses the band at most. Set from the crops of the
#: score boxes asked on the 34 short easy tuning sheets (the outline's leftovers 1 to 3
#: pixels past the print's, at 2 pixels a point) and checked on them and on every tuning
#: set (docs/scan-measurement.md, "A score box's edge"); a band of 2 points read three of
#: those boxes no better.
EDGE_BAND = 1.5
EDGE_SHARE = 0.6
EDGE_LONG = 6.0
#: How far (points) a field's print may lie from where the page's flattening puts it, each
#: way: the photo's crop is laid where it best matches the blank's within this (`aligned`).
#: A small part of the fix: on the 34 short easy tuning sheets, 1 value asked and 1 key
#: fewer with it than with the edge's cut alone (most crops match best where they are).
REACH = 1.5

#: A straight rule of ink along a field, as long as RULE_LONG of a writing line's height
#: (the field's height over its lines) in one row of pixels at least, is no writing: a
#: box's edge or a shadow's the print does not explain (a light pencil's page, read as
#: faint strokes, darkens it to a bar), which joins every glyph of the line it touches
#: into one stroke, cut at five places at most: an attempt of eight glyphs in six pieces
#: has no reading the rules allow. The reader (`strokes.field_ink`'s `joined`) leaves it out;
#: no glyph's stroke is so long (a `-`, a `->` are a glyph wide).
RULE_LONG = 1.5


def aligned(photo: NDArray[Any], blank: NDArray[Any], reach: int) -> NDArray[Any]:
    """Return the window of `photo` (a crop `reach` pixels wider each way than `blank`'s)
    where it best matches the blank sheet's crop: the print laid where the photo shows it,
    so that ink is told from it pixel for pixel. A blank that prints nothing here, or a
    match no better than the middle's, keeps the middle."""
    h, w = blank.shape
    middle = photo[reach:reach + h, reach:reach + w]
    if float(blank.std()) < 1.0 or photo.shape != (h + 2 * reach, w + 2 * reach):
        return middle
    fit = cv2.matchTemplate(photo.astype(np.float32), blank.astype(np.float32),
                            cv2.TM_CCOEFF_NORMED)
    _, best, _, (x, y) = cv2.minMaxLoc(fit)
    if not best > float(fit[reach, reach]):
        return middle
    return photo[y:y + h, x:x + w]


def off_edge(labels: Labels, dark: NDArray[np.bool_], scale: float) -> Labels:
    """Return a field's strokes (labelled, 0 none) without the print's edge, laid off or
    blurred: a stroke that lies for the most part (EDGE_SHARE) within EDGE_BAND of the dark
    print (`dark`) is left out, and so is ink within EDGE_BAND of a long print (a box's
    outline, a circle's ring: EDGE_LONG or more) that runs along it EDGE_LONG or more (a
    digit that touches the outline crosses the band in less); what is left is labelled
    again. `scale`: pixels a point.

    Not along a short print (a circle's colour letter): a number written up against it
    and cut along it loses its digits' tops (a 12 read 17 on the tuning photos)."""
    if not dark.any() or not labels.any():
        return labels
    band, long = max(3, round(EDGE_BAND * scale)), round(EDGE_LONG * scale)
    side = np.ones((2 * band + 1, 2 * band + 1), np.uint8)
    near = cv2.dilate(dark.astype(np.uint8), side) > 0
    count = int(labels.max()) + 1
    sizes = np.bincount(labels.ravel(), minlength=count)
    along = np.bincount(labels[near], minlength=count)
    edge = np.zeros(count, bool)
    edge[1:] = along[1:] >= EDGE_SHARE * np.maximum(sizes[1:], 1)
    kept = ~edge[labels] & (labels > 0)
    lines = cv2.dilate(long_parts(dark, long).astype(np.uint8), side) > 0
    runs = kept & lines
    kept &= ~long_parts(runs, long)
    return _labelled(kept)


def long_parts(mask: NDArray[np.bool_], least: float) -> NDArray[np.bool_]:
    """Return the parts of `mask` (8-connected) as wide or as tall as `least` pixels."""
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask.astype(np.uint8),
                                                               connectivity=8)
    keep = np.zeros(count, bool)
    keep[1:] = np.maximum(stats[1:, cv2.CC_STAT_WIDTH], stats[1:, cv2.CC_STAT_HEIGHT]) >= least
    result: NDArray[np.bool_] = keep[labels]
    return result


def holding(labels: Labels, ids: tuple[int, ...]) -> NDArray[np.bool_]:
    """Return which pixels of `labels` hold one of the strokes `ids`, as `np.isin` does, by
    comparing them with each: a run of pieces holds one to a few strokes, and `np.isin`
    sorts them (40-70 us a call against 2-14, on the few hundred runs of a photo's fields)."""
    mask = np.zeros(labels.shape, np.bool_)
    for label in ids:
        mask |= labels == label
    return mask


def off_rules(labels: Labels, least: int) -> Labels:
    """Return the strokes without the straight rules of ink along the field: the pixels
    in a run of `least` or more along one row (and those a row above and below them), the
    strokes labelled again, specks of a pixel or two left out."""
    mask = (labels > 0).astype(np.uint8)
    if least < 2 or not mask.any():
        return labels
    rule = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((1, least), np.uint8))
    if not rule.any():
        return labels
    rule = cv2.dilate(rule, np.ones((3, 1), np.uint8))
    kept = (mask > 0) & (rule == 0)
    return _labelled(kept)


def _labelled(kept: NDArray[np.bool_]) -> Labels:
    """Return the strokes of `kept` labelled again (8-connected), specks of a pixel or two
    left out."""
    count, out, stats, _ = cv2.connectedComponentsWithStats(kept.astype(np.uint8),
                                                             connectivity=8)
    small = np.zeros(count, bool)
    small[1:] = stats[1:, cv2.CC_STAT_AREA] < 3
    return np.where(small[out], 0, out).astype(np.int32)
