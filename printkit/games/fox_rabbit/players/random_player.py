"""The random player: a legal player that chooses at random.

In a quarter of its turns it uses a +/-1 or flip on a random die, in a tenth a re-roll of
random dice, then makes random legal crossings, stopping after each with a chance of 15 %; it
takes a random food and reward; it begins the endgame with a chance of 40 % each turn it may,
and escapes with a random choice of its dice.
"""

from __future__ import annotations

import random

from printkit.games.fox_rabbit.cells import ANIMALS
from printkit.games.fox_rabbit.dice import ColourIndex, Requirement, code_text, with_face
from printkit.games.fox_rabbit.engine import FLIP, PLUS_MINUS, REROLL, AidUse, Reward, die_aids
from printkit.games.fox_rabbit.players.compiled_map import TrailIndex, entries
from printkit.games.fox_rabbit.players.rolls import roll_all, roll_table
from printkit.games.fox_rabbit.players.state import PlayerState, Step, cross
from printkit.games.fox_rabbit.players.strategy import Strategy


class RandomPlayer(Strategy):
    """The random player (see the module's docstring)."""

    def turn(self, st: PlayerState, rng: random.Random) -> None:
        cm = self.cm
        rnd = rng.random
        roll = list(roll_all(st.dice, rnd))
        parts = None if st.log is None else [" ".join(code_text(d) for d in roll)]
        if rnd() < 0.25:
            pm = st.left(PLUS_MINUS) > 0
            fl = st.left(FLIP) > 0
            options = [(i, use) for i, code in enumerate(roll) for use in die_aids(code, pm, fl)]
            if options:
                i, use = rng.choice(options)
                st.spent[use.aid] += 1
                if parts is not None:
                    parts.append(str(use))
                roll[i] = use.result[0]
        if st.left(REROLL) > 0 and rnd() < 0.1:
            pick = [i for i in range(len(roll)) if rnd() < 0.5] or [0]
            before = tuple(roll[i] for i in pick)
            for i in pick:
                roll[i] = with_face(roll[i], int(rnd() * 6) + 1)
            st.spent[REROLL] += 1
            if parts is not None:
                parts.append(str(AidUse(REROLL, before, tuple(roll[i] for i in pick))))
        dice = tuple(sorted(roll))
        table = roll_table(dice)
        free = (1 << len(dice)) - 1
        while free:
            moves: list[tuple[int, Step]] = []   # (animal, the step)
            for a in range(len(ANIMALS)):
                t, pos = st.trail[a], st.pos[a]
                if t >= 0 and pos < cm.trail_len[t]:
                    cands: tuple[tuple[TrailIndex, int], ...] = ((t, pos),)
                    prev = st.last[a]
                else:
                    cands = tuple((x, 0) for x in entries(cm, a, t, st.walked[a], st.eaten[a]))
                    prev = 0
                for x, p in cands:
                    rule, number = cm.trail_cells[x][p]
                    for _, total, mask in table.group(rule):
                        if mask & free == mask and (total == number if number else total > prev):
                            moves.append((a, Step(x, p, total, mask, -1)))
            if not moves or rnd() < 0.15:
                break
            a, step = rng.choice(moves)
            if step.position + 1 == cm.trail_len[step.trail]:
                edible = [f for f in cm.trail_foods[step.trail] if not st.eaten[a] >> f & 1]
                step = step._replace(food=rng.choice(edible))
            cross(cm, st, a, (step,), dice, parts, self.choose_reward, rng)
            free &= ~step.mask
        if parts is not None and st.log is not None:
            st.log.append("; ".join(parts))

    def choose_reward(self, st: PlayerState, options: list[Reward],
                      rng: random.Random) -> Reward:
        return rng.choice(options)

    def begins_endgame(self, rng: random.Random) -> bool:
        return rng.random() < 0.4

    def escape_dice(self, st: PlayerState, req: Requirement,
                    rng: random.Random) -> tuple[ColourIndex, ...]:
        every = (0,) * st.dice[0] + (1,) * st.dice[1] + (2,) * st.dice[2]
        return tuple(c for c in every if rng.random() < 0.7) or every[:1]

    def uses_aids(self, rng: random.Random) -> bool:
        return rng.random() < 0.7

    def rerolls(self, rng: random.Random) -> bool:
        return rng.random() < 0.5
