"""A value the rules rule out only by a box in doubt: the photo's reading of a box is
evidence, not the record (issue 29), so a box read short of sure (under
`evidence.SURE`) does not overrule what the ink reads clearly.

Where the ink's likeliest reading of a written value is ruled out by the boxes as read, each
such box is tried the other way (the least sure first, at most `MAX_UNSURE`); a box that,
read otherwise, leaves a reading the ink gives more chance than any the boxes as read leave
(and more than `RESTS_INK`) is one the value rests on. The value keeps the readings either
way leaves, is asked (never sure), and names its boxes (`Narrowed.rests_on`), which the
player is asked with the boxes read uncertain; the values are then narrowed again with the
answers, a box given being the rules' to judge by as before. The boxes the player is asked
about are those the ink's reading needs; the referee's check of a score the player
miscounted stands: once the box is given, the score is judged against it.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import replace

from printkit.errors import PrintkitError
from printkit.games.fox_rabbit.narrowed import Narrowed, Reading

#: the boxes read short of sure (`unsure`, least sure first) each tried the other way where
#: the ink's likeliest reading of a value is ruled out: each a narrowing of the sheet again
#: (4 to 15 ms), on the few sheets where one is (docs/scan-measurement.md, "A value the
#: rules rule out only by a box in doubt")
MAX_UNSURE = 24
#: ... and a box so tried rests a value when, read the other way, it leaves a reading the
#: ink gives more than this chance, and more than any reading the boxes as read leave
RESTS_INK = 0.05


def by_ink(readings: Iterable[Reading], ink: Mapping[str, float]) -> tuple[Reading, ...]:
    """Return the readings (each text once, where it first comes, as it last comes), weighed
    by the ink's chance of each alone (`ink`; the rules' own value, a score, read by no ink,
    last), likeliest first."""
    texts = {r.text: r for r in readings}
    weight = {text: max(ink.get(text, 0.0), 1e-6) for text in texts}
    total = sum(weight.values())
    return tuple(sorted((replace(r, chance=weight[text] / total) for text, r in texts.items()),
                        key=lambda r: -r.chance))


def kept_by_unsure(values: Mapping[str, str | bool], readings: Mapping[str, Sequence[Reading]],
                   out: dict[str, Narrowed], unsure: Sequence[str],
                   again: Callable[[Mapping[str, str | bool], Collection[str]],
                                   Mapping[str, Narrowed]]
                   ) -> dict[str, Narrowed]:
    """Return the fields narrowed (`out`, from `values` and the ink's `readings`) with the
    ink's readings kept where the boxes as read rule out its likeliest and a box of
    `unsure`, read the other way (`again` narrows the sheet so, as far as the fields it is
    given need), lets a likelier stand than they do: the value asked, its readings those
    either way leaves, ordered by the ink, and the boxes it rests on named."""
    ruled = [name for name, n in out.items() if readings.get(name)
             and any(r.text == readings[name][0].text for r in n.ruled_out)]
    boxes = [b for b in unsure if isinstance(values.get(b, False), bool)][:MAX_UNSURE]
    if not ruled or not boxes:
        return out
    ink = {name: {r.text: r.chance for r in readings[name]} for name in ruled}

    def best(name: str, n: Narrowed) -> float:   # the ink's chance of its likeliest left
        return max((ink[name].get(r.text, 0.0) for r in n.left), default=0.0)

    ways: dict[str, list[tuple[str, Narrowed]]] = {}
    for box in boxes:
        try:
            other = again({**values, box: not values.get(box)}, ruled)
        except PrintkitError:   # no run read the other way: nothing it lets stand
            continue
        for name in ruled:
            # the box read otherwise lets the ink read better than it does as read
            if name in other and best(name, other[name]) > max(best(name, out[name]),
                                                               RESTS_INK):
                ways.setdefault(name, []).append((box, other[name]))
    kept = dict(out)
    for name, found in ways.items():
        every = (out[name], *(n for _, n in found))
        left = by_ink([r for n in every for r in n.left], ink[name])
        offered = {r.text for r in left}
        kept[name] = replace(out[name], left=left, sure=False,
                             ruled_out=tuple(r for r in out[name].ruled_out
                                             if r.text not in offered),
                             allowed=max(n.allowed for n in every),
                             rests_on=tuple(box for box, _ in found))
    return kept
