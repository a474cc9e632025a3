"""A score's part on a page whose pen the reader did not find, read among the numbers the
part can be (issue 31).

On such a page (`pen_seen.NO_PEN`: every check box read empty at 0.5, telling nothing) the
rules score each part from boxes read empty (0 foods, 0 escaped), and a part read from its
faint strokes is suggested as its ink reads it where its likeliest reading has a chance of
`suggest.INK_PEN_LOST` among all the ink's readings. A light pencil's `10` escaped is read
beside readings no part can be (`41`, `30`, `310`: a speck taken for a digit, a stroke read
twice), which the rules would rule out anyway, and which take the chance the `10` needs:
g2-dev-light 2500008 `score-escaped` reads `10` at 0.22, every other reading but a `0` at
0.02 a number no escape scores. Here the part's readings are weighed, as the rules weigh a
circle's, among the numbers the part can be on the map (`narrow_sheet.score_part_can_be`).
"""

from __future__ import annotations

from collections.abc import Sequence

from printkit.games.fox_rabbit.board import GameMap
from printkit.games.fox_rabbit.narrow_sheet import score_part_can_be
from printkit.scan.spelling import Guess

#: The share of the chance of a part's readings the part can be (a whole count of its unit,
#: no more than the sheet holds) that its likeliest such reading must hold to be suggested
#: over the rules' value on a page whose pen is not found. Measured on the light tuning
#: folders (docs/scan-measurement.md, "A light pencil's escapes on a page whose pen is not
#: found"): the escaped 10s found hold 0.9 or more of it; a 5 and a 1 both read, at 0.4
#: and 0.3 (0.57 of it), are no such reading.
PART_SHARE = 0.8


def part_of_lost_pen(game_map: GameMap, name: str, ink: Sequence[Guess]) -> Guess | None:
    """Return the likeliest reading of a score part that the part can be, where it holds
    `PART_SHARE` of the chance of all such readings; else None (the ink's likeliest reading
    is then judged at `INK_PEN_LOST`, as before)."""
    can = [g for g in ink if g.text.isdigit() and score_part_can_be(game_map, name, int(g.text))]
    total = sum(g.chance for g in can)
    if not can or total <= 0 or can[0].chance < PART_SHARE * total:
        return None
    return can[0]
