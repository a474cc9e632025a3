"""A light pencil's number read otherwise by its faint strokes, nearly as surely: both
inks' readings kept, the ink's as first read first.

On a page read in light pencil a field is read from its ink as first read and from its
faint strokes (`writing.read_field`). Where the two read different values and neither is
`writing.FAINT_BETTER` times the surer, the ink's readings stand, doubted (asked), and the
faint strokes' were dropped: a 13 whose 3 is fainter than its 1 read `1` from its ink and
`13` from its faint strokes, the rules ruled the `1` out and offered an 8 the ink read at
0.03. Here a number's faint strokes' readings are added to its ink's, at `FAINT_SHARE` of
their chance: the ink's likeliest reading stays first where the rules allow it, and where
they rule it out the faint strokes' number, read nearly as surely, is offered before the
ink's weaker readings. Every reading is doubted (asked, never sure); one the ink did not
read at all is `faint` too, and is no check of a score the rules decide (`suggest.py`: such
a score is sure only where its ink's own readings read it).
"""

from __future__ import annotations

from dataclasses import replace

from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.scan.spelling import Guess

#: The kinds of field whose two readings are kept so: the numbers. An endgame attempt's
#: faint strokes added after its ink's readings made two attempts wrong on the tuning photos
#: (docs/scan-measurement.md, "Endgame attempts whose written value is not among the
#: readings": tried and left).
KINDS = (sf.CIRCLE, sf.SCORE_PART, sf.SCORE_TOTAL)
#: The share of a faint strokes' reading's chance added to the same number's chance from
#: the ink as first read (docs/scan-measurement.md, "A light pencil's number its faint
#: strokes read otherwise, nearly as surely: both readings kept").
FAINT_SHARE = 0.5


def both(ink: list[Guess], faint: list[Guess]) -> list[Guess]:
    """Return a number's readings from its ink as first read (`ink`) and its faint strokes
    (`faint`), each doubted: a reading's chance its ink's and `FAINT_SHARE` of its faint
    strokes', the ink's Guess kept where both read it (most likely first)."""
    theirs = {g.text: g for g in faint}
    out = [replace(g, chance=g.chance + FAINT_SHARE * theirs[g.text].chance, doubted=True)
           if g.text in theirs else replace(g, doubted=True) for g in ink]
    known = {g.text for g in ink}
    out += [replace(g, chance=FAINT_SHARE * g.chance, doubted=True, faint=True)
            for g in faint if g.text not in known]
    return sorted(out, key=lambda g: -g.chance)
