"""How a box the photo tells little of leans by the rules: the way the rest of the sheet,
read more surely, makes it most likely.

A box the photo reads at 0.5 tells nothing (a messaging copy, a light pencil), and one read a
little over it not much more; yet the sheet often says how it must be. Some boxes are
crossed in an order the rules fix: an animal's trail is crossed cell by cell from its start,
and the farmer's traps one after another, so a box with a box read crossed after it in its
order was crossed too, and one with a box read empty before it was not. Each food eaten
earns one reward, so the reward boxes make the foods' count. An attempt's outcome tick, and
a farmer's aid against an animal, need a line of the endgame log written. Such a box leans
the way the rule says (`leans`); it is still asked: a lean is what one Enter or one tap
takes, never an answer the player did not give.

Nothing here reads a photo: a reading is each box's `BoxRead`, so the command line and the
page's server lean the same boxes the same way and say why in the same words.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator
from dataclasses import dataclass

from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.games.fox_rabbit.board import AIDS, GameMap
from printkit.games.fox_rabbit.cells import ANIMALS
from printkit.games.fox_rabbit.evidence import Reading, leaning
from printkit.games.fox_rabbit.sheet_boxes import die_fields, food_fields, trap_fields
from printkit.language import Lang
from printkit.message import Message, tr

#: A box the photo reads with this confidence or less leans as the rules say where they say
#: one way: its own lean is too weak to outweigh the sheet's order. Over it the photo's lean
#: stands, and a box read over it is what the order is read from (never another weak one).
#: Measured on the 34 short easy tuning sheets (docs/scan-measurement.md, "A box the photo
#: cannot tell, leaned by the rules"): at 0.6, 29 of their 160 boxes asked lean by the
#: rules, 28 of them right; at 0.5, 17 (all right); at 0.7, 36 (35). Reading the order only
#: from boxes read at 0.99 or more leaned none: a weak box's neighbours are seldom sure.
WEAK = 0.6
#: A box asked that the photo reads empty with this confidence or less (over WEAK) leans
#: crossed where a box later in its order was read crossed and not asked (the photo surer of
#: it), and no box before it is read empty over WEAK: a light pencil's mark is lost far
#: more often than one is made. Measured on 194 tuning photos (docs/scan-measurement.md,
#: "The boxes and the values on one line"): it leans 8 boxes (read empty at 0.601 to
#: 0.758), each crossed on the sheet. The other way it would be wrong: the 2 boxes read
#: crossed there (0.605, 0.606) that an empty box before them would lean empty are crossed,
#: so no box leans empty so; and at 0.9 (a messaging copy's cap) the order is wrong as
#: often as right.
ORDER_EMPTY = 0.8
#: A trap the photo reads empty with this confidence or less (over WEAK) is taken as
#: `ORDER_EMPTY` takes a trail's cell: asked on a light pencil page where a later trap is
#: read crossed (`scan.light_asks.ask_before_crossed`; on any other page where a later trap
#: is read crossed and not asked and none before it reads empty over this), and leaning
#: crossed where a later trap is read crossed and not asked. A trap's tick or cross lies on
#: its number, which leaves it a few pixels of paper at most, so on an ordinary photo a trap
#: crossed lightly reads as empty as one left empty (0.81-0.9 on generator 2's ordinary
#: tuning photos), while the traps are crossed one after another as surely as a trail's
#: cells. Measured on generator 2's ordinary tuning photos (docs/scan-measurement.md, "A trap
#: crossed on its number, read empty before traps read crossed", and "A trap ticked on its
#: number on a page not read as light pencil").
TRAP_EMPTY = 0.9


@dataclass(frozen=True)
class Lean:
    """How a box to confirm leans: crossed (True), empty (False) or no way (None), and why
    when the rules say it rather than the photo (`why`, said to the player)."""

    crossed: bool | None
    why: Message | None = None

    def said(self, lang: Lang) -> str | None:
        """Return why the box leans as it does, in `lang`, when the rules lean it."""
        return None if self.why is None else self.why.say(lang)


#: Each order's words, crossed and empty: the same on the terminal and the page.
_TRAIL = (tr("the photo cannot tell; the trail's order says crossed"),
          tr("the photo cannot tell; the trail's order says empty"))
_TRAPS = (tr("the photo cannot tell; the traps' order says crossed"),
          tr("the photo cannot tell; the traps' order says empty"))
_REWARDS = (tr("the photo cannot tell; one reward per food eaten says crossed"),
            tr("the photo cannot tell; one reward per food eaten says empty"))
#: Each order's words for a box the photo reads empty, not surely, that a later box read
#: crossed says was crossed (`ORDER_EMPTY`).
_TRAIL_LATER = tr("looks empty, not surely; a later cell of its trail, read crossed, says "
                  "crossed")
_TRAPS_LATER = tr("looks empty, not surely; a later trap, read crossed, says crossed")
_OUTCOME = tr("the photo cannot tell; its attempt's line is empty, which says empty")
_FARMER = tr("the photo cannot tell; no attempt of the farmer's against that animal is "
             "written, which says empty")


def orders(game_map: GameMap) -> Iterator[tuple[tuple[str, ...], tuple[Message, Message]]]:
    """Yield the sheet's boxes that are crossed in an order the rules fix, first to last,
    each with its words: every trail's cells (a circle cell counts as crossed when a number
    is written in it), and the farmer's traps."""
    for trail in game_map.trails:
        yield tuple(str(cell.id) for cell in trail.cells), _TRAIL
    yield trap_fields(game_map), _TRAPS


