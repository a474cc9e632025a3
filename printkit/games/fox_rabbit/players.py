"""Automatic players: a random legal player and a greedy one, both on the rules engine.

A player plays a whole game and returns it as a run record (a plain dict with a turn log),
ready to be written as YAML and checked by the validator. The simulator is built on these.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import product
from typing import Any

from printkit.games.fox_rabbit.board import AIDS, GameMap
from printkit.games.fox_rabbit.dice import Requirement, dice_text, roll_table
from printkit.games.fox_rabbit.endgame import applied, catch_sequence, single_aids
from printkit.games.fox_rabbit.engine import (
    ANIMAL_NAMES, FLIP, NO_REWARD, PLUS_MINUS, REROLL, REWARDS, AidUse, Game, achievements,
    score)

STRATEGIES = ("random", "greedy")


@dataclass
class Played:
    """A finished game: the engine's final state and the run record it makes."""

    game: Game
    record: dict[str, Any]
    escaped: tuple[bool, bool]
    score: int
    achievements: list[str] = field(default_factory=list)


def _plan(game: Game, roll: tuple[int, ...], greedy: bool, rng: random.Random
          ) -> list[tuple[Any, int, int]]:
    """Return the crossings for this turn as (cell, total, dice mask) in order.

    The greedy player searches for the plan that crosses the most cells (eating counts
    extra); the random player crosses random legal cells until it stops.
    """
    table = roll_table(roll)
    if not greedy:
        steps: list[Any] = []
        free = table.all_mask
        last = list(game.last)
        pos = list(game.pos)
        # a light copy of what changes while planning
        sim = _Shadow(game)
        while True:
            options = sim.options(table, free)
            if not options or rng.random() < 0.15:
                return steps
            cell, total, mask = rng.choice(options)
            sim.cross(cell, total)
            free &= ~mask
            steps.append((cell, total, mask))
        del last, pos
    best: list[Any] = [(-1.0, [])]

    def search(sim: _Shadow, free: int, steps: list[Any], value: float, depth: int) -> None:
        if value > best[0][0]:
            best[0] = (value, list(steps))
        if depth > 6:
            return
        for cell, total, mask in sim.options(table, free, prune=True):
            undo = sim.cross(cell, total)
            gain = 1.0 + (3.0 if sim.arrived(cell) else 0.0) - 0.01 * bin(mask).count("1")
            steps.append((cell, total, mask))
            search(sim, free & ~mask, steps, value + gain, depth + 1)
            steps.pop()
            sim.undo(undo)

    search(_Shadow(game), table.all_mask, [], 0.0, 0)
    return best[0][1]


