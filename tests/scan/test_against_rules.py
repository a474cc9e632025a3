"""A value whose ink reads, surely, what the rules rule out is asked on its own, what the
photo reads named (`against_rules`): never listed as the rules' other reading for one Enter
to take, which would mend a broken sheet and call the run legal. Where the ink is not sure
(under `AGAINST_INK`, faint, doubted, a piece left out), the rules' reading is listed as
before. The suggestions are made up."""

from __future__ import annotations

from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.games.fox_rabbit.narrowed import Reading, RuledOut
from printkit.message import tr
from printkit.scan.against_rules import AGAINST_INK, against_rules
from printkit.scan.spelling import Guess
from printkit.scan.suggest import Suggestion

WHY = tr("the number written must be higher than {previous}, the number before it on the "
         "trail", previous=4)


def _circle(sure: bool = False) -> Suggestion:
    """F-B4 as the rules leave it: 10 (the ink's 3 ruled out)."""
    return Suggestion("F-B4", sf.CIRCLE, "10", sure, (Reading("10", 1.0),),
                      (RuledOut("3", 0.95, WHY),))


def test_the_inks_sure_reading_the_rules_rule_out_is_named_and_the_value_asked() -> None:
    s = against_rules(_circle(sure=True), [Guess("3", 0.95), Guess("10", 0.03)])
    assert s.against == RuledOut("3", 0.95, WHY)
    assert not s.sure
    assert s.as_dict()["read_against_rules"] == {
        "value": "3", "chance": 0.95,
        "why": "the number written must be higher than 4, the number before it on the trail"}
    # the rules' readings stay, offered by letter
    assert [r.text for r in s.candidates] == ["10"]


def test_ink_short_of_sure_leaves_the_rules_reading_listed() -> None:
    below = AGAINST_INK - 0.01
    for ink in ([Guess("3", below), Guess("10", 0.01)],
                [Guess("3", 0.95, faint=True)],
                [Guess("3", 0.95, doubted=True)],
                [Guess("3", 0.95, whole=False)],
                [Guess("3", 0.95, evidence=0.01)],
                []):
        assert against_rules(_circle(), ink).against is None, ink


def test_the_inks_sure_reading_the_rules_allow_is_no_such_value() -> None:
    assert against_rules(_circle(), [Guess("10", 0.99)]).against is None
