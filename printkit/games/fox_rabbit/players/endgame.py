"""The endgame of an automatic game: the animals' escape attempts and the farmer's.

The rules are the engine's (clarifications 12-14): `Requirement.met_by` says whether dice escape or
trigger a trap, and `endgame.catch_sequence` finds the fewest +/-1 and flip uses that make
them. The strategy says which dice to roll and whether to use aids.
"""

from __future__ import annotations

import random
from functools import lru_cache
from itertools import combinations_with_replacement, product
from math import factorial
from typing import Any

from printkit.games.fox_rabbit.cells import ANIMALS, AnimalIndex
from printkit.games.fox_rabbit.dice import (
    FACES,
    ColourIndex,
    DieCode,
    Requirement,
    code_of,
    code_text,
)
from printkit.games.fox_rabbit.endgame import applied, catch_sequence, farmer_play
from printkit.games.fox_rabbit.engine import FLIP, PLUS_MINUS, REROLL, AidUse, die_aids
from printkit.games.fox_rabbit.players.compiled_map import Compiled
from printkit.games.fox_rabbit.players.rolls import reroll, roll_colours
from printkit.games.fox_rabbit.players.state import PlayerState
from printkit.games.fox_rabbit.players.strategy import Strategy

#: An attempt as a run record writes it: round, animal, roll, aids, and whether it worked.
Entry = dict[str, Any]


def escape(cm: Compiled, st: PlayerState, a: AnimalIndex, rnd_no: int, player: Strategy,
           rng: random.Random, attempts: list[Entry] | None) -> bool:
    """Make an animal's escape attempt (clarification 12); return whether it escaped."""
    req = cm.escape[a][1 if st.n_eaten >= cm.higher_from else 0]
    rolled = roll_colours(player.escape_dice(st, req, rng), rng.random)
    dice = tuple(sorted(rolled))
    aids: list[str] = []
    if not req.met_by(dice):
        # circles as in a turn, and one aid more for free (clarification 12): the fewest uses win
        pm, fl = st.left(PLUS_MINUS), st.left(FLIP)
        found = [s for s in (catch_sequence(dice, req, pm + 1, fl, 4),
                             catch_sequence(dice, req, pm, fl + 1, 4)) if s]
        seq = min(found, key=len) if found else None
        if seq and player.uses_aids(rng):
            free = True
            for use in seq:
                if (free and st.left(use.aid) <= 0) or (free and use is seq[-1]):
                    free = False  # this one costs no circle
                else:
                    st.spent[use.aid] += 1
                aids.append(str(use))
                dice = applied(dice, use)
        elif player.rerolls(rng):
            new = reroll(dice, rng.random)
            aids.append(str(AidUse(REROLL, dice, new)))  # the free aid
            dice = tuple(sorted(new))
    ok = req.met_by(dice)
    if attempts is not None:
        attempts.append(_entry(rnd_no, a, rolled, aids, "escaped", ok))
    return ok


def farmer(cm: Compiled, a: AnimalIndex, rnd_no: int, most: int, boxes: list[list[int]],
           rng: random.Random, attempts: list[Entry] | None) -> bool:
    """Make the farmer's trigger attempt against an animal; the farmer plays to catch (D9).

    `boxes[a]` holds the uses of each of his aid boxes left against this animal's trap: each
    box serves once against each animal's trap (clarification 14). How he plays is the rules core's
    (`endgame.farmer_play`); here his re-rolls are random.
    """
    rolled = roll_colours(cm.trap_colours[a], rng.random)
    played = farmer_play(rolled, cm.trap_req[a], boxes[a], most,
                         lambda dice: reroll(dice, rng.random))
    boxes[a][:] = played.boxes_left
    if attempts is not None:
        attempts.append(_entry(rnd_no, a, rolled, [str(x) for x in played.aids], "triggered",
                               played.caught))
    return played.caught


def _entry(rnd_no: int, a: AnimalIndex, rolled: tuple[DieCode, ...], aids: list[str],
           key: str, ok: bool) -> Entry:
    return {"round": rnd_no, "animal": ANIMALS[a], "roll": [code_text(d) for d in rolled],
            "aids": aids, key: ok}


# --- which dice give the best chance to escape ------------------------------------------------
@lru_cache(maxsize=4096)
def best_escape_dice(req: Requirement, owned: tuple[int, int, int],
                     aid: bool) -> tuple[tuple[ColourIndex, ...], float]:
    """Return the colours of the dice that give the best escape chance, and that chance.

    Only dice of the requirement's two colours are worth rolling (any other die only adds to
    the total), at least one of each and at most four in all. `owned`: the player's dice of
    each colour; `aid`: one +/-1 or flip may be used.
    """
    bits = req.bits
    ranges = [range(1, owned[c] + 1) if bits >> c & 1 else range(1) for c in range(3)]
    best: tuple[float, tuple[int, int, int]] = (-1.0, (0, 0, 0))
    for r, b, y in product(*ranges):
        if r + b + y <= Requirement.DICE[-1]:
            chance = escape_chance(req, (r, b, y), aid)
            if chance > best[0]:
                best = (chance, (r, b, y))
    r, b, y = best[1]
    if not r + b + y:   # no die of a needed colour: roll one die anyway (decision D10)
        return (next(c for c in range(3) if owned[c]),), 0.0
    return (0,) * r + (1,) * b + (2,) * y, best[0]


@lru_cache(maxsize=4096)
def escape_chance(req: Requirement, counts: tuple[int, int, int], aid: bool) -> float:
    """Return the chance that rolling these dice (one +/-1 or flip allowed) meets a requirement.

    Counted exactly over every outcome: each colour's dice as a sorted multiset, weighted by
    the orders that show it. With an aid, an outcome counts when it meets the requirement or
    is one +/-1 or flip away from an outcome that does (both aids undo themselves).
    """
    if not sum(counts):
        return 0.0
    per_colour = [[(tuple(code_of(c, v) for v in values), _orderings(values))
                   for values in combinations_with_replacement(FACES, counts[c])]
                  for c in range(3)]
    weight: dict[tuple[DieCode, ...], int] = {}
    for parts in product(*per_colour):
        weight[parts[0][0] + parts[1][0] + parts[2][0]] = parts[0][1] * parts[1][1] * parts[2][1]
    good = {dice for dice in weight if req.met_by(dice)}
    if aid:
        near = set()
        for dice in good:
            for i, d in enumerate(dice):
                for use in die_aids(d, True, True):
                    near.add(tuple(sorted(dice[:i] + use.result + dice[i + 1:])))
        good |= near
    return sum(weight[dice] for dice in good) / sum(weight.values())


def _orderings(values: tuple[int, ...]) -> int:
    """Return in how many orders dice can show this multiset of values."""
    out = factorial(len(values))
    for v in set(values):
        out //= factorial(values.count(v))
    return out
