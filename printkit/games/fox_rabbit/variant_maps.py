"""Seeded map variants as printkit offers them: pure data, made without playing a game.

Variant N is candidate `attempt` of seed N (`candidate_data`, drawn from a generator seeded
with (N, attempt)), where `attempt` is the one the variant maker chose: the first candidate
whose greedy player's easy wins lie inside the band (`variants`, which plays the games). The
maker's choice and the figures it measured are stored, one row a variant, in
`templates/fox-and-rabbit/variants.csv`, written by `python bench/make_variants.py`; a test
makes a sample again and checks every row. Loading a variant reads its row and draws its
candidate, so the referee, the page and the photo reader never load the simulator.

Each row carries the digest of the rules it was measured on: a variant whose drawn map no
longer has those rules (the classic template or the drawing changed) is refused, never
printed or judged as another map under the same name.

The candidate for (N, attempt): the six foods of the classic map shared among four food
locations (each offers 2 or 3, every food offered somewhere); for each animal two trails from
its start and two from tunnels, leading to the four locations in a shuffled order; start
trails of five cells (a die face, three cells mixing die faces, one number of the animal's
mixed colour and one circle, then a black number), tunnel trails of three (a die face, a mixed
number or circle, a black circle). Dice, aids, modes, farmer, escape, score, titles and
achievements are the classic map's. Its template data goes through the same strict loader as
a template file.
"""

from __future__ import annotations

import copy
import random
import re
import tomllib
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from printkit.errors import TemplateError
from printkit.games.fox_rabbit.board import MODES, GameMap, MeasuredDifficulty, rules_digest
from printkit.games.fox_rabbit.difficulty_figures import (
    DIFFICULTY_GAMES,
    DIFFICULTY_SEED,
    DIFFICULTY_STRATEGY,
)
from printkit.games.fox_rabbit.map_reader import parse_map
from printkit.games.fox_rabbit.variant_names import (
    MAX_VARIANT,
    STORED_VARIANTS,
    unstored_maker,
)
from printkit.resources import template_path

TABLE = "variants.csv"
COLUMNS = ("variant", "attempt", *MODES, "rules")
#: the most candidates the maker draws for one variant
MAX_ATTEMPTS = 60

LOCATION_NAMES = ("Vegetable patch", "Berry bushes", "Orchard", "Cornfield", "Meadow",
                  "Kitchen garden", "Old barn", "Greenhouse", "Hedgerow", "Allotment")
#: Each animal's mixed colour (its escape colour), and the other mixes it may meet.
ANIMAL_MIX = {"F": "O", "R": "P"}


@dataclass(frozen=True)
class Choice:
    """What the variant maker chose for one variant: the candidate, and the difficulty
    measured on it (its `rules` the candidate's digest)."""

    number: int
    attempt: int
    difficulty: MeasuredDifficulty

    def row(self) -> str:
        """Return the choice as a row of the table."""
        won = dict(self.difficulty.won)
        return ",".join([str(self.number), str(self.attempt),
                         *(str(won[mode]) for mode in MODES), self.difficulty.rules])


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


_ROW = re.compile(r"(\d+),(\d+),(\d+),(\d+),(\d+),([0-9a-f]{16})")


