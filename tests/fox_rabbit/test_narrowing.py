"""The rules narrow what a photo's handwriting could say: a reading the rules forbid is
never suggested (each constraint, one test at least), a value the rules alone decide says
so, and where two readings fit the rules and the ink, the value is asked."""

from __future__ import annotations

from pathlib import Path

import pytest

from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.games.fox_rabbit.board import rules_digest
from printkit.games.fox_rabbit.narrow_attempts import (
    attempt_problem,
    die_problem,
    fits_so_far,
    wasted_aids,
)
from printkit.games.fox_rabbit.narrow_sheet import sheet_state
from printkit.games.fox_rabbit.narrow_trail import circle_problem
from printkit.games.fox_rabbit.narrowed import Reading
from printkit.games.fox_rabbit.narrowing import attempt_rooms, narrow
from printkit.games.fox_rabbit.reader import read_run
from printkit.message import say
from tests.spies import spied

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "fox-and-rabbit"


def sheet(example: str) -> dict[str, str | bool]:
    """The values of the sheet an example run fills, with its hidden identity field."""
    run = read_run((EXAMPLES / f"{example}.yaml").read_text(encoding="utf-8"))
    values = sf.form_values(run)
    mode = run.map.modes[run.mode]
    values[sf.IDENTITY] = sf.identity(run.map, mode, rules_digest(run.map))
    return values


def unread(values: dict[str, str | bool], *names: str) -> dict[str, str | bool]:
    """The sheet with these written fields left to read."""
    return {k: ("" if k in names else v) for k, v in values.items()}


def said(narrowed, text: str) -> str:
    return next(say(r.why) for r in narrowed.ruled_out if r.text == text)


# --- circles ---------------------------------------------------------------------------------
def test_a_circle_number_out_of_its_trails_order_is_not_suggested():
    # easy-won: F-B4 (purple) follows F-B3, a printed yellow 3; the ink leans to 2
    values = sheet("easy-won")
    n = narrow(unread(values, "F-B4"), {"F-B4": [Reading("2", 0.6), Reading("10", 0.4)]})
    assert n["F-B4"].value == "10"
    assert [r.text for r in n["F-B4"].left] == ["10"]
    assert "higher than 3, the number before it" in said(n["F-B4"], "2")


def test_a_number_its_circles_colour_cannot_make_is_not_suggested():
    values = sheet("easy-won")
    n = narrow(unread(values, "F-B4"), {"F-B4": [Reading("30", 0.7), Reading("10", 0.3)]})
    assert n["F-B4"].value == "10"
    assert said(n["F-B4"], "30") == "purple numbers run from 2 to 24, not 30"
    assert circle_problem(values_map("easy-won"), "F-B4", 25, 3) is not None
    assert circle_problem(values_map("easy-won"), "F-B4", 10, 3) is None


def values_map(example: str):
    return read_run((EXAMPLES / f"{example}.yaml").read_text(encoding="utf-8")).map


def test_the_circles_of_a_trail_are_read_together():
    # hard-won: R-C1 printed 3, then R-C2 = 7 and R-C3 = 9 written; R-C3 read surely as 9,
    # R-C2's ink between 7 and 12: 12 would leave 9 lower after it
    values = sheet("hard-won")
    n = narrow(unread(values, "R-C2", "R-C3"),
               {"R-C2": [Reading("12", 0.55), Reading("7", 0.45)], "R-C3": [Reading("9", 1.0)]})
    assert n["R-C2"].value == "7"
    assert n["R-C3"].value == "9" and n["R-C3"].sure
    assert "a trail's numbers rise" in said(n["R-C2"], "12")


def test_a_circle_nothing_fits_is_asked_and_the_circles_after_it_read_on():
    # the player wrote 2 after a printed 3 (a mistake the referee reports): not suggested,
    # and the next circle is not blamed for it
    values = sheet("hard-won")
    n = narrow(unread(values, "R-C2", "R-C3"),
               {"R-C2": [Reading("2", 1.0)], "R-C3": [Reading("9", 1.0)]})
    assert n["R-C2"].value is None and not n["R-C2"].sure
    assert n["R-C3"].value == "9" and n["R-C3"].sure


