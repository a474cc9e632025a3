"""A page whose pen is just darker than light pencil: its faint ticks asked, not read empty
surely (issue 29: a confidence that means what it says; never blame the player for the
machine).

The page is the flattened photo of one of my own photos of generator 2's pens profile
(seed 2986122, `python -m bench.photo2.make --seed 2986122 --profile pens`: classic,
super-hard, A4, English; a ballpoint), as the reader flattened it, kept as a JPEG (quality
85). Its pen reads 0.123 dark (`pen_seen.pen_darkness`), over `light_pen` (0.12) by little,
so the page is read as an ordinary one; its crossed `F-A1`, a thin tick whose few pixels
hold 0.013 of the cell (under the ordinary `low`, 0.02), was read empty at 0.977.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.games.fox_rabbit.rules_lean import ORDER_EMPTY
from printkit.scan.field_read import FieldRead
from printkit.scan.layout import Box
from printkit.scan.params import DEFAULT
from printkit.scan.pen_seen import ask_near_light
from tests.scan.photos import flat_fields, flat_truth

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures/scan/near-light"
FLAT = FIXTURES / "pens-2986122-flat.jpg"
#: the photo's own pixels a point of the sheet
PHOTO_SCALE = 4.012
INK = DEFAULT.ink
#: a share a light pencil page asks from, under the ordinary page's `low`
FAINT = (INK.light_low["tick"] + INK.low["tick"]) / 2


@cache
def _read() -> dict[str, FieldRead]:
    return flat_fields(FLAT, ("classic", "super-hard", "a4", "en"), PHOTO_SCALE)


@cache
def _truth() -> dict[str, bool]:
    return flat_truth(FIXTURES)


def test_the_page_is_read_as_an_ordinary_one():
    assert not any(f.light for f in _read().values())


def test_the_faint_tick_is_asked_not_read_empty_surely():
    f = _read()["F-A1"]
    assert _truth()["F-A1"]
    assert f.uncertain
    assert f.confidence <= ORDER_EMPTY


def test_no_box_of_the_page_is_read_wrong():
    fields, truth = _read(), _truth()
    wrong = {name: f.confidence for name, f in fields.items()
             if not f.uncertain and f.marked != bool(truth[name])}
    assert not wrong


def test_the_page_asks_little():
    asked = [name for name, f in _read().items() if f.uncertain]
    assert len(asked) <= 4, asked


def _box(share: float, kind: sf.FieldKind = sf.CHECK, marked: bool = False,
         uncertain: bool = False, name: str = "F-B2") -> dict[str, FieldRead]:
    return {name: FieldRead(name, kind, marked, 0.97, uncertain, share, Box(0, 0, 10, 10))}


@pytest.mark.parametrize("darkness", [INK.light_pen, 0.135, INK.near_light - 0.001])
def test_a_faint_empty_reading_is_asked_on_a_page_near_light(darkness: float):
    got = ask_near_light(_box(FAINT), darkness, False, (), INK)["F-B2"]
    assert got.uncertain and not got.marked
    assert got.confidence == ORDER_EMPTY


@pytest.mark.parametrize("darkness", [INK.light_pen - 0.001, INK.near_light, 0.3, 1.0])
def test_a_page_light_or_dark_enough_is_left_as_read(darkness: float):
    assert not ask_near_light(_box(FAINT), darkness, False, (), INK)["F-B2"].uncertain


@pytest.mark.parametrize("share", [0.0, INK.light_low["tick"] - 0.001, INK.low["tick"]])
def test_a_share_outside_the_light_pages_ask_is_left_as_read(share: float):
    assert not ask_near_light(_box(share), 0.13, False, (), INK)["F-B2"].uncertain


def test_a_trap_a_written_value_and_a_marked_box_are_left_as_read():
    assert not ask_near_light(_box(FAINT, name="trap-3"), 0.13, False, {"trap-3"}, INK)[
        "trap-3"].uncertain
    assert not ask_near_light(_box(FAINT, kind=sf.CIRCLE), 0.13, False, (), INK)["F-B2"].uncertain
    assert not ask_near_light(_box(FAINT, marked=True), 0.13, False, (), INK)["F-B2"].uncertain


def test_a_page_read_as_light_pencil_is_left_as_read():
    # a coarse copy is light under `coarse_pen`, whatever its pen's darkness
    assert not ask_near_light(_box(FAINT), 0.13, True, (), INK)["F-B2"].uncertain
