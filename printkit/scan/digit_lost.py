"""A circle whose ink reads a lone `0` the rules rule out, where a 10 lost its 1: the 10
offered before the others the rules leave.

A circle's 10 whose 1 is too faint beside the shadow's grain, or touches the colour letter
or the ring (drawn again from the ink on either side), reads `0` alone: the 1 is one thin
stroke, the glyph most often lost. The rules rule the `0` out (no circle holds it), and the
numbers they leave were ordered by the ink's other readings of the one glyph left (a `6`, a
`4`, at a few hundredths each), the 10 itself only by the trail's share of every number its
colour makes (`narrow_trail.MISREAD`). Here the number left that reads as the digit with a
`1` lost before or after it (a `0`: 10; a 20, whose 2 is no lone stroke, is not) is given
`DIGIT_LOST` of the chance the ink gave the digit. Only the order of the readings the rules
leave moves: nothing is offered that they did not leave, and a value is sure only as it
was, its first reading the same. No rule of the game here: the rules' narrowing
(`narrowing.narrow`) is before.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from printkit.games.fox_rabbit.narrowed import Narrowed, Reading
from printkit.scan.spelling import Guess

#: The share of the ink's chance of a lone digit the rules rule out given to the number
#: left that holds it with a `LOST` digit. On the thirteen tuning folders
#: (docs/scan-measurement.md, "A circle's lone 0 the rules rule out: the 10 that lost its 1
#: offered first"), 1.0 puts both 10s read `0` first (2150006 `F-B4`, 12th on main;
#: 2350005 `F-A3`, 9th); 0.3 (measured while the 20 was offered too) neither (3rd and
#: 6th). Nothing right on main is lost.
DIGIT_LOST = 1.0
#: The digits so read: a lone `0` (never a circle's number).
LOST_DIGITS = "0"
#: The digit lost beside it: a 1, one thin stroke (a 20 read `0` is not offered first: on
#: light pencil tuning photo light-2985727 a 4 read `0` at 0.93 had its rules' 4 put behind
#: a 20 the trail alone offered, when every number holding the 0 was).
LOST = "1"


def digit_lost(n: Narrowed, ink: Sequence[Guess]) -> Narrowed:
    """Return a circle's readings narrowed (`n`), the numbers left that read as the ink's
    likeliest reading with a `LOST` digit before or after it given `DIGIT_LOST` of its
    chance, where that reading is one digit of `LOST_DIGITS`, read whole, and ruled out by
    the rules; else `n`."""
    first = ink[0] if ink else None
    if first is None or len(first.text) != 1 or first.text not in LOST_DIGITS \
            or not first.whole or not any(r.text == first.text for r in n.ruled_out):
        return n
    lost = {LOST + first.text, first.text + LOST}
    holding = {r.text: r.chance for r in n.left if r.text in lost and not r.text.startswith("0")}
    mass = sum(holding.values())
    if mass <= 0:
        return n
    added = DIGIT_LOST * first.chance
    chances = {r.text: r.chance + added * holding.get(r.text, 0.0) / mass for r in n.left}
    total = sum(chances.values())
    left = tuple(sorted((Reading(t, c / total) for t, c in chances.items()),
                        key=lambda r: -r.chance))
    return replace(n, left=left, sure=n.sure and left[0].text == n.value)