def test_two_readings_that_both_fit_the_rules_and_the_ink_are_asked_not_guessed():
    values = sheet("easy-won")
    n = narrow(unread(values, "F-B4"), {"F-B4": [Reading("10", 0.55), Reading("16", 0.45)]})
    assert n["F-B4"].value == "10"
    assert not n["F-B4"].sure
    assert [r.text for r in n["F-B4"].left] == ["10", "16"]


def test_a_reading_the_ink_is_sure_of_and_the_rules_allow_is_sure():
    values = sheet("easy-won")
    n = narrow(unread(values, "F-B4"), {"F-B4": [Reading("10", 0.97), Reading("16", 0.03)]})
    assert n["F-B4"].sure


# --- endgame attempts ------------------------------------------------------------------------
def test_a_die_of_a_colour_the_player_did_not_own_is_not_suggested():
    # easy-won: the player owns 2 dice of each colour by the endgame; the fox's escape
    # rolled R2 Y5 Y3
    values = sheet("easy-won")
    assert sheet_state(values).dice == (2, 2, 2)
    n = narrow(unread(values, "round-1-fox"),
               {"round-1-fox": [Reading("R2 B5 B3 B3", 0.5), Reading("G2 Y5 Y3", 0.2),
                                Reading("R2 Y5 Y3", 0.3)]})
    assert n["round-1-fox"].value == "R2 Y5 Y3"
    assert n["round-1-fox"].sure
    assert said(n["round-1-fox"], "G2 Y5 Y3") == "the player owns no green die"
    assert "3 blue dice rolled; the player has 2" in said(n["round-1-fox"], "R2 B5 B3 B3")


def test_a_die_of_a_colour_the_player_had_not_taken_yet_is_not_suggested():
    # the same sheet with its blue die reward unticked: the player owns one blue die
    values = sheet("easy-won")
    taken = [name for name in ("die-R", "die-B", "die-Y") if values.get(name) is True]
    assert "die-B" in taken
    values["die-B"] = False
    assert sheet_state(values).dice == (2, 1, 2)
    n = narrow(unread(values, "round-1-fox"),
               {"round-1-fox": [Reading("R2 B5 B3", 0.6), Reading("R2 Y5 Y3", 0.4)]})
    assert n["round-1-fox"].value == "R2 Y5 Y3"
    assert "2 blue dice rolled; the player has 1" in said(n["round-1-fox"], "R2 B5 B3")


def test_a_die_ruled_out_only_by_a_doubtful_box_is_offered_and_asked():
    # the blue die reward read unticked, but not surely: the fox's blue dice may be what
    # is written, so they are offered, and the value is asked, not taken
    values = sheet("easy-won")
    values["die-B"] = False
    ink = {"round-1-fox": [Reading("R2 Y5 Y3 B1 B1", 0.6), Reading("R2 Y5 Y3", 0.4)]}
    n = narrow(unread(values, "round-1-fox"), ink, doubtful=["die-B"])
    assert sorted(r.text for r in n["round-1-fox"].left) == ["R2 Y5 Y3", "R2 Y5 Y3 B1 B1"]
    assert not n["round-1-fox"].sure
    assert n["round-1-fox"].ruled_out == ()
    # a box read surely is the rules' to judge with
    assert narrow(unread(values, "round-1-fox"), ink)["round-1-fox"].value == "R2 Y5 Y3"


def test_a_value_no_doubtful_box_changes_stays_sure():
    values = sheet("easy-won")
    ink = {"round-1-fox": [Reading("R2 Y5 Y3", 0.95), Reading("G2 Y5 Y3", 0.05)]}
    n = narrow(unread(values, "round-1-fox"), ink, doubtful=["trap-3"])
    assert n["round-1-fox"].value == "R2 Y5 Y3" and n["round-1-fox"].sure
    assert said(n["round-1-fox"], "G2 Y5 Y3") == "the player owns no green die"


def test_a_die_ruled_out_only_by_a_box_read_short_of_sure_is_kept_and_the_box_named():
    # the blue die reward read empty at, say, 0.94 (not uncertain: no one asks about it):
    # the ink reads the fox's two blue dice clearly, so the rules do not overrule it with
    # that box; the value is asked, never sure, its readings ordered by the ink
    values = sheet("easy-won")
    values["die-B"] = False
    ink = {"round-1-fox": [Reading("R2 Y5 Y3 B1 B1", 0.6), Reading("R2 Y5 Y3", 0.4)]}
    n = narrow(unread(values, "round-1-fox"), ink, unsure=["trap-3", "die-B"])["round-1-fox"]
    assert [r.text for r in n.left] == ["R2 Y5 Y3 B1 B1", "R2 Y5 Y3"]
    assert not n.sure
    assert n.rests_on == ("die-B",)
    assert n.ruled_out == ()


