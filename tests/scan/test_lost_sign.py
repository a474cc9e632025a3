"""An aid's sign too faint or short for a glyph: `-1 R2` whose dash the photo lost reads as
`1 R2`, and the rules choose its sign.

easy-won's rabbit line, `R2 R4 B5 B5; -1 R2`, was misread on six of generator 2's tuning
photos (a light pencil's dash a few pixels long: `R2 R1 B5 B5 Y2`, `R4 B5 B2 Y2`, ...): a 1
with no sign before it could only be skipped or taken for a colour letter. Here the sign is
not written at all, which the photo shows the same way.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.games.fox_rabbit.record import read_record
from printkit.scan.reader import scan
from printkit.scan.suggest import suggest
from tests.scan.photos import photograph, played_sheet

ROOT = Path(__file__).parent.parent.parent


@pytest.mark.parametrize(("example", "field", "signless"), [
    # -1: with +1 the rabbit's four dice would total 17, over its 15
    ("easy-won-sheet-only", "round-1-rabbit", "R2 R4 B5 B5; 1 R2"),
    # +1: with -1 the farmer's blue and yellow would make 6, not the 8 or 9 that triggers
    ("super-hard-lost-sheet-only", "round-1-rabbit-trap", "R6 B2 Y5; 1 B2"),
])
def test_an_aid_written_without_its_sign_is_read_with_the_sign_the_rules_allow(
        example: str, field: str, signless: str) -> None:
    run = read_record((ROOT / f"examples/fox-and-rabbit/{example}.yaml").read_text())
    values = sf.form_values(run)
    written = values[field]
    assert isinstance(written, str) and written.replace("+", "").replace("-", "") == signless
    image = played_sheet(run.map, run.mode, {**values, field: signless}, dpi=160, hand=True)
    found = scan(photograph(image), f"{example}.jpg")
    suggestion = suggest(found)[field]
    assert suggestion.value == written
    # the other sign is never offered: the rules rule it out
    other = written.replace("-1", "+1") if "-1" in written else written.replace("+1", "-1")
    assert other not in [r.text for r in suggestion.candidates]
