"""A messaging app's small copy of a photo (1,280 pixels on its long side, JPEG 40): read as
the camera's own photo is, but the player is told, one line before the questions, that some
boxes may be asked or missed and that the camera's own photo reads better (issue 29)."""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path

from typer.testing import CliRunner

from printkit.cli import app
from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.games.fox_rabbit.record import read_record
from printkit.scan.params import DEFAULT
from printkit.scan.reader import scan
from tests.scan.photos import messaging_copy, photograph, played_sheet

ROOT = Path(__file__).parent.parent.parent
RECORD = ROOT / "examples/fox-and-rabbit/easy-won-sheet-only.yaml"
runner = CliRunner()
SMALL = re.compile(r"^(\S+) is a small copy of a photo \(about (\d\.\d) pixels to a point of "
                   r"the sheet\): some boxes may be asked or missed; the camera's own photo "
                   r"reads better$")


@functools.cache
def _played() -> tuple[object, dict[str, str | bool]]:
    run = read_record(RECORD.read_text())
    values = {k: v for k, v in sf.form_values(run).items()
              if not k.startswith("score-") and k != "date"}
    return run, values


@functools.cache
def _camera() -> bytes:
    """The camera's own photo: the sheet about 2.8 pixels a point (200 dpi)."""
    run, values = _played()
    return photograph(played_sheet(run.map, run.mode, values, dpi=200),  # type: ignore[attr-defined]
                      room=1.1)


@functools.cache
def _copy() -> bytes:
    """The same photo sent through a messaging app: about 1.1 pixels a point."""
    return messaging_copy(_camera())


def _files(tmp_path: Path) -> tuple[Path, Path]:
    camera, copy = tmp_path / "camera.jpg", tmp_path / "sheet.jpg"
    camera.write_bytes(_camera())
    copy.write_bytes(_copy())
    return camera, copy


def test_a_small_copy_carries_a_notice_and_the_camera_photo_none():
    copy = scan(_copy(), "sheet.jpg")
    assert copy.small_copy is not None and copy.small_copy < DEFAULT.ink.coarse_copy
    notice = copy.notice("sheet.jpg")
    assert notice is not None
    said = SMALL.match(notice.say())
    assert said is not None and said.group(1) == "sheet.jpg"
    assert 0.9 <= float(said.group(2)) <= 1.4
    camera = scan(_camera(), "camera.jpg")
    assert camera.small_copy is None and camera.notice("camera.jpg") is None


def test_scan_says_the_notice_in_one_line_before_what_it_read(tmp_path):
    camera, copy = _files(tmp_path)
    result = runner.invoke(app, ["scan", str(copy)])
    assert result.exit_code == 0, result.output
    first, *rest = result.stderr.splitlines()
    assert SMALL.match(first) and first.startswith(f"{copy} is a small copy")
    assert rest == []
    assert result.stdout.startswith(f"{copy}: classic map")
    result = runner.invoke(app, ["scan", str(camera)])
    assert result.exit_code == 0, result.output
    assert "small copy" not in result.output


def test_scan_json_has_the_small_copy_field(tmp_path):
    camera, copy = _files(tmp_path)
    result = runner.invoke(app, ["scan", str(copy), "--json", "--lang", "fr"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    small = data["small_copy"]
    assert 0.9 <= small["pixels_a_point"] < DEFAULT.ink.coarse_copy
    assert SMALL.match(small["notice"])
    # in French, its number written as French writes it, a no-break space before the colon
    assert re.match(re.escape(f"{copy} est une petite copie d’une photo (environ ") +
                    r"\d,\d pixels par point de la feuille\)\u00a0: ", small["notice_said"])
    result = runner.invoke(app, ["scan", str(camera), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["small_copy"] is None


def _answers(photo: bytes) -> str:
    """--numbers for the photo: the values typed, each box it doubts given truthfully."""
    _run, values = _played()
    typed = [f"{k}={v}" for k, v in values.items()
             if isinstance(v, str) and v and (k.startswith("round-") or k == "score" or
                                             re.fullmatch(r"[FR]-[A-Z]\d", k))]
    read = scan(photo, "sheet.jpg")
    boxes = [f"{name}={'x' if values.get(name) else 'no'}" for name in read.uncertain]
    return ",".join(typed + boxes)


def test_validate_says_the_notice_first_and_in_its_json(tmp_path):
    camera, copy = _files(tmp_path)
    result = runner.invoke(app, ["validate", str(copy), "--json", "--lang", "es",
                                 "--numbers", _answers(_copy())])
    lines = result.stderr.splitlines()
    assert lines and lines[0].startswith(f"{copy} es una copia pequeña de una foto (unos ")
    data = json.loads(result.stdout)
    assert data["legal"] is True, result.output
    small = data["photo"]["small_copy"]
    assert SMALL.match(small["notice"]) and small["notice_said"] == lines[0]
    result = runner.invoke(app, ["validate", str(camera), "--json",
                                 "--numbers", _answers(_camera())])
    assert "small copy" not in result.stderr
    data = json.loads(result.stdout)
    assert data["legal"] is True, result.output
    assert data["photo"]["small_copy"] is None
