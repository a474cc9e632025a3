"""Go Nuts!: the target, how a turn is recorded, and how many turns a game takes.

The rulebook does not list the dice's faces; the simulation assumes the ones below and
says so wherever its figures are printed (docs/pad-lengths.md).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

DEFAULT_TARGET = 50
SQUIRREL_DICE = 5

# the faces assumed for a squirrel die (6 faces) and a dog die (6 faces)
ACORN, SQUIRREL, CAR = "acorn", "squirrel", "car"
SQUIRREL_FACES = (ACORN, ACORN, ACORN, SQUIRREL, SQUIRREL, CAR)
DOG_FACES = ("dog", "house", "house", "house", "house", "house")
# a player banks once the turn's acorns reach their threshold; the simulation plays every
# threshold below, from cautious to greedy, and a pad holds the longest of them
BANK_AT = (3, 5, 8, 12)
PERCENTILE = 0.99


@dataclass(frozen=True)
class Turn:
    """One turn's outcome: the acorns scored and whether it was a Go Nuts! round."""

    acorns: int
    go_nuts: bool


def _go_nuts_round(dice: int, opponents: int, rng: random.Random) -> int:
    """Return the acorns of a Go Nuts! round: `dice` rolled (cars too) until every opponent
    has rolled a dog, one roll of the squirrel dice for each roll of the dog dice."""
    dog = DOG_FACES.count("dog") / len(DOG_FACES)
    acorn = SQUIRREL_FACES.count(ACORN) / len(SQUIRREL_FACES)
    rolls = max(1 + int(math.log(1 - rng.random()) / math.log(1 - dog))
                for _ in range(max(1, opponents)))
    return sum(1 for _ in range(rolls * dice) if rng.random() < acorn)


def play_turn(bank_at: int, opponents: int, rng: random.Random) -> Turn:
    """Return one turn played by a player who banks once the turn holds `bank_at` acorns."""
    dice, acorns = SQUIRREL_DICE, 0
    while True:
        faces = [rng.choice(SQUIRREL_FACES) for _ in range(dice)]
        if all(f == SQUIRREL for f in faces):
            return Turn(_go_nuts_round(dice, opponents, rng), True)
        if all(f == CAR for f in faces):
            return Turn(0, False)
        acorns += faces.count(ACORN)
        dice -= faces.count(CAR)
        if dice == 1 and faces == [ACORN]:
            dice = SQUIRREL_DICE  # One Die Left: an acorn on the last die brings all five back
        if acorns >= bank_at:
            return Turn(acorns, False)


def game_turns(players: int, target: int, bank_at: Sequence[int], rng: random.Random) -> int:
    """Return the rows a game fills: the turns the most-played player took when a total
    reached `target` (players take turns in order; each banks at their own threshold)."""
    totals = [0] * players
    turn = 0
    while True:
        turn += 1
        for p in range(players):
            totals[p] += play_turn(bank_at[p % len(bank_at)], players - 1, rng).acorns
            if totals[p] >= target:
                return turn


def percentile_turns(players: int, target: int, bank_at: int, games: int = 2000,
                     seed: int = 1) -> int:
    """Return the 99th-percentile rows of `games` simulated games, everyone banking at
    `bank_at` acorns (seeded: the same figures every time)."""
    rng = random.Random(f"{players}-{target}-{bank_at}-{seed}")
    lengths = sorted(game_turns(players, target, (bank_at,), rng) for _ in range(games))
    return lengths[min(len(lengths) - 1, math.ceil(PERCENTILE * len(lengths)) - 1)]


# The rows a pad prints: 99th percentile of the most cautious threshold above, measured by
# bench/pad_lengths.py for 2-4 players and targets 10-400, bounded by a straight line in the
# target (rounded up), so any --target gets its rows without simulating.
_ROWS_PER_ACORN = {2: 0.285, 3: 0.28, 4: 0.275}
_ROWS_BASE = 2.0


def turns_needed(players: int, target: int = DEFAULT_TARGET) -> int:
    """Return how many turn rows a pad needs to hold 99 games in 100 to `target`."""
    n = min(max(players, 2), 4)
    return math.ceil(_ROWS_BASE + _ROWS_PER_ACORN[n] * target)
