"""What makes a printed gamesheet readable by a camera: four corner markers and a QR code.

The markers are ArUco markers of the 4×4 dictionary (`DICT_4X4_50`), four ids clockwise from
the top left, so a reader knows the page's corners and which way up it is; which four ids
says the sheet's layout (`MARKER_IDS`): a photo of a sheet printed before a layout changed
is read against the layout it was printed in. They sit in
the page's margins, inside what a home printer reaches (a quarter inch from the edge), with
white paper around them. The QR code, in the title row, says which sheet this is (game, map,
mode, digest of the rules, paper, language: `sheet_code.sheet_code`).

Each is drawn as vector squares through the Canvas and named with `Canvas.anchor`, so the
layout a photo is read against comes from this same drawing (`printkit.scan.layout`).
"""

from __future__ import annotations

import segno

from printkit.draw.canvas import Canvas
from printkit.draw.color import INK
from printkit.draw.impose import FOOTER, FOOTER_SIZE, MARGIN, cell_size
from printkit.draw.paper import Paper

#: The bits of ArUco DICT_4X4_50 markers 0-7, row by row, 1 for white (a test compares them
#: with OpenCV's dictionary).
MARKER_BITS: tuple[tuple[str, ...], ...] = (
    ("1011", "0101", "0011", "0010"),
    ("0000", "1111", "1001", "1010"),
    ("0011", "0011", "0010", "1101"),
    ("1001", "1001", "0100", "0110"),
    ("0101", "0100", "1001", "1110"),
    ("0111", "1001", "1100", "1101"),
    ("1001", "1110", "0010", "1110"),
    ("1100", "0100", "1111", "0010"),
)
#: The marker ids each layout of the sheet prints at its corners, clockwise from the top
#: left (`sheet_fields.LOG_ROUNDS_OF_LAYOUT` names the layouts). Layout 1's endgame log
#: held four rounds of small boxes; layout 2's holds two of large ones.
MARKER_IDS: dict[int, tuple[int, int, int, int]] = {1: (0, 1, 2, 3), 2: (4, 5, 6, 7)}


def marker_layout(marker_id: int) -> tuple[int, int] | None:
    """Return (layout, corner) of a marker id (corner 0-3, clockwise from the top left), or
    None for an id no sheet prints."""
    for version, ids in MARKER_IDS.items():
        if marker_id in ids:
            return version, ids.index(marker_id)
    return None
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
    """Return the top-left corners of the four markers (clockwise from the top left) in a w × h
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


def _marker(canvas: Canvas, corner: int, marker_id: int, x: float, y: float) -> None:
    """Draw marker `marker_id` at a corner; its anchor is named by the corner (`marker-0` is
    the top left one), whichever layout's id it prints."""
    m = MARKER / 6
    rows = ["000000"] + [f"0{bits}0" for bits in MARKER_BITS[marker_id]] + ["000000"]
    for r, row in enumerate(rows):
        for start, length in _runs(row, "0"):
            canvas.rect(x + start * m, y + r * m, length * m, m, stroke=None, fill=INK)
    canvas.anchor(f"marker-{corner}", x, y, MARKER, MARKER)


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


def draw(canvas: Canvas, w: float, h: float, code: str, layout: int) -> None:
    """Draw the four markers of a layout and the sheet's code (`code`, its text) on a w × h
    panel."""
    for corner, (x, y) in enumerate(marker_boxes(w, h)):
        _marker(canvas, corner, MARKER_IDS[layout][corner], x, y)
    _code(canvas, code, *code_box(w))


def page_anchors(paper: Paper) -> dict[str, tuple[float, float, float, float]]:
    """Return where a gamesheet printed on `paper` has its markers (by corner: `marker-0` is
    the top left) and code, on the page, in points (x, y, w, h), in every layout: what a
    reader needs before it knows which sheet it holds. A test
    checks it against the anchors the printed page records."""
    w, h = cell_size(paper, 1)
    found = {f"marker-{i}": (MARGIN + x, MARGIN + y, MARKER, MARKER)
             for i, (x, y) in enumerate(marker_boxes(w, h))}
    x, y = code_box(w)
    found["code"] = (MARGIN + x, MARGIN + y, CODE, CODE)
    return found
