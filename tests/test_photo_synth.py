"""The synthetic-photo generator the reader is measured with (bench/photo/synth.py).

Its truth must say what it drew: the fields come from the fillable form under the names
docs/gamesheet-form.md gives, a record's cells are the ones marked, a marked field holds
ink in the flat render and an empty one stays clean, the page lands where the truth's
corners say, and one seed makes one photo. Small renders and photos keep these quick.
"""

import json
import re
from pathlib import Path

import cv2
import numpy as np
import pytest
import yaml

from bench.photo import score, synth
from printkit.cli import app

ROOT = Path(__file__).resolve().parent.parent
DPI = 100


@pytest.fixture(autouse=True)
def printkit_in_this_process(cli, monkeypatch):
    """The generator's `printkit sheet` and `printkit simulate` run through CliRunner here,
    as the CLI's own tests run it, rather than a new process each (a second of CPU each,
    for the dozen sheets a clean clone has not yet made)."""
    def run(args):
        result = cli.runner.invoke(app, list(args))
        return result.exit_code, result.stderr

    monkeypatch.chdir(ROOT)
    monkeypatch.setattr(synth, "run_printkit", run)
# a field holds ink when this many of its pixels are darkened by 5 % or more; ink drawn
# is at least a stroke across the box, an erased smudge stays under 5 %
DARKER = 0.05 * 255


def _documented_fields(mode: str) -> dict[str, str]:
    text = (ROOT / "docs" / "gamesheet-form.md").read_text(encoding="utf-8")
    fields = {}
    for name, kind, modes in re.findall(r"^\| `([^`]+)` \| ([a-z ]+) \| ([a-z, -]+) \|", text,
                                        re.MULTILINE):
        if modes == "all" or mode in modes.split(", "):
            fields[name] = "check" if kind == "check box" else "text"
    return fields


def _darkening(blank: np.ndarray, played: np.ndarray, box: synth.Box,
               inner: float = 1.0) -> np.ndarray:
    """How much darker each pixel of the box (its middle `inner` part) got, grey levels."""
    mx, my = box.w * (1 - inner) / 2, box.h * (1 - inner) / 2
    x0, y0 = round(box.x0 + mx), round(box.y0 + my)
    x1, y1 = round(box.x1 - mx), round(box.y1 - my)
    before = cv2.cvtColor(blank[y0:y1, x0:x1], cv2.COLOR_BGR2GRAY).astype(np.float32)
    after = cv2.cvtColor(played[y0:y1, x0:x1], cv2.COLOR_BGR2GRAY).astype(np.float32)
    return before - after


@pytest.mark.parametrize("mode", ["easy", "hard"])
def test_the_fields_come_from_the_fillable_form_under_their_documented_names(mode):
    pdf = synth._sheet_pdf(["--fillable", *synth.Sheet(mode).args()])
    boxes, values, ident = synth.form_fields(pdf, DPI)
    assert {name: box.kind for name, box in boxes.items()} == _documented_fields(mode)
    assert ident.startswith(f"fox-and-rabbit classic {mode} ")
    assert set(values.values()) <= {"", "/Off"}  # an empty form
    # letter paper at 100 dpi: every box on the page, F-A1 left of F-A2 on one row
    for box in boxes.values():
        assert 0 <= box.x0 < box.x1 <= 850 and 0 <= box.y0 < box.y1 <= 1100
    assert boxes["F-A1"].x1 < boxes["F-A2"].x0
    assert boxes["F-A1"].y0 == pytest.approx(boxes["F-A2"].y0)


def test_a_record_marks_its_cells_and_writes_its_numbers():
    record = ROOT / "examples" / "fox-and-rabbit" / "easy-won.yaml"
    data = yaml.safe_load(record.read_text(encoding="utf-8"))
    play, boxes = synth.play_record(record, "a4", "fr", DPI)
    assert play.sheet == synth.Sheet("easy", "a4", "fr", None)
    cells = {name for name in boxes if re.fullmatch(r"[FR]-[A-D]\d", name)}
    written = {cell: str(value) for cell, value in data["written"].items()}
    assert {c for c in cells if play.marked[c]} == set(data["crossed"]) | set(written)
    for cell, value in written.items():
        assert play.values[cell] == value
    assert play.marked["F-B1"] and not play.marked["F-A2"]
    assert play.values["round-1-fox"] == "R2 Y5 Y3"
    assert play.marked["score"] and play.values["score"] == str(data["claimed"]["score"])


