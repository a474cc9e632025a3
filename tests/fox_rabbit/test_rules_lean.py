"""A box the photo tells little of leans as the rules say: the order a trail's cells and the
farmer's traps are crossed in, read from the boxes the photo is surer of."""

from __future__ import annotations

from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.games.fox_rabbit.evidence import BoxRead
from printkit.games.fox_rabbit.rules_lean import ORDER_EMPTY, TRAP_EMPTY, WEAK, Lean, leans
from printkit.language import language
from tests.fox_rabbit.test_evidence import FIELDS, MAP, RUN


def _reading(**boxes: tuple[bool, float]) -> dict[str, BoxRead]:
    """Return the legal sheet read surely, but for these boxes (name: marked, confidence;
    `_` in a name stands for `-`)."""
    values = sf.form_values(RUN)
    reading = {f.name: BoxRead(f.kind, bool(values.get(f.name)), 1.0) for f in FIELDS}
    for name, (marked, confidence) in boxes.items():
        name = name.replace("_", "-")
        reading[name] = BoxRead(reading[name].kind, marked, confidence)
    return reading


def test_a_trail_cell_the_photo_cannot_tell_between_crossed_cells_leans_crossed():
    # F-B1 and F-B3 are crossed on the sheet and read surely; F-B2 read at 0.5
    found = leans(_reading(F_B2=(False, 0.5)), MAP, ["F-B2"])
    assert found["F-B2"].crossed is True
    assert found["F-B2"].said(language("en")) == \
        "the photo cannot tell; the trail's order says crossed"
    assert found["F-B2"].said(language("fr")) != found["F-B2"].said(language("en"))


def test_a_trap_the_photo_cannot_tell_after_an_empty_trap_leans_empty():
    # trap-14 read surely empty: trap-15, read crossed at 0.55, cannot have been crossed
    found = leans(_reading(trap_14=(False, 1.0), trap_15=(True, 0.55)), MAP, ["trap-15"])
    assert found["trap-15"].crossed is False
    assert found["trap-15"].said(language("en")) == \
        "the photo cannot tell; the traps' order says empty"
    # and a trap at 0.5 before a trap read crossed leans crossed, a chain of them too
    found = leans(_reading(trap_12=(False, 0.5), trap_13=(False, 0.5)), MAP,
                  ["trap-12", "trap-13"])
    assert found["trap-12"].crossed is True and found["trap-13"].crossed is True


def test_a_box_the_photo_leans_over_the_bound_keeps_the_photo_s_lean():
    found = leans(_reading(F_B2=(False, 0.85)), MAP, ["F-B2"])
    assert found["F-B2"] == Lean(False)
    assert found["F-B2"].said(language("en")) is None
    assert 0.5 < WEAK < ORDER_EMPTY < 0.85


def test_a_box_read_empty_unsurely_before_a_box_read_crossed_leans_crossed():
    # F-B2 read empty at 0.7 (over WEAK: the photo leans), F-B3 after it crossed and read
    # surely: a light pencil's mark lost, the trail's order says crossed, and why
    found = leans(_reading(F_B2=(False, 0.7)), MAP, ["F-B2"])
    assert found["F-B2"].crossed is True
    assert found["F-B2"].said(language("en")) == \
        "looks empty, not surely; a later cell of its trail, read crossed, says crossed"
    assert found["F-B2"].said(language("es")) != found["F-B2"].said(language("en"))
    # a later cell asked too is no witness; an empty cell before it says nothing either way
    later = {"F_B3": (True, 0.7), "F_B4": (True, 0.7), "F_B5": (True, 0.7)}
    assert leans(_reading(F_B2=(False, 0.7), **later), MAP,
                 ["F-B2", "F-B3", "F-B4", "F-B5"])["F-B2"] == Lean(False)
    assert leans(_reading(F_B1=(False, 1.0), F_B2=(False, 0.7)), MAP,
                 ["F-B2"])["F-B2"] == Lean(False)
    # read crossed unsurely after a cell read empty: the photo's lean, never leaned empty
    assert leans(_reading(F_B1=(False, 1.0), F_B2=(True, 0.7)), MAP,
                 ["F-B2"])["F-B2"] == Lean(True)