def test_a_box_read_surely_still_rules_a_reading_out():
    # the same box read surely (not among the unsure), or given by the player: ruled out
    values = sheet("easy-won")
    values["die-B"] = False
    ink = {"round-1-fox": [Reading("R2 Y5 Y3 B1 B1", 0.6), Reading("R2 Y5 Y3", 0.4)]}
    n = narrow(unread(values, "round-1-fox"), ink, unsure=["trap-3"])["round-1-fox"]
    assert n.value == "R2 Y5 Y3" and n.rests_on == ()
    assert "2 blue dice rolled; the player has 1" in said(n, "R2 Y5 Y3 B1 B1")


def test_a_value_no_unsure_box_explains_stays_as_the_rules_say():
    # the ink's likeliest reading ruled out by what no box changes (a green die: the player
    # owns none): no box is named, and the reading stays ruled out
    values = sheet("easy-won")
    ink = {"round-1-fox": [Reading("G2 Y5 Y3", 0.6), Reading("R2 Y5 Y3", 0.4)]}
    n = narrow(unread(values, "round-1-fox"), ink, unsure=["die-B", "trap-3"])["round-1-fox"]
    assert n.value == "R2 Y5 Y3" and n.rests_on == ()
    assert said(n, "G2 Y5 Y3") == "the player owns no green die"


def test_a_score_part_ruled_out_only_by_a_trap_box_read_short_of_sure_is_kept():
    # trap-14 crossed on the sheet, read empty short of sure: the rules would score 2 traps
    # left, the ink reads the 1 written; kept, asked, and trap-14 named; the total too
    values = sheet("easy-won")
    values["trap-14"] = False
    ink = {"score-traps": [Reading("1", 0.9), Reading("7", 0.1)],
           "score": [Reading("14", 0.9), Reading("19", 0.1)]}
    n = narrow(unread(values, "score-traps", "score"), ink, unsure=["die-B", "trap-14"])
    assert [r.text for r in n["score-traps"].left] == ["1", "2"]
    assert not n["score-traps"].sure and n["score-traps"].rests_on == ("trap-14",)
    assert n["score"].value == "14" and n["score"].rests_on == ("trap-14",)
    # the box read surely: the player's 1 is ruled out, the rules' 2 suggested (a
    # miscounted score is the referee's to report once the player types what is written)
    n = narrow(unread(values, "score-traps", "score"), ink, unsure=["die-B"])
    assert n["score-traps"].value == "2" and n["score-traps"].rests_on == ()
    assert said(n["score-traps"], "1") == "the run scores 2 here"


def test_a_face_past_six_is_not_a_die():
    assert say(die_problem((2, 2, 2), "R9")) == "a die shows 1 to 6, not 9"
    assert die_problem((2, 2, 2), "R6") is None
    assert say(die_problem((2, 0, 2), "B3")) == "the player owns no blue die"


def test_an_aid_on_a_die_not_rolled_is_not_suggested():
    values = sheet("easy-won")
    state = sheet_state(values)
    rabbit = state.attempts["round-1-rabbit"]
    assert attempt_problem(state, rabbit, "R2 R4 B5 B5; -1 R2") is None
    assert "there is no R3 among the dice" in say(attempt_problem(state, rabbit,
                                                                  "R2 R4 B5 B5; -1 R3"))


