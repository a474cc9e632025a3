"""Crazy8ix (Amérix): card points, matching, and the end of the game."""

from __future__ import annotations

import math
import random
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


# How many hands a game takes, for the pad's rows. The simulation does not play the cards:
# it assumes that when a player goes out, every other player holds 1 to 6 cards (each as
# likely), dealt from the ruling's 100-card deck, and scores them.
DECK: tuple[str, ...] = (
    *(c for c in ALPHABET if c not in VOWELS for _ in range(3)),
    *(v for v in sorted(VOWELS) for _ in range(4)),
    *(STAR for _ in range(8)), *(FIRECRACKER for _ in range(8)),
)
CARDS_LEFT = (1, 6)
PERCENTILE = 0.99


def game_hands(players: int, target: int, rng: random.Random) -> int:
    """Return the hands a simulated game to `target` takes (see CARDS_LEFT)."""
    totals = [0] * players
    hands = 0
    while max(totals) < target:
        hands += 1
        out = rng.randrange(players)
        dealt = iter(rng.sample(DECK, len(DECK)))
        for p in range(players):
            if p != out:
                totals[p] += sum(card_points(next(dealt))
                                 for _ in range(rng.randint(*CARDS_LEFT)))
    return hands


def percentile_hands(players: int, target: int = DEFAULT_TARGET, games: int = 2000,
                     seed: int = 1) -> int:
    """Return the 99th-percentile hands of `games` simulated games (seeded)."""
    rng = random.Random(f"{players}-{target}-{seed}")
    lengths = sorted(game_hands(players, target, rng) for _ in range(games))
    return lengths[min(len(lengths) - 1, math.ceil(PERCENTILE * len(lengths)) - 1)]


# The rows a pad prints: bench/pad_lengths.py's 99th percentile for 2-8 players and targets
# 100-500, bounded by a straight line in the target (rounded up).
_HANDS_LINE = {2: (4.0, 0.045), 3: (3.0, 0.03), 4: (2.0, 0.025)}  # (base, per point)


def hands_needed(players: int, target: int = DEFAULT_TARGET) -> int:
    """Return how many hand rows a pad needs to hold 99 games in 100 to `target`."""
    base, per_point = _HANDS_LINE.get(players, (2.0, 0.022))
    return math.ceil(base + per_point * target)
