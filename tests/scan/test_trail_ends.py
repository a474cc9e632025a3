"""A light pencil page's trail end asked for its food (`trail_ends.ask_trail_ends`): a
trail's last cell read empty, not surely, where a food only that trail of its animal ends at
is read ticked, is asked (docs/scan-measurement.md, "A light pencil's trail end asked for
its food")."""

import numpy as np

from printkit.scan.trail_ends import ask_trail_ends
from tests.scan.read_pages import classic_layout, read_page
from tests.scan.test_field_reading import FIRM, _camera, _cross, _read, _sheet


def _asked(reads: dict[str, tuple[bool, float]], light: bool = True) -> list[str]:
    fields = ask_trail_ends(read_page(reads, light), classic_layout(), light)
    return sorted(name for name, f in fields.items() if f.uncertain)


#: generator 2's hard 2200007: the fox's trail B crossed to its end and the apple eaten; a
#: light pencil's tick in F-B5 left no trace (read empty at 0.534, not asked, on main)
_APPLE = {f"F-B{k}": (True, 0.95) for k in range(1, 5)} | {
    "F-B5": (False, 0.534), "F-apple": (True, 0.93)}


def test_a_trails_last_cell_read_empty_is_asked_where_its_one_food_is_read_ticked():
    assert _asked(_APPLE) == ["F-B5"]
    # the rabbit's blueberry is at the end of its trail A only (2200008's R-A5, 0.519)
    reads = {f"R-A{k}": (True, 0.9) for k in range(1, 5)} | {
        "R-A5": (False, 0.519), "R-blueberry": (True, 0.72)}
    assert _asked(reads) == ["R-A5"]


def test_the_last_cell_is_not_asked_where_the_food_tells_nothing_of_its_trail():
    # the fox's carrot is at the end of its trails A and D: the fox may have eaten it at
    # the end of either
    reads = {f"F-A{k}": (True, 0.95) for k in range(1, 5)} | {
        "F-A5": (False, 0.6), "F-carrot": (True, 0.95)}
    assert _asked(reads) == []
    # the apple read ticked no more surely than FOOD_EATEN, or read empty
    assert _asked(_APPLE | {"F-apple": (True, 0.6)}) == []
    assert _asked(_APPLE | {"F-apple": (False, 0.7)}) == []
    # the last cell read empty over the rules' bound (ORDER_EMPTY)
    assert _asked(_APPLE | {"F-B5": (False, 0.85)}) == []


def test_a_page_not_read_as_light_pencil_is_not_asked_so():
    assert _asked(_APPLE, light=False) == []



def test_a_light_pencil_pages_last_cell_that_shows_nothing_is_asked_for_its_apple():
    # a light pencil page (its crosses 12 % dark, 2 pixels wide, on a grainy photo): the
    # fox's trail B crossed to F-B4 and its apple ticked, F-B5 showing no pixel of the
    # pencil. Read empty at 0.58, not asked, on main: the referee took it as empty
    _, blank = _sheet()
    page = blank.astype(np.float32)
    for name in [*FIRM, "F-B3", "F-B4", "F-apple"]:
        _cross(page, name, 255 * 0.88, width=2)
    fields = _read(_camera(page, noise=5.0, seed=7))
    assert fields["F-apple"].marked and fields["F-B4"].marked
    end = fields["F-B5"]
    assert end.light and not end.marked and end.confidence <= 0.8
    assert end.uncertain