def test_an_attempt_spending_an_aid_on_dice_that_already_escape_is_offered_second():
    # easy-won: the rabbit's R2 R4 B5 B5 needed its -1 R2 to escape; a 5 read 3 gives dice
    # that escape before the aid, which the rules allow but a player seldom writes: what is
    # written is offered first, and asked, never taken on a player's habit
    values = sheet("easy-won")
    state = sheet_state(values)
    rabbit = state.attempts["round-1-rabbit"]
    assert wasted_aids(state, rabbit, "R2 R4 B5 B5; -1 R2") == 0
    assert wasted_aids(state, rabbit, "R2 R4 B3 B5; -1 R2") == 1
    n = narrow(unread(values, "round-1-rabbit"),
               {"round-1-rabbit": [Reading("R2 R4 B3 B5; -1 R2", 0.84),
                                   Reading("R2 R4 B5 B5; -1 R2", 0.16)]})
    assert [r.text for r in n["round-1-rabbit"].left] == ["R2 R4 B5 B5; -1 R2",
                                                          "R2 R4 B3 B5; -1 R2"]
    assert not n["round-1-rabbit"].sure
    # the ink sure of a reading that spends an aid in vain: first still, and sure
    n = narrow(unread(values, "round-1-rabbit"),
               {"round-1-rabbit": [Reading("R2 R4 B3 B5; -1 R2", 0.99),
                                   Reading("R2 R4 B5 B5; -1 R2", 0.01)]})
    assert n["round-1-rabbit"].value == "R2 R4 B3 B5; -1 R2" and n["round-1-rabbit"].sure


def test_an_attempts_dice_must_agree_with_its_tick():
    # the fox escaped (its box ticked): dice that do not meet its requirement are not it
    values = sheet("easy-won")
    state = sheet_state(values)
    fox = state.attempts["round-1-fox"]
    assert fox.ticked
    problem = attempt_problem(state, fox, "R1 Y1 Y1")
    assert "do not meet" in say(problem) and "but the box is ticked" in say(problem)


def test_no_attempt_is_suggested_where_the_last_trap_was_crossed_with_an_animal_unfed():
    # easy-won with every trap crossed and the fox's foods unticked: both animals are caught
    # at the last trap, and the attempt lines stay empty (a dotted line's specks read as dice
    # on a short easy sheet are not offered)
    values = sheet("easy-won")
    fox_foods = [k for k, v in values.items() if k.startswith("F-") and k[2:3].islower()
                 and v is True]
    assert fox_foods
    values |= {f"trap-{k}": True for k in range(1, 16)}   # the classic map's 15 traps
    values |= dict.fromkeys(fox_foods, False)
    assert sheet_state(values).no_attempts
    n = narrow(unread(values, "round-1-fox"), {"round-1-fox": [Reading("R2 Y5 Y3", 1.0)]})
    # the rules' value is nothing written, sure where the boxes it rests on are
    assert n["round-1-fox"].value == "-" and n["round-1-fox"].sure
    assert [r.text for r in n["round-1-fox"].left] == ["-"]
    assert say(n["round-1-fox"].empty) == said(n["round-1-fox"], "R2 Y5 Y3")
    assert said(n["round-1-fox"], "R2 Y5 Y3") == (
        "the farmer's last trap was crossed with an animal unfed: both animals are caught at "
        "once, and no attempts follow")
    assert not sheet_state(sheet("easy-won")).no_attempts


def test_a_trap_read_short_of_sure_that_lets_an_attempt_follow_is_the_one_it_rests_on():
    # the same sheet, the last trap read short of sure: read empty, the fox's escape may be
    # tried, so the attempt's reading rests on it (each narrowing of the sheet with a box
    # read otherwise judges its attempts in its own game, not the first one's)
    values = sheet("easy-won")
    fox_foods = [k for k, v in values.items() if k.startswith("F-") and k[2:3].islower()
                 and v is True]
    values |= {f"trap-{k}": True for k in range(1, 16)}
    values |= dict.fromkeys(fox_foods, False)
    n = narrow(unread(values, "round-1-fox"), {"round-1-fox": [Reading("R2 Y5 Y3", 1.0)]},
               unsure=["trap-15"])
    # asked, nothing written first (the rules' with the boxes as read), the ink's reading
    # the box read otherwise lets stand after it
    assert [r.text for r in n["round-1-fox"].left] == ["-", "R2 Y5 Y3"]
    assert not n["round-1-fox"].sure
    assert n["round-1-fox"].rests_on == ("trap-15",)


def _caught_unfed() -> dict[str, str | bool]:
    """easy-won with every trap crossed and the fox's foods unticked."""
    values = sheet("easy-won")
    fox_foods = [k for k, v in values.items() if k.startswith("F-") and k[2:3].islower()
                 and v is True]
    values |= {f"trap-{k}": True for k in range(1, 16)}
    return values | dict.fromkeys(fox_foods, False)


