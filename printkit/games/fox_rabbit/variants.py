"""Seeded map variants: fresh, fair maps for players who know the classic one by heart.

Variant N is made from seed N, deterministically:

1. A candidate map is drawn from the generator seeded with (N, attempt): the six foods of the
   classic map shared among four food locations (each offers 2 or 3, every food offered
   somewhere); for each animal two trails from its start and two from tunnels, leading to the
   four locations in a shuffled order; start trails of five cells (a die face, three cells
   mixing die faces, one number of the animal's mixed colour and one circle, then a black
   number), tunnel trails of three (a die face, a mixed number or circle, a black circle).
   Dice, aids, modes, farmer, escape, score, titles and achievements are the classic map's.
2. The candidate's template data goes through the same strict loader as a template file.
3. It is issued only if the greedy player wins (earns `easy-3-one`) in `BAND` of
   `DIFFICULTY_GAMES` easy games from `DIFFICULTY_SEED` — the same measure the sheet
   prints. A candidate whose first `EARLY_GAMES` games are far outside the band is turned
   down early. Otherwise attempt + 1 is drawn, up to `MAX_ATTEMPTS`.
"""

from __future__ import annotations

import copy
import random
import tomllib
from functools import lru_cache
from typing import Any

from printkit.errors import TemplateError
from printkit.games.fox_rabbit.board import GameMap
from printkit.games.fox_rabbit.difficulty import (
    DIFFICULTY_GAMES,
    DIFFICULTY_SEED,
    DIFFICULTY_STRATEGY,
    goal,
    won_games,
)
from printkit.games.fox_rabbit.map_reader import parse_map
from printkit.games.fox_rabbit.simulate import simulate
from printkit.games.fox_rabbit.variant_names import MAX_VARIANT, parse_variant_name
from printkit.resources import template_path

#: Share of easy games the greedy player must win for a variant to be issued (the classic
#: map's own figure lies inside it).
BAND = (0.60, 0.85)
EARLY_GAMES = 250
EARLY_MARGIN = 0.15   # after EARLY_GAMES, a share this far outside the band is turned down
MAX_ATTEMPTS = 60

LOCATION_NAMES = ("Vegetable patch", "Berry bushes", "Orchard", "Cornfield", "Meadow",
                  "Kitchen garden", "Old barn", "Greenhouse", "Hedgerow", "Allotment")
#: Each animal's mixed colour (its escape colour), and the other mixes it may meet.
ANIMAL_MIX = {"F": "O", "R": "P"}


@lru_cache(maxsize=1)
def _classic_data() -> dict[str, Any]:
    data = tomllib.loads(template_path("fox-and-rabbit", "classic.toml").read_text("utf-8"))
    data.pop("difficulty", None)
    return data


def candidate_data(number: int, attempt: int) -> dict[str, Any]:
    """Return the template data of candidate `attempt` for variant `number`."""
    rng = random.Random(f"fox-and-rabbit variant {number} attempt {attempt}")
    data = copy.deepcopy(_classic_data())
    data["name"] = f"variant-{number}"
    foods = [f["id"] for f in data["foods"]]
    # four locations, each offering 2 or 3 foods, every food offered somewhere
    order = foods[:]
    rng.shuffle(order)
    offers = [order[0:2], order[2:4], order[4:6], []]
    extra = rng.sample(foods, rng.choice((2, 3)))
    offers[3] = extra
    if rng.random() < 0.5:
        spare = [f for f in foods if f not in offers[0]]
        offers[0].append(rng.choice(spare))
    rng.shuffle(offers)
    names = rng.sample(LOCATION_NAMES, 4)
    locations = []
    for name, offer in zip(names, offers):
        loc_id = name.lower().replace(" ", "-")
        locations.append({"id": loc_id, "name": name, "foods": offer})
    data["locations"] = locations
    trails = []
    for letter in "FR":
        targets = [loc["id"] for loc in locations]
        rng.shuffle(targets)
        for i, to in enumerate(targets):
            start = i < 2
            cells = _start_cells(rng, letter) if start else _tunnel_cells(rng, letter)
            trails.append({"id": f"{letter}-{'ABCD'[i]}", "from": "start" if start else "tunnel",
                           "to": to, "cells": cells})
    data["trails"] = trails
    return data


def _face(rng: random.Random) -> str:
    return f"{rng.choice('RBY')}{rng.randint(1, 6)}"


def _mix(rng: random.Random, letter: str) -> str:
    colour = ANIMAL_MIX[letter] if rng.random() < 0.8 else "G"
    return f"{colour}{rng.randint(6, 9)}"


def _start_cells(rng: random.Random, letter: str) -> list[str]:
    middle = [_face(rng), _mix(rng, letter),
              f"({ANIMAL_MIX[letter] if rng.random() < 0.7 else 'G'})"]
    rng.shuffle(middle)
    return [_face(rng)] + middle + [f"K{rng.randint(10, 12)}"]


def _tunnel_cells(rng: random.Random, letter: str) -> list[str]:
    second = _mix(rng, letter) if rng.random() < 0.5 else f"({ANIMAL_MIX[letter]})"
    return [_face(rng), second, "(K)"]


def candidate(number: int, attempt: int) -> GameMap:
    """Return candidate `attempt` of variant `number`, read by the strict template loader."""
    return parse_map(candidate_data(number, attempt), f"variant-{number}")


def easy_share(game_map: GameMap) -> float | None:
    """Return the greedy player's easy win share, or None when turned down early.

    The full measure is the one the sheet prints (`difficulty.won_games`), so a variant's
    sheet does not play its easy games again.
    """
    early = simulate(game_map, "easy", EARLY_GAMES, DIFFICULTY_SEED, DIFFICULTY_STRATEGY)
    share = early.achievements[goal(game_map, "easy").id] / EARLY_GAMES
    if not BAND[0] - EARLY_MARGIN <= share <= BAND[1] + EARLY_MARGIN:
        return None
    return won_games(game_map, "easy") / DIFFICULTY_GAMES


@lru_cache(maxsize=8)
def variant_map(number: int) -> GameMap:
    """Return variant `number`: its first candidate inside the band (TemplateError if none)."""
    if not 1 <= number <= MAX_VARIANT:
        raise TemplateError(f"a variant number is 1 to {MAX_VARIANT}, not {number}")
    for attempt in range(MAX_ATTEMPTS):
        game_map = candidate(number, attempt)
        share = easy_share(game_map)
        if share is not None and BAND[0] <= share <= BAND[1]:
            return game_map
    raise TemplateError(f"no candidate for variant {number} came inside the band "
                        f"in {MAX_ATTEMPTS} attempts; try another number")


__all__ = ["BAND", "candidate", "candidate_data", "easy_share", "parse_variant_name",
           "variant_map"]
