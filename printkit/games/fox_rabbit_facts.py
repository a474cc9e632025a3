"""The Fox and the Rabbit: the numbers its rule summary prints, from RULINGS.md.

TO BE REPLACED. The Fox and the Rabbit rules engine (`printkit/games/fox_rabbit/`) is
being written in parallel. Until it lands, the summary's player aids read their numbers
from this module. When the engine exists, each constant below should be imported from
(or replaced by a thin alias of) the engine's own constant, so that the summary, the
gamesheet and the validator can never disagree. Every name here says which ruling it
comes from; `MEASURED_DIFFICULTY` stays None until `printkit simulate` can measure it.

Pure data and arithmetic: nothing here draws.
"""

from __future__ import annotations

from dataclasses import dataclass

# -- dice and colours (rulings 1, 2) -------------------------------------------------
DIE_SIDES = 6
PRIMARIES = ("red", "blue", "yellow")
START_DICE_PER_COLOUR = 1
MAX_DICE_PER_COLOUR = 2
# a secondary colour is made of exactly these two primaries, at least one die of each
SECONDARIES: dict[str, tuple[str, str]] = {
    "green": ("blue", "yellow"),
    "orange": ("red", "yellow"),
    "purple": ("red", "blue"),
}
BLACK_MIN_DICE = 3  # ruling 4: a black number is the sum of 3 or more dice of any colours
SECONDARY_MIN_DICE = 2

# -- player aids (rulings 6, 7) --------------------------------------------------------
AIDS = ("+/-1", "flip", "re-roll")
AID_TRACK_CIRCLES = 4

# -- food (rulings 8-11) ---------------------------------------------------------------
FOODS = 6


@dataclass(frozen=True)
class Mode:
    """A difficulty mode (rulings 7, 14, 13/21)."""

    name: str
    start_active_circles: int  # active circles per aid track at the start
    escape_threshold: int  # food count (both animals) from which the endgame may start
    all_foods_needed: bool  # super-hard: each of the six foods eaten at least once
    farmer_aids_per_attempt: int | None  # None: any number


MODES: tuple[Mode, ...] = (
    Mode("easy", 3, 3, False, 1),
    Mode("hard", 2, 4, False, 1),
    Mode("super-hard", 2, FOODS, True, None),
)

# ruling 15: with this many foods eaten (or more) the higher escape tier applies
HIGH_TIER_FOODS = 4
LOW_TIER_FOODS = 3


@dataclass(frozen=True)
class EscapeRequirement:
    """What one animal needs to escape, in one tier (ruling 15)."""

    animal: str
    tier_foods: int  # 3 = the lower tier, 4 = the higher tier (4 or more foods)
    colour: str  # a secondary colour
    sums: tuple[int, ...]  # the colour dice must add up to one of these
    total_cap: int  # all dice rolled must total at most this
    min_dice: int = 2
    max_dice: int = 4


ESCAPES: tuple[EscapeRequirement, ...] = (
    EscapeRequirement("Fox", LOW_TIER_FOODS, "orange", (10, 11), 13),
    EscapeRequirement("Rabbit", LOW_TIER_FOODS, "purple", (11, 12), 15),
    EscapeRequirement("Fox", HIGH_TIER_FOODS, "orange", (17, 18), 22),
    EscapeRequirement("Rabbit", HIGH_TIER_FOODS, "purple", (15, 16), 19),
)


@dataclass(frozen=True)
class TrapRequirement:
    """What the farmer needs to trigger the trap of one animal (ruling 13)."""

    animal: str
    dice: tuple[str, ...]  # the farmer's dice, by colour
    colour: str
    sums: tuple[int, ...]
    total_cap: int
    min_dice: int
    max_dice: int


TRAPS: tuple[TrapRequirement, ...] = (
    TrapRequirement("Rabbit", ("red", "blue", "yellow"), "green", (8, 9), 14, 2, 2),
    TrapRequirement("Fox", ("red", "blue", "blue", "yellow", "yellow"), "green", (13, 14), 18,
                    2, 4),
)

# -- score (rulings 18-20) -------------------------------------------------------------
POINTS_PER_FOOD = 1  # per animal, per food it ate
POINTS_PER_ESCAPE = 5
POINTS_PER_UNCROSSED_TRAP = 1  # only when at least one animal escaped

# (lowest score, highest score or None for "and up", title)
TITLES: tuple[tuple[int, int | None, str], ...] = (
    (0, 6, "Mere scavenger rodents"),
    (7, 12, "The quick, brown fox jumps over the lazy dog!"),
    (13, 16, "Twice as clever"),
    (17, None, "Two quick, cunning conspirators!"),
)


@dataclass(frozen=True)
class Achievement:
    """An achievement: its id, the mode it belongs to, and what the run must reach."""

    id: str
    mode: str
    foods: str  # "3+", "4+" or "all" (each of the 6 foods eaten at least once)
    escaped: str  # "one" (at least one animal) or "both"


ACHIEVEMENTS: tuple[Achievement, ...] = (
    Achievement("easy-3-one", "easy", "3+", "one"),
    Achievement("easy-3-both", "easy", "3+", "both"),
    Achievement("easy-all-one", "easy", "all", "one"),
    Achievement("hard-4-one", "hard", "4+", "one"),
    Achievement("hard-4-both", "hard", "4+", "both"),
    Achievement("hard-all-one", "hard", "all", "one"),
    Achievement("superhard-all-both", "super-hard", "all", "both"),
)


@dataclass(frozen=True)
class Difficulty:
    """How one mode played out over many simulated games (from `printkit simulate`)."""

    mode: str
    games: int
    both_escaped: float  # share of games, 0-1
    one_escaped: float  # at least one animal
    mean_score: float


# PLACEHOLDER: filled from the simulator once it exists; the summary prints nothing until then.
MEASURED_DIFFICULTY: tuple[Difficulty, ...] | None = None


# -- arithmetic the aids print -----------------------------------------------------------
def title_for(score: int) -> str:
    """Return the title a final score earns (ruling 19)."""
    for low, high, title in TITLES:
        if score >= low and (high is None or score <= high):
            return title
    raise ValueError(f"no title for a score of {score}")


def colour_sum_range(colour: str, per_colour: int) -> tuple[int, int]:
    """Return the least and most `colour` can make with `per_colour` dice of each primary.

    A primary colour is one die; a secondary needs 2+ dice of its two primaries with at
    least one of each; black needs 3+ dice of any colours (ruling 4).
    """
    if colour in PRIMARIES:
        return (1, DIE_SIDES)
    if colour in SECONDARIES:
        return (SECONDARY_MIN_DICE, 2 * per_colour * DIE_SIDES)
    if colour == "black":
        dice = len(PRIMARIES) * per_colour
        if dice < BLACK_MIN_DICE:
            raise ValueError(f"black needs {BLACK_MIN_DICE} dice; {dice} are in play")
        return (BLACK_MIN_DICE, dice * DIE_SIDES)
    raise ValueError(f"not a Fox and the Rabbit colour: {colour!r}")
