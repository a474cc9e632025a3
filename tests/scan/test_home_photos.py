"""Sheets printed at home and photos sent on: a toner-save print (its markers a light grey),
a black-and-white print of the colour sheet, a messaging app's copy of a photo (1,280
pixels, JPEG 40: the sheet's markers about 11 pixels wide)."""

from __future__ import annotations

import functools
from pathlib import Path

import cv2
import numpy as np
from PIL import Image

from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.games.fox_rabbit.record import read_record
from printkit.games.fox_rabbit.template import load_map
from printkit.scan.layout import layout
from printkit.scan.reader import scan
from tests.scan.photos import home_printed, messaging_copy, photograph, played_sheet, scribble

ROOT = Path(__file__).parent.parent.parent


@functools.cache
def _played() -> tuple[object, dict[str, str | bool]]:
    run = read_record((ROOT / "examples/fox-and-rabbit/hard-won-sheet-only.yaml").read_text())
    values = {k: v for k, v in sf.form_values(run).items()
              if not k.startswith("score-") and k != "date"}
    return run, values


def _read_as_played(photo: bytes) -> None:
    """The photo is read, every box as the player left it (or asked)."""
    run, values = _played()
    read = scan(photo, "sheet.jpg")
    assert (read.code.map, read.code.mode) == ("classic", run.mode)  # type: ignore[attr-defined]
    wrong = {name for name, f in read.fields.items()
             if not f.uncertain and f.marked != bool(values.get(name))}
    assert wrong == set()


def _sheet():  # type: ignore[no-untyped-def]
    run, values = _played()
    return played_sheet(run.map, run.mode, values, dpi=200)  # type: ignore[attr-defined]


def test_a_toner_save_print_is_read():
    """Every colour at 45 % of its density: the markers' black prints a light grey, which
    was taken for no marker at all."""
    _read_as_played(photograph(home_printed(_sheet(), "toner-save")))


def test_a_messaging_apps_copy_is_read():
    """The photo shrunk to 1,280 pixels and saved at JPEG 40, the sheet about two thirds of
    the frame: its markers are searched in the copy enlarged."""
    _read_as_played(messaging_copy(photograph(_sheet(), room=1.1)))


def test_a_black_and_white_print_of_the_colour_sheet_is_read():
    """A black-and-white laser printing the colour sheet: every tint a grey dot screen, the
    reward boxes' letters and the cells' colours as dark as the printer makes them."""
    _read_as_played(photograph(home_printed(_sheet(), "mono")))


def test_a_faint_print_sent_through_a_messaging_app_is_read():
    """A toner-save print at 38 % of its density sent on (1,280 pixels, JPEG 40): its markers
    about 12 pixels wide, their black 0.8-0.9 of the paper's light, were taken for no marker
    on paper ("2 of the sheet's four corner markers found"). Its faint tinted cells are the
    ink's to read: here no box is read wrong surely."""
    run, values = _played()
    photo = messaging_copy(photograph(home_printed(_sheet(), "toner-save", density=0.38)))
    read = scan(photo, "sheet.jpg")
    assert (read.code.map, read.code.mode, read.code.paper) == \
        ("classic", run.mode, "letter")  # type: ignore[attr-defined]
    assert {name for name, f in read.fields.items()
            if f.confidence >= 0.99 and f.marked != bool(values.get(name))} == set()


def test_a_messaging_apps_copy_of_a_faint_print_whose_code_is_scribbled_is_known_by_its_look():
    """A toner-save print on A4 (50 %), its code scribbled over, sent on: its markers do not
    tell the paper, its code is tried on both papers and given up, and the sheet is known by
    its look, the right one (as the photo bench/bench_scan_speed.py times)."""
    run, values = _played()
    dpi = 200
    sheet = np.asarray(home_printed(played_sheet(run.map, run.mode, values,  # type: ignore[attr-defined]
                                                 "a4", dpi=dpi), "toner-save", 0.5)).copy()
    x, y, w, h = (round(v * dpi / 72) for v in layout(
        "classic", run.mode, "a4", "en").anchors["code"])  # type: ignore[attr-defined]
    scribble(sheet, (x, y, w, h))
    read = scan(messaging_copy(photograph(Image.fromarray(sheet), room=1.05)), "sheet.jpg")
    assert read.identified == "look"
    assert (read.code.map, read.code.mode, read.code.paper, read.code.lang) == \
        ("classic", run.mode, "a4", "en")  # type: ignore[attr-defined]
    assert {name for name, f in read.fields.items()
            if f.confidence >= 0.99 and f.marked != bool(values.get(name))} == set()


