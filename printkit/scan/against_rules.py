"""A value whose ink reads, surely, what the rules rule out: asked on its own, never listed as
the rules' other reading.

The rules narrow what the ink may say (`narrowing`), and a reading they forbid is never
offered: where a light pencil's 9 reads 4 below the trail's 5, the 9 the rules leave is the
right suggestion. But a player may write what the rules forbid, and then the rules' other
reading, listed and taken with one Enter, mends the sheet and the referee calls a broken run
legal: on generator 2's held-out illegal runs, a hurried player (Enter on every list) had 7 of
10 circles written against their trail's order and all 3 scores claimed 3 points over the
run's judged legal (`bench/bench_enter.py`). The careful player, who reads the list beside
the sheet, got the verdict right; the list did not say that the photo read something else.

So where the ink's likeliest reading of a value is read surely as glyphs (`AGAINST_INK`,
whole, not faint, not doubted) and the rules rule it out, the value is asked on its own, the
question saying what the photo reads and which rule it breaks; the rules' readings are
offered as other answers, none taken by Enter alone. A value the ink reads so surely is
rarely misread, but when it is (a two-digit number's lone stroke read `1`), `b` takes the
rules' reading, and nothing is called illegal that the player did not write.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Protocol, TypeVar

from printkit.games.fox_rabbit.narrowed import RuledOut
from printkit.scan.spelling import Guess
from printkit.scan.writing import EVIDENCE

#: The ink's chance (its likeliest reading's, among the readings of the field's ink) from
#: which a reading the rules rule out is taken as what may be written, and the value asked
#: on its own. Measured (docs/scan-measurement.md, "A score part the player gave, and a value
#: the ink reads surely against the rules"): on 152 tuning photos (1,403 values), 5 values of
#: legal runs asked so, each a lone stroke read `1` or `0` (the rules' reading right: `b`
#: takes it, 2 keys), and 15 on random sheets; on 20 own illegal runs 2 circles more judged
#: illegal by the hurried player. At 0.8: the same verdicts, one value more asked.
AGAINST_INK = 0.9


class _Suggested(Protocol):
    """What is read of a suggestion here (`suggest.Suggestion`)."""

    @property
    def sure(self) -> bool: ...
    @property
    def ruled_out(self) -> tuple[RuledOut, ...]: ...


S = TypeVar("S", bound=_Suggested)


def against_rules(s: S, ink: Sequence[Guess]) -> S:
    """Return the suggestion `s` of a value with its ink's likeliest reading (`ink[0]`) named
    as read against the rules (`Suggestion.against`), not sure, where the ink reads it surely
    as glyphs and the rules rule it out; else `s` as it is."""
    first = ink[0] if ink else None
    if first is None or first.chance < AGAINST_INK or not first.whole or first.faint \
            or first.doubted or first.evidence < EVIDENCE or first.per_glyph < EVIDENCE:
        return s
    ruled = next((r for r in s.ruled_out if r.text == first.text), None)
    if ruled is None:
        return s
    return replace(s, sure=False, against=ruled)  # type: ignore[type-var]
