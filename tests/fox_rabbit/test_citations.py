"""Paper and referee agree: every rule a violation can cite is printed, in the words it uses.

A player holds the gamesheet and the rule summary. Every violation cites a numbered
clarification of the rule summary; this test finds each one printed, with its number and
title, and finds the words the validator's messages use for it on the paper too.
"""

import re
from pathlib import Path

import pytest

from printkit.draw.paper import A4, LETTER
from printkit.games.catalog import GAMES
from printkit.games.fox_rabbit.rulings import PLAY_RULES, Rule
from printkit.games.fox_rabbit.template import load_map
from printkit.games.fox_rabbit.validate import validate_text
from printkit.products.fox_rabbit.gamesheet import gamesheet
from printkit.products.rules.summary import rule_summary
from tests.helpers import text

ROOT = Path(__file__).parent.parent.parent
FIXTURES = sorted((ROOT / "tests/fixtures/fox_rabbit").glob("fail_*.yaml"))
EASY = (ROOT / "tests/fixtures/fox_rabbit/legal_easy_won_sheet.yaml").read_text()
#: Mistakes no fixture makes, so that every rule's message is heard at least once here.
MORE = [
    # the fox starts on a tunnel trail
    EASY.replace(" F-A1,", "").replace("crossed: [R-B1, F-B1, R-B2, F-B2, F-B3, F-B4, F-B5,",
                                       "crossed: [R-B1, F-C1, R-B2,"),
    # the last trap falls with the fox unfed, and attempts are written anyway
    EASY.replace(" F-A1,", "").replace(" F-B1, ", " ").replace(" F-B2, F-B3, F-B4, F-B5,", "")
        .replace("fox: [apple]", "fox: []").replace("red die, ", "").replace("F-B4: 10, ", "")
        .replace("traps_crossed: 14", "traps_crossed: 15"),
    # super-hard begun with three foods
    EASY.replace("mode: easy", "mode: super-hard"),
]
#: For each rule, words a violation of it says, which the paper must say too.
WORDS = {
    Rule.DICE: "rolls all of their dice",
    Rule.CROSSING: "cells are crossed in order",
    Rule.CIRCLES: "the number before it on the trail",
    Rule.ONE_TRAIL: "follows one trail at a time, to its end",
    Rule.TUNNELS: "first trail leaves its starting position",
    Rule.EATING: "never eats the same food twice",
    Rule.REWARDS: "each food eaten earns one reward while any is left",
    Rule.AIDS: "each use crosses an active circle",
    Rule.FARMER: "no turn is played after it",
    Rule.ENDGAME: "the endgame may begin once each animal has eaten",
    Rule.UNFED: "both animals are caught at once, and no attempts follow",
    Rule.ESCAPE: "one aid more is free",
    Rule.ROUNDS: "rounds go on until each animal has escaped or been caught",
    Rule.TRAPS: "each box serves once against each animal's trap",
    Rule.SCORE: "points earn the title",
}


def _messages() -> dict[Rule, list[str]]:
    """Return the violations' texts of every fixture and of MORE, by the rule they cite."""
    said: dict[Rule, list[str]] = {}
    for record in [p.read_text() for p in FIXTURES] + MORE:
        for v in validate_text(record).violations:
            said.setdefault(v.rule, []).append(_flat(v.text))
    return said


def _flat(words: str) -> str:
    return " ".join(words.replace("\u2019", "'").split()).lower()


@pytest.fixture(scope="module", params=[LETTER, A4], ids=["letter", "a4"])
def paper(request):
    rules = text(rule_summary(GAMES["fox-and-rabbit"], request.param).pdf_bytes())
    sheet = text(gamesheet(load_map("classic"), "super-hard", request.param).pdf_bytes())
    return rules, sheet


def test_every_rule_a_violation_can_cite_is_numbered_and_printed(paper):
    rules, _ = paper
    clarifications = rules[rules.index("Clarifications"):]
    for rule in PLAY_RULES:
        assert re.search(rf"(?m)^\s*{rule.number}\s*\n?{re.escape(rule.title)}\. ",
                         clarifications), \
            f"clarification {rule.number} ({rule.title}) is not printed"
    assert [r.number for r in PLAY_RULES] == list(range(1, len(PLAY_RULES) + 1))


def test_the_words_of_each_rule_are_printed_and_used_by_the_referee(paper):
    rules, sheet = paper
    printed = _flat(rules) + " " + _flat(sheet)
    said = _messages()
    assert set(WORDS) == set(PLAY_RULES)
    for rule, words in WORDS.items():
        assert words.lower() in printed, f"{rule.citation}: {words!r} is not on paper"
        assert any(words.lower() in text for text in said.get(rule, [])), \
            f"{rule.citation}: no message of the referee says {words!r}: {said.get(rule)}"


def test_the_sheet_states_a_turn_and_the_farmers_aids_as_the_referee_does(paper):
    _, sheet = paper
    flat = _flat(sheet)
    for words in ("aids first", "a die per cell", "one trail at a time, to its end",
                  "it counts from the next turn", "crosses the next trap",
                  "each box serves once against each animal's trap", "he plays to catch",
                  "one aid free", "past round 2, continue on the back of the sheet"):
        assert words in flat, words


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_every_violation_cites_a_printed_clarification_or_the_record(path):
    for v in validate_text(path.read_text()).violations:
        assert v.rule in PLAY_RULES or v.rule is Rule.RECORD
        assert str(v).endswith(f"({v.rule.citation})" if v.rule is not Rule.RECORD
                               else "(the record disagrees with itself)")
