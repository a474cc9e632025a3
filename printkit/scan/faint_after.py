"""A light pencil's circle whose ink, as first read, reads only numbers the rules rule out:
its faint strokes' readings offered after them, asked.

On a page read in light pencil a circle is read twice, from its ink as first read and from
its faint strokes (`writing.read_field`); the ink's readings stand where the faint strokes
read another number less surely (`writing.FAINT_BETTER`). An 11 whose second 1 is fainter
than the first reads `1` from its ink, surely, and `11` from its faint strokes, less so:
the rules rule the `1` out (a black number runs from 3) and nothing was offered. Where the
rules rule out every reading of the ink, the faint strokes' readings are offered after them
(`faint_after`), where they read another number first: asked, never sure
(`spelling.Guess.faint`). Where they read first what the ink reads, the number is the
player's (a `1` written in a black circle) and nothing is offered, as on any page.
An endgame attempt is offered its faint strokes so too, read in the room its dice leave
(docs/scan-measurement.md, "A light pencil's endgame attempt whose ink the rules rule out":
a die of hard-won's fox lost from its ink, `R2 R6 Y4 Y2; flip R2` read first from its
faint strokes).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.games.fox_rabbit.narrowed import Narrowed, Reading
from printkit.games.fox_rabbit.narrowing import narrow
from printkit.scan.reader import Scan
from printkit.scan.spelling import Guess
from printkit.scan.writing import read_faint

#: The kinds of field whose faint strokes are read again so: a circle's number and an
#: endgame attempt (read in the room its dice leave, as its ink was: `writing.read_field`);
#: a score the rules decide.
KINDS = (sf.CIRCLE, sf.ATTEMPT)


def faint_after(found: Scan, values: Mapping[str, str | bool],
                readings: Mapping[str, Sequence[Reading]],
                narrowed: Mapping[str, Narrowed], to_confirm: Sequence[str],
                unsure: Sequence[str], empty_unsure: Collection[str],
                rooms: Mapping[str, tuple[int, int, int]]
                ) -> tuple[dict[str, Narrowed], dict[str, list[Guess]]]:
    """Return the circles and endgame attempts read in light pencil whose every reading the
    rules rule out, narrowed again with their faint strokes' readings after the ink's (those
    the ink does not read; an attempt's in its room, `rooms`), where the faint strokes read
    first a value the ink does not and that leaves a reading; and, for each, the faint
    strokes' readings (`faint`: the value is asked)."""
    lost = [name for name, n in narrowed.items()
            if found.fields[name].kind in KINDS and not n.left and n.empty is None
            and readings.get(name)]
    faint: dict[str, list[Guess]] = {}
    for name in lost:
        known = {r.text for r in readings[name]}
        # an attempt in the room its dice leave (`rooms` holds only attempts)
        again = read_faint(found, name, rooms.get(name))
        # a number the faint strokes read first as the ink does (a `1` written in a black
        # circle, clearly) is the player's to answer for: nothing is offered in its place
        if again and again[0].text not in known:
            faint[name] = [g for g in again if g.text not in known]
    if not faint:
        return {}, {}
    wider = {name: [*readings[name], *(Reading(g.text, g.chance) for g in faint[name])]
             for name in faint}
    widened = narrow(values, {**readings, **wider}, to_confirm, unsure, empty_unsure)
    out = {name: n for name in faint if (n := widened.get(name)) is not None and n.left
           and n.empty is None}
    return out, {name: faint[name] for name in out}
