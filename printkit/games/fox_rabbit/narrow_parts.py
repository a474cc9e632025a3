"""A score's part the rules rule out by boxes of its own read short of sure: the part is a
count of boxes (foods eaten, escapes ticked, traps left), and the boxes it counts are read
alike on a page (every empty food box of a photo at the same confidence, 0.77-0.85 on a
hard or home-printed photo), so the one misread is not among the least sure boxes that
`narrow_unsure` tries one by one (`MAX_UNSURE`), nor is a part two foods over the rules'
moved by any one box.

Where the ink's likeliest reading of a part is ruled out and no box read short of sure
rescued it, the part's own boxes read short of sure that move it towards that reading,
read the other way (least sure first, together), are tried: where they reach it, the
value keeps the ink's reading (first) and the rules' value, is asked (never sure), and
rests on those boxes (`Narrowed.rests_on`), which the player is asked, the photo not
telling which of them is misread. The boxes given then decide the part as before.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import replace

from printkit.errors import PrintkitError
from printkit.games.fox_rabbit.board import GameMap
from printkit.games.fox_rabbit.narrow_unsure import RESTS_INK
from printkit.games.fox_rabbit.narrowed import Narrowed, Reading
from printkit.games.fox_rabbit.sheet_boxes import escape_fields, food_fields, trap_fields

#: The most boxes a part may rest on: where more of its boxes read short of sure would
#: move it towards the ink's reading, typing the value costs the player less than looking
#: at each (a page whose pen is not found reads every box at 0.5). docs/scan-measurement.md,
#: "A score's part ruled out by its own boxes read alike".
MAX_PART_BOXES = 12

Again = Callable[[Mapping[str, str | bool], Collection[str]], Mapping[str, Narrowed]]


def part_boxes(game_map: GameMap, name: str) -> list[str]:
    """Return the boxes a score's part counts: both animals' food boxes (`score-foods`),
    the escape attempts' ticks (`score-escaped`), the farmer's traps (`score-traps`)."""
    if name == "score-foods":
        return list(food_fields(game_map))
    if name == "score-escaped":
        return list(escape_fields())
    if name == "score-traps":
        return list(trap_fields(game_map))
    return []


def _decided(again: Again, values: Mapping[str, str | bool], flip: Sequence[str],
             name: str) -> int | None:
    try:
        n = again({**values, **{b: not values.get(b) for b in flip}}, (name,)).get(name)
    except PrintkitError:   # no run read so
        return None
    return int(n.decided) if n is not None and n.decided and n.decided.isdigit() else None


def parts_rest_on(values: Mapping[str, str | bool], readings: Mapping[str, Sequence[Reading]],
                  out: dict[str, Narrowed], unsure: Sequence[str], game_map: GameMap,
                  again: Again) -> dict[str, Narrowed]:
    """Return the fields narrowed (`out`) with each score part whose ink's likeliest
    reading the boxes as read rule out, and no box rescued (`rests_on` empty), kept as the
    ink reads it where the part's own boxes of `unsure` (least sure first) that move it
    towards that reading, turned together, reach it: asked, resting on them (at most
    `MAX_PART_BOXES`)."""
    kept = dict(out)
    for name, n in out.items():
        ink = readings.get(name)
        if not ink or n.rests_on or n.decided is None or not n.decided.isdigit():
            continue
        now = int(n.decided)
        # the ink's readings the boxes as read rule out that it gives more chance than the
        # rules' value (and more than `RESTS_INK`), likeliest first
        least = max([RESTS_INK, *(r.chance for r in ink if r.text == n.decided)])
        wanted = [r for r in ink if r.chance > least and r.text.isdigit()
                  and any(o.text == r.text for o in n.ruled_out)]
        mine = set(part_boxes(game_map, name))
        boxes = [b for b in unsure if b in mine and isinstance(values.get(b, False), bool)]
        if not wanted or not boxes:
            continue
        steps = {box: _decided(again, values, (box,), name) for box in boxes}
        found = None
        # the first the part's boxes, turned, reach
        for first in wanted:
            want = int(first.text)
            moving = [b for b in boxes if (step := steps[b]) is not None
                      and (step - now) * (want - now) > 0]
            if moving and len(moving) <= MAX_PART_BOXES and any(
                    _decided(again, values, moving[:k], name) == want
                    for k in range(1, len(moving) + 1)):
                found = first, moving
                break
        if found is None:
            continue
        first, moving = found
        kept[name] = replace(n, left=(Reading(first.text, first.chance),
                                      *(replace(r, chance=1 - first.chance) for r in n.left
                                        if r.text != first.text)),
                             sure=False,
                             ruled_out=tuple(r for r in n.ruled_out if r.text != first.text),
                             rests_on=tuple(moving))
    return kept
