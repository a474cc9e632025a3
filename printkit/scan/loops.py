"""Whether a glyph's ink closes a loop, and what that says of the digits it may be.

A 0, 6, 8 or 9 is drawn round a hole; a 7, a 1, a 5 is not. The glyph model, trained on
another hand, reads the second generator's 7 (a short bar over a long stroke) as a 9 at
0.5-0.9, though its ink closes no loop. On the tuning photos (docs/scan-measurement.md, "A
7 read as a 9 whose ink closes no loop"; a circle's ink, the seven folders' 358 circles
written) 64 of the 66 circles written 7 closed none, 80 of the 82 written 8 or 9 did, 42 of
the 45 written 6, 33 of the 38 written 10.
"""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np
from numpy.typing import NDArray

#: The digits drawn round a hole.
LOOPED = "0689"
#: A glyph of a number (a circle's, a score's) whose ink closes no loop is read as one of
#: `LOOPED` at this share of the model's chance (the chances then made to sum to 1 again):
#: a loop a stroke's gap left open (a light pencil's, a ballpoint skipping) keeps the digit
#: among the readings. Values right on the seven tuning folders (1,029; main 960): 963 at
#: 0.5, 964 at 0.2, 963 at 0.05 (a 6 and a 13 made wrong). An attempt's dice are left as
#: the model reads them: read so too, 963 and 14 keys more (a die's 6, small, its loop
#: open, read 5).
LOOP_OPEN = 0.2
#: A hole is a pixel of paper or more enclosed by the glyph's ink (4-connected): the
#: smallest loop a digit 10 pixels tall closes.
LOOP_LEAST = 1


def closes_loop(mask: NDArray[Any]) -> bool:
    """Return whether a glyph's ink (a boolean mask cut to it) encloses paper: a part of
    the background, `LOOP_LEAST` pixels or more, that does not reach the mask's edge."""
    paper = np.pad(~mask.astype(bool), 1, constant_values=True).astype(np.uint8)
    n, _labels, stats, _ = cv2.connectedComponentsWithStats(paper, connectivity=4)
    # the first part after the ink's (label 0) is the paper around it: the pad holds it
    return any(stats[k, cv2.CC_STAT_AREA] >= LOOP_LEAST for k in range(2, n))


def opened(chances: NDArray[Any], loops: NDArray[np.bool_], classes: str) -> NDArray[Any]:
    """Return each glyph's chances (a row a glyph, a column each of `classes`, as
    `glyphs.Model.chances` gives them) with the looped digits' at `LOOP_OPEN` where its ink
    closes no loop (`loops` False)."""
    if LOOP_OPEN >= 1.0 or loops.all():
        return chances
    out = chances.copy()
    out[np.ix_(~loops, np.array([c in LOOPED for c in classes]))] *= LOOP_OPEN
    out[~loops] /= out[~loops].sum(axis=1, keepdims=True)
    return out


#: The digits drawn with no hole: the faces of a die but 2, 4 and 6 (a 2 may curl round one,
#: a 4 closes one).
OPEN_DIGITS = "1357"
#: An endgame attempt's die whose ink closes a loop as a 6's does (`closes_hole`) is read as
#: one of `OPEN_DIGITS` at this share of the model's chance (the chances then made to sum to
#: 1 again): the glyph model reads the second generator's small 6 of a die 5 or 3
#: (docs/scan-measurement.md, "An endgame attempt's dice read out of their colour order,
#: and a die's 6 read 5").
#: Not the other way (`LOOP_OPEN` on a die's looped digits): a die's small 6 often leaves its
#: loop open.
LOOP_SHUT = 0.1
#: ... a hole this share of the glyph's box at least: a 6's loop (0.15-0.21 of its box on
#: the tuning photos' dice read 5 or 3), not a blotted stroke's pinholes (a 5 or 3 in a
#: light pencil's or a ballpoint's blot: 0.003-0.04).
HOLE_SHARE = 0.06


def closes_hole(mask: NDArray[Any]) -> bool:
    """Return whether a glyph's ink (a boolean mask cut to it) encloses paper `HOLE_SHARE`
    of its box or more, in one part."""
    paper = np.pad(~mask.astype(bool), 1, constant_values=True).astype(np.uint8)
    n, _labels, stats, _ = cv2.connectedComponentsWithStats(paper, connectivity=4)
    least = HOLE_SHARE * mask.shape[0] * mask.shape[1]
    return any(stats[k, cv2.CC_STAT_AREA] >= least for k in range(2, n))


def shut(chances: NDArray[Any], holes: NDArray[np.bool_], classes: str) -> NDArray[Any]:
    """Return each glyph's chances (as `opened`) with the open digits' at `LOOP_SHUT` where
    its ink closes a hole (`holes` True)."""
    if LOOP_SHUT >= 1.0 or not holes.any():
        return chances
    out = chances.copy()
    out[np.ix_(holes, np.array([c in OPEN_DIGITS for c in classes]))] *= LOOP_SHUT
    out[holes] /= out[holes].sum(axis=1, keepdims=True)
    return out
