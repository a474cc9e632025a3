"""The deck's colours: one family per kind of card, each with a light fill for home ink.

Colour never works alone: every family also has its own shape (a circle for consonants,
a diamond for vowels, an icon for the specials), so the deck plays in black and white.
"""

from __future__ import annotations

from dataclasses import dataclass

from printkit.draw.color import (
    BLACK,
    INK,
    OKABE_GREEN,
    OKABE_ORANGE,
    OKABE_PURPLE,
    OKABE_SKY,
    OKABE_VERMILLION,
    OKABE_YELLOW,
    WHITE,
    Color,
)
from printkit.games.crazy8ix_deck import DeckCard

BG_TINT = 0.86  # how far toward white the background runs: light, so it saves ink


@dataclass(frozen=True)
class Family:
    """The colours of one kind of card: its fill, its main colour, and its text colour."""

    name: str
    main: Color  # the medallion's ring and the big letter, on white
    ink: Color   # small text and outlines on the light fill
    fill: Color  # the background, into the bleed

    @property
    def contrasts(self) -> dict[str, float]:
        """Return the contrast of each text colour against what it is printed on."""
        return {"main on white": self.main.contrast(WHITE),
                "ink on fill": self.ink.contrast(self.fill),
                "ink on white": self.ink.contrast(WHITE),
                "white on ink": WHITE.contrast(self.ink)}


def _family(name: str, base: Color) -> Family:
    return Family(name, base.mix(BLACK, 0.15), base.mix(BLACK, 0.3), base.tint(BG_TINT))


CONSONANT = _family("consonant", OKABE_SKY)
HIGH = _family("high consonant", OKABE_GREEN)  # W X Z: 50 points
VOWEL = _family("vowel", OKABE_PURPLE)
FIRECRACKER = _family("firecracker", OKABE_VERMILLION)
STAR = Family("star", OKABE_ORANGE.mix(BLACK, 0.2), OKABE_ORANGE.mix(BLACK, 0.4),
              OKABE_YELLOW.tint(0.72))
HELP = Family("help", INK.mix(WHITE, 0.15), INK, Color.hex("#efefec"))
BACK = _family("back", OKABE_SKY)
FAMILIES = (CONSONANT, HIGH, VOWEL, FIRECRACKER, STAR, HELP, BACK)

STAR_FILL = OKABE_YELLOW
SPARK_FILL = OKABE_YELLOW
FIRECRACKER_BODY = OKABE_VERMILLION


def family(card: DeckCard) -> Family:
    """Return the colours of a deck card."""
    if card.name == "star":
        return STAR
    if card.name == "firecracker":
        return FIRECRACKER
    if card.is_vowel:
        return VOWEL
    if card.points >= 50:
        return HIGH
    return CONSONANT
