"""A light pencil's value whose box the field reader reads empty: its faint strokes read as
glyphs, the box is asked rather than taken as surely empty.

The field reader (`fields.py`) decides a box marked or empty by its share of ink; a light
pencil's number can be too faint a share for a circle or a score box to read marked, and
its value is then never read at all (`writing.written_fields`). Read as faint strokes
(`strokes.field_ink`'s `faint`), such a field's ink spells its number where the glyph model
takes those strokes for glyphs surely (`FAINT_VALUE`); a speck on an empty box seldom does.
Such a box is read uncertain (`fields.read_fields`): its value is read and asked
(`writing.read_field`), and the referee doubts the box's emptiness as it does any box read
short of sure.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from numpy.typing import NDArray

from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.scan import edge, ink_join, strokes
from printkit.scan.glyphs import model
from printkit.scan.layout import Box
from printkit.scan.spelling import Guess, spell

#: A light page's number box read empty is asked when its faint strokes read as glyphs at
#: least this surely (`spelling.Guess.evidence`). On generator 2's three light pencil tuning
#: sets (docs/scan-measurement.md, "A light pencil's values whose box reads empty"), of the
#: number boxes read empty, 133 holding a number and 517 empty circles: at 0.7, 14 numbers
#: asked (10 read right) and 1 empty circle; at 0.5, 20 (12) and 2; at 0.3, 29 (17) and 7.
FAINT_VALUE = 0.7
#: The confidence of a box so asked: the photo tells little either way (as a box a lamp's
#: reflection hides).
ASKED = 0.5
#: The kinds of box looked at again: a number's (an attempt's reading has no evidence of
#: its glyphs to weigh: `spelling.Guess.evidence` is 1 for it).
NUMBERS = (sf.CIRCLE, sf.SCORE_PART, sf.SCORE_TOTAL)
#: The score box's parts and total, written on every finished sheet (a 0 included:
#: `writing.SCORE_WRITTEN`), on a page whose pen is not found (`pen_seen.NO_PEN`): one read
#: empty is asked where its faint strokes read as glyphs at all this surely, not
#: `FAINT_VALUE` (there is no empty score box to tell a number from, and such a page's
#: boxes read empty say nothing of it). docs/scan-measurement.md, "A light pencil's score
#: on a page whose pen is not found".
SCORE_FAINT = 0.05
SCORES = (sf.SCORE_PART, sf.SCORE_TOTAL)
#: A circle read empty on a page whose pen is not found (`pen_seen.NO_PEN`) is asked where its
#: faint strokes read as glyphs this surely, not `FAINT_VALUE`: such a page's boxes read
#: empty at 0.5 (`NO_EVIDENCE`) tell nothing, and the trail's order cannot find its written
#: circles (`suggest._skipped` wants a later cell read crossed). On the seven such pages of
#: generator 2's five light pencil tuning folders (docs/scan-measurement.md, "A light
#: pencil's circle not read, on a page whose pen is not found"), of the 69 circles read
#: empty, 29 written and 40 empty: at 0.15 or 0.2, 16 written asked (11 read right first)
#: and no empty one; at 0.1, 17 and 1 (a stroke at 0.11); at 0.7, 8 and none. The pen that
#: leaves no trace on the boxes leaves no specks in the empty circles either.
CIRCLE_PEN_LOST = 0.15


def ink_of(flat: NDArray[Any], blank: NDArray[Any], laid: Box, box: Box, kind: sf.FieldKind,
           scale: float, faint: bool = False, join: bool = False) -> strokes.FieldInk:
    """Return the ink of one written field: the photo's crop of it where its box was found
    (`box`) against the blank sheet's where the layout lays it (`laid`), on the field's
    writing lines (an attempt's two); `faint`: as a light pencil's strokes (a circle's
    with its fainter strokes beside: `ink_join.FAINT_JOIN`; an attempt's too, at
    `ink_join.ATTEMPT_FAINT_JOIN`); `join`: a circle's ink as first
    read with its strokes under the floor beside (`ink_join.INK_JOIN`)."""
    sheet = strokes.crop(blank, laid, scale, strokes.MARGIN)
    reach = max(1, round(edge.REACH * scale))
    photo = edge.aligned(strokes.crop(flat, box, scale, strokes.MARGIN + reach / scale),
                         sheet, reach)
    fainter = (kind is sf.CIRCLE and (faint or join)) or \
        (kind is sf.ATTEMPT and faint and ink_join.ATTEMPT_FAINT_JOIN)
    return strokes.field_ink(photo, sheet, 2 if kind is sf.ATTEMPT else 1, scale, faint,
                             edge=True, joined=True, fainter=fainter)


def spells_a_number(ink: strokes.FieldInk, kind: sf.FieldKind, least: float = FAINT_VALUE
                    ) -> bool:
    """Return whether a number box's faint strokes (`ink`) read as glyphs at least `least`
    surely."""
    read = [] if ink.empty else spell(ink, model(), kind.name)
    return bool(read) and read[0].evidence >= least


#: A light pencil's 9 whose loop's top is fainter than the page's faint step keeps the
#: strokes of a 4 (its stem and the loop's open sides): a circle's `4` read from faint
#: strokes, or doubted (`spelling.Guess.faint`, `doubted`: never taken surely), gives this
#: share of its chance to `9`. Where the rules rule the 4 out, the 9 is offered first;
#: where they do not, the 4 stays first. docs/scan-measurement.md, "A light pencil's 9 read
#: as 4".
LOOP_LOST = 0.3


def loop_lost(guesses: list[Guess]) -> list[Guess]:
    """Return a circle's readings with `LOOP_LOST` of the chance of a `4` read from a light
    pencil's faint strokes, or doubted, given to `9` (most likely first)."""
    four = next((g for g in guesses if g.text == "4" and (g.faint or g.doubted)), None)
    if four is None:
        return guesses
    nine = next((g.chance for g in guesses if g.text == "9"), 0.0)
    moved = LOOP_LOST * four.chance
    out = [replace(four, chance=four.chance - moved) if g is four else g
           for g in guesses if g.text != "9"]
    out.append(replace(four, text="9", chance=nine + moved))
    return sorted(out, key=lambda g: -g.chance)
