"""What the narrowing keeps from one `narrow` to the next (issue 31, the values' CPU): the
game a sheet's ticks leave (`narrow_sheet.sheet_state`) and the attempts' verdicts
(`narrow_attempts.kept_verdicts`). A photo's values are suggested again once a box is
answered or a value typed; narrowed with what was kept, they narrow as with nothing kept,
and the shortcut fires (fewer games played, fewer readings judged)."""

from __future__ import annotations

import pytest

from printkit.games.fox_rabbit import narrow_attempts, narrow_sheet, narrowing
from printkit.games.fox_rabbit.narrowed import Reading
from printkit.games.fox_rabbit.narrowing import narrow
from printkit.message import say
from tests.fox_rabbit.test_narrowing import sheet, unread
from tests.spies import spied


def _said(out):
    return {n: (v.value, v.left, [(r.text, r.chance, say(r.why)) for r in v.ruled_out], v.sure,
                v.decided, v.rests_on) for n, v in out.items()}


@pytest.fixture
def asked():
    # hard-won with its two attempts read from ink (one reading out of the game, one whose
    # aids the circles may not pay), two boxes in doubt and two read short of sure: the sheet
    # is narrowed again with each of them read the other way
    values = sheet("hard-won")
    fox, rabbit = values["round-1-fox"], values["round-1-rabbit"]
    ink = {"round-1-fox": [Reading(str(fox), 0.7), Reading("R2 R6 Y4 Y2; flip R5", 0.3)],
           "round-1-rabbit": [Reading("R3 R3 B1 B6; flip B1; flip B6; flip B1", 0.6),
                              Reading(str(rabbit), 0.4)]}
    return unread(values, "round-1-fox", "round-1-rabbit"), ink


class _Forgets(dict):
    def __setitem__(self, key, value) -> None:   # keeps nothing
        pass


def _afresh(monkeypatch):
    # nothing kept from before: no game kept, no verdict kept from the last narrow
    monkeypatch.setattr(narrow_sheet, "_STATES", _Forgets(), raising=False)
    monkeypatch.setattr(narrow_attempts, "_KEPT", [], raising=False)


def test_a_sheet_narrowed_again_plays_no_game_again_and_narrows_as_afresh(monkeypatch, asked):
    values, ink = asked
    doubtful, unsure = ["die-B", "flip-1"], ["die-Y", "trap-3"]
    typed = ({**values, "round-1-fox": "-"}, {"round-1-rabbit": ink["round-1-rabbit"]})
    monkeypatch.setattr(narrow_sheet, "_STATES", {}, raising=False)
    played = spied(monkeypatch, narrow_sheet, "read_run")
    first = narrow(values, ink, doubtful, unsure)
    games = len(played)
    again = narrow(*typed, doubtful, unsure)   # a value typed: the same ticks
    assert games and len(played) == games      # no game played again
    _afresh(monkeypatch)
    played.clear()
    assert _said(narrow(values, ink, doubtful, unsure)) == _said(first)
    assert _said(narrow(*typed, doubtful, unsure)) == _said(again)
    assert len(played) == 2 * games   # with nothing kept, each narrow plays its games


def test_an_attempts_verdicts_kept_for_the_next_narrow_are_those_judged_afresh(monkeypatch,
                                                                                asked):
    values, ink = asked
    doubtful, unsure = ["die-B"], ["die-Y", "trap-3"]
    monkeypatch.setattr(narrow_attempts, "_KEPT", [], raising=False)
    judged = spied(monkeypatch, narrowing, "attempt_problem")
    paid = spied(monkeypatch, narrowing, "paid")
    narrow(values, ink, doubtful, unsure)
    assert judged and paid
    judged.clear()
    paid.clear()
    # the player answered a box in doubt: the same readings, mostly the same games
    answered = {**values, "die-B": not values.get("die-B")}
    kept = narrow(answered, ink, [], unsure)
    kept_judged, kept_paid = len(judged), len(paid)
    _afresh(monkeypatch)
    judged.clear()
    paid.clear()
    afresh = narrow(answered, ink, [], unsure)
    assert kept_judged < len(judged) and kept_paid < len(paid)
    assert _said(kept) == _said(afresh)