def test_a_trap_read_empty_unsurely_before_a_trap_read_crossed_leans_crossed():
    # trap-4 read empty at 0.85 (over ORDER_EMPTY, as a tick on its number reads on an
    # ordinary photo), trap-5 after it crossed and read surely: the traps' order says crossed
    found = leans(_reading(trap_4=(False, 0.85)), MAP, ["trap-4"])
    assert found["trap-4"].crossed is True
    assert found["trap-4"].said(language("en")) == \
        "looks empty, not surely; a later trap, read crossed, says crossed"
    # over TRAP_EMPTY the photo's lean stands, and a trail's cell keeps ORDER_EMPTY
    assert leans(_reading(trap_4=(False, 0.95)), MAP, ["trap-4"])["trap-4"] == Lean(False)
    assert ORDER_EMPTY < 0.85 <= TRAP_EMPTY < 0.95
    assert leans(_reading(F_B2=(False, 0.85)), MAP, ["F-B2"])["F-B2"] == Lean(False)


def test_traps_lost_one_after_another_before_a_trap_read_crossed_all_lean_crossed():
    # trap-4 and trap-6 read empty at 0.85 and asked, trap-7 after them crossed and read
    # surely: an asked trap before trap-6 is no witness that the order broke (a light
    # pencil lost both), and both lean crossed; a trap read surely empty before still is
    both = leans(_reading(trap_4=(False, 0.85), trap_6=(False, 0.85)), MAP,
                 ["trap-4", "trap-6"])
    assert both["trap-4"].crossed is True and both["trap-6"].crossed is True
    assert leans(_reading(trap_4=(False, 1.0), trap_6=(False, 0.85)), MAP,
                 ["trap-6"])["trap-6"] == Lean(False)


def test_a_box_no_order_tells_of_leans_as_the_photo_does():
    # an aid circle spent: no rule here says how it leans, so at 0.5 it leans no way
    assert leans(_reading(flip_2=(False, 0.5)), MAP, ["flip-2"])["flip-2"] == Lean(None)
    # a trail whose order the sure boxes contradict (a crossed cell after an empty one)
    # says nothing of the cell between
    found = leans(_reading(F_B1=(False, 1.0), F_B2=(False, 0.5)), MAP, ["F-B2"])
    assert found["F-B2"] == Lean(None)


def test_an_outcome_whose_attempt_line_is_empty_leans_empty():
    # the fox's farmer attempt line read empty (0.8): its `caught` tick, read crossed at
    # 0.55, leans empty, as does the farmer's aid against the fox
    found = leans(_reading(round_1_fox_trap=(False, 0.8), round_2_fox_trap=(False, 0.8),
                           round_1_fox_caught=(True, 0.55), farmer_flip_F=(True, 0.5)),
                  MAP, ["round-1-fox-caught", "farmer-flip-F"])
    assert found["round-1-fox-caught"].crossed is False
    assert found["round-1-fox-caught"].said(language("en")) == \
        "the photo cannot tell; its attempt's line is empty, which says empty"
    assert found["farmer-flip-F"].crossed is False
    # a line the photo is unsure of says nothing: the tick leans as the photo does
    found = leans(_reading(round_1_fox_trap=(False, 0.6), round_1_fox_caught=(True, 0.55)),
                  MAP, ["round-1-fox-caught"])
    assert found["round-1-fox-caught"] == Lean(True)


def test_a_reward_box_leans_by_the_count_of_foods_eaten():
    # three foods eaten, read surely; die-R and die-Y read surely crossed: die-B, at 0.5,
    # makes the third reward
    found = leans(_reading(die_B=(False, 0.5)), MAP, ["die-B"])
    assert found["die-B"].crossed is True
    assert found["die-B"].said(language("en")) == \
        "the photo cannot tell; one reward per food eaten says crossed"
    # read over the bound, it keeps the photo's lean
    assert leans(_reading(die_B=(False, 0.7)), MAP, ["die-B"])["die-B"] == Lean(False)
