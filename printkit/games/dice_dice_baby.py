"""Dice Dice Baby: bids, challenges and the odds of a bid with Babies wild."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from math import comb

FACES = (1, 2, 3, 4, 5)
DICE_PER_PLAYER = 5
MAX_PLAYERS = 4
# ruling 5: the most dice a player cannot see is everyone else's, at the largest table
MAX_TABLE_DICE = DICE_PER_PLAYER * (MAX_PLAYERS - 1)
# a die shows the bid face or a Baby: 2 of its 6 faces
HIT = Fraction(2, 6)


def is_raise(quantity: int, face: int, new_quantity: int, new_face: int) -> bool:
    """Return whether (new_quantity, new_face) legally raises (quantity, face) (ruling 2)."""
    changed = (new_quantity, new_face) != (quantity, face)
    return new_quantity >= quantity and new_face >= face and changed and new_face in FACES


@cache
def _at_least_table(n: int, p: Fraction) -> tuple[Fraction, ...]:
    """Return P(at least k hits) for k = 0..n, as exact fractions (binomial tail sums)."""
    exactly = [comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(n + 1)]
    tails, running = [], Fraction(0)
    for chance in reversed(exactly):
        running += chance
        tails.append(running)
    return tuple(reversed(tails))


def chance_at_least(k: int, n: int, p: Fraction = HIT) -> Fraction:
    """Return P(at least k of n dice show the bid face or a Baby)."""
    if k <= 0:
        return Fraction(1)
    if k > n:
        return Fraction(0)
    return _at_least_table(n, p)[k]


def max_challenges(players: int) -> int:
    """Return the most challenges a game can have: each costs one die, and one die survives."""
    return DICE_PER_PLAYER * players - 1
