"""The endgame (rulings 13-17): escape attempts, the farmer's trigger attempts and aids."""

from __future__ import annotations

from functools import lru_cache

from printkit.games.fox_rabbit.dice import DieCode, Requirement
from printkit.games.fox_rabbit.engine import FLIP, PLUS_MINUS, AidIndex, AidUse, die_aids


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