def test_a_line_said_empty_is_asked_nothing_written_first_where_a_box_it_reads_is_in_doubt():
    # the same sheet with a box the rule reads (a food of the fox's) to confirm, or read
    # short of sure: nothing written is first, asked
    values = _caught_unfed()
    ink = {"round-2-fox": [Reading("R4", 0.6), Reading("B4", 0.4)]}
    sure = narrow(unread(values, "round-2-fox"), ink)["round-2-fox"]
    assert sure.value == "-" and sure.sure
    asked = narrow(unread(values, "round-2-fox"), ink, doubtful=["F-apple"])["round-2-fox"]
    assert asked.value == "-" and not asked.sure
    unsure = narrow(unread(values, "round-2-fox"), ink, unsure=["F-apple"])
    assert unsure["round-2-fox"].value == "-" and not unsure["round-2-fox"].sure
    # a trap in doubt does not matter: short of the last trap, an animal unfed makes no
    # attempt either
    assert narrow(unread(values, "round-2-fox"), ink, unsure=["trap-3"])["round-2-fox"].sure


def test_an_animals_lines_after_its_escape_is_ticked_are_empty():
    # easy-won: the fox escaped in round 1 (its box ticked): the farmer's line against it in
    # round 1 and its round-2 lines hold nothing, in the referee's words; the rabbit's
    # round-1 escape is written as ever
    values = sheet("easy-won")
    assert values["round-1-fox-escaped"] is True
    state = sheet_state(values)
    empty = {name for name, _why, _boxes in state.empty}
    assert {"round-1-fox-trap", "round-2-fox", "round-2-fox-trap"} <= empty
    assert "round-1-rabbit" not in empty and "round-1-fox" not in empty
    n = narrow(unread(values, "round-2-fox"), {"round-2-fox": [Reading("R4", 1.0)]})
    assert n["round-2-fox"].value == "-" and n["round-2-fox"].sure
    assert said(n["round-2-fox"], "R4") == ("the fox has already escaped or been caught; it "
                                            "has no escape attempt any more")
    # the rule reads the box that ended the fox's game, and no other
    assert state.empty_line("round-2-fox")[2] == ("round-1-fox-escaped",)
    # the readings the rules would allow were the line not empty are named (offered first
    # after nothing written): not a die of a colour the player never owned
    n = narrow(unread(values, "round-2-fox"), {"round-2-fox": [Reading("K4", 0.5),
                                                               Reading("R4", 0.5)]})
    assert n["round-2-fox"].but_empty == ("R4",)


def test_no_line_is_empty_by_the_rules_before_the_endgame_may_begin_only_if_an_animal_is_unfed():
    # easy-won before its last trap, the fox's foods unticked: the endgame may not begin, so
    # its lines hold nothing (but one whose escape is ticked: the ticks disagree); with both
    # fed, a line is judged by its ink as ever
    values = _caught_unfed() | {"trap-15": False}
    state = sheet_state(values)
    assert not state.no_attempts
    why = state.empty_line("round-1-rabbit-trap")
    assert why is not None and say(why[1]) == (
        "the endgame may begin once each animal has eaten, or at the last trap; it was begun "
        "before the fox ate")
    assert sheet_state(sheet("easy-won")).empty_line("round-1-rabbit") is None


def test_the_farmer_rolls_his_traps_own_dice_and_uses_only_the_boxes_ticked():
    values = sheet("easy-lost")
    state = sheet_state(values)
    trap = state.attempts["round-1-fox-trap"]
    assert attempt_problem(state, trap, "R2 B3 B1 Y2 Y4; flip B1") is None
    assert "tries the fox's trap with" in say(attempt_problem(state, trap, "R2 B3 B1 Y2"))
    assert "box is not ticked" in say(attempt_problem(state, trap, "R2 B3 B1 Y2 Y4; +1 B1"))


def test_a_farmers_attempt_that_leaves_a_box_ticked_against_its_animal_unused_is_not_suggested():
    # easy-lost: the farmer's flip box is ticked against the fox, his one attempt on the
    # fox's trap flips B1. The same dice after the flip, written without it, meet the trap
    # alike: only the box tells them apart
    values = sheet("easy-lost")
    assert values["round-1-fox-trap"] == "R2 B3 B1 Y2 Y4; flip B1"
    n = narrow(unread(values, "round-1-fox-trap"),
               {"round-1-fox-trap": [Reading("R2 B3 B6 Y2 Y4", 0.6),
                                     Reading("R2 B3 B1 Y2 Y4; flip B1", 0.4)]})
    assert n["round-1-fox-trap"].value == "R2 B3 B1 Y2 Y4; flip B1"
    assert n["round-1-fox-trap"].sure
    assert said(n["round-1-fox-trap"], "R2 B3 B6 Y2 Y4") == \
        "the farmer's flip box is ticked against the fox's trap, but his attempts do not use it"


