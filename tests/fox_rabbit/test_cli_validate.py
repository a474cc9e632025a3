"""`printkit validate` through the CLI: exit codes, text and JSON reports, blank record, schema."""

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from printkit.cli import app

ROOT = Path(__file__).parent.parent.parent
runner = CliRunner()


def run(*args: str, input: str | None = None):
    return runner.invoke(app, ["validate", *args], input=input)


def test_legal_run_exits_0_with_score():
    result = run(str(ROOT / "examples/fox-and-rabbit/easy-won.yaml"))
    assert result.exit_code == 0, result.output
    assert "legal run" in result.output
    lines = result.output.splitlines()
    assert lines[-6].split() == ["computed", "claimed"]
    assert lines[-5].split() == ["score", "14", "14"]
    assert lines[-4].split() == ["title", "Twice", "as", "clever", "Twice", "as", "clever"]
    # the achievements as the sheet prints them, each marked where it is
    assert lines[-3:] == ["achievements",
                          "  Easy: 3 foods eaten and one animal escaped    computed, claimed",
                          "  Easy: 3 foods eaten and both animals escaped  computed, claimed"]


def test_illegal_run_exits_1_naming_rule_place_and_expectation():
    result = run(str(ROOT / "tests/fixtures/fox_rabbit/fail_c2_wrong_colour.yaml"))
    assert result.exit_code == 1
    assert ("turn 8: yellow 2 at F-A1 needs one yellow die; R2 was used (clarification 2)"
            in result.output)


def test_json_report_is_the_same_report():
    result = run(str(ROOT / "tests/fixtures/fox_rabbit/fail_c15_score.yaml"), "--json")
    assert result.exit_code == 1
    data = json.loads(result.output)
    assert data["legal"] is False
    assert data["violations"][0]["rule"] == "clarification 15"
    assert data["violations"][0]["fields"] == ["score"]
    assert data["computed"]["score"] == 14 and data["claimed"]["score"] == 15


def test_unreadable_record_exits_2_with_line_and_column(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: fox-and-rabbit\nmode: [easy\n")
    result = run(str(bad))
    assert result.exit_code == 2
    assert "line 3, column 1" in result.output or "line 2" in result.output
    assert "Traceback" not in result.output


def test_missing_file_and_big_file_exit_2(tmp_path):
    assert run(str(tmp_path / "nope.yaml")).exit_code == 2
    big = tmp_path / "big.yaml"
    big.write_text("# " + "x" * 1_100_000 + "\n")
    result = run(str(big))
    assert result.exit_code == 2 and "1 MB" in result.output


def test_blank_record_reads_and_is_an_unfinished_game(tmp_path):
    result = run("--blank", "--mode", "super-hard")
    assert result.exit_code == 0
    assert "mode: super-hard" in result.output
    path = tmp_path / "run.yaml"
    path.write_text(result.output)
    checked = run(str(path))
    assert checked.exit_code == 1
    assert "not finished" in checked.output


def test_blank_with_unknown_mode_exits_2():
    assert run("--blank", "--mode", "medium").exit_code == 2


def test_schema_is_committed_and_current():
    result = run("--schema")
    assert result.exit_code == 0
    committed = json.loads((ROOT / "docs/run-record.schema.json").read_text())
    assert json.loads(result.output) == committed, \
        "regenerate: printkit validate --schema > docs/run-record.schema.json"


def test_json_for_an_unreadable_record_says_why(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: fox-and-rabbit\nmode: [easy\n")
    result = run(str(bad), "--json")
    assert result.exit_code == 2
    data = json.loads(result.output)
    assert data["readable"] is False and data["legal"] is None
    assert data["error"].startswith("line ")
    assert json.loads(run(str(tmp_path / "nope.yaml"), "--json").output)["readable"] is False


def _variant_run_file(tmp_path: Path, kind: str) -> Path:
    """A run on seeded variant 17, as a record or as the filled PDF form of its sheet."""
    import random

    from printkit.draw.paper import LETTER
    from printkit.games.fox_rabbit.players import play
    from printkit.games.fox_rabbit.record import read_record
    from printkit.games.fox_rabbit.record_text import record_yaml
    from printkit.games.fox_rabbit.template import load_map
    from printkit.products.fox_rabbit.gamesheet import filled_gamesheet

    record = record_yaml(play(load_map("variant-17"), "hard", random.Random(4), "greedy").record)
    if kind == "record":
        path = tmp_path / "variant.yaml"
        path.write_text(record)
    else:
        path = tmp_path / "variant.pdf"
        path.write_bytes(filled_gamesheet(read_record(record), LETTER).pdf_bytes())
    return path


@pytest.mark.parametrize("kind", ["classic record", "record", "form"])
def test_validating_a_run_loads_neither_the_simulator_nor_the_players(kind, tmp_path):
    # a fresh process, as a player runs it: the referee judges a run, on the classic map or a
    # seeded variant (whose map is stored data), without loading the code that plays games
    import subprocess
    import sys

    path = (ROOT / "examples" / "fox-and-rabbit" / "easy-won.yaml" if kind == "classic record"
            else _variant_run_file(tmp_path, kind))
    script = (
        "import runpy, sys\n"
        f"sys.argv = ['printkit', 'validate', {str(path)!r}]\n"
        "try:\n    runpy.run_module('printkit', run_name='__main__')\n"
        "except SystemExit as done:\n    assert done.code == 0, done.code\n"
        "loaded = sorted(m for m in sys.modules if m.startswith('printkit.games.fox_rabbit.'))\n"
        "print(' '.join(loaded))\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=True)
    assert ("variant-17 map" in done.stdout) == (kind != "classic record")
    loaded = done.stdout.strip().splitlines()[-1].split()
    assert "printkit.games.fox_rabbit.validate" in loaded
    for module in ("simulate", "players", "variants", "difficulty"):
        assert f"printkit.games.fox_rabbit.{module}" not in loaded, module
    assert not [m for m in loaded if m.startswith("printkit.games.fox_rabbit.players.")]
