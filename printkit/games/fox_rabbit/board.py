"""The map of a Fox and the Rabbit sheet as data: foods, trails, cells, farmer, aids, scoring.

The model holds no drawing coordinates. A gamesheet is laid out from its structure: each
animal's trails in order (those leaving the animal's start, then those leaving a tunnel),
the food location each trail reaches and its foods, and each cell's id, colour and number.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any, Literal

from printkit.games.fox_rabbit import MODES  # named in the package, where the CLI sees it
from printkit.games.fox_rabbit.cells import ANIMAL_LETTERS, ANIMALS, CellId, CellSpec, TrailId
from printkit.games.fox_rabbit.dice import (
    COLOUR_BITS,
    CellKind,
    Requirement,
    RuleKey,
    colour_class,
    makeable,
    rule_key,
)

#: The three aids (clarification 8), by the id used in records and templates.
AIDS: tuple[str, ...] = ("plus-minus", "flip", "re-roll")
AID_NAMES: dict[str, str] = {"plus-minus": "+/-1", "flip": "flip", "re-roll": "re-roll"}
#: The words a Spanish or a French sheet prints for flip and re-roll (its catalogue's), and
#: which a player of that sheet writes: read as the English ones wherever an aid is written
#: (an endgame attempt, a turn line), which stay the notation records keep.
AID_WORDS_PRINTED: dict[str, str] = {"girar": "flip", "relanzar": "re-roll",
                                     "retourner": "flip", "relancer": "re-roll"}


def aid_notation(word: str) -> str:
    """Return the notation of an aid use's first word: `girar` and `Retourner` are `flip`,
    `relanzar` is `re-roll`; any other word as it is."""
    return AID_WORDS_PRINTED.get(word.lower(), word)
TIERS: tuple[str, ...] = ("lower", "higher")


@dataclass(frozen=True)
class Food:
    """One of the six foods."""

    id: str
    name: str


@dataclass(frozen=True)
class Location:
    """A food location at the end of trails; it offers more than one food (clarification 6)."""

    id: str
    name: str
    foods: tuple[str, ...]


@dataclass(frozen=True)
class Cell:
    """One cell of a trail: its id (`F-B3`), what is printed, and its rule as hot-path ints."""

    id: CellId
    spec: CellSpec
    kind: CellKind = field(compare=False)  # FACE, MIX or BLACK (the rule of the colour)
    rule: RuleKey = field(compare=False)   # which groups of dice may cross it (dice.RuleKey)
    value: int = field(compare=False)      # the printed number, 0 for a circle

    @classmethod
    def make(cls, cell_id: CellId, spec: CellSpec) -> Cell:
        kind, bits = colour_class(spec.colour)
        return cls(cell_id, spec, kind, rule_key(kind, bits), spec.value or 0)

    def __str__(self) -> str:
        return f"{self.id} {self.spec}"


@dataclass(frozen=True)
class Trail:
    """A trail: a fixed sequence of cells from the animal's start or a tunnel to a food location."""

    id: TrailId
    start: Literal["start", "tunnel"]
    location: str
    cells: tuple[Cell, ...]

    @property
    def animal(self) -> str:
        return self.id.animal

    def __len__(self) -> int:
        return len(self.cells)


@dataclass(frozen=True)
class Trap:
    """A farmer's trap for one animal: which dice the farmer rolls and what triggers it."""

    dice: tuple[str, ...]  # colour letters, e.g. ("R", "B", "B", "Y", "Y")
    requirement: Requirement


@dataclass(frozen=True)
class Farmer:
    """The farmer trail (its last trap is the prized trap), the traps and the farmer's aids."""

    traps: int
    uses_per_trap: int  # uses of each farmer aid box against each animal's trap (clarification 14)
    fox_trap: Trap
    rabbit_trap: Trap

    def trap(self, animal: str) -> Trap:
        return self.fox_trap if animal == "fox" else self.rabbit_trap


@dataclass(frozen=True)
class Mode:
    """A difficulty mode: starting aid circles, escape threshold, farmer aids per attempt."""

    id: str
    active_circles: int
    escape_threshold: int | Literal["all"]
    farmer_aids_per_attempt: int | None  # None: any number (clarification 14)


@dataclass(frozen=True)
class Title:
    minimum: int
    title: str


@dataclass(frozen=True)
class Achievement:
    """An achievement: in `mode`, with `foods` eaten (a count or 'all') and `escaped` animals."""

    id: str
    mode: str
    foods: int | Literal["all"]
    escaped: int  # 1: at least one animal, 2: both
    text: str


@dataclass(frozen=True)
class Scoring:
    per_food: int
    per_escape: int
    per_trap_left: int
    titles: tuple[Title, ...]
    achievements: tuple[Achievement, ...]


