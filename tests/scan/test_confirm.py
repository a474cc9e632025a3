"""`printkit validate PHOTO` lists the values the photo reads, numbered, and asks once:
Enter takes them all as listed, `F-B4=11` or `1=11` changes one, and `1` (a number alone)
takes a value asked's second reading (asked again while wrong); a value the photo could
not read surely is listed as asked, never taken unseen, and one it read nothing of is
asked on its own; `--accept` takes the sure ones without a keystroke; `--json` gives each value, its
candidates, its confidence and what the rules ruled out.

The suggestions are set here (what the reader makes of a photo is tests/scan/
test_written_values.py's): these tests are the conversation's."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

import printkit.cli.ask
import printkit.cli.ask_values
from printkit.cli import app
from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.games.fox_rabbit.narrowed import Reading, RuledOut
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
    """Play the photo: its values read as `found`, or as `found(found_scan, given)` returns
    them when the test reads them again from the values given."""
    def set_to(found: dict[str, Suggestion] | Callable[..., dict[str, Suggestion]],
               terminal: bool = True) -> None:
        monkeypatch.setattr(printkit.cli.ask_values, "read_suggestions",
                            found if callable(found) else lambda *_a: dict(found))
        monkeypatch.setattr(printkit.cli.ask, "on_terminal", lambda: terminal)
    return set_to


def _score_waiting(first: str, second: str) -> dict[str, Suggestion]:
    """Return the values read with F-B4 asked (`first`, or `second`) and the score waiting
    on it."""
    waiting = suggestions(asked={"F-B4": (first, second)})
    waiting["score"] = replace(waiting["score"], sure=False, waits=True)
    return waiting


LINE = ("Enter takes every value as listed; or change one by its name or number "
        "(F-B4=11, 1=11)")
LINE_1B = LINE + ", or take a value asked's other reading by what the list shows beside it ({n}): "
LINE += ": "


def test_enter_accepts_every_value_read(photo, read):
    read(suggestions())
    result = runner.invoke(app, ["validate", str(photo)], input="\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "The values read from the photo:" in out
    assert "  1  F-B4            10\n" in out
    assert "  6  round-1-rabbit  R2 R4 B5 B5; -1 R2\n" in out
    assert "  4  score           14  (the rules decide it)\n" in out
    assert out.count(LINE) == 1
    assert "legal run: no rule broken" in out


def test_a_value_changed_is_asked_again_while_it_cannot_be_the_boxs(photo, read):
    # the photo read R-B4 surely as 7 (the player sees it is a 4)
    read(suggestions(wrong={"R-B4": "7"}))
    result = runner.invoke(app, ["validate", str(photo)],
                           input="R-B4=four\nF-A9=3\n9=4\n3=4\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.count(LINE) == 4
    assert "R-B4 holds a whole number, e.g. 10, not 'four'" in out
    assert "F-A9 is not a value read from the photo: type one of F-B4, R-A3, R-B4" in out
    assert "9 is not a value in the list: type its number (1 to 6) or its name" in out
    assert "  R-B4 = 4\n" in out
    assert "legal run: no rule broken" in out


def test_a_value_asked_is_listed_flagged_and_taken_by_the_one_enter(photo, read):
    # two values read two ways each, the likeliest right: listed as asked, each with its
    # other readings, and one Enter takes them with the rest (no prompt of their own)
    read(suggestions(asked={"F-B4": ("10", "16", "18"), "round-1-fox": ("R2 Y5 Y3",
                                                                      "R2 Y5 Y8")}))
    result = runner.invoke(app, ["validate", str(photo)], input="\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "  1  F-B4            ? asked: 10 (or 16 [1], 18 [1c])\n" in out
    assert "  5  round-1-fox     ? asked: R2 Y5 Y3 (or R2 Y5 Y8 [5])\n" in out
    assert out.count(LINE_1B.format(n=1)) == 1
    assert "(the number written in the circle" not in out
    assert "legal run: no rule broken" in out


def test_a_value_asked_is_changed_on_the_line_by_its_reading_or_its_value(photo, read):
    # R-B4's 4 is the photo's second reading, the rabbit's attempt its third: its number
    # alone takes the one, with c the other; F-B4, none of its readings, typed by its number
    written = WRITTEN["round-1-rabbit"]
    read(suggestions(asked={"F-B4": ("16", "18"), "R-B4": ("7", "4"),
                            "round-1-rabbit": ("R2 R1 B5 B5; -1 R2", "R2 R4 B5 B6; -1 R2",
                                               written)}))
    result = runner.invoke(app, ["validate", str(photo)], input="3 6c, 1=10\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "  3  R-B4            ? asked: 7 (or 4 [3])\n" in out
    assert "  R-B4 = 4\n" in out
    assert f"  round-1-rabbit = {written}\n" in out
    assert "  F-B4 = 10\n" in out
    assert out.count(LINE_1B.format(n=1)) == 1
    assert "legal run: no rule broken" in out


def test_a_change_that_moves_nothing_else_is_the_lines_last_word(photo, read):
    # R-B4's 4 is its second reading: `3` and Enter, and the verdict follows (no score
    # waits on it), as a box turned on the boxes' line does: two keys, not three
    read(suggestions(asked={"R-B4": ("7", "4")}))
    result = runner.invoke(app, ["validate", str(photo)], input="3\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.count(LINE_1B.format(n=3)) == 1
    assert "  R-B4 = 4\n" in out
    assert "legal run: no rule broken" in out


def test_a_wrong_entry_on_the_line_is_said_and_asked_again_at_once(photo, read):
    # a letter the value has no reading for, a sure value's letter: said, asked again
    read(suggestions(asked={"R-B4": ("7", "4")}))
    result = runner.invoke(app, ["validate", str(photo)], input="3c\n1\n3\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "R-B4 has no reading 3c: type 3=... with its value, or one of 3a, 3b" in out
    assert "F-B4 has no other reading to take: type 1=... with its value" in out
    assert out.count(LINE_1B.format(n=3)) == 3
    assert "  R-B4 = 4\n" in out
    assert "legal run: no rule broken" in out


def test_a_value_the_photo_cannot_read_is_asked_on_its_own(photo, read):
    # nothing read, nothing to pre-fill: asked alone, an Enter asked again, the value
    # typed taken; then the line for the others
    found = suggestions()
    found["F-B4"] = Suggestion("F-B4", sf.CIRCLE, None, False, (), ())
    read(found)
    result = runner.invoke(app, ["validate", str(photo)], input="\n10\n\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "  1  F-B4            ?  (to type: the photo cannot read it)\n" in out
    assert out.count("F-B4 (the number written in the circle, e.g. 10): ") == 2
    assert out.count(LINE) == 1
    assert "legal run: no rule broken" in out


def _against(value: str = "2") -> dict[str, Suggestion]:
    """The values read with F-B4's ink read surely as `value`, below the trail's 3: the
    rules leave 10 and 16 (`against_rules`)."""
    found = suggestions()
    why = RuledOut(value, 0.95, tr("the number written must be higher than {previous}, the "
                                   "number before it on the trail", previous=3))
    found["F-B4"] = Suggestion("F-B4", sf.CIRCLE, "10", False,
                               (Reading("10", 0.7), Reading("16", 0.3)), (why,), against=why)
    return found


def test_a_value_read_surely_against_the_rules_is_typed_as_written_and_judged(photo, read):
    """F-B4's ink reads 2 surely, which the trail's order rules out: not listed as the rules'
    10 for one Enter to take, but asked on its own, saying what the photo reads and the
    rule; Enter alone takes nothing. The player types the 2 they wrote: illegal, named."""
    read(_against())
    result = runner.invoke(app, ["validate", str(photo)], input="\n2\n\n")
    assert result.exit_code == 1, result.output
    out = result.output
    assert ("  1  F-B4            ?  (to type: the photo reads 2 here, but the number written "
            "must be higher than 3, the number before it on the trail)\n") in out
    prompt = ("F-B4 (the number written in the circle, e.g. 10) [the photo reads 2 here, but "
              "the number written must be higher than 3, the number before it on the trail; "
              "the rules allow 10 (b) | 16 (c)]: ")
    assert out.count(prompt) == 2
    assert out.count(LINE) == 1
    # the verdict names the rule in the question's words
    assert ("illegal run: 1 violation\n  - F-B4: the number written must be higher than 3, "
            "the number before it on the trail; 2 was written") in out


def test_a_value_read_against_the_rules_takes_the_rules_reading_by_its_letter(photo, read):
    # the photo misread the ink (a 10 read 2): `b` takes the rules' first reading
    read(_against())
    result = runner.invoke(app, ["validate", str(photo)], input="b\n\n")
    assert result.exit_code == 0, result.output
    assert "  F-B4 = 10\n" in result.output
    assert "legal run: no rule broken" in result.output


def test_json_says_what_the_photo_reads_against_the_rules(photo, read):
    # with no terminal, --accept leaves it to type, never takes the rules' reading for it
    read(_against(), terminal=False)
    result = runner.invoke(app, ["validate", str(photo), "--accept"])
    assert result.exit_code == 2
    assert result.output == ("printkit: error: type what is written in F-B4: "
                             "--numbers F-B4=...\n")
    result = runner.invoke(app, ["validate", str(photo), "--accept", "--json",
                                 "--numbers", "F-B4=10"])
    assert result.exit_code == 0, result.output
    read_as = json.loads(result.output)["photo"]["values"]["F-B4"]
    assert read_as["read_against_rules"] == {
        "value": "2", "chance": 0.95, "why": "the number written must be higher than 3, the "
        "number before it on the trail"}
    assert (read_as["value"], read_as["sure"]) == ("10", False)


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
    assert "Enter takes every value" not in result.output


def test_accept_on_a_terminal_asks_only_what_is_not_sure(photo, read):
    read(suggestions(asked={"round-1-fox": ("R2 Y5 Y3", "R2 Y5 Y8")}))
    result = runner.invoke(app, ["validate", str(photo), "--accept"], input="R2 Y5 Y3\n")
    assert result.exit_code == 0, result.output
    assert "round-1-fox (the dice and aids written, e.g. R2 Y5 Y3; -1 R2) [read: R2 Y5 Y3 " \
           "(Enter) | R2 Y5 Y8 (b)]: " in result.output
    assert "Enter takes every value" not in result.output


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


def test_a_waiting_score_is_decided_from_the_values_listed_and_again_after_a_change(
        photo, read):
    # F-B4 read 10 or 16 (16 first): the score waits on it; the rules decide it from the
    # values as listed (16: 20), and again once the player takes 10 on the line (14)
    waiting = _score_waiting("16", "10")

    def read_again(_found, given):
        if "F-B4" not in given:
            return dict(waiting)
        score = "14" if given["F-B4"] == "10" else "20"
        return {"score": replace(suggestions()["score"], value=score, decided=score)}

    read(read_again)
    result = runner.invoke(app, ["validate", str(photo)], input="1\n\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "  4  score           ?  (the rules decide it from the values listed)\n" in out
    assert "  score = 20  (the rules decide it)\n" in out
    assert "  F-B4 = 10\n" in out
    assert "  score = 14  (the rules decide it)\n" in out
    assert out.index("score = 20") < out.index("F-B4 = 10") < out.index("score = 14")
    assert out.count(LINE_1B.format(n=1)) == 2
    assert "score (" not in out
    assert "legal run: no rule broken" in out


def test_a_waiting_score_the_rules_leave_unsure_is_said_once_as_asked(photo, read):
    # F-B4 read 10 or 16 (10 first): the score waits on it, and read again from the values
    # listed it is still the photo's to read (14 or 20): said as a value asked is, its
    # likeliest reading in it once, not `score = 14  ? asked: 14`
    waiting = _score_waiting("10", "16")

    def read_again(_found, given):
        if "F-B4" not in given:
            return dict(waiting)
        return {"score": replace(suggestions(asked={"score": ("14", "20")})["score"],
                                 sure=False)}

    read(read_again)
    result = runner.invoke(app, ["validate", str(photo)], input="\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "  score  ? asked: 14 (or 20 [4])\n" in out
    assert "score = 14" not in out
    assert "legal run: no rule broken" in out


def test_accept_on_a_terminal_decides_a_waiting_score_once_the_values_are_typed(
        photo, read):
    # --accept asks the values not sure one by one, as before, then decides the score
    waiting = _score_waiting("10", "16")

    def read_again(_found, given):
        return dict(waiting) if "F-B4" not in given else \
            {n: s for n, s in suggestions().items() if n != "F-B4"}

    read(read_again)
    result = runner.invoke(app, ["validate", str(photo), "--accept"], input="10\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "F-B4 (the number written in the circle, e.g. 10) [read: 10 (Enter) | 16 (b)]: " in out
    assert "  score = 14  (the rules decide it)\n" in out
    assert "Enter takes every value" not in out
    assert "legal run: no rule broken" in out


def test_a_value_read_where_nothing_is_written_is_cleared_on_the_line(photo, read):
    # a speck on the empty second attempt's line read as a die, asked: its number and `-`
    found = suggestions()
    found["round-2-fox"] = Suggestion("round-2-fox", sf.ATTEMPT, "R1", False,
                                      (Reading("R1", 0.5), Reading("B1", 0.3)), ())
    read(found)
    result = runner.invoke(app, ["validate", str(photo)], input="7-\n\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "  7  round-2-fox     ? asked: R1 (or B1 [7])\n" in out
    assert "  round-2-fox = -\n" in out
    assert "legal run: no rule broken" in out


def test_a_box_a_values_reading_rests_on_is_asked_saying_why_then_the_values_read_again(
        photo, read, monkeypatch, tmp_path):
    """die-B, crossed on the sheet, read empty at 93.8 % (under the sure bound, not
    uncertain): the fox's escape reads two blue dice, which the box as read rules out.
    The box is listed as the boxes are, saying which value needs it crossed, with its crop;
    the player turns it, and the values are read again against the answer."""
    import printkit.scan.reader

    real = printkit.scan.reader.scan

    def scan(data: bytes, shown: str):  # type: ignore[no-untyped-def]
        found = real(data, shown)
        found.fields["die-B"] = replace(found.fields["die-B"], marked=False,
                                        confidence=0.938, uncertain=False)
        return found

    def read_suggestions(found, given):  # type: ignore[no-untyped-def]
        if "die-B" in given:   # answered: the ink's reading stands
            return suggestions()
        asked = suggestions(asked={"round-1-fox": ("R2 B5 B3", "R2 Y5 Y3")})
        asked["round-1-fox"] = replace(asked["round-1-fox"], rests_on=("die-B",))
        return asked

    monkeypatch.setattr(printkit.scan.reader, "scan", scan)
    read(read_suggestions)
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["validate", str(photo)], input="1\n\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert ("The box the photo could not read surely (look at its crop and at the sheet):\n"
            "  1  die-B  looks empty (93.8 % sure), but round-1-fox reads R2 B5 B3, which "
            "needs it crossed; see output/sheet-asked/die-B.png\n") in out
    assert Path("output/sheet-asked/die-B.png").read_bytes().startswith(b"\x89PNG")
    assert "  die-B = x\n" in out
    assert "  5  round-1-fox     R2 Y5 Y3\n" in out
    assert "legal run: no rule broken" in out
    # in the player's language
    result = runner.invoke(app, ["validate", str(photo), "--lang", "fr"], input="1\n\n")
    assert result.exit_code == 0, result.output
    said = result.output.replace("\u00a0", " ").replace("\u202f", " ")
    assert ("semble vide (sûre à 93,8 %), mais la photo lit R2 B5 B3 dans round-1-fox, qui "
            "la veut barrée ; voyez output/sheet-asked/die-B.png") in said
    # the values as read: the box a value rests on is named in --json
    monkeypatch.setattr(printkit.cli.ask, "on_terminal", lambda: False)
    result = runner.invoke(app, ["scan", str(photo), "--json"])
    assert json.loads(result.stdout)["values"]["round-1-fox"]["rests_on_boxes"] == ["die-B"]


def test_a_value_taken_as_read_that_breaks_a_rule_is_asked_before_the_verdict(
        photo, read, monkeypatch, tmp_path):
    """R-B4 read surely as 1 (4 is written): the trail's order breaks only on the photo.
    Enter took it as read, so the referee asks what is written before it accuses, beside
    its crop; the player types 4 and the run is legal. --json says what was asked."""
    monkeypatch.chdir(tmp_path)
    read(suggestions(wrong={"R-B4": "1"}))
    result = runner.invoke(app, ["validate", str(photo)], input="\n4\n")
    assert result.exit_code == 0, result.output
    assert ("R-B4 was read 1, but the rules disagree; see output/sheet-asked/R-B4.png\n"
            "R-B4 (the number written in the circle, e.g. 10): 4\n") in result.output
    assert "legal run: no rule broken" in result.output
    result = runner.invoke(app, ["validate", str(photo), "--json"], input="\n4\n")
    answer = result.stdout[result.stdout.index("\n{") + 1:]   # after the prompts
    asked = json.loads(answer)["photo"]["asked"]
    assert [a for a in asked if a["box"] == "R-B4"] == [{
        "box": "R-B4", "read": "value", "value": "1", "answer": "4",
        "undoes": [asked[0]["undoes"][0]]}]
    assert "R-B4" in asked[0]["undoes"][0]
    # with no terminal, --accept takes the sure values: the value is given, not judged
    read(suggestions(wrong={"R-B4": "1"}), terminal=False)
    result = runner.invoke(app, ["validate", str(photo), "--accept"])
    assert result.exit_code == 2
    assert result.output == (
        "printkit: error: the photo read R-B4 as 1, and the rules disagree: look at the sheet "
        "and give what is written with --numbers R-B4=...\n")
    # given, the value is the player's (the reader suggests no value given)
    read(lambda _found, given: {n: s for n, s in suggestions(wrong={"R-B4": "1"}).items()
                                if n not in given}, terminal=False)
    result = runner.invoke(app, ["validate", str(photo), "--accept", "--numbers", "R-B4=4"])
    assert result.exit_code == 0, result.output


def test_a_value_the_player_typed_is_theirs_and_judged(photo, read, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    read(suggestions())
    result = runner.invoke(app, ["validate", str(photo)], input="R-B4=1\n\n")
    assert result.exit_code == 1, result.output
    assert "was read 1" not in result.output
    assert "illegal run" in result.output and "R-B4" in result.output


#: The one line the boxes read uncertain and the values are confirmed on together.
TOGETHER = ("Enter takes every box and value as listed; or turn a box by its number or name "
            "(1 2), or change a value by its name or number (F-B4=11, 3=11)")


def _boxes_unsure(monkeypatch, tmp_path, boxes: dict[str, tuple[bool, float]]) -> None:
    """Have the photo read these boxes uncertain (on the sheet F-B1 is crossed, trap-15
    empty), each leaning `marked` with its confidence, at a terminal."""
    from tests.scan.test_doubt import _unsure

    _unsure(monkeypatch, boxes)
    monkeypatch.chdir(tmp_path)


def test_the_boxes_and_the_values_are_confirmed_on_one_line_by_one_enter(
        photo, read, monkeypatch, tmp_path):
    # two boxes lean as the sheet shows, every value read surely: one list, one Enter
    _boxes_unsure(monkeypatch, tmp_path, {"F-B1": (True, 0.8), "trap-15": (False, 0.7)})
    read(suggestions())
    result = runner.invoke(app, ["validate", str(photo)], input="\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert ("  1  F-B1     looks crossed (80.0 % sure); see output/sheet-asked/F-B1.png\n"
            "  2  trap-15  looks empty (70.0 % sure); see output/sheet-asked/trap-15.png\n"
            "The values read from the photo:\n"
            "  3  F-B4            10\n") in out
    assert "  8  round-1-rabbit  R2 R4 B5 B5; -1 R2\n" in out
    assert out.count(TOGETHER + ": ") == 1
    assert "Enter takes every box as listed" not in out
    assert "legal run: no rule broken" in out


def test_a_box_turned_and_a_value_changed_on_the_one_line(photo, read, monkeypatch, tmp_path):
    # F-B1 leans empty at 0.85 (crossed on the sheet; over `rules_lean.ORDER_EMPTY`, the
    # photo's lean), R-B4's 4 is its second reading: `1 5` and
    # Enter turn the one and take the other, and the verdict follows
    _boxes_unsure(monkeypatch, tmp_path, {"F-B1": (False, 0.85), "trap-15": (False, 0.7)})
    read(suggestions(asked={"R-B4": ("7", "4")}))
    result = runner.invoke(app, ["validate", str(photo)], input="1 5\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "  5  R-B4            ? asked: 7 (or 4 [5])\n" in out
    assert out.count(TOGETHER + ", or take a value asked's other reading by what the list "
                     "shows beside it (5): ") == 1
    assert "  F-B1 = x\n" in out and "  R-B4 = 4\n" in out
    assert "but the rules disagree" not in out
    assert "legal run: no rule broken" in out
    # a box named alone is turned as by its number; an entry that is neither, said
    result = runner.invoke(app, ["validate", str(photo)], input="F-B9\nF-B1 R-B4=4\n")
    assert result.exit_code == 0, result.output
    assert ("F-B9 is neither a box nor a value in the list: type its number (1 to 8) or its "
            "name") in result.output
    assert "  F-B1 = x\n" in result.output and "legal run: no rule broken" in result.output


def test_a_box_turned_that_moves_the_values_read_lists_them_again(
        photo, read, monkeypatch, tmp_path):
    # as F-B1 leans (empty), R-B4 is asked; crossed, as the player turns it, its 4 is sure:
    # the values are listed again as now read, and Enter takes them
    _boxes_unsure(monkeypatch, tmp_path, {"F-B1": (False, 0.85), "trap-15": (False, 0.7)})
    read(lambda _found, given: suggestions() if given.get("F-B1") == "x" else
         suggestions(asked={"R-B4": ("7", "4")}))
    result = runner.invoke(app, ["validate", str(photo)], input="1\n\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.count("The values read from the photo:") == 2
    assert "  5  R-B4            ? asked: 7 (or 4 [5])\n" in out
    assert "  3  R-B4            4\n" in out
    assert "legal run: no rule broken" in out


def test_a_number_off_a_list_numbered_after_the_boxes_is_said_with_the_lists_own_numbers(
        capsys):
    # the values listed after two boxes are numbered 3 to 8: a 1 there is off the list,
    # and the message gives the numbers the player sees, not 1 to 6
    from printkit.cli.value_list import line_changes
    from printkit.language import ENGLISH, language

    assert line_changes(None, suggestions(), "1=4", ENGLISH, first=3) is None
    assert ("1 is not a value in the list: type its number (3 to 8) or its name"
            in capsys.readouterr().err)
    assert line_changes(None, suggestions(), "9", language("fr"), first=3) is None
    assert "(de 3 à 8)" in capsys.readouterr().err


def test_the_boxes_numbers_line_up_with_the_values_numbered_after_them(
        photo, read, monkeypatch, tmp_path):
    # four boxes, then six values: numbers 1 to 10, every one as wide as the 10
    _boxes_unsure(monkeypatch, tmp_path, {"F-B1": (True, 0.8), "trap-15": (False, 0.7),
                                          "trap-14": (False, 0.7), "trap-13": (False, 0.7)})
    read(suggestions())
    result = runner.invoke(app, ["validate", str(photo)], input="\n\n\n")
    out = result.output
    assert "\n   1  F-B1     looks crossed (80.0 % sure)" in out
    assert "\n   4  trap-15  looks empty (70.0 % sure)" in out
    assert "\n   5  F-B4            10\n" in out
    assert "\n  10  round-1-rabbit  R2 R4 B5 B5; -1 R2\n" in out
