"""What an automatic player chooses; the game around it (`game.play_game`) keeps the rules.

Each strategy (`random_player`, `greedy`, `careful`) answers the same few questions. A
strategy holds no game's state, so one serves every game of a map and mode.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod

from printkit.games.fox_rabbit.dice import ColourIndex, Requirement
from printkit.games.fox_rabbit.engine import Reward
from printkit.games.fox_rabbit.players.compiled_map import Compiled
from printkit.games.fox_rabbit.players.state import PlayerState


class Strategy(ABC):
    """An automatic player's choices in one mode on one compiled map."""

    def __init__(self, cm: Compiled, mode: str) -> None:
        self.cm = cm
        self.mode = mode

    @abstractmethod
    def turn(self, st: PlayerState, rng: random.Random) -> None:
        """Play a turn: roll, use aids, cross cells (and eat); written to the log if kept."""

    @abstractmethod
    def choose_reward(self, st: PlayerState, options: list[Reward],
                      rng: random.Random) -> Reward:
        """Return the reward to take among those open (never empty)."""

    @abstractmethod
    def begins_endgame(self, rng: random.Random) -> bool:
        """Return whether to begin the endgame on a turn it may begin."""

    @abstractmethod
    def escape_dice(self, st: PlayerState, req: Requirement,
                    rng: random.Random) -> tuple[ColourIndex, ...]:
        """Return the colours of the dice to roll in an escape attempt."""

    @abstractmethod
    def uses_aids(self, rng: random.Random) -> bool:
        """Return whether an attempt short of its requirement uses the fewest +/-1 and flip
        uses that meet it (when some do)."""

    @abstractmethod
    def rerolls(self, rng: random.Random) -> bool:
        """Return whether an attempt short of its requirement, with no aids used, re-rolls
        its dice as the attempt's free aid."""
