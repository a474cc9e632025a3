"""Planning a turn: each animal's chains of crossings, then the best pair that shares no die.

A strategy says what crossings are worth (a `Valuation`); the planner finds, for a roll, the
crossings worth the most, and whether a +/-1 or flip on a die the plan leaves unused makes
the turn worth more. A turn's decision is a pure function of the two animals' states, the
roll and the aids allowed, so decisions and chains are cached (`functools.lru_cache`, bounded
for all maps and strategies together).
"""

from __future__ import annotations

import atexit
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple, TypeAlias

from printkit.games.fox_rabbit.cells import FOX, RABBIT, AnimalIndex
from printkit.games.fox_rabbit.dice import (
    BLACK_RULE,
    FIRST_MIX_RULE,
    DieCode,
    Roll,
    colour_of,
    face_of,
)
from printkit.games.fox_rabbit.engine import AidUse, die_aids
from printkit.games.fox_rabbit.players.compiled_map import (
    FED,
    Compiled,
    FoodBits,
    FoodIndex,
    TrailIndex,
    entries,
)
from printkit.games.fox_rabbit.players.rolls import DiceMask, roll_table
from printkit.games.fox_rabbit.players.state import AnimalState, Step

#: A plan's worth, in hundredths of a cell.
Value: TypeAlias = int

# Cached turn decisions and animal chains, for every map and strategy together. An entry
# takes about 0.7 kB, so the bounds keep a process under some 200 MB of them; a 20,000-game
# run on the classic map makes about 140,000 decisions and 110,000 chains.
DECISIONS = 1 << 17
CHAINS = 1 << 17
CIRCLE_OPTIONS = 2   # groups tried for a circle: the fewest dice, then the lowest number
EXACT_OPTIONS = 4    # groups tried for a printed number: the fewest dice first


class Valuation(NamedTuple):
    """What a strategy's crossings are worth, in hundredths (see `Planner`)."""

    cell_value: tuple[tuple[Value, ...], ...]   # each cell, by trail and position
    arrival: Value         # reaching a food location
    unfed_bonus: Value     # ... for an animal that has not eaten yet
    fresh_bonus: Value     # ... when nobody has eaten the food it eats there
    keep: int              # aid circles of each kind kept for the endgame


class Planner:
    """A strategy's valuation on a compiled map.

    A chain of crossings is worth `cell_value` for each cell crossed, `arrival` for reaching
    a food location (plus `unfed_bonus` when the animal has not eaten yet and `fresh_bonus`
    when nobody has eaten the food it eats there), less 1 per die.
    """

    __slots__ = ("arrival", "cell_value", "cm", "fresh_bonus", "keep", "unfed_bonus")

    def __init__(self, cm: Compiled, valuation: Valuation) -> None:
        self.cm = cm
        self.cell_value, self.arrival, self.unfed_bonus, self.fresh_bonus, self.keep = valuation


@lru_cache(maxsize=64)
def planner(cm: Compiled, valuation: Valuation) -> Planner:
    """Return the planner of a valuation on a map: strategies and modes that value crossings
    alike share one, and so share its cached decisions."""
    return Planner(cm, valuation)


class Chain(NamedTuple):
    """Crossings one animal can make in a turn, and what they are worth."""

    value: Value
    mask: DiceMask                # the dice they use
    steps: tuple[Step, ...]
    end: AnimalState              # where they leave the animal


class Plan(NamedTuple):
    """The crossings one animal makes this turn, with the roll their dice masks refer to."""

    animal: AnimalIndex
    steps: tuple[Step, ...]
    roll: Roll


class Decision(NamedTuple):
    """A turn's decision: each animal's crossings, and the +/-1 or flip used first (or None)."""

    plans: tuple[Plan, ...]
    aid: AidUse | None


# --- each animal's chains of crossings ---------------------------------------------------------
def animal_chains(pl: Planner, a: AnimalIndex, state: AnimalState,
                  roll: Roll) -> Sequence[Chain]:
    """Return the animal's chains for a roll, best first (none at once when its next cell
    is a die face no die shows)."""
    cm = pl.cm
    t, pos = state.trail, state.pos
    if t >= 0 and pos < cm.trail_len[t]:
        code = cm.face_code[t][pos]
        if code and code not in roll:
            return ()
    return _chains(pl, a, horizon(cm, state, len(roll)), roll)


