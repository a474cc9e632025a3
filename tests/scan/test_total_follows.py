"""A score's total where a part is suggested as its ink reads it, over the rules' value
(issue 31; generator 2's light pencil tuning photo light-2985564, as the photo comes: its
traps part `1` read clearly over the rules' 0, a trap box misread, the total still the
rules' 13 where the player wrote 14). The total is offered moved by the part, the rules'
value next, asked (`total_follows.moved_by_parts`). The suggestions are made up."""

from __future__ import annotations

from pathlib import Path

from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.games.fox_rabbit.board import rules_digest
from printkit.games.fox_rabbit.narrow_sheet import sheet_state
from printkit.games.fox_rabbit.narrowed import Reading, RuledOut
from printkit.games.fox_rabbit.narrowing import score_parts
from printkit.games.fox_rabbit.reader import read_run
from printkit.message import tr
from printkit.scan.suggest import Suggestion
from printkit.scan.total_follows import given_step, moved_by_parts

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "fox-and-rabbit"


def _sheet(example: str) -> dict[str, str | bool]:
    """The values of the sheet an example run fills, with its hidden identity field."""
    run = read_run((EXAMPLES / f"{example}.yaml").read_text(encoding="utf-8"))
    values = sf.form_values(run)
    values[sf.IDENTITY] = sf.identity(run.map, run.map.modes[run.mode], rules_digest(run.map))
    return values


def _part(name: str, value: str, decided: str) -> Suggestion:
    return Suggestion(name, sf.SCORE_PART, value, False,
                      (Reading(value, 1.0), *((Reading(decided, 0.0),) if value != decided
                                              else ())), (), decided)


def _total(decided: str, sure: bool = False) -> Suggestion:
    return Suggestion("score", sf.SCORE_TOTAL, decided, sure, (Reading(decided, 1.0),), (),
                      decided)


def test_a_part_read_over_the_rules_moves_the_total() -> None:
    out = moved_by_parts({"score-foods": _part("score-foods", "3", "3"),
                          "score-escaped": _part("score-escaped", "10", "10"),
                          "score-traps": _part("score-traps", "1", "0"),
                          "score": _total("13")})
    total = out["score"]
    assert (total.value, total.sure, total.decided) == ("14", False, "13")
    assert [r.text for r in total.candidates] == ["14", "13"]
    assert out["score-traps"].value == "1"


def test_parts_as_the_rules_decide_leave_the_total() -> None:
    parts = {"score-foods": _part("score-foods", "3", "3"), "score": _total("13")}
    assert moved_by_parts(parts)["score"].value == "13"


def test_a_total_its_ink_agrees_with_is_left_asked_while_a_part_is() -> None:
    out = moved_by_parts({"score-traps": _part("score-traps", "1", "0"),
                          "score": _total("13", sure=True)})
    assert (out["score"].value, out["score"].sure) == ("13", False)


def test_a_total_its_ink_agrees_with_is_sure_where_its_parts_are() -> None:
    sure_part = Suggestion("score-foods", sf.SCORE_PART, "3", True, (Reading("3", 1.0),), (),
                           "3")
    out = moved_by_parts({"score-foods": sure_part, "score": _total("13", sure=True)})
    assert (out["score"].value, out["score"].sure) == ("13", True)


def test_a_part_asked_as_the_rules_decide_keeps_the_total_asked() -> None:
    """Held-out g2-homeprint 2930014, as read with the total against its tint: the escapes
    part asked at the rules' 5 (the player wrote 10), the total's ink `15` read `10`, the
    rules' total: sure and wrong. Asked now."""
    out = moved_by_parts({"score-foods": _part("score-foods", "5", "5"),
                          "score-escaped": _part("score-escaped", "5", "5"),
                          "score": _total("10", sure=True)})
    assert (out["score"].value, out["score"].sure) == ("10", False)


def test_two_parts_add_up() -> None:
    out = moved_by_parts({"score-foods": _part("score-foods", "2", "4"),
                          "score-traps": _part("score-traps", "5", "0"),
                          "score": _total("13")})
    assert out["score"].value == "16"


def test_a_total_its_ink_agrees_with_waiting_on_a_value_is_left() -> None:
    waiting = Suggestion("score", sf.SCORE_TOTAL, "13", False, (Reading("13", 1.0),), (),
                         "13", waits=True)
    out = moved_by_parts({"score-traps": _part("score-traps", "1", "0"), "score": waiting})
    assert out["score"].value == "13"


def test_a_part_the_player_gave_over_the_run_moves_a_sure_total() -> None:
    """Tuning hard-2985742 (generator 2, light pencil): two foods read empty at 0.75-0.8 and
    not asked, the player typed the foods part `5` over the run's 3, and the total stayed
    the rules' 13, sure (its ink agreeing at 0.05) where the player wrote 15. Moved by the
    part given, the rules' value next, asked; no longer among what the rules ruled out."""
    total = Suggestion("score", sf.SCORE_TOTAL, "13", True, (Reading("13", 1.0),),
                       (RuledOut("15", 0.69, tr("the run scores {score} here", score=13)),),
                       "13")
    out = moved_by_parts({"score-traps": _part("score-traps", "0", "0"), "score": total},
                         given=2)
    moved = out["score"]
    assert (moved.value, moved.sure, moved.decided) == ("15", False, "13")
    assert [r.text for r in moved.candidates] == ["15", "13"]
    assert [r.text for r in moved.ruled_out] == []


def test_no_part_given_leaves_a_sure_total_sure() -> None:
    out = moved_by_parts({"score": _total("13", sure=True)}, given=0)
    assert (out["score"].value, out["score"].sure) == ("13", True)


def test_parts_given_that_cancel_out_leave_the_total_asked() -> None:
    cancelled = moved_by_parts({"score-traps": _part("score-traps", "2", "0"),
                                "score": _total("13", sure=True)}, given=-2)
    assert (cancelled["score"].value, cancelled["score"].sure) == ("13", False)


def test_the_step_of_the_parts_given_is_measured_against_the_runs_boxes() -> None:
    """`given_step` scores the run from the sheet's boxes (easy-won: foods 3, escapes 10,
    traps 2): what a part typed adds against it, 0 for a part that agrees or none given."""
    values = _sheet("easy-won")
    parts = score_parts(sheet_state(values))
    assert given_step(values, {}) == 0
    assert given_step(values, {"score-foods": str(parts["score-foods"])}) == 0
    assert given_step(values, {"score-foods": str(parts["score-foods"] + 2),
                               "score-traps": str(parts["score-traps"])}) == 2
    assert given_step(values, {"score-escaped": "-", "F-A3": "9"}) == 0
    # a food box read empty scores the run one food short: the part typed is one more
    fed = next(k for k, v in values.items() if v is True and k[2:3].islower())
    assert given_step({**values, fed: False}, {"score-foods": str(parts["score-foods"])}) > 0
    assert given_step({**values, fed: False},
                      {"score-foods": str(parts["score-foods"])}) == \
        score_parts(sheet_state(values))["score-foods"] - score_parts(
            sheet_state({**values, fed: False}))["score-foods"]
