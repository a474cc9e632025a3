"""The variant maker: which candidate each seeded variant is, chosen by playing games.

Variant N is the first candidate of seed N (`variant_maps.candidate`, attempt 0, 1, ...) that
the greedy player wins (earns `easy-3-one`) in `BAND` of `DIFFICULTY_GAMES` easy games from
`DIFFICULTY_SEED` — the same measure the sheet prints. A candidate whose first `EARLY_GAMES`
games are far outside the band is turned down early. None inside the band in `MAX_ATTEMPTS`
attempts is an error.

printkit does not run this when it loads a variant: `python bench/make_variants.py` runs it
for every variant offered and stores each choice, with the figures measured on it, in
`templates/fox-and-rabbit/variants.csv`, which `variant_maps` reads.
"""

from __future__ import annotations

from functools import lru_cache

from printkit.errors import TemplateError
from printkit.games.fox_rabbit.board import GameMap
from printkit.games.fox_rabbit.difficulty import (
    DIFFICULTY_GAMES,
    DIFFICULTY_SEED,
    DIFFICULTY_STRATEGY,
    goal,
    measure,
    won_games,
)
from printkit.games.fox_rabbit.simulate import simulate
from printkit.games.fox_rabbit.variant_maps import MAX_ATTEMPTS, Choice, candidate
from printkit.games.fox_rabbit.variant_names import MAX_VARIANT

#: Share of easy games the greedy player must win for a variant to be issued (the classic
#: map's own figure lies inside it).
BAND = (0.60, 0.85)
EARLY_GAMES = 250
EARLY_MARGIN = 0.15   # after EARLY_GAMES, a share this far outside the band is turned down


def easy_share(game_map: GameMap) -> float | None:
    """Return the greedy player's easy win share, or None when turned down early.

    The full measure is the one the sheet prints (`difficulty.won_games`), so measuring the
    chosen candidate's difficulty does not play its easy games again.
    """
    early = simulate(game_map, "easy", EARLY_GAMES, DIFFICULTY_SEED, DIFFICULTY_STRATEGY)
    share = early.achievements[goal(game_map, "easy").id] / EARLY_GAMES
    if not BAND[0] - EARLY_MARGIN <= share <= BAND[1] + EARLY_MARGIN:
        return None
    return won_games(game_map, "easy") / DIFFICULTY_GAMES


def chosen_attempt(number: int) -> tuple[int, GameMap]:
    """Return the first attempt of variant `number` inside the band, and its candidate
    (TemplateError if none)."""
    if not 1 <= number <= MAX_VARIANT:
        raise TemplateError(f"a variant number is 1 to {MAX_VARIANT}, not {number}")
    for attempt in range(MAX_ATTEMPTS):
        game_map = candidate(number, attempt)
        share = easy_share(game_map)
        if share is not None and BAND[0] <= share <= BAND[1]:
            return attempt, game_map
    raise TemplateError(f"no candidate for variant {number} came inside the band "
                        f"in {MAX_ATTEMPTS} attempts; try another number")


@lru_cache(maxsize=8)
def variant_map(number: int) -> GameMap:
    """Return variant `number` as the maker makes it: its first candidate inside the band."""
    return chosen_attempt(number)[1]


def make_choice(number: int) -> Choice:
    """Return the maker's choice for variant `number` and its difficulty in every mode, as
    `variants.csv` stores them (a second or so of simulated games)."""
    attempt, game_map = chosen_attempt(number)
    return Choice(number, attempt, measure(game_map))


__all__ = ["BAND", "EARLY_GAMES", "EARLY_MARGIN", "chosen_attempt", "easy_share",
           "make_choice", "variant_map"]
