"""The endgame: when it may begin, its rounds, each escape attempt and each of the farmer's.

Who escaped is judged by the rules; who the record says escaped is kept beside it, so that
what a mistake changes (a lower score) is a consequence, not another violation.
"""

from __future__ import annotations

from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.games.fox_rabbit import terms
from printkit.games.fox_rabbit.board import AIDS
from printkit.games.fox_rabbit.cells import ANIMALS
from printkit.games.fox_rabbit.dice import DieCode, colour_counts, dice_text
from printkit.games.fox_rabbit.endgame import catch_sequence, trap_roll_problem
from printkit.games.fox_rabbit.engine import (
    FLIP,
    PLUS_MINUS,
    AidIndex,
    Game,
    escape_problem_dice,
)
from printkit.games.fox_rabbit.referee.aid_totals import check_aid_totals, check_farmer_boxes
from printkit.games.fox_rabbit.referee.state import Referee
from printkit.games.fox_rabbit.referee.words import foods_words
from printkit.games.fox_rabbit.rulings import Rule
from printkit.games.fox_rabbit.run import Attempt
from printkit.games.fox_rabbit.sheet_boxes import log_fields
from printkit.message import Message, Said, and_list, ntr, tr

#: Where a message about the endgame as a whole is said; the page tells these apart by
#: its English, `endgame`.
ENDGAME = tr("endgame")

#: Rounds past this many are not played out (a record holds at most 500 attempts).
_MOST_ROUNDS = 999


def check_endgame(ref: Referee) -> tuple[list[bool], list[bool], int]:
    """Check the endgame's attempts; return who escaped (as ruled, and as recorded) and the
    traps left when it began."""
    run, m, g = ref.run, ref.map, ref.game
    forced = run.traps_crossed >= m.farmer.traps
    traps_left = max(0, m.farmer.traps - run.traps_crossed)
    escaped = [False, False]
    recorded = [False, False]
    fed = g.both_fed()
    attempts = len(run.escapes) + len(run.triggers)
    if not forced:
        if not attempts:
            ref.in_progress = True
            ref.add(Rule.ROUNDS, ENDGAME, tr(
                "the game is not finished: {crossed} of {traps} traps crossed and no escape "
                "attempt made", crossed=run.traps_crossed, traps=m.farmer.traps),
                _going_on(run.traps_crossed, m.farmer.traps, 1, [True, True]),
                unfinished=True)
            return escaped, recorded, traps_left
        if not fed:
            ref.add(Rule.ENDGAME, ENDGAME, begun_unfed([a for a in (0, 1) if not g.eaten[a]]))
        elif not g.threshold_met():
            th = m.modes[run.mode].escape_threshold
            need = (tr("each of the six foods eaten at least once") if th == "all"
                    else tr("{n} foods eaten by both together", n=th))
            ref.add(Rule.ENDGAME, ENDGAME, tr(
                "the endgame may begin once each animal has eaten and, in {mode} mode, with "
                "{need}, or at the last trap; it was begun with {eaten}",
                mode=terms.mode(run.mode), need=need, eaten=foods_words(g)))
    elif not fed:
        if attempts:
            ref.add(Rule.UNFED, ENDGAME, CAUGHT_UNFED,
                    log_fields(run.escapes, False) + log_fields(run.triggers, True))
        return escaped, recorded, traps_left
    foods = g.foods_eaten()
    inside = [True, True]
    escapes = list(run.escapes)
    triggers = list(run.triggers)
    farmer_left = [[m.farmer.uses_per_trap] * 2 for _ in range(3)]
    endgame_aids: list[list[AidIndex]] = []   # per escape attempt: the aid of each use
    rnd = 0
    per_attempt = m.modes[run.mode].farmer_aids_per_attempt
    while any(inside) and (escapes or triggers):
        rnd += 1
        mine, escapes = _take_round(escapes, rnd)
        _round_shape(ref, rnd, mine, inside, False, escapes + triggers)
        for att in mine:
            if not inside[att.animal]:
                continue
            endgame_aids.append([aid.aid for aid in att.aids])
            if _escape_attempt(ref, att, foods):
                escaped[att.animal] = True
            if att.outcome:
                recorded[att.animal] = True
                inside[att.animal] = False
        theirs, triggers = _take_round(triggers, rnd)
        _round_shape(ref, rnd, theirs, inside, True, escapes + triggers)
        for att in theirs:
            if not inside[att.animal]:
                continue
            _trigger_attempt(ref, att, farmer_left, per_attempt)
            if att.outcome:
                inside[att.animal] = False
        if rnd > _MOST_ROUNDS:
            break
    if any(inside):
        ref.unfinished = True
        ref.add(Rule.ROUNDS, ENDGAME, tr(
            "the game is not finished: {who} still inside; rounds go on until each animal "
            "has escaped or been caught", who=ntr(
                "the {animals} is", "the {animals} are", sum(inside),
                animals=and_list([terms.animal(a) for a in (0, 1) if inside[a]]))),
                _going_on(m.farmer.traps, m.farmer.traps, rnd + 1, inside), unfinished=True)
    late = escapes + triggers
    if late:
        ref.add(Rule.ROUNDS, tr("round {n}", n=min(x.round for x in late)), ntr(
            "{n} attempt after the game had ended (each animal had escaped or been caught)",
            "{n} attempts after the game had ended (each animal had escaped or been caught)",
            len(late)),
                log_fields(tuple(x for x in late if x in run.escapes), False)
                + log_fields(tuple(x for x in late if x in run.triggers), True))
    check_aid_totals(ref, endgame_aids)
    check_farmer_boxes(ref)
    return escaped, recorded, traps_left


