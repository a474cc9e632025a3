"""A map's measured difficulty as stored with it, and how it is said; nothing here simulates.

The figures are measured by `difficulty` (which plays the games) and stored with the map: the
classic template's `[difficulty]` table, a seeded variant's row of `variants.csv`. Printing a
sheet, serving the page and reading a photo only read them, so none of them loads the
simulator.
"""

from __future__ import annotations

from printkit.games.fox_rabbit.board import Achievement, GameMap, MeasuredDifficulty, rules_digest

DIFFICULTY_STRATEGY = "greedy"
DIFFICULTY_GAMES = 1000
DIFFICULTY_SEED = 1


def goal(game_map: GameMap, mode: str) -> Achievement:
    """Return the achievement that counts as winning a mode: the mode's first in the list."""
    for achievement in game_map.scoring.achievements:
        if achievement.mode == mode:
            return achievement
    raise ValueError(f"the {game_map.name} map has no achievement for {mode} mode")


def stored_difficulty(game_map: GameMap) -> MeasuredDifficulty | None:
    """Return the figures stored with the map when they were measured on its rules, else None
    (none stored, or stored for other rules)."""
    stored = game_map.difficulty
    if stored is not None and stored.rules == rules_digest(game_map):
        return stored
    return None


def shares(difficulty: MeasuredDifficulty) -> dict[str, float]:
    """Return each mode's share of won games (0-1)."""
    return {mode: n / difficulty.games for mode, n in difficulty.won}


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


__all__ = ["DIFFICULTY_GAMES", "DIFFICULTY_SEED", "DIFFICULTY_STRATEGY", "difficulty_line",
           "difficulty_note", "goal", "percent", "shares", "stored_difficulty"]