def test_the_verdicts_kept_are_let_go_at_another_maps_sheet(asked):
    values, ink = asked
    narrow(values, ink)
    kept = narrow_attempts._KEPT[0]
    other = sheet("easy-won")
    narrow(unread(other, "round-1-fox"), {"round-1-fox": [Reading("R1 Y2", 1.0)]})
    assert narrow_attempts._KEPT[0] is not kept


def test_a_box_in_doubt_that_changes_the_dice_judges_the_farmers_readings_once(monkeypatch):
    # easy-lost: the farmer's attempt on the fox's trap and the fox's escape read from ink,
    # the blue die's box in doubt (read the other way, the player owns other dice): the fox's
    # escape is judged again in that game, but the farmer rolls his trap's own dice, so his
    # readings' verdicts are the same and judged once
    values = sheet("easy-lost")
    fox, trap = values["round-1-fox"], values["round-1-fox-trap"]
    ink = {"round-1-fox": [Reading(str(fox), 0.6), Reading("B6 B2 Y2 Y6", 0.4)],
           "round-1-fox-trap": [Reading("R2 B3 B6 Y2 Y4", 0.6), Reading(str(trap), 0.4)]}
    read = unread(values, "round-1-fox", "round-1-fox-trap")
    _afresh(monkeypatch)
    judged = spied(monkeypatch, narrowing, "attempt_problem",
                   lambda state, place, text: (place.farmer, state.dice, text))
    kept = narrow(read, ink, ["die-B"], ["die-B"])
    farmer = [j for j in judged if j[0]]
    assert len({j[1] for j in judged}) == 2            # the fox's escape judged in both games
    assert farmer and len(farmer) == len({j[2] for j in farmer})   # each judged once
    # nothing shared between games: each judged in each game, as narrowed
    monkeypatch.setattr(narrowing, "game_judged", lambda *args: (object(),))
    assert _said(narrow(read, ink, ["die-B"], ["die-B"])) == _said(kept)


def test_a_box_read_short_of_sure_tried_the_other_way_scores_no_run_where_no_score_is_asked(
        monkeypatch):
    # easy-won: the fox's escape read from ink, its two blue dice ruled out by the blue die's
    # box read empty short of sure, the score's ink read too. Each box read short of sure is
    # tried the other way for the attempt alone (no score is ruled out): the run is scored
    # once, for the sheet as read, and every value is as before (the score's ink agreeing)
    values = sheet("easy-won")
    values["die-B"] = False
    score = str(values["score"])
    ink = {"round-1-fox": [Reading("R2 Y5 Y3 B1 B1", 0.6), Reading("R2 Y5 Y3", 0.4)],
           "score": [Reading(score, 0.9), Reading("7", 0.1)]}
    scored = spied(monkeypatch, narrowing, "validate_run")
    n = narrow(unread(values, "round-1-fox", "score"), ink,
               unsure=["trap-3", "die-B", "trap-14", "F-apple"])
    fox = n["round-1-fox"]
    assert [r.text for r in fox.left] == ["R2 Y5 Y3 B1 B1", "R2 Y5 Y3"]
    assert not fox.sure and fox.rests_on == ("die-B",)
    assert n["score"].value == score and n["score"].decided == score
    assert not n["score"].sure and n["score"].waits    # it waits on the fox's escape
    assert [(r.text, say(r.why)) for r in n["score"].ruled_out] == \
        [("7", f"the run scores {score} here")]
    assert len(scored) == 1


