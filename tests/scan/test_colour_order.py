"""An endgame attempt's dice read out of the colour order red, blue, yellow (issue 31).

The sheet's hint (`R5 Y6 flip Y6`), the documented runs and the records write an attempt's
dice in that order; a colour letter misread turns it (generator 2's tuning photos: light
2500000's fox trap `R2 B3 B1 Y2 Y4; retourner B1` read `B2 R3 ...` first, hard 2985736's
rabbit `R2 R6 B6 B2` read `B2 R6 R6 B2`). Such a reading is offered after one in the
order (`narrowing.COLOUR_ORDER`), never ruled out, and a value is never made sure by it.
"""

from __future__ import annotations

import pytest

from printkit.games.fox_rabbit.narrow_attempts import out_of_colour_order
from printkit.games.fox_rabbit.narrowed import Reading
from printkit.games.fox_rabbit.narrowing import narrow
from tests.fox_rabbit.test_narrowing import sheet, unread


def test_dice_out_of_the_colour_order_are_told():
    assert out_of_colour_order("Y2 R5 Y3")
    assert out_of_colour_order("B2 R3 B1 Y2 Y4; retourner B1")
    assert out_of_colour_order("R5 Y3 Y1 R3")            # an aid's `+1 R5` read as a die
    assert not out_of_colour_order("R2 R6 B6 B2; +1 R2")  # faces in any order
    assert not out_of_colour_order("R5 Y3; flip Y3 B1")   # the aids' dice not asked
    assert not out_of_colour_order("O2 R3")               # no die's colour: the rules say why


@pytest.mark.parametrize("out_of_order", [0.6, 0.95])
def test_dice_out_of_the_colour_order_are_offered_after_those_in_it(out_of_order):
    # easy-won's fox, `R2 Y5 Y3`, the ink leaning to its R and first Y swapped: both fit the
    # rules; what the player wrote is offered first, asked (before: `Y2 R5 Y3` first). At
    # 0.95 the ink is 19 times surer of the swap, as generator 2's hand in a light pencil
    # reads a colour letter (tuning 2986408's rabbit `R3 R6 B5 B1`, read `R3 B6 R5 B1`): at
    # `COLOUR_ORDER` 0.1 the reading out of order was first
    values = sheet("easy-won")
    n = narrow(unread(values, "round-1-fox"),
               {"round-1-fox": [Reading("Y2 R5 Y3", out_of_order),
                                Reading("R2 Y5 Y3", 1.0 - out_of_order)]})
    assert [r.text for r in n["round-1-fox"].left] == ["R2 Y5 Y3", "Y2 R5 Y3"]
    assert not n["round-1-fox"].sure


def test_a_reading_out_of_order_the_ink_is_sure_of_stays_first():
    # a prior orders the readings offered: the ink sure of a reading out of the order keeps
    # it first, and sure (by the ink and the rules alone, as `narrowed_reading` says)
    values = sheet("easy-won")
    n = narrow(unread(values, "round-1-fox"),
               {"round-1-fox": [Reading("Y2 R5 Y3", 0.995), Reading("R2 Y5 Y3", 0.005)]})
    assert n["round-1-fox"].value == "Y2 R5 Y3" and n["round-1-fox"].sure
