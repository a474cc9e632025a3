"""docs/run-record.md and the blank record stay true: their examples are read and checked."""

import re
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from printkit.cli import app
from printkit.games.fox_rabbit.board import MODES
from printkit.games.fox_rabbit.record import read_record
from printkit.games.fox_rabbit.record_model import RunRecord
from printkit.games.fox_rabbit.record_text import blank_record
from printkit.games.fox_rabbit.rulings import Rule
from printkit.games.fox_rabbit.validate import validate_run, validate_text

ROOT = Path(__file__).parent.parent.parent
DOC = (ROOT / "docs/run-record.md").read_text()
runner = CliRunner()


def block_after(heading: str, lang: str) -> str:
    """Return the first ```lang block after a line of the doc."""
    rest = DOC[DOC.index(heading):]
    m = re.search(rf"```{lang}\n(.*?)```", rest, re.S)
    assert m, f"no {lang} block after {heading!r}"
    return m.group(1)


EXAMPLE = block_after("## An annotated record", "yaml")


def test_the_annotated_example_is_a_legal_run_typed_in_few_lines():
    report = validate_text(EXAMPLE)
    assert report.legal, report.text()
    assert not report.replayed
    assert report.score == report.claimed_score == 14
    typed = [line for line in EXAMPLE.splitlines() if line.strip() and
             not line.lstrip().startswith("#")]
    assert len(typed) <= 17


def test_the_turn_log_shown_is_readable():
    turns = block_after("A turn line is the roll", "yaml")
    example = EXAMPLE + turns
    run = read_record(example)
    assert run.turns is not None and len(run.turns) == 4


def test_the_report_shown_is_what_validate_prints(tmp_path):
    path = tmp_path / "run.yaml"
    path.write_text(EXAMPLE)
    result = runner.invoke(app, ["validate", str(path)])
    assert result.exit_code == 0
    assert result.output == block_after("What `printkit validate` prints for it:", "text")


def test_the_violations_shown_are_what_validate_prints():
    shown = block_after("An illegal run lists each violation", "text").splitlines()
    printed = []
    for name in ("fail_c2_wrong_colour", "fail_c12_escape_over_cap"):
        text = (ROOT / "tests/fixtures/fox_rabbit" / f"{name}.yaml").read_text()
        printed += validate_text(text).text().splitlines()
    for line in shown:
        assert line in printed


def test_the_keys_table_lists_every_key_of_the_model():
    table = DOC[DOC.index("## The keys"):]
    documented = re.findall(r"^\| `([a-z_]+)` \|", table, re.M)
    assert documented == [f.alias or name for name, f in RunRecord.model_fields.items()]


# --- the blank record ------------------------------------------------------------------
@pytest.mark.parametrize("mode", MODES)
def test_the_blank_record_reads_and_is_an_unfinished_game(mode):
    report = validate_text(blank_record(mode))
    assert report.mode == mode
    assert [v.rule for v in report.violations] == [Rule.ROUNDS]


def _uncommented(text: str) -> str:
    """Return the blank record with each commented example (`#   key:` and its `#     - `
    lines) put in place of the key's empty value, or added where it is (the turn log)."""
    examples = re.findall(r"^#   ([a-z_]+):\n((?:#     .*\n)+)", text, re.M)
    for key, items in examples:
        block = f"{key}:\n" + "".join(line[4:] + "\n" for line in items.splitlines())
        text, n = re.subn(rf"^{key}: .*\n", lambda m, block=block: block, text, flags=re.M)
        if not n:
            text += block
    return text


def test_the_blank_records_examples_are_readable_and_the_turns_replay():
    filled = _uncommented(blank_record("easy"))
    data = yaml.safe_load(filled)
    for key in ("escape_attempts", "trigger_attempts", "turns"):
        assert data[key], f"the blank record shows no example of {key}"
    run = read_record(filled)  # reads: the examples are well-formed
    assert run.turns is not None and len(run.turns) == 3
    report = validate_run(run)
    # the example turns are legal play: only the sheet (still blank) disagrees with them
    assert not [v for v in report.violations if v.place.startswith("turn ")], report.text()
