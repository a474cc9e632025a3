"""Crazy Like a Fox: rounds, round winners with ties cancelling, the BIG #1."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from fractions import Fraction

DIE_SIDES = 12
ROUND_DIE_SIDES = 8
BIG_ONE = 1


def dice_per_player(players: int) -> int:
    """Return each player's dice: 5, or 4 when five play (ruling 1)."""
    return 4 if players == 5 else 5


def rounds(players: int) -> int:
    """Return the rounds in a game: two hands of the dice each player holds."""
    return 2 * dice_per_player(players)


def reroll_before(players: int) -> int:
    """Return the round before which every player re-rolls their dice."""
    return dice_per_player(players) + 1


def _rank(value: int) -> int:
    return DIE_SIDES + 1 if value == BIG_ONE else value


def round_winner(played: Mapping[str, int]) -> str | None:
    """Return who wins a round: the best value played by exactly one player, else nobody."""
    counts = Counter(played.values())
    singles = [(player, v) for player, v in played.items() if counts[v] == 1]
    if not singles:
        return None
    return max(singles, key=lambda pv: _rank(pv[1]))[0]


def chance_of_big_one(dice: int) -> Fraction:
    """Return the chance that at least one of `dice` d12 shows the BIG #1."""
    return 1 - Fraction(DIE_SIDES - 1, DIE_SIDES) ** dice
