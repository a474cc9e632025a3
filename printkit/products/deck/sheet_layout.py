"""Where the cards of a print-and-play sheet go: a centred grid, and its backs.

Home printers cannot print the outer quarter inch of a sheet, so nothing is printed there:
the grid is the largest that leaves room, on every side, for the crop marks (at least 3 mm
long, 1 mm clear of the bleed) outside that quarter inch. Poker cards fit 3 × 3 upright on
neither Letter nor A4 with that room, so they lie on their side, 2 across and 4 down: 8 to
a sheet, 13 sheets for the 104 cards.

The cards touch (one cut between two cards) and the grid is centred, so a back lands
behind its front when the sheet is turned over: with long-edge duplex a front at (x, y)
is behind the back page's (W - x - w, y), with short-edge duplex behind (x, H - y - h).
The fill of the outer cards runs past the grid as far as the marks leave room;
`--offset X,Y` moves the backs to make up for a printer that shifts them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property
from typing import Literal

from printkit.draw.paper import INCH, MM, Paper
from printkit.errors import PrintkitError
from printkit.language import Lang
from printkit.message import quoted
from printkit.products.cards.geometry import HOME_CARD, CardBox, Sides

Duplex = Literal["long", "short", "none"]
DUPLEX_MODES: tuple[Duplex, ...] = ("long", "short", "none")
MAX_OFFSET_MM = 5.0
CLEAR = 0.25 * INCH      # the edge of the sheet no home printer reaches: nothing printed there
MARK_GAP = 1 * MM        # between the bleed and a crop mark
MARK_MIN = 3 * MM        # a crop mark a ruler can be laid on
MARK_MAX = 5 * MM
FRONT_BLEED = (1.5 * MM, 3 * MM)  # the bleed given before the marks grow, and at most
BACK_BLEED = 4 * MM      # backs have no marks, and drift more
LABEL_ROOM = 3.5 * MM    # a sheet's side label at its smallest (6.5 pt), a point clear of each


def parse_duplex(text: str) -> Duplex:
    """Return the duplex mode called `text`, or say which exist."""
    mode = text.strip().lower()
    if mode not in DUPLEX_MODES:
        raise PrintkitError(f"--duplex must be one of {', '.join(DUPLEX_MODES)} "
                            f"(not {quoted(text)})")
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
        """Return the offset written as 'X,Y' in mm ('0.5,-1'), or as 'X;Y', whose numbers
        may have a decimal comma as Spanish and French write them ('1,5;-0,5')."""
        if ";" in text:
            parts = [p.strip().replace(",", ".") for p in text.split(";")]
        else:
            parts = [p.strip() for p in text.split(",")]
        try:
            if len(parts) != 2:
                raise ValueError
            x, y = float(parts[0]), float(parts[1])
        except ValueError:
            raise PrintkitError(f"--offset must be two numbers of mm as X,Y, like 0.5,-1, or as "
                                f"X;Y, like 1,5;-1 (not {quoted(text)})") from None
        return cls(x, y)

    def __str__(self) -> str:
        return f"{self.x:+.1f}, {self.y:+.1f} mm"

    def label(self, lang: Lang) -> str:
        """Return the offset as the pages print it, in the option's own form for `lang`:
        '+1.5, -0.5 mm'; with a decimal comma '+1,5; -0,5 mm'."""
        def signed(v: float) -> str:
            return ("-" if v < 0 else "+") + lang.number(abs(v), 1)

        return f"{signed(self.x)}{separator(lang)} {signed(self.y)} mm"


def separator(lang: Lang) -> str:
    """Return what separates X from Y in `--offset` for a language: ',' where numbers have a
    decimal point, ';' where they have a decimal comma (so '1,5;0' reads as 1.5 and 0)."""
    return ";" if "," in lang.number(1.5, 1) else ","


def offset_option(lang: Lang) -> str:
    """Return the option as a page advises it: '--offset X,Y', or '--offset X;Y'."""
    return f"--offset X{separator(lang)}Y"


NO_OFFSET = Offset()  # the backs where the fronts are: the default


@dataclass(frozen=True)
class Grid:
    """How the cards fill a sheet: columns, rows, and whether each card lies on its side."""

    cols: int
    rows: int
    turned: bool

    @property
    def per_sheet(self) -> int:
        return self.cols * self.rows


def _room(margin: float) -> float:
    """Return the room a margin leaves for bleed, gap and mark, outside the clear edge."""
    return margin - CLEAR - MARK_GAP


def choose_grid(paper: Paper, card: CardBox) -> Grid:
    """Return the grid holding the most cards with room for marks on every side.

    On a tie the cards stand upright. A card too big for the sheet is refused.
    """
    best: Grid | None = None
    for turned in (False, True):
        w, h = (card.height, card.width) if turned else (card.width, card.height)
        cols = math.floor((paper.width - 2 * (CLEAR + MARK_GAP + MARK_MIN)) / w)
        rows = math.floor((paper.height - 2 * (CLEAR + MARK_GAP + MARK_MIN)) / h)
        if cols >= 1 and rows >= 1 and (best is None or cols * rows > best.per_sheet):
            best = Grid(cols, rows, turned)
    if best is None:
        raise PrintkitError(f"a {card.width / INCH:.2f} × {card.height / INCH:.2f} in card "
                            f"does not fit on {paper.id} paper with room for crop marks")
    return best


@dataclass(frozen=True)
class SheetLayout:
    """Where the cards of a sheet go on `paper`, fronts and (mirrored) backs."""

    paper: Paper
    duplex: Duplex = "long"
    offset: Offset = Offset()
    card: CardBox = HOME_CARD

    @cached_property
    def grid(self) -> Grid:
        return choose_grid(self.paper, self.card)

    @property
    def cols(self) -> int:
        return self.grid.cols

    @property
    def rows(self) -> int:
        return self.grid.rows

    @property
    def per_sheet(self) -> int:
        return self.grid.per_sheet

    @property
    def slot_width(self) -> float:
        """Return the width a card takes on the sheet (its height, if it lies on its side)."""
        return self.card.height if self.grid.turned else self.card.width

    @property
    def slot_height(self) -> float:
        return self.card.width if self.grid.turned else self.card.height

    @property
    def grid_left(self) -> float:
        return (self.paper.width - self.cols * self.slot_width) / 2

    @property
    def grid_top(self) -> float:
        return (self.paper.height - self.rows * self.slot_height) / 2

    def _marks(self, margin: float) -> tuple[float, float]:
        """Return (bleed, mark length) for a margin: a little bleed, then the mark, then more."""
        room = _room(margin)
        mark = min(MARK_MAX, max(MARK_MIN, room - FRONT_BLEED[0]))
        return max(0.0, min(FRONT_BLEED[1], room - mark)), mark

    @property
    def front_bleed(self) -> tuple[float, float]:
        """Return the bleed past the grid's sides and past its top and bottom."""
        return self._marks(self.grid_left)[0], self._marks(self.grid_top)[0]

    @property
    def mark_length(self) -> tuple[float, float]:
        """Return the length of the marks beside the grid and above and below it."""
        return self._marks(self.grid_left)[1], self._marks(self.grid_top)[1]

    @property
    def back_bleed(self) -> Sides:
        """Return the backs' bleed past each side of their grid (left, top, right, bottom).

        The offset moves the backs toward one edge; the bleed on that side shrinks so that
        it, too, stays out of the sheet's outer quarter inch, and on the left and right
        leaves room for the side labels beside it.
        """
        dx, dy = self.offset.x * MM, self.offset.y * MM
        gl, gt = self.grid_left, self.grid_top

        def side(margin: float, label: float = 0.0) -> float:
            return max(0.0, min(BACK_BLEED, margin - CLEAR - label))

        return (side(gl + dx, LABEL_ROOM), side(gt + dy), side(gl - dx, LABEL_ROOM),
                side(gt - dy))

    def front_slot(self, i: int) -> tuple[float, float]:
        """Return the top-left of the i-th card's place on a front page (row by row)."""
        col, row = i % self.cols, i // self.cols
        return (self.grid_left + col * self.slot_width, self.grid_top + row * self.slot_height)

    def behind(self, x: float, y: float, w: float = 0, h: float = 0) -> tuple[float, float]:
        """Return where the box (x, y, w, h) of a front page is on the back page."""
        if self.duplex == "short":
            return (x, self.paper.height - y - h)
        return (self.paper.width - x - w, y)

    def back_slot(self, i: int) -> tuple[float, float]:
        """Return the top-left of the i-th card's back on its back page, offset applied."""
        fx, fy = self.front_slot(i)
        bx, by = self.behind(fx, fy, self.slot_width, self.slot_height)
        return (bx + self.offset.x * MM, by + self.offset.y * MM)

    def slot_bleed(self, x: float, y: float, outer: Sides) -> Sides:
        """Return the bleed of the place at (x, y) on the sheet: `outer` on the grid's edges.

        `outer` is (left, top, right, bottom) past the grid; sides inside the grid have none.
        """
        w, h = self.slot_width, self.slot_height
        left_edge = abs(x - self.grid_left) < 0.5 * w
        right_edge = abs(x + w - (self.grid_left + self.cols * w)) < 0.5 * w
        top_edge = abs(y - self.grid_top) < 0.5 * h
        bottom_edge = abs(y + h - (self.grid_top + self.rows * h)) < 0.5 * h
        return (outer[0] if left_edge else 0.0, outer[1] if top_edge else 0.0,
                outer[2] if right_edge else 0.0, outer[3] if bottom_edge else 0.0)

    def placement(self, x: float, y: float, bleed: Sides) -> tuple[float, float, int, Sides]:
        """Return where to draw a card at the place (x, y): its origin, turn and own bleed.

        A card on its side is turned a quarter turn clockwise, its top to the right; the
        bleed on the sheet's left, top, right and bottom is then the card's bottom, left,
        top and right.
        """
        if not self.grid.turned:
            return x, y, 0, bleed
        left, top, right, bottom = bleed
        return x + self.card.height, y, 90, (top, right, bottom, left)


def clamp(v: float, low: float, high: float) -> float:
    """Return v held between low and high."""
    return max(low, min(high, v))


def sheet_count(cards: int, layout: SheetLayout) -> int:
    """Return how many sheets `cards` cards fill."""
    return math.ceil(cards / layout.per_sheet)