def test_a_box_read_short_of_sure_tried_the_other_way_narrows_only_the_attempt_it_asks(
        monkeypatch):
    # easy-won: both escapes read from ink, the fox's two blue dice ruled out by the blue
    # die's box read empty short of sure. Each box read short of sure is tried the other way
    # for the fox's attempt alone: the rabbit's readings are judged with it (the escapes'
    # aids are paid together), but narrowed once, for the sheet as read; both as before
    values = sheet("easy-won")
    values["die-B"] = False
    rabbit = "R6 B5"   # (purple: red and blue 11 or 12)
    ink = {"round-1-fox": [Reading("R2 Y5 Y3 B1 B1", 0.6), Reading("R2 Y5 Y3", 0.4)],
           "round-1-rabbit": [Reading(rabbit, 0.8), Reading("G2 G2", 0.2)]}
    _afresh(monkeypatch)
    narrowed = spied(monkeypatch, narrowing, "narrowed_reading", lambda name, *rest: name)
    n = narrow(unread(values, "round-1-fox", "round-1-rabbit"), ink,
               unsure=["trap-3", "die-B", "trap-14", "F-apple"])
    fox = n["round-1-fox"]
    assert [r.text for r in fox.left] == ["R2 Y5 Y3 B1 B1", "R2 Y5 Y3"]
    assert not fox.sure and fox.rests_on == ("die-B",)
    assert n["round-1-rabbit"].value == rabbit and n["round-1-rabbit"].sure
    assert [(r.text, say(r.why)) for r in n["round-1-rabbit"].ruled_out] == \
        [("G2 G2", "the player owns no green die")]
    assert narrowed.count("round-1-rabbit") == 1 < narrowed.count("round-1-fox")


def test_a_score_part_resting_on_a_box_read_short_of_sure_is_told_without_scoring_the_run(
        monkeypatch):
    # easy-won: the fox's food box read empty short of sure, the foods' score read from ink
    # (no total read): the part the ink reads is kept with the rules' own, asked, resting on
    # that box; a part is the ticks' alone, so no run is scored for it, either way
    values = sheet("easy-won")
    values["F-apple"] = False
    foods = str(values["score-foods"])
    ink = {"score-foods": [Reading(foods, 0.9), Reading("0", 0.1)]}
    scored = spied(monkeypatch, narrowing, "validate_run")
    n = narrow(unread(values, "score-foods"), ink, unsure=["trap-3", "F-apple", "die-B"])
    part = n["score-foods"]
    assert foods in [r.text for r in part.left] and part.value == foods
    assert not part.sure and part.rests_on == ("F-apple",)
    assert len(scored) == 0


def test_a_box_read_short_of_sure_tried_for_an_escape_judges_no_farmers_attempt_again(
        monkeypatch):
    # easy-lost: the fox's escape and the farmer's attempt on its trap read from ink, the
    # fox's two blue dice ruled out by the blue die's box read empty short of sure, and the
    # farmer's flip box read short of sure too. Each is tried the other way for the escape
    # alone, which is judged with the other escapes, never with the farmer's attempts: his
    # readings are judged once, for the sheet as read, though his box read otherwise would
    # judge them otherwise; both values as before
    values = sheet("easy-lost")
    values["die-B"] = False
    fox, trap = str(values["round-1-fox"]), str(values["round-1-fox-trap"])
    ink = {"round-1-fox": [Reading(fox, 0.6), Reading("B6 B2", 0.4)],
           "round-1-fox-trap": [Reading(trap, 0.7), Reading("R2 B3 B1 Y2 Y4; flip R2", 0.3)]}
    _afresh(monkeypatch)
    judged = spied(monkeypatch, narrowing, "attempt_problem",
                   lambda state, place, text: (place.farmer, text))
    n = narrow(unread(values, "round-1-fox", "round-1-fox-trap"), ink,
               unsure=["farmer-flip-F", "die-B", "trap-3"])
    assert n["round-1-fox"].value == fox and n["round-1-fox"].rests_on == ("die-B",)
    assert not n["round-1-fox"].sure
    assert n["round-1-fox-trap"].value == trap and n["round-1-fox-trap"].rests_on == ()
    farmer = [text for is_farmer, text in judged if is_farmer]
    assert farmer and len(farmer) == len(set(farmer))   # each judged once
