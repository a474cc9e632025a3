"""A digit whose ink closes no loop (issue 31): the glyph model, trained on another hand,
reads the second generator's 7 (a short bar over a long stroke) as a 9, though a 9 is drawn
round a hole and this ink encloses none (`loops.LOOP_OPEN`).

The crops are circles of generator 2's tuning photos, cut from the flattened photo where
the reader found the box (aligned to the blank), beside the blank's (2 pixels a point, the
field and 2.5 points around it): ordinary 2150008's `F-A3` and short sheet pens-2710070's
`R-B2`, each a 7, each suggested 9 before (the 7 second).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from printkit.scan.loops import closes_loop
from tests.scan.circle_crops import circle_readings

CROPS = Path(__file__).resolve().parent.parent / "fixtures/scan/loops"


def _read(tag: str) -> list[str]:
    return circle_readings(CROPS, tag)


@pytest.mark.parametrize("tag", ["seven-bar", "seven-pen"])
def test_a_seven_whose_ink_closes_no_loop_is_offered_before_nine(tag: str) -> None:
    # each circle's trail allows 7 and 9 alike (and rules out the 1, 2 and 3 also read):
    # the player is offered the 7 first, where the 9 was listed first
    read = _read(tag)
    assert "7" in read
    assert "9" not in read or read.index("7") < read.index("9")


def test_a_loop_is_paper_the_ink_encloses() -> None:
    nine = np.zeros((9, 7), bool)
    nine[0, 1:6] = nine[4, 1:6] = True          # the loop's top and bottom
    nine[0:5, 1] = nine[0:9, 5] = True          # its left side, and the stem
    seven = np.zeros((9, 7), bool)
    seven[0, 0:6] = True
    seven[0:9, 5] = True
    assert closes_loop(nine)
    assert not closes_loop(seven)
    opened = nine.copy()
    opened[2, 1] = False                        # a gap in the loop's side
    assert not closes_loop(opened)