@dataclass(frozen=True)
class MeasuredDifficulty:
    """Difficulty measured by simulation and stored with a map (its template's `[difficulty]`).

    `won` counts, for each mode, the games (of `games` played with `seed` by `strategy`) that
    earned the mode's first achievement; `rules` is the digest of the map's rules they were
    measured on (see `printkit.games.fox_rabbit.difficulty`).
    """

    strategy: str
    games: int
    seed: int
    rules: str
    won: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class GameMap:
    """A whole sheet: everything the rules and the gamesheet drawing need."""

    name: str
    title: str
    start_dice: tuple[str, ...]      # colour letters of the dice a game starts with
    max_per_colour: int
    aid_circles: int                 # circles on each aid track
    modes: dict[str, Mode]
    farmer: Farmer
    higher_tier_from: int            # foods eaten (both animals) from which the higher tier applies
    escape: dict[tuple[str, str], Requirement]  # (animal, tier) -> requirement
    scoring: Scoring
    foods: tuple[Food, ...]
    locations: tuple[Location, ...]
    trails: tuple[Trail, ...]
    difficulty: MeasuredDifficulty | None = field(default=None, compare=False)
    # lookups, built once
    cells: dict[str, Cell] = field(default_factory=dict, compare=False, repr=False)
    trail_by_id: dict[str, Trail] = field(default_factory=dict, compare=False, repr=False)
    location_by_id: dict[str, Location] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        for t in self.trails:
            self.trail_by_id[str(t.id)] = t
            for c in t.cells:
                self.cells[str(c.id)] = c
        for loc in self.locations:
            self.location_by_id[loc.id] = loc

    def __hash__(self) -> int:
        # Maps equal field by field play alike, so what is worked out from a map (its
        # compiled tables, its measured games) is cached by the map itself. The fields hold
        # dicts, which do not hash; the name and the trails tell maps apart well enough.
        return hash((self.name, self.trails))

    # --- what the gamesheet layout and the engine ask --------------------------------------
    def trails_of(self, animal: str) -> tuple[Trail, ...]:
        """Return an animal's trails in sheet order (by trail letter)."""
        return tuple(t for t in self.trails if t.animal == animal)

    def start_trails(self, animal: str) -> tuple[Trail, ...]:
        """Return the trails that leave the animal's starting position."""
        return tuple(t for t in self.trails_of(animal) if t.start == "start")

    def tunnel_trails(self, animal: str) -> tuple[Trail, ...]:
        """Return the trails that leave a tunnel (entered only after eating)."""
        return tuple(t for t in self.trails_of(animal) if t.start == "tunnel")

    def trail(self, trail_id: str | TrailId) -> Trail:
        return self.trail_by_id[str(trail_id)]

    def cell(self, cell_id: str | CellId) -> Cell:
        return self.cells[str(cell_id)]

    def location(self, location_id: str) -> Location:
        return self.location_by_id[location_id]

    def foods_at(self, trail: Trail) -> tuple[str, ...]:
        """Return the foods offered where a trail ends."""
        return self.location_by_id[trail.location].foods

    def food_ids(self) -> tuple[str, ...]:
        return tuple(f.id for f in self.foods)

    def requirement(self, animal: str, foods_eaten: int) -> Requirement:
        """Return the escape requirement for an animal given all foods eaten (clarification 12)."""
        tier = "higher" if foods_eaten >= self.higher_tier_from else "lower"
        return self.escape[(animal, tier)]

    def title_for(self, score: int) -> str:
        """Return the title a score earns (clarification 15)."""
        best = self.scoring.titles[0].title
        for t in self.scoring.titles:
            if score >= t.minimum:
                best = t.title
        return best


RULINGS_EDITION = 2


def rules_digest(game_map: GameMap) -> str:
    """Return a short digest of everything about a map that play depends on.

    Names and texts (the map's name and title, food and location names, titles) are left
    out: renaming a food does not change how hard a map is.
    """
    m = game_map
    rules: dict[str, Any] = {
        # the edition of the rulings the code plays by: 2 is RULINGS.md with rulings 7
        # (circles and one free aid per escape attempt) and 13 (each farmer box once against
        # each animal's trap) revised
        "rulings": RULINGS_EDITION,
        "start_dice": m.start_dice, "max_per_colour": m.max_per_colour,
        "aid_circles": m.aid_circles,
        "modes": [(x.id, x.active_circles, x.escape_threshold, x.farmer_aids_per_attempt)
                  for x in m.modes.values()],
        "farmer": [m.farmer.traps, m.farmer.uses_per_trap,
                   [(t.dice, str(t.requirement)) for t in (m.farmer.fox_trap,
                                                           m.farmer.rabbit_trap)]],
        "escape": [(a, tier, str(req)) for (a, tier), req in sorted(m.escape.items())],
        "higher_tier_from": m.higher_tier_from,
        "score": [m.scoring.per_food, m.scoring.per_escape, m.scoring.per_trap_left],
        "achievements": [(a.id, a.mode, a.foods, a.escaped) for a in m.scoring.achievements],
        "foods": m.food_ids(),
        "locations": [(loc.id, loc.foods) for loc in m.locations],
        "trails": [(str(t.id), t.start, t.location, [str(c.spec) for c in t.cells])
                   for t in m.trails],
    }
    text = json.dumps(rules, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def trail_values_possible(trail: Trail) -> str | None:
    """Return which cell of the trail cannot be crossed in order, or None if every one can."""
    previous = 0
    for cell in trail.cells:
        spec = cell.spec
        if spec.value is None:
            options = [v for v in makeable(spec.colour) if v > previous]
            if not options:
                return (f"{cell.id}: a {spec.colour_name} circle after {previous} cannot be "
                        f"filled (its colour makes at most {makeable(spec.colour)[-1]})")
            previous = options[0]
        else:
            if spec.value not in makeable(spec.colour):
                r = makeable(spec.colour)
                return (f"{cell.id}: {spec.describe()} cannot be made by {spec.needs()} "
                        f"(it makes {r[0]}-{r[-1]})")
            previous = spec.value
    return None


__all__ = [
    "AIDS", "AID_NAMES", "ANIMALS", "ANIMAL_LETTERS", "COLOUR_BITS", "MODES", "RULINGS_EDITION",
    "TIERS", "Achievement", "Cell", "Farmer", "Food", "GameMap", "Location",
    "MeasuredDifficulty", "Mode", "Scoring", "Title", "Trail", "Trap", "rules_digest",
    "trail_values_possible",
]