class _Shadow:
    """What planning a turn changes: each animal's trail, position and last number."""

    __slots__ = ("game", "trail", "pos", "last", "walked", "done")

    def __init__(self, game: Game) -> None:
        self.game = game
        self.trail = list(game.trail)
        self.pos = list(game.pos)
        self.last = list(game.last)
        self.walked = [list(w) for w in game.walked]
        self.done = [False, False]  # arrived this turn: eats, then may tunnel on

    def options(self, table: Any, free: int, prune: bool = False) -> list[tuple[Any, int, int]]:
        out: list[tuple[Any, int, int]] = []
        g = self.game
        for a in (0, 1):
            t = self.trail[a]
            if t is not None and self.pos[a] < len(t.cells):
                cells = [t.cells[self.pos[a]]]
                prev = self.last[a]
            else:
                eaten = set(g.eaten[a])
                if self.done[a] and t is not None:
                    eaten.add(_food_choice(g, a, t))
                if t is None:
                    trails = g.map.start_trails(ANIMAL_NAMES[a])
                else:
                    trails = tuple(
                        x for x in g.map.trails_of(ANIMAL_NAMES[a]) if x not in self.walked[a]
                        and any(f not in eaten for f in g.map.location_by_id[x.location].foods))
                cells = [x.cells[0] for x in trails]
                prev = 0
            for cell in cells:
                found = table.crossers(cell.kind, cell.bits, free, cell.value, prev)
                if prune and found:
                    # the fewest dice, and for a circle the lowest number: keeps later cells easy
                    found.sort(key=lambda tm: (bin(tm[1]).count("1"), tm[0]))
                    found = found[:2]
                out.extend((cell, total, mask) for total, mask in found)
        return out

    def cross(self, cell: Any, total: int) -> tuple[int, Any, int, int, bool]:
        a = 0 if cell.id.animal_letter == "F" else 1
        undo = (a, self.trail[a], self.pos[a], self.last[a], self.done[a])
        if cell.id.position == 1:
            t = self.game.map.trail_by_id[str(cell.id.trail)]
            self.trail[a] = t
            self.walked[a].append(t)
            self.pos[a] = 0
            self.done[a] = False
        self.pos[a] += 1
        self.last[a] = cell.value or total
        current = self.trail[a]
        if current is not None and self.pos[a] == len(current.cells):
            self.done[a] = True
        return undo

    def undo(self, undo: tuple[int, Any, int, int, bool]) -> None:
        a, trail, pos, last, done = undo
        if self.trail[a] is not trail:
            self.walked[a].pop()
        self.trail[a], self.pos[a], self.last[a], self.done[a] = trail, pos, last, done

    def arrived(self, cell: Any) -> bool:
        a = 0 if cell.id.animal_letter == "F" else 1
        t = self.trail[a]
        return t is not None and self.pos[a] == len(t.cells)


def _food_choice(game: Game, a: int, trail: Any) -> str:
    """Return the food an arriving animal eats: one nobody has eaten yet, if any."""
    foods = [f for f in game.map.location_by_id[trail.location].foods if f not in game.eaten[a]]
    fresh = [f for f in foods if f not in game.food_count]
    return (fresh or foods)[0]


def _reward_choice(game: Game, rng: random.Random, greedy: bool) -> str:
    options = game.rewards_available()
    if not options:
        return NO_REWARD
    if not greedy:
        return rng.choice(options)
    dice = [r for r in options if r.endswith("die")]
    if dice:
        return min(dice, key=lambda r: game.dice[REWARDS.index(r)])
    return min(options, key=lambda r: game.active[REWARDS.index(r) - 3])


def _roll(game: Game, rng: random.Random, colours: tuple[int, ...]) -> list[int]:
    return [c * 10 + rng.randint(1, 6) for c in colours]


def _choose_aids(game: Game, roll: list[int], greedy: bool, rng: random.Random
                 ) -> tuple[list[int], list[AidUse]]:
    """Return the dice after the aids the player uses this turn, and those aids."""
    used: list[AidUse] = []
    if not greedy:
        if rng.random() < 0.25:
            allowed = tuple(k for k in (PLUS_MINUS, FLIP) if game.aids_left(k) > 0)
            options = single_aids(tuple(roll), allowed)
            if options:
                aid = rng.choice(options)
                game.spend_aid(aid.aid)
                roll = list(applied(tuple(roll), aid))
                used.append(aid)
        if game.aids_left(REROLL) > 0 and rng.random() < 0.1:
            pick = [d for d in roll if rng.random() < 0.5] or roll[:1]
            new = [d - d % 10 + rng.randint(1, 6) for d in pick]
            aid = AidUse(REROLL, tuple(pick), tuple(new))
            game.spend_aid(REROLL)
            rest = list(roll)
            for d in pick:
                rest.remove(d)
            roll = rest + new
            used.append(aid)
        return roll, used
    # greedy: keep one circle of each aid for the endgame; use an aid only when it lets the
    # turn cross more cells than without it.
    base = len(_plan(game, tuple(sorted(roll)), True, rng))
    allowed = tuple(k for k in (PLUS_MINUS, FLIP) if game.aids_left(k) > 1)
    best: tuple[int, AidUse, tuple[int, ...]] | None = None
    for aid in single_aids(tuple(roll), allowed):
        changed = applied(tuple(roll), aid)
        n = len(_plan(game, changed, True, rng))
        if n > base and (best is None or n > best[0]):
            best = (n, aid, changed)
    if best is not None:
        game.spend_aid(best[1].aid)
        return list(best[2]), [best[1]]
    if base == 0 and game.aids_left(REROLL) > 1:
        new = [d - d % 10 + rng.randint(1, 6) for d in roll]
        game.spend_aid(REROLL)
        return new, [AidUse(REROLL, tuple(roll), tuple(new))]
    return roll, used


