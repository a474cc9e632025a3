"""A map's measured difficulty: how often a stated automatic player wins each mode.

A game is *won* when it earns the mode's first achievement in the map's list (classic: easy
`easy-3-one`, hard `hard-4-one`, super-hard `superhard-all-both`). The difficulty of a map is
the share of won games in each mode, over `DIFFICULTY_GAMES` games per mode played by the
greedy player from seed `DIFFICULTY_SEED` (game i of a mode is seeded from (seed, i), see
`simulate.game_seed`).

A map template may store these figures (`[difficulty]`, with a digest of the rules they were
measured on), so printing a sheet need not simulate; the tests re-run the simulation and
check the classic map's stored figures. Figures stored for other rules are ignored and the
map is measured again.
"""

from __future__ import annotations

from functools import lru_cache

from printkit.games.fox_rabbit.board import (
    MODES,
    Achievement,
    GameMap,
    MeasuredDifficulty,
    rules_digest,
)
from printkit.games.fox_rabbit.map_reader import read_template
from printkit.games.fox_rabbit.simulate import simulate

DIFFICULTY_STRATEGY = "greedy"
DIFFICULTY_GAMES = 1000
DIFFICULTY_SEED = 1


def goal(game_map: GameMap, mode: str) -> Achievement:
    """Return the achievement that counts as winning a mode: the mode's first in the list."""
    for achievement in game_map.scoring.achievements:
        if achievement.mode == mode:
            return achievement
    raise ValueError(f"the {game_map.name} map has no achievement for {mode} mode")


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
    stored = game_map.difficulty
    if stored is not None and stored.rules == rules_digest(game_map):
        return stored
    return measure(game_map)


def shares(difficulty: MeasuredDifficulty) -> dict[str, float]:
    """Return each mode's share of won games (0-1)."""
    return {mode: n / difficulty.games for mode, n in difficulty.won}


def classic_difficulty() -> dict[str, float]:
    """Return the classic map's measured difficulty: mode -> share of games the greedy player
    wins (earns the mode's first achievement), as stored with the map and checked by tests."""
    return shares(map_difficulty(read_template("classic")))


def percent(share: float) -> str:
    """Return a share as a whole percentage ('75 %'), never rounding a non-zero share to 0."""
    pct = round(share * 100)
    if pct == 0 and share > 0:
        return "<1 %"
    return f"{pct} %"


def difficulty_line(difficulty: MeasuredDifficulty) -> str:
    """Return the figures: 'greedy player wins: easy 75 % · hard 23 % · super-hard 2 %'."""
    return f"{difficulty.strategy} player wins: " + " · ".join(
        f"{mode} {percent(share)}" for mode, share in shares(difficulty).items())


def difficulty_note(difficulty: MeasuredDifficulty) -> str:
    """Return what a gamesheet prints: the figures, then (after a newline) what they mean."""
    return (f"{difficulty_line(difficulty)[0].upper()}{difficulty_line(difficulty)[1:]}\n"
            f"{difficulty.games:,} simulated games a mode; a win earns the mode's first "
            f"achievement")


__all__ = ["DIFFICULTY_GAMES", "DIFFICULTY_SEED", "DIFFICULTY_STRATEGY", "classic_difficulty",
           "difficulty_line", "difficulty_note", "goal", "map_difficulty", "measure",
           "percent", "rules_digest", "shares", "won_games"]