def _going_on(crossed: int, traps: int, rnd: int, inside: list[bool]) -> tuple[str, ...]:
    """Return the boxes where a game not over goes on: the traps not yet crossed, and the
    escape lines of round `rnd` for the animals still inside. A photo that read them empty
    unsurely leaves the verdict "not finished" resting on them (a finished sheet whose pencil
    the camera lost is no game in progress), and the page shows them as where play goes on."""
    lines = tuple(sf.attempt_field(rnd, ANIMALS[a], False) for a in (0, 1)
                  if inside[a]) if rnd <= sf.LOG_ROUNDS else ()
    return tuple(sf.trap_field(n) for n in range(crossed + 1, traps + 1)) + lines


#: The endgame's rules the photo's reading of an attempt line is narrowed by too
#: (`narrow_sheet.empty_lines`), said once, in the referee's words.
CAUGHT_UNFED = tr("the farmer's last trap was crossed with an animal unfed: both animals are "
                  "caught at once, and no attempts follow")


def begun_unfed(unfed: list[int]) -> Message:
    """Return why an endgame begun before these animals ate breaks the rules."""
    return tr("the endgame may begin once each animal has eaten, or at the last trap; it was "
              "begun before {unfed} ate", unfed=_the_animals(unfed))


def no_more_attempts(animal: int, farmer: bool) -> Message:
    """Return why an animal that has escaped or been caught has no attempt (the farmer's
    against it, or its own) after."""
    who = terms.animal(animal)
    return (tr("the {animal} has already escaped or been caught; it has no farmer's trigger "
               "attempt any more", animal=who) if farmer else
            tr("the {animal} has already escaped or been caught; it has no escape attempt any "
               "more", animal=who))


def _the_animals(animals: list[int]) -> Message:
    """Return `the fox`, `the fox and the rabbit`."""
    return tr("the {animals}", animals=and_list([terms.animal(a) for a in animals])) \
        if len(animals) == 1 else tr("the fox and the rabbit")


def _take_round(attempts: list[Attempt], rnd: int) -> tuple[list[Attempt], list[Attempt]]:
    """Return the attempts of round `rnd`, and the rest."""
    return ([x for x in attempts if x.round == rnd], [x for x in attempts if x.round != rnd])


def _round_shape(ref: Referee, rnd: int, atts: list[Attempt], inside: list[bool],
                 farmer: bool, later: list[Attempt]) -> None:
    """Check that a round has one attempt of a kind for each animal still inside.

    An animal with no attempt here and none later has its story stop inside: that is said
    once, as an unfinished game, and the animal is left out of the rounds after.
    """
    seen = [0, 0]
    for att in atts:
        seen[att.animal] += 1
    place = tr("round {n}", n=rnd)
    for a in (0, 1):
        name = ANIMALS[a]
        animal = terms.animal(a)
        box = (sf.attempt_field(rnd, name, farmer),) if rnd <= sf.LOG_ROUNDS else ()
        if inside[a] and seen[a] == 0 and not any(x.animal == a for x in later):
            ref.unfinished = True
            inside[a] = False
            ref.add(Rule.ROUNDS, place, (tr(
                "the {animal} is still inside, but the record has no farmer's trigger "
                "attempt for it from round {n} on: the game is not finished, and rounds go "
                "on until each animal has escaped or been caught", animal=animal, n=rnd)
                if farmer else tr(
                "the {animal} is still inside, but the record has no escape attempt for it "
                "from round {n} on: the game is not finished, and rounds go on until each "
                "animal has escaped or been caught", animal=animal, n=rnd)), box,
                unfinished=True)
        elif inside[a] and seen[a] == 0:
            ref.add(Rule.ROUNDS, place, (tr(
                "the {animal} is still inside, so the round has one farmer's trigger attempt "
                "for it; none is recorded", animal=animal) if farmer else tr(
                "the {animal} is still inside, so the round has one escape attempt for it; "
                "none is recorded", animal=animal)), box)
        elif inside[a] and seen[a] > 1:
            ref.add(Rule.ROUNDS, place, (tr(
                "{n} farmer's trigger attempts for the {animal}; one a round", n=seen[a],
                animal=animal) if farmer else tr(
                "{n} escape attempts for the {animal}; one a round", n=seen[a],
                animal=animal)), box)
        elif not inside[a] and seen[a]:
            ref.add(Rule.ROUNDS, place, no_more_attempts(a, farmer), box)


