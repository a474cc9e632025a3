"""The print-and-play PDF: 9 cards to a sheet, crop marks, and backs lined up for duplex.

Sheet geometry. The 3 × 3 cards touch (one cut between two cards) and the grid is centred,
so a back lands behind its front when the sheet is turned over: with long-edge duplex a
front at (x, y) is behind the back page's (W - x - w, y), with short-edge duplex behind
(x, H - y - h). The fill of the outer cards runs past the grid as far as the crop marks
leave room; the marks sit outside the cards, in the margin. Page 1 says how to print and
carries a 100 % check square and an alignment cross; page 2, its back, the scales that
read how far a printer shifts the backs (`--offset X,Y` moves them back).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from printkit.draw import fonts
from printkit.draw.canvas import Canvas
from printkit.draw.color import GREY, INK
from printkit.draw.impose import footer
from printkit.draw.page import Page
from printkit.draw.paper import INCH, MM, Paper
from printkit.draw.text import draw_paragraph, fit
from printkit.errors import PrintkitError
from printkit.games.crazy8ix_deck import Deck
from printkit.products.deck.art import Art, back_art, check_printable, printed_count, printed_fronts
from printkit.products.deck.geometry import HOME_CARD, CardBox, Sides
from printkit.products.document import Document

Duplex = Literal["long", "short", "none"]
DUPLEX_MODES: tuple[Duplex, ...] = ("long", "short", "none")
COLS, ROWS = 3, 3
PER_SHEET = COLS * ROWS
MAX_OFFSET_MM = 5.0
_MARK_CLEAR = 8 * MM   # margin kept for the crop marks before any bleed is given
_MARK_LEN = 5 * MM
_MARK_WIDTH = 0.5
_SCALE_RANGE = 5       # the calibration scales read -5 mm to +5 mm
_PAGE_MARGIN = 0.9 * INCH  # pages 1 and 2: well inside what any printer reaches


def parse_duplex(text: str) -> Duplex:
    """Return the duplex mode called `text`, or say which exist."""
    mode = text.strip().lower()
    if mode not in DUPLEX_MODES:
        raise PrintkitError(f"--duplex must be one of {', '.join(DUPLEX_MODES)} (not {text!r})")
    return mode


@dataclass(frozen=True)
class Offset:
    """How far the backs are moved on their page, in mm: x to the right, y down."""

    x: float = 0.0
    y: float = 0.0

    def __post_init__(self) -> None:
        for axis, value in (("X", self.x), ("Y", self.y)):
            if not math.isfinite(value) or abs(value) > MAX_OFFSET_MM:
                raise PrintkitError(f"--offset {axis} must be between -{MAX_OFFSET_MM:g} and "
                                    f"{MAX_OFFSET_MM:g} mm (not {value:g})")

    @classmethod
    def parse(cls, text: str) -> Offset:
        """Return the offset written as 'X,Y' in mm (like '0.5,-1')."""
        parts = [p.strip() for p in text.split(",")]
        try:
            if len(parts) != 2:
                raise ValueError
            x, y = float(parts[0]), float(parts[1])
        except ValueError:
            raise PrintkitError(f"--offset must be two numbers of mm as X,Y, like 0.5,-1 "
                                f"(not {text!r})") from None
        return cls(x, y)

    def __str__(self) -> str:
        return f"{self.x:+.1f}, {self.y:+.1f} mm"


@dataclass(frozen=True)
class SheetLayout:
    """Where the 9 cards of a sheet go on `paper`, fronts and (mirrored) backs."""

    paper: Paper
    duplex: Duplex = "long"
    offset: Offset = Offset()
    card: CardBox = HOME_CARD

    @property
    def grid_left(self) -> float:
        return (self.paper.width - COLS * self.card.width) / 2

    @property
    def grid_top(self) -> float:
        return (self.paper.height - ROWS * self.card.height) / 2

    @property
    def front_bleed(self) -> tuple[float, float]:
        """Return the bleed past the grid's sides and past its top and bottom."""
        return (_clamp(self.grid_left - _MARK_CLEAR, 0, 3 * MM),
                _clamp(self.grid_top - _MARK_CLEAR, 0, 3 * MM))

    @property
    def back_bleed(self) -> tuple[float, float]:
        """Return the backs' bleed: wider, as backs have no marks and drift more."""
        return (_clamp(self.grid_left - 3 * MM, 0, 4 * MM),
                _clamp(self.grid_top - 3 * MM, 0, 4 * MM))

    def front_slot(self, i: int) -> tuple[float, float]:
        """Return the top-left of the i-th card's trim on a front page (row by row)."""
        col, row = i % COLS, i // COLS
        return (self.grid_left + col * self.card.width, self.grid_top + row * self.card.height)

    def behind(self, x: float, y: float, w: float = 0, h: float = 0) -> tuple[float, float]:
        """Return where the box (x, y, w, h) of a front page is on the back page."""
        if self.duplex == "short":
            return (x, self.paper.height - y - h)
        return (self.paper.width - x - w, y)

    def back_slot(self, i: int) -> tuple[float, float]:
        """Return the top-left of the i-th card's back on its back page, offset applied."""
        fx, fy = self.front_slot(i)
        bx, by = self.behind(fx, fy, self.card.width, self.card.height)
        return (bx + self.offset.x * MM, by + self.offset.y * MM)

    def card_bleed(self, x: float, y: float, outer: tuple[float, float]) -> Sides:
        """Return the bleed of a card whose trim is at (x, y): `outer` on the grid's edges only."""
        w, h = self.card.width, self.card.height
        left_edge = abs(x - self.grid_left) < 0.5 * w
        right_edge = abs(x + w - (self.grid_left + COLS * w)) < 0.5 * w
        top_edge = abs(y - self.grid_top) < 0.5 * h
        bottom_edge = abs(y + h - (self.grid_top + ROWS * h)) < 0.5 * h
        return (outer[0] if left_edge else 0.0, outer[1] if top_edge else 0.0,
                outer[0] if right_edge else 0.0, outer[1] if bottom_edge else 0.0)


