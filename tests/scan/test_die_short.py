"""An attempt whose ink reads dice of a colour the player is a die short of, by a die box read
empty short of sure: the box is asked before the rules rule the ink's reading out.

The photo is generator 2's tuning photo 2986460 (bench/photo2, profile hard-seen; tuning
only, never held out): super-hard-lost's fox rolled `B6 B2 Y1` with the blue die it won, a
pencil slash in `die-B` that the reader reads empty at about 0.6, not asked. The ink reads
`B6 B2 Y1 …` likeliest; the box as read leaves the fox one blue die, so the rules ruled it
out and offered `R6 B2 Y1`, the one reading with a single blue die left, and the player
answering every question truthfully was still offered the wrong line.
"""

from __future__ import annotations

import json
from pathlib import Path

from bench.photo2.make import make_photo
from printkit.scan.reader import scan
from printkit.scan.suggest import boxes_rested_on, suggest


def test_a_die_box_read_empty_short_of_sure_is_asked_before_it_rules_out_the_inks_dice(
        tmp_path: Path) -> None:
    photo, truth_path = make_photo(2986460, "hard-seen", tmp_path)
    truth = json.loads(truth_path.read_text())
    assert truth["values"]["round-1-fox"] == "B6 B2 Y1" and truth["fields"]["die-B"]
    found = scan(photo.read_bytes(), photo.name)
    first = suggest(found)
    fox = first["round-1-fox"]
    assert not fox.sure
    # the player answers every box asked as the sheet has it, the boxes the values rest on
    # among them
    asked = [*(n for n in found.uncertain if not found.fields[n].kind.written),
             *boxes_rested_on(first)]
    assert "die-B" in asked
    given = {box: "x" if truth["fields"].get(box) else "no" for box in asked}
    assert suggest(found, given)["round-1-fox"].value == "B6 B2 Y1"
