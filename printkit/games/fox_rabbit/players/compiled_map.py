"""A map compiled for the automatic players: its trails, foods and requirements as ints.

The simulator plays hundreds of thousands of games, so the players do not walk the map's
objects: a cell is its rule key and printed number (`dice.RuleKey`), a trail is its cells, and
foods and trails are bits. A map is compiled once, on first use.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TypeAlias

from printkit.games.fox_rabbit.board import TIERS, GameMap
from printkit.games.fox_rabbit.cells import ANIMALS, AnimalIndex
from printkit.games.fox_rabbit.dice import (
    FACE,
    PRIMARY_LETTERS,
    ColourIndex,
    DieCode,
    Requirement,
    RuleKey,
    code_of,
    face_colour,
)

#: A trail as an index into the map's trails (-1: an animal not on a trail yet).
TrailIndex: TypeAlias = int
#: A food as an index into the map's foods.
FoodIndex: TypeAlias = int
#: Foods as bits (bit f: food f eaten), and trails as bits (bit t: trail t walked).
FoodBits: TypeAlias = int
TrailBits: TypeAlias = int

#: Set in an animal's FoodBits once it has eaten any food (above every food's bit).
FED: FoodBits = 1 << 20


class Compiled:
    """A map as tuples of ints for the hot path, by trail index and animal index."""

    def __init__(self, game_map: GameMap) -> None:
        m = game_map
        self.map = m
        self.food_ids = m.food_ids()
        food_index = {f: i for i, f in enumerate(self.food_ids)}
        self.all_foods: FoodBits = (1 << len(self.food_ids)) - 1
        trails = m.trails
        #: each cell as (its rule, its printed number or 0 for a circle)
        self.trail_cells: tuple[tuple[tuple[RuleKey, int], ...], ...] = tuple(
            tuple((c.rule, c.value) for c in t.cells) for t in trails)
        self.trail_len = tuple(len(t.cells) for t in trails)
        #: the die a printed die-face cell takes, as a code (0 for any other cell)
        self.face_code: tuple[tuple[DieCode, ...], ...] = tuple(tuple(
            code_of(face_colour(c.rule), c.value) if c.kind == FACE and c.value else 0
            for c in t.cells) for t in trails)
        self.trail_foods: tuple[tuple[FoodIndex, ...], ...] = tuple(
            tuple(food_index[f] for f in m.foods_at(t)) for t in trails)
        self.trail_food_mask: tuple[FoodBits, ...] = tuple(
            sum(1 << f for f in foods) for foods in self.trail_foods)
        self.cell_ids = tuple(tuple(str(c.id) for c in t.cells) for t in trails)
        self.starts: tuple[tuple[TrailIndex, ...], ...] = tuple(
            tuple(i for i, t in enumerate(trails) if t.animal == name and t.start == "start")
            for name in ANIMALS)
        self.trails_of: tuple[tuple[TrailIndex, ...], ...] = tuple(
            tuple(i for i, t in enumerate(trails) if t.animal == name) for name in ANIMALS)
        self.start_colours: tuple[ColourIndex, ...] = tuple(
            sorted(PRIMARY_LETTERS.index(x) for x in m.start_dice))
        self.max_dice = m.max_per_colour
        self.aid_circles = m.aid_circles
        self.traps = m.farmer.traps
        self.farmer_uses_per_trap = m.farmer.uses_per_trap
        self.higher_from = m.higher_tier_from
        #: escape[animal][tier] (lower, higher) and trap_req[animal]
        self.escape: tuple[tuple[Requirement, ...], ...] = tuple(
            tuple(m.escape[(name, tier)] for tier in TIERS) for name in ANIMALS)
        self.trap_req: tuple[Requirement, ...] = tuple(
            m.farmer.trap(name).requirement for name in ANIMALS)
        self.trap_colours: tuple[tuple[ColourIndex, ...], ...] = tuple(
            tuple(sorted(PRIMARY_LETTERS.index(x) for x in m.farmer.trap(name).dice))
            for name in ANIMALS)


@lru_cache(maxsize=8)
def compiled(game_map: GameMap) -> Compiled:
    """Return the map's compiled tables (built on first use; the maps used last are kept)."""
    return Compiled(game_map)


def entries(cm: Compiled, a: AnimalIndex, trail: TrailIndex, walked: TrailBits,
            eaten: FoodBits) -> tuple[TrailIndex, ...]:
    """Return the trails an animal may enter: from its start before its first trail (trail
    -1), else by tunnel from the end of a trail."""
    if trail < 0:
        return cm.starts[a]
    return _tunnels(cm, a, walked, eaten)


@lru_cache(maxsize=4096)
def _tunnels(cm: Compiled, a: AnimalIndex, walked: TrailBits,
             eaten: FoodBits) -> tuple[TrailIndex, ...]:
    """Return the trails a tunnel leads to (clarification 5): those the animal has not walked that
    end where it has a food left to eat."""
    food_mask = cm.trail_food_mask
    return tuple(t for t in cm.trails_of[a] if not walked >> t & 1 and food_mask[t] & ~eaten)
