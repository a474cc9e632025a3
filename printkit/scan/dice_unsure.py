"""An endgame attempt read again with the die boxes read empty short of sure ticked: a
light pencil's tick the reader lost leaves the player a die short, and the rules would rule
out what the ink reads (`suggest.suggest`)."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import replace

from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.games.fox_rabbit.dice import PRIMARY_LETTERS
from printkit.games.fox_rabbit.evidence import SURE
from printkit.games.fox_rabbit.narrow_attempts import dice_needed
from printkit.games.fox_rabbit.narrow_unsure import by_ink
from printkit.games.fox_rabbit.narrowed import Narrowed, Reading
from printkit.games.fox_rabbit.narrowing import attempt_rooms, narrow
from printkit.scan.reader import Scan
from printkit.scan.spelling import BEAM
from printkit.scan.writing import read_in_rooms

#: A die box (`die-R`: a die won) read empty under this confidence may be ticked: a light
#: pencil's tick the reader lost leaves the player a die short, and every reading of an
#: attempt that rolls it is ruled out ("2 red dice rolled; the player has 1"), the beam's
#: room too narrow to read what is written. Where the rules rule out every reading of an
#: escape attempt, it is read again with every such box ticked and narrowed so: a reading
#: left is offered, asked (never sure), and the die boxes it needs are named
#: (`Suggestion.rests_on`), asked with the boxes read uncertain. On the hard tuning photos
#: (docs/scan-measurement.md, "An attempt's glyphs joined by a rule along its field, and
#: dice won read empty") the die boxes were read empty at `NO_EVIDENCE` (0.5) on the light
#: pencil pages: alone, the glyphs read nothing near what is written; with the rule along
#: the field left out (`edge.RULE_LONG`), two attempts more are read right. And where the
#: ink's likeliest reading rolls more dice of a colour than such a box leaves the player
#: (its other readings left: `B6 B2 Y1` read `R6 B2 Y1`, one blue die left, tuning photo
#: 2986460), the attempt is read so again too, and the box asked when the ink reads what
#: that leaves more likely than what the boxes as read leave (docs/scan-measurement.md, "A
#: die box read short of sure asked before it rules out the ink's dice").
DICE_UNSURE = SURE
#: The partial readings kept at each step where such an attempt is read again: the ink's own
#: beam (`BEAM`), not the rules' (`RULED_BEAM`). The reading it leaves names the die boxes
#: to ask, and once they are answered the attempt is read in the room they leave with the
#: rules' beam. On the 18 tuning photos read again (docs/scan-measurement.md, "The re-read
#: with dice unsure in the ink's own beam") every figure of `bench/bench_numbers.py` is the
#: same as at `RULED_BEAM`, with the page's order too, and the re-read's CPU 0.68 -> 0.26 s
#: on the 16 the command line reads again; at 32 two photos' figures move.
DICE_UNSURE_BEAM = BEAM


def with_dice_unsure(found: Scan, given: Mapping[str, str], to_confirm: Sequence[str],
                     values: Mapping[str, str | bool],
                     readings: Mapping[str, Sequence[Reading]],
                     narrowed: Mapping[str, Narrowed],
                     rooms: Mapping[str, tuple[int, int, int]]) -> dict[str, Narrowed]:
    """Return the escape attempts whose every reading the rules rule out narrowed again
    with each die box read empty short of `DICE_UNSURE` ticked (read in the room that
    leaves), where that leaves a reading: asked, resting on the die boxes it needs; and
    those whose ink reads likeliest dice such a box is short of, where the ink, read so,
    reads likelier what that leaves than what the boxes as read leave: asked among the
    readings of both rooms."""
    boxes = [box for letter in PRIMARY_LETTERS
             if (box := sf.die_field(letter)) in found.fields and box not in given
             and box not in to_confirm and not found.fields[box].marked
             and found.fields[box].confidence < DICE_UNSURE]
    if not boxes:
        return {}
    # an attempt whose every reading the rules rule out, or whose ink reads likeliest dice of
    # a colour the player is a die short of (`short`: weighed again below)
    attempts = [name for name, n in narrowed.items() if found.fields[name].kind is sf.ATTEMPT
                and n.empty is None and readings.get(name)]
    short = [name for name in attempts if narrowed[name].left and name in rooms
             and _short_of(readings[name][0].text, rooms[name], boxes)]
    lost = [name for name in attempts if not narrowed[name].left] + short
    if not lost:
        return {}
    wide = {**values, **dict.fromkeys(boxes, True)}
    wide_rooms = attempt_rooms(wide, to_confirm)
    again = {name: [Reading(g.text, g.chance) for g in guesses] for name, guesses in
             read_in_rooms(found, {name: wide_rooms[name] for name in lost
                                   if wide_rooms[name] != rooms.get(name)},
                                  DICE_UNSURE_BEAM).items()}
    if not again:
        return {}
    # the attempts alone: their narrowing reads no circle's or score's readings
    widened = narrow(wide, {name: r for name, r in {**readings, **again}.items()
                            if found.fields[name].kind is sf.ATTEMPT}, to_confirm)
    out: dict[str, Narrowed] = {}
    for name in again:
        n = widened.get(name)
        if n is None or not n.left or n.empty is not None:
            continue
        if name in short:
            # read again in the wider room, the ink must read the dice it lets stand better
            # than those the boxes as read leave: else the box is not what the value rests on
            chance = {g.text: g.chance for g in again[name]}
            if chance.get(n.left[0].text, 0.0) <= chance.get(narrowed[name].left[0].text, 0.0):
                continue
            n = replace(n, left=by_ink((*n.left, *narrowed[name].left), chance))
        # the die boxes the likeliest reading left needs: a colour it rolls more of than
        # the boxes as read leave the player
        needs = _short_of(n.left[0].text, rooms.get(name, (0, 0, 0)), boxes)
        # a reading offered is no reading ruled out
        offered = {r.text for r in n.left}
        out[name] = replace(n, sure=False, rests_on=needs, ruled_out=tuple(
            r for r in (*narrowed[name].ruled_out, *n.ruled_out) if r.text not in offered))
    return out


def _short_of(text: str, room: tuple[int, int, int], boxes: Collection[str]
              ) -> tuple[str, ...]:
    """Return the die boxes among `boxes` (read empty short of sure) of the colours an
    attempt's reading rolls more dice of than its room lets the player own."""
    rolled = dice_needed(text)
    if rolled is None:
        return ()
    return tuple(box for k, letter in enumerate(PRIMARY_LETTERS)
                 if rolled[k] > room[k] and (box := sf.die_field(letter)) in boxes)