def test_an_unused_farmers_box_rules_nothing_out_while_another_attempt_may_use_it():
    # the farmer's round-2 attempt on the fox's trap is read too: a reading of it may use
    # the flip, so the round-1 reading without one is left
    values = sheet("easy-lost")
    n = narrow(unread(values, "round-1-fox-trap"),
               {"round-1-fox-trap": [Reading("R2 B3 B6 Y2 Y4", 0.6),
                                     Reading("R2 B3 B1 Y2 Y4; flip B1", 0.4)],
                "round-2-fox-trap": [Reading("R2 B3 B1 Y2 Y4; flip B1", 1.0)]})
    assert "R2 B3 B6 Y2 Y4" in [r.text for r in n["round-1-fox-trap"].left]


@pytest.mark.parametrize("text, fits", [
    ("R2 Y5 Y", True),                  # a colour whose face is not read yet
    ("R2 Y5 Y3", True),
    ("R2 B5", False),                   # no blue die owned
    ("R2 R5 R3", False),                # a third red die: two owned
    ("R2 Y7", False),                   # a face past six
    ("R2 Y5; +1 Y5", True),
    ("R2 Y5; +1 Y4", False),            # an aid on a die not rolled
    ("R6 Y5; +1 R6", False),            # +1 past six
    ("R2 Y5; flip Y5; -1 Y2", True),    # the aid after a flip uses the die it left
    ("R2 Y5; flip Y5; -1 Y5", False),
    ("R2 Y5; re-roll R2 Y5 -> R", True),
    ("R2 Y5; re-roll R2 Y5 -> Y1", False),   # a re-rolled die keeps its colour
    ("R2 Y5; re-roll R2 -> R1 R4", False),   # more dice back than taken
    ("R2 Y5; relancer Y5 -> Y1; girar Y1", True),
])
def test_a_partial_reading_of_an_attempt_is_followed_only_as_far_as_its_dice_fit(text, fits):
    # the reader drops a reading as soon as its dice break these rules (the beam keeps the
    # room for readings the rules may choose among): two red dice owned, two yellow, no blue
    assert fits_so_far((2, 0, 2), text) is fits


def test_an_attempts_aids_are_read_once_for_each_time_the_narrowing_asks_them(monkeypatch):
    # the narrowing asks the aids of the readings another attempt leaves for each attempt
    # and each box read the other way (2200000: 4,558 times, of 110 readings): each
    # reading's aids are read once, and are what they are
    from printkit.games.fox_rabbit import engine, narrow_attempts

    narrow_attempts.aid_kinds.cache_clear()
    parsed = spied(monkeypatch, engine.AidUse, "parse")
    texts = ["R2 Y5; flip Y5; -1 Y2", "R2 Y5", "R2 Y5; re-roll R2 -> R4", "R2; +1 R9"]
    kinds = [narrow_attempts.aid_kinds(t) for t in texts * 3]
    assert kinds == [(engine.FLIP, engine.PLUS_MINUS), (), (engine.REROLL,), ()] * 3
    assert len(parsed) == 4


def test_an_aid_is_read_once_for_the_readings_that_write_it_after_other_dice(monkeypatch):
    # the ruled beam asks the dice of a reading as it grows, the same aid after every head it
    # keeps (`relanzar R2 -> R5` after hundreds of them): each aid's word is read once, and
    # each reading's dice are what they are
    from printkit.games.fox_rabbit import narrow_attempts

    narrow_attempts._aid_read.cache_clear()
    words = spied(monkeypatch, narrow_attempts, "aid_notation")
    texts = ["R2 Y5; relancer Y5 -> Y1", "R2 Y5 Y3; relancer Y5 -> Y1",
             "Y5; relancer Y5 -> Y1", "R2 Y4; relancer Y5 -> Y1",
             "R2 Y5; relancer Y5 -> Y1; girar Y1", "R2 Y5; relancer Y5 -> B1"]
    needed = [narrow_attempts.dice_needed(t) for t in texts * 2]
    assert needed == [(1, 0, 1), (1, 0, 2), (0, 0, 1), None, (1, 0, 1), None] * 2
    assert sorted(words) == ["girar", "relancer", "relancer"]


