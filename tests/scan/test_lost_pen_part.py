"""A score's part on a page whose pen is not found, weighed among the numbers it can be
(`printkit.scan.lost_pen_part`, issue 31). The readings are g2-dev-light 2500008's and
z89-light light-2985698's `score-escaped` (a light pencil's 10, its escape ticks read empty
at 0.5 with every box of the page: the rules score no escape)."""

from __future__ import annotations

from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.games.fox_rabbit.template import load_map
from printkit.scan.lost_pen_part import part_of_lost_pen
from printkit.scan.spelling import Guess
from printkit.scan.suggest import _suggestion
from tests.scan.test_score_ink import _decided, _found

# 2500008: `10` first at 0.22, beside readings no escape part scores and a `0` at 0.02
TEN_FIRST = [Guess("10", 0.22, evidence=0.12, faint=True),
             Guess("30", 0.13, evidence=0.09, faint=True),
             Guess("2", 0.11, evidence=0.01, faint=True),
             Guess("310", 0.10, evidence=0.19, faint=True),
             Guess("0", 0.02, evidence=0.0, faint=True)]
# light-2985698: `41` first, `10` second at 0.35
TEN_SECOND = [Guess("41", 0.43, evidence=0.32, faint=True),
              Guess("10", 0.35, evidence=0.29, faint=True),
              Guess("14", 0.12, evidence=0.17, faint=True),
              Guess("11", 0.05, evidence=0.12, faint=True)]


def test_an_escape_part_read_among_readings_no_part_can_be_is_suggested_as_read():
    # main: the 10 under INK_PEN_LOST (0.22; 0.35 behind a `41`), the rules' 0 suggested
    found = _found("score-escaped", sf.SCORE_PART, light=True)
    for ink in (TEN_FIRST, TEN_SECOND):
        s = _suggestion(found, _decided("score-escaped", "0", ink), ink)
        assert (s.value, s.sure) == ("10", False)
        assert [r.text for r in s.candidates] == ["10", "0"]


def test_only_on_a_page_whose_pen_is_not_found():
    # a page read as light pencil (its boxes tell): the rules' value stands, as before
    found = _found("score-escaped", sf.SCORE_PART, light=True, page_light=True)
    assert _suggestion(found, _decided("score-escaped", "0", TEN_FIRST), TEN_FIRST).value == "0"


def test_a_part_whose_readings_split_between_numbers_it_can_be_keeps_the_rules_value():
    # a 5 and a 1 foods both read (0.57 of the chance foods can be): under PART_SHARE
    game_map = load_map("classic")
    ink = [Guess("5", 0.4, evidence=0.47, faint=True), Guess("1", 0.3, evidence=0.04)]
    assert part_of_lost_pen(game_map, "score-foods", ink) is None
    found = _found("score-foods", sf.SCORE_PART, light=True)
    assert _suggestion(found, _decided("score-foods", "0", ink), ink).value == "0"
    # and a reading no part can be alone: nothing
    assert part_of_lost_pen(game_map, "score-escaped", [Guess("41", 0.9)]) is None
