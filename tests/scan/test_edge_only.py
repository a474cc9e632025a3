"""A trail cell whose only ink is its outline's edge the light page's smoothing spread (issue
29).

The pages are the flattened photos of two hard-profile photos of generator 1 (a helper's own
tuning photos: seeds 2987150 and 2987147, classic, hard, letter, English), as the reader
flattened them, kept as JPEGs (quality 85). Both are read as light pencil. The smoothed pass
spreads a trail cell's printed outline into it, a little over the fainter step, all of it
along the print, and then asks the cell itself: 2987150's empty `F-D2` for its print's edge
(`_ask_print_edges`, leaning marked), 2987147's empty last cell `R-A5` for the shade around
it (`_ask_shaded`, leaning empty). The unsmoothed pass reads neither (under `light_low`) and
the smoothed pass finds no ink away from the print: they are read as the unsmoothed pass
reads them (`edge_only.print_edge_only`).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import cv2
import numpy as np

from printkit.scan.edge_only import print_edge_only
from printkit.scan.field_read import FieldRead
from printkit.scan.fields import read_fields
from printkit.scan.layout import blank_image, layout
from printkit.scan.params import DEFAULT

HERE = Path(__file__).resolve().parent.parent / "fixtures/scan/edge-only"
#: each page: the photo's own pixels a point of the sheet
PAGES = {"hard-2987150": 3.627, "hard-2987147": 3.466}
P = DEFAULT.ink


@cache
def _read(name: str) -> dict[str, FieldRead]:
    lay = layout("classic", "hard", "letter", "en")
    blank = np.asarray(blank_image("classic", "hard", "letter", "en", DEFAULT.scale))
    flat = cv2.imread(str(HERE / f"{name}-flat.jpg"), cv2.IMREAD_GRAYSCALE)
    return read_fields(flat, blank, lay, DEFAULT, PAGES[name]).fields


def test_an_empty_cell_asked_for_its_print_edge_in_the_smoothed_pass_alone_is_read_empty():
    fields = _read("hard-2987150")
    assert fields["F-D2"].light
    # asked on main, leaning marked (0.87)
    assert not fields["F-D2"].marked and not fields["F-D2"].uncertain
    assert fields["F-D2"].confidence < 0.99


def test_an_empty_last_cell_asked_for_shade_in_the_smoothed_pass_alone_is_read_empty():
    fields = _read("hard-2987147")
    # asked on main, leaning empty (0.5)
    assert not fields["R-A5"].marked and not fields["R-A5"].uncertain
    assert fields["R-A5"].confidence < 0.99


def test_the_marks_of_those_pages_are_still_read_marked():
    # crossed, ticked and overshooting cells and a crossed last cell, as on main
    assert all(_read("hard-2987147")[c].marked for c in ("F-D2", "F-B5", "R-B1", "R-B2"))
    assert _read("hard-2987150")["R-A5"].marked


def test_a_cell_with_smoothed_ink_away_from_its_print_is_left_asked():
    asked = frozenset({"F-B5"})
    # the unsmoothed pass reads nothing, but the smoothed pass finds ink away from the print
    assert print_edge_only({"F-B5"}, {"F-B5": 0.0}, {"F-B5": P.ask_share}, {"F-B5": 0.05},
                           asked, P) == {}
    # and none: read as the unsmoothed pass reads it
    assert print_edge_only({"F-B5"}, {"F-B5": 0.004}, {"F-B5": P.ask_share}, {"F-B5": 0.0},
                           asked, P) == {"F-B5": 0.004}


def test_a_cell_the_unsmoothed_pass_reads_ink_in_or_the_smoothed_pass_does_not_ask_is_left():
    cells = {"F-B5"}
    # a hundredth of its pixels or more read as ink without the smoothing
    assert print_edge_only(cells, {"F-B5": 0.012}, {"F-B5": P.ask_share}, {"F-B5": 0.0},
                           frozenset(cells), P) == {}
    # not asked by the smoothed pass's own doubts (a share the smoothed pass reads)
    assert print_edge_only(cells, {"F-B5": 0.0}, {"F-B5": 0.04}, {"F-B5": 0.0},
                           frozenset(), P) == {}
    # not a trail cell (a reward box's letter leaves no ink away from its print)
    assert print_edge_only(set(), {"die-R": 0.0}, {"die-R": P.ask_share}, {"die-R": 0.0},
                           frozenset({"die-R"}), P) == {}
