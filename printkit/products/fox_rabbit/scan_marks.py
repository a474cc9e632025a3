"""What makes a printed gamesheet readable by a camera: four corner markers and a QR code.

The markers are ArUco markers of the 4×4 dictionary (`DICT_4X4_50`), ids 0 to 3 clockwise
from the top left, so a reader knows the page's corners and which way up it is. They sit in
the page's margins, inside what a home printer reaches (a quarter inch from the edge), with
white paper around them. The QR code, in the title row, says which sheet this is (game, map,
mode, digest of the rules, paper, language: `sheet_fields.sheet_code`).

Each is drawn as vector squares through the Canvas and named with `Canvas.anchor`, so the
layout a photo is read against comes from this same drawing (`printkit.scan.layout`).
"""

from __future__ import annotations

import segno

from printkit.draw.canvas import Canvas
from printkit.draw.color import INK
from printkit.draw.impose import FOOTER, FOOTER_SIZE, MARGIN, cell_size
from printkit.draw.paper import Paper

#: The bits of ArUco DICT_4X4_50 markers 0-3, row by row, 1 for white (a test compares them
#: with OpenCV's dictionary).
MARKER_BITS: tuple[tuple[str, ...], ...] = (
    ("1011", "0101", "0011", "0010"),
    ("0000", "1111", "1001", "1010"),
    ("0011", "0011", "0010", "1101"),
    ("1001", "1001", "0100", "0110"),
)
#: A marker's side, in points: 6 modules (its black border and 4 × 4 bits). Ten points keep
#: it in the margin, clear of the panel the sheet is drawn in.
MARKER = 10.0
#: How far out of the panel a marker reaches: to a quarter inch from the paper's edge.
OUT = MARGIN - 18.0
#: The QR code's side, its white border of two modules included.
CODE = 38.0
#: The room the title row leaves for the code, between the mode's badge and the date.
CODE_ROOM = CODE + 6.0
CODE_TOP = 0.0


def marker_boxes(w: float, h: float) -> list[tuple[float, float]]:
    """Return the top-left corners of markers 0-3 (clockwise from the top left) in a w × h
    panel: above the title row and between the sheet and its footer."""
    left, right = -OUT, w + OUT - MARKER
    top = -OUT
    # between the sheet and its footer: 2.5 pt above the footer's capitals (0.72 of its size)
    bottom = h + FOOTER - 1 - 0.72 * FOOTER_SIZE - 2.5 - MARKER
    return [(left, top), (right, top), (right, bottom), (left, bottom)]


def code_box(w: float) -> tuple[float, float]:
    """Return the top-left corner of the QR code: at the right of the title row's free room,
    before the date."""
    return (w * 0.66 - 6 - CODE, CODE_TOP)


def _runs(row: str | bytes | bytearray, dark: object) -> list[tuple[int, int]]:
    """Return the (start, length) of each run of dark modules in a row."""
    runs: list[tuple[int, int]] = []
    start = None
    for i, v in enumerate(list(row) + [None]):
        if v == dark and start is None:
            start = i
        elif v != dark and start is not None:
            runs.append((start, i - start))
            start = None
    return runs


def _marker(canvas: Canvas, marker_id: int, x: float, y: float) -> None:
    m = MARKER / 6
    rows = ["000000"] + [f"0{bits}0" for bits in MARKER_BITS[marker_id]] + ["000000"]
    for r, row in enumerate(rows):
        for start, length in _runs(row, "0"):
            canvas.rect(x + start * m, y + r * m, length * m, m, stroke=None, fill=INK)
    canvas.anchor(f"marker-{marker_id}", x, y, MARKER, MARKER)


def _code(canvas: Canvas, text: str, x: float, y: float) -> None:
    qr = segno.make_qr(text, error="m", boost_error=False)
    matrix = [bytes(row) for row in qr.matrix]
    border = 2
    m = CODE / (len(matrix) + 2 * border)
    for r, row in enumerate(matrix):
        for start, length in _runs(row, 1):
            canvas.rect(x + (border + start) * m, y + (border + r) * m, length * m, m,
                        stroke=None, fill=INK)
    canvas.anchor("code", x, y, CODE, CODE)


def draw(canvas: Canvas, w: float, h: float, code: str) -> None:
    """Draw the four markers and the sheet's code (`code`, its text) on a w × h panel."""
    for marker_id, (x, y) in enumerate(marker_boxes(w, h)):
        _marker(canvas, marker_id, x, y)
    _code(canvas, code, *code_box(w))


def page_anchors(paper: Paper) -> dict[str, tuple[float, float, float, float]]:
    """Return where a gamesheet printed on `paper` has its markers and code, on the page, in
    points (x, y, w, h): what a reader needs before it knows which sheet it holds. A test
    checks it against the anchors the printed page records."""
    w, h = cell_size(paper, 1)
    found = {f"marker-{i}": (MARGIN + x, MARGIN + y, MARKER, MARKER)
             for i, (x, y) in enumerate(marker_boxes(w, h))}
    x, y = code_box(w)
    found["code"] = (MARGIN + x, MARGIN + y, CODE, CODE)
    return found
