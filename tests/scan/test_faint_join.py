"""A light pencil's two-digit number whose second digit is fainter than its first (issue 31).

The crops are circles of generator 2's light pencil tuning photos whose 10 was read `1`
from its faint strokes: the 0 a little fainter than the page's faint step, the 1 over it
(hard-2985136's R-C3 and R-B4, own seeds; g2-tune-hard 2250000's F-B4), cut from the
flattened photo where the reader found the box, beside the blank's (2 pixels a point).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.scan.circle_crops import circle_readings

CROPS = Path(__file__).resolve().parent.parent / "fixtures/scan/faint-join"


@pytest.mark.parametrize("tag", ["ten-c3", "ten-b4", "ten-b4b"])
def test_a_faint_tens_fainter_zero_is_read_with_its_one(tag: str) -> None:
    # read as a light pencil's faint strokes, the 0 has no pixel over the faint step and
    # was left out: the number read `1`. A field that holds a stroke over the step keeps
    # the strokes over `FAINT_JOIN` of it too: the value read is 10
    assert circle_readings(CROPS, tag, faint=True)[:1] == ["10"]


def test_an_empty_circle_read_as_faint_strokes_stays_empty() -> None:
    # the lower step is taken only beside a stroke over the page's step: an empty circle
    # of the same photos (hard-2985136's R-D3) spells nothing, as before
    assert circle_readings(CROPS, "empty", faint=True) == []