def horizon(cm: Compiled, state: AnimalState, dice: int) -> AnimalState:
    """Return the state with what this turn's dice cannot reach forgotten (more cache hits).

    Foods eaten and trails walked matter only to an animal that can reach a food location
    this turn: which food it eats there, and where it may tunnel with the dice left.
    """
    t, pos = state.trail, state.pos
    if t >= 0:
        left = cm.trail_len[t] - pos
        if left > dice:
            return AnimalState(t, pos, state.last, 0, 0, 0)
        if left == dice:   # it may arrive, with no die left to tunnel on
            m = cm.trail_food_mask[t] | FED
            return AnimalState(t, pos, state.last, 0, state.eaten & m, state.fed & m)
    return state


@lru_cache(maxsize=CHAINS)
def _chains(pl: Planner, a: AnimalIndex, state: AnimalState, roll: Roll) -> list[Chain]:
    """Return every chain of crossings the animal can make with the roll (pruned), best
    first."""
    out: list[Chain] = []
    _extend(pl, roll, a, state, (1 << len(roll)) - 1, 0, 0, (), out)
    out.sort(key=_by_value)
    return out


def _by_value(chain: Chain) -> Value:
    return -chain.value


def _extend(pl: Planner, roll: Roll, a: AnimalIndex, state: AnimalState, free: DiceMask,
            value: Value, used: DiceMask, steps: tuple[Step, ...], out: list[Chain]) -> None:
    cm = pl.cm
    trail, pos, last, walked, eaten, fed = state
    if trail >= 0 and pos < cm.trail_len[trail]:
        cands: tuple[tuple[TrailIndex, int], ...] = ((trail, pos),)
        prev = last
    else:
        cands = tuple((t, 0) for t in entries(cm, a, trail, walked, eaten))
        prev = 0
    for t, p in cands:
        rule, number = cm.trail_cells[t][p]
        options: list[tuple[int, int, DiceMask]] = []   # (dice, total, mask)
        if rule < FIRST_MIX_RULE:
            # a die face: one die of the colour (every matching die, for the other animal)
            if number:
                code = cm.face_code[t][p]
                i = 0
                for d in roll:
                    if d == code and free >> i & 1:
                        options.append((1, number, 1 << i))
                    i += 1
            else:
                colour = rule.bit_length() - 1   # dice.face_colour, inline: the hot path
                i = 0
                for d in roll:
                    if colour_of(d) == colour and face_of(d) > prev and free >> i & 1:
                        options.append((1, face_of(d), 1 << i))
                        if len(options) == CIRCLE_OPTIONS:
                            break
                    i += 1
        elif number:
            for mask in roll_table(roll).exact(rule, number):
                if mask & free == mask:
                    options.append((mask.bit_count(), number, mask))
                    if len(options) == EXACT_OPTIONS:
                        break
        else:
            for s, total, mask in roll_table(roll).group(rule):
                if total > prev and mask & free == mask:
                    options.append((s, total, mask))
                    if len(options) == CIRCLE_OPTIONS:
                        break
        if not options:
            continue
        np = p + 1
        nw = walked | 1 << t if p == 0 else walked
        arrive = np == cm.trail_len[t]
        worth = pl.cell_value[t][p]
        for s, total, mask in options:
            v = value + worth - s
            if arrive:
                food = _fresh_food(cm.trail_foods[t], eaten, fed)
                end = AnimalState(t, np, total, nw, eaten | 1 << food | FED, fed | 1 << food)
                v += pl.arrival
                if not eaten:
                    v += pl.unfed_bonus
                if not fed >> food & 1:
                    v += pl.fresh_bonus
            else:
                food = -1
                end = AnimalState(t, np, total, nw, eaten, fed)
            st = steps + (Step(t, p, total, mask, food),)
            out.append(Chain(v, used | mask, st, end))
            if free ^ mask:
                _extend(pl, roll, a, end, free ^ mask, v, used | mask, st, out)


def _fresh_food(foods: tuple[FoodIndex, ...], eaten: FoodBits, fed: FoodBits) -> FoodIndex:
    """Return the food to eat: one nobody has eaten yet if any, else one this animal has not."""
    first = -1
    for f in foods:
        if not eaten >> f & 1:
            if not fed >> f & 1:
                return f
            if first < 0:
                first = f
    return first