def _clamp(v: float, low: float, high: float) -> float:
    return max(low, min(high, v))


def sheet_count(deck: Deck) -> int:
    """Return how many sheets of cards the deck and its help cards fill."""
    return math.ceil(printed_count(deck) / PER_SHEET)


def pnp_document(deck: Deck, paper: Paper, duplex: Duplex = "long",
                 offset: Offset = Offset()) -> Document:
    """Return the print-and-play PDF document of `deck` on `paper`."""
    parse_duplex(duplex)
    check_printable(deck)
    layout = SheetLayout(paper, duplex, offset)
    backs = duplex != "none"
    sheets = sheet_count(deck)
    total_pages = (2 if backs else 1) * (sheets + 1)
    title = "Crazy8ix deck"
    pages: list[Page] = [_page(paper, lambda c: _instructions(c, deck, layout, total_pages),
                               "instructions")]
    if backs:
        pages.append(_page(paper, lambda c: _calibration_back(c, layout, total_pages),
                           "alignment scales"))
    fronts = list(printed_fronts(deck))
    back = back_art(deck)
    count = len(fronts)
    for s in range(sheets):
        group = fronts[s * PER_SHEET:(s + 1) * PER_SHEET]
        first = s * PER_SHEET + 1
        what = f"cards {first}-{first + len(group) - 1} of {count}"
        number = len(pages) + 1
        pages.append(_page(paper, _front_sheet(layout, group, what, number, total_pages),
                           f"fronts {s + 1}"))
        if backs:
            pages.append(_page(paper, _back_sheet(layout, back, len(group), what,
                                                  number + 1, total_pages), f"backs {s + 1}"))
    suffix = {"long": "", "short": "-short-edge", "none": "-no-backs"}[duplex]
    return Document(f"{title}, {paper.id}", f"crazy8ix-deck-{paper.id}{suffix}.pdf",
                    tuple(pages))


def _page(paper: Paper, draw: Callable[[Canvas], None], label: str) -> Page:
    return Page(paper.width, paper.height, draw, label)


# -- card sheets ---------------------------------------------------------------------------

def _front_sheet(layout: SheetLayout, group: Sequence[Art], what: str, number: int,
                 total: int) -> Callable[[Canvas], None]:
    def draw(canvas: Canvas) -> None:
        outer = layout.front_bleed
        for i, art in enumerate(group):
            x, y = layout.front_slot(i)
            box = layout.card.with_bleed(layout.card_bleed(x, y, outer))
            with canvas.translated(x, y):
                art.draw(canvas, box)
        _crop_marks(canvas, layout)
        _side_footer(canvas, layout, f"printkit · Crazy8ix deck · fronts of {what}",
                     f"{layout.paper.label} · page {number} of {total}")
    return draw


