"""A trap whose only ink is one row of pixels along its printed number's edge (issue 29,
point 3: home prints).

The page is the flattened photo of a tuning photo of generator 2 (`g2-tune-homeprint`
2350026: classic, hard, letter, English; a black-and-white laser print photographed by the
camera, light pencil 0.66), as the reader flattened it, kept as a JPEG (quality 85). Its
empty `trap-15` prints a number a pixel lower than the blank has it: the row under the
number reads a little darker than the step, the light page's smoothed pass spreads it over
`own_high`, and main read the box ticked at 0.79, not asked. It is asked now, leaning as
read (`print_row.ask_print_rows`); the crossed traps are read as before.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import numpy as np

from printkit.scan import ink
from printkit.scan.field_read import FieldRead
from printkit.scan.params import DEFAULT
from printkit.scan.print_row import along_print, covers_print
from tests.scan.photos import flat_fields

HERE = Path(__file__).resolve().parent.parent / "fixtures/scan/print-row"
P = DEFAULT.ink


@cache
def _read() -> dict[str, FieldRead]:
    return flat_fields(HERE / "homeprint-2350026-flat.jpg", ("classic", "hard", "letter", "en"),
                       None)


def test_an_empty_trap_whose_ink_is_a_row_along_its_number_is_asked():
    trap = _read()["trap-15"]
    assert trap.light
    # read ticked at 0.793 and not asked on main
    assert trap.uncertain
    assert trap.marked   # leaning as read


def test_the_crossed_traps_of_that_page_are_still_read():
    fields = _read()
    for n in range(1, 12):
        assert fields[f"trap-{n}"].marked and not fields[f"trap-{n}"].uncertain
    assert not fields["trap-14"].marked and not fields["trap-14"].uncertain


def _box(ink_at: list[tuple[int, int]]) -> ink.Ink:
    """A 20-pixel box with a printed block (rows 6-12, columns 5-14) and ink where told."""
    dark = np.zeros((20, 20), np.float32)
    clear = np.ones((20, 20), bool)
    clear[6:13, 5:15] = False
    for y, x in ink_at:
        dark[y, x] = 0.1
    return ink.Ink(dark, clear, np.zeros((20, 20), bool))


def test_a_row_along_the_print_is_told_from_a_tick():
    step = P.step
    # the row under the print, or the column beside it
    assert along_print(_box([(13, x) for x in range(5, 12)]), step, P)
    assert along_print(_box([(y, 15) for y in range(7, 12)]), step, P)
    # a row a pixel away from the print, or a tick's pixels in more than one row
    assert not along_print(_box([(14, x) for x in range(5, 12)]), step, P)
    assert not along_print(_box([(13, 10), (14, 11), (15, 12), (16, 13)]), step, P)
    # no ink at all
    assert not along_print(_box([]), step, P)


def test_a_few_pixels_beside_the_print_are_not_the_print_laid_off():
    step = P.step
    # the whole lower edge of the print (10 pixels), or most of it
    assert covers_print(_box([(13, x) for x in range(5, 15)]), step, P)
    assert covers_print(_box([(13, x) for x in range(5, 11)]), step, P)
    # two or three pixels of it: a tick lying along the number may leave as much
    assert along_print(_box([(13, 7), (13, 8), (13, 9)]), step, P)
    assert not covers_print(_box([(13, 7), (13, 8), (13, 9)]), step, P)
