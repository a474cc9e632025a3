"""A circle whose box the photo reads empty, where a cell after it on its trail is crossed,
holds a number on a run that keeps the rules (a trail is crossed in order): its ink is read
all the same and its value suggested, asked (a messaging app's copy or a light pencil may
leave a number too little ink for its box to read marked). The photo is easy-won's sheet
written by hand; the reader is made to read its circle F-B4 (a 10, before F-B5 crossed)
empty, as such a copy reads it."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

import printkit.scan.reader
from printkit.cli import app
from printkit.games.fox_rabbit import sheet_fields as sf
from tests.scan.photos import written_photo

ROOT = Path(__file__).parent.parent.parent
runner = CliRunner()
EXAMPLE = ROOT / "examples/fox-and-rabbit/easy-won-sheet-only.yaml"


@pytest.fixture(scope="module")
def photo(tmp_path_factory) -> Path:
    run, path = written_photo(EXAMPLE, tmp_path_factory.mktemp("skipped"))
    assert sf.form_values(run)["F-B4"] == "10" and "F-B5" in run.crossed
    return path


def _read_empty(monkeypatch, names: list[str]) -> None:
    real = printkit.scan.reader.scan

    def scan(data: bytes, shown: str):  # type: ignore[no-untyped-def]
        found = real(data, shown)
        for name in names:
            found.fields[name] = replace(found.fields[name], marked=False, uncertain=False,
                                         confidence=0.8)
        return found

    monkeypatch.setattr(printkit.scan.reader, "scan", scan)


def test_a_circle_read_empty_before_a_cell_crossed_has_its_number_suggested_asked(
        photo, monkeypatch):
    _read_empty(monkeypatch, ["F-B4"])
    result = runner.invoke(app, ["scan", str(photo), "--json"])
    assert result.exit_code == 0, result.output
    circle = json.loads(result.stdout)["values"]["F-B4"]
    assert circle["value"] == "10" and not circle["sure"]


def test_a_circle_read_empty_after_its_trails_last_cell_crossed_is_not_read(
        photo, monkeypatch):
    # F-C2 is empty, and nothing after it on its trail is crossed: no value is read there
    result = runner.invoke(app, ["scan", str(photo), "--json"])
    assert "F-C2" not in json.loads(result.stdout)["values"]
    assert json.loads(result.stdout)["values"]["F-B4"]["value"] == "10"