def _back_sheet(layout: SheetLayout, back: Art, n: int, what: str, number: int,
                total: int) -> Callable[[Canvas], None]:
    def draw(canvas: Canvas) -> None:
        outer = layout.back_bleed
        for i in range(n):
            x, y = layout.back_slot(i)
            # the bleed follows where the back sits in the grid before the offset moves it
            gx, gy = x - layout.offset.x * MM, y - layout.offset.y * MM
            box = layout.card.with_bleed(layout.card_bleed(gx, gy, outer))
            with canvas.translated(x, y):
                back.draw(canvas, box)
        _side_footer(canvas, layout, f"printkit · Crazy8ix deck · backs of {what}",
                     f"{layout.paper.label} · page {number} of {total}")
    return draw


def _crop_marks(canvas: Canvas, layout: SheetLayout) -> None:
    """Draw short cut marks in the margin, in line with every cut, clear of the bleed."""
    w, h = layout.card.width, layout.card.height
    gl, gt = layout.grid_left, layout.grid_top
    gr, gb = gl + COLS * w, gt + ROWS * h
    side_bleed, top_bleed = layout.front_bleed
    start = top_bleed + 1 * MM
    end = min(start + _MARK_LEN, gt - 1 * MM)
    for c in range(COLS + 1):
        x = gl + c * w
        canvas.line(x, gt - start, x, gt - end, INK, _MARK_WIDTH)
        canvas.line(x, gb + start, x, gb + end, INK, _MARK_WIDTH)
    start = side_bleed + 1 * MM
    end = min(start + _MARK_LEN, gl - 1 * MM)
    for r in range(ROWS + 1):
        y = gt + r * h
        canvas.line(gl - start, y, gl - end, y, INK, _MARK_WIDTH)
        canvas.line(gr + start, y, gr + end, y, INK, _MARK_WIDTH)


def _side_footer(canvas: Canvas, layout: SheetLayout, left: str, right: str) -> None:
    """Write the sheet's footer up the left margin and down the right one, beside the middle row.

    The top and bottom margins of a 9-card Letter sheet are too narrow for text that a
    printer will not clip; the side margins are wider, and the middle row has no cut there.
    """
    side_bleed = max(layout.front_bleed[0], layout.back_bleed[0])
    gl = layout.grid_left
    room = layout.card.height - 8 * MM
    size = 8.0
    cy = layout.grid_top + 1.5 * layout.card.height
    base = _clamp(side_bleed + 1 * MM + fonts.cap_height(fonts.REGULAR, size),
                  0, gl - 1.5 * MM)
    text = fit(left, fonts.REGULAR, size, room)
    with canvas.translated(gl - base, cy, -90):
        canvas.text(0, 0, text.text, fonts.REGULAR, text.size, GREY, "center")
    text = fit(right, fonts.REGULAR, size, room)
    with canvas.translated(layout.paper.width - gl + base, cy, 90):
        canvas.text(0, 0, text.text, fonts.REGULAR, text.size, GREY, "center")


# -- page 1 and its back --------------------------------------------------------------------

def _check_square(paper: Paper) -> tuple[float, str]:
    """Return the side of the 100 % check square in points, and how it is described."""
    if paper.id == "letter":
        return 2 * INCH, "2 in (50.8 mm)"
    return 50 * MM, "50 mm (1.97 in)"


def _cross_point(layout: SheetLayout) -> tuple[float, float]:
    """Return the centre of the alignment cross on page 1, below the text.

    It sits a little left of the middle, so that behind it, whichever way the sheet is
    turned, there is room for the scales, which reach 55 mm to the right of it.
    """
    paper = layout.paper
    return (paper.width / 2 - 20 * MM, paper.height - _PAGE_MARGIN - 45 * MM)


