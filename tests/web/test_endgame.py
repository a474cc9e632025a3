"""The guided endgame of play-along in a real headless Chromium: round by round, the engine
deciding, the page offering only legal choices, the score box filled at the end."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import yaml

from printkit.games.fox_rabbit.players.game import play
from printkit.games.fox_rabbit.template import load_map
from tests.web.page import RefereePage
from tests.web.test_page import printkit_validate


@pytest.fixture
def page(browser_tab, server):
    p = RefereePage(browser_tab, server.url)
    yield p
    p.close()


def before_the_endgame(tmp_path: Path) -> tuple[Path, dict]:
    """Return a record of a legal easy game played to its endgame, and the whole game."""
    whole = play(load_map("classic"), "easy", random.Random(1)).record
    assert whole["traps_crossed"] < 15 and len(whole["escape_attempts"]) == 2
    path = tmp_path / "to-the-endgame.yaml"
    path.write_text(yaml.safe_dump({
        **whole, "escape_attempts": [], "trigger_attempts": [],
        "claimed": {"achievements": []}}), encoding="utf-8")
    return path, whole


def open_in_play(page: RefereePage, path: Path) -> None:
    page.page.set_input_files("#file", str(path))
    page.page.wait_for_selector('[data-field="F-B4"] + .written', state="attached")
    page.settled()
    page.show_tab("play")


def roll(page: RefereePage, dice: str) -> None:
    page.page.fill("#eg-roll", dice)
    page.page.press("#eg-roll", "Enter")
    page.settled()


def record(page: RefereePage) -> None:
    page.page.click("#eg-record")
    page.settled()


def offered(page: RefereePage) -> list[str]:
    return [b.inner_text() for b in page.page.locator("#eg-aids button").all()]


def test_both_animals_escape_and_the_score_box_fills_itself(page, tmp_path):
    path, whole = before_the_endgame(tmp_path)
    open_in_play(page, path)
    assert page.progress()[-1].startswith("You may start the endgame now: 3 foods eaten")
    page.page.click("#start-endgame")
    page.settled()
    assert page.page.inner_text("#eg-head") == "Round 1: the fox's escape attempt"
    need = page.page.inner_text("#eg-need")
    assert "orange 10 or 11, all dice rolled total at most 13" in need
    assert "one more aid is free" in need
    roll(page, "R2 Y5 Y3")
    assert page.page.inner_text("#eg-result") == "R2 Y3 Y5: the fox escapes"
    assert offered(page) == []
    record(page)
    assert page.page.inner_text("#eg-head") == "Round 1: the rabbit's escape attempt"
    # between two attempts the game is in progress, not illegal
    verdict = page.verdict()
    assert verdict["head"] == "In progress: no rule broken so far"
    assert verdict["violations"] == []
    assert page.page.get_attribute("#verdict", "data-state") == "progress"
    roll(page, "R2 R4 B5 B5")
    assert page.page.inner_text("#eg-result") == "R2 R4 B5 B5: the rabbit does not escape yet"
    choices = offered(page)
    # single aids on the dice rolled, as far as they stay within 1-6, and a re-roll
    assert "-1 R2" in choices and "flip B5" in choices and "re-roll" in choices
    assert "+1 B6" not in choices and all(not c.startswith("-1 R1") for c in choices)
    page.page.click('#eg-aids button[data-aid="-1 R2"]')
    page.settled()
    assert page.page.inner_text("#eg-result") == ("R1 R4 B5 B5 (after -1 R2): the rabbit "
                                                  "escapes")
    record(page)
    assert page.page.inner_text("#eg-head") == "The game is over"
    verdict = page.verdict()
    assert verdict["head"] == "Legal run: no rule broken"
    claimed = whole["claimed"]
    assert verdict["score"] == (str(claimed["score"]), str(claimed["score"]))
    assert verdict["title"] == (claimed["title"], claimed["title"])
    names = {a.id: a.text for a in load_map("classic").scoring.achievements}
    assert verdict["achievements"][1] == "; ".join(names[a] for a in claimed["achievements"])
    # the record downloaded is the game the simulator played, and printkit validate agrees
    saved = tmp_path / "played.yaml"
    saved.write_text(page.download_yaml(), encoding="utf-8")
    report = printkit_validate(saved)
    assert report["legal"] is True and report["computed"]["score"] == claimed["score"]


def test_the_farmer_plays_to_catch_with_his_aids_and_a_re_roll(page, tmp_path):
    path, _ = before_the_endgame(tmp_path)
    open_in_play(page, path)
    page.page.click("#start-endgame")
    page.settled()
    for dice in ("R1 Y1", "R1 B1"):
        roll(page, dice)
        record(page)
    assert page.page.inner_text("#eg-head") == "Round 1: the farmer against the fox's trap"
    assert "R B B Y Y" in page.page.inner_text("#eg-need")
    roll(page, "R1 B4 B4")  # not the fox trap's dice: refused, nothing recorded
    assert page.page.inner_text("#eg-result") == (
        "Refused: the farmer tries the fox's trap with 1 red, 2 blue and 2 yellow dice, not "
        "R1 B4 B4")
    page.page.click("#eg-again")
    page.settled()
    roll(page, "R1 B4 B4 Y5 Y5")
    assert page.page.inner_text("#eg-result") == ("R1 B3 B4 Y5 Y5 (after -1 B4): the fox is "
                                                  "caught")
    record(page)
    assert page.pressed("farmer-plus-minus-F")
    # against the rabbit no +/-1 or flip can catch: the farmer re-rolls, the player rolls
    page.page.fill("#eg-roll", "R1 B1 Y1")
    page.page.press("#eg-roll", "Enter")
    page.page.fill("#ask-input", "R2 B3 Y5")
    page.page.press("#ask-input", "Enter")
    page.settled()
    assert page.page.inner_text("#eg-result") == ("R2 B3 Y5 (after re-roll R1 B1 Y1 -> R2 B3 "
                                                  "Y5): the rabbit is caught")
    record(page)
    assert page.page.inner_text("#eg-head") == "The game is over"
    verdict = page.verdict()
    assert verdict["head"] == "Legal run: no rule broken"
    assert verdict["score"] == ("3", "3")
    assert verdict["title"] == ("Mere scavenger rodents", "Mere scavenger rodents")
