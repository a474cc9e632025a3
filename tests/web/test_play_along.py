"""Play-along in a real headless Chromium: the verdict tells the truth after every mark."""

from __future__ import annotations

import random

import pytest

from printkit.games.fox_rabbit.players.game import play
from printkit.games.fox_rabbit.template import load_map
from tests.web.page import RefereePage
from tests.web.play import ApiPlayer


@pytest.fixture
def page(browser_tab, server):
    p = RefereePage(browser_tab, server.url)
    yield p
    p.close()


def played(seed: int, mode: str = "easy") -> list[str]:
    """Return the turn log of a legal game the simulator plays."""
    return play(load_map("classic"), mode, random.Random(seed)).record["turns"]


def test_a_legal_crossing_mid_turn_is_legal_before_end_turn(page):
    page.choose("easy", "play")
    page.roll("R1 B6 Y5")
    page.pick("Y5")
    page.aid("+1")
    page.cross("R-B1", "Y6")
    verdict = page.verdict()
    assert verdict["head"] == "Turn 1 in progress: legal so far"
    assert verdict["violations"] == []
    assert page.marked() == set()
    assert page.page.get_attribute("#verdict", "data-state") == "progress"
    page.end_turn()
    assert page.verdict()["head"] == "In progress: no rule broken so far"


def test_the_empty_sheet_shows_progress_not_a_problem(page):
    page.choose("easy", "play")
    verdict = page.verdict()
    assert verdict["violations"] == []
    assert verdict["head"] == "In progress: no rule broken so far"
    assert page.progress() == [
        "Turn 1: 0 of 15 traps crossed; 0 foods eaten (fox: none; rabbit: none)",
        "The endgame may begin once both animals have eaten (the fox and the rabbit have not "
        "yet) and 3 foods are eaten (0 so far), or at the farmer's last trap"]


def test_a_wrong_mark_mid_turn_is_said_at_that_turn(page):
    # entered by tapping (not through play-along's refusals), a cell the turn does not cross
    page.choose("easy", "play")
    page.roll("R1 B6 Y5")
    page.show_tab("enter")
    page.tap("F-A1")
    page.check_sheet()
    verdict = page.verdict()
    assert verdict["violations"] == [
        "F-A1: the sheet shows F-A1 crossed, but no turn crosses it (the record)"]
    assert page.marked() == {"F-A1"}


def test_the_page_is_busy_until_the_referee_has_answered_a_tap(page):
    # the referee's answer to a tap held back: the page must say it is still working, or
    # a verdict read meanwhile is the one from before the tap (CI saw it once: no violation)
    page.choose("easy", "play")
    page.roll("R1 B6 Y5")
    page.show_tab("enter")
    held = []
    page.page.route("**/api/check", lambda route: held.append(route))
    page.tap("F-A1")
    page.page.click("#check-now")
    page.page.wait_for_timeout(100)
    assert held, "the tap asked the referee nothing"
    assert page.page.get_attribute("body", "data-busy") == "true"
    for route in held:
        route.continue_()
    page.page.unroute("**/api/check")
    assert page.verdict()["violations"] == [
        "F-A1: the sheet shows F-A1 crossed, but no turn crosses it (the record)"]


def test_a_whole_game_played_along_never_raises_a_false_alarm(page):
    page.choose("easy", "play")
    shown: list[tuple[str, str, list[str]]] = []

    def look(step: str) -> None:
        v, marked = page.verdict_and_marks()
        shown.append((step, v["head"], v["violations"]))
        assert not v["violations"], (step, v)
        assert marked == set(), step

    turns = played(1)
    for line in turns:
        page.play_line(line, look)
    assert page.log() == turns
    assert len(shown) > 2 * len(turns)
    # both animals fed and 3 foods eaten: the page says the endgame may begin
    assert page.progress()[-1].startswith("You may start the endgame now: ")


def test_twenty_games_through_the_api_give_no_false_alarm(server):
    mid = 0
    for seed in range(1, 21):
        player = ApiPlayer(server.url)
        player.play(played(seed))
        assert player.refusals == []
        alarms = [(v.after, v.problems) for v in player.verdicts if v.problems]
        assert alarms == [], (seed, alarms)
        mid += sum(v.mid_turn for v in player.verdicts)
    assert mid > 20 * 10   # the verdicts counted are mostly mid-turn ones