def test_a_reading_grown_die_by_die_fits_a_room_as_read_whole():
    # whether a partial reading fits a room is read on from the reading one die shorter,
    # where that one was asked (the beam asks each as it grows): the same answers as a
    # reading read whole, a die that cannot be one, or one of a colour not owned, included
    from printkit.scan.writing import Known

    grown = ["R2", "R2 Y", "R2 Y5", "R2 Y5 B", "R2 Y5 B3", "R2 Y5 R7", "R2 Y5 Y3",
             "R2 Y5 Y3 R1", "R2 Y5 Y3 R1 Y2", "R2 Y5 Y3 K4 R1", "R2 Y5 Y3; +1 Y3"]
    fits = Known(None).fits((2, 0, 2))  # type: ignore[arg-type]
    assert [fits(t) for t in grown] == [fits_so_far((2, 0, 2), t) for t in grown] == [
        True, True, True, True, False, False, True, True, False, False, True]


def test_an_attempts_dice_are_read_within_the_dice_owned_or_a_doubtful_box_read_otherwise():
    values = sheet("easy-won")
    values["die-B"] = False
    assert attempt_rooms(values)["round-1-fox"] == (2, 1, 2)
    assert attempt_rooms(values, ["die-B"])["round-1-fox"] == (2, 2, 2)
    # the farmer rolls his trap's own dice
    lost = sheet("easy-lost")
    assert attempt_rooms(lost)["round-1-fox-trap"] == (1, 2, 2)


def test_escape_aids_the_circles_crossed_cannot_pay_for_are_not_suggested():
    # hard-won crosses one circle of each aid track; the two escape attempts' flips are
    # their free aids. Three flips more in the fox's would need two circles more.
    values = sheet("hard-won")
    fox, rabbit = values["round-1-fox"], values["round-1-rabbit"]
    many = "R2 R6 Y4 Y2; flip R2; flip R5; flip R2"
    n = narrow(unread(values, "round-1-fox", "round-1-rabbit"),
               {"round-1-fox": [Reading(many, 0.6), Reading(str(fox), 0.4)],
                "round-1-rabbit": [Reading(str(rabbit), 1.0)]})
    assert n["round-1-fox"].value == fox
    assert "cannot pay for these aids" in said(n["round-1-fox"], many)


def test_an_attempts_aids_are_weighed_against_the_others_readings_that_ask_least():
    # the rabbit's ink leans to three flips the circles cannot pay for; its own reading
    # (one flip, free) lets them pay for the fox's: the fox's reading stays
    values = sheet("hard-won")
    fox, rabbit = values["round-1-fox"], values["round-1-rabbit"]
    many = "R3 R3 B1 B6; flip B1; flip B6; flip B1"
    n = narrow(unread(values, "round-1-fox", "round-1-rabbit"),
               {"round-1-fox": [Reading(str(fox), 1.0)],
                "round-1-rabbit": [Reading(many, 0.6), Reading(str(rabbit), 0.4)]})
    assert [r.text for r in n["round-1-fox"].left] == [fox]
    assert n["round-1-rabbit"].value == rabbit
    assert "cannot pay for these aids" in said(n["round-1-rabbit"], many)


def test_an_attempt_is_not_ruled_out_for_aids_another_attempts_readings_cannot_pay_alone():
    # the rabbit's only reading asks three flips, which the circles cannot pay for even
    # with no aid in the fox's: the fox's reading is not what is wrong, and stays
    values = sheet("hard-won")
    fox = values["round-1-fox"]
    many = "R3 R3 B1 B6; flip B1; flip B6; flip B1"
    n = narrow(unread(values, "round-1-fox", "round-1-rabbit"),
               {"round-1-fox": [Reading(str(fox), 1.0)],
                "round-1-rabbit": [Reading(many, 1.0)]})
    assert n["round-1-fox"].value == fox and n["round-1-fox"].sure


