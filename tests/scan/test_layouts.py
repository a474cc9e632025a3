"""The sheet's layout versions: layout 3, drawn for the camera (its markers further in, its
code's quiet zone the standard's, its boxes larger), read from a photo; layouts 1 and 2
drawn as they were printed, and a photo and a filled form of layout 2 read after it."""

from __future__ import annotations

import functools
import hashlib
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from printkit.cli import app
from printkit.draw.paper import MM, PAPERS
from printkit.draw.recording import record
from printkit.form_reading import read_fields
from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.games.fox_rabbit.record import read_record, read_sheet
from printkit.games.fox_rabbit.template import load_map
from printkit.games.fox_rabbit.validate import validate_run
from printkit.language import language
from printkit.products.fox_rabbit.gamesheet import gamesheet
from printkit.products.fox_rabbit.scan_marks import page_anchors
from printkit.scan.reader import scan
from tests.scan.photos import photograph, played_sheet

ROOT = Path(__file__).parent.parent.parent
FIXTURES = ROOT / "tests/fixtures"
LAYOUT_2_PHOTO = FIXTURES / "scan/layout2-easy-a4-es.jpg"
LAYOUT_2_FORM = FIXTURES / "forms/layout2-easy-won-filled.pdf"
runner = CliRunner()


def _digest(version: str, mode: str, paper: str, lang: str) -> str:
    """Return the digest of where a sheet has its fields and anchors, as recorded."""
    doc = gamesheet(load_map("classic"), mode, PAPERS[paper], difficulty="",
                    lang=language(lang), layout=int(version))
    boxes = [(c.kind, c.text, c.x, c.y, c.w, c.h) for c in record(doc.pages[0]).calls
             if c.kind in ("field", "anchor")]
    return hashlib.sha256(json.dumps(boxes).encode()).hexdigest()[:16]


def test_layouts_1_and_2_are_drawn_as_they_were_printed():
    """A photo of an older sheet is read against its layout drawn again by today's code:
    every box and mark of every sheet of layouts 1 and 2 (each mode, paper and language) is
    where the printkit that printed them last put it."""
    want = json.loads((FIXTURES / "scan/layout-boxes.json").read_text())["digests"]
    assert len(want) == 2 * 3 * 2 * 3
    moved = [key for key, digest in want.items() if _digest(*key.split()) != digest]
    assert moved == []


def test_a_photo_of_a_layout_2_sheet_still_reads():
    """A phone photo (upside down) of a Spanish easy sheet printed in layout 2, played from
    easy-won-sheet-only: read against layout 2, every box right, to the record's verdict."""
    truth = json.loads(LAYOUT_2_PHOTO.with_suffix(".json").read_text())
    read = scan(LAYOUT_2_PHOTO.read_bytes(), LAYOUT_2_PHOTO.name)
    assert read.layout.version == 2
    assert (read.code.map, read.code.mode, read.code.paper, read.code.lang) == \
        ("classic", "easy", "a4", "es")
    assert set(read.fields) == set(truth["fields"])
    assert {n for n, f in read.fields.items() if f.marked} == \
        {n for n, marked in truth["fields"].items() if marked}
    assert read.uncertain == []
    numbers = ",".join(f"{k}={v}" for k, v in truth["values"].items()
                       if not k.startswith("score-"))
    checked = runner.invoke(app, ["validate", str(LAYOUT_2_PHOTO), "--numbers", numbers,
                                  "--json"])
    want = validate_run(read_record((ROOT / truth["source"]).read_text()))
    assert checked.exit_code == 0 and want.legal, checked.output
    report = json.loads(checked.output)
    assert (report["legal"], report["computed"]["score"]) == (True, want.score)


def test_a_form_filled_in_layout_2_still_reads():
    """A form printkit filled in layout 2 (every mode's achievements had a box) reads whole,
    to its record's verdict."""
    values = read_fields(LAYOUT_2_FORM.read_bytes(), LAYOUT_2_FORM.name)
    assert {"hard-4-one", "superhard-all-both"} <= set(values)   # layout 2's fields
    run = read_sheet(values)
    want = validate_run(read_record(
        (ROOT / "examples/fox-and-rabbit/easy-won-sheet-only.yaml").read_text()))
    got = validate_run(run)
    assert (got.legal, got.score, got.title, got.achievements) == \
        (want.legal, want.score, want.title, want.achievements)


