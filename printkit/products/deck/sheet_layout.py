"""Where the cards of a print-and-play sheet go: a centred 3 × 3 grid, and its backs.

The 3 × 3 cards touch (one cut between two cards) and the grid is centred, so a back
lands behind its front when the sheet is turned over: with long-edge duplex a front at
(x, y) is behind the back page's (W - x - w, y), with short-edge duplex behind
(x, H - y - h). The fill of the outer cards runs past the grid as far as the crop marks
leave room; `--offset X,Y` moves the backs to make up for a printer that shifts them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

from printkit.draw.paper import MM, Paper
from printkit.errors import PrintkitError
from printkit.games.crazy8ix_deck import Deck
from printkit.products.deck.art import printed_count
from printkit.products.deck.geometry import HOME_CARD, CardBox, Sides

Duplex = Literal["long", "short", "none"]
DUPLEX_MODES: tuple[Duplex, ...] = ("long", "short", "none")
COLS, ROWS = 3, 3
PER_SHEET = COLS * ROWS
MAX_OFFSET_MM = 5.0
MARK_CLEAR = 8 * MM  # margin kept for the crop marks before any bleed is given


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
        return (clamp(self.grid_left - MARK_CLEAR, 0, 3 * MM),
                clamp(self.grid_top - MARK_CLEAR, 0, 3 * MM))

    @property
    def back_bleed(self) -> tuple[float, float]:
        """Return the backs' bleed: wider, as backs have no marks and drift more."""
        return (clamp(self.grid_left - 3 * MM, 0, 4 * MM),
                clamp(self.grid_top - 3 * MM, 0, 4 * MM))

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


def clamp(v: float, low: float, high: float) -> float:
    """Return v held between low and high."""
    return max(low, min(high, v))


def sheet_count(deck: Deck) -> int:
    """Return how many sheets of cards the deck and its help cards fill."""
    return math.ceil(printed_count(deck) / PER_SHEET)
