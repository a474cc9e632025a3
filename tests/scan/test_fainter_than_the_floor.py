"""A circle's number written in a pen fainter than the reader's floor (issue 31): the field's
ink as first read keeps a stroke over `strokes.LEAST_INK` only (the floor, not the field's
noise or darkest ink, sets the step), so a 10 whose 1 is a little over the floor and whose 0
a little under it read `1`, the 0 lost whole. A circle whose ink holds a stroke over the
floor now keeps beside it the strokes over `ink_join.INK_JOIN` of the floor (still over the
field's noise and share of its darkest ink).

The circles are drawn here in the second generator's hand (bench/photo2/glyphs.py, as
`photos._handwrite` writes a value), the digits apart, on the blank of home print 2820004's
`F-B4` (the fixture `test_touching_ones.py` draws on), each digit in its own grey.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest
from PIL import Image, ImageDraw

from bench.photo2.glyphs import text_width, write
from printkit.scan import strokes
from tests.scan.circle_crops import SCALE, circle_readings

BLANK = Path(__file__).resolve().parent.parent / "fixtures/scan/joined/ten-blank.png"


def _two_greys(text: str, greys: tuple[int, int], seed: int, folder: Path) -> str:
    """Write `text` (two digits) in a circle, its first digit in grey `greys[0]` and its
    second in `greys[1]` (0-255, on white paper), with a little camera noise; return the
    crop's tag."""
    blank = cv2.imread(str(BLANK), cv2.IMREAD_GRAYSCALE)
    h, w = blank.shape
    wide, tall = w / SCALE - 2 * strokes.MARGIN, h / SCALE - 2 * strokes.MARGIN
    size = min(tall * 0.6, (wide - 4) / (text_width(text) + 0.3))
    base, left = (tall + size) / 2, (wide - text_width(text) * size) / 2
    paths = write(text, left, base, size, np.random.default_rng(seed), slant=0.1,
                  messiness=0.3)
    sheet = Image.fromarray(blank.copy())
    pen = ImageDraw.Draw(sheet)
    # the 1 is one stroke, every other digit's strokes the second's
    for k, path in enumerate(paths):
        pen.line([((x + strokes.MARGIN) * SCALE, (y + strokes.MARGIN) * SCALE)
                  for x, y in path], fill=greys[0] if k == 0 else greys[1], width=2,
                 joint="curve")
    noise = np.random.default_rng(100 + seed).normal(0.0, 0.6, (h, w))
    photo = np.clip(np.asarray(sheet, np.float32) + noise, 0, 255).astype(np.uint8)
    tag = f"{text}-{seed}"
    cv2.imwrite(str(folder / f"{tag}-blank.png"), blank)
    cv2.imwrite(str(folder / f"{tag}-photo.png"), photo)
    return tag


# the 1 at about 0.09 of the paper's white (over LEAST_INK, 0.07), the 0 at about 0.055
# (under it, over INK_JOIN of it)
ONE, ZERO = 232, 241


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_ten_whose_zero_is_under_the_floor_keeps_its_zero(seed: int, tmp_path: Path) -> None:
    # before, read 1 (the 0 left out whole)
    assert circle_readings(tmp_path, _two_greys("10", (ONE, ZERO), seed, tmp_path))[:1] == \
        ["10"]


def test_a_number_all_under_the_floor_is_still_read_empty(tmp_path: Path) -> None:
    # nothing over the floor: nothing kept, as before (an empty circle's specks)
    assert circle_readings(tmp_path, _two_greys("10", (ZERO, ZERO), 0, tmp_path)) == []