def _turn(game: Game, rng: random.Random, greedy: bool) -> str:
    """Play one turn; return its line in the turn log."""
    rolled = _roll(game, rng, game.roll_colours())
    dice, aids = _choose_aids(game, rolled, greedy, rng)
    roll = tuple(sorted(dice))
    plan = _plan(game, roll, greedy, rng)
    parts = [dice_text(rolled)] + [str(a) for a in aids]
    for cell, total, mask in plan:
        used = tuple(roll[i] for i in range(len(roll)) if mask >> i & 1)
        arrived = game.cross(cell, total)
        text = f"{cell.id}{'' if cell.value else '=' + str(total)} {dice_text(used)}"
        if arrived:
            a = 0 if cell.id.animal_letter == "F" else 1
            food = _food_choice(game, a, game.trail[a]) if greedy else rng.choice(game.edible(a))
            reward = _reward_choice(game, rng, greedy)
            game.eat(a, food, reward)
            text += f" eats {food}, takes {reward}"
        parts.append(text)
    game.end_turn()
    return "; ".join(parts)


@lru_cache(maxsize=4096)
def _escape_chance(req: Requirement, counts: tuple[int, int, int], aid: bool) -> float:
    """Return the chance that rolling these dice (one +/-1 or flip allowed) meets `req`."""
    colours = [c for c in range(3) for _ in range(counts[c])]
    if not colours:
        return 0.0
    hits = 0
    outcomes = 0
    for values in product(range(1, 7), repeat=len(colours)):
        dice = tuple(sorted(c * 10 + v for c, v in zip(colours, values)))
        outcomes += 1
        if req.met_by(dice) or (aid and catch_sequence(dice, req, 1, 1, 1) is not None):
            hits += 1
    return hits / outcomes


def _escape_dice(game: Game, req: Requirement, greedy: bool, rng: random.Random) -> tuple[int, ...]:
    """Return the colours of the dice the animal rolls in an escape attempt."""
    if not greedy:
        colours = [c for c in game.roll_colours() if rng.random() < 0.7]
        return tuple(colours or game.roll_colours()[:1])
    aid = game.aids_left(PLUS_MINUS) > 0 or game.aids_left(FLIP) > 0
    best = max(((r, b, y) for r in range(game.dice[0] + 1) for b in range(game.dice[1] + 1)
                for y in range(game.dice[2] + 1) if r + b + y <= 4),
               key=lambda c: _escape_chance(req, c, aid))
    return (0,) * best[0] + (1,) * best[1] + (2,) * best[2]


def _escape_attempt(game: Game, a: int, rnd: int, rng: random.Random, greedy: bool
                    ) -> tuple[dict[str, Any], bool]:
    req = game.map.requirement(ANIMAL_NAMES[a], game.foods_eaten())
    rolled = _roll(game, rng, _escape_dice(game, req, greedy, rng))
    dice = tuple(sorted(rolled))
    aids: list[AidUse] = []
    if not req.met_by(dice):
        seq = catch_sequence(dice, req, game.aids_left(PLUS_MINUS), game.aids_left(FLIP), 1)
        if seq and (greedy or rng.random() < 0.7):
            aids.append(seq[0])
            game.spend_aid(seq[0].aid)
            dice = applied(dice, seq[0])
        elif game.aids_left(REROLL) > 0 and (greedy or rng.random() < 0.5):
            new = tuple(d - d % 10 + rng.randint(1, 6) for d in dice)
            aids.append(AidUse(REROLL, dice, new))
            game.spend_aid(REROLL)
            dice = tuple(sorted(new))
    ok = req.met_by(dice)
    entry = {"round": rnd, "animal": ANIMAL_NAMES[a], "roll": [dice_text([d]) for d in rolled],
             "aids": [str(x) for x in aids], "escaped": ok}
    return entry, ok


