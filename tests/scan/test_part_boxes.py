"""A score's part ruled out by boxes of its own read short of sure, read alike on the page
(`narrow_parts`): the ink's reading kept, asked, resting on the part's boxes that reach it
(seen on tuning g2hard-tune hard-2985740, `score-foods` 3 written, two foods read empty at
0.787 among eleven; g2-tune-homeprint 2350003, `R-apple` read empty at 0.845, the 57th
least sure box)."""

from __future__ import annotations

from printkit.games.fox_rabbit import narrow_parts
from printkit.games.fox_rabbit.narrow_parts import part_boxes
from printkit.games.fox_rabbit.narrow_sheet import sheet_state
from printkit.games.fox_rabbit.narrowed import Reading
from printkit.games.fox_rabbit.narrowing import narrow
from tests.fox_rabbit.test_narrowing import sheet, unread

#: easy-won's empty food boxes, and its foods eaten (3, `score-foods` 3)
EATEN = ["F-apple", "R-carrot", "R-blueberry"]
#: boxes read short of sure, less sure than the food boxes: `narrow_unsure` tries 24
OTHERS = [f"F-A{k}" for k in range(1, 6)] + [f"R-A{k}" for k in range(1, 6)] + \
    [f"trap-{k}" for k in range(1, 15)] + ["die-B", "die-Y", "die-R", "flip-1", "flip-2"]


def _empty_foods(values: dict[str, str | bool]) -> list[str]:
    game_map = sheet_state(values).map
    return [b for b in part_boxes(game_map, "score-foods") if b not in EATEN]


def test_a_part_two_foods_over_the_boxes_rests_on_the_food_boxes_read_alike():
    # two foods eaten read empty: no one box turned lets the ink's 3 stand (the rules
    # say 1); the food boxes read empty short of sure, turned together, do
    values = sheet("easy-won")
    values["R-carrot"] = values["R-blueberry"] = False
    foods = ["R-carrot", *_empty_foods(values)[:3], "R-blueberry"]
    ink = {"score-foods": [Reading("3", 0.9), Reading("8", 0.1)]}
    n = narrow(unread(values, "score-foods"), ink, unsure=["die-B", *foods])["score-foods"]
    assert [r.text for r in n.left] == ["3", "1"]
    assert not n.sure
    assert n.rests_on == tuple(foods)
    assert n.ruled_out and all(r.text != "3" for r in n.ruled_out)


def test_a_food_box_past_the_boxes_tried_one_by_one_is_found():
    # R-carrot (eaten) read empty, the 30th least sure box: past narrow_unsure's 24 (the
    # ink's 2 read weaker than the ink's 3, and the rules' 2 left: the 3 first)
    values = sheet("easy-won")
    values["R-carrot"] = False
    ink = {"score-foods": [Reading("3", 0.6), Reading("2", 0.01)]}
    n = narrow(unread(values, "score-foods"), ink,
               unsure=[*OTHERS, "R-carrot"])["score-foods"]
    assert n.value == "3" and n.rests_on == ("R-carrot",) and not n.sure


def test_a_part_the_ink_reads_less_than_the_rules_value_is_left_to_the_rules():
    # the ink's 4 is ruled out, but the rules' 2 is read likelier: nothing rests on a box
    values = sheet("easy-won")
    values["R-carrot"] = False
    ink = {"score-foods": [Reading("2", 0.6), Reading("3", 0.3)]}
    n = narrow(unread(values, "score-foods"), ink, unsure=["R-carrot"])["score-foods"]
    assert n.value == "2" and n.rests_on == ()


def test_a_part_whose_boxes_are_too_many_to_ask_is_left_to_the_rules(monkeypatch):
    # more of the part's boxes would move it than are worth asking: the value is typed
    values = sheet("easy-won")
    values["R-carrot"] = False
    empty = [*_empty_foods(values), "R-carrot"]
    monkeypatch.setattr(narrow_parts, "MAX_PART_BOXES", len(empty) - 1)
    ink = {"score-foods": [Reading("3", 0.9)]}
    n = narrow(unread(values, "score-foods"), ink, unsure=[*OTHERS, *empty])["score-foods"]
    assert n.value == "2" and n.rests_on == ()


def test_a_part_rests_on_no_box_the_photo_tells_nothing_of():
    # a page whose pen is not found reads every box at 0.5 (`blind`): its parts are read
    # from the ink (`part_of_lost_pen`), not asked box by box
    values = sheet("easy-won")
    values["R-carrot"] = False
    ink = {"score-foods": [Reading("3", 0.6)]}
    n = narrow(unread(values, "score-foods"), ink, unsure=[*OTHERS, "R-carrot"],
               blind=["R-carrot"])["score-foods"]
    assert n.value == "2" and n.rests_on == ()
