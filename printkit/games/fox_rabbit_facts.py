"""The Fox and the Rabbit: the numbers its rule summary prints, read from the rules engine.

Every value here is taken from the classic map template and the engine's dice rules, the
same sources the gamesheet and the validator use, so the three can never disagree. The
summary's aids read these names; RULINGS.md is checked against them by the tests.

Pure data and arithmetic: nothing here draws.
"""

from __future__ import annotations

from dataclasses import dataclass

from printkit.games.fox_rabbit import dice
from printkit.games.fox_rabbit.board import AID_NAMES, AIDS as _AID_IDS, MODES as _MODE_IDS
from printkit.games.fox_rabbit.difficulty import goal, map_difficulty, shares
from printkit.games.fox_rabbit.template import load_map

_MAP = load_map("classic")

# -- dice and colours (rulings 1, 2) -------------------------------------------------
DIE_SIDES = max(dice.FACES)
PRIMARIES: tuple[str, ...] = dice.PRIMARIES
START_DICE_PER_COLOUR = _MAP.start_dice.count(dice.PRIMARY_LETTERS[0])
MAX_DICE_PER_COLOUR = _MAP.max_per_colour


def _parts(letter: str) -> tuple[str, str]:
    a, b = dice.mix_parts(letter).split(" + ")
    return (a, b)


# a secondary colour is made of exactly these two primaries, at least one die of each
SECONDARIES: dict[str, tuple[str, str]] = {
    dice.COLOUR_NAMES[letter]: _parts(letter) for letter in "GOP"
}
BLACK_MIN_DICE = dice.makeable("K")[0]  # the least black can make is one pip per die
SECONDARY_MIN_DICE = dice.makeable("G")[0]

# -- player aids (rulings 6, 7) --------------------------------------------------------
AIDS: tuple[str, ...] = tuple(AID_NAMES[a] for a in _AID_IDS)
AID_TRACK_CIRCLES = _MAP.aid_circles

# -- food (rulings 8-11) ---------------------------------------------------------------
FOODS = len(_MAP.foods)


@dataclass(frozen=True)
class Mode:
    """A difficulty mode (rulings 7, 14, 13/21)."""

    name: str
    start_active_circles: int  # active circles per aid track at the start
    escape_threshold: int  # food count (both animals) from which the endgame may start
    all_foods_needed: bool  # super-hard: each of the six foods eaten at least once
    farmer_aids_per_attempt: int | None  # None: any number


MODES: tuple[Mode, ...] = tuple(
    Mode(m.id, m.active_circles, FOODS if m.escape_threshold == "all" else m.escape_threshold,
         m.escape_threshold == "all", m.farmer_aids_per_attempt)
    for m in (_MAP.modes[i] for i in _MODE_IDS))

# ruling 15: with this many foods eaten (or more) the higher escape tier applies
HIGH_TIER_FOODS = _MAP.higher_tier_from
LOW_TIER_FOODS = HIGH_TIER_FOODS - 1


@dataclass(frozen=True)
class EscapeRequirement:
    """What one animal needs to escape, in one tier (ruling 15)."""

    animal: str
    tier_foods: int  # LOW_TIER_FOODS = the lower tier, HIGH_TIER_FOODS = the higher tier
    colour: str  # a secondary colour
    sums: tuple[int, ...]  # the colour dice must add up to one of these
    total_cap: int  # all dice rolled must total at most this
    min_dice: int = 2
    max_dice: int = 4


ESCAPES: tuple[EscapeRequirement, ...] = tuple(
    EscapeRequirement(animal.capitalize(), LOW_TIER_FOODS if tier == "lower" else HIGH_TIER_FOODS,
                      dice.COLOUR_NAMES[req.colour], req.sums, req.cap)
    for tier in ("lower", "higher") for animal in ("fox", "rabbit")
    for req in (_MAP.escape[(animal, tier)],))


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


def _trap(animal: str) -> TrapRequirement:
    trap = _MAP.farmer.trap(animal)
    req = trap.requirement
    usable = sum(1 for d in trap.dice if dice.COLOUR_BITS[d] & req.bits)
    return TrapRequirement(animal.capitalize(),
                           tuple(dice.COLOUR_NAMES[d] for d in trap.dice),
                           dice.COLOUR_NAMES[req.colour], req.sums, req.cap, 2, min(4, usable))


TRAPS: tuple[TrapRequirement, ...] = (_trap("rabbit"), _trap("fox"))

# -- score (rulings 18-20) -------------------------------------------------------------
POINTS_PER_FOOD = _MAP.scoring.per_food  # per animal, per food it ate
POINTS_PER_ESCAPE = _MAP.scoring.per_escape
POINTS_PER_UNCROSSED_TRAP = _MAP.scoring.per_trap_left  # only when an animal escaped

# (lowest score, highest score or None for "and up", title)
TITLES: tuple[tuple[int, int | None, str], ...] = tuple(
    (t.minimum, nxt.minimum - 1 if nxt else None, t.title)
    for t, nxt in zip(_MAP.scoring.titles, (*_MAP.scoring.titles[1:], None)))


@dataclass(frozen=True)
class Achievement:
    """An achievement: its id, the mode it belongs to, and what the run must reach."""

    id: str
    mode: str
    foods: str  # "3+", "4+" or "all" (each of the 6 foods eaten at least once)
    escaped: str  # "one" (at least one animal) or "both"


ACHIEVEMENTS: tuple[Achievement, ...] = tuple(
    Achievement(a.id, a.mode, "all" if a.foods == "all" else f"{a.foods}+",
                "one" if a.escaped == 1 else "both")
    for a in _MAP.scoring.achievements)


@dataclass(frozen=True)
class Difficulty:
    """How often the measuring player wins one mode of the classic map (`printkit simulate`)."""

    mode: str
    goal: str  # the mode's first achievement: what counts as a win
    games: int
    won: float  # share of games, 0-1
    strategy: str


def _measured() -> tuple[Difficulty, ...]:
    measured = map_difficulty(_MAP)
    share = shares(measured)
    return tuple(Difficulty(mode, goal(_MAP, mode).text, measured.games, share[mode],
                            measured.strategy) for mode in _MODE_IDS)


# The classic map's figures as stored with it (and re-simulated by the tests).
MEASURED_DIFFICULTY: tuple[Difficulty, ...] | None = _measured()


# -- arithmetic the aids print -----------------------------------------------------------
def title_for(score: int) -> str:
    """Return the title a final score earns (ruling 19)."""
    return _MAP.title_for(score)


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
        count = len(PRIMARIES) * per_colour
        if count < BLACK_MIN_DICE:
            raise ValueError(f"black needs {BLACK_MIN_DICE} dice; {count} are in play")
        return (BLACK_MIN_DICE, count * DIE_SIDES)
    raise ValueError(f"not a Fox and the Rabbit colour: {colour!r}")
