"""`printkit scan` and `printkit validate PHOTO`: the sheet's markers and code, the layout
from the drawing pass, and photos read back to the same verdict as the record they show."""

from __future__ import annotations

import functools
import io
import json
import re
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest
import segno
from PIL import Image
from typer.testing import CliRunner

from printkit.cli import app
from printkit.draw.paper import PAPERS
from printkit.draw.recording import record
from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.games.fox_rabbit.record import read_record
from printkit.games.fox_rabbit.sheet_code import SheetCode, parse_sheet_code, sheet_code
from printkit.games.fox_rabbit.template import load_map
from printkit.games.fox_rabbit.validate import validate_run
from printkit.language import language
from printkit.products.fox_rabbit.gamesheet import gamesheet
from printkit.products.fox_rabbit.scan_marks import MARKER_BITS, MARKER_IDS, page_anchors
from printkit.scan.layout import layout
from printkit.scan.markers import Sighting, consistent_markers, sheet_layout
from printkit.scan.params import DEFAULT
from printkit.scan.reader import scan
from tests.scan.photos import (
    code_scribbled,
    marker_lifted,
    photograph,
    played_sheet,
    png_bytes,
    ringed_along_print,
    soft,
)

ROOT = Path(__file__).parent.parent.parent
EXAMPLES = sorted((ROOT / "examples/fox-and-rabbit").glob("*-sheet-only.yaml"))
FIXTURES = ROOT / "tests/fixtures/fox_rabbit"
runner = CliRunner()


def test_marker_bits_are_opencvs_dictionary():
    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    for marker_id, rows in MARKER_BITS.items():
        image = cv2.aruco.generateImageMarker(dictionary, marker_id, 6)
        assert ["".join("1" if v > 127 else "0" for v in row) for row in image[1:5, 1:5]] \
            == list(rows)


@pytest.mark.parametrize("version", list(MARKER_IDS))
@pytest.mark.parametrize("paper", list(PAPERS))
def test_page_anchors_are_where_the_sheet_draws_them(paper, version):
    lay = layout("classic", "hard", paper, "en", version)
    expected = page_anchors(PAPERS[paper], version)
    assert sorted(lay.anchors) == sorted(expected)
    for name, box in lay.anchors.items():
        assert box == pytest.approx(expected[name], abs=0.01), name
    assert [f.name for f in lay.fields] == [f.name for f in sf.fields(lay.map,
                                                                       lay.map.modes["hard"],
                                                                       version)]


SHEETS = [("classic", mode, paper, lang) for mode in ("easy", "hard", "super-hard")
          for paper in PAPERS for lang in ("en", "es", "fr")] + [("variant-7", "hard", "a4", "es")]


@pytest.mark.parametrize(("map_name", "mode", "paper", "lang"), SHEETS)
def test_markers_and_code_have_clear_paper_around_them(map_name, mode, paper, lang):
    """Nothing else is printed within a module (2 pt) of a marker, or inside the code's border,
    and every marker is at least a quarter inch inside the paper's edge."""
    doc = gamesheet(load_map(map_name), mode, PAPERS[paper], lang=language(lang))
    calls = record(doc.pages[0]).calls
    anchors = {c.text: c for c in calls if c.kind == "anchor"}
    assert sorted(anchors) == ["code", "marker-0", "marker-1", "marker-2", "marker-3"]
    page = doc.pages[0]
    for name, a in anchors.items():
        quiet = 0.75 if name.startswith("marker") else 0.0
        x0, y0, x1, y1 = a.x - quiet, a.y - quiet, a.x + a.w + quiet, a.y + a.h + quiet
        assert a.x >= 18 and a.y >= 18 and a.right <= page.width - 18 and \
            a.bottom <= page.height - 18
        inside = [str(c) for c in calls if c.kind not in ("anchor", "field") and
                  c.x < x1 and c.right > x0 and c.y < y1 and c.bottom > y0 and
                  not (a.x - 0.01 <= c.x and c.right <= a.right + 0.01 and
                       a.y - 0.01 <= c.y and c.bottom <= a.bottom + 0.01)]
        assert inside == [], (name, inside)


