"""The endgame (clarifications 10-14): whose attempt is next, what the escape attempts' aids
cost, and the farmer's trigger attempts.

Every face of the game asks these: the referee judges a record's endgame by them, the
simulator plays its farmer by them, and the page's guided endgame asks them at each step.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from printkit.games.fox_rabbit import terms
from printkit.games.fox_rabbit.board import Trap
from printkit.games.fox_rabbit.cells import AnimalIndex
from printkit.games.fox_rabbit.dice import (
    PRIMARY_LETTERS,
    DieCode,
    Requirement,
    colour_counts,
    dice_text,
)
from printkit.games.fox_rabbit.engine import (
    FLIP,
    PLUS_MINUS,
    REROLL,
    AidIndex,
    AidUse,
    die_aids,
)
from printkit.games.fox_rabbit.matching import assignable
from printkit.games.fox_rabbit.rulings import Problem, Rule
from printkit.games.fox_rabbit.run import Attempt
from printkit.message import tr


def single_aids(dice: tuple[DieCode, ...], allowed: tuple[AidIndex, ...]) -> list[AidUse]:
    """Return every +/-1 and flip use (among `allowed` aids) on one of these dice."""
    pm, fl = PLUS_MINUS in allowed, FLIP in allowed
    return [use for d in sorted(set(dice)) for use in die_aids(d, pm, fl)]


def applied(dice: tuple[DieCode, ...], aid: AidUse) -> tuple[DieCode, ...]:
    """Return the dice, sorted, after a +/-1 or flip."""
    rest = list(dice)
    rest.remove(aid.dice[0])
    rest.append(aid.result[0])
    return tuple(sorted(rest))


@lru_cache(maxsize=1 << 15)
def catch_sequence(dice: tuple[DieCode, ...], req: Requirement, plus_minus: int, flips: int,
                   most: int) -> tuple[AidUse, ...] | None:
    """Return the fewest +/-1 and flip uses that make the dice meet `req` (None: impossible).

    `plus_minus` and `flips` are the uses left, `most` the aids allowed in this attempt.
    """
    dice = tuple(sorted(dice))
    if req.met_by(dice):
        return ()
    frontier: list[tuple[tuple[int, ...], tuple[AidUse, ...], int, int]] = [
        (dice, (), plus_minus, flips)]
    for _ in range(most):
        nxt = []
        seen: set[tuple[tuple[int, ...], int, int]] = set()
        for state, path, pm, fl in frontier:
            allowed = tuple(k for k, left in ((PLUS_MINUS, pm), (FLIP, fl)) if left > 0)
            for aid in single_aids(state, allowed):
                new = applied(state, aid)
                npm, nfl = (pm - 1, fl) if aid.aid == PLUS_MINUS else (pm, fl - 1)
                if req.met_by(new):
                    return path + (aid,)
                key = (new, npm, nfl)
                if key not in seen:
                    seen.add(key)
                    nxt.append((new, path + (aid,), npm, nfl))
        frontier = nxt
        if not frontier:
            break
    return None


# --- whose attempt is next (clarification 13) -----------------------------------------------------
@dataclass(frozen=True)
class NextAttempt:
    """The attempt the endgame asks for next: its round, whose it is, against which animal."""

    round: int
    farmer: bool          # the farmer's trigger attempt; else the animal's escape attempt
    animal: AnimalIndex


def next_attempt(escapes: Sequence[Attempt], triggers: Sequence[Attempt],
                 most_rounds: int = 999) -> NextAttempt | None:
    """Return the attempt that comes next after those recorded, or None when each animal has
    escaped or been caught (as recorded).

    Rounds repeat: each animal still inside makes an escape attempt, then the farmer makes a
    trigger attempt against each animal still inside (clarification 13).
    """
    done = {(x.round, False, x.animal): x.outcome for x in escapes}
    done |= {(x.round, True, x.animal): x.outcome for x in triggers}
    inside = [True, True]
    for rnd in range(1, most_rounds + 1):
        for farmer in (False, True):
            for a in (0, 1):
                if not inside[a]:
                    continue
                if (rnd, farmer, a) not in done:
                    return NextAttempt(rnd, farmer, a)
                if done[(rnd, farmer, a)]:
                    inside[a] = False
        if not any(inside):
            return None
    return None


# --- paying for the escape attempts' aids (clarifications 8, 12) ----------------------------------
def free_aids_fit(attempts: Sequence[Sequence[AidIndex]], free: Sequence[int]) -> bool:
    """Return whether `free[k]` uses of each aid k can each be the one free aid of a different
    escape attempt that used aid k (`attempts`: the aid of each use, per attempt)."""
    if any(n < 0 for n in free):
        return False
    slots = [k for k in range(3) for _ in range(free[k])]
    return assignable(slots, [tuple(set(uses)) for uses in attempts if uses])


def paid_circles(attempts: Sequence[Sequence[AidIndex]],
                 room: Sequence[int]) -> tuple[int, ...] | None:
    """Return the fewest circles of each aid track the escape attempts' aid uses cross, one use
    of each attempt being free (clarification 12), within `room` (the circles each track has for
    them); None when no choice of the free aids fits.

    Which use of an attempt went free is not written on the sheet, so it is chosen over the
    whole endgame: a later attempt may need an earlier one's free aid to be of another track.
    """
    used = [sum(1 for uses in attempts for k in uses if k == aid) for aid in range(3)]
    free = [max(0, used[k] - room[k]) for k in range(3)]
    if not free_aids_fit(attempts, free):
        return None
    # the free uses a matching of attempts to tracks allows: grown one at a time, as many as
    # fit (a greedy growth of a matching reaches its largest size)
    grown = True
    while grown:
        grown = False
        for k in range(3):
            more = [n + (i == k) for i, n in enumerate(free)]
            if free[k] < used[k] and free_aids_fit(attempts, more):
                free, grown = more, True
    return tuple(used[k] - free[k] for k in range(3))


# --- the farmer's trigger attempt (clarification 14) --------------------------------------------
def trap_roll_problem(trap: Trap, animal: AnimalIndex,
                      roll: tuple[DieCode, ...]) -> Problem | None:
    """Return why the farmer cannot try the animal's trap with this roll (he rolls the trap's
    own dice, clarification 14), or None if he can."""
    want = tuple(trap.dice.count(x) for x in PRIMARY_LETTERS)
    if colour_counts(roll) == want:
        return None
    return Problem(Rule.TRAPS, tr(
        "the farmer tries the {animal}'s trap with {dice} dice, not {rolled}",
        animal=terms.animal(animal), dice=terms.count_words(want), rolled=dice_text(roll)))


@dataclass(frozen=True)
class FarmerPlay:
    """The farmer's trigger attempt as far as it went: the aids he used, the dice they left,
    whether the trap triggers, and the uses of each box left against this animal's trap.

    `waiting` is set when he re-rolls and the new faces are not known yet (the page asks the
    player to roll them): the attempt goes on once they are.
    """

    aids: tuple[AidUse, ...]
    dice: tuple[DieCode, ...]
    caught: bool
    boxes_left: tuple[int, ...]
    waiting: bool = False


def farmer_play(roll: Sequence[DieCode], req: Requirement, boxes: Sequence[int],
                most: int | None, reroll: Callable[[tuple[DieCode, ...]],
                                                  tuple[DieCode, ...] | None]) -> FarmerPlay:
    """Return the farmer's attempt on his roll, as he plays to catch: the fewest +/-1 and flips
    that trigger the trap, else a re-roll of all his dice, while his boxes (`boxes`: uses left
    of each, against this animal's trap) and the mode's aids per attempt (`most`, None: any
    number) allow.

    `reroll(dice)` gives the new faces of a re-roll: random ones in a simulated game, the
    player's roll on the page, or None when they are not known yet (the play stops there,
    `waiting`).
    """
    left = list(boxes)
    budget = 99 if most is None else most
    dice = tuple(sorted(roll))
    aids: list[AidUse] = []
    while not req.met_by(dice) and budget > 0:
        seq = catch_sequence(dice, req, left[PLUS_MINUS], left[FLIP], min(budget, 4))
        if seq:
            for use in seq:
                left[use.aid] -= 1
                aids.append(use)
                dice = applied(dice, use)
            budget -= len(seq)
        elif left[REROLL] > 0:
            new = reroll(dice)
            if new is None:
                return FarmerPlay(tuple(aids), dice, False, tuple(left), waiting=True)
            aids.append(AidUse(REROLL, dice, tuple(new)))
            left[REROLL] -= 1
            budget -= 1
            dice = tuple(sorted(new))
        else:
            break
    return FarmerPlay(tuple(aids), dice, req.met_by(dice), tuple(left))