def _aids_applied(ref: Referee, att: Attempt, place: Said, box: tuple[str, ...]) -> list[DieCode]:
    """Return an attempt's dice after its aids, saying each aid that cannot be used."""
    dice = list(att.roll)
    for aid in att.aids:
        if not ref.problem(aid.problem(dice), place, box):
            dice = aid.applied(dice)
    return dice


def _escape_attempt(ref: Referee, att: Attempt, foods: int) -> bool:
    """Check one escape attempt; return whether the animal escapes (by the rules, and as
    recorded)."""
    name = ANIMALS[att.animal]
    animal = terms.animal(att.animal)
    place = tr("round {n}, {animal}'s escape attempt", n=att.round, animal=animal)
    box = log_fields((att,), False)
    problem = escape_problem_dice(ref.game.dice, att.roll, att.animal)
    # dice a reward the sheet leaves out would have added are not held against the attempt
    if problem is not None and not (ref.untaken and
                                    _extra_dice(ref.game, att.roll) <= ref.untaken):
        ref.problem(problem, place, box)
    dice = _aids_applied(ref, att, place, box)
    req = ref.map.requirement(name, foods)
    met = req.met_by(tuple(dice))
    tier = (tr("{n}+ foods eaten", n=ref.map.higher_tier_from)
            if foods >= ref.map.higher_tier_from
            else tr("fewer than {n} foods eaten", n=ref.map.higher_tier_from))
    if att.outcome and not met:
        ref.add(Rule.ESCAPE, place, tr(
            "the {animal} needs {needs} ({tier}), but with {dice} {why}; it does not escape",
            animal=animal, needs=terms.requirement(req), tier=tier,
            dice=dice_text(sorted(dice)), why=terms.explain(req, dice) or ""), box)
    elif met and not att.outcome:
        ref.add(Rule.ESCAPE, place, tr(
            "{dice} meet {needs}, so the {animal} escapes; the record says it does not",
            dice=dice_text(sorted(dice)), needs=terms.requirement(req), animal=animal), box)
    return met and att.outcome


def _trigger_attempt(ref: Referee, att: Attempt, left: list[list[int]],
                     per_attempt: int | None) -> None:
    """Check one of the farmer's attempts (`left`: each box's uses left, per animal)."""
    name = ANIMALS[att.animal]
    animal = terms.animal(att.animal)
    place = tr("round {n}, farmer against the {animal}", n=att.round, animal=animal)
    box = log_fields((att,), True)
    trap = ref.map.farmer.trap(name)
    if ref.problem(trap_roll_problem(trap, att.animal, att.roll), place, box):
        return  # with other dice than the trap's, the rest of the attempt means nothing
    if per_attempt is not None and len(att.aids) > per_attempt:
        ref.add(Rule.TRAPS, place, tr(
            "{n} farmer aids used; in {mode} mode the farmer uses at most {most} per attempt",
            n=len(att.aids), mode=terms.mode(ref.run.mode), most=per_attempt), box)
    mine = [left[k][att.animal] for k in range(3)]
    dice = list(att.roll)
    for aid in att.aids:
        if left[aid.aid][att.animal] <= 0:
            ref.add(Rule.TRAPS, place, tr(
                "the farmer's {aid} box is already used against the {animal}'s trap; each "
                "box serves once against each animal's trap", aid=terms.aid(aid.aid),
                animal=animal), (sf.farmer_field(AIDS[aid.aid], name),))
        left[aid.aid][att.animal] -= 1
        if not ref.problem(aid.problem(dice), place, box):
            dice = aid.applied(dice)
    met = trap.requirement.met_by(tuple(dice))
    if att.outcome and not met:
        ref.add(Rule.TRAPS, place, tr(
            "the {animal}'s trap triggers on {needs}, but with {dice} {why}; the {animal} is "
            "not caught", animal=animal, needs=terms.requirement(trap.requirement),
            dice=dice_text(sorted(dice)), why=terms.explain(trap.requirement, dice) or ""),
            box)
    elif met and not att.outcome:
        ref.add(Rule.TRAPS, place, tr(
            "{dice} meet {needs}, so the {animal} is caught; the record says it is not",
            dice=dice_text(sorted(dice)), needs=terms.requirement(trap.requirement),
            animal=animal), box)
    elif not met and not att.outcome:
        allowed = 99 if per_attempt is None else per_attempt - len(att.aids)
        if allowed > 0:
            seq = catch_sequence(tuple(sorted(dice)), trap.requirement,
                                 max(0, mine[PLUS_MINUS] - _uses(att, PLUS_MINUS)),
                                 max(0, mine[FLIP] - _uses(att, FLIP)), min(allowed, 4))
            if seq:
                ref.add(Rule.TRAPS, place, tr(
                    "the farmer plays to catch: {aids} would trigger the {animal}'s trap",
                    aids=", ".join(map(str, seq)), animal=animal), box)


def _extra_dice(g: Game, roll: tuple[DieCode, ...]) -> int:
    """Return how many rolled dice are more than the player holds of their colours."""
    counts = colour_counts(roll)
    return sum(max(0, counts[i] - g.dice[i]) for i in range(3))


def _uses(att: Attempt, k: AidIndex) -> int:
    return sum(1 for aid in att.aids if aid.aid == k)