def test_code_says_the_sheet():
    """The code starts with PRINTKIT, which a phone's camera app shows first (not `FR`,
    which a French reader took for France); the code of a sheet of layout 1 or 2 still
    reads."""
    game_map = load_map("variant-7")
    text = sheet_code(game_map, game_map.modes["super-hard"], "0123456789abcdef", "a4", "fr")
    assert text == "PRINTKIT FR V7 S 01234567 A4 FR"
    assert parse_sheet_code(text) == SheetCode("variant-7", "super-hard", "01234567", "a4",
                                                "fr")
    classic = load_map("classic")
    text = sheet_code(classic, classic.modes["hard"], "89abcdef01234567", "letter", "en")
    assert text == "PRINTKIT FR C H 89ABCDEF L EN"
    want = SheetCode("classic", "hard", "89abcdef", "letter", "en")
    assert parse_sheet_code(text) == want
    old = sheet_code(classic, classic.modes["hard"], "89abcdef01234567", "letter", "en",
                     layout=2)
    assert old == "FR C H 89ABCDEF L EN" and parse_sheet_code(old) == want
    # in QR's alphanumeric mode, the smallest code it fits: 25 modules (version 2), a
    # module 1.5 pt; the longest seeded variant's too
    for said in (text, "PRINTKIT FR V999999 S 01234567 A4 FR"):
        qr = segno.make_qr(said, error="m", boost_error=False)
        assert (qr.mode, qr.version) == ("alphanumeric", 2)
    for other in ("GO-NUTS CLASSIC EASY 0 LETTER EN", "PRINTKIT GO C E 0 L EN",
                  "PRINTKIT PRINTKIT FR C H 89ABCDEF L EN"):
        with pytest.raises(ValueError):
            parse_sheet_code(other)


# --- photos -----------------------------------------------------------------------------------
#: The photos' sheets are rendered at 160 dpi: the photo (2,112 pixels tall for letter paper)
#: is read in one pass of the marker search, and each mark is 4 to 12 pixels across, fewer
#: than a phone's 12 megapixels give it.
PHOTO_DPI = 160


@functools.cache
def _photo_bytes(values: tuple[tuple[str, str | bool], ...], game_map, mode: str, paper: str,
                 lang: str, seen: tuple[tuple[str, float], ...]) -> bytes:
    """Return the JPEG of a played sheet: made once per process for the same sheet and view
    (several tests photograph one example)."""
    sheet = played_sheet(game_map, mode, dict(values), paper, lang, dpi=PHOTO_DPI)
    return photograph(sheet, **dict(seen))


def _photo(tmp_path: Path, values: dict[str, str | bool], game_map, mode: str,
           paper: str = "letter", lang: str = "en", **seen: float) -> Path:
    path = tmp_path / "sheet.jpg"
    path.write_bytes(_photo_bytes(tuple(values.items()), game_map, mode, paper, lang,
                                  tuple(sorted(seen.items()))))
    return path


def _typed(values: dict[str, str | bool]) -> str:
    """Return --numbers for the values a player types: circle numbers, endgame dice, score."""
    return ",".join(f"{k}={v}" for k, v in values.items()
                    if isinstance(v, str) and v and (k.startswith("round-") or k == "score" or
                                                     re.fullmatch(r"[FR]-[A-Z]\d", k)))


def _shown(record_path: Path) -> tuple[object, dict[str, str | bool]]:
    run = read_record(record_path.read_text())
    values = {k: v for k, v in sf.form_values(run).items()
              if not k.startswith("score-") and k != "date"}
    return run, values


def _validate_answering(photo: Path, values: dict[str, str | bool]) -> Any:
    """`printkit validate PHOTO --numbers ... --json`, off a terminal: where the referee
    doubts a box the photo read with less than SURE confidence ("the photo may have misread
    X, and the rules disagree..."), the player looks at the sheet and gives X, truthfully."""
    typed = _typed(values)
    for _round in range(5):
        result = runner.invoke(app, ["validate", str(photo), "--numbers", typed, "--json"])
        doubted = re.search(r"the photo may have misread (.+?), and the rules disagree",
                            result.output)
        if result.exit_code != 2 or doubted is None:
            return result
        typed += "".join(f",{name}={'x' if values.get(name) else 'no'}"
                         for name in doubted.group(1).split(", "))
    return result


# hard-lost's endgame runs three rounds, past the two the sheet's log prints (the third goes
# on the back): a photo of it on a sheet of layout 1, which printed four, is read below
FIT_THE_LOG = [p for p in EXAMPLES if p.stem != "hard-lost-sheet-only"]


@pytest.mark.parametrize("record_path",
                         FIT_THE_LOG + [FIXTURES / "fail_sheet_c7_reward_missing.yaml",
                                        FIXTURES / "fail_sheet_c2_gap.yaml"],
                         ids=lambda p: p.stem)
def test_photo_reads_back_to_the_records_verdict(tmp_path, record_path):
    run, values = _shown(record_path)
    photo = _photo(tmp_path, values, run.map, run.mode)
    expected = validate_run(run)

    scanned = runner.invoke(app, ["scan", str(photo), "--json"])
    assert scanned.exit_code == 0, scanned.output
    data = json.loads(scanned.output)
    assert data["sheet"] == {"game": "fox-and-rabbit", "map": "classic", "mode": run.mode,
                             "variant": None, "paper": "letter", "lang": "en",
                             "identified": "code"}
    assert data["uncertain"] == []
    assert {k for k, f in data["fields"].items() if f["marked"]} == set(values)
    assert set(data["to_type"]) == {k for k in values if isinstance(values[k], str)}

    to_yaml = runner.invoke(app, ["scan", str(photo), "--to-yaml", "--numbers", _typed(values)])
    assert to_yaml.exit_code == 0, to_yaml.output
    assert "TYPE-ME" not in to_yaml.output
    typed = tmp_path / "typed.yaml"
    typed.write_text(to_yaml.output)
    checked = runner.invoke(app, ["validate", str(typed), "--json"])
    direct = _validate_answering(photo, values)
    for result in (checked, direct):
        assert result.exit_code == (0 if expected.legal else 1), result.output
        report = json.loads(result.output)
        assert report["legal"] == expected.legal
        assert [v["rule"] for v in report["violations"]] == \
            [v["rule"] for v in expected.as_dict()["violations"]]


