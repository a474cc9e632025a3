"""What makes a printed gamesheet readable by a camera: four corner markers and a QR code.

The markers are ArUco markers of the 4×4 dictionary (`DICT_4X4_50`), four ids clockwise from
the top left, so a reader knows the page's corners and which way up it is; which four ids
says the sheet's layout (`MARKER_IDS`): a photo of a sheet printed before a layout changed
is read against the layout it was printed in. They sit in the page's margins, inside what a
home printer reaches, with white paper around them. The QR code, in the title row, says
which sheet this is (game, map, mode, digest of the rules, paper, language:
`sheet_code.sheet_code`), with a caption beside it saying what reads it.

Each is drawn as vector squares through the Canvas and named with `Canvas.anchor`, so the
layout a photo is read against comes from this same drawing (`printkit.scan.layout`). Where
they are depends on the layout (`page_anchors`): layout 3 moved the markers further in and
gave the code the quiet zone its standard asks.
"""

from __future__ import annotations

from functools import lru_cache

import segno

from printkit.draw.canvas import Canvas
from printkit.draw.color import INK
from printkit.draw.impose import FOOTER, FOOTER_SIZE, MARGIN, cell_size
from printkit.draw.paper import MM, Paper

#: The bits of the ArUco DICT_4X4_50 markers the sheets print, by id, row by row, 1 for
#: white (a test compares them with OpenCV's dictionary).
MARKER_BITS: dict[int, tuple[str, ...]] = {
    0: ("1011", "0101", "0011", "0010"),
    1: ("0000", "1111", "1001", "1010"),
    2: ("0011", "0011", "0010", "1101"),
    3: ("1001", "1001", "0100", "0110"),
    4: ("0101", "0100", "1001", "1110"),
    5: ("0111", "1001", "1100", "1101"),
    6: ("1001", "1110", "0010", "1110"),
    7: ("1100", "0100", "1111", "0010"),
    14: ("0010", "0100", "1011", "0001"),
    20: ("1000", "0110", "1000", "1011"),
    23: ("1101", "1101", "1000", "0010"),
    36: ("0001", "1000", "0111", "0101"),
}
#: The marker ids each layout of the sheet prints at its corners, clockwise from the top
#: left (`sheet_fields.LOG_ROUNDS_OF_LAYOUT` names the layouts). Layout 1's endgame log
#: held four rounds of small boxes; layout 2's holds two of large ones; layout 3 is drawn for
#: the camera (its own mode's achievements only, larger boxes further apart). Layout 3's ids
#: lie six bits or more (in any turn) from each other and five or more from the older
#: layouts' (no four of the dictionary lie six from all eight), and are the four of those
#: that a sheet's own boxes and digits pass for least: on 72 renders and photos of sheets
#: without their markers, 23 squares were read as one of them (ids 8, 13, 17 and 20: 1,950).
MARKER_IDS: dict[int, tuple[int, int, int, int]] = {1: (0, 1, 2, 3), 2: (4, 5, 6, 7),
                                                    3: (14, 20, 23, 36)}


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
#: How far out of the panel a marker of layout 1 or 2 reaches: to a quarter inch from the
#: paper's edge.
OUT = MARGIN - 18.0
#: How much further in from the paper's edge a marker of layout 3 is: 1-2 mm of a printer's
#: paper-feed skew clipped one a quarter inch in. The bottom markers sit above the footer,
#: 13 mm from the paper's bottom edge, and move in from its sides only.
INSET = 1.5 * MM
#: The first layout drawn for the camera: its markers further in, its code's quiet zone the
#: standard's.
CAMERA_FROM = 3
#: The QR code's module, in points, and its light border, in modules: two in layouts 1
#: and 2; from layout 3 the four the QR standard asks, so that a phone's reader finds it.
MODULE = 1.5
BORDER = {1: 2, 2: 2, 3: 4}
#: The QR code's side, its border included: 38 points in layouts 1 and 2 (a version 1 code's
#: 21 modules and their border of 2); in layout 3 a version 2 code's 25 modules (its text
#: starts with PRINTKIT: 27 letters or more, past version 1's 20) and their border of 4.
CODE = {1: 38.0, 2: 38.0, 3: (25 + 2 * BORDER[3]) * MODULE}
CODE_TOP = {1: 0.0, 2: 0.0, 3: -OUT}


def code_room(layout: int) -> float:
    """Return the room the title row leaves for the code, between the mode's badge and the
    date."""
    return CODE[layout] + 6.0


def marker_boxes(w: float, h: float, layout: int) -> list[tuple[float, float]]:
    """Return the top-left corners of the four markers (clockwise from the top left) in a w × h
    panel, as `layout` prints them: above the title row and between the sheet and its
    footer."""
    inset = INSET if layout >= CAMERA_FROM else 0.0
    left, right = -OUT + inset, w + OUT - MARKER - inset
    top = -OUT + inset
    # between the sheet and its footer: 2.5 pt above the footer's capitals (0.72 of its size)
    bottom = h + FOOTER - 1 - 0.72 * FOOTER_SIZE - 2.5 - MARKER
    return [(left, top), (right, top), (right, bottom), (left, bottom)]


def code_box(w: float, layout: int) -> tuple[float, float]:
    """Return the top-left corner of the QR code (its border included): at the right of the
    title row's free room, before the date."""
    return (w * 0.66 - 6 - CODE[layout], CODE_TOP[layout])


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


@lru_cache(maxsize=16)
def _modules(text: str) -> tuple[bytes, ...]:
    """Return the rows of the QR code of `text` (level M), 1 for a dark module: kept, as
    the photo reader draws a sheet of each candidate twice, its boxes and its picture."""
    return tuple(bytes(row) for row in segno.make_qr(text, error="m", boost_error=False).matrix)


def _code(canvas: Canvas, text: str, x: float, y: float, layout: int) -> None:
    matrix = _modules(text)
    border, side = BORDER[layout], CODE[layout]
    m = side / (len(matrix) + 2 * border)
    for r, row in enumerate(matrix):
        for start, length in _runs(row, 1):
            canvas.rect(x + (border + start) * m, y + (border + r) * m, length * m, m,
                        stroke=None, fill=INK)
    canvas.anchor("code", x, y, side, side)


def draw(canvas: Canvas, w: float, h: float, code: str, layout: int) -> None:
    """Draw the four markers of a layout and the sheet's code (`code`, its text) on a w × h
    panel."""
    for corner, (x, y) in enumerate(marker_boxes(w, h, layout)):
        _marker(canvas, corner, MARKER_IDS[layout][corner], x, y)
    _code(canvas, code, *code_box(w, layout), layout)


def page_anchors(paper: Paper, layout: int) -> dict[str, tuple[float, float, float, float]]:
    """Return where a gamesheet of `layout` printed on `paper` has its markers (by corner:
    `marker-0` is the top left) and code (its border included), on the page, in points (x,
    y, w, h): what a reader needs before it knows which sheet it holds. A test checks it
    against the anchors the printed page records."""
    w, h = cell_size(paper, 1)
    found = {f"marker-{i}": (MARGIN + x, MARGIN + y, MARKER, MARKER)
             for i, (x, y) in enumerate(marker_boxes(w, h, layout))}
    x, y = code_box(w, layout)
    found["code"] = (MARGIN + x, MARGIN + y, CODE[layout], CODE[layout])
    return found
