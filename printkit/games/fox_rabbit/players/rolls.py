"""Rolls on the hot path: rolling dice, and a roll's groups of dice by the rule they follow.

A roll is a sorted tuple of die codes (`dice.Roll`); some of its dice are a `DiceMask`, bit i
for the roll's i-th die. Which groups follow which cell rule is `dice.group_rules`, the
rules engine's own.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TypeAlias

from printkit.games.fox_rabbit.dice import (
    ColourIndex,
    DieCode,
    Roll,
    RuleKey,
    code_of,
    colour_of,
    face_of,
    group_rules,
    with_face,
)

#: Some dice of a roll, as bits: bit i is the roll's i-th die.
DiceMask: TypeAlias = int
#: A source of random numbers in [0, 1) (`random.Random.random`).
Rnd: TypeAlias = Callable[[], float]


#: Some dice of a roll that follow a rule: (how many, their total, which). A plain tuple: a
#: table holds up to 63 of them, sorted as tuples sort.
Group: TypeAlias = tuple[int, int, DiceMask]


class RollTable:
    """The groups of dice of one sorted roll, by the rule they follow.

    `group(rule)` gives every group that follows the rule, fewest dice then lowest total
    first; `exact(rule, number)` the masks of those totalling `number`, in the same order.
    The table is filled in as it is asked: most rules of most rolls never are (filling it
    whole at once costs the simulator a twentieth of its speed).
    """

    __slots__ = ("exacts", "groups", "members", "totals")

    def __init__(self, roll: Roll) -> None:
        totals = [0]   # the total of each group, by mask: die i doubles the list
        for d in roll:
            v = face_of(d)
            totals += [t + v for t in totals]
        self.totals = totals
        self.members = _members(tuple(colour_of(d) for d in roll))
        self.groups: dict[RuleKey, list[Group]] = {}
        self.exacts: dict[int, list[DiceMask]] = {}

    def group(self, rule: RuleKey) -> list[Group]:
        """Return the groups that follow a rule, fewest dice then lowest total first."""
        found = self.groups.get(rule)
        if found is None:
            totals = self.totals
            found = sorted([(s, totals[mask], mask) for s, mask in self.members.get(rule, ())])
            self.groups[rule] = found
        return found

    def exact(self, rule: RuleKey, number: int) -> list[DiceMask]:
        """Return the masks of the groups that follow a rule and total `number`."""
        k = rule * 64 + number
        found = self.exacts.get(k)
        if found is None:
            found = self.exacts[k] = [m for s, t, m in self.group(rule) if t == number]
        return found


@lru_cache(maxsize=1 << 15)   # every distinct roll of up to 2 dice of each colour fits
def roll_table(roll: Roll) -> RollTable:
    """Return the table of a sorted roll (built once per distinct roll)."""
    return RollTable(roll)


@lru_cache(maxsize=64)
def _members(colours: tuple[ColourIndex, ...]) -> dict[RuleKey, list[tuple[int, DiceMask]]]:
    """Return (dice, mask) of the groups of dice of these colours, by the rule they follow."""
    out: dict[RuleKey, list[tuple[int, DiceMask]]] = {}
    for mask in range(1, 1 << len(colours)):
        size = bits = 0
        for i, c in enumerate(colours):
            if mask >> i & 1:
                size += 1
                bits |= 1 << c
        for rule in group_rules(size, bits):
            out.setdefault(rule, []).append((size, mask))
    return out


def dice_of(roll: Roll, mask: DiceMask) -> list[DieCode]:
    """Return the dice of a roll a mask picks."""
    return [d for i, d in enumerate(roll) if mask >> i & 1]


def roll_all(owned: list[int], rnd: Rnd) -> Roll:
    """Return a roll of all the player's dice (`owned`: 1 or 2 of each colour), sorted."""
    out: Roll = ()
    for colour, count in enumerate(owned):
        x = code_of(colour, 1 + int(rnd() * 6))
        if count == 2:
            y = code_of(colour, 1 + int(rnd() * 6))
            out += (x, y) if x <= y else (y, x)
        else:
            out += (x,)
    return out


def roll_colours(colours: tuple[ColourIndex, ...], rnd: Rnd) -> tuple[DieCode, ...]:
    """Return one die of each of these colours, rolled (in the colours' order)."""
    return tuple(code_of(c, int(rnd() * 6) + 1) for c in colours)


def reroll(dice: tuple[DieCode, ...], rnd: Rnd) -> tuple[DieCode, ...]:
    """Return the same dice rolled again (each keeps its colour), in the same order."""
    return tuple(with_face(d, int(rnd() * 6) + 1) for d in dice)