def test_a4_spanish_variant_sheet_is_read(tmp_path):
    game_map = load_map("variant-7")
    values: dict[str, str | bool] = {"trap-1": True, "trap-2": True, "die-R": True,
                                     "flip-1": True, str(game_map.trails[0].cells[0].id): True}
    photo = _photo(tmp_path, values, game_map, "hard", "a4", "es", turn=-2.0, tilt=0.03)
    result = runner.invoke(app, ["scan", str(photo), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["sheet"] == {"game": "fox-and-rabbit", "map": "variant-7", "mode": "hard",
                             "variant": 7, "paper": "a4", "lang": "es", "identified": "code"}
    assert {k for k, f in data["fields"].items() if f["marked"]} == set(values)


@pytest.mark.parametrize("ticked", [("die-R",), ("die-B", "die-Y")])
def test_reward_boxes_of_a_grey_print_read_as_the_player_ticked_them(tmp_path, ticked):
    """A black-and-white laser prints the reward boxes' R, B and Y darker than the blank
    sheet's colours, and a phone's sharpening darkens them more: the letters are not ink,
    and a box with no cross is read empty, not ticked."""
    game_map = load_map("classic")
    values: dict[str, str | bool] = dict.fromkeys(ticked, True)
    values.update({"trap-1": True, "F-A1": True})
    sheet = played_sheet(game_map, "hard", values, grey=True)
    photo = tmp_path / "grey.jpg"
    photo.write_bytes(photograph(sheet, sharpen=0.6))
    result = runner.invoke(app, ["scan", str(photo), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    rewards = {name: data["fields"][name]["marked"] for name in ("die-R", "die-B", "die-Y")}
    assert rewards == {name: name in ticked for name in rewards}
    assert {k for k, f in data["fields"].items() if f["marked"]} == set(values)
    assert data["uncertain"] == []


def test_to_yaml_leaves_a_placeholder_for_each_value_to_type(tmp_path):
    run, values = _shown(ROOT / "examples/fox-and-rabbit/easy-won-sheet-only.yaml")
    result = runner.invoke(app, ["scan", str(_photo(tmp_path, values, run.map, run.mode)),
                                 "--to-yaml", "--numbers", "F-B4=10"])
    assert result.exit_code == 0, result.output
    assert "written: {F-B4: 10, R-A3: TYPE-ME, R-B4: TYPE-ME}" in result.output
    assert "roll: TYPE-ME" in result.output
    assert "# type the values written where it says TYPE-ME: R-A3, R-B4, score, round-1-fox" \
        in result.output
    assert "  score: TYPE-ME" in result.output


def test_validate_photo_without_a_terminal_names_the_values_read_and_accept(tmp_path):
    # the values the photo reads wait for the player: where nobody can confirm them, the
    # one line says how (a terminal, or --accept), naming each value read
    run, values = _shown(ROOT / "examples/fox-and-rabbit/easy-won-sheet-only.yaml")
    photo = _photo(tmp_path, values, run.map, run.mode)
    result = runner.invoke(app, ["validate", str(photo)])
    assert result.exit_code == 2
    line = result.output.strip()
    assert line.startswith("printkit: error: confirm the values read from the photo on a "
                           "terminal, or take")
    assert "with --accept (F-B4=10, " in line and "\n" not in line


def test_overlay_outlines_each_field_as_read(tmp_path):
    run, values = _shown(ROOT / "examples/fox-and-rabbit/hard-won-sheet-only.yaml")
    photo = _photo(tmp_path, values, run.map, run.mode)
    out = tmp_path / "seen.png"
    result = runner.invoke(app, ["scan", str(photo), "--overlay", str(out)])
    assert result.exit_code == 0, result.output
    image = cv2.imread(str(out))
    lay = layout("classic", run.mode, "letter", "en")
    assert image.shape[:2] == (round(lay.height * 2), round(lay.width * 2))
    green, grey, blue = (40, 160, 40), (170, 170, 170), (220, 110, 30)
    for fb in lay.fields:
        x, y, w, h = (round(v * 2) for v in fb.box)
        edge = image[max(0, y - 2):y + h + 3, max(0, x - 2):x + w + 3]
        colours = {tuple(int(c) for c in px) for px in edge.reshape(-1, 3)}
        want = blue if isinstance(values.get(fb.name), str) else \
            green if values.get(fb.name) else grey
        assert want in colours, fb.name


# --- photos that are not readable sheets ------------------------------------------------------
def _scan_error(path: Path) -> str:
    result = runner.invoke(app, ["scan", str(path)])
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("printkit: error: "), result.output
    return lines[0]


def test_not_a_gamesheet(tmp_path):
    """Noise: dark and light everywhere, no paper with print on it."""
    path = tmp_path / "cat.png"
    rng = np.random.default_rng(1)
    path.write_bytes(cv2.imencode(".png", rng.integers(0, 255, (600, 800), np.uint8))[1]
                     .tobytes())
    assert "shows no sheet: photograph the gamesheet" in _scan_error(path)


def test_not_an_image(tmp_path):
    path = tmp_path / "notes.jpg"
    path.write_bytes(b"game: fox-and-rabbit\n")
    assert _scan_error(path) == (f"printkit: error: {path} is not a JPEG, PNG, WebP, GIF, TIFF "
                                 "or HEIC image")
    path.write_bytes(b"\xff\xd8\xff not really a jpeg")
    assert _scan_error(path) == (f"printkit: error: {path} is a damaged JPEG image: it cannot be "
                                 "decoded; take the photo again, or send the camera's own file")


def test_too_dark(tmp_path):
    run, values = _shown(ROOT / "examples/fox-and-rabbit/easy-won-sheet-only.yaml")
    image = cv2.imread(str(_photo(tmp_path, values, run.map, run.mode)))
    dark = tmp_path / "dark.jpg"
    cv2.imwrite(str(dark), (image * 0.12).astype(np.uint8))
    assert "too dark" in _scan_error(dark)


def test_too_blurred(tmp_path):
    run, values = _shown(ROOT / "examples/fox-and-rabbit/easy-won-sheet-only.yaml")
    image = cv2.imread(str(_photo(tmp_path, values, run.map, run.mode)))
    blurred = tmp_path / "blurred.jpg"
    cv2.imwrite(str(blurred), cv2.GaussianBlur(image, (0, 0), 9))
    assert "too blurred" in _scan_error(blurred)


def test_a_corner_out_of_view(tmp_path):
    run, values = _shown(ROOT / "examples/fox-and-rabbit/easy-won-sheet-only.yaml")
    image = cv2.imread(str(_photo(tmp_path, values, run.map, run.mode)))
    h, _w = image.shape[:2]
    cut = tmp_path / "cut.jpg"
    cv2.imwrite(str(cut), image[: h * 7 // 10])
    assert "2 of the sheet's four corner markers found" in _scan_error(cut)


def test_a_sheet_not_lying_flat(tmp_path):
    """A sheet folded: its bottom right quarter lies apart from the rest, so no one plane
    puts every printed box where it is."""
    run, values = _shown(ROOT / "examples/fox-and-rabbit/easy-won-sheet-only.yaml")
    sheet = np.asarray(played_sheet(run.map, run.mode, values)).copy()
    h, w = sheet.shape[:2]
    quarter = sheet[h // 2:, w // 2:]
    quarter[:] = np.roll(np.roll(quarter, 24, axis=0), 24, axis=1)
    path = tmp_path / "folded.png"
    cv2.imwrite(str(path), cv2.cvtColor(sheet, cv2.COLOR_RGB2BGR))
    assert "hold the phone flat above the sheet" in _scan_error(path)


def test_a_corner_marker_off_its_place_is_corrected_by_the_printed_boxes(tmp_path):
    """The markers are small: one read a few points off (a lifted corner, a smudge) is
    corrected by the boxes printed on the page, and every field is read right."""
    run, values = _shown(ROOT / "examples/fox-and-rabbit/easy-won-sheet-only.yaml")
    sheet = marker_lifted(played_sheet(run.map, run.mode, values), run.map, run.mode)
    path = tmp_path / "lifted.png"
    cv2.imwrite(str(path), cv2.cvtColor(sheet, cv2.COLOR_RGB2BGR))
    result = runner.invoke(app, ["scan", str(path), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert {k for k, f in data["fields"].items() if f["marked"]} == set(values)
    assert data["uncertain"] == []


def test_another_games_code(tmp_path):
    run, values = _shown(ROOT / "examples/fox-and-rabbit/easy-won-sheet-only.yaml")
    sheet = played_sheet(run.map, run.mode, values)
    lay = layout("classic", run.mode, "letter", "en")
    x, y, w, h = (round(v * 200 / 72) for v in lay.anchors["code"])
    buf = io.BytesIO()
    segno.make_qr("GO-NUTS SCORE PAD LETTER", error="m").save(buf, kind="png", scale=4,
                                                              border=2)
    other = Image.open(io.BytesIO(buf.getvalue()))
    sheet.paste(other.convert("RGB").resize((w, h)), (x, y))
    path = tmp_path / "other.png"
    path.write_bytes(png_bytes(sheet))
    assert "a sheet of another game" in _scan_error(path)


def test_without_opencv_scan_says_how_to_get_it(monkeypatch, tmp_path):
    import sys

    monkeypatch.setitem(sys.modules, "cv2", None)
    path = tmp_path / "p.jpg"
    path.write_bytes(b"\xff\xd8\xff")
    result = runner.invoke(app, ["scan", str(path)])
    assert result.exit_code == 2
    assert result.output.strip() == ("printkit: error: reading a photo needs OpenCV: "
                                     "pip install 'printkit[photo]'")


# --- layouts: a sheet printed before the layout changed still reads ---------------------------
LAYOUT_1 = ROOT / "tests/fixtures/scan/layout1-hard-letter-en.png"


def _marker_ids(page, paper) -> dict[int, tuple[float, float]]:
    """Return the ArUco ids OpenCV finds on a rendered page, and each one's centre in points."""
    from printkit.draw.png import render_image

    image = np.asarray(render_image(page, 288, oversample=1).convert("L"))
    detector = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50))
    corners, ids, _rejected = detector.detectMarkers(image)
    return {int(i): tuple(q.reshape(4, 2).mean(axis=0) / 4) for q, i in zip(corners, ids.ravel())}


@pytest.mark.parametrize("paper", list(PAPERS))
def test_each_layout_prints_its_own_marker_ids_clockwise_from_the_top_left(paper):
    for version, ids in MARKER_IDS.items():
        doc = gamesheet(load_map("classic"), "easy", PAPERS[paper], layout=version)
        found = _marker_ids(doc.pages[0], paper)
        assert sorted(found) == sorted(ids), version
        (left, top), (right, _), (_, bottom), _ = (found[i] for i in ids)
        w, h = doc.pages[0].width, doc.pages[0].height
        assert left < w / 2 < right and top < h / 2 < bottom
        assert found[ids[3]][0] < w / 2 and found[ids[1]][1] < h / 2
    assert MARKER_IDS[sf.LAYOUT] == (14, 20, 23, 36)


def test_layout_1_is_drawn_as_it_was_printed():
    # the endgame log of four rounds, a row each, the boxes 20 pt tall; the achievements one
    # to a line in the map's order
    lay = layout("classic", "hard", "letter", "en", 1)
    boxes = {f.name: f.box for f in lay.fields}
    assert [n for n in boxes if n.startswith("round-") and n.endswith("-fox")] == \
        [f"round-{r}-fox" for r in range(1, 5)]
    assert boxes["round-2-fox"][1] - boxes["round-1-fox"][1] == pytest.approx(20)
    achievements = [n for n in boxes if n in {a.id for a in lay.map.scoring.achievements}]
    assert achievements == [a.id for a in lay.map.scoring.achievements]
    now = layout("classic", "hard", "letter", "en", 2)
    assert "round-3-fox" not in {f.name for f in now.fields}
    # the rest of the sheet is where it was in layout 2, which replaced it
    same = [f.name for f in now.fields if not f.name.startswith("round-")
            and f.name not in achievements]
    assert all(boxes[n] == f.box for n, f in zip(same, now.fields) if n == f.name)
    assert {n: boxes[n] for n in same} == {f.name: f.box for f in now.fields if f.name in same}


def test_a_sheet_printed_in_layout_1_reads_as_it_did_round_3_included(tmp_path):
    """A flat scan of a sheet printed by printkit before the endgame log changed (four rounds
    of small boxes, markers 0-3), played from hard-lost-sheet-only, whose endgame runs three
    rounds: it reads against layout 1, every field right, and to the record's verdict."""
    truth = json.loads(LAYOUT_1.with_suffix(".json").read_text())
    read = scan(LAYOUT_1.read_bytes(), LAYOUT_1.name)
    assert read.layout.version == 1
    assert set(read.fields) == set(truth["fields"])
    marked = {name for name, f in read.fields.items() if f.marked}
    assert marked == {name for name, m in truth["fields"].items() if m}
    assert {"round-3-fox", "round-3-fox-trap", "round-3-fox-caught"} <= marked
    assert read.uncertain == []
    values = {k: v for k, v in truth["values"].items() if not k.startswith("score-")}
    run = read_record((ROOT / "examples/fox-and-rabbit/hard-lost-sheet-only.yaml").read_text())
    expected = validate_run(run)
    checked = runner.invoke(app, ["validate", str(LAYOUT_1), "--numbers", _typed(values),
                                  "--json"])
    assert checked.exit_code == (0 if expected.legal else 1), checked.output
    report = json.loads(checked.output)
    assert report["legal"] == expected.legal
    assert report["computed"]["score"] == expected.score
    assert [v["rule"] for v in report["violations"]] == \
        [v["rule"] for v in expected.as_dict()["violations"]]


def test_a_photo_of_todays_sheet_reads_its_two_line_endgame_boxes(tmp_path):
    game_map = load_map("classic")
    values: dict[str, str | bool] = {
        "trap-1": True, "die-B": True,
        "round-1-fox": "R3 B2 B5 Y6 Y4; flip B5", "round-1-rabbit": "R2 R4 B5 B5; -1 R2",
        "round-1-fox-trap": "R1 B2 B1 Y2 Y5", "round-2-fox": "R6 B1 Y3",
        "round-2-fox-escaped": True, "round-1-rabbit-escaped": True}
    photo = _photo(tmp_path, values, game_map, "easy", "a4", "fr", turn=2.0)
    read = scan(photo.read_bytes(), photo.name)
    assert read.layout.version == sf.LAYOUT
    assert {name for name, f in read.fields.items() if f.marked} == set(values)
    assert read.uncertain == []
    assert set(read.to_type) == {k for k, v in values.items() if isinstance(v, str)}


def test_a_sheet_small_in_a_large_photo_is_read(tmp_path):
    """A page a third of a 12-megapixel frame: its markers are too small to trust
    in the shrunk photo the search starts with, and are found in the whole one."""
    game_map = load_map("classic")
    values: dict[str, str | bool] = {"F-A1": True, "R-B2": True, "trap-3": True}
    sheet = played_sheet(game_map, "easy", values, "a4", "en", dpi=130)
    page = cv2.imdecode(np.frombuffer(photograph(sheet), np.uint8), cv2.IMREAD_COLOR)
    frame = np.full((3000, 4000, 3), (45, 40, 35), np.uint8)
    h, w = page.shape[:2]
    frame[600:600 + h, 900:900 + w] = page
    path = tmp_path / "far.jpg"
    path.write_bytes(cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, 85])[1].tobytes())
    marker_side = 10 / 72 * 130 * DEFAULT.markers.detect_side / 4000
    assert 4 * marker_side < DEFAULT.markers.min_perimeter   # too small in the shrunk search
    read = scan(path.read_bytes(), path.name)
    assert (read.code.map, read.code.mode, read.code.paper) == ("classic", "easy", "a4")
    assert {name for name, f in read.fields.items() if f.marked} == set(values)


def test_the_markers_found_name_the_layout_a_misread_one_left_out():
    quad = np.zeros((4, 2), np.float32)
    version, corners = sheet_layout({0: quad, 1: quad + 1, 2: quad + 2, 3: quad + 3})
    assert version == 1 and sorted(corners) == [0, 1, 2, 3]
    assert float(corners[2][0][0]) == 2.0
    # ids 4-7 are layout 2's corners 0-3; a marker read as layout 1's id 1 is left out
    version, corners = sheet_layout({4: quad, 1: quad + 9, 6: quad + 2, 7: quad + 3})
    assert version == 2 and sorted(corners) == [0, 2, 3]
    assert float(corners[3][0][0]) == 3.0
    # ids 14, 20, 23 and 36 are today's; a marker read as layout 2's id 5 is left out
    version, corners = sheet_layout({14: quad, 5: quad + 9, 23: quad + 2, 36: quad + 3})
    assert version == sf.LAYOUT == 3 and sorted(corners) == [0, 2, 3]


def _markers_seen(matrix: np.ndarray, paper: str) -> dict[int, np.ndarray]:
    """Return the four corner markers of today's layout as a photo through `matrix` (page
    points to pixels) shows them, by corner."""
    anchors = page_anchors(PAPERS[paper], sf.LAYOUT)
    out = {}
    for corner in range(4):
        x, y, w, h = anchors[f"marker-{corner}"]
        square = np.array([[(x, y), (x + w, y), (x + w, y + h), (x, y + h)]], np.float32)
        out[corner] = cv2.perspectiveTransform(square, matrix)[0]
    return out


def test_squares_read_as_markers_elsewhere_on_the_sheet_are_left_out():
    """A sheet's boxes and digits can read as markers, under a real marker's id or the other
    layout's: the set kept is the one that lies where a sheet's corners do."""
    matrix = np.array([[3.9, 0.2, 140], [-0.25, 4.1, 260], [1e-5, 2e-5, 1]])
    real = _markers_seen(matrix, "a4")
    ids = MARKER_IDS[sf.LAYOUT]
    stray = real[2] + np.float32([-900, -1400])          # a box in the middle of the sheet
    small = (real[1] - real[1].mean(axis=0)) * 0.6 + np.float32([1500, 900])
    seen = [Sighting(ids[2], stray), Sighting(ids[1], small),   # under real ids, seen first
            *(Sighting(i, real[0] + np.float32([300 * n, 500]))
              for n, i in enumerate((0, 1, 3))),
            *(Sighting(ids[corner], real[corner]) for corner in range(4))]
    chosen = consistent_markers(seen, DEFAULT.markers)
    assert sorted(chosen) == sorted(ids)
    for corner in range(4):
        assert chosen[ids[corner]] is real[corner]
    # a corner out of view: the three others, not a stray in its place
    chosen = consistent_markers([item for item in seen if item.quad is not real[3]],
                                DEFAULT.markers)
    assert sorted(chosen) == sorted(ids[:3])
    assert all(chosen[ids[c]] is real[c] for c in range(3))


@pytest.mark.parametrize(("mode", "paper", "lang"), [("hard", "a4", "es"),
                                                     ("super-hard", "letter", "fr")])
def test_a_sheet_whose_code_cannot_be_read_is_known_by_its_look(tmp_path, mode, paper, lang):
    """The markers say the layout and the paper; the classic map's sheets differ by language
    and mode in print the photo shows or not: the reading says it knew the sheet so."""
    game_map = load_map("classic")
    values: dict[str, str | bool] = {"F-A1": True, "F-A2": True, "trap-1": True,
                                     "die-B": True, "F-A3": "7"}
    path = tmp_path / "scribbled.jpg"
    path.write_bytes(code_scribbled(game_map, mode, values, paper, lang))
    result = runner.invoke(app, ["scan", str(path), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["sheet"] == {"game": "fox-and-rabbit", "map": "classic", "mode": mode,
                             "variant": None, "paper": paper, "lang": lang,
                             "identified": "look"}
    assert {k for k, f in data["fields"].items() if f["marked"]} == set(values)
    said = runner.invoke(app, ["scan", str(path), "--lang", "en"])
    assert said.exit_code == 0, said.output
    assert "its code unreadable, the sheet was known by its look" in said.output
    record = runner.invoke(app, ["scan", str(path), "--to-yaml"])
    assert record.exit_code == 0, record.output
    assert "# its code unreadable, the sheet was known by its look" in record.output
    assert f"mode: {mode}" in record.output


def test_a_soft_photo_whose_code_cannot_be_read_is_known_by_its_look(tmp_path):
    """A phone's soft photo (blurred 2 pixels, the page 2,600 pixels tall) of a Spanish A4
    sheet whose code is scribbled over: its thin print shows lighter than the blank's, and
    was taken for missing, so no language was told and the photo was refused. The blank is
    now compared blurred as the photo is."""
    game_map = load_map("classic")
    values: dict[str, str | bool] = {"F-A1": True, "F-A2": True, "trap-1": True,
                                     "die-B": True, "F-A3": "7"}
    path = tmp_path / "soft.jpg"
    path.write_bytes(soft(code_scribbled(game_map, "hard", values, "a4", "es")))
    result = runner.invoke(app, ["scan", str(path), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["sheet"] == {"game": "fox-and-rabbit", "map": "classic", "mode": "hard",
                             "variant": None, "paper": "a4", "lang": "es",
                             "identified": "look"}
    # a box asked may lean marked (a reward box asked for its letter's ring): what is read
    # surely is the sheet's
    read = {k for k, f in data["fields"].items() if f["marked"]} - set(data["uncertain"])
    assert read == set(values)


def test_a_soft_photo_of_a_variant_sheet_whose_code_cannot_be_read_is_refused(tmp_path):
    """Softened as a phone's photo, a seeded variant's sheet is still not taken for the
    classic map's: only its code carries the seed its board is drawn from."""
    path = tmp_path / "soft-variant.jpg"
    path.write_bytes(soft(code_scribbled(load_map("variant-7"), "hard", {"F-A1": True},
                                         "a4", "es")))
    assert "the sheet's code (the square by the date) cannot be read" in _scan_error(path)


def test_a_dense_code_in_the_codes_place_is_given_up_within_its_budget(monkeypatch):
    """A QR code far denser than any sheet prints (version 25, 117 modules) pasted in the
    code's place: its finder patterns are found but its modules are too fine to read. The
    reader gives its QR reader (zxing-cpp's or OpenCV's, `code._read_qr`) at most
    `CodeParams.tries` images of it for each paper and pass (two passes, at most two
    papers), then knows the sheet by its look."""
    import printkit.scan.code as code_room

    calls = []
    real = code_room._read_qr

    def counted(image):  # type: ignore[no-untyped-def]
        calls.append(image.shape)
        return real(image)

    monkeypatch.setattr(code_room, "_read_qr", counted)
    game_map = load_map("classic")
    dpi = 200
    sheet = np.asarray(played_sheet(game_map, "easy", {"F-A1": True}, "letter", "en",
                                    dpi)).copy()
    k = dpi / 72
    x, y, w, h = (round(v * k) for v in layout("classic", "easy", "letter",
                                                "en").anchors["code"])
    buf = io.BytesIO()
    segno.make_qr("printkit " * 120, error="h").save(buf, kind="png", scale=4, border=2)
    dense = Image.open(io.BytesIO(buf.getvalue())).convert("RGB").resize((w, h))
    sheet[y:y + h, x:x + w] = np.asarray(dense)
    read = scan(photograph(Image.fromarray(sheet), quality=88), "dense.jpg")
    assert read.identified == "look"
    assert (read.code.map, read.code.mode) == ("classic", "easy")
    assert 0 < len(calls) <= 2 * 2 * DEFAULT.code.tries


def test_a_variant_sheet_whose_code_cannot_be_read_is_refused(tmp_path):
    """A seeded variant's board is drawn from its seed, which only the code carries: it is
    not taken for the classic map's sheet."""
    game_map = load_map("variant-7")
    path = tmp_path / "scribbled.jpg"
    path.write_bytes(code_scribbled(game_map, "hard", {"F-A1": True}, "a4", "es"))
    assert "the sheet's code (the square by the date) cannot be read" in _scan_error(path)


def test_a_sheet_without_its_corner_markers_is_said_to_have_none(tmp_path):
    """Boxes and digits that read as markers do not make a sheet of a page whose corners
    show none: the photo is refused for its markers, at once."""
    run, values = _shown(ROOT / "examples/fox-and-rabbit/hard-won-sheet-only.yaml")
    sheet = np.asarray(played_sheet(run.map, run.mode, values, dpi=300)).copy()
    k = 300 / 72
    lay = layout("classic", run.mode, "letter", "en")
    for corner in range(4):
        x, y, w, h = (round(v * k) for v in lay.anchors[f"marker-{corner}"])
        sheet[y - 8:y + h + 8, x - 8:x + w + 8] = 255
    path = tmp_path / "unmarked.jpg"
    path.write_bytes(photograph(Image.fromarray(sheet), quality=88))
    assert "none of its four corner markers is in view" in _scan_error(path)


def test_a_written_box_asked_can_be_given_as_holding_nothing(tmp_path):
    """A player asked about an endgame attempt box or a circle that holds nothing types
    `-` (or no): it was refused as not a die, so that a box the reader was unsure of could
    not be settled as empty."""
    run, values = _shown(FIT_THE_LOG[0])
    photo = _photo(tmp_path, values, run.map, run.mode)
    empty = [fb.name for fb in layout("classic", run.mode, "letter", "en").fields
             if fb.kind in (sf.ATTEMPT, sf.CIRCLE) and fb.name not in values]
    given = _typed(values) + f",{empty[0]}=-,{empty[-1]}=no"
    result = runner.invoke(app, ["validate", str(photo), "--numbers", given, "--json"])
    assert result.exit_code == (0 if validate_run(run).legal else 1), result.output
    assert json.loads(result.output)["legal"] == validate_run(run).legal


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_a_curled_sheet_whose_markers_do_not_tell_its_paper_is_known_by_its_look(tmp_path,
                                                                                 paper):
    """The code scribbled over and the bottom edge curled: the markers fit letter and A4
    about as well, and the sheet's look was not tried at all; each paper is tried now."""
    path = tmp_path / "curled.jpg"
    path.write_bytes(code_scribbled(load_map("classic"), "easy", {"F-A1": True, "R-B2": True},
                                    paper, "en", curl=0.02))
    result = runner.invoke(app, ["scan", str(path), "--json"])
    assert result.exit_code == 0, result.output
    sheet = json.loads(result.output)["sheet"]
    assert (sheet["paper"], sheet["mode"], sheet["lang"], sheet["identified"]) == \
        (paper, "easy", "en", "look")


def test_a_photo_of_aid_circles_ringed_along_their_print_does_not_read_them_empty():
    # a player rings two aids in light pencil (30 % dark) along their printed circles, the
    # ring on the line's inner edge: each pixel of it lies where the print's halo hides it,
    # and before, the photo read both empty, 98 % sure
    game_map = load_map("classic")
    values: dict[str, str | bool] = dict.fromkeys((
        "F-A1", "F-A2", "F-B1", "R-A1", "R-A2", "R-B1", "F-carrot", "R-carrot", "trap-1",
        "trap-2", "flip-1", "round-1-fox-escaped", "title-2"), True)
    ringed = ["plus-minus-2", "re-roll-1"]
    sheet = ringed_along_print(played_sheet(game_map, "easy", values, dpi=PHOTO_DPI), game_map,
                               "easy", ringed, dpi=PHOTO_DPI)
    fields = scan(photograph(sheet), "ringed.jpg").fields
    for name in ringed:
        assert fields[name].marked or (fields[name].uncertain and fields[name].confidence < 0.97)
    aids = [name for name in fields if name.startswith(("plus-minus-", "flip-", "re-roll-"))]
    empty = [fields[name] for name in aids if name not in ringed + ["flip-1"]]
    assert empty and all(not f.marked and not f.uncertain for f in empty)
