"""An aid's `+` written small, read as no glyph by the glyph model (issue 31).

The crop is the fox's escape attempt of generator 2's ordinary tuning photo 2150008, cut
where the reader cuts it (the photo's a few pixels wider each way, at 2 pixels a point):
`R5 Y3 Y1;` over `+1 R5`, the `+` a quarter of its line's height (generator 2 draws it 0.37
of a glyph wide and 0.4 tall; the model learnt the first generator's, 0.8 by 0.7), read as
no glyph at 0.87 and as a `+` at under 0.01. Before, no reading had the aid: the `1` and its
die were read as a fourth die (`R5 Y3 Y1 B5`). A small piece is read as a `+` only where
the next piece on its line reads alone as a `1` (`spelling._one_next`)."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import cv2
import numpy as np

from printkit.games.fox_rabbit.narrow_attempts import fits_so_far
from printkit.scan import edge, spelling, strokes
from printkit.scan.glyphs import CLASSES, model
from printkit.scan.strokes import FieldInk
from printkit.scan.writing import aid_words

CROPS = Path(__file__).resolve().parent.parent / "fixtures/scan/attempts"
SCALE = 2.0


def _found() -> FieldInk:
    photo = cv2.imread(str(CROPS / "small-plus-photo.png"), cv2.IMREAD_GRAYSCALE)
    blank = cv2.imread(str(CROPS / "small-plus-blank.png"), cv2.IMREAD_GRAYSCALE)
    found = strokes.field_ink(edge.aligned(photo, blank, round(edge.REACH * SCALE)), blank,
                              2, SCALE, edge=True, joined=True)
    assert len(found.lines) == 2
    return found


def _read(monkeypatch, share: float | None = None) -> list[str]:
    if share is not None:
        monkeypatch.setattr(spelling, "SMALL_PLUS", share)
    fits = partial(fits_so_far, (2, 2, 2))
    return [g.text for g in spelling.spell(_found(), model(), "attempt", aid_words("en"), fits)
            if fits(g.text)]


def test_an_aids_small_plus_is_read_as_a_plus(monkeypatch):
    assert _read(monkeypatch)[0] == "R5 Y3 Y1; +1 R5"


def test_without_it_the_aid_is_read_as_a_fourth_die(monkeypatch):
    read = _read(monkeypatch, 0.0)
    assert read[0] == "R5 Y3 Y1 B5" and "R5 Y3 Y1; +1 R5" not in read[:3]


def test_only_the_small_piece_before_a_one_is_read_as_a_plus():
    found = _found()
    tried = spelling.tried(found)
    chances = model().chances(np.stack([t.shape.features() for t in tried]))
    small = spelling._one_next(tried, chances)
    # the `+` (the second line's first piece) alone: the first line's small pieces (the
    # `;`, a die's broken stroke) have no `1` after them
    assert [(t.line, t.first) for t, s in zip(tried, small) if s] == [(1, 0)]
    assert sum(t.first == t.last and t.shape.size < spelling.SMALL_GLYPH
               for t in tried) > 1
    # the same small piece, its next piece read as a `7` (stood in): not a `+`
    after = next(k for k, t in enumerate(tried) if (t.line, t.first, t.last) == (1, 1, 1))
    chances[after] = np.eye(len(CLASSES))[CLASSES.index("7")]
    assert not spelling._one_next(tried, chances).any()
    # spelled, the `+` is raised at that piece alone (the field's 11th: the first line has 10)
    plus = CLASSES.index("+")
    runs = spelling.runs(found, model())
    assert [(r.start, r.end) for r in runs if r.chances[plus] > 0.1] == [(10, 11)]
