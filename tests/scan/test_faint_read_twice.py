"""A light pencil's value read twice: its ink as first read, and its faint strokes (issue 31).

The crops are cut from the flattened photos of generator 2's light pencil tuning photos
2250000 (circle R-A3, an 8, and the fox's endgame attempt, `R2 Y5 Y3`) and 2250019 (circle
F-B4, a 9) where the reader found their boxes, 5 points around them, at 2 pixels a point.
Each is laid where it was on the blank sheet the photo is of; the page's fields are those
the reader read (on a light page), the photo's other boxes and values given as the player
answered them (`suggest`'s `given`): what is suggested for the crops is what the photo's
own reading suggested.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np

from printkit.scan import writing
from printkit.scan.fields import read_fields
from printkit.scan.layout import Box, blank_image, layout
from printkit.scan.params import DEFAULT
from printkit.scan.reader import Scan
from printkit.scan.suggest import Suggestion, suggest

CROPS = Path(__file__).resolve().parent.parent / "fixtures/scan/faint-read-twice"
#: the crops' margin around their boxes, in points
AROUND = 5

#: 2250000 (classic, easy, letter, Spanish): the boxes crossed, the values written
EASY_CROSSED = {
    "F-A1", "F-B1", "F-B2", "F-B3", "F-B4", "F-B5", "R-A1", "R-A2", "R-A3", "R-A4", "R-A5",
    "R-B1", "R-B2", "R-B3", "R-B4", "R-B5", "R-carrot", "R-blueberry", "F-apple", "die-R",
    "die-B", "die-Y", "plus-minus-1", "plus-minus-2", "flip-1", "flip-2", "re-roll-1",
    "re-roll-2", *(f"trap-{k}" for k in range(1, 15)), "title-3", "round-1-fox-escaped",
    "round-1-rabbit-escaped", "easy-3-one", "easy-3-both"}
EASY_WRITTEN = {"F-B4": "10", "R-A3": "8", "R-B4": "4", "score-foods": "3",
                "score-escaped": "10", "score-traps": "1", "score": "14",
                "round-1-fox": "R2 Y5 Y3", "round-1-rabbit": "R2 R4 B5 B5; -1 R2"}
#: 2250019 (classic, hard, A4, Spanish)
HARD_CROSSED = {
    "F-A1", "F-A2", "F-A3", "F-B1", "F-B2", "F-B3", "F-B4", "F-B5", "F-C1", "F-C2", "F-C3",
    "F-apple", "F-blueberry", "R-A1", "R-A2", "R-A3", "die-B", "die-R", "flip-1",
    "plus-minus-1", "re-roll-1", *(f"trap-{k}" for k in range(1, 16)), "title-1"}
HARD_WRITTEN = {"F-A3": "5", "F-B4": "9", "F-C2": "6", "F-C3": "10", "R-A3": "5",
                "score-foods": "2", "score-escaped": "0", "score-traps": "0", "score": "2"}


def _suggested(mode: str, paper: str, crops: dict[str, tuple[str, Box, bool, float]],
               crossed: set[str], written: dict[str, str]) -> dict[str, Suggestion]:
    """Return the suggestions for the fields of `crops` (each its crop's file, the box the
    reader found, whether it read it marked and how surely; read uncertain, on a light
    page), the page's other fields given as the photo's truth has them."""
    lay = layout("classic", mode, paper, "es", 3)
    blank = np.asarray(blank_image("classic", mode, paper, "es", DEFAULT.scale, 3))
    flat = blank.copy()
    for tag, box, _marked, _sure in crops.values():
        crop = cv2.imread(str(CROPS / f"{tag}-photo.png"), cv2.IMREAD_GRAYSCALE)
        x0 = round((box.x - AROUND) * DEFAULT.scale)
        y0 = round((box.y - AROUND) * DEFAULT.scale)
        flat[y0:y0 + crop.shape[0], x0:x0 + crop.shape[1]] = crop
    fields = {name: replace(f, light=True)
              for name, f in read_fields(flat, blank, lay, DEFAULT).fields.items()}
    for name, (_tag, box, marked, sure) in crops.items():
        fields[name] = replace(fields[name], box=box, marked=marked, uncertain=True,
                               confidence=sure)
    found = Scan(None, lay, fields, 0.0, 0.0, flat, DEFAULT.scale)  # type: ignore[arg-type]
    given = {name: "x" if name in crossed else "no"
             for name, f in fields.items() if not f.kind.written}
    given |= {name: value for name, value in written.items() if name not in crops}
    writing._last.clear()
    out = suggest(found, given)
    return {name: out[name] for name in crops}


def test_a_light_pencils_eight_whose_lower_loop_the_ink_lost_is_suggested_from_its_faint_strokes():
    # the 8's lower loop is under the page's least darkness: its ink reads 7 (evidence
    # 0.24), which its trail allows, and the 7 was suggested surely (sure and wrong). Its
    # faint strokes read 8 at 0.94: the 8 is suggested first, asked (Enter takes it)
    s = _suggested("easy", "letter",
                   {"R-A3": ("eight", Box(420.31, 169.29, 18.59, 17.42), True, 0.9)},
                   EASY_CROSSED, EASY_WRITTEN)["R-A3"]
    assert (s.value, s.sure) == ("8", False)


def test_a_light_pencils_attempt_whose_colour_letters_the_ink_lost_is_read_from_its_faint_strokes():
    # the fox's attempt, R2 Y5 Y3: its ink as first read holds two pieces only (read `Y9`,
    # which the rules rule out: nothing was suggested, the player typed it all); its faint
    # strokes read every die
    s = _suggested("easy", "letter",
                   {"round-1-fox": ("attempt", Box(336.65, 522.77, 102.78, 32.2), False, 0.5)},
                   EASY_CROSSED, EASY_WRITTEN)["round-1-fox"]
    assert (s.value, s.sure) == ("R2 Y5 Y3", False)


def test_a_number_its_faint_strokes_read_otherwise_is_asked_not_sure():
    # a 9 whose ink reads 4 (evidence 0.89) and whose faint strokes read 9 (0.88): neither
    # reading is the likelier by far, and the 4 was suggested surely (sure and wrong). Two
    # readings of one pencil disagree: asked, both offered; the faint strokes' 9 kept beside
    # the ink's readings (`doubted.both`) and the doubted 4's share given to 9
    # (`faint_values.LOOP_LOST`) put the 9 first (the 4 first before both were kept)
    s = _suggested("hard", "a4",
                   {"F-B4": ("nine", Box(163.33, 210.13, 17.52, 16.42), True, 0.833)},
                   HARD_CROSSED, HARD_WRITTEN)["F-B4"]
    assert not s.sure
    assert [r.text for r in s.candidates][:2] == ["9", "4"]
