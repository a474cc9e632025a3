"""A whole automatic game: turns until the endgame, then rounds of attempts, then the score.

Score and achievements are the rules engine's (`engine.score`, `engine.achievements`). A run
record, with its turn log, is built only when asked for; the validator replays such records
on the rules engine, so players and engine check each other.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, NamedTuple

from printkit.games.fox_rabbit import STRATEGIES
from printkit.games.fox_rabbit.board import AIDS, GameMap
from printkit.games.fox_rabbit.cells import ANIMALS
from printkit.games.fox_rabbit.engine import REWARDS, achievements, score
from printkit.games.fox_rabbit.players.careful import Careful
from printkit.games.fox_rabbit.players.compiled_map import Compiled, compiled
from printkit.games.fox_rabbit.players.endgame import Entry, escape, farmer
from printkit.games.fox_rabbit.players.greedy import Greedy
from printkit.games.fox_rabbit.players.random_player import RandomPlayer
from printkit.games.fox_rabbit.players.state import PlayerState
from printkit.games.fox_rabbit.players.strategy import Strategy
from printkit.games.fox_rabbit.record_formats import VERSION as RECORD_VERSION
from printkit.message import quoted

MAX_ROUNDS = 100  # endgame rounds played before a game is called (never reached on a sane map)

#: The strategies by the names the command line knows (`STRATEGIES`).
STRATEGY_TYPES: dict[str, type[Strategy]] = {
    "random": RandomPlayer, "greedy": Greedy, "careful": Careful}
assert tuple(STRATEGY_TYPES) == STRATEGIES


class Outcome(NamedTuple):
    """A game's result, as the simulator counts it."""

    fox_escaped: bool
    rabbit_escaped: bool
    foods_eaten: int              # over both animals, one for each food an animal ate
    all_food: bool                # each of the foods eaten at least once
    traps_left: int               # on the farmer trail when the endgame began
    score: int
    achievements: tuple[str, ...]
    both_fed: bool                # each animal ate (so escape was possible)
    turns: int


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


@lru_cache(maxsize=64)
def player_for(cm: Compiled, name: str, mode: str) -> Strategy:
    """Return a strategy's player on a map in a mode (one for every game)."""
    return STRATEGY_TYPES[name](cm, mode)


def play_game(cm: Compiled, mode: str, rng: random.Random, strategy: str = "greedy",
              record: bool = False) -> tuple[Outcome, dict[str, Any] | None]:
    """Play one whole game; return its outcome, and its run record when asked for."""
    if strategy not in STRATEGIES:
        raise ValueError(f"unknown strategy {quoted(strategy)}: expected one of "
                         f"{', '.join(STRATEGIES)}")
    m = cm.map
    md = m.modes[mode]
    player = player_for(cm, strategy, mode)
    st = PlayerState(cm, md.active_circles, record)
    threshold = -1 if md.escape_threshold == "all" else int(md.escape_threshold)
    traps = cm.traps
    eaten = st.eaten
    while True:
        may_end = eaten[0] and eaten[1] and (st.fed == cm.all_foods if threshold < 0
                                             else st.n_eaten >= threshold)
        if may_end and player.begins_endgame(rng):  # the endgame may begin (clarification 10)
            break
        player.turn(st, rng)
        st.end_turn()
        if st.traps >= traps:
            break
    both_fed = bool(st.eaten[0] and st.eaten[1])
    inside = [both_fed, both_fed]
    escaped = [False, False]
    escapes: list[Entry] | None = [] if record else None
    triggers: list[Entry] | None = [] if record else None
    boxes = [[cm.farmer_uses_per_trap] * len(AIDS) for _ in ANIMALS]
    most_aids = md.farmer_aids_per_attempt
    most = 99 if most_aids is None else most_aids
    rnd_no = 0
    while (inside[0] or inside[1]) and rnd_no < MAX_ROUNDS:
        rnd_no += 1
        for a in (0, 1):
            if inside[a] and escape(cm, st, a, rnd_no, player, rng, escapes):
                inside[a] = False
                escaped[a] = True
        for a in (0, 1):
            if inside[a] and farmer(cm, a, rnd_no, most, boxes, rng, triggers):
                inside[a] = False
    n_escaped = escaped[0] + escaped[1]
    traps_left = traps - st.traps
    all_food = st.fed == cm.all_foods
    total = score(m, st.n_eaten, n_escaped, traps_left)
    earned = tuple(achievements(m, mode, st.n_eaten, all_food, n_escaped))
    outcome = Outcome(escaped[0], escaped[1], st.n_eaten, all_food, traps_left, total, earned,
                      both_fed, st.traps)
    if not record:
        return outcome, None
    rec: dict[str, Any] = {
        "game": "fox-and-rabbit",
        "version": RECORD_VERSION,
        "map": m.name,
        "mode": mode,
        "crossed": st.crossed,
        "written": st.written,
        "eaten": {name: [cm.food_ids[f] for a, f, _ in st.eats if a == i]
                  for i, name in enumerate(ANIMALS)},
        "rewards": [REWARDS[r] for _, _, r in st.eats if r is not None],
        "aids_spent": {AIDS[k]: st.spent[k] for k in range(len(AIDS))},
        "traps_crossed": st.traps,
        "escape_attempts": escapes,
        "trigger_attempts": triggers,
        "claimed": {"score": total, "title": m.title_for(total), "achievements": list(earned)},
        "turns": st.log,
    }
    return outcome, rec


def play(game_map: GameMap, mode: str, rng: random.Random, strategy: str = "greedy") -> Played:
    """Play one whole game and return it with its run record (turn log included)."""
    outcome, rec = play_game(compiled(game_map), mode, rng, strategy, record=True)
    assert rec is not None
    return Played(rec, (outcome.fox_escaped, outcome.rabbit_escaped), outcome.score,
                  rec["claimed"]["achievements"], outcome.foods_eaten, rec["traps_crossed"],
                  outcome.both_fed)
