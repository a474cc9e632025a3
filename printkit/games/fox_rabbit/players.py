"""Automatic players: whole games played fast on a map's compiled tables, by a stated strategy.

The simulator plays hundreds of thousands of games, so the hot path avoids the engine's
objects: a map is compiled once into tuples of ints (a cell is its rule key and number, a
trail its cells, food locations are bit masks), a game's state is a handful of ints, and a
roll's table of dice groups is built once per distinct roll. A run record (with its turn
log) is written only when asked for; the validator replays those records on the rules
engine, so the two implementations check each other.

Strategies (the README's "Simulating The Fox and the Rabbit" states them for players):

- `random`: a legal player that chooses at random: a +/-1 or flip on a random die in a
  quarter of its turns, a re-roll of random dice in a tenth, then random legal crossings,
  stopping after each with a chance of 15 %; a random food and reward; it begins the
  endgame with a chance of 40 % each turn it may; it escapes with a random choice of dice.
- `greedy`: each turn it makes the crossings worth the most: 1 a cell, 3 more for reaching
  a food location, a hundredth less for each die spent; it writes the lowest number a
  circle allows. It keeps one circle of each aid for the endgame: with more left, it uses a
  +/-1 or flip on a die its plan leaves unused when that lets the whole turn be worth more,
  and re-rolls every die when nothing can be crossed. It eats a food nobody has eaten yet
  when it can, takes an extra die (the colour it has fewest of) before aid circles, begins
  the endgame as soon as it may, rolls the dice that give the best chance to escape, and
  uses an aid in an attempt when that makes it escape (else a re-roll).
- `careful`: plays like greedy, but values each cell by how long three dice take on
  average to cross it (rare cells first), values a food more for an animal that has not
  eaten yet (both must eat before either escapes) and, in super-hard, a food nobody has
  eaten; and it spends its aid circles in turns instead of keeping one of each.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations_with_replacement, islice, product
from math import factorial
from typing import Any

from printkit.games.fox_rabbit.board import AIDS, GameMap
from printkit.games.fox_rabbit import STRATEGIES
from printkit.games.fox_rabbit.dice import _met, code_text
from printkit.games.fox_rabbit.endgame import catch_sequence
from printkit.games.fox_rabbit.cells import ANIMALS
from printkit.games.fox_rabbit.engine import (
    FLIP, NO_REWARD, PLUS_MINUS, REROLL, REWARDS, AidUse)

MAX_ROUNDS = 100  # endgame rounds played before a game is called (never reached on a sane map)

# a cell's rule as one int: kind * 8 + colour bits (red 1, blue 2, yellow 4); a die face
# is its colour's bit alone
_MIX_KEY = 8
_BLACK_KEY = 16 + 7
# cached entries per planner (about 0.6 kB each): past this, the older half is dropped
_MAX_DECISIONS = 160_000
_MAX_CHAINS = 160_000
_CIRCLE_OPTIONS = 2   # groups tried for a circle: the fewest dice, then the lowest number
_EXACT_OPTIONS = 4    # groups tried for a printed number: the fewest dice first


# --- the map, compiled ---------------------------------------------------------------------
class Compiled:
    """A map as tuples of ints for the hot path (built once per map)."""

    def __init__(self, game_map: GameMap) -> None:
        m = game_map
        self.map = m
        self.food_ids = m.food_ids()
        food_index = {f: i for i, f in enumerate(self.food_ids)}
        self.all_foods = (1 << len(self.food_ids)) - 1
        trails = m.trails
        self.trail_cells = tuple(tuple((c.rule, c.value) for c in t.cells)
                                 for t in trails)
        self.trail_len = tuple(len(t.cells) for t in trails)
        # the die a printed die-face cell needs, as a code (0 for any other cell)
        self.face_code = tuple(tuple(
            (c.rule.bit_length() - 1) * 10 + c.value if c.kind == 0 and c.value else 0
            for c in t.cells) for t in trails)
        self.trail_foods = tuple(tuple(food_index[f] for f in m.foods_at(t)) for t in trails)
        self.trail_food_mask = tuple(sum(1 << f for f in foods) for foods in self.trail_foods)
        self.cell_ids = tuple(tuple(str(c.id) for c in t.cells) for t in trails)
        self.starts = tuple(tuple(i for i, t in enumerate(trails)
                                  if t.animal == name and t.start == "start")
                            for name in ANIMALS)
        self.trails_of = tuple(tuple(i for i, t in enumerate(trails) if t.animal == name)
                               for name in ANIMALS)
        self.start_colours = tuple(sorted("RBY".index(x) for x in m.start_dice))
        self.max_dice = m.max_per_colour
        self.aid_circles = m.aid_circles
        self.traps = m.farmer.traps
        self.farmer_uses_per_trap = m.farmer.uses_per_trap
        self.higher_from = m.higher_tier_from
        self.per_food = m.scoring.per_food
        self.per_escape = m.scoring.per_escape
        self.per_trap = m.scoring.per_trap_left
        # escape[animal][tier], trap[animal]: (bits, sums, cap, Requirement)
        self.escape = tuple(tuple(_req(m.escape[(name, tier)]) for tier in ("lower", "higher"))
                            for name in ANIMALS)
        self.trap_req = tuple(_req(m.farmer.trap(name).requirement) for name in ANIMALS)
        self.trap_colours = tuple(tuple(sorted("RBY".index(x) for x in m.farmer.trap(name).dice))
                                  for name in ANIMALS)
        self.achievement_ids = tuple(a.id for a in m.scoring.achievements)
        # the trails an animal may enter, by (animal, trails walked, foods eaten)
        self.entries: dict[tuple[int, int, int], tuple[int, ...]] = {}
        self.planners: dict[tuple[str, str], _Planner] = {}

    def planner(self, strategy: str, mode: str) -> _Planner:
        """Return the turn planner of a strategy in a mode (with its caches).

        Modes whose planners would value crossings alike share one, and its caches.
        """
        found = self.planners.get((strategy, mode))
        if found is None:
            made = _Planner(self, strategy, mode)
            found = next((p for p in self.planners.values() if p.values == made.values), made)
            self.planners[(strategy, mode)] = found
        return found


def _req(req: Any) -> tuple[int, tuple[int, ...], int, Any]:
    return (req.bits, req.sums, req.cap, req)


class _Planner:
    """How a strategy values a turn's crossings, and the caches of its decisions.

    A chain of crossings is worth, in hundredths: `cell_value` for each cell crossed,
    `arrival` for reaching a food location (plus `unfed_bonus` when the animal has not eaten
    yet and `fresh_bonus` when nobody has eaten the food it eats there), less 1 per die.
    """

    def __init__(self, cm: Compiled, strategy: str, mode: str) -> None:
        self.cm = cm
        self.cell_value = tuple((100,) * n for n in cm.trail_len)
        self.arrival = 300
        self.unfed_bonus = 0
        self.fresh_bonus = 0
        self.keep = 1   # aid circles of each kind kept for the endgame
        if strategy == "careful":
            self.cell_value = tuple(
                tuple(round(100 * min(turns, 8.0)) for turns in _expected_turns(cells))
                for cells in cm.trail_cells)
            self.arrival = 600
            self.unfed_bonus = 600
            self.fresh_bonus = 400 if cm.map.modes[mode].escape_threshold == "all" else 0
            self.keep = 0
        self.values = (self.cell_value, self.arrival, self.unfed_bonus, self.fresh_bonus,
                       self.keep)
        # each animal's chains of crossings, by (animal, animal state, roll)
        self.chains: dict[tuple[Any, ...], list[Chain]] = {}
        # the turn's decisions, by (fox state, rabbit state, roll, aids allowed)
        self.decisions: dict[tuple[Any, ...], Decision] = {}


def _expected_turns(cells: tuple[tuple[int, int], ...]) -> list[float]:
    """Return, for each cell of a trail, the turns a roll of three dice (one of each colour)
    takes on average to cross it, after the cell before it (a circle taken as written with
    the lowest number it allows)."""
    out = []
    prev = 0
    for key, number in cells:
        hits = 0
        lowest = 99
        for r in range(1, 7):
            for b in range(1, 7):
                for y in range(1, 7):
                    totals = _cell_totals(key, (r, b, y))
                    good = [x for x in totals if (x == number if number else x > prev)]
                    if good:
                        hits += 1
                        lowest = min(lowest, min(good))
        chance = hits / 216
        out.append(1 / chance if chance else 8.0)
        prev = number or (lowest if lowest < 99 else prev + 1)
    return out


def _cell_totals(key: int, values: tuple[int, int, int]) -> list[int]:
    """Return the totals one red, one blue and one yellow die can give a cell's rule."""
    if key < _MIX_KEY:
        return [values[key.bit_length() - 1]]
    if key == _BLACK_KEY:
        return [sum(values)]
    bits = key - _MIX_KEY
    return [sum(v for i, v in enumerate(values) if bits >> i & 1)]


