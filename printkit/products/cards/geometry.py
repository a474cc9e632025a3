"""Where a card is drawn: its trim size, the bleed around it and the safe zone inside it."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Protocol

from printkit.draw.paper import INCH, MM
from printkit.language import ENGLISH, Lang

if TYPE_CHECKING:
    from printkit.draw.canvas import Canvas
    from printkit.draw.page import Page

Sides = tuple[float, float, float, float]  # left, top, right, bottom

CARD_WIDTH = 2.5 * INCH   # poker size, as cut: the default, unless a printer profile says
CARD_HEIGHT = 3.5 * INCH
BLEED = 0.125 * INCH      # printed beyond the cut, so a cut that wanders shows no white
SAFE = 0.125 * INCH       # kept clear inside the cut, so a cut that wanders takes nothing
INSET = 1 * MM            # and everything but the background stays this far inside the safe line


@dataclass(frozen=True)
class CardBox:
    """A card's trim size, the bleed drawn past each edge, and the safe margin, in points.

    A card is drawn with its trim's top-left corner at (0, 0); the background runs out to
    the bleed, everything else stays inside the safe zone. `corner` rounds the background
    instead (for previews, which show the card as it will look once cut).
    """

    width: float
    height: float
    safe: float = SAFE
    bleed: Sides = (0.0, 0.0, 0.0, 0.0)
    corner: float = 0.0

    @classmethod
    def with_uniform_bleed(cls, width: float, height: float, bleed: float, safe: float) -> CardBox:
        """Return a box whose bleed is the same on every side."""
        return cls(width, height, safe, (bleed, bleed, bleed, bleed))

    @property
    def inner(self) -> float:
        """Return how far inside the cut the design keeps: the safe zone and a millimetre."""
        return self.safe + INSET

    @property
    def outer_width(self) -> float:
        """Return the width including the bleed (the page size of a single card)."""
        return self.width + self.bleed[0] + self.bleed[2]

    @property
    def outer_height(self) -> float:
        return self.height + self.bleed[1] + self.bleed[3]

    def with_bleed(self, bleed: Sides) -> CardBox:
        return replace(self, bleed=bleed)

    def rounded(self, corner: float) -> CardBox:
        """Return the box without bleed, its corners rounded as a cut card's are."""
        return replace(self, bleed=(0.0, 0.0, 0.0, 0.0), corner=corner)


HOME_CARD = CardBox(CARD_WIDTH, CARD_HEIGHT, SAFE)


def size_label(card: CardBox, lang: Lang = ENGLISH) -> str:
    """Return a card's size as a player reads it: '2.5 × 3.5 in (63.5 × 88.9 mm)', with the
    decimal comma of French and Spanish."""
    def inches(points: float) -> str:
        value = points / INCH
        return lang.number(value, 0 if value == int(value) else len(f"{value:g}".split(".")[1]))

    return (f"{inches(card.width)} × {inches(card.height)} in "
            f"({lang.number(card.width / MM, 1)} × {lang.number(card.height / MM, 1)} mm)")
CUT_CORNER = 3 * MM  # the radius of a corner-rounder punch and of printers' dies


class Design(Protocol):
    """One distinct card design, drawn in a box (a deck's `CardArt`, or a stand-in in a test)."""

    @property
    def kind(self) -> str: ...

    @property
    def label(self) -> str: ...

    @property
    def slug(self) -> str: ...

    def draw(self, canvas: Canvas, box: CardBox) -> None: ...

    def page(self, box: CardBox) -> Page: ...


def design_page(design: Design, box: CardBox) -> Page:
    """Return a design alone on a page the size of the card and its bleed."""
    from printkit.draw.page import Page

    left, top = box.bleed[0], box.bleed[1]

    def draw(canvas: Canvas) -> None:
        with canvas.translated(left, top):
            design.draw(canvas, box)

    return Page(box.outer_width, box.outer_height, draw, design.label,
                trim=box.bleed if any(box.bleed) else None)
