"""The greedy player: each turn, the crossings worth the most.

A cell is worth 1, reaching a food location 3 more, and each die spent a hundredth less (so it
spares dice); in a circle it writes the lowest number allowed. It keeps one circle of each aid
for the endgame: with more left, it uses a +/-1 or flip on a die its plan leaves unused when
that lets the whole turn be worth more, and re-rolls every die when nothing can be crossed. It
eats a food nobody has eaten yet when it can, takes an extra die (the colour it has fewest
of) before aid circles, begins the endgame as soon as it may, rolls the dice that give the
best chance to escape, and uses an aid in an attempt when that makes it escape (else a
re-roll).
"""

from __future__ import annotations

import random

from printkit.games.fox_rabbit.cells import FOX, RABBIT, AnimalIndex
from printkit.games.fox_rabbit.dice import ColourIndex, Requirement, code_text
from printkit.games.fox_rabbit.engine import FLIP, PLUS_MINUS, REROLL, AidUse, Reward
from printkit.games.fox_rabbit.players.compiled_map import FED, Compiled
from printkit.games.fox_rabbit.players.endgame import best_escape_dice
from printkit.games.fox_rabbit.players.planner import Valuation, decide, planner
from printkit.games.fox_rabbit.players.rolls import roll_all
from printkit.games.fox_rabbit.players.state import AnimalState, PlayerState, cross
from printkit.games.fox_rabbit.players.strategy import Strategy


class Greedy(Strategy):
    """The greedy player (see the module's docstring)."""

    def __init__(self, cm: Compiled, mode: str) -> None:
        super().__init__(cm, mode)
        self.planner = planner(cm, self.valuation(cm, mode))

    @staticmethod
    def valuation(cm: Compiled, mode: str) -> Valuation:
        """Return what crossings are worth to this player."""
        return Valuation(tuple((100,) * n for n in cm.trail_len), 300, 0, 0, 1)

    def turn(self, st: PlayerState, rng: random.Random) -> None:
        pl = self.planner
        cm = pl.cm
        rnd = rng.random
        rolled = roll_all(st.dice, rnd)
        parts = None if st.log is None else [" ".join(code_text(d) for d in rolled)]
        fox, rabbit = animal_state(cm, st, FOX), animal_state(cm, st, RABBIT)
        keep = pl.keep
        pm = st.active[PLUS_MINUS] - st.spent[PLUS_MINUS] > keep
        fl = st.active[FLIP] - st.spent[FLIP] > keep
        plans, use = decide(pl, fox, rabbit, rolled, pm, fl)
        if use is not None:
            st.spent[use.aid] += 1
            if parts is not None:
                parts.append(str(use))
        elif not plans and st.active[REROLL] - st.spent[REROLL] > keep:
            # nothing crosses: re-roll every die, once
            st.spent[REROLL] += 1
            roll = roll_all(st.dice, rnd)
            if parts is not None:
                parts.append(str(AidUse(REROLL, rolled, roll)))
            plans = decide(pl, fox, rabbit, roll, False, False).plans
        for plan in plans:
            cross(cm, st, plan.animal, plan.steps, plan.roll, parts, self.choose_reward, rng)
        if parts is not None and st.log is not None:
            st.log.append("; ".join(parts))

    def choose_reward(self, st: PlayerState, options: list[Reward],
                      rng: random.Random) -> Reward:
        dice = [i for i in options if i < 3]
        if dice:
            return min(dice, key=lambda i: st.dice[i] + st.pending.count(i))
        return min(options, key=lambda i: st.active[i - 3] + st.pending.count(i))

    def begins_endgame(self, rng: random.Random) -> bool:
        return True

    def escape_dice(self, st: PlayerState, req: Requirement,
                    rng: random.Random) -> tuple[ColourIndex, ...]:
        # one aid of every attempt is free (clarification 12), so an aid is always at hand
        colours, _ = best_escape_dice(req, (st.dice[0], st.dice[1], st.dice[2]), True)
        return colours

    def uses_aids(self, rng: random.Random) -> bool:
        return True

    def rerolls(self, rng: random.Random) -> bool:
        return True


def animal_state(cm: Compiled, st: PlayerState, a: AnimalIndex) -> AnimalState:
    """Return an animal's state as the planner sees it: the last number only before a
    circle (where it matters)."""
    t, pos, eaten = st.trail[a], st.pos[a], st.eaten[a]
    last = st.last[a] if t >= 0 and pos < cm.trail_len[t] and not cm.trail_cells[t][pos][1] else 0
    return AnimalState(t, pos, last, st.walked[a], eaten | FED if eaten else 0, st.fed)