def test_a_tick_across_a_traps_number_on_a_toner_save_print_is_read():
    """A short pencil slash across each of the first ten traps' numbers, printed toner-save
    at 45 %: the number prints a light grey, the slash lies mostly on it, where the reader
    measured no ink, and two traps were read empty, sure. The ink over a faint print is read
    against the page's own traps; the empty traps stay unmarked."""
    game_map = load_map("classic")
    dpi = 200
    k = dpi / 72
    sheet = np.asarray(played_sheet(game_map, "hard", {}, dpi=dpi)).copy()
    ticked = {f"trap-{n}" for n in range(1, 11)}
    for fb in layout("classic", "hard", "letter", "en").fields:
        if fb.name in ticked:
            x, y, w, h = (v * k for v in fb.box)
            cv2.line(sheet, (round(x + 0.35 * w), round(y + 0.7 * h)),
                     (round(x + 0.65 * w), round(y + 0.3 * h)), (70, 70, 75), round(0.9 * k))
    read = scan(photograph(home_printed(Image.fromarray(sheet), "toner-save", 0.45)), "s.jpg")
    traps = {name: f for name, f in read.fields.items() if name.startswith("trap-")}
    assert {name for name, f in traps.items() if name in ticked and not f.marked
            and not f.uncertain} == set()
    # an empty trap may be asked (a box asked for a light pencil's faint strokes leans
    # crossed), never read ticked
    assert {name for name, f in traps.items() if name not in ticked and f.marked
            and not f.uncertain} == set()


def test_a_blue_ballpoints_hatching_on_a_messaging_apps_copy_is_read_or_asked_leaning_crossed():
    """Thirteen trail cells hatched with a light blue ballpoint a pixel wide (at 200 dpi),
    nothing else marked, the photo sent on (1,280 pixels, JPEG 40: about 1.35 of its pixels
    a point). The copy's pixels grey the pen's lines to between light pencil's darkness on a
    camera's photo and a felt pen's; two hatchings were read empty (at 0.50-0.51) and one
    asked leaning no way. On such a copy the pen is read as light pencil: each hatching is
    read crossed, or asked leaning crossed."""
    game_map = load_map("classic")
    dpi = 200
    k = dpi / 72
    sheet = np.asarray(played_sheet(game_map, "hard", {}, dpi=dpi)).copy()
    hatched = {"F-B1", "F-B2", "F-B3", "F-B5", "R-A1", "R-A2", "R-A4", "R-A5", "R-B1", "R-B2",
               "R-C1", "R-D1", "R-D2"}
    cells = [fb for fb in layout("classic", "hard", "letter", "en").fields if fb.name in hatched]
    for fb in cells:
        x, y, w, h = (v * k for v in fb.box)
        layer = sheet.copy()
        t = -h
        while t < w:   # lines 2.5 points apart, at 45 degrees, inside the box's outline
            cv2.line(layer, (round(x + t), round(y + h)), (round(x + t + h), round(y)),
                     (90, 110, 190), 1, cv2.LINE_AA)
            t += 2.5 * k
        y0, y1 = round(y + 0.15 * h), round(y + 0.85 * h)
        x0, x1 = round(x + 0.15 * w), round(x + 0.85 * w)
        sheet[y0:y1, x0:x1] = np.minimum(sheet[y0:y1, x0:x1], layer[y0:y1, x0:x1])
    read = scan(messaging_copy(photograph(Image.fromarray(sheet), room=1.1)), "sheet.jpg")
    assert {fb.name for fb in cells if not read.fields[fb.name].marked} == set()
    # the empty boxes may be asked about (the page shows its pen in few boxes), never read
    # crossed
    assert {name for name, f in read.fields.items()
            if name not in hatched and f.marked and not f.uncertain} == set()


def test_an_inkjet_out_of_cyan_leaves_a_cell_of_two_colours_empty():
    """An inkjet printing its cyan at a tenth of its density: a trail cell half blue, half
    pink (0.84 and 0.83 grey in the blank, one fill to its grey) has its blue half printed
    lighter than the pink, which was then read as a tick, surely (`R-D2` at 0.98); a pencil
    mark in the other such cell (`R-B2`) is still read."""
    run, values = _played()
    assert values.get("R-B2") and values.get("R-D2")
    values = {name: value for name, value in values.items() if name != "R-D2"}
    rgb = np.asarray(played_sheet(run.map, run.mode, values, dpi=200),  # type: ignore[attr-defined]
                     np.float32).copy()
    rgb[..., 0] = 255 - 0.1 * (255 - rgb[..., 0])   # cyan takes the red away
    read = scan(photograph(Image.fromarray(np.uint8(rgb))), "sheet.jpg")
    wrong = {name for name, f in read.fields.items()
             if not f.uncertain and f.marked != bool(values.get(name))}
    assert wrong == set()
    assert not read.fields["R-D2"].marked and read.fields["R-B2"].marked
