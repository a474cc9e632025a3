"""A box not found where its print is tells nothing of the page's pen (issue 29: light pencil
read, a confidence that means what it says).

The page is the flattened photo of a tuning photo of generator 2's hard profile
(g2-tune-hard 2250020: classic, easy, Letter, English; light pencil, 16 % dark; a hand's
shadow), as the reader flattened it, kept as a JPEG (quality 85). The page's left edge is
laid off by some 5 points, and the four title boxes there are not found (their match 0-0.2,
`min_fit` 0.2): each is read on its own outline, 0.20-0.31 of ink, and asked. On main they
were the only boxes read surely marked, so the page's pen (`pen_seen.pen_darkness`) was
theirs, 0.44 dark: the page was not read as light pencil, and its faint marks read empty,
up to 0.95 sure.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from printkit.scan.field_read import FieldRead
from tests.scan.photos import flat_fields, flat_truth

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures/scan/unfound-pen"
FLAT = FIXTURES / "g2-tune-hard-2250020-flat.jpg"
#: the photo's own pixels a point of the sheet
PHOTO_SCALE = 2.762


@cache
def _read() -> dict[str, FieldRead]:
    return flat_fields(FLAT, ("classic", "easy", "letter", "en"), PHOTO_SCALE)


@cache
def _truth() -> dict[str, bool]:
    return flat_truth(FIXTURES)


def test_the_title_boxes_read_off_their_print_are_asked():
    fields = _read()
    for name in ("title-1", "title-2", "title-3", "title-4"):
        assert fields[name].uncertain, name


def test_the_page_is_read_as_light_pencil():
    fields = _read()
    assert all(f.light for f in fields.values())


def test_its_crossed_cells_are_read_crossed_or_asked():
    # 14 of the 16 crossed trail cells (main: 6 of 16, the other ten read empty at 0.71-0.82)
    fields, truth = _read(), _truth()
    crossed = [name for name, marked in truth.items()
               if marked and name[:2] in ("F-", "R-") and len(name) == 4]
    assert len(crossed) == 16
    kept = [name for name in crossed if fields[name].marked or fields[name].uncertain]
    assert len(kept) >= 14, sorted(set(crossed) - set(kept))


def test_no_box_is_wrong_at_the_confidence_main_gave_its_misread_marks():
    # main read 36 boxes wrong on this page, up to 0.87 sure (0.95 in the whole photo's
    # reading); the boxes still wrong are read at 0.8 at most
    fields, truth = _read(), _truth()
    wrong = {name: f.confidence for name, f in fields.items()
             if not f.uncertain and f.marked != truth[name]}
    assert len(wrong) <= 12, wrong
    assert max(wrong.values(), default=0.0) <= 0.8, wrong
