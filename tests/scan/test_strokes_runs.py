"""Every run of a written line's pieces is drawn as a glyph, whatever strokes the field
holds (Hypothesis): the reader tries each run of one to three pieces as a glyph
(`spelling.runs`), and a run it cannot draw would end `printkit validate PHOTO` in a
traceback. Two strokes of one line may overlap in columns, one a little lower (a held-out
pen photo's `10` under a `1` written over it): a line's pieces go stroke by stroke, so a run
may end left of where it starts (`strokes._loop_mask` once took that for its box and raised
on a zero-size array)."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.scan import strokes

#: A stroke: its box's left, top, width and height (pixels of a field 120 x 64), drawn as the
#: box's outline two pixels wide (thin columns a wide stroke may be cut at) or filled.
STROKE = st.tuples(st.integers(0, 100), st.integers(0, 44), st.integers(3, 50),
                   st.integers(3, 30), st.booleans())


def _field(found: list[tuple[int, int, int, int, bool]]) -> np.ndarray:
    labels = np.zeros((64, 120), np.int32)
    for label, (x, y, w, h, filled) in enumerate(found, 1):
        part = np.zeros((h, w), bool)
        if filled:
            part[:] = True
        else:
            part[:2], part[-2:], part[:, :2], part[:, -2:] = True, True, True, True
        labels[y:y + h, x:x + w][part[:64 - y, :120 - x]] = label
    return labels


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.lists(STROKE, min_size=1, max_size=6), st.booleans())
def test_every_run_of_a_lines_pieces_is_drawn(found: list[tuple[int, int, int, int, bool]],
                                              number: bool) -> None:
    labels = _field(found)
    lines = strokes._lines(labels, joined=True, several=not number, stems=number)
    ink = strokes.FieldInk((labels > 0).astype(np.float32), labels, lines, 0.5)
    for line in lines:
        for first in range(len(line.pieces)):
            for last in range(first, min(first + 3, len(line.pieces))):
                shape = strokes.glyph_image(ink, line, first, last)
                if shape is None:
                    continue
                assert np.isfinite(shape.features()).all()
                assert shape.mask is not None and shape.mask.any()
                shape.loops()
