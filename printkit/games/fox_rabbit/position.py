"""Where a game stands: what a face of the game (the page's guided endgame, its progress
lines) asks of a run that may not be over.

The run is played out as the referee plays it (its turn log replayed, or what its sheet shows
read), so the dice the player owns, the circles left and the foods eaten are the referee's;
whose attempt comes next is `endgame.next_attempt`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from printkit.games.fox_rabbit.board import GameMap
from printkit.games.fox_rabbit.cells import ANIMALS, AnimalIndex
from printkit.games.fox_rabbit.dice import DieCode, Requirement
from printkit.games.fox_rabbit.endgame import (
    NextAttempt,
    next_attempt,
    paid_circles,
    single_aids,
)
from printkit.games.fox_rabbit.engine import (
    FLIP,
    PLUS_MINUS,
    REROLL,
    AidIndex,
    AidUse,
    escape_problem_dice,
)
from printkit.games.fox_rabbit.referee.state import Referee
from printkit.games.fox_rabbit.rulings import Problem, Rule
from printkit.games.fox_rabbit.run import Run
from printkit.games.fox_rabbit.validate import played
from printkit.message import tr

Stage = Literal["not-yet", "attempt", "over"]


@dataclass(frozen=True)
class Position:
    """A game as it stands: whether its endgame may begin, whose attempt is next, and what the
    player and the farmer still have for it."""

    map: GameMap = field(repr=False)
    mode: str
    stage: Stage
    next: NextAttempt | None        # the attempt due, when `stage` is "attempt"
    eaten: tuple[tuple[str, ...], tuple[str, ...]]   # the fox's foods, the rabbit's
    fed: bool                       # each animal ate (clarification 10)
    threshold_met: bool             # the mode's foods eaten (clarification 10)
    forced: bool                    # the farmer's last trap is crossed (clarification 9)
    begun: bool                     # an attempt is recorded
    traps_crossed: int
    dice: tuple[int, int, int]      # the player's dice of each colour
    circles_left: tuple[int, ...]   # active circles not yet crossed, per aid
    farmer_boxes: tuple[tuple[int, ...], tuple[int, ...]]  # per animal: each box's uses left
    #: the aid of each use, per escape attempt made; the circles of each track the turns
    #: crossed, and those they left to the escape attempts (the active ones less those)
    escape_aids: tuple[tuple[AidIndex, ...], ...] = ()
    turn_circles: tuple[int, ...] = (0, 0, 0)
    endgame_room: tuple[int, ...] = (0, 0, 0)

    @property
    def foods_eaten(self) -> int:
        """Return the foods eaten, one for each food an animal ate (clarification 10)."""
        return len(self.eaten[0]) + len(self.eaten[1])

    @property
    def may_begin(self) -> bool:
        """Return whether escape may be attempted now, by choice (clarification 10)."""
        return self.fed and self.threshold_met

    def escape_requirement(self, animal: AnimalIndex) -> Requirement:
        """Return what an escape attempt of the animal needs now (clarification 12)."""
        return self.map.requirement(ANIMALS[animal], self.foods_eaten)


def position(run: Run) -> Position:
    """Return where the run's game stands."""
    ref = played(run)
    g, m = ref.game, ref.map
    forced = run.traps_crossed >= m.farmer.traps
    begun = bool(run.escapes or run.triggers)
    nxt = next_attempt(run.escapes, run.triggers)
    stage: Stage
    if not begun and not forced and not (g.both_fed() and g.threshold_met()):
        stage = "not-yet"
    elif (forced and not g.both_fed()) or nxt is None:
        stage = "over"   # an animal unfed at the last trap: both are caught at once
    else:
        stage = "attempt"
    escape_aids = tuple(tuple(aid.aid for aid in att.aids) for att in run.escapes)
    spent = run.aids_spent
    # the attempts made crossed the fewest circles they could (as the page records them):
    # the rest were the turns'
    before = paid_circles(escape_aids, spent) or (0, 0, 0)
    return Position(
        m, run.mode, stage, nxt if stage == "attempt" else None,
        (tuple(g.eaten[0]), tuple(g.eaten[1])), g.both_fed(), g.threshold_met(), forced, begun,
        run.traps_crossed, (g.dice[0], g.dice[1], g.dice[2]),
        tuple(max(0, g.active[k] - spent[k]) for k in range(3)), _farmer_boxes(ref),
        escape_aids, tuple(spent[k] - before[k] for k in range(3)),
        tuple(g.active[k] - spent[k] + before[k] for k in range(3)))


def _farmer_boxes(ref: Referee) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Return, per animal, the uses of each farmer's box left against its trap
    (clarification 14)."""
    left = [[ref.map.farmer.uses_per_trap] * 3 for _ in (0, 1)]
    for att in ref.run.triggers:
        for aid in att.aids:
            left[att.animal][aid.aid] = max(0, left[att.animal][aid.aid] - 1)
    return tuple(left[0]), tuple(left[1])


# --- an escape attempt as it is made ----------------------------------------------------------
@dataclass(frozen=True)
class EscapeTry:
    """An escape attempt as far as it has gone: the dice after its aids, whether they escape,
    the circles crossed on each aid track once it is recorded, and the single aids the player
    may still apply."""

    dice: tuple[DieCode, ...]
    escaped: bool
    crossed: tuple[int, ...]       # circles crossed per aid track, the turns' included
    free_used: bool                # the attempt's free aid is taken (clarification 12)
    options: tuple[AidUse, ...]    # a +/-1 or flip on one die that the circles can still pay
    reroll_open: bool              # a re-roll can still be paid


def escape_try(pos: Position, animal: AnimalIndex, roll: tuple[DieCode, ...],
               aids: Sequence[AidUse]) -> EscapeTry | Problem:
    """Return an escape attempt of the animal with this roll and these aids applied so far, or
    the problem that forbids it (dice the player does not own, an aid that cannot be used, no
    circle left to pay).

    The circles are paid over the whole endgame (`endgame.paid_circles`): the attempts made
    and this one, each with one free aid, within the circles the turns left.
    """
    problem = escape_problem_dice(pos.dice, roll, animal)
    if problem is not None:
        return problem
    dice = list(roll)
    for aid in aids:
        problem = aid.problem(dice)
        if problem is not None:
            return problem
        dice = aid.applied(dice)
    uses = tuple(aid.aid for aid in aids)

    def paid(more: tuple[AidIndex, ...]) -> tuple[int, ...] | None:
        return paid_circles([*pos.escape_aids, uses + more], pos.endgame_room)

    now = paid(())
    if now is None:
        return Problem(Rule.ESCAPE, tr("no circle is left for that aid, and the free aid is "
                                       "used"))
    after = tuple(sorted(dice))
    escaped = pos.escape_requirement(animal).met_by(after)

    def payable(k: AidIndex) -> bool:
        return not escaped and paid((k,)) is not None

    allowed = tuple(k for k in (PLUS_MINUS, FLIP) if payable(k))
    return EscapeTry(after, escaped, tuple(pos.turn_circles[k] + now[k] for k in range(3)),
                     bool(aids), tuple(single_aids(after, allowed)), payable(REROLL))
