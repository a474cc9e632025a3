"""`printkit validate PHOTO` shows the values the photo reads and asks once: Enter accepts
them all, `F-B4=11` changes one (asked again while wrong); a value the photo could not read
surely is asked, never taken; `--accept` takes the sure ones without a keystroke; `--json`
gives each value, its candidates, its confidence and what the rules ruled out.

The suggestions are set here (what the reader makes of a photo is tests/scan/
test_written_values.py's): these tests are the conversation's."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

import printkit.cli.scan
from printkit.cli import app
from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.games.fox_rabbit.narrowing import Reading, RuledOut
from printkit.games.fox_rabbit.record import read_record
from printkit.message import tr
from printkit.scan.suggest import Suggestion
from tests.scan.photos import photograph, played_sheet

ROOT = Path(__file__).parent.parent.parent
runner = CliRunner()
EXAMPLE = ROOT / "examples/fox-and-rabbit/easy-won-sheet-only.yaml"
#: what easy-won's sheet holds written, as the photo would read it
WRITTEN = {"F-B4": "10", "R-A3": "8", "R-B4": "4", "score": "14",
           "round-1-fox": "R2 Y5 Y3", "round-1-rabbit": "R2 R4 B5 B5; -1 R2"}


@pytest.fixture(scope="module")
def photo(tmp_path_factory) -> Path:
    run = read_record(EXAMPLE.read_text())
    values = {k: v for k, v in sf.form_values(run).items()
              if not k.startswith("score-") and k != "date"}
    path = tmp_path_factory.mktemp("confirm") / "sheet.jpg"
    path.write_bytes(photograph(played_sheet(run.map, run.mode, values, dpi=160)))
    return path


def suggestions(asked: dict[str, tuple[str, ...]] | None = None, wrong: dict[str, str] |
                None = None) -> dict[str, Suggestion]:
    """The suggestions of easy-won's sheet: each value sure, except those `asked` (their
    readings), and `wrong` ones read surely as something else."""
    asked, wrong = asked or {}, wrong or {}
    out = {}
    for name, value in WRITTEN.items():
        kind = sf.ATTEMPT if name.startswith("round-") else (
            sf.SCORE_TOTAL if name == "score" else sf.CIRCLE)
        if name in asked:
            readings = tuple(Reading(t, 1 / len(asked[name])) for t in asked[name])
            out[name] = Suggestion(name, kind, asked[name][0], False, readings, ())
        else:
            shown = wrong.get(name, value)
            out[name] = Suggestion(
                name, kind, shown, True, (Reading(shown, 0.98), Reading("16", 0.02)),
                (RuledOut("2", 0.4, tr("the number written must be higher than {previous}, "
                                       "the number before it on the trail", previous=3)),),
                "14" if name == "score" else None)
    return out


@pytest.fixture
def read(monkeypatch):
    def set_to(found: dict[str, Suggestion], terminal: bool = True) -> None:
        monkeypatch.setattr(printkit.cli.scan, "read_suggestions", lambda *_a: dict(found))
        monkeypatch.setattr(printkit.cli.scan, "on_terminal", lambda: terminal)
    return set_to


def test_enter_accepts_every_value_read(photo, read):
    read(suggestions())
    result = runner.invoke(app, ["validate", str(photo)], input="\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "The values read from the photo:" in out
    assert "  F-B4            10\n" in out
    assert "  round-1-rabbit  R2 R4 B5 B5; -1 R2\n" in out
    assert "  score           14  (the rules decide it)\n" in out
    assert out.count("Enter accepts them all, or type a field and its value to change one "
                     "(F-B4=11): ") == 1
    assert "legal run: no rule broken" in out


def test_a_value_changed_is_asked_again_while_it_cannot_be_the_boxs(photo, read):
    # the photo read R-B4 surely as 7 (the player sees it is a 4)
    read(suggestions(wrong={"R-B4": "7"}))
    result = runner.invoke(app, ["validate", str(photo)],
                           input="R-B4=four\nF-A9=3\nR-B4=4\n\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.count("change one (F-B4=11): ") == 4
    assert "R-B4 holds a whole number, e.g. 10, not 'four'" in out
    assert "F-A9 is not a value read from the photo: type one of F-B4, R-A3, R-B4" in out
    assert "  R-B4 = 4\n" in out
    assert "legal run: no rule broken" in out


def test_a_value_not_read_surely_is_asked_never_taken(photo, read):
    read(suggestions(asked={"F-B4": ("10", "16")}))
    result = runner.invoke(app, ["validate", str(photo)], input="10\n\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "  F-B4            ?  (to type: the photo reads 10 or 16)\n" in out
    assert "F-B4 (the number written in the circle, e.g. 10) [read: 10 (Enter) | 16 (b)]: " in out
    assert "legal run: no rule broken" in out


def test_enter_takes_the_likeliest_reading_of_a_value_asked(photo, read):
    # the player looks at the sheet, sees the 10 the photo reads first, and presses Enter,
    # as a tap on the reading does in the page; the second reading is typed
    read(suggestions(asked={"F-B4": ("10", "16"), "R-B4": ("7", "4")}))
    result = runner.invoke(app, ["validate", str(photo)], input="\n4\n\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "F-B4 (the number written in the circle, e.g. 10) [read: 10 (Enter) | 16 (b)]: " in out
    assert "R-B4 (the number written in the circle, e.g. 10) [read: 7 (Enter) | 4 (b)]: " in out
    assert "legal run: no rule broken" in out


def test_b_or_c_takes_the_photo_s_second_or_third_reading_of_a_value_asked(photo, read):
    # the rabbit's attempt read three ways, the one written second: one key and Enter
    # take it, as a tap on it does in the page, where typing it would be 19; a circle's
    # third reading is taken by c, and a wrong key is asked again at once
    written = WRITTEN["round-1-rabbit"]
    read(suggestions(asked={"round-1-rabbit": ("R2 R1 B5 B5; -1 R2", written,
                                               "R2 R4 B5 B6; -1 R2"),
                            "R-B4": ("7", "9", "4")}))
    result = runner.invoke(app, ["validate", str(photo)], input="d\nc\nb\n\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert ("round-1-rabbit (the dice and aids written, e.g. R2 Y5 Y3; -1 R2) [read: R2 R1 "
            "B5 B5; -1 R2 (Enter) | R2 R4 B5 B5; -1 R2 (b) | R2 R4 B5 B6; -1 R2 (c)]: ") in out
    assert "R-B4 (the number written in the circle, e.g. 10) [read: 7 (Enter) | 9 (b) | 4 " \
           "(c)]: " in out
    assert "R-B4 holds a whole number, e.g. 10, not 'd'" in out
    assert "  R-B4 = 4\n" in out
    assert f"  round-1-rabbit = {written}\n" in out
    assert "legal run: no rule broken" in out


def test_a_value_the_photo_cannot_read_has_no_enter_to_take(photo, read):
    # nothing read, nothing to take: an Enter is asked again, the value typed is taken
    found = suggestions()
    found["F-B4"] = Suggestion("F-B4", sf.CIRCLE, None, False, (), ())
    read(found)
    result = runner.invoke(app, ["validate", str(photo)], input="\n10\n\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.count("F-B4 (the number written in the circle, e.g. 10): ") == 2
    assert "Enter takes" not in out
    assert "legal run: no rule broken" in out


def test_b_for_a_value_the_photo_cannot_read_is_asked_again_not_taken(photo, read):
    # no second reading for b to take: b is what the player typed, and no circle's number
    found = suggestions()
    found["F-B4"] = Suggestion("F-B4", sf.CIRCLE, None, False, (), ())
    read(found)
    result = runner.invoke(app, ["validate", str(photo)], input="b\n10\n\n")
    assert result.exit_code == 0, result.output
    assert "F-B4 holds a whole number, e.g. 10, not 'b'" in result.output
    assert "legal run: no rule broken" in result.output


def test_accept_takes_the_sure_values_without_a_keystroke(photo, read):
    read(suggestions(), terminal=False)
    result = runner.invoke(app, ["validate", str(photo), "--accept"])
    assert result.exit_code == 0, result.output
    assert "legal run: no rule broken" in result.output
    assert "Enter accepts" not in result.output


def test_accept_on_a_terminal_asks_only_what_is_not_sure(photo, read):
    read(suggestions(asked={"round-1-fox": ("R2 Y5 Y3", "R2 Y5 Y8")}))
    result = runner.invoke(app, ["validate", str(photo), "--accept"], input="R2 Y5 Y3\n")
    assert result.exit_code == 0, result.output
    assert "round-1-fox (the dice and aids written, e.g. R2 Y5 Y3; -1 R2) [read: R2 Y5 Y3 " \
           "(Enter) | R2 Y5 Y8 (b)]: " in result.output
    assert "Enter accepts" not in result.output


def test_accept_without_a_terminal_leaves_what_is_not_sure_to_type(photo, read):
    read(suggestions(asked={"round-1-fox": ("R2 Y5 Y3", "R2 Y5 Y8")}), terminal=False)
    result = runner.invoke(app, ["validate", str(photo), "--accept"])
    assert result.exit_code == 2
    assert result.output == ("printkit: error: type what is written in round-1-fox: "
                             "--numbers round-1-fox=...\n")


def test_without_a_terminal_or_accept_the_values_read_are_named(photo, read):
    read(suggestions(asked={"round-1-fox": ("R2 Y5 Y3", "R2 Y5 Y8")}), terminal=False)
    result = runner.invoke(app, ["validate", str(photo)])
    assert result.exit_code == 2
    assert result.output == (
        "printkit: error: confirm the values read from the photo on a terminal, or take "
        "those it reads surely with --accept (F-B4=10, R-A3=8, R-B4=4, score=14, "
        "round-1-rabbit=R2 R4 B5 B5; -1 R2); type the others: --numbers round-1-fox=... "
        "(round-1-fox)\n")


def test_accept_goes_with_a_photo_only():
    result = runner.invoke(app, ["validate", str(EXAMPLE), "--accept"])
    assert result.exit_code == 2
    assert result.output == ("printkit: error: --accept takes the values read from a photo "
                             "of a sheet; a record or a PDF holds its own\n")


def test_json_gives_each_value_its_candidates_confidence_and_what_was_ruled_out(photo, read):
    read(suggestions(), terminal=False)
    result = runner.invoke(app, ["validate", str(photo), "--accept", "--json"])
    assert result.exit_code == 0, result.output
    values = json.loads(result.output)["photo"]["values"]
    assert list(values) == list(WRITTEN)
    assert values["F-B4"] == {
        "value": "10", "sure": True, "confidence": 0.98,
        "candidates": [{"value": "10", "chance": 0.98}, {"value": "16", "chance": 0.02}],
        "ruled_out": [{"value": "2", "chance": 0.4, "why": "the number written must be "
                       "higher than 3, the number before it on the trail"}]}
    assert values["score"]["decided_by_rules"] is True


def test_a_score_waiting_on_a_value_asked_is_decided_once_it_is_typed(photo, monkeypatch):
    # F-B4 read 10 or 16: the score's ink reads the rules' 14, but the run whose score it
    # is waits on F-B4; once the player types it, the rules decide the score, not asked
    waiting = suggestions(asked={"F-B4": ("10", "16")})
    waiting["score"] = replace(waiting["score"], sure=False, waits=True)

    def read_again(_found, given):
        return dict(waiting) if "F-B4" not in given else \
            {n: s for n, s in suggestions().items() if n != "F-B4"}

    monkeypatch.setattr(printkit.cli.scan, "read_suggestions", read_again)
    monkeypatch.setattr(printkit.cli.scan, "on_terminal", lambda: True)
    result = runner.invoke(app, ["validate", str(photo)], input="10\n\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "  score           14  (the rules decide it once the values to type are typed)\n" \
        in out
    assert "F-B4 (the number written in the circle, e.g. 10) [read: 10 (Enter) | 16 (b)]: " in out
    assert "score (" not in out
    assert "  score = 14  (the rules decide it)\n" in out
    assert "legal run: no rule broken" in out
