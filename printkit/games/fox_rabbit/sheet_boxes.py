"""The sheet's boxes in the lists the rules walk (the form's field names): the traps in the
order the farmer crosses them, both animals' food boxes, the escape ticks, an aid's circles,
the rewards row, the endgame log. The referee names them in a violation, the page and the
photo's reading ask and lean them; one list each, so that all of them count the same boxes.
"""

from __future__ import annotations

from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.games.fox_rabbit.board import AIDS, GameMap
from printkit.games.fox_rabbit.cells import ANIMALS
from printkit.games.fox_rabbit.dice import PRIMARY_LETTERS
from printkit.games.fox_rabbit.engine import AidIndex, reward_parts
from printkit.games.fox_rabbit.run import Attempt


def trap_fields(m: GameMap) -> tuple[str, ...]:
    """Return the farmer's traps, first to last: the order they are crossed in."""
    return tuple(sf.trap_field(n) for n in range(1, m.farmer.traps + 1))


def food_fields(m: GameMap) -> tuple[str, ...]:
    """Return both animals' boxes under every food, the fox's first."""
    return tuple(sf.food_field(animal, food.id) for animal in ANIMALS for food in m.foods)


def escape_fields() -> tuple[str, ...]:
    """Return the escape attempts' ticks of every round the sheet has ever logged."""
    return tuple(sf.outcome_field(r, animal, False) for r in range(1, sf.READ_ROUNDS + 1)
                 for animal in ANIMALS)


def die_fields() -> tuple[str, ...]:
    """Return the extra dice's boxes of the rewards row."""
    return tuple(sf.die_field(x) for x in PRIMARY_LETTERS)


def circle_fields(m: GameMap, k: AidIndex) -> tuple[str, ...]:
    """Return the circles of aid track k."""
    return tuple(sf.circle_field(AIDS[k], i) for i in range(1, m.aid_circles + 1))


def all_reward_fields(m: GameMap, mode: str) -> tuple[str, ...]:
    """Return the rewards row: the extra dice and every gained circle."""
    gained = sf.gained_circles(m, m.modes[mode])
    return die_fields() + tuple(
        sf.gained_field(aid, i) for aid in AIDS for i in range(1, gained + 1))


def reward_fields(m: GameMap, mode: str, reward: str) -> tuple[str, ...]:
    """Return the boxes that show one reward taken."""
    kind, i = reward_parts(reward)
    if kind == "die":
        return (sf.die_field(PRIMARY_LETTERS[i]),)
    gained = sf.gained_circles(m, m.modes[mode])
    return tuple(sf.gained_field(AIDS[i], n) for n in range(1, gained + 1))


def log_fields(atts: tuple[Attempt, ...], farmer: bool) -> tuple[str, ...]:
    """Return the endgame log's boxes of these attempts (the rounds the sheet has room for)."""
    return tuple(sf.attempt_field(a.round, ANIMALS[a.animal], farmer)
                 for a in atts if a.round <= sf.LOG_ROUNDS)
