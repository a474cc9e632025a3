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
