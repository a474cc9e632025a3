"""The careful player: the greedy player's turn with another valuation.

A cell is worth the turns three dice (one of each colour) take on average to cross it, so
rare cells come first; a food is worth more to an animal that has not eaten yet (both must eat
before either may escape) and, in super-hard, when nobody has eaten it; and it spends its aid
circles during the turns instead of keeping one of each.
"""

from __future__ import annotations

from itertools import product

from printkit.games.fox_rabbit.dice import FACES, RuleKey, group_rules
from printkit.games.fox_rabbit.players.compiled_map import Compiled
from printkit.games.fox_rabbit.players.greedy import Greedy
from printkit.games.fox_rabbit.players.planner import Valuation

MOST_TURNS = 8.0   # a cell that takes longer (or that three dice cannot cross) counts as this


class Careful(Greedy):
    """The careful player (see the module's docstring)."""

    @staticmethod
    def valuation(cm: Compiled, mode: str) -> Valuation:
        cell_value = tuple(tuple(round(100 * min(turns, MOST_TURNS))
                                 for turns in expected_turns(cells))
                           for cells in cm.trail_cells)
        fresh = 400 if cm.map.modes[mode].escape_threshold == "all" else 0
        return Valuation(cell_value, 600, 600, fresh, 0)


def expected_turns(cells: tuple[tuple[RuleKey, int], ...]) -> list[float]:
    """Return, for each cell of a trail, the turns a roll of three dice (one of each colour)
    takes on average to cross it, after the cell before it (a circle taken as written with
    the lowest number it allows)."""
    out = []
    prev = 0
    for rule, number in cells:
        hits = 0
        lowest = 99
        for values in product(FACES, repeat=3):
            totals = _cell_totals(rule, values)
            good = [x for x in totals if (x == number if number else x > prev)]
            if good:
                hits += 1
                lowest = min(lowest, min(good))
        chance = hits / 6 ** 3
        out.append(1 / chance if chance else MOST_TURNS)
        prev = number or (lowest if lowest < 99 else prev + 1)
    return out


def _cell_totals(rule: RuleKey, values: tuple[int, ...]) -> list[int]:
    """Return the totals that dice of one red, one blue and one yellow value give a rule."""
    out = []
    for mask in range(1, 8):
        if rule in group_rules(mask.bit_count(), mask):   # mask: the colours' bits
            out.append(sum(v for i, v in enumerate(values) if mask >> i & 1))
    return out
