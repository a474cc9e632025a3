"""How the photo reader tells ink from paper in each field, on a flattened page.

Each test takes the blank sheet as the reader draws it, changes it the way a hard photo does
(a fold's crease, a light pencil filling a tinted cell, a writing line a pixel off, a faded
print under a noisy camera), and reads it with `reader.read_fields`, the step after the
page is flattened: every field must read as the player left it, sure of it.
"""

from functools import cache

import cv2
import numpy as np
import pytest

from printkit.scan import reader
from printkit.scan.layout import FieldBox, Layout, blank_image, layout


@cache
def _sheet() -> tuple[Layout, np.ndarray]:
    lay = layout("classic", "easy", "letter", "en")
    blank = np.asarray(blank_image("classic", "easy", "letter", "en", reader.SCALE))
    return lay, blank


def _field(name: str) -> FieldBox:
    return next(fb for fb in _sheet()[0].fields if fb.name == name)


def _px(fb: FieldBox) -> tuple[int, int, int, int]:
    x, y, w, h = (round(v * reader.SCALE) for v in fb.box)
    return x, y, w, h


def _camera(page: np.ndarray, noise: float = 2.0, seed: int = 7) -> np.ndarray:
    """The page as a phone sees it: a little soft, a little noisy."""
    soft = cv2.GaussianBlur(page.astype(np.float32), (0, 0), 0.7)
    grain = np.random.default_rng(seed).normal(0, noise, page.shape).astype(np.float32)
    return np.uint8(np.clip(soft + grain, 0, 255))


def _read(flat: np.ndarray) -> dict[str, reader.FieldRead]:
    lay, blank = _sheet()
    fields, lost = reader.read_fields(flat, blank, lay)
    assert lost <= reader.MAX_LOST
    return fields


def _marked_or_asked(fields: dict[str, reader.FieldRead]) -> list[str]:
    return sorted(name for name, f in fields.items() if f.marked or f.uncertain)


def test_a_folds_crease_across_a_row_of_cells_is_not_ink():
    _, blank = _sheet()
    _x, y, _w, h = _px(_field("F-C2"))
    # one side of the fold catches the light, the other is in its shade; a dark line between
    rows = np.arange(blank.shape[0], dtype=np.float32)[:, None] - (y + h * 0.45)
    width = 12.0
    shade = 1 - 0.12 * np.exp(-(rows / width) ** 2) * np.sign(rows + 1e-3) \
        - 0.04 * np.exp(-(rows / (width * 0.3)) ** 2)
    fields = _read(_camera(blank.astype(np.float32) * shade))
    assert _marked_or_asked(fields) == []


def test_light_pencil_filling_a_tinted_cell_is_ink():
    _, blank = _sheet()
    page = blank.astype(np.float32)
    cell = _field("F-A2")
    x, y, w, h = _px(cell)
    inside = np.median(blank[y + h // 3:y + 2 * h // 3, x + w // 3:x + 2 * w // 3])
    assert inside < 0.92 * 255   # the cell is printed tinted
    # a pencil darkening the paper by 12 %, hatched all over the box
    page[y + h // 6:y + 5 * h // 6, x + w // 6:x + 5 * w // 6] *= 0.88
    fields = _read(_camera(page))
    assert fields[cell.name].marked and not fields[cell.name].uncertain
    assert _marked_or_asked(fields) == [cell.name]


def test_an_endgame_writing_line_a_pixel_or_two_off_is_no_writing():
    _, blank = _sheet()
    page = blank.copy()
    for name in ("round-1-fox", "round-1-rabbit-trap", "round-2-fox"):
        x, y, w, h = _px(_field(name))
        # the paper moved under the lens: the box's lines two pixels lower than drawn
        page[y + 2:y + h, x:x + w] = blank[y:y + h - 2, x:x + w]
    fields = _read(_camera(page))
    assert _marked_or_asked(fields) == []


@pytest.mark.parametrize("ink", [0.7, 0.8])
def test_a_faded_print_on_a_noisy_photo_reads_empty(ink):
    _, blank = _sheet()
    faded = 255 - (255 - blank.astype(np.float32)) * ink
    # the paper's fibres, sharpened by the phone: its lightest specks well above its tone
    specks = np.random.default_rng(3).random(blank.shape) < 0.01
    faded = np.where(specks, faded, faded * 0.92)
    fields = _read(_camera(faded, noise=3.0))
    assert [name for name, f in fields.items() if f.marked] == []
    # the check boxes sure of it (the wide score box's noise may be asked about)
    assert [name for name, f in fields.items() if f.uncertain and f.kind == "check"] == []