def test_a_run_longer_than_the_sheets_log_is_drawn_on_the_sheet_a_player_plays_on():
    # three rounds: the blank sheet's log holds two, the third goes on the back of the paper
    record = ROOT / "examples" / "fox-and-rabbit" / "hard-lost-sheet-only.yaml"
    play, boxes = synth.play_record(record, "letter", "en", DPI)
    plain, _, _ = synth.form_fields(synth._sheet_pdf(["--fillable", *play.sheet.args()]), DPI)
    assert boxes == plain   # every field where the photographed sheet prints it
    assert play.values["round-2-fox"] == "R3 B2 B5"
    assert not any(name.startswith("round-3") for name in play.values)


@pytest.mark.parametrize("profile", synth.PROFILES)
def test_marked_fields_hold_ink_and_empty_ones_stay_clean(profile):
    rng = np.random.default_rng(5)
    sheet = synth.Sheet("hard", "letter", "en", None)
    play, boxes = synth.play_random(sheet, rng, DPI)
    blank, boxes, _ = synth.print_sheet(synth.render(synth._sheet_pdf(sheet.args()), DPI),
                                        boxes, rng)
    played = synth.mark_sheet(blank, play, boxes, profile, rng, DPI)
    marked = [name for name in boxes if play.marked[name]]
    assert 10 < len(marked) < len(boxes) - 10
    for name, box in boxes.items():
        if play.marked[name]:
            dark = _darkening(blank, played.image, box)
            enough = 0.5 * min(box.w, box.h)
            assert (dark > DARKER).sum() >= enough, (name, played.marks[name])
        else:
            dark = _darkening(blank, played.image, box, inner=0.7)
            assert (dark > DARKER).sum() == 0, (name, float(dark.max()))
    if profile == "hard":
        assert "ballpoint" not in played.pen and len(played.erased) >= 2
        for name in played.erased:
            assert not play.marked[name]
            assert _darkening(blank, played.image, boxes[name]).max() > 1  # a trace is left


def test_a_print_shrunk_to_fit_keeps_its_boxes_on_the_printed_ones():
    sheet = synth.Sheet()
    blank = synth.render(synth._sheet_pdf(sheet.args()), DPI)
    boxes, _, _ = synth.form_fields(synth._sheet_pdf(["--fillable", *sheet.args()]), DPI)
    kinds = set()
    for seed in range(12):
        printed, moved, info = synth.print_sheet(blank, boxes, np.random.default_rng(seed))
        kinds.add(info["print"])
        if info["scale"] == 1.0:
            assert moved == boxes
            continue
        kinds.add("shrunk")
        for name in ("F-A1", "trap-15", "title-4", "R-D3"):
            a, b = boxes[name], moved[name]
            assert b.w == pytest.approx(a.w * info["scale"])
            want = cv2.cvtColor(blank[round(a.y0):round(a.y1), round(a.x0):round(a.x1)],
                                cv2.COLOR_BGR2GRAY).astype(float)
            got = cv2.cvtColor(printed[round(b.y0):round(b.y1), round(b.x0):round(b.x1)],
                               cv2.COLOR_BGR2GRAY).astype(float)
            got = cv2.resize(got, want.shape[::-1])
            assert np.corrcoef(want.ravel(), got.ravel())[0, 1] > 0.8, name
    assert kinds == {"colour", "grey", "faded", "shrunk"}


def test_hard_pencil_is_light():
    rng = np.random.default_rng(11)
    sheet = synth.Sheet()
    play, boxes = synth.play_random(sheet, rng, DPI)
    blank = synth.render(synth._sheet_pdf(sheet.args()), DPI)
    played = synth.mark_sheet(blank, play, boxes, "hard", rng, DPI)
    # on the white margin around a food box's F, R letters: the ink's darkest is 10-30 %
    worst = max(float(_darkening(blank, played.image, boxes[name]).max())
                for name in boxes if play.marked[name] and boxes[name].kind == "check")
    assert 0.08 * 255 < worst < 0.32 * 255


def test_one_seed_makes_one_photo_and_its_truth():
    one = synth.make_sample(3, "photo", dpi=DPI, size=(1000, 750))
    again = synth.make_sample(3, "photo", dpi=DPI, size=(1000, 750))
    other = synth.make_sample(4, "photo", dpi=DPI, size=(1000, 750))
    assert one.photo == again.photo and one.truth == again.truth
    assert one.photo != other.photo
    image = cv2.imdecode(np.frombuffer(one.photo, np.uint8), cv2.IMREAD_COLOR)
    assert image.shape == (750, 1000, 3)
    truth = json.loads(json.dumps(one.truth))
    assert set(truth) >= {"sheet", "fields", "values", "profile"}
    assert truth["profile"] == "photo"
    assert set(truth["fields"]) == set(one.flat.boxes)
    assert set(truth["values"]) <= {n for n, marked in truth["fields"].items() if marked}
    assert all(one.flat.boxes[n].kind == "text" for n in truth["values"])
    assert 60 <= truth["camera"]["jpeg_quality"] <= 90


