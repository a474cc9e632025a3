"""One reader for every run: each source, through each entry point, in each language, is one run.

The sources: a record in YAML, the same in JSON, and the filled PDF gamesheet. The entry
points: `printkit validate`, `printkit sheet fox-and-rabbit --from`, and the page's
`/api/validate` and `/api/open`. The foods are written as the sheet of each language prints
them (`Zanahoria`, `carotte`), in the food boxes and in the turn log; every way in must read
them as the English record reads.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from printkit.cli import app
from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.games.fox_rabbit.reader import read_run
from printkit.games.fox_rabbit.run import Run
from printkit.games.fox_rabbit.validate import validate_run
from printkit.language import LANGUAGES, language
from tests.web.conftest import call

ROOT = Path(__file__).parent.parent.parent
# (hard-lost's endgame runs three rounds, past the page's two-round log: the page keeps such a
# run as a YAML record)
EXAMPLES = ["easy-won", "easy-lost-sheet-only", "super-hard-won"]
SOURCES = ["yaml", "json", "pdf"]
runner = CliRunner()


def _record(example: str, code: str) -> dict:
    """Return an example record's data with its foods written as the `code` sheet prints them."""
    data = yaml.safe_load((ROOT / f"examples/fox-and-rabbit/{example}.yaml").read_text())
    run = read_run((ROOT / f"examples/fox-and-rabbit/{example}.yaml").read_bytes())
    names = {f.id: language(code).gettext(f.name) for f in run.map.foods}
    data["eaten"] = {animal: [names[f] for f in foods] for animal, foods in data["eaten"].items()}
    if "turns" in data:  # and in the turn log: `eats Manzana, takes red die`
        for food, name in names.items():
            data["turns"] = [t.replace(f" eats {food},", f" eats {name},") for t in data["turns"]]
    return data


def _source(example: str, code: str, kind: str, folder: Path) -> Path:
    """Write an example as a source of the kind asked, in a language; return its path."""
    data = _record(example, code)
    path = folder / f"{example}-{code}.{kind}"
    if kind == "pdf":
        text = folder / f"{example}-{code}.yaml"
        text.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), "utf-8")
        result = runner.invoke(app, ["sheet", "fox-and-rabbit", "--from", str(text), "--lang",
                                     code, "--out", str(path)])
        assert result.exit_code == 0, result.output
    elif kind == "json":
        path.write_text(json.dumps(data, ensure_ascii=False), "utf-8")
    else:
        path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), "utf-8")
    return path


def _english(example: str, kind: str) -> Run:
    """Return the run every source of an example must read as: a PDF holds no turn log."""
    run = read_run((ROOT / f"examples/fox-and-rabbit/{example}.yaml").read_bytes())
    return replace(run, turns=None) if kind == "pdf" else run


def _report(run: Run) -> dict:
    return validate_run(run).as_dict()


@pytest.mark.parametrize("kind", SOURCES)
@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("example", EXAMPLES)
def test_every_entry_point_reads_every_source_in_every_language_as_one_run(
        server, tmp_path, example, code, kind):
    path = _source(example, code, kind, tmp_path)
    want = _english(example, kind)
    if kind != "pdf" and code != "en":
        # the foods really are written in the sheet's language
        assert path.read_text("utf-8") != _source(example, "en", kind, tmp_path).read_text()

    # the reader itself
    got = read_run(path.read_bytes(), path.name)
    assert sf.form_values(got) == sf.form_values(want)
    assert _report(got) == _report(want)

    # printkit validate
    result = runner.invoke(app, ["validate", str(path), "--json"])
    assert result.exit_code == (0 if validate_run(want).legal else 1), result.output
    assert json.loads(result.output) == _report(want)

    # printkit sheet --from: the filled sheet it prints reads back as the same sheet
    out = tmp_path / "refilled.pdf"
    result = runner.invoke(app, ["sheet", "fox-and-rabbit", "--from", str(path), "--out",
                                 str(out)])
    assert result.exit_code == 0, result.output
    refilled = read_run(out.read_bytes(), out.name)
    assert sf.form_values(refilled) == sf.form_values(want)

    # the page: /api/open shows the sheet, /api/validate judges a record's text
    opened = call(server.url + "api/open", path.read_bytes())
    assert opened.status == 200, opened.body
    assert opened.json() == {"map": want.map.name, "mode": want.mode,
                             "values": sf.form_values(want),
                             "turns": [str(t) for t in want.turns or ()]}
    if kind != "pdf":
        kind_header = {"yaml": "application/yaml", "json": "application/json"}[kind]
        answer = call(server.url + "api/validate", path.read_bytes(),
                      {"Content-Type": kind_header})
        assert answer.status == 200, answer.body
        assert answer.json() == _report(want)


def test_a_word_no_sheet_prints_is_refused_alike_everywhere(server, tmp_path):
    data = _record("easy-won", "es")
    data["eaten"]["fox"] = ["Manzanilla"]
    path = tmp_path / "run.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), "utf-8")
    said = "unknown food 'manzanilla'"
    result = runner.invoke(app, ["validate", str(path)])
    assert result.exit_code == 2 and said in result.output
    result = runner.invoke(app, ["sheet", "fox-and-rabbit", "--from", str(path), "--out",
                                 str(tmp_path / "x.pdf")])
    assert result.exit_code == 2 and said in result.output
    assert not (tmp_path / "x.pdf").exists()
    for api in ("api/validate", "api/open"):
        answer = call(server.url + api, path.read_bytes(), {"Content-Type": "application/yaml"})
        assert answer.status == 422 and said in answer.json()["error"]
