"""Records written by earlier printkits still read: converted on the way in, said once, rewritten.

The files in tests/fixtures/fox_rabbit/old_formats/ are records as earlier printkits wrote
them, taken from the git history (each names its commit on its second line); their first
line says the verdict the current rules give.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from printkit.cli import app
from printkit.games.fox_rabbit.reader import read_run
from printkit.games.fox_rabbit.record_formats import VERSION
from printkit.games.fox_rabbit.record_model import RunRecord
from printkit.games.fox_rabbit.record_text import record_yaml, run_data
from printkit.games.fox_rabbit.record_yaml import RecordError
from printkit.games.fox_rabbit.run import Run
from printkit.games.fox_rabbit.validate import validate_run

ROOT = Path(__file__).parent.parent.parent
OLD = sorted((ROOT / "tests/fixtures/fox_rabbit/old_formats").glob("*.yaml"))
runner = CliRunner()


def _plain(run: Run) -> Run:
    """Return a run with what a format does not keep taken out: the order cells were listed
    in (a trail's progress lists them by trail) and the format it was read from."""
    return replace(run, crossed=tuple(sorted(run.crossed)), old_format=None)


def _expected(path: Path) -> str:
    return path.read_text().splitlines()[0].removeprefix("# expect: ")


def test_there_are_old_records_of_each_kind():
    names = [p.name for p in OLD]
    assert any("simulate-dump" in n for n in names)
    assert any("sheet-only" in n for n in names) and any(n.endswith("-won.yaml") for n in names)
    assert all(p.read_text().splitlines()[1].startswith("# format version 1: ") for p in OLD)


@pytest.mark.parametrize("path", OLD, ids=lambda p: p.stem)
def test_an_old_record_reads_and_gets_the_verdict_of_the_current_rules(path):
    run = read_run(path.read_bytes(), path.name)
    assert run.old_format == 1
    report = validate_run(run)
    want = _expected(path)
    if want == "legal":
        assert report.legal, report.text()
    else:
        rules = {v.rule.citation for v in report.violations}
        assert rules == set(want.removeprefix("illegal: ").split(", "))


@pytest.mark.parametrize("path", OLD, ids=lambda p: p.stem)
def test_to_yaml_rewrites_an_old_record_in_the_current_format(path, tmp_path):
    result = runner.invoke(app, ["validate", str(path), "--to-yaml"])
    assert result.exit_code == 0, result.output
    new = yaml.safe_load(result.output)
    assert new["version"] == VERSION
    assert set(new["eaten"]) == {"fox", "rabbit"}
    assert isinstance(new["rewards"], list)
    old = yaml.safe_load(path.read_text())
    # the foods each animal ate, in order, and the rewards taken, as the old list had them
    for animal in ("fox", "rabbit"):
        assert new["eaten"][animal] == [e["food"] for e in old["eaten"] if e["animal"] == animal]
    assert new["rewards"] == [e["reward"] for e in old["eaten"] if e["reward"] != "nothing"]
    # the new file reads as the same run, in the current format, and the report says nothing
    (tmp_path / "new.yaml").write_text(result.output)
    again = read_run(result.output)
    assert again.old_format is None
    assert _plain(again) == _plain(read_run(path.read_text()))
    report = runner.invoke(app, ["validate", str(tmp_path / "new.yaml")])
    assert "format of an earlier printkit" not in report.output


def test_the_report_says_once_that_the_format_is_old_and_how_to_update_it():
    path = next(p for p in OLD if p.name.endswith("easy-won.yaml"))
    result = runner.invoke(app, ["validate", str(path)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[1] == (f"note: this record is in the format of an earlier printkit (version 1); "
                        f"to update it to the current one (version {VERSION}): printkit validate "
                        f"{path} --to-yaml > new.yaml")
    assert result.output.count("earlier printkit") == 1
    assert lines[2] == "legal run: no rule broken"
    as_json = json.loads(runner.invoke(app, ["validate", str(path), "--json"]).output)
    assert as_json["format_version"] == 1 and as_json["legal"]
    current = ROOT / "examples/fox-and-rabbit/easy-won.yaml"
    assert json.loads(runner.invoke(app, ["validate", str(current), "--json"]).output)[
        "format_version"] == VERSION
    assert "earlier printkit" not in runner.invoke(app, ["validate", str(current)]).output


OLD_RECORD = """\
game: fox-and-rabbit
mode: easy
crossed: [F-B1, F-B2, F-B3, F-B4, F-B5]
written: {F-B4: 10}
eaten:
  - {animal: Fox, food: apple, reward: nothing}
aids_spent: {plus-minus: 0, flip: 0, re-roll: 0}
claimed: {score: 0, title: Mere scavenger rodents}
"""


def test_a_reward_of_nothing_is_no_reward_on_the_rewards_row():
    run = read_run(OLD_RECORD)
    assert run.eaten == (("apple",), ()) and run.rewards == ()
    assert run_data(run)["rewards"] == []


def test_version_1_written_out_is_read_as_version_1():
    assert read_run("version: 1\n" + OLD_RECORD).old_format == 1
    assert read_run(record_yaml(run_data(read_run(OLD_RECORD)))).old_format is None


@pytest.mark.parametrize("version, says", [
    (3, "line 1, column 10: version: this record is in format version 3, newer than this printkit "
        "reads (1 to 2); update printkit to read it"),
    (0, "line 1, column 10: version: expected a format version, a whole number from 1 to 2 "
        "(found 0)"),
    ("two", "line 1, column 10: version: expected a format version, a whole number from 1 to 2 "
            "(found 'two')"),
])
def test_a_version_this_printkit_does_not_know_is_refused(version, says):
    with pytest.raises(RecordError) as err:
        read_run(f"version: {version}\n" + OLD_RECORD)
    assert err.value.problems == [says]


def test_an_entry_of_the_old_list_that_is_not_a_food_eaten_says_where():
    text = OLD_RECORD.replace("{animal: Fox, food: apple, reward: nothing}", "apple")
    with pytest.raises(RecordError) as err:
        read_run(text)
    assert err.value.problems == [
        "line 6, column 5: eaten[0]: in a record whose eaten is a list, each entry is "
        "{animal: fox or rabbit, food: FOOD, reward: REWARD} (found 'apple')"]


def test_the_model_and_the_writers_say_the_current_version():
    assert RunRecord.model_json_schema()["properties"]["version"]["const"] == VERSION
    blank = runner.invoke(app, ["validate", "--blank"]).output
    assert f"\nversion: {VERSION}\n" in blank


def test_an_old_record_fills_a_gamesheet_and_opens_on_the_page(tmp_path):
    from printkit.games.fox_rabbit import sheet_fields as sf
    from printkit.web.referee import open_record

    path = next(p for p in OLD if "simulate-dump" in p.name)
    out = tmp_path / "filled.pdf"
    result = runner.invoke(app, ["sheet", "fox-and-rabbit", "--from", str(path), "--out",
                                 str(out)])
    assert result.exit_code == 0, result.output
    run = read_run(path.read_bytes())
    assert sf.form_values(read_run(out.read_bytes())) == sf.form_values(run)
    assert open_record(path.read_bytes())["values"] == sf.form_values(run)


@pytest.mark.parametrize("old, new, value, says", [
    ("food: apple,", "food: applez,", "applez", "eaten[0].food: unknown food 'applez'"),
    ("reward: nothing", "reward: red dice thing", "red dice thing",
     "eaten[0].reward: expected red die, blue die, yellow die, plus-minus circle, flip circle "
     "or re-roll circle (found 'red dice thing')"),
])
def test_a_problem_in_an_old_record_is_said_where_it_was_written(old, new, value, says):
    text = OLD_RECORD.replace(old, new)
    line = text.splitlines()[5]
    with pytest.raises(RecordError) as err:
        read_run(text)
    (problem,) = err.value.problems
    assert problem.startswith(f"line 6, column {line.index(value) + 1}: {says}")


def test_an_old_record_on_standard_input_is_told_the_command_for_standard_input():
    path = next(p for p in OLD if p.name.endswith("easy-won.yaml"))
    result = runner.invoke(app, ["validate", "-"], input=path.read_text())
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[1].endswith(": printkit validate - --to-yaml > new.yaml")


# --- whatever an old record's food list holds, it reads or says why --------------------------
_ENTRY = st.one_of(
    st.fixed_dictionaries({"animal": st.sampled_from(["fox", "Rabbit", "cat", 3]),
                           "food": st.sampled_from(["apple", "Manzana", "x", 7, None]),
                           "reward": st.sampled_from(["red die", "nothing", "flip", 1])}),
    st.sampled_from(["apple", 3, None, [], {}]))


@settings(max_examples=200, deadline=None)
@given(st.lists(_ENTRY, max_size=8), st.sampled_from([None, 1, 2, 3, "x"]))
def test_any_first_format_food_list_reads_or_says_why(entries, version):
    data = yaml.safe_load(OLD_RECORD)
    data["eaten"] = entries
    if version is not None:
        data["version"] = version
    text = json.dumps(data)
    try:
        run = read_run(text.encode())
    except RecordError as err:
        assert err.problems and all(p and "\n" not in p for p in err.problems)
        return
    assert run.old_format == (None if version == 2 else 1)
    validate_run(run)


def test_a_form_filled_in_layout_1_reads_whole_round_3_included():
    """A filled PDF as printkit wrote it before the gamesheet's endgame log changed (layout 1:
    four rounds of small boxes; `sheet --from` at commit 8bcb294) of hard-lost-sheet-only,
    whose endgame runs three rounds: today's sheet prints two, yet the form reads whole."""
    pdf = ROOT / "tests/fixtures/forms/layout1-hard-lost-filled.pdf"
    run = read_run(pdf.read_bytes(), pdf.name)
    want = read_run((ROOT / "examples/fox-and-rabbit/hard-lost-sheet-only.yaml").read_bytes())
    assert max(a.round for a in run.escapes + run.triggers) == 3
    assert (run.escapes, run.triggers) == (want.escapes, want.triggers)
    got, expected = validate_run(run), validate_run(want)
    assert (got.legal, got.score, got.title) == (expected.legal, expected.score, expected.title)
    result = runner.invoke(app, ["validate", str(pdf)])
    assert result.exit_code == 0 and "legal run" in result.output, result.output
