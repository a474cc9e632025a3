"""The Crazy8ix deck as data: which cards, how many of each, the help cards and the back.

The composition lives in `templates/crazy8ix/deck.toml` (house ruling 1: 3 of each
consonant, 4 of each vowel A E I O U Y, 8 stars, 8 firecrackers = 100 cards, plus the
help cards A-D). A user may point printkit at a copy; it is checked strictly on load.
Points and matching come from `printkit.games.crazy8ix`; nothing here draws.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from printkit import strict_toml
from printkit.errors import TemplateError
from printkit.games.crazy8ix import ALPHABET, FIRECRACKER, STAR, VOWELS, card_points
from printkit.message import quoted
from printkit.resources import template_path

CARD_NAMES: tuple[str, ...] = (*ALPHABET, STAR, FIRECRACKER)
REVERSE = "X"  # ruling 3: an X reverses the direction of play
HELP_TOPICS = ("ring", "vowels", "specials", "points")
MAX_QTY = 999
MAX_TOTAL = 2000
_SECTIONS = ("deck", "cards", "help", "back")


@dataclass(frozen=True)
class DeckCard:
    """A card of the deck, by name (`'Q'`, `'star'`, `'firecracker'`), and how many there are."""

    name: str
    qty: int = 1

    @property
    def points(self) -> int:
        """Return what the card scores when it is left in a hand (ruling 4)."""
        return card_points(self.name)

    @property
    def is_letter(self) -> bool:
        return len(self.name) == 1

    @property
    def is_vowel(self) -> bool:
        return self.is_letter and self.name in VOWELS

    @property
    def is_reverse(self) -> bool:
        return self.name == REVERSE


@dataclass(frozen=True)
class HelpCard:
    """One of the help cards set out on the table: its title letter and what it explains."""

    title: str
    topic: str


@dataclass(frozen=True)
class Deck:
    """A checked composition: the cards in deck order, the help cards and the back's title."""

    cards: tuple[DeckCard, ...]
    help_cards: tuple[HelpCard, ...]
    back_title: str
    source: str = "deck.toml"

    @property
    def total(self) -> int:
        """Return how many cards the deck holds (help cards not counted)."""
        return sum(card.qty for card in self.cards)

    def composition(self) -> dict[str, int]:
        """Return how many of each card the deck holds, in deck order."""
        return {card.name: card.qty for card in self.cards}

    def dealt(self) -> Iterator[DeckCard]:
        """Yield every physical card in deck order (a card with qty 3 three times)."""
        for card in self.cards:
            for _ in range(card.qty):
                yield card

    def card(self, name: str) -> DeckCard:
        """Return the card called `name`."""
        for card in self.cards:
            if card.name == name:
                return card
        raise KeyError(name)


def default_deck_path() -> Path:
    """Return where the bundled composition is."""
    return template_path("crazy8ix", "deck.toml")


def load_deck(path: Path | None = None) -> Deck:
    """Return the composition in `path` (default: the bundled one), checked."""
    path = path or default_deck_path()
    return parse_deck(strict_toml.read_toml(path, "the deck composition"), str(path))


def parse_deck_text(text: str, source: str = "deck.toml") -> Deck:
    """Return the composition written in TOML `text`, checked."""
    return parse_deck(strict_toml.parse_toml(text, source), source)


def parse_deck(data: Mapping[str, Any], source: str = "deck.toml") -> Deck:
    """Return the composition in parsed TOML `data`, or raise a TemplateError naming the problem."""
    try:
        return _parse(data, source)
    except TemplateError as err:
        raise TemplateError(f"{source}: {err}") from None


def _parse(data: Mapping[str, Any], source: str) -> Deck:
    strict_toml.check_keys(data, _SECTIONS, "the file", required=_SECTIONS)
    head = strict_toml.table(data["deck"], "[deck]")
    strict_toml.check_keys(head, ("total",), "[deck]", required=("total",))
    declared = strict_toml.whole_number(head["total"], "[deck] total", 1, MAX_TOTAL)

    cards_table = strict_toml.table(data["cards"], "[cards]")
    for name in cards_table:
        if name not in CARD_NAMES:
            raise TemplateError(f"[cards]: unknown card {quoted(name)}; the cards are the letters "
                                f"A-Z, {STAR} and {FIRECRACKER}")
    cards = []
    for name in CARD_NAMES:  # deck order is the alphabet, then the specials
        if name not in cards_table:
            raise TemplateError(f"[cards]: {name} is missing; give every card a qty "
                                f"(qty = 0 leaves it out)")
        where = f"cards.{name}"
        entry = strict_toml.table(cards_table[name], where)
        strict_toml.check_keys(entry, ("qty",), where, required=("qty",))
        qty = strict_toml.whole_number(entry["qty"], f"{where}.qty", 0, MAX_QTY)
        if qty:
            cards.append(DeckCard(name, qty))
    counted = sum(card.qty for card in cards)
    if counted != declared:
        raise TemplateError(f"the qty of the cards add up to {counted}, but [deck] total "
                            f"says {declared}")

    return Deck(tuple(cards), _help_cards(data["help"]), _back_title(data["back"]), source)


def _help_cards(value: Any) -> tuple[HelpCard, ...]:
    help_table = strict_toml.table(value, "[help]")
    found: list[HelpCard] = []
    for title, entry in help_table.items():
        where = f"help.{title}"
        strict_toml.text(title, "a help card's title", 2)
        entry = strict_toml.table(entry, where)
        strict_toml.check_keys(entry, ("topic",), where, required=("topic",))
        topic = strict_toml.choice(entry["topic"], f"{where}.topic", HELP_TOPICS)
        if any(card.topic == topic for card in found):
            raise TemplateError(f"{where}.topic: {quoted(topic)} is already on another help card")
        found.append(HelpCard(title, topic))
    missing = [t for t in HELP_TOPICS if all(card.topic != t for card in found)]
    if missing:
        raise TemplateError(f"[help]: no help card explains {', '.join(missing)}; "
                            f"each of {', '.join(HELP_TOPICS)} needs one")
    return tuple(found)


def _back_title(value: Any) -> str:
    back = strict_toml.table(value, "[back]")
    strict_toml.check_keys(back, ("title",), "[back]", required=("title",))
    return strict_toml.text(back["title"], "[back] title", 16)