_FED = 1 << 20  # in an animal's foods eaten: set once it has eaten (any food)


def _drop_older_half(cache: dict[Any, Any]) -> None:
    """Forget the older half of a cache (a dict keeps the order entries were made in)."""
    for key in list(islice(cache, len(cache) // 2)):
        del cache[key]

_COMPILED: dict[int, tuple[GameMap, Compiled]] = {}


def compiled(game_map: GameMap) -> Compiled:
    """Return the map's compiled tables (built on first use, then kept)."""
    hit = _COMPILED.get(id(game_map))
    if hit is not None and hit[0] is game_map:
        return hit[1]
    if len(_COMPILED) > 64:
        _COMPILED.clear()
    cm = Compiled(game_map)
    _COMPILED[id(game_map)] = (game_map, cm)
    return cm


# --- a roll's groups of dice -----------------------------------------------------------------
class _Table:
    """The groups of dice of one sorted roll, by the rule they follow, built as asked for.

    `group(key)` lists (dice, total, mask) of every group that follows the rule `key`, fewest
    dice then lowest total first; `exact(key, number)` the masks of those totalling `number`.
    """

    __slots__ = ("totals", "members", "groups", "exacts")

    def __init__(self, roll: tuple[int, ...]) -> None:
        totals = [0]   # the total of each group, by mask: die i doubles the list
        for d in roll:
            v = d % 10
            totals += [t + v for t in totals]
        self.totals = totals
        self.members = _members(tuple(d // 10 for d in roll))
        self.groups: dict[int, list[tuple[int, int, int]]] = {}
        self.exacts: dict[int, list[int]] = {}

    def group(self, key: int) -> list[tuple[int, int, int]]:
        found = self.groups.get(key)
        if found is None:
            totals = self.totals
            found = sorted([(s, totals[mask], mask) for s, mask in self.members.get(key, ())])
            self.groups[key] = found
        return found

    def exact(self, key: int, number: int) -> list[int]:
        k = key * 64 + number
        found = self.exacts.get(k)
        if found is None:
            found = self.exacts[k] = [m for s, t, m in self.group(key) if t == number]
        return found


@lru_cache(maxsize=64)
def _members(colours: tuple[int, ...]) -> dict[int, list[tuple[int, int]]]:
    """Return (dice, mask) of the groups of dice of these colours, by the rule they follow."""
    out: dict[int, list[tuple[int, int]]] = {}
    for mask in range(1, 1 << len(colours)):
        picked = [c for i, c in enumerate(colours) if mask >> i & 1]
        size = len(picked)
        bits = 0
        for c in picked:
            bits |= 1 << c
        if size == 1:
            out.setdefault(bits, []).append((1, mask))
            continue
        if bits in (3, 5, 6):
            out.setdefault(_MIX_KEY + bits, []).append((size, mask))
        if size >= 3:
            out.setdefault(_BLACK_KEY, []).append((size, mask))
    return out


_TABLES: dict[tuple[int, ...], _Table] = {}


def _table(roll: tuple[int, ...]) -> _Table:
    table = _TABLES.get(roll)
    if table is None:
        if len(_TABLES) > 40000:
            _TABLES.clear()
        table = _TABLES[roll] = _Table(roll)
    return table


def _dice_of(roll: tuple[int, ...], mask: int) -> list[int]:
    return [d for i, d in enumerate(roll) if mask >> i & 1]


# --- the state of one game -----------------------------------------------------------------
class _State:
    """One game's state as ints: dice and aids per colour/aid, each animal's trail and foods."""

    __slots__ = ("dice", "active", "spent", "circles", "max_dice", "pending", "trail", "pos",
                 "last", "walked", "eaten", "fed", "n_eaten", "traps", "log", "crossed",
                 "written", "eats")

    def __init__(self, cm: Compiled, active: int, log: bool) -> None:
        self.circles = cm.aid_circles
        self.max_dice = cm.max_dice
        self.dice = [0, 0, 0]
        for c in cm.start_colours:
            self.dice[c] += 1
        self.active = [active, active, active]
        self.spent = [0, 0, 0]
        self.pending: list[int] = []      # rewards (index into REWARDS) taken this turn
        self.trail = [-1, -1]             # trail index each animal is on (-1: not started)
        self.pos = [0, 0]                 # cells crossed on it
        self.last = [0, 0]                # number of the last cell crossed on it
        self.walked = [0, 0]              # trails walked, as bits
        self.eaten = [0, 0]               # foods eaten by each animal, as bits
        self.fed = 0                      # foods eaten by anyone, as bits
        self.n_eaten = 0                  # foods eaten over both animals
        self.traps = 0
        self.log: list[str] | None = [] if log else None
        self.crossed: list[str] = []
        self.written: dict[str, int] = {}
        self.eats: list[tuple[int, int, int]] = []   # (animal, food, reward or -1)

    def left(self, k: int) -> int:
        return self.active[k] - self.spent[k]

    def rewards(self) -> list[int]:
        """Return the rewards that can be taken now (ruling 10)."""
        out = []
        pend = self.pending
        for i in range(3):
            if self.dice[i] + pend.count(i) < self.max_dice:
                out.append(i)
        for k in range(3):
            if self.active[k] + pend.count(3 + k) < self.circles:
                out.append(3 + k)
        return out


def _entries(cm: Compiled, a: int, trail: int, walked: int, eaten: int) -> tuple[int, ...]:
    """Return the trails an animal at a trail's end (or not started) may enter."""
    if trail < 0:
        return cm.starts[a]
    key = (a, walked, eaten)
    found = cm.entries.get(key)
    if found is None:
        fm = cm.trail_food_mask
        found = cm.entries[key] = tuple(t for t in cm.trails_of[a]
                                        if not walked >> t & 1 and fm[t] & ~eaten)
    return found


def _fresh_food(foods: tuple[int, ...], eaten: int, fed: int) -> int:
    """Return the food to eat: one nobody has eaten yet if any, else one this animal has not."""
    first = -1
    for f in foods:
        if not eaten >> f & 1:
            if not fed >> f & 1:
                return f
            if first < 0:
                first = f
    return first


# --- planning a turn: each animal's chains of crossings, then the best pair ---------------
# A chain is (value, dice mask, steps, end state); a step is (trail, position, total, mask,
# food or -1); the end state is (trail, pos, last, walked, eaten, fed). The value is the
# planner's (see _Planner).
Chain = tuple[int, int, tuple[tuple[int, int, int, int, int], ...],
              tuple[int, int, int, int, int, int]]


def _chains(pl: _Planner, roll: tuple[int, ...], a: int,
            state: tuple[int, int, int, int, int, int], free: int) -> list[Chain]:
    """Return every chain of crossings the animal can make with the `free` dice (pruned)."""
    out: list[Chain] = []
    _extend(pl, roll, a, state, free, 0, 0, (), out)
    out.sort(key=_by_value)
    return out


def _by_value(chain: Chain) -> int:
    return -chain[0]


def _extend(pl: _Planner, roll: tuple[int, ...], a: int,
            state: tuple[int, int, int, int, int, int], free: int, value: int, used: int,
            steps: tuple[Any, ...], out: list[Chain]) -> None:
    cm = pl.cm
    trail, pos, last, walked, eaten, fed = state
    if trail >= 0 and pos < cm.trail_len[trail]:
        cands: tuple[tuple[int, int], ...] = ((trail, pos),)
        prev = last
    else:
        cands = tuple((t, 0) for t in _entries(cm, a, trail, walked, eaten))
        prev = 0
    for t, p in cands:
        key, number = cm.trail_cells[t][p]
        options: list[tuple[int, int, int]] = []
        if key < _MIX_KEY:
            # a die face: one die of the colour (every matching die, for the other animal)
            if number:
                code = cm.face_code[t][p]
                i = 0
                for d in roll:
                    if d == code and free >> i & 1:
                        options.append((1, number, 1 << i))
                    i += 1
            else:
                colour = key.bit_length() - 1
                i = 0
                for d in roll:
                    if d // 10 == colour and d % 10 > prev and free >> i & 1:
                        options.append((1, d % 10, 1 << i))
                        if len(options) == _CIRCLE_OPTIONS:
                            break
                    i += 1
        elif number:
            for mask in _table(roll).exact(key, number):
                if mask & free == mask:
                    options.append((mask.bit_count(), number, mask))
                    if len(options) == _EXACT_OPTIONS:
                        break
        else:
            for s, total, mask in _table(roll).group(key):
                if total > prev and mask & free == mask:
                    options.append((s, total, mask))
                    if len(options) == _CIRCLE_OPTIONS:
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
                end = (t, np, total, nw, eaten | 1 << food | _FED, fed | 1 << food)
                v += pl.arrival
                if not eaten:
                    v += pl.unfed_bonus
                if not fed >> food & 1:
                    v += pl.fresh_bonus
            else:
                food = -1
                end = (t, np, total, nw, eaten, fed)
            st = steps + ((t, p, total, mask, food),)
            out.append((v, used | mask, st, end))
            if free ^ mask:
                _extend(pl, roll, a, end, free ^ mask, v, used | mask, st, out)


def _best_pair(fox: list[Chain], rabbit: list[Chain]) -> tuple[int, Chain | None, Chain | None]:
    """Return the best value of a fox chain and a rabbit chain that share no die.

    Each list is sorted best first, so the search stops as soon as nothing can do better.
    """
    if not rabbit:
        return (fox[0][0], fox[0], None) if fox else (0, None, None)
    if not fox:
        return rabbit[0][0], None, rabbit[0]
    top_r = rabbit[0][0]
    best = top_r
    bf: Chain | None = None
    br: Chain | None = rabbit[0]
    for cf in fox:
        vf, mf = cf[0], cf[1]
        if vf + top_r <= best:
            break
        if vf > best:
            best, bf, br = vf, cf, None
        for cr in rabbit:
            v = vf + cr[0]
            if v <= best:
                break
            if not mf & cr[1]:
                best, bf, br = v, cf, cr
                break
    return best, bf, br


# --- playing a turn ---------------------------------------------------------------------------
def _roll(st: _State, rnd: Any) -> tuple[int, ...]:
    """Return a roll of all the player's dice, sorted (red, blue, yellow; low to high)."""
    reds, blues, yellows = st.dice
    out: tuple[int, ...]
    x = 1 + int(rnd() * 6)
    if reds == 2:
        y = 1 + int(rnd() * 6)
        out = (x, y) if x <= y else (y, x)
    else:
        out = (x,)
    x = 11 + int(rnd() * 6)
    if blues == 2:
        y = 11 + int(rnd() * 6)
        out += (x, y) if x <= y else (y, x)
    else:
        out += (x,)
    x = 21 + int(rnd() * 6)
    if yellows == 2:
        y = 21 + int(rnd() * 6)
        out += (x, y) if x <= y else (y, x)
    else:
        out += (x,)
    return out


def _reward(st: _State, greedy: bool, rng: random.Random) -> int:
    options = st.rewards()
    if not options:
        return -1
    if not greedy:
        return rng.choice(options)
    dice = [i for i in options if i < 3]
    if dice:
        return min(dice, key=lambda i: st.dice[i] + st.pending.count(i))
    return min(options, key=lambda i: st.active[i - 3] + st.pending.count(i))


def _apply(cm: Compiled, st: _State, a: int, steps: tuple[Any, ...], roll: tuple[int, ...],
           parts: list[str] | None, greedy: bool, rng: random.Random) -> None:
    """Cross the planned cells of one animal, eating on arrival (and write the moves)."""
    for t, p, total, mask, food in steps:
        if p == 0:
            st.trail[a] = t
            st.walked[a] |= 1 << t
        st.pos[a] = p + 1
        st.last[a] = total
        number = cm.trail_cells[t][p][1]
        if parts is not None:
            cid = cm.cell_ids[t][p]
            st.crossed.append(cid)
            text = f"{cid} " if number else f"{cid}={total} "
            if not number:
                st.written[cid] = total
            text += " ".join(code_text(d) for d in _dice_of(roll, mask))
        if food >= 0:
            reward = _reward(st, greedy, rng)
            st.eaten[a] |= 1 << food
            st.fed |= 1 << food
            st.n_eaten += 1
            if reward >= 0:
                st.pending.append(reward)
            if parts is not None:
                st.eats.append((a, food, reward))
                text += (f" eats {cm.food_ids[food]}, takes "
                         f"{REWARDS[reward] if reward >= 0 else NO_REWARD}")
        if parts is not None:
            parts.append(text)


def _aid_variants(code: int, pm: bool, fl: bool) -> list[tuple[int, int]]:
    """Return (new code, aid) for each +/-1 and flip allowed on a die."""
    v = code % 10
    out = []
    if pm:
        if v < 6:
            out.append((code + 1, PLUS_MINUS))
        if v > 1:
            out.append((code - 1, PLUS_MINUS))
    if fl:
        out.append((code - v + 7 - v, FLIP))
    return out


def _aid_text(code: int, new: int, aid: int) -> str:
    if aid == FLIP:
        return f"flip {code_text(code)}"
    return f"{'+1' if new > code else '-1'} {code_text(code)}"


#: A turn's decision: the crossings of each animal, as (animal, steps, the roll they refer
#: to), and the aid used first, as (aid, die, new die), or None.
Decision = tuple[tuple[tuple[int, tuple[Any, ...], tuple[int, ...]], ...],
                 tuple[int, int, int] | None]


def _plan(pl: _Planner, fox: tuple[int, int, int, int, int, int],
          rabbit: tuple[int, int, int, int, int, int], roll: tuple[int, ...]
          ) -> tuple[int, Chain | None, Chain | None]:
    """Return the best value of a turn with this roll, and each animal's chain for it."""
    return _best_pair(_animal_chains(pl, 0, fox, roll), _animal_chains(pl, 1, rabbit, roll))


def _animal_chains(pl: _Planner, a: int, state: tuple[int, int, int, int, int, int],
                   roll: tuple[int, ...]) -> list[Chain]:
    """Return the animal's chains for a roll (cached; at once when its next cell is a die
    face no die shows)."""
    cm = pl.cm
    t, pos = state[0], state[1]
    if t >= 0 and pos < cm.trail_len[t]:
        code = cm.face_code[t][pos]
        if code and code not in roll:
            return _EMPTY
    n = len(roll)
    state = _horizon(cm, state, n)
    key = (a, state, roll)
    found = pl.chains.get(key)
    if found is None:
        if len(pl.chains) > _MAX_CHAINS:
            _drop_older_half(pl.chains)
        found = pl.chains[key] = _chains(pl, roll, a, state, (1 << n) - 1)
    return found


_EMPTY: list[Chain] = []


def _horizon(cm: Compiled, state: tuple[int, int, int, int, int, int], dice: int
             ) -> tuple[int, int, int, int, int, int]:
    """Return the state with what this turn's dice cannot reach forgotten (more cache hits).

    Foods eaten and trails walked matter only to an animal that can reach a food location
    this turn: which food it eats there, and where it may tunnel with the dice left.
    """
    t, pos = state[0], state[1]
    if t >= 0:
        left = cm.trail_len[t] - pos
        if left > dice:
            return (t, pos, state[2], 0, 0, 0)
        if left == dice:   # it may arrive, with no die left to tunnel on
            m = cm.trail_food_mask[t] | _FED
            return (t, pos, state[2], 0, state[4] & m, state[5] & m)
    return state


def _decide(pl: _Planner, fox: tuple[int, int, int, int, int, int],
            rabbit: tuple[int, int, int, int, int, int], roll: tuple[int, ...], pm: bool,
            fl: bool) -> Decision:
    """Return the player's decision for a roll (a pure function of its arguments)."""
    cm = pl.cm
    value, bf, br = _plan(pl, fox, rabbit, roll)
    used = (bf[1] if bf else 0) | (br[1] if br else 0)
    best: tuple[int, Chain | None, Chain | None, tuple[int, ...], tuple[int, int, int] | None]
    best = (value + 50, bf, br, roll, None)
    if (pm or fl) and used != (1 << len(roll)) - 1:
        # a +/-1 or flip on a die the plan leaves unused, when the changed die could help
        # cross an animal's next cell: kept if the whole turn then crosses more
        blocked = (_next_cells(cm, 0, bf[3] if bf else fox)
                   + _next_cells(cm, 1, br[3] if br else rabbit))
        seen = set()
        for i, code in enumerate(roll):
            if used >> i & 1 or code in seen:
                continue
            seen.add(code)
            for new, aid in _aid_variants(code, pm, fl):
                if not _helps(cm, blocked, roll, used, i, new):
                    continue
                changed = tuple(sorted(roll[:i] + (new,) + roll[i + 1:]))
                v, f2, r2 = _plan(pl, fox, rabbit, changed)
                if v > best[0]:
                    best = (v, f2, r2, changed, (aid, code, new))
    _, bf, br, roll, use = best
    plans = []
    if bf is not None:
        plans.append((0, bf[2], roll))
    if br is not None:
        plans.append((1, br[2], roll))
    return tuple(plans), use


def _helps(cm: Compiled, cells: list[tuple[int, int, int]], roll: tuple[int, ...],
           used: int, i: int, new: int) -> bool:
    """Return whether die i, changed to `new`, and other unused dice cross one of the cells."""
    colour_bit = 1 << (new // 10)
    v = new % 10
    spare = ((1 << len(roll)) - 1) & ~used
    bit = 1 << i
    for t, p, prev in cells:
        key, number = cm.trail_cells[t][p]
        if key < _MIX_KEY:
            if key == colour_bit and (v == number if number else v > prev):
                return True
            continue
        if not (key == _BLACK_KEY or key & colour_bit):
            continue
        delta = v - roll[i] % 10
        for _, total, mask in _table(roll).group(key):
            if mask & bit and mask & spare == mask:
                changed = total + delta
                if changed == number if number else changed > prev:
                    return True
    return False


def _next_cells(cm: Compiled, a: int, state: tuple[int, int, int, int, int, int]
                ) -> list[tuple[int, int, int]]:
    """Return (trail, position, previous number) of each cell the animal could cross next."""
    trail, pos, last, walked, eaten, _ = state
    if trail >= 0 and pos < cm.trail_len[trail]:
        return [(trail, pos, last)]
    return [(t, 0, 0) for t in _entries(cm, a, trail, walked, eaten)]


def _greedy_turn(pl: _Planner, st: _State, rng: random.Random) -> None:
    cm = pl.cm
    rnd = rng.random
    rolled = _roll(st, rnd)
    parts = None if st.log is None else [" ".join(code_text(d) for d in rolled)]
    cells, lens = cm.trail_cells, cm.trail_len
    t, pos = st.trail[0], st.pos[0]
    eaten = st.eaten[0]
    fox = (t, pos, st.last[0] if t >= 0 and pos < lens[t] and not cells[t][pos][1] else 0,
           st.walked[0], eaten | _FED if eaten else 0, st.fed)
    t, pos = st.trail[1], st.pos[1]
    eaten = st.eaten[1]
    rabbit = (t, pos, st.last[1] if t >= 0 and pos < lens[t] and not cells[t][pos][1] else 0,
              st.walked[1], eaten | _FED if eaten else 0, st.fed)
    keep = pl.keep
    pm = st.active[PLUS_MINUS] - st.spent[PLUS_MINUS] > keep
    fl = st.active[FLIP] - st.spent[FLIP] > keep
    cache = pl.decisions
    key = (fox, rabbit, rolled, pm, fl)
    decision = cache.get(key)
    if decision is None:
        if len(cache) > _MAX_DECISIONS:
            _drop_older_half(cache)
        decision = cache[key] = _decide(pl, fox, rabbit, rolled, pm, fl)
    plans, use = decision
    if use is not None:
        st.spent[use[0]] += 1
        if parts is not None:
            parts.append(_aid_text(use[1], use[2], use[0]))
    elif not plans and st.active[REROLL] - st.spent[REROLL] > keep:
        # nothing crosses: re-roll every die, once
        st.spent[REROLL] += 1
        roll = _roll(st, rnd)
        if parts is not None:
            parts.append(f"re-roll {parts[0]} -> {' '.join(code_text(d) for d in roll)}")
        key = (fox, rabbit, roll, False, False)
        decision = cache.get(key)
        if decision is None:
            decision = cache[key] = _decide(pl, fox, rabbit, roll, False, False)
        plans = decision[0]
    for a, steps, r in plans:
        _apply(cm, st, a, steps, r, parts, True, rng)
    if parts is not None and st.log is not None:
        st.log.append("; ".join(parts))


def _random_turn(cm: Compiled, st: _State, rng: random.Random) -> None:
    rnd = rng.random
    roll = list(_roll(st, rnd))
    parts = None if st.log is None else [" ".join(code_text(d) for d in roll)]
    if rnd() < 0.25:
        pm = st.left(PLUS_MINUS) > 0
        fl = st.left(FLIP) > 0
        options = [(i, new, aid) for i, code in enumerate(roll)
                   for new, aid in _aid_variants(code, pm, fl)]
        if options:
            i, new, aid = rng.choice(options)
            st.spent[aid] += 1
            if parts is not None:
                parts.append(_aid_text(roll[i], new, aid))
            roll[i] = new
    if st.left(REROLL) > 0 and rnd() < 0.1:
        pick = [i for i in range(len(roll)) if rnd() < 0.5] or [0]
        before = [roll[i] for i in pick]
        for i in pick:
            roll[i] = roll[i] - roll[i] % 10 + int(rnd() * 6) + 1
        st.spent[REROLL] += 1
        if parts is not None:
            parts.append(f"re-roll {' '.join(code_text(d) for d in before)} -> "
                         f"{' '.join(code_text(roll[i]) for i in pick)}")
    dice = tuple(sorted(roll))
    table = _table(dice)
    free = (1 << len(dice)) - 1
    while free:
        moves: list[tuple[int, int, int, int, int]] = []
        for a in (0, 1):
            t, pos = st.trail[a], st.pos[a]
            if t >= 0 and pos < cm.trail_len[t]:
                cands: tuple[tuple[int, int], ...] = ((t, pos),)
                prev = st.last[a]
            else:
                cands = tuple((x, 0) for x in _entries(cm, a, t, st.walked[a], st.eaten[a]))
                prev = 0
            for x, p in cands:
                key, number = cm.trail_cells[x][p]
                for s, total, mask in table.group(key):
                    if mask & free == mask and (total == number if number else total > prev):
                        moves.append((a, x, p, total, mask))
        if not moves or rnd() < 0.15:
            break
        a, x, p, total, mask = rng.choice(moves)
        food = -1
        if p + 1 == cm.trail_len[x]:
            edible = [f for f in cm.trail_foods[x] if not st.eaten[a] >> f & 1]
            food = rng.choice(edible)
        _apply(cm, st, a, ((x, p, total, mask, food),), dice, parts, False, rng)
        free &= ~mask
    if parts is not None and st.log is not None:
        st.log.append("; ".join(parts))


def _join_rewards(st: _State) -> None:
    """Rewards taken this turn join at its end (decision D4)."""
    for r in st.pending:
        if r < 3:
            st.dice[r] += 1
        else:
            st.active[r - 3] += 1
    st.pending.clear()


# --- the endgame -------------------------------------------------------------------------------
def _met_req(req: tuple[int, tuple[int, ...], int, Any], dice: tuple[int, ...]) -> bool:
    return _met(req[0], req[1], req[2], dice)


@lru_cache(maxsize=4096)
def _escape_chance(bits: int, sums: tuple[int, ...], cap: int,
                   counts: tuple[int, int, int], aid: bool) -> float:
    """Return the chance that rolling these dice (one +/-1 or flip allowed) meets a requirement.

    Counted exactly over every outcome: each colour's dice as a sorted multiset, weighted by
    the orders that show it. With an aid, an outcome counts when it meets the requirement or
    is one +/-1 or flip away from an outcome that does (both aids undo themselves).
    """
    if not sum(counts):
        return 0.0
    per_colour = [[(tuple(c * 10 + v for v in values), _orderings(values))
                   for values in combinations_with_replacement(range(1, 7), counts[c])]
                  for c in range(3)]
    weight: dict[tuple[int, ...], int] = {}
    for parts in product(*per_colour):
        weight[parts[0][0] + parts[1][0] + parts[2][0]] = parts[0][1] * parts[1][1] * parts[2][1]
    good = {dice for dice in weight if _met(bits, sums, cap, dice)}
    if aid:
        near = set()
        for dice in good:
            for i, d in enumerate(dice):
                v = d % 10
                for new in (d + 1 if v < 6 else 0, d - 1 if v > 1 else 0, d - v + 7 - v):
                    if new:
                        near.add(tuple(sorted(dice[:i] + (new,) + dice[i + 1:])))
        good |= near
    return sum(weight[dice] for dice in good) / sum(weight.values())


def _orderings(values: tuple[int, ...]) -> int:
    """Return in how many orders dice can show this multiset of values."""
    out = factorial(len(values))
    for v in set(values):
        out //= factorial(values.count(v))
    return out


@lru_cache(maxsize=4096)
def _best_escape_dice(bits: int, sums: tuple[int, ...], cap: int,
                      owned: tuple[int, int, int], aid: bool) -> tuple[tuple[int, ...], float]:
    """Return the colours of the dice that give the best escape chance, and that chance.

    Only dice of the requirement's two colours are worth rolling (any other die only adds to
    the total), at least one of each and at most four in all.
    """
    ranges = [range(1, owned[c] + 1) if bits >> c & 1 else range(0, 1) for c in range(3)]
    best: tuple[float, tuple[int, int, int]] = (-1.0, (0, 0, 0))
    for r, b, y in product(*ranges):
        if r + b + y <= 4:
            chance = _escape_chance(bits, sums, cap, (r, b, y), aid)
            if chance > best[0]:
                best = (chance, (r, b, y))
    r, b, y = best[1]
    if not r + b + y:   # no die of a needed colour: roll one die anyway (decision D10)
        return (next(c for c in range(3) if owned[c]),), 0.0
    return (0,) * r + (1,) * b + (2,) * y, best[0]


def _roll_colours(colours: tuple[int, ...], rnd: Any) -> tuple[int, ...]:
    return tuple(c * 10 + int(rnd() * 6) + 1 for c in colours)


def _attempt_entry(rnd_no: int, a: int, rolled: tuple[int, ...], aids: list[str], key: str,
                   ok: bool) -> dict[str, Any]:
    return {"round": rnd_no, "animal": ANIMALS[a],
            "roll": [code_text(d) for d in rolled], "aids": aids, key: ok}


def _escape(cm: Compiled, st: _State, a: int, rnd_no: int, greedy: bool, rng: random.Random,
            attempts: list[dict[str, Any]] | None) -> bool:
    """Make an animal's escape attempt (ruling 16); return whether it escaped."""
    rnd = rng.random
    req = cm.escape[a][1 if st.n_eaten >= cm.higher_from else 0]
    if greedy:
        # one aid of every attempt is free (ruling 7), so an aid is always at hand
        colours, _ = _best_escape_dice(req[0], req[1], req[2],
                                       (st.dice[0], st.dice[1], st.dice[2]), True)
    else:
        every = (0,) * st.dice[0] + (1,) * st.dice[1] + (2,) * st.dice[2]
        colours = tuple(c for c in every if rnd() < 0.7) or every[:1]
    rolled = _roll_colours(colours, rnd)
    dice = tuple(sorted(rolled))
    aids: list[str] = []
    if not _met_req(req, dice):
        # circles as in a turn, and one aid more for free (ruling 7): the fewest uses win
        pm, fl = st.left(PLUS_MINUS), st.left(FLIP)
        found = [s for s in (catch_sequence(dice, req[3], pm + 1, fl, 4),
                             catch_sequence(dice, req[3], pm, fl + 1, 4)) if s]
        seq = min(found, key=len) if found else None
        if seq and (greedy or rnd() < 0.7):
            free = True
            for use in seq:
                if free and st.left(use.aid) <= 0 or free and use is seq[-1]:
                    free = False  # this one costs no circle
                else:
                    st.spent[use.aid] += 1
                aids.append(str(use))
                rest = list(dice)
                rest.remove(use.dice[0])
                rest.append(use.result[0])
                dice = tuple(sorted(rest))
        elif greedy or rnd() < 0.5:
            new = tuple(d - d % 10 + int(rnd() * 6) + 1 for d in dice)
            aids.append(str(AidUse(REROLL, dice, new)))  # the free aid
            dice = tuple(sorted(new))
    ok = _met_req(req, dice)
    if attempts is not None:
        attempts.append(_attempt_entry(rnd_no, a, rolled, aids, "escaped", ok))
    return ok


def _farmer(cm: Compiled, a: int, rnd_no: int, most: int, boxes: list[list[int]],
            rng: random.Random, attempts: list[dict[str, Any]] | None) -> bool:
    """Make the farmer's trigger attempt against an animal; the farmer plays to catch (D9).

    `boxes[a]` holds the uses of each of his aid boxes left against this animal's trap: each
    box serves once against each animal's trap (ruling 13).
    """
    left = boxes[a]
    req = cm.trap_req[a]
    rolled = _roll_colours(cm.trap_colours[a], rng.random)
    dice = tuple(sorted(rolled))
    aids: list[str] = []
    while not _met_req(req, dice) and most > 0:
        seq = catch_sequence(dice, req[3], left[PLUS_MINUS], left[FLIP], min(most, 4))
        if seq:
            for use in seq:
                left[use.aid] -= 1
                aids.append(str(use))
                rest = list(dice)
                rest.remove(use.dice[0])
                rest.append(use.result[0])
                dice = tuple(sorted(rest))
            most -= len(seq)
        elif left[REROLL] > 0:
            new = tuple(d - d % 10 + int(rng.random() * 6) + 1 for d in dice)
            aids.append(str(AidUse(REROLL, dice, new)))
            left[REROLL] -= 1
            most -= 1
            dice = tuple(sorted(new))
        else:
            break
    caught = _met_req(req, dice)
    if attempts is not None:
        attempts.append(_attempt_entry(rnd_no, a, rolled, aids, "triggered", caught))
    return caught


# --- a whole game --------------------------------------------------------------------------------
@dataclass
class Played:
    """A finished game: who escaped, the score, the achievements, and its run record."""

    record: dict[str, Any]
    escaped: tuple[bool, bool]
    score: int
    achievements: list[str] = field(default_factory=list)
    foods_eaten: int = 0
    traps: int = 0
    both_fed: bool = False


#: A game's result for the simulator: (fox escaped, rabbit escaped, foods eaten (both animals),
#: every food eaten, traps left when the endgame began, score, achievements as bits of the
#: map's list, both animals fed, turns played)
Outcome = tuple[bool, bool, int, bool, int, int, int, bool, int]


def play_game(cm: Compiled, mode: str, rng: random.Random, strategy: str = "greedy",
              record: bool = False) -> tuple[Outcome, dict[str, Any] | None]:
    """Play one whole game; return its outcome, and its run record when asked for."""
    if strategy not in STRATEGIES:
        raise ValueError(f"unknown strategy {strategy!r}: expected one of {', '.join(STRATEGIES)}")
    m = cm.map
    md = m.modes[mode]
    st = _State(cm, md.active_circles, record)
    threshold = -1 if md.escape_threshold == "all" else int(md.escape_threshold)
    greedy = strategy != "random"
    pl = cm.planner(strategy, mode) if greedy else None
    traps = cm.traps
    eaten = st.eaten
    while True:
        if eaten[0] and eaten[1] and (st.fed == cm.all_foods if threshold < 0
                                      else st.n_eaten >= threshold):
            # the endgame may begin (rulings 11, 14)
            if pl is not None or rng.random() < 0.4:
                break
        if pl is None:
            _random_turn(cm, st, rng)
        else:
            _greedy_turn(pl, st, rng)
        st.traps += 1
        if st.pending:
            _join_rewards(st)
        if st.traps >= traps:
            break
    both_fed = bool(st.eaten[0] and st.eaten[1])
    inside = [both_fed, both_fed]
    escaped = [False, False]
    escapes: list[dict[str, Any]] | None = [] if record else None
    triggers: list[dict[str, Any]] | None = [] if record else None
    boxes = [[cm.farmer_uses_per_trap] * 3 for _ in range(2)]
    most_aids = md.farmer_aids_per_attempt
    most = 99 if most_aids is None else most_aids
    rnd_no = 0
    while (inside[0] or inside[1]) and rnd_no < MAX_ROUNDS:
        rnd_no += 1
        for a in (0, 1):
            if inside[a] and _escape(cm, st, a, rnd_no, greedy, rng, escapes):
                inside[a] = False
                escaped[a] = True
        for a in (0, 1):
            if inside[a] and _farmer(cm, a, rnd_no, most, boxes, rng, triggers):
                inside[a] = False
    n_escaped = escaped[0] + escaped[1]
    traps_left = traps - st.traps
    all_food = st.fed == cm.all_foods
    total = (st.n_eaten * cm.per_food + n_escaped * cm.per_escape
             + (traps_left * cm.per_trap if n_escaped else 0))
    ach = 0
    for i, spec in enumerate(m.scoring.achievements):
        if spec.mode != mode or n_escaped < spec.escaped:
            continue
        if (not all_food) if spec.foods == "all" else st.n_eaten < spec.foods:
            continue
        ach |= 1 << i
    outcome: Outcome = (escaped[0], escaped[1], st.n_eaten, all_food, traps_left, total, ach,
                        both_fed, st.traps)
    if not record:
        return outcome, None
    rec: dict[str, Any] = {
        "game": "fox-and-rabbit",
        "map": m.name,
        "mode": mode,
        "crossed": st.crossed,
        "written": st.written,
        "eaten": {name: [cm.food_ids[f] for a, f, _ in st.eats if a == i]
                  for i, name in enumerate(ANIMALS)},
        "rewards": [REWARDS[r] for _, _, r in st.eats if r >= 0],
        "aids_spent": {AIDS[k]: st.spent[k] for k in range(3)},
        "traps_crossed": st.traps,
        "escape_attempts": escapes,
        "trigger_attempts": triggers,
        "claimed": {"score": total, "title": m.title_for(total),
                    "achievements": achievement_ids(cm, ach)},
        "turns": st.log,
    }
    return outcome, rec


def achievement_ids(cm: Compiled, bits: int) -> list[str]:
    """Return the ids of the achievements set in an outcome's bits."""
    return [x for i, x in enumerate(cm.achievement_ids) if bits >> i & 1]


def play(game_map: GameMap, mode: str, rng: random.Random, strategy: str = "greedy") -> Played:
    """Play one whole game and return it with its run record (turn log included)."""
    outcome, rec = play_game(compiled(game_map), mode, rng, strategy, record=True)
    assert rec is not None
    return Played(rec, (outcome[0], outcome[1]), outcome[5], rec["claimed"]["achievements"],
                  outcome[2], rec["traps_crossed"], outcome[7])