@functools.cache
def _layout_3_photo() -> bytes:
    game_map = load_map("classic")
    return photograph(played_sheet(game_map, "hard", _PLAYED, "letter", "fr", dpi=160),
                      turn=-2.0)


_PLAYED: dict[str, str | bool] = {"F-A1": True, "trap-1": True, "trap-2": True,
                                  "die-Y": True, "gain-flip-2": True, "farmer-flip-R": True,
                                  "hard-4-both": True, "title-2": True,
                                  "round-1-fox": "R3 B2 Y6; retourner B2",
                                  "round-1-fox-escaped": True,
                                  # the farmer's flip against the rabbit needs an attempt
                                  # of his against it (tests/scan/test_lines_needed.py)
                                  "round-1-rabbit-trap": "R4 B5 Y2; retourner B5"}


def test_a_photo_of_a_layout_3_sheet_reads_its_larger_boxes():
    """Today's sheet, French, hard mode: its achievement and title boxes between empty ones,
    its farmer's box, gained circle and endgame tick read right, none asked."""
    read = scan(_layout_3_photo(), "sheet.jpg")
    assert read.layout.version == sf.LAYOUT == 3
    assert (read.code.mode, read.code.lang) == ("hard", "fr")
    assert {n for n, f in read.fields.items() if f.marked} == set(_PLAYED)
    assert read.uncertain == []
    assert {n for n in read.fields if n.startswith(("easy-", "superhard-"))} == set()


@pytest.mark.parametrize("paper", list(PAPERS))
def test_the_markers_of_layout_3_are_1_5_mm_further_in_from_the_papers_edge(paper):
    # 1-2 mm of a printer's paper-feed skew clipped a marker printed a quarter inch in;
    # the bottom ones sit above the footer, 13 mm from the bottom edge, and move in from
    # the sides only
    now, before = page_anchors(PAPERS[paper], 3), page_anchors(PAPERS[paper], 2)
    width = PAPERS[paper].width
    inset = 1.5 * MM
    for corner in range(4):
        (x, y, w, h), (x0, y0, _w, _h) = now[f"marker-{corner}"], before[f"marker-{corner}"]
        assert min(x, width - x - w) == pytest.approx(18 + inset)
        assert abs(x - x0) == pytest.approx(inset)
        assert y - y0 == pytest.approx(inset if corner < 2 else 0.0)
        if corner < 2:
            assert y == pytest.approx(18 + inset)
        else:
            assert PAPERS[paper].height - y - h > 13 * MM


SHEETS = [("classic", mode, paper, lang) for mode in ("easy", "super-hard")
          for paper in PAPERS for lang in ("en", "es", "fr")] + [("variant-7", "hard", "a4", "fr")]


@pytest.mark.parametrize(("map_name", "mode", "paper", "lang"), SHEETS)
def test_the_code_has_the_quiet_zone_its_standard_asks(map_name, mode, paper, lang):
    """Four modules of paper on every side of the QR code's modules, and nothing else printed
    there; beside the code, what reads the sheet."""
    doc = gamesheet(load_map(map_name), mode, PAPERS[paper], lang=language(lang))
    calls = record(doc.pages[0]).calls
    (code,) = [c for c in calls if c.kind == "anchor" and c.text == "code"]
    inside = [c for c in calls if c.kind not in ("anchor", "field") and
              c.x < code.right and c.right > code.x and c.y < code.bottom and c.bottom > code.y]
    assert inside and all(c.kind == "rect" and c.fill == "#1d1d1f" for c in inside), \
        [str(c) for c in inside if c.kind != "rect"]
    module = min(c.h for c in inside)
    assert module == pytest.approx(1.5, abs=0.01)
    left, top = min(c.x for c in inside), min(c.y for c in inside)
    right, bottom = max(c.right for c in inside), max(c.bottom for c in inside)
    for quiet in (left - code.x, top - code.y, code.right - right, code.bottom - bottom):
        assert quiet >= 4 * module - 0.02
    caption = language(lang).gettext("printkit validate photo.jpg reads this sheet")
    (said,) = [c for c in calls if c.kind == "text" and c.text == caption]
    assert 0 < said.x - code.right < 10 and code.y < said.y < code.bottom