def _advice(deck: Deck, layout: SheetLayout) -> list[tuple[str, str]]:
    """Return the printing advice as (heading, text) pairs, for this paper and duplex mode."""
    said = _check_square(layout.paper)[1]
    other = {"long": "short", "short": "long"}
    items = [("Print at 100 %", f"Choose “Actual size” and turn off “Fit to page”. The "
              f"square below must measure {said}; if it does not, the cards will come out "
              f"the wrong size.")]
    if layout.duplex == "none":
        items.append(("One-sided", "This file has no backs. Print it single-sided and slide "
                      "each card into a sleeve in front of an old playing card, or glue it to "
                      "thin card."))
    else:
        flip = layout.duplex
        items.append(("Double-sided", f"Print on both sides, flipping on the {flip} edge: the "
                      f"backs are placed for that. If your printer flips on the "
                      f"{other[flip]} edge, run printkit deck --duplex {other[flip]}."))
        items.append(("Test the alignment first", "Print pages 1 and 2 on plain paper. Hold "
                      "the sheet up to a window, or push a pin through the centre of the "
                      "cross: where it shows on page 2's scales is the offset your printer "
                      "needs. If it is not 0,0, run printkit deck --offset X,Y."))
    items.append(("Paper", "Card stock of 200-250 g/m² (80-90 lb cover) if your printer "
                  "takes it; plain paper in card sleeves plays just as well."))
    items.append(("Cutting", "Cut along the marks at the edges of each sheet: 4 cuts across "
                  "and 4 down, with a paper trimmer or a craft knife and a steel ruler. A 3 mm "
                  "corner punch rounds the corners."))
    help_titles = ", ".join(h.title for h in deck.help_cards)
    items.append(("Help cards", f"The last cards are the help cards {help_titles}: lay "
                  f"them out on the table, face up; they are not shuffled into the deck."))
    return items


def _instructions(canvas: Canvas, deck: Deck, layout: SheetLayout, total: int) -> None:
    """Draw page 1: what this is, how to print it, the check square and the cross."""
    paper = layout.paper
    m = _PAGE_MARGIN
    width = paper.width - 2 * m
    y = m + fonts.cap_height(fonts.BLACK, 22)
    canvas.text(m, y, "Crazy8ix · print-and-play deck", fonts.BLACK, 22, INK)
    sheets = sheet_count(deck)
    mode = {"long": "double-sided, long-edge flip", "short": "double-sided, short-edge flip",
            "none": "single-sided, no backs"}[layout.duplex]
    y += 18
    canvas.text(m, y, f"{deck.total} cards and {len(deck.help_cards)} help cards on {sheets} "
                f"sheets · {paper.label} · {mode}", fonts.REGULAR, 10, GREY)
    y += 12
    offset_note = "" if layout.offset == Offset() else f" · backs moved {layout.offset}"
    if offset_note:
        canvas.text(m, y + 2, f"Offset for the backs{offset_note}", fonts.REGULAR, 9, GREY)
        y += 12
    y += 14
    for heading, text in _advice(deck, layout):
        canvas.text(m, y + fonts.cap_height(fonts.BOLD, 10.5), heading, fonts.BOLD, 10.5, INK)
        y = draw_paragraph(canvas, m, y + 16, width, text, fonts.REGULAR, 10, INK, 13) + 11
    y += 4
    canvas.text(m, y + fonts.cap_height(fonts.BOLD, 10.5), "In this deck", fonts.BOLD, 10.5,
                INK)
    listing = "   ".join(f"{c.name} ×{c.qty}" for c in deck.cards)
    y = draw_paragraph(canvas, m, y + 16, width, listing, fonts.REGULAR, 9.5, INK, 12.5)
    # the 100 % square, bottom right, and the alignment cross left of it
    side, said = _check_square(paper)
    sx, sy = paper.width - m - side, paper.height - m - side - 14
    canvas.rect(sx, sy, side, side, INK, None, 0.75)
    for i in range(1, 10):
        t = side * i / 10
        canvas.line(sx + t, sy + side, sx + t, sy + side - (4 if i % 5 else 7), INK, 0.5)
        canvas.line(sx, sy + t, sx + (4 if i % 5 else 7), sy + t, INK, 0.5)
    canvas.text(sx + side / 2, sy + side / 2 - 2, "100 %", fonts.BOLD, 11, INK, "center")
    canvas.text(sx + side / 2, sy + side / 2 + 11, said, fonts.REGULAR, 8.5, INK, "center")
    canvas.text(sx, sy + side + 12, "This square must measure exactly " + said,
                fonts.REGULAR, 8.5, GREY)
    if layout.duplex != "none":
        px, py = _cross_point(layout)
        arm = 30 * MM
        canvas.line(px - arm, py, px + arm, py, INK, 0.4)
        canvas.line(px, py - arm, px, py + arm, INK, 0.4)
        canvas.circle(px, py, 2 * MM, INK, None, 0.4)
        canvas.text(px, py + arm + 12, "alignment cross (see page 2)", fonts.REGULAR, 8.5,
                    GREY, "center")
    footer(canvas, paper, "Crazy8ix deck · how to print", 1, total)


