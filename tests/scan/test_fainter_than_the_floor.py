"""A circle's number written in a pen fainter than the reader's floor (issue 31): the field's
ink as first read keeps a stroke over `strokes.LEAST_INK` only (the floor, not the field's
noise or darkest ink, sets the step), so a 10 whose 1 is a little over the floor and whose 0
a little under it read `1`, the 0 lost whole. Such a circle's ink is now read again with the
strokes over `ink_join.INK_JOIN` of the floor kept beside (`faint_values.ink_of`'s `join`),
and that reading is taken where it reads as glyphs `writing.JOIN_BETTER` times as surely
(`writing.joined_better`).

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
from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.scan import strokes
from printkit.scan.glyphs import model
from printkit.scan.spelling import Spelled, spell, spelled
from printkit.scan.writing import joined_better
from tests.scan.circle_crops import SCALE, circle_ink

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


def _spelled(folder: Path, tag: str, join: bool) -> Spelled | None:
    """Return a circle's crop spelled as the reader spells it (`circle_crops`), its ink as
    first read, with its strokes under the floor kept beside (`join`) or not."""
    ink = circle_ink(folder, tag, join=join)
    return None if ink.empty else spelled(ink, model(), sf.CIRCLE.name)


def _first(read: Spelled | None) -> list[str]:
    return [] if read is None else [g.text for g in spell(read, model(), sf.CIRCLE.name)][:1]


# the 1 at about 0.09 of the paper's white (over LEAST_INK, 0.07), the 0 at about 0.055
# (under it, over INK_JOIN of it)
ONE, ZERO = 232, 241


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_ten_whose_zero_is_under_the_floor_keeps_its_zero(seed: int, tmp_path: Path) -> None:
    tag = _two_greys("10", (ONE, ZERO), seed, tmp_path)
    first, joined = _spelled(tmp_path, tag, False), _spelled(tmp_path, tag, True)
    # as first read, the 0 left out whole: 1 (as before); with the strokes under the floor,
    # 10, and that reading taken
    assert _first(first) == ["1"]
    assert first is not None and joined is not None
    assert _first(joined) == ["10"]
    assert joined_better(first, joined)


def test_a_number_all_under_the_floor_is_still_read_empty(tmp_path: Path) -> None:
    # nothing over the floor: nothing kept, as before (an empty circle's specks)
    tag = _two_greys("10", (ZERO, ZERO), 0, tmp_path)
    assert _spelled(tmp_path, tag, True) is None


def test_a_reading_no_surer_is_not_taken(tmp_path: Path) -> None:
    # the same ink both ways: not JOIN_BETTER times as sure
    tag = _two_greys("10", (ONE, ONE), 0, tmp_path)
    read = _spelled(tmp_path, tag, False)
    assert read is not None and not joined_better(read, read)
