"""A map's measured difficulty: how often a stated automatic player wins each mode.

A game is *won* when it earns the mode's first achievement in the map's list (classic: easy
`easy-3-one`, hard `hard-4-one`, super-hard `superhard-all-both`). The difficulty of a map is
the share of won games in each mode, over `DIFFICULTY_GAMES` games per mode played by the
greedy player from seed `DIFFICULTY_SEED` (game i of a mode is seeded from (seed, i), see
`simulate.game_seed`).

This module measures: it plays the games. A map stores its figures (the classic template's
`[difficulty]`, a seeded variant's row of `variants.csv`, each with a digest of the rules
they were measured on), and what prints or judges a sheet reads them through
`difficulty_figures` without loading the simulator; the tests re-run the simulation and check
the stored figures. A map file of one's own, or figures stored for other rules, is measured
here (`with_difficulty`) before its sheet is printed.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from printkit.games.fox_rabbit.board import MODES, GameMap, MeasuredDifficulty, rules_digest
from printkit.games.fox_rabbit.difficulty_figures import (
    DIFFICULTY_GAMES,
    DIFFICULTY_SEED,
    DIFFICULTY_STRATEGY,
    difficulty_line,
    difficulty_note,
    goal,
    percent,
    shares,
    stored_difficulty,
)
from printkit.games.fox_rabbit.map_reader import read_template
from printkit.games.fox_rabbit.simulate import simulate


def won_games(game_map: GameMap, mode: str, games: int = DIFFICULTY_GAMES,
              seed: int = DIFFICULTY_SEED, strategy: str = DIFFICULTY_STRATEGY) -> int:
    """Return in how many of `games` simulated games the strategy wins the mode.

    Each is simulated once a process (for the maps used last), however the call is written.
    """
    return _won_games(game_map, mode, games, seed, strategy)


@lru_cache(maxsize=64)
def _won_games(game_map: GameMap, mode: str, games: int, seed: int, strategy: str) -> int:
    summary = simulate(game_map, mode, games, seed, strategy)
    return summary.achievements[goal(game_map, mode).id]


def measure(game_map: GameMap, games: int = DIFFICULTY_GAMES, seed: int = DIFFICULTY_SEED,
            strategy: str = DIFFICULTY_STRATEGY) -> MeasuredDifficulty:
    """Return the map's difficulty, simulated now (each mode once per process)."""
    won = tuple((mode, won_games(game_map, mode, games, seed, strategy)) for mode in MODES)
    return MeasuredDifficulty(strategy, games, seed, rules_digest(game_map), won)


def map_difficulty(game_map: GameMap) -> MeasuredDifficulty:
    """Return the difficulty stored with the map if it was measured on these rules, else
    measure it now."""
    return stored_difficulty(game_map) or measure(game_map)


def with_difficulty(game_map: GameMap) -> GameMap:
    """Return the map carrying figures measured on its rules, as a gamesheet prints them: its
    own when stored, else simulated now (a map file of one's own: about two seconds)."""
    if stored_difficulty(game_map) is not None:
        return game_map
    return replace(game_map, difficulty=measure(game_map))


def classic_difficulty() -> dict[str, float]:
    """Return the classic map's measured difficulty: mode -> share of games the greedy player
    wins (earns the mode's first achievement), as stored with the map and checked by tests."""
    return shares(map_difficulty(read_template("classic")))


__all__ = ["DIFFICULTY_GAMES", "DIFFICULTY_SEED", "DIFFICULTY_STRATEGY", "classic_difficulty",
           "difficulty_line", "difficulty_note", "goal", "map_difficulty", "measure",
           "percent", "rules_digest", "shares", "stored_difficulty", "with_difficulty",
           "won_games"]