def parse_table(text: str, source: str = TABLE) -> tuple[Choice, ...]:
    """Return the choices a table holds, variant 1 first; TemplateError naming the line of
    anything else than a header line and a row for each of variants 1 to STORED_VARIANTS, in
    order ('#' lines are comments)."""
    lines = [(n, line) for n, line in enumerate(text.splitlines(), 1)
             if line and not line.startswith("#")]
    if not lines or lines[0][1] != ",".join(COLUMNS):
        raise TemplateError(f"{source}: the first line that is not a comment must be "
                            f"{','.join(COLUMNS)!r}")
    choices: list[Choice] = []
    for n, line in lines[1:]:
        found = _ROW.fullmatch(line)
        if found is None:
            raise TemplateError(f"{source}, line {n}: expected {len(COLUMNS)} values "
                                f"({', '.join(COLUMNS)}): whole numbers and a digest of 16 "
                                f"hexadecimal digits, not {line[:60]!r}")
        number, attempt, *won, rules = found.groups()
        if int(number) != len(choices) + 1:
            raise TemplateError(f"{source}, line {n}: expected variant {len(choices) + 1}, "
                                f"not {number}")
        if int(attempt) >= MAX_ATTEMPTS or any(int(w) > DIFFICULTY_GAMES for w in won):
            raise TemplateError(f"{source}, line {n}: an attempt is 0-{MAX_ATTEMPTS - 1} and "
                                f"a count of won games 0-{DIFFICULTY_GAMES}")
        difficulty = MeasuredDifficulty(DIFFICULTY_STRATEGY, DIFFICULTY_GAMES, DIFFICULTY_SEED,
                                        rules, tuple(zip(MODES, map(int, won))))
        choices.append(Choice(int(number), int(attempt), difficulty))
    if len(choices) != STORED_VARIANTS:
        raise TemplateError(f"{source} holds variants 1 to {len(choices)}; printkit stores "
                            f"1 to {STORED_VARIANTS} (python bench/make_variants.py writes "
                            "them)")
    return tuple(choices)


@lru_cache(maxsize=1)
def stored_choices() -> tuple[Choice, ...]:
    """Return the table printkit comes with, read once a process."""
    path = template_path("fox-and-rabbit", TABLE)
    return parse_table(path.read_text("utf-8"))


def choice_map(choice: Choice) -> GameMap:
    """Return the map a stored choice makes, carrying its measured difficulty; TemplateError
    when the candidate drawn now has other rules than those the row was measured on."""
    game_map = candidate(choice.number, choice.attempt)
    if rules_digest(game_map) != choice.difficulty.rules:
        raise TemplateError(f"variant-{choice.number} is not the map its row of {TABLE} was "
                            "made for (the classic map or the variant drawing changed): run "
                            "python bench/make_variants.py")
    return replace(game_map, difficulty=choice.difficulty)


#: Variants past those stored that a sheet's digest has named in this process (number ->
#: attempt): drawn as that candidate from then on, without the maker's games.
_known_by_digest: dict[int, int] = {}


def variant_by_digest(number: int, digest: str) -> GameMap | None:
    """Return variant `number` if its rules' digest starts with `digest` (a sheet's code
    carries 8 hex digits, a filled form's hidden field the whole digest), else None, playing
    no game: a stored variant is read from its row, another is found among its candidates
    (the one the maker would choose is one of them, and no two share a digest), and is
    known by that candidate from then on in this process."""
    wanted = digest.lower()
    if number <= STORED_VARIANTS:
        game_map = variant_map(number)
        return game_map if rules_digest(game_map).startswith(wanted) else None
    if number in _known_by_digest:
        # the map found before, kept (`variant_map`): drawn again, each reading of a photo's
        # values made its candidates anew and the sheet's fields with them
        game_map = variant_map(number)
        if rules_digest(game_map).startswith(wanted):
            return game_map
    for attempt in range(MAX_ATTEMPTS):
        game_map = candidate(number, attempt)
        if rules_digest(game_map).startswith(wanted):
            _known_by_digest[number] = attempt
            variant_map.cache_clear()
            return game_map
    return None


@lru_cache(maxsize=16)
def variant_map(number: int) -> GameMap:
    """Return variant `number` (1 to MAX_VARIANT): as stored, no game played; past the stored
    ones, as the maker the command line installs makes it (`variant_names.make_unstored_with`)."""
    if not 1 <= number <= MAX_VARIANT:
        raise TemplateError(f"a variant number is 1 to {MAX_VARIANT}, not {number}")
    if number <= STORED_VARIANTS:
        return choice_map(stored_choices()[number - 1])
    if number in _known_by_digest:
        return candidate(number, _known_by_digest[number])
    maker = unstored_maker()
    if maker is None:
        raise TemplateError(f"variant-{number} is not among the {STORED_VARIANTS} variants "
                            "printkit stores; printkit's command line makes it (a second or "
                            "two)")
    made = maker(number)
    assert isinstance(made, Choice)
    return choice_map(made)


__all__ = ["COLUMNS", "MAX_ATTEMPTS", "TABLE", "Choice", "candidate", "candidate_data",
           "choice_map", "parse_table", "stored_choices", "variant_by_digest",
           "variant_map"]