def _calibration_back(canvas: Canvas, layout: SheetLayout, total: int) -> None:
    """Draw page 2: two staircases of mm lines behind page 1's cross, and how to read them."""
    paper = layout.paper
    m = _PAGE_MARGIN
    width = paper.width - 2 * m
    px, py = _cross_point(layout)
    bx, by = layout.behind(px, py)
    text = ("Hold this sheet up to a window and look at this side (or push a pin through "
            "the centre of the cross on page 1). The cross's upright line falls on one of "
            "the X lines, its level line on one of the Y lines: the numbers of those lines "
            "are the offset, in mm. Run printkit deck --offset X,Y with them; at 0,0 the "
            "backs need nothing. Between two lines, take the half: 1.5. The small triangles "
            f"mark the offset this file was made with ({layout.offset}).")
    # the text goes in the half of the page the scales leave free
    top = m if by > paper.height / 2 else paper.height / 2
    y = top + fonts.cap_height(fonts.BLACK, 18)
    canvas.text(m, y, "Page 2 · back of page 1: alignment scales", fonts.BLACK, 18, INK)
    draw_paragraph(canvas, m, y + 14, width, text, fonts.REGULAR, 10, INK, 13)
    _staircase(canvas, bx, by, "x", layout.offset.x)
    _staircase(canvas, bx, by, "y", layout.offset.y)
    footer(canvas, paper, "Crazy8ix deck · alignment scales", 2, total)


def _staircase(canvas: Canvas, cx: float, cy: float, axis: str, used: float) -> None:
    """Draw 11 lines 1 mm apart near page 1's cross line, each a step longer, each numbered.

    Line v sits v mm from where page 1's line falls with a perfect printer. A printer that
    moves the back by d makes page 1's line meet line -d, which is the offset that brings
    the backs back; so the lines are not moved by the offset the file was made with.
    """
    step, stem = 3.5 * MM, 6 * MM
    n = _SCALE_RANGE
    if axis == "x":
        top = cy - 28 * MM
        for v in range(-n, n + 1):
            x = cx + v * MM
            end = top + stem + (v + n) * step
            canvas.line(x, top, x, end, INK, 0.5 if v else 0.8)
            # below the line's end and left of the next (longer) line
            canvas.text(x + 0.45 * MM, end + 3.2 * MM, f"{v:+d}" if v else "0",
                        fonts.BOLD if v == 0 else fonts.REGULAR, 8, INK, "right")
        tip = (cx + used * MM, top - 0.6 * MM)
        canvas.polygon([tip, (tip[0] - 1.2 * MM, tip[1] - 2.2 * MM),
                        (tip[0] + 1.2 * MM, tip[1] - 2.2 * MM)], None, INK, 0)
        canvas.text(cx - n * MM - 3 * MM, top + 4 * MM, "X", fonts.BLACK, 12, INK, "right")
    else:
        left = cx + 9 * MM
        for v in range(-n, n + 1):
            y = cy + v * MM
            end = left + stem + (v + n) * step
            canvas.line(left, y, end, y, INK, 0.5 if v else 0.8)
            # past the line's end and above the next (longer) line
            canvas.text(end + 0.8 * MM, y - 0.35 * MM, f"{v:+d}" if v else "0",
                        fonts.BOLD if v == 0 else fonts.REGULAR, 8, INK)
        tip = (left - 0.6 * MM, cy + used * MM)
        canvas.polygon([tip, (tip[0] - 2.2 * MM, tip[1] - 1.2 * MM),
                        (tip[0] - 2.2 * MM, tip[1] + 1.2 * MM)], None, INK, 0)
        canvas.text(left + 3 * MM, cy - n * MM - 2.5 * MM, "Y", fonts.BLACK, 12, INK, "center")
