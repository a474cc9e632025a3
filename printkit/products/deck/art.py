"""Every distinct design in a deck (faces, help cards, the back) and the order cards are printed.

An `Art` is a small picklable value, so a worker process can draw it from scratch; a
deck's printed sequence refers to its arts, so each distinct card is rendered only once.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

from printkit.draw import fonts
from printkit.draw.canvas import Canvas
from printkit.draw.color import Color
from printkit.draw.page import Page
from printkit.games.crazy8ix_deck import Deck, DeckCard, HelpCard
from printkit.language import ENGLISH, Lang
from printkit.products.deck import icons, style
from printkit.products.deck.back import draw_back
from printkit.products.deck.faces import draw_face
from printkit.products.deck.geometry import CardBox, design_page
from printkit.products.deck.help_cards import draw_help

Kind = Literal["face", "help", "back"]


@dataclass(frozen=True)
class Art:
    """One distinct design: a deck card's face, a help card, or the back."""

    kind: Kind
    name: str            # the card ('Q', 'star'), the help card's title, or the back's title
    topic: str = ""      # a help card's topic
    number: int = 0      # a help card's place among them, from 1
    of: int = 0          # how many help cards there are
    lang: Lang = ENGLISH  # the language of a help card's words and a face's captions

    @property
    def slug(self) -> str:
        """Return the name used in file names: 'Q', 'star', 'help-A', 'back'."""
        if self.kind == "face":
            return self.name
        if self.kind == "help":
            plain = self.name.isascii() and self.name.isalnum()
            return f"help-{self.name}" if plain else f"help-{self.number}"
        return "back"

    @property
    def label(self) -> str:
        """Return what a person calls this card: 'Q', 'star', 'help card A', 'back'."""
        return {"face": self.name, "help": f"help card {self.name}", "back": "back"}[self.kind]

    @property
    def family(self) -> style.Family:
        """Return the colours of this design."""
        if self.kind == "face":
            return style.family(DeckCard(self.name))
        return style.HELP if self.kind == "help" else style.BACK

    def draw(self, canvas: Canvas, box: CardBox) -> None:
        """Draw this design in `box`: its background out to the bleed, then the design.

        The design does not depend on the bleed, so it is handed to the canvas to reuse:
        a PDF holds each distinct card once, however many times it is printed.
        """
        fam = self.family
        background(canvas, box, fam.fill, fam.ink if box.corner else None)
        canvas.reuse((self, box.width, box.height, box.inner), (0, 0, box.width, box.height),
                     lambda c: self._design(c, box))

    def _design(self, canvas: Canvas, box: CardBox) -> None:
        if self.kind == "face":
            draw_face(canvas, DeckCard(self.name), box, self.lang)
        elif self.kind == "help":
            draw_help(canvas, HelpCard(self.name, self.topic), box, self.of, self.number,
                      self.lang)
        else:
            draw_back(canvas, self.lang.gettext(self.name), box)

    def page(self, box: CardBox) -> Page:
        """Return this design alone on a page the size of the card and its bleed."""
        return design_page(self, box)


def background(canvas: Canvas, box: CardBox, fill: Color, outline: Color | None = None) -> None:
    """Paint a card's background out to its bleed (or, for a preview, round its corners)."""
    if box.corner:
        canvas.polygon(icons.rounded_rect_points(0, 0, box.width, box.height, box.corner),
                       stroke=outline, fill=fill, width=0.75)
        return
    left, top, right, bottom = box.bleed
    canvas.rect(-left, -top, box.width + left + right, box.height + top + bottom, stroke=None,
                fill=fill)


def face_art(card: DeckCard, lang: Lang = ENGLISH) -> Art:
    return Art("face", card.name, lang=lang)


def help_arts(deck: Deck, lang: Lang = ENGLISH) -> list[Art]:
    n = len(deck.help_cards)
    return [Art("help", h.title, h.topic, i, n, lang)
            for i, h in enumerate(deck.help_cards, start=1)]


def back_art(deck: Deck, lang: Lang = ENGLISH) -> Art:
    """Return the back: its title is the game's name in `lang` (AMÉRIX in French)."""
    return Art("back", deck.back_title, lang=lang)


def distinct_arts(deck: Deck, lang: Lang = ENGLISH) -> list[Art]:
    """Return every distinct front in deck order (faces, then help cards), then the back."""
    return ([face_art(c, lang) for c in deck.cards] + help_arts(deck, lang)
            + [back_art(deck, lang)])


def printed_fronts(deck: Deck, lang: Lang = ENGLISH) -> Iterator[Art]:
    """Yield the front of every card printed, in deck order: each deck card, then help cards."""
    for card in deck.dealt():
        yield face_art(card, lang)
    yield from help_arts(deck, lang)


def printed_count(deck: Deck) -> int:
    """Return how many cards are printed: the deck and its help cards."""
    return deck.total + len(deck.help_cards)


def check_printable(deck: Deck) -> None:
    """Raise a PrintkitError if a title in the composition has a character the font lacks."""
    fonts.check_printable(deck.back_title, f"{deck.source}: the [back] title", fonts.BLACK)
    for h in deck.help_cards:
        fonts.check_printable(h.title, f"{deck.source}: the help card title", fonts.BLACK)