def needs(game_map: GameMap) -> Iterator[tuple[str, tuple[str, ...], Message]]:
    """Yield the boxes that are ticked only where one of some written lines is written, each
    with those lines and its words: an endgame attempt's outcome needs its own line, and a
    farmer's aid against an animal's trap a line of the farmer's against that animal."""
    for rnd in range(1, sf.READ_ROUNDS + 1):
        for farmer in (False, True):
            for animal in ANIMALS:
                yield (sf.outcome_field(rnd, animal, farmer),
                       (sf.attempt_field(rnd, animal, farmer),), _OUTCOME)
    for aid in AIDS:
        for animal in ANIMALS:
            yield (sf.farmer_field(aid, animal),
                   tuple(sf.attempt_field(rnd, animal, True)
                         for rnd in range(1, sf.READ_ROUNDS + 1)), _FARMER)


def leans(reading: Reading, game_map: GameMap, names: Iterable[str]) -> dict[str, Lean]:
    """Return how each of the boxes to confirm `names` leans: as the rules say for one the
    photo reads at WEAK or less, where a box read over WEAK later in its order is crossed or
    one earlier is empty (not both: a sheet that breaks its order says
    nothing); else as the photo leans (`evidence.leaning`)."""
    out = {name: Lean(leaning(reading[name])) for name in names}
    # a written value (a circle's number) is asked as a value, never leaned
    weak = {name for name in out
            if reading[name].confidence <= WEAK and not reading[name].kind.written}
    for boxes, words in orders(game_map):
        if weak.isdisjoint(boxes):
            continue
        known = [reading[b].marked if b in reading and reading[b].confidence > WEAK
                 else None for b in boxes]
        for i, box in enumerate(boxes):
            if box not in weak:
                continue
            crossed_after = any(k is True for k in known[i + 1:])
            empty_before = any(k is False for k in known[:i])
            if crossed_after != empty_before:
                out[box] = Lean(crossed_after, words[0] if crossed_after else words[1])
    _lean_later(reading, game_map, weak, out)
    _lean_rewards(reading, game_map, weak, out)
    for box, lines, said in needs(game_map):
        on_sheet = [line for line in lines if line in reading]
        if box in weak and on_sheet and all(
                not reading[line].marked and reading[line].confidence > WEAK
                for line in on_sheet):
            out[box] = Lean(False, said)
    return out


def asked_leans(reading: Reading, game_map: GameMap, names: Iterable[str],
                rested: Collection[str] = ()) -> dict[str, Lean]:
    """Return how each box to confirm leans as the player is asked it (the terminal's list
    and the page's buttons alike): as the rules say for one the photo tells little of
    (`leans`), but as the photo leans for a box a value's reading rests on (`rested`: the
    value says which way it needs it)."""
    names = list(names)
    out = leans(reading, game_map, [name for name in names if name not in rested])
    return {name: out.get(name) or Lean(leaning(reading[name])) for name in names}


def order_empty(box: str) -> float:
    """Return the confidence up to which a box read empty in an order the rules fix is
    taken as not surely empty where a later box of its order is read crossed: a trap's
    `TRAP_EMPTY`, a trail cell's `ORDER_EMPTY`."""
    return TRAP_EMPTY if box.startswith("trap-") else ORDER_EMPTY


def _lean_later(reading: Reading, game_map: GameMap, weak: set[str], out: dict[str, Lean]
                ) -> None:
    """Lean crossed a box asked that the photo reads empty over WEAK and at ORDER_EMPTY (a
    trap: TRAP_EMPTY) or less, where a box later in its order is read crossed and not
    asked, and none before it is read empty over WEAK and not asked."""
    for boxes, _words in orders(game_map):
        for i, box in enumerate(boxes):
            f = reading.get(box)
            if box not in out or box in weak or f is None or f.kind.written or f.marked or \
                    not WEAK < f.confidence <= order_empty(box):
                continue
            later = any(b in reading and b not in out and reading[b].marked
                        for b in boxes[i + 1:])
            # a box asked is no witness either way: a lost trap before it, asked too, says
            # nothing of it
            empty_before = any(b in reading and b not in out and not reading[b].marked and
                               reading[b].confidence > WEAK for b in boxes[:i])
            if later and not empty_before:
                out[box] = Lean(True, _TRAPS_LATER if box.startswith("trap-") else
                                _TRAIL_LATER)


def _lean_rewards(reading: Reading, game_map: GameMap, weak: set[str], out: dict[str, Lean]
                  ) -> None:
    """Lean the weak reward boxes (an extra die, an extra aid circle) by the count of foods
    eaten, one reward each (rules, "Rewards"): where every food box is read over WEAK and
    the rewards read over it already make that count, the weak ones lean empty; where only
    all of the weak ones together make it, crossed. A mode whose sheet has no such box, or
    a food box the photo is unsure of, says nothing."""
    foods = food_fields(game_map)
    rewards = [*die_fields(), *(name for name in reading if name.startswith("gain-"))]
    rewards = [name for name in rewards if name in reading]
    if any(reading[f].confidence <= WEAK for f in foods if f in reading):
        return
    eaten = sum(reading[f].marked for f in foods if f in reading)
    unsure = [name for name in rewards if reading[name].confidence <= WEAK]
    taken = sum(reading[name].marked for name in rewards if name not in unsure)
    lean = False if taken == eaten else True if taken + len(unsure) == eaten else None
    if lean is None:
        return
    for name in unsure:
        if name in weak and name in out:
            out[name] = Lean(lean, _REWARDS[0] if lean else _REWARDS[1])