# --- the score ---------------------------------------------------------------------------------
def test_the_score_the_rules_decide_says_so():
    values = sheet("easy-won")
    n = narrow(unread(values, "score", "score-foods"),
               {"score": [Reading("14", 0.6), Reading("11", 0.4)],
                "score-foods": [Reading("3", 0.9), Reading("8", 0.1)]})
    assert n["score"].value == "14" and n["score"].decided == "14" and n["score"].sure
    assert said(n["score"], "11") == "the run scores 14 here"
    assert n["score-foods"].value == "3" and n["score-foods"].sure


def test_a_score_whose_ink_reads_nothing_is_asked():
    # the rules' value may rest on a box misread: the ink is its check
    values = sheet("easy-won")
    n = narrow(unread(values, "score"), {"score": []})
    assert n["score"].value == "14" and n["score"].decided == "14"
    assert not n["score"].sure


def test_a_score_the_ink_reads_otherwise_is_asked():
    values = sheet("easy-won")
    n = narrow(unread(values, "score"), {"score": [Reading("17", 0.95), Reading("11", 0.05)]})
    assert n["score"].value == "14"
    assert not n["score"].sure


def test_a_score_is_asked_while_a_value_it_rests_on_is():
    # easy-won: F-B4's ink between 10 and 16, both fitting its trail; the score's ink reads
    # the rules' 14, which the run of either reading scores: still asked, the player's F-B4
    # deciding the run it is the score of
    values = sheet("easy-won")
    n = narrow(unread(values, "score", "F-B4"),
               {"score": [Reading("14", 0.95), Reading("11", 0.05)],
                "F-B4": [Reading("10", 0.55), Reading("16", 0.45)]})
    assert not n["F-B4"].sure
    assert n["score"].value == "14" and n["score"].decided == "14"
    assert not n["score"].sure


@pytest.mark.parametrize("example", ["easy-won", "hard-won", "super-hard-lost", "easy-lost",
                                     "super-hard-won"])
def test_every_value_of_a_legal_run_is_left_by_the_rules(example):
    # the rules never rule out what a legal run wrote
    values = sheet(example)
    written = {k: v for k, v in values.items()
               if isinstance(v, str) and k not in (sf.IDENTITY, "date") and v}
    n = narrow(unread(values, *written), {k: [Reading(v, 1.0)] for k, v in written.items()})
    assert {k: x.value for k, x in n.items()} == written
    assert all(x.sure for x in n.values())


def test_the_attempts_verdicts_kept_across_a_sheets_narrowings_narrow_as_judged_afresh(
        monkeypatch):
    # `narrow` narrows the sheet again with each doubtful or unsure box read otherwise, and
    # keeps each attempt reading's verdict, and whether the circles pay for the escapes'
    # readings, for the narrowings that judge them in a game alike: the same readings left
    # and ruled out, for the same reasons, as with nothing kept from one to the next
    from printkit.games.fox_rabbit import narrowing

    values = sheet("hard-won")
    fox, rabbit = values["round-1-fox"], values["round-1-rabbit"]
    many = "R3 R3 B1 B6; flip B1; flip B6; flip B1"
    ink = {"round-1-fox": [Reading(str(fox), 0.7), Reading("R2 R6 Y4 Y2; flip R5", 0.3)],
           "round-1-rabbit": [Reading(many, 0.6), Reading(str(rabbit), 0.4)]}
    doubtful, unsure = ["die-B", "flip-1"], ["die-Y", "trap-3"]
    asked = unread(values, "round-1-fox", "round-1-rabbit")
    judged = spied(monkeypatch, narrowing, "attempt_problem")
    paid = spied(monkeypatch, narrowing, "paid")
    kept = narrow(asked, ink, doubtful, unsure)
    kept_judged, kept_paid = len(judged), len(paid)

    class Afresh(narrowing._Sheet):   # a sheet's narrowing keeping nothing for the next
        def __init__(self, *args, **kwargs) -> None:
            super().__init__(*args, **kwargs)
            self.judged, self.paid = {}, {}

    monkeypatch.setattr(narrowing, "_Sheet", Afresh)
    judged.clear()
    paid.clear()
    afresh = narrow(asked, ink, doubtful, unsure)
    assert kept_judged < len(judged) and kept_paid < len(paid)
    assert {n: (v.left, [(r.text, r.chance, say(r.why)) for r in v.ruled_out], v.sure)
            for n, v in kept.items()} == \
        {n: (v.left, [(r.text, r.chance, say(r.why)) for r in v.ruled_out], v.sure)
         for n, v in afresh.items()}
