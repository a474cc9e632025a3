"""Crazy Like a Fox: rounds, round winners with ties cancelling, the BIG #1."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from fractions import Fraction

DIE_SIDES = 12
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


def swap(holders: Sequence[str | None], current: int, earlier: int) -> tuple[str | None, ...]:
    """Return who holds each round after the BIG #1 winner of `current` swaps it with `earlier`.

    `holders[i]` is who holds round i + 1 (None: nobody won it); rounds count from 1.
    Ruling 5: the swap is only with an earlier round held by another player; the two
    X marks trade places.
    """
    if not 1 <= earlier < current <= len(holders):
        raise ValueError(f"round {earlier} is not an earlier round than {current}")
    winner, other = holders[current - 1], holders[earlier - 1]
    if winner is None:
        raise ValueError(f"nobody won round {current}, so there is nothing to swap")
    if other is None:
        raise ValueError(f"nobody won round {earlier}; a swap needs a round another player won")
    if other == winner:
        raise ValueError(f"{winner} already holds round {earlier}")
    swapped = list(holders)
    swapped[current - 1], swapped[earlier - 1] = other, winner
    return tuple(swapped)


def points_held(holders: Sequence[str | None], points: Sequence[int], player: str) -> int:
    """Return the sum of the Points of the rounds `player` holds."""
    return sum(p for who, p in zip(holders, points) if who == player)
