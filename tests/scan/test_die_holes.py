"""An endgame attempt's die whose ink closes a 6's hole, read as a digit drawn with none
(issue 31): the glyph model, trained on another hand, reads the second generator's small 6
of a die as a 5 or a 3 (`loops.shut`, `loops.HOLE_SHARE`).

The crop is generator 2's tuning photo 2150001's rabbit (French sheet, cut where the reader
cuts it: the photo's a few pixels wider each way, at 2 pixels a point), `R2 R6 B6 B2`: its
blue 6 read 5 at 0.79 (6 at 0.18), so `R2 R6 B5 B2` was offered first."""

from __future__ import annotations

import numpy as np

from printkit.scan.glyphs import CLASSES
from printkit.scan.loops import closes_hole, shut
from tests.scan.attempt_crops import attempt_readings


def test_a_dies_six_whose_ink_closes_a_hole_is_read_before_five():
    read = attempt_readings("die-six-looped", (2, 2, 2))
    assert read[0] == "R2 R6 B6 B2"
    assert read.index("R2 R6 B6 B2") < read.index("R2 R6 B5 B2")


def test_a_hole_is_a_six_loops_not_a_blots_pinhole():
    six = np.zeros((12, 8), bool)
    six[0, 1:7] = six[6, 1:7] = six[11, 1:7] = True     # top, the loop's top and bottom
    six[0:12, 1] = six[6:12, 6] = True                   # the left side, the loop's right
    assert closes_hole(six)
    blot = np.ones((12, 8), bool)
    blot[5, 4] = False                                   # a pinhole in a blotted stroke
    assert not closes_hole(blot)


def test_an_open_digit_is_unlikely_only_where_the_ink_closes_a_hole():
    five, six = CLASSES.index("5"), CLASSES.index("6")
    chances = np.zeros((2, len(CLASSES)))
    chances[:, five], chances[:, six] = 0.6, 0.4
    out = shut(chances, np.array([True, False]), CLASSES)
    assert out[0, six] > out[0, five]
    assert np.allclose(out[1], chances[1])
    assert np.allclose(out.sum(axis=1), 1.0)