def _best_pair(fox: Sequence[Chain], rabbit: Sequence[Chain]
               ) -> tuple[Value, Chain | None, Chain | None]:
    """Return the best value of a fox chain and a rabbit chain that share no die.

    Each list is sorted best first, so the search stops as soon as nothing can do better.
    """
    if not rabbit:
        return (fox[0].value, fox[0], None) if fox else (0, None, None)
    if not fox:
        return rabbit[0].value, None, rabbit[0]
    top_r = rabbit[0].value
    best = top_r
    bf: Chain | None = None
    br: Chain | None = rabbit[0]
    for cf in fox:
        vf, mf = cf.value, cf.mask
        if vf + top_r <= best:
            break
        if vf > best:
            best, bf, br = vf, cf, None
        for cr in rabbit:
            v = vf + cr.value
            if v <= best:
                break
            if not mf & cr.mask:
                best, bf, br = v, cf, cr
                break
    return best, bf, br


# --- a turn's decision ----------------------------------------------------------------------
def _plan(pl: Planner, fox: AnimalState, rabbit: AnimalState, roll: Roll
          ) -> tuple[Value, Chain | None, Chain | None]:
    """Return the best value of a turn with this roll, and each animal's chain for it."""
    return _best_pair(animal_chains(pl, FOX, fox, roll), animal_chains(pl, RABBIT, rabbit, roll))


@lru_cache(maxsize=DECISIONS)
def decide(pl: Planner, fox: AnimalState, rabbit: AnimalState, roll: Roll, pm: bool,
           fl: bool) -> Decision:
    """Return the player's decision for a roll, with a +/-1 (`pm`) or a flip (`fl`) allowed."""
    cm = pl.cm
    value, bf, br = _plan(pl, fox, rabbit, roll)
    used = (bf.mask if bf else 0) | (br.mask if br else 0)
    best: tuple[Value, Chain | None, Chain | None, Roll, AidUse | None]
    best = (value + 50, bf, br, roll, None)
    if (pm or fl) and used != (1 << len(roll)) - 1:
        # a +/-1 or flip on a die the plan leaves unused, when the changed die could help
        # cross an animal's next cell: kept if the whole turn then crosses more
        blocked = (_next_cells(cm, FOX, bf.end if bf else fox)
                   + _next_cells(cm, RABBIT, br.end if br else rabbit))
        seen = set()
        for i, code in enumerate(roll):
            if used >> i & 1 or code in seen:
                continue
            seen.add(code)
            for use in die_aids(code, pm, fl):
                new = use.result[0]
                if not _helps(cm, blocked, roll, used, i, new):
                    continue
                changed = tuple(sorted(roll[:i] + (new,) + roll[i + 1:]))
                v, f2, r2 = _plan(pl, fox, rabbit, changed)
                if v > best[0]:
                    best = (v, f2, r2, changed, use)
    _, bf, br, roll, chosen = best
    plans = []
    if bf is not None:
        plans.append(Plan(FOX, bf.steps, roll))
    if br is not None:
        plans.append(Plan(RABBIT, br.steps, roll))
    return Decision(tuple(plans), chosen)


@atexit.register
def _forget() -> None:
    """Drop the cached decisions and chains when the interpreter exits, before its final
    garbage collections: those walk every tracked object, and a cached entry holds several
    (named tuples are never untracked). After 20,000 games, 0.3 s instead of 1.7 s."""
    decide.cache_clear()
    _chains.cache_clear()


def _helps(cm: Compiled, cells: list[tuple[TrailIndex, int, int]], roll: Roll,
           used: DiceMask, i: int, new: DieCode) -> bool:
    """Return whether die i, changed to `new`, and other unused dice cross one of the cells."""
    colour_bit = 1 << colour_of(new)
    v = face_of(new)
    spare = ((1 << len(roll)) - 1) & ~used
    bit = 1 << i
    for t, p, prev in cells:
        rule, number = cm.trail_cells[t][p]
        if rule < FIRST_MIX_RULE:
            if rule == colour_bit and (v == number if number else v > prev):
                return True
            continue
        if not (rule == BLACK_RULE or rule & colour_bit):
            continue
        delta = v - face_of(roll[i])
        for _, total, mask in roll_table(roll).group(rule):
            if mask & bit and mask & spare == mask:
                changed = total + delta
                if changed == number if number else changed > prev:
                    return True
    return False


def _next_cells(cm: Compiled, a: AnimalIndex, state: AnimalState
                ) -> list[tuple[TrailIndex, int, int]]:
    """Return (trail, position, previous number) of each cell the animal could cross next."""
    trail, pos, last, walked, eaten, _ = state
    if trail >= 0 and pos < cm.trail_len[trail]:
        return [(trail, pos, last)]
    return [(t, 0, 0) for t in entries(cm, a, trail, walked, eaten)]
