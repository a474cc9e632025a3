"""An endgame attempt's reading against the rules: its dice, its aids, its tick.

Each check answers why the reading cannot be what the player wrote, or None: the dice of
colours the player owned (the farmer rolls his trap's own dice), faces 1 to 6, the aids on
dice rolled, applied in turn, the farmer's aids on boxes ticked for that animal, and the
outcome box ticked exactly when the dice after the aids meet the requirement. `paid` asks
whether the circles crossed pay for the escape attempts' aids together.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache

from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.games.fox_rabbit import terms
from printkit.games.fox_rabbit.board import GameMap, aid_notation
from printkit.games.fox_rabbit.cells import ANIMALS
from printkit.games.fox_rabbit.dice import (
    FACES,
    PRIMARY_LETTERS,
    DieCode,
    code_of,
    colour_of,
    dice_text,
    face_of,
    parse_dice,
    with_face,
)
from printkit.games.fox_rabbit.endgame import paid_circles, trap_roll_problem
from printkit.games.fox_rabbit.engine import AidIndex, AidUse, escape_problem_dice
from printkit.games.fox_rabbit.narrow_sheet import AttemptPlace, SheetState
from printkit.games.fox_rabbit.record_model import split_attempt
from printkit.games.fox_rabbit.rulings import Problem
from printkit.message import Said, said_of, tr


def die_problem(owned: Sequence[int], text: str) -> Said | None:
    """Return why a die written `text` (a colour letter and a face) cannot be one the player
    rolled (`owned`: the dice of each colour the player owns), or None if it can."""
    letter, face = text[:1], text[1:]
    if letter not in PRIMARY_LETTERS or owned[PRIMARY_LETTERS.index(letter)] == 0:
        return tr("the player owns no {colour} die", colour=terms.colour(letter))
    if not face.isdigit() or int(face) not in FACES:
        return tr("a die shows 1 to 6, not {face}", face=face)
    return None


def game_judged(state: SheetState, place: AttemptPlace) -> tuple[object, ...]:
    """Return what of the game at the endgame `attempt_problem` reads for an attempt's box
    `place` (beside its text, and the map, which is the sheet's): its line's emptiness, and
    an escape's dice owned and foods eaten, or the farmer's boxes ticked against his trap's
    animal. Two states of one sheet alike in it judge every reading of that box alike, so a
    judgement may be kept for the other (`narrowing`): a box in doubt read the other way that
    changes the dice leaves the farmer's attempts' verdicts as they were, and one of his
    boxes the escapes'. Kept in step with `attempt_problem`."""
    line = state.empty_line(sf.attempt_field(place.round, ANIMALS[place.animal], place.farmer))
    if place.farmer:
        return (line, tuple(place.animal in ticked for ticked in state.farmer_ticked))
    return (line, state.dice, state.foods_eaten)


#: An attempt's readings judged, by what of the game they read (`game_judged`) and their box
Judged = dict[tuple[tuple[object, ...], AttemptPlace], dict[str, Said | None]]


@dataclass
class _Kept:
    """The verdicts of the sheets narrowed in one map and mode (see `kept_verdicts`)."""

    map: GameMap
    mode: str
    judged: Judged = field(default_factory=dict)
    paid: dict[tuple[object, ...], bool] = field(default_factory=dict)


#: How many games' verdicts are kept (`kept_verdicts`) before they are let go.
KEPT_GAMES = 256
_KEPT: list[_Kept] = []
_KEPT_LOCK = threading.Lock()


def kept_verdicts(state: SheetState) -> tuple[Judged, dict[tuple[object, ...], bool]]:
    """Return the verdicts of the last sheets narrowed in `state`'s map and mode
    (`narrowing._Sheet`'s: its attempts' readings judged, by `game_judged` and box, and
    whether the circles pay for its escapes'), kept from one `narrow` to the next: a
    photo's values are suggested again once a box is answered or a value typed, and judged
    in mostly the same games. Let go at another map or mode, or past KEPT_GAMES games."""
    with _KEPT_LOCK:   # `printkit serve` narrows in a thread per request: one map's kept
        kept = _KEPT[0] if _KEPT else None   # verdicts are never handed to another's
        if kept is None or kept.map is not state.map or kept.mode != state.mode or \
                len(kept.judged) > KEPT_GAMES:
            kept = _Kept(state.map, state.mode)
            _KEPT[:] = [kept]
    return kept.judged, kept.paid


def attempt_problem(state: SheetState, place: AttemptPlace, text: str) -> Said | None:
    """Return why an attempt's box cannot hold `text` (its dice, then its aids), or None.
    What it reads of `state` is `game_judged`'s."""
    empty = state.empty_line(sf.attempt_field(place.round, ANIMALS[place.animal],
                                              place.farmer))
    if empty is not None:
        # the referee's own words (`narrow_sheet.empty_lines`): on a short easy sheet the
        # last trap with an animal unfed is the common end, and a dotted writing line's
        # specks read as dice on its empty lines
        return empty[1]
    dice_part, aids = split_attempt(text)
    owned = (2, 2, 2) if place.farmer else state.dice
    for token in dice_part.split():
        problem = die_problem(owned, token)
        if problem is not None:
            return problem
    try:
        roll = parse_dice(dice_part)
        uses = [AidUse.parse(aid) for aid in aids]
    except ValueError as err:
        return said_of(err)
    animal = ANIMALS[place.animal]
    found: Problem | None
    if place.farmer:
        trap = state.map.farmer.trap(animal)
        found = trap_roll_problem(trap, place.animal, roll)
        req = trap.requirement
        for use in uses:
            if place.animal not in state.farmer_ticked[use.aid]:
                return tr("the farmer's {aid} box is not ticked against the {animal}'s trap",
                          aid=terms.aid(use.aid), animal=terms.animal(place.animal))
    else:
        found = escape_problem_dice(state.dice, roll, place.animal)
        req = state.map.requirement(animal, state.foods_eaten)
    if found is not None:
        return found.said
    dice: list[DieCode] = list(roll)
    for use in uses:
        broken = use.problem(dice)
        if broken is not None:
            return broken.said
        dice = use.applied(dice)
    met = req.met_by(tuple(sorted(dice)))
    if met != place.ticked:
        return (tr("{dice} meet {needs}, but the box is not ticked", dice=dice_text(sorted(dice)),
                   needs=terms.requirement(req)) if met else
                tr("{dice} do not meet {needs}, but the box is ticked",
                   dice=dice_text(sorted(dice)), needs=terms.requirement(req)))
    return None


def wasted_aids(state: SheetState, place: AttemptPlace, text: str) -> int:
    """Return how many of an attempt's aids are used on dice that already meet its
    requirement (the escape's, or the farmer's trap's): the rules allow it, but a player
    spends an aid to change an outcome, so such a reading is seldom what is written. 0 for
    a reading whose dice or aids cannot be read (the rules say why elsewhere)."""
    dice_part, aids = split_attempt(text)
    try:
        dice: list[DieCode] = list(parse_dice(dice_part))
        uses = [AidUse.parse(aid) for aid in aids]
    except ValueError:
        return 0
    animal = ANIMALS[place.animal]
    req = (state.map.farmer.trap(animal).requirement if place.farmer
           else state.map.requirement(animal, state.foods_eaten))
    wasted = 0
    for use in uses:
        if use.problem(dice) is not None:
            return 0
        wasted += req.met_by(tuple(sorted(dice)))
        dice = use.applied(dice)
    return wasted


def out_of_colour_order(text: str) -> bool:
    """Return whether an attempt's reading writes its dice (those rolled, before the aids)
    out of the colour order red, blue, yellow: the sheet's own hint (`R5 Y6 flip Y6`), the
    documented runs and the records write them in that order, so a reading out of it is
    seldom what a player wrote (a colour letter misread: `B2 R3` for `R2 B3`). False for a
    die whose colour is no die's (the rules say why elsewhere)."""
    colours = [PRIMARY_LETTERS.find(token[:1]) for token in split_attempt(text)[0].split()]
    return -1 not in colours and colours != sorted(colours)


@lru_cache(maxsize=4096)
def aid_kinds(text: str) -> tuple[AidIndex, ...]:
    """Return the aid of each use an attempt's text writes (none when it is not readable).
    Kept once read: the narrowing asks it of the readings another attempt leaves for each
    attempt and each box read the other way (2200000: 4,558 times, of 110 readings)."""
    try:
        return tuple(AidUse.parse(aid).aid for aid in split_attempt(text)[1])
    except ValueError:
        return ()


def paid(state: SheetState, escapes: Sequence[str]) -> bool:
    """Return whether the circles crossed pay for the aids of these escape attempts, one aid
    of each being free (`endgame.paid_circles`)."""
    return paid_circles([aid_kinds(t) for t in escapes], state.aids_spent) is not None


def room(state: SheetState, place: AttemptPlace) -> tuple[int, int, int]:
    """Return the most dice of each colour an attempt may roll: the player's (an escape
    rolls some of them), or the farmer's trap's own dice."""
    if place.farmer:
        dice = state.map.farmer.trap(ANIMALS[place.animal]).dice
        counts = tuple(dice.count(x) for x in PRIMARY_LETTERS)
        return counts[0], counts[1], counts[2]
    return state.dice


@cache
def _die(token: str) -> DieCode | None:
    """Return the die a token writes, None when it cannot be one (a colour not a die's, a
    face not 1 to 6). Kept once read: a beam of partial readings asks it of the same few
    tokens a hundred thousand times."""
    if token[:1] not in PRIMARY_LETTERS or not token[1:].isdigit() or \
            int(token[1:]) not in FACES:
        return None
    return code_of(PRIMARY_LETTERS.index(token[0]), int(token[1:]))


def fits_so_far(most: Sequence[int], text: str) -> bool:
    """Return whether an attempt's reading, read so far (`text`: its last die, sign or word
    perhaps not finished), may still be one the rules allow, by its dice alone: each die a
    colour of which the attempt may roll that many (`most`, see `room`) and a face 1 to 6,
    each aid on a die among the dice as the aids before it left them, a re-roll's dice
    coming back in the colours they were taken in, and a +/-1 leaving a face 1 to 6.
    The tick and the circles crossed are asked of whole readings (`attempt_problem`)."""
    need = dice_needed(text)
    return need is not None and all(n <= m for n, m in zip(need, most))


def dice_needed_then(need: tuple[int, int, int] | None, token: str
                     ) -> tuple[int, int, int] | None:
    """Return `dice_needed` of a reading of dice alone (no aid yet) read one token further,
    from that of the reading before it (`need`): the token's die counted (a colour letter
    alone, its face not read yet, counts nothing), None where it cannot be a die."""
    if need is None or len(token) < 2:
        return need
    die = _die(token)
    if die is None:
        return None
    colour = colour_of(die)
    return need[0] + (colour == 0), need[1] + (colour == 1), need[2] + (colour == 2)


#: What an aid read so far does to the dice (`_aid_read`): nothing yet (its die or dice not
#: read); the dice it needs among those rolled, and the dice it leaves in their place (none:
#: as they were); or None where no dice let it stand.
AidRead = tuple[tuple[DieCode, ...], tuple[DieCode, ...] | None] | None
_NOTHING: AidRead = ((), None)


@lru_cache(maxsize=8192)
def _aid_read(aid: str) -> AidRead:
    """Return what one aid of an attempt's reading, read so far, does to the dice (see
    `AidRead`): read once for the many readings that write it after other dice (a beam's
    `relanzar R2 -> R5` after every head it keeps)."""
    words = aid.split()
    if not words:
        return _NOTHING
    kind = aid_notation(words[0])
    if kind in ("+1", "-1", "flip"):
        if len(words) < 2 or len(words[1]) < 2:
            return _NOTHING
        die = _die(words[1])
        if die is None:
            return None
        face = 7 - face_of(die) if kind == "flip" else \
            face_of(die) + (1 if kind == "+1" else -1)
        return ((die,), (with_face(die, face),)) if face in FACES else None
    if kind != "re-roll":
        return _NOTHING
    arrow = words.index("->") if "->" in words else len(words)
    taken = [_die(t) for t in words[1:arrow] if len(t) >= 2]
    after = [_die(t) for t in words[arrow + 1:] if len(t) >= 2]
    gone = tuple(d for d in taken if d is not None)
    if len(gone) < len(taken) or len(after) > len(gone):
        return None
    for die, was in zip(after, gone):
        if die is None or colour_of(die) != colour_of(was):
            return None
    back = tuple(d for d in after if d is not None)
    return gone, back if arrow < len(words) and len(after) == len(gone) else None


def dice_needed(text: str) -> tuple[int, int, int] | None:
    """Return how many dice of each colour an attempt's reading read so far rolls, None
    where no room lets it stand (`fits_so_far` in any room: the room is the one thing it
    asks that the reading's dice do not say, so that one answer serves every room)."""
    head, *aids = text.split(";")
    counts = [0, 0, 0]
    dice: list[DieCode] = []
    for token in head.split():
        if len(token) < 2:      # a colour letter, its face not read yet
            continue
        die = _die(token)
        if die is None:
            return None
        counts[colour_of(die)] += 1
        dice.append(die)
    for aid in aids:
        read = _aid_read(aid)
        if read is None:
            return None
        gone, back = read
        if not gone:
            continue
        left = list(dice)
        for die in gone:
            if die not in left:
                return None
            left.remove(die)
        if back is not None:
            dice = left + list(back)
    return counts[0], counts[1], counts[2]
