"""A check box whose paper a lamp's falloff darkens towards its foot, read marked for the
darker end's pixels over the step: asked, leaning marked as read (`falloff.ask_falloff`;
docs/scan-measurement.md, "A lamp's falloff across an empty box read as ink")."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np

from printkit.games.fox_rabbit.sheet_fields import CHECK
from printkit.scan.falloff import FALLOFF_SLOPE, ask_falloff, falloff
from printkit.scan.ink import Ink
from printkit.scan.params import DEFAULT
from tests.scan.test_field_reading import FIRM, _camera, _cross, _field, _px, _read, _sheet

#: How much darker the falloff leaves a box's foot than its head (a share of the light):
#: generator 2's ordinary 2985596 `R-B1` slopes 0.07 across its paper; 0.12 here, where the
#: tests' camera is less noisy, leaves 5 % of the box over the step
FALL = 0.12


def _page(name: str, tick: bool = False) -> np.ndarray:
    # a pencil two pixels wide, 60 % dark, crosses 25 boxes: a page not read as light
    # pencil. Across `name` the paper darkens from its head to its foot by `FALL`, within
    # the box only (a lamp's falloff steeper than the page's even-light model follows)
    _, blank = _sheet()
    strokes = np.zeros(blank.shape, np.float32)
    for firm in FIRM:
        _cross(strokes, firm, 1.0, width=2)
    x, y, w, h = _px(_field(name))
    shade = np.zeros(blank.shape, np.float32)
    shade[y:y + h, x:x + w] = np.linspace(0.0, FALL, h, dtype=np.float32)[:, None]
    if tick:
        cv2.line(strokes, (x + w // 4, y + h // 2), (x + 3 * w // 4, y + h // 4), 1.0, 2)
    return blank.astype(np.float32) * (1 - 0.6 * strokes) * (1 - shade)


def test_an_empty_box_a_falloff_darkens_is_asked():
    # read ticked at 0.96, not asked, on main `282d34e` (5 % of it over the step, all at its
    # foot); asked here; no other box of the page moves. A falloff this even, paper at its
    # head, is asked first as a shade by the box's own profile (`shade.own_edge`: read
    # empty at 0.5, no lean); `ask_falloff` asks it, leaning marked, where that does not
    fields = _read(_camera(_page("R-B3"), noise=2.0))
    box = fields["R-B3"]
    assert not box.light and box.uncertain
    # its share brought to the question's (`ask_share`), or kept over the step as read
    assert box.ink == DEFAULT.ink.ask_share or (box.marked and box.ink >= 0.045)
    assert [name for name, f in fields.items()
            if name not in FIRM and name != "R-B3" and not f.kind.written and
            (f.marked or f.uncertain)] == []
    assert all(fields[name].marked and not fields[name].uncertain for name in FIRM
               if not fields[name].kind.written and name.startswith(("F-", "R-")))


def test_a_tick_in_a_box_the_falloff_darkens_is_read_not_asked():
    fields = _read(_camera(_page("R-B3", tick=True), noise=2.0))
    assert fields["R-B3"].marked and not fields["R-B3"].uncertain


def test_the_plane_takes_off_a_gradient_and_leaves_a_stroke():
    rng = np.random.default_rng(3)
    dark = (np.linspace(-0.05, 0.05, 37, dtype=np.float32)[:, None] +
            rng.normal(0, 0.01, (37, 37)).astype(np.float32))
    clear = np.ones((37, 37), bool)
    near = np.zeros((37, 37), bool)
    flat, slope = falloff(Ink(dark, clear, near), 0.045, CHECK, DEFAULT)
    assert slope >= FALLOFF_SLOPE and flat < 0.01
    stroke = dark.copy()
    cv2.line(stroke, (8, 28), (28, 8), 0.3, 2)
    marked, _ = falloff(Ink(stroke, clear, near), 0.045, CHECK, DEFAULT)
    assert marked >= 0.05


def test_nothing_is_asked_so_without_a_slope_in_a_trap_or_on_a_light_page():
    fields = _read(_camera(_page("R-B3"), noise=2.0))
    # the box as read marked, not asked (as `ask_falloff` is given it)
    box = replace(fields["R-B3"], marked=True, uncertain=False)
    shape = (37, 37)
    clear, near = np.ones(shape, bool), np.zeros(shape, bool)
    spot = np.zeros(shape, np.float32)
    spot[30:36, 2:35] = 0.1   # ink at the foot, the rest of the paper level: no slope
    found = {"R-B3": Ink(spot, clear, near)}
    assert not ask_falloff({"R-B3": box}, found, frozenset(), 0.045, DEFAULT)["R-B3"].uncertain
    # the slope alone taken off: the paper level with its median (its background taken off)
    ramp = np.repeat(np.linspace(-0.06, 0.06, 37, dtype=np.float32)[:, None], 37, axis=1)
    sloped = {"R-B3": Ink(ramp, clear, near)}
    assert ask_falloff({"R-B3": box}, sloped, frozenset(), 0.045, DEFAULT)["R-B3"].uncertain
    assert not ask_falloff({"R-B3": box}, sloped, frozenset({"R-B3"}), 0.045,
                           DEFAULT)["R-B3"].uncertain
    # a light pencil page's faint slash can tilt the plane: its boxes are left as read
    lit = replace(box, light=True)
    assert not ask_falloff({"R-B3": lit}, sloped, frozenset(), 0.045, DEFAULT)["R-B3"].uncertain