def farmer_attempt(game: Game, a: int, rnd: int, left: list[int], rng: random.Random
                   ) -> tuple[dict[str, Any], bool]:
    """Play the farmer's trigger attempt against an animal: the farmer plays to catch.

    `left` holds the farmer's aid uses left per aid and is updated.
    """
    trap = game.map.farmer.trap(ANIMAL_NAMES[a])
    colours = tuple("RBY".index(x) for x in trap.dice)
    rolled = _roll(game, rng, colours)
    dice = tuple(sorted(rolled))
    most = game.mode.farmer_aids_per_attempt
    most = 99 if most is None else most
    aids: list[AidUse] = []
    seq = catch_sequence(dice, trap.requirement, left[PLUS_MINUS], left[FLIP], min(most, 4))
    if seq:
        for aid in seq:
            left[aid.aid] -= 1
            dice = applied(dice, aid)
            aids.append(aid)
    elif seq is None and most > 0 and left[REROLL] > 0:
        new = tuple(d - d % 10 + rng.randint(1, 6) for d in dice)
        aids.append(AidUse(REROLL, dice, new))
        left[REROLL] -= 1
        dice = tuple(sorted(new))
    caught = trap.requirement.met_by(dice)
    entry = {"round": rnd, "animal": ANIMAL_NAMES[a], "roll": [dice_text([d]) for d in rolled],
             "aids": [str(x) for x in aids], "triggered": caught}
    return entry, caught


def play(game_map: GameMap, mode: str, rng: random.Random, strategy: str = "greedy") -> Played:
    """Play one whole game and return it with its run record (turn log included)."""
    greedy = strategy == "greedy"
    game = Game(game_map, mode)
    turns: list[str] = []
    while True:
        if game.may_choose_endgame() and (greedy or rng.random() < 0.4):
            break
        turns.append(_turn(game, rng, greedy))
        if game.traps >= game_map.farmer.traps:
            break
    inside = [True, True] if game.both_fed() else [False, False]
    escaped = [False, False]
    escapes: list[dict[str, Any]] = []
    triggers: list[dict[str, Any]] = []
    left = [game_map.farmer.aid_uses] * 3
    rnd = 0
    while any(inside):
        rnd += 1
        for a in (0, 1):
            if inside[a]:
                entry, ok = _escape_attempt(game, a, rnd, rng, greedy)
                escapes.append(entry)
                if ok:
                    inside[a] = False
                    escaped[a] = True
        for a in (0, 1):
            if inside[a]:
                entry, caught = farmer_attempt(game, a, rnd, left, rng)
                triggers.append(entry)
                if caught:
                    inside[a] = False
    n_escaped = sum(escaped)
    traps_left = game_map.farmer.traps - game.traps
    total = score(game_map, game.foods_eaten(), n_escaped, traps_left)
    achieved = achievements(game_map, mode, game.foods_eaten(), game.all_food_eaten(), n_escaped)
    record: dict[str, Any] = {
        "game": "fox-and-rabbit",
        "map": game_map.name,
        "mode": mode,
        "crossed": list(game.crossed),
        "written": dict(game.written),
        "eaten": [{"animal": ANIMAL_NAMES[a], "food": f, "reward": r} for a, f, r in game.eats],
        "aids_spent": {AIDS[k]: game.spent[k] for k in range(3)},
        "traps_crossed": game.traps,
        "escape_attempts": escapes,
        "trigger_attempts": triggers,
        "claimed": {"score": total, "title": game_map.title_for(total), "achievements": achieved},
        "turns": turns,
    }
    return Played(game, record, (escaped[0], escaped[1]), total, achieved)