@pytest.mark.parametrize("profile", synth.PROFILES)
def test_the_page_lands_where_the_truth_says(profile):
    # a white page with a black square at its top left corner
    flat = np.full((1100, 850, 3), 255, np.uint8)
    flat[40:140, 40:140] = 0
    rng = np.random.default_rng(9)
    shot = (synth.scan(flat, rng, DPI) if profile == "scan"
            else synth.photograph(flat, profile, rng, (1200, 900)))
    page = np.array([[0, 0], [850, 0], [850, 1100], [0, 1100]], np.float32)
    hom = cv2.getPerspectiveTransform(page, np.array(shot.corners, np.float32))
    square, middle = cv2.perspectiveTransform(np.array([[[90, 90], [425, 550]]], np.float32),
                                              hom)[0]
    grey = cv2.cvtColor(shot.image, cv2.COLOR_BGR2GRAY).astype(float)
    tolerance = 25 if profile == "hard" else 0  # the lens and the curl move points a little
    sq = grey[int(square[1]) - 5:int(square[1]) + 6, int(square[0]) - 5:int(square[0]) + 6]
    mid = grey[int(middle[1]) - 5:int(middle[1]) + 6, int(middle[0]) - 5:int(middle[0]) + 6]
    assert sq.mean() < 0.5 * mid.mean() + tolerance, (sq.mean(), mid.mean())


def _truth():
    return {"sheet": {"game": "fox-and-rabbit", "map": "classic", "mode": "easy",
                      "variant": None, "paper": "letter", "lang": "en"},
            "fields": {"F-A1": True, "F-A2": False, "F-A3": True, "trap-1": False},
            "to_type": ["F-A3"], "values": {"F-A3": "9"}, "profile": "photo"}


def test_the_score_tells_silent_errors_from_asked_and_missing_fields():
    truth = _truth()
    perfect = score.score_photo("p.jpg", truth, score.smoke_reading(truth), "read", 0.5)
    assert perfect.all_right and perfect.right == 4 and perfect.sheet_right

    reading = score.smoke_reading(truth)
    reading["fields"]["F-A2"]["marked"] = True  # a silent error
    reading["uncertain"] = ["F-A1"]  # asked: the player confirms it
    del reading["fields"]["trap-1"]  # not read at all
    reading["to_type"] = []
    result = score.score_photo("p.jpg", truth, reading, "read", 0.5)
    assert (result.right, result.asked, result.wrong, result.missing) == (
        1, 1, ["F-A2"], ["trap-1"])
    assert result.to_type_missed == ["F-A3"] and not result.all_right
    figures = score.SetScore("photos", [perfect, result]).figures()
    assert figures["sheets_all_right"] == 1
    assert figures["fields_right"] == pytest.approx(6 / 8)
    assert figures["asked"] == pytest.approx(1 / 8)
    assert [met for _, met in score.verdicts("photo", figures)] == [False, False]

    refused = score.score_photo("q.jpg", truth, None, "rejected", 0.2, "markers not found")
    three = score.SetScore("photos", [perfect, result, refused])
    figures = three.figures()
    assert figures["fields_right"] == pytest.approx(6 / 12)
    assert figures["fields_right_read"] == pytest.approx(6 / 8)
    assert (figures["read"], figures["rejected"]) == (2, 1)
    entry = {"figures": figures, "photos": [vars(p) for p in three.photos]}
    assert score.from_report(json.loads(json.dumps(entry))).figures() == figures

    reading = score.smoke_reading(truth)
    reading["sheet"]["mode"] = "hard"
    assert not score.score_photo("p.jpg", truth, reading, "read", 0.5).all_right
    refused = score.score_photo("p.jpg", truth, None, "rejected", 0.2, "markers not found")
    assert refused.missing == sorted(truth["fields"]) and not refused.all_right


def test_a_truth_names_the_record_it_was_played_from():
    assert synth.record_of("random") is None
    example = synth.record_of("examples/fox-and-rabbit/hard-won.yaml")
    assert example is not None and example.exists()
    record = synth.simulated_record("super-hard", 7, 42, "greedy")
    assert synth.record_of(record.name) == record
    data = yaml.safe_load(record.read_text(encoding="utf-8"))
    assert (data["mode"], data["map"]) == ("super-hard", "variant-7")
    play, _ = synth.play_record(record, "letter", "en", DPI)
    assert play.sheet == synth.Sheet("super-hard", "letter", "en", 7)
    assert play.source == record.name
