"""A circle's number is made by the dice the player owns: a reading those dice cannot make
(the dice the sheet's ticks give by the endgame) is offered after those they can, never ruled
out, and never made sure by it (`narrow_trail.BEYOND_DICE`)."""

from __future__ import annotations

from printkit.games.fox_rabbit.narrow_sheet import sheet_state
from printkit.games.fox_rabbit.narrowed import Reading
from printkit.games.fox_rabbit.narrowing import narrow
from tests.fox_rabbit.test_narrowing import sheet, unread


def test_the_dice_owned_bound_a_circles_number():
    from printkit.games.fox_rabbit.narrow_trail import most_made

    assert most_made("P", (1, 2, 1)) == 18      # purple: red and blue dice
    assert most_made("O", (1, 2, 1)) == 12      # orange: red and yellow
    assert most_made("K", (1, 2, 1)) == 24      # black: every die
    assert most_made("O", (2, 2, 2)) == 24


def test_a_circles_reading_the_players_dice_cannot_make_is_offered_after_one_they_can():
    # easy-lost: the player owns one red die, two blue, one yellow; R-B4 (orange, red and
    # yellow dice) holds 12 at most: its 6 read 16 first (a stroke read as a 1) is offered
    # second, not ruled out, and the circle is asked
    values = sheet("easy-lost")
    assert sheet_state(values).dice == (1, 2, 1)
    n = narrow(unread(values, "R-B4"), {"R-B4": [Reading("16", 0.7), Reading("6", 0.3)]})
    assert n["R-B4"].value == "6"
    assert [r.text for r in n["R-B4"].left] == ["6", "16"]
    assert not n["R-B4"].sure


def test_a_purple_circles_reading_beyond_one_red_and_two_blue_dice_is_offered_second():
    # super-hard-lost: F-B4 (purple) holds 10; 20 needs more red or blue dice than owned
    values = sheet("super-hard-lost")
    n = narrow(unread(values, "F-B4"), {"F-B4": [Reading("20", 0.7), Reading("10", 0.3)]})
    assert [r.text for r in n["F-B4"].left] == ["10", "20"]
    assert not n["F-B4"].sure


def test_a_reading_the_dice_owned_can_make_keeps_its_place():
    # easy-won: two dice of every colour; an orange 16 can be made, and stays first
    values = sheet("easy-won")
    assert sheet_state(values).dice == (2, 2, 2)
    n = narrow(unread(values, "R-B4"), {"R-B4": [Reading("16", 0.7), Reading("6", 0.3)]})
    assert [r.text for r in n["R-B4"].left] == ["16", "6"]


def test_a_number_read_clearly_beyond_the_dice_owned_stays_the_players_claim():
    # the ink reads 16 all but alone: what is written, whether a die's tick was misread or
    # the player broke the rule (the referee's to judge): not hidden behind a 6
    values = sheet("easy-lost")
    n = narrow(unread(values, "R-B4"), {"R-B4": [Reading("16", 0.98), Reading("6", 0.02)]})
    assert n["R-B4"].value == "16"
    assert n["R-B4"].sure
