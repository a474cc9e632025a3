"""The page is laid on the photo by its boxes' outlines as the PDF strokes them.

Pillow draws a rectangle's or a circle's outline inside its box, a PDF centred on its path:
the reader's blank (`blank_image`) has every outline half its width inside the printed one,
which its ink measurement was tuned with. The prized trap's outline is 2 points wide: a point
inside the printed one on every side, and on photos of ordinary runs (blue ballpoint, read
as light) the box was found two pixels off its neighbours and the edge of its number read
as a tick (docs/scan-measurement.md, "The prized trap's outline"). `printed_image` draws the
outlines as printed, and a check box off the trail is found on the photo by it where it fits
clearly better (`page.match_printed`).
"""

from __future__ import annotations

import shutil
import subprocess
from functools import cache
from pathlib import Path

import cv2
import numpy as np
import pytest
from PIL import Image

from printkit.draw.paper import paper as find_paper
from printkit.games.fox_rabbit.sheet_fields import LAYOUT
from printkit.games.fox_rabbit.template import load_map
from printkit.language import language
from printkit.products.fox_rabbit.gamesheet import gamesheet
from printkit.scan.layout import blank_image, layout, printed_image
from printkit.scan.light import normalised
from printkit.scan.page import match
from printkit.scan.params import DEFAULT

needs_poppler = pytest.mark.skipif(shutil.which("pdftoppm") is None,
                                   reason="poppler-utils' pdftoppm is not installed")
SHEET = ("classic", "hard", "letter", "en")
SCALE = DEFAULT.scale


@cache
def _pdf_render(folder: Path) -> np.ndarray:
    """The sheet's PDF as poppler draws it, in grey, at the reader's scale."""
    doc = gamesheet(load_map(SHEET[0]), SHEET[1], find_paper(SHEET[2]), difficulty="",
                    lang=language(SHEET[3]), layout=LAYOUT)
    pdf = folder / "sheet.pdf"
    pdf.write_bytes(doc.pdf_bytes())
    subprocess.run(["pdftoppm", "-r", str(72 * SCALE), "-png", "-singlefile", "-gray",
                    str(pdf), str(folder / "sheet")], check=True)
    return np.asarray(Image.open(folder / "sheet.png").convert("L"))


@pytest.fixture(scope="module")
def pdf_render(tmp_path_factory: pytest.TempPathFactory) -> np.ndarray:
    return _pdf_render(tmp_path_factory.mktemp("printed"))


def _box(name: str) -> tuple[int, int, int, int]:
    """A field's box, pixels of the page at the reader's scale, with 6 pixels around it."""
    fb = next(f for f in layout(*SHEET).fields if f.name == name)
    x, y, w, h = fb.box
    return (round(x * SCALE) - 6, round(y * SCALE) - 6, round((x + w) * SCALE) + 6,
            round((y + h) * SCALE) + 6)


def _outline_rows(picture: np.ndarray, box: tuple[int, int, int, int]) -> tuple[int, int]:
    """The rows of the box's top and bottom outline: the darkest rows of its left half."""
    x0, y0, x1, y1 = box
    rows = picture[y0:y1, x0:(x0 + x1) // 2].astype(np.float32).mean(axis=1)
    half = rows.size // 2
    return int(np.argmin(rows[:half])) + y0, int(np.argmin(rows[half:])) + half + y0


@needs_poppler
@pytest.mark.parametrize("name", ["trap-15", "trap-3", "F-A1"])
def test_a_box_outline_lies_where_the_pdf_strokes_it(pdf_render: np.ndarray,
                                                     name: str) -> None:
    """The printed picture's outline is where poppler draws the PDF's, to a pixel; the blank
    the ink is measured on keeps it inside: the prized trap's outline 2 points (4 pixels)
    closer together there (a pixel's grid apart from poppler's, to a pixel)."""
    box = _box(name)
    printed = np.asarray(printed_image(*SHEET, SCALE))
    blank = np.asarray(blank_image(*SHEET, SCALE))
    top, bottom = _outline_rows(pdf_render, box)
    p_top, p_bottom = _outline_rows(printed, box)
    assert abs(p_top - top) <= 1 and abs(p_bottom - bottom) <= 1
    if name == "trap-15":
        b_top, b_bottom = _outline_rows(blank, box)
        assert (bottom - top) - (b_bottom - b_top) >= 3


@needs_poppler
@pytest.mark.parametrize("move", [(3, 2), (-2, 1)])
def test_the_prized_trap_is_found_where_it_is_printed(pdf_render: np.ndarray,
                                                      move: tuple[int, int]) -> None:
    """On the printed sheet moved and blurred as a phone's photo is, the prized trap and a
    trail cell are found where they were moved (to the half pixel poppler's grid lies from
    Pillow's) and fit their printed picture well: the blank fits the prized trap at 0.53-0.58
    here, and on photos of ordinary runs, printed with a laser's lighter middle in a wide
    line, it put the box two pixels off its neighbours at 0.39-0.46."""
    seen = cv2.warpAffine(pdf_render, np.float32([[1, 0, move[0]], [0, 1, move[1]]]),
                          pdf_render.shape[::-1], borderMode=cv2.BORDER_REPLICATE)
    photo = normalised(cv2.GaussianBlur(seen, (0, 0), 1.2), DEFAULT.light)
    printed = normalised(np.asarray(printed_image(*SHEET, SCALE)), DEFAULT.light)
    for fb in layout(*SHEET).fields:
        if fb.name in ("trap-15", "F-A1"):
            found = match(photo, printed, fb.box, DEFAULT.page.shift, DEFAULT)
            assert abs(found.shift.dx - move[0]) <= 1 and abs(found.shift.dy - move[1]) <= 1
            assert found.fit is not None and found.fit >= 0.8, fb.name
