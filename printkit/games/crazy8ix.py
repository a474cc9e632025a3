"""Crazy8ix (Amérix): card points, matching, and the end of the game."""

from __future__ import annotations

import string

ALPHABET = string.ascii_uppercase
VOWELS = frozenset("AEIOUY")
STAR = "star"
FIRECRACKER = "firecracker"
DEFAULT_TARGET = 300
MATCH_WINDOW = 3

# (what, points) in the order a score pad prints them
POINTS_TABLE: tuple[tuple[str, int], ...] = (
    ("Y", 70),
    ("W X Z", 50),
    ("A E I O U", 20),
    ("star", 10),
    ("firecracker", 10),
    ("any other letter", 5),
)


def card_points(card: str) -> int:
    """Return what a card left in hand scores (ruling 4)."""
    if card in (STAR, FIRECRACKER):
        return 10
    if card == "Y":
        return 70
    if card in "WXZ":
        return 50
    if card in VOWELS:
        return 20
    if len(card) == 1 and card in ALPHABET:
        return 5
    raise ValueError(f"not a Crazy8ix card: {card!r}")


def matches(card: str, on: str) -> bool:
    """Return whether a letter `card` may be played on the letter `on` (ruling 2)."""
    if card in (STAR, FIRECRACKER):
        return True
    distance = (ALPHABET.index(card) - ALPHABET.index(on)) % len(ALPHABET)
    if min(distance, len(ALPHABET) - distance) <= MATCH_WINDOW:
        return True
    return card in VOWELS and on in VOWELS


def match_window(letter: str) -> list[str]:
    """Return the 7 letters that match `letter` by position, in ring order (on X: U..A)."""
    i = ALPHABET.index(letter)
    return [ALPHABET[(i + d) % len(ALPHABET)] for d in range(-MATCH_WINDOW, MATCH_WINDOW + 1)]
