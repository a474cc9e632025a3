"""One automatic game's state as ints, and the cells a player crosses written into it.

The rules it follows are the engine's: rewards open and join as `engine.open_rewards` and
`engine.join_rewards` say. When a run record is asked for, each move is also written the way
a player writes the turn log (`R-A2=10 B5 Y5 eats carrot, takes red die`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import NamedTuple

from printkit.games.fox_rabbit.cells import AnimalIndex
from printkit.games.fox_rabbit.dice import Roll, code_text
from printkit.games.fox_rabbit.engine import (
    NO_REWARD,
    REWARDS,
    AidIndex,
    Reward,
    join_rewards,
    open_rewards,
)
from printkit.games.fox_rabbit.players.compiled_map import (
    Compiled,
    FoodBits,
    FoodIndex,
    TrailBits,
    TrailIndex,
)
from printkit.games.fox_rabbit.players.rolls import DiceMask, dice_of


class Step(NamedTuple):
    """One cell crossed: where, with which dice, and the food eaten on arriving (-1: none)."""

    trail: TrailIndex
    position: int        # on the trail, 0 for its first cell
    total: int           # the dice's total (the number written in a circle)
    mask: DiceMask       # the dice of the roll that cross it
    food: FoodIndex      # eaten on arriving at the trail's end, or -1


class AnimalState(NamedTuple):
    """Where an animal is, as a turn's planner sees it (a cache key: ints only)."""

    trail: TrailIndex    # the trail it is on, -1 before its first
    pos: int             # cells crossed on that trail
    last: int            # the number of the last cell crossed there (0 if it does not matter)
    walked: TrailBits    # trails walked (0 if it does not matter this turn)
    eaten: FoodBits      # foods it ate, with FED once it has eaten
    fed: FoodBits        # foods either animal ate


#: How a strategy picks a reward among those open (engine.open_rewards order).
ChooseReward = Callable[["PlayerState", list[Reward], random.Random], Reward]


class PlayerState:
    """One game's state as ints: dice and aids per colour/aid, each animal's trail and foods."""

    __slots__ = (
        "active",
        "circles",
        "crossed",
        "dice",
        "eaten",
        "eats",
        "fed",
        "last",
        "log",
        "max_dice",
        "n_eaten",
        "pending",
        "pos",
        "spent",
        "trail",
        "traps",
        "walked",
        "written",
    )

    def __init__(self, cm: Compiled, active: int, log: bool) -> None:
        self.circles = cm.aid_circles
        self.max_dice = cm.max_dice
        self.dice = [0, 0, 0]                 # dice owned per colour
        for c in cm.start_colours:
            self.dice[c] += 1
        self.active = [active, active, active]   # active circles per aid
        self.spent = [0, 0, 0]
        self.pending: list[Reward] = []       # rewards taken this turn
        self.trail = [-1, -1]                 # trail index each animal is on (-1: not started)
        self.pos = [0, 0]                     # cells crossed on it
        self.last = [0, 0]                    # number of the last cell crossed on it
        self.walked: list[TrailBits] = [0, 0]
        self.eaten: list[FoodBits] = [0, 0]   # foods eaten by each animal
        self.fed: FoodBits = 0                # foods eaten by anyone
        self.n_eaten = 0                      # foods eaten over both animals
        self.traps = 0
        self.log: list[str] | None = [] if log else None   # the turn log, when recorded
        self.crossed: list[str] = []
        self.written: dict[str, int] = {}
        self.eats: list[tuple[AnimalIndex, FoodIndex, Reward | None]] = []

    def left(self, k: AidIndex) -> int:
        """Return the active circles of an aid not yet spent."""
        return self.active[k] - self.spent[k]

    def open_rewards(self) -> list[Reward]:
        """Return the rewards that can be taken now (clarification 7)."""
        return open_rewards(self.dice, self.active, self.pending, self.max_dice, self.circles)

    def end_turn(self) -> None:
        """The farmer sets a trap, and the rewards taken this turn join."""
        self.traps += 1
        if self.pending:
            join_rewards(self.dice, self.active, self.pending)


def cross(cm: Compiled, st: PlayerState, a: AnimalIndex, steps: tuple[Step, ...], roll: Roll,
          parts: list[str] | None, choose_reward: ChooseReward, rng: random.Random) -> None:
    """Cross an animal's planned cells, eating on arrival; write the moves into `parts`."""
    for t, p, total, mask, food in steps:
        if p == 0:
            st.trail[a] = t
            st.walked[a] |= 1 << t
        st.pos[a] = p + 1
        st.last[a] = total
        number = cm.trail_cells[t][p][1]
        text = ""
        if parts is not None:
            cid = cm.cell_ids[t][p]
            st.crossed.append(cid)
            text = f"{cid} " if number else f"{cid}={total} "
            if not number:
                st.written[cid] = total
            text += " ".join(code_text(d) for d in dice_of(roll, mask))
        if food >= 0:
            options = st.open_rewards()
            reward = choose_reward(st, options, rng) if options else None
            st.eaten[a] |= 1 << food
            st.fed |= 1 << food
            st.n_eaten += 1
            if reward is not None:
                st.pending.append(reward)
            if parts is not None:
                st.eats.append((a, food, reward))
                text += (f" eats {cm.food_ids[food]}, takes "
                         f"{REWARDS[reward] if reward is not None else NO_REWARD}")
        if parts is not None:
            parts.append(text)
