"""How the photo reader tells ink from paper in each field, on a flattened page.

Each test takes the blank sheet as the reader draws it, changes it the way a hard photo does
(a fold's crease, a light pencil filling a tinted cell, a writing line a pixel off, a faded
print under a noisy camera), and reads it with `fields.read_fields`, the step after the
page is flattened: every field must read as the player left it, sure of it.
"""

import itertools
from functools import cache

import cv2
import numpy as np
import pytest

from printkit.games.fox_rabbit.evidence import EMPTY_SURE, NO_EVIDENCE, SURE
from printkit.scan.field_read import FieldRead, reading_of
from printkit.scan.fields import read_fields
from printkit.scan.layout import FieldBox, Layout, blank_image, layout
from printkit.scan.params import DEFAULT


@cache
def _sheet() -> tuple[Layout, np.ndarray]:
    lay = layout("classic", "easy", "letter", "en")
    blank = np.asarray(blank_image("classic", "easy", "letter", "en", DEFAULT.scale))
    return lay, blank


def _field(name: str) -> FieldBox:
    return next(fb for fb in _sheet()[0].fields if fb.name == name)


def _px(fb: FieldBox) -> tuple[int, int, int, int]:
    x, y, w, h = (round(v * DEFAULT.scale) for v in fb.box)
    return x, y, w, h


def _camera(page: np.ndarray, noise: float = 2.0, seed: int = 7) -> np.ndarray:
    """The page as a phone sees it: a little soft, a little noisy."""
    soft = cv2.GaussianBlur(page.astype(np.float32), (0, 0), 0.7)
    grain = np.random.default_rng(seed).normal(0, noise, page.shape).astype(np.float32)
    return np.uint8(np.clip(soft + grain, 0, 255))


def _read(flat: np.ndarray) -> dict[str, FieldRead]:
    lay, blank = _sheet()
    read = read_fields(flat, blank, lay, DEFAULT)
    assert read.lost <= DEFAULT.page.max_lost
    return read.fields


def _marked_or_asked(fields: dict[str, FieldRead]) -> list[str]:
    return sorted(name for name, f in fields.items() if f.marked or f.uncertain)


def test_a_folds_crease_across_a_row_of_cells_is_not_ink():
    _, blank = _sheet()
    _x, y, _w, h = _px(_field("F-C2"))
    # one side of the fold catches the light, the other is in its shade; a dark line between
    rows = np.arange(blank.shape[0], dtype=np.float32)[:, None] - (y + h * 0.45)
    width = 12.0
    shade = 1 - 0.12 * np.exp(-(rows / width) ** 2) * np.sign(rows + 1e-3) \
        - 0.04 * np.exp(-(rows / (width * 0.3)) ** 2)
    fields = _read(_camera(blank.astype(np.float32) * shade))
    assert _marked_or_asked(fields) == []


def test_light_pencil_filling_a_tinted_cell_is_ink():
    _, blank = _sheet()
    page = blank.astype(np.float32)
    cell = _field("F-A2")
    x, y, w, h = _px(cell)
    inside = np.median(blank[y + h // 3:y + 2 * h // 3, x + w // 3:x + 2 * w // 3])
    assert inside < 0.92 * 255   # the cell is printed tinted
    # a pencil darkening the paper by 12 %, hatched all over the box
    page[y + h // 6:y + 5 * h // 6, x + w // 6:x + 5 * w // 6] *= 0.88
    fields = _read(_camera(page))
    assert fields[cell.name].marked and not fields[cell.name].uncertain
    assert _marked_or_asked(fields) == [cell.name]


def test_an_endgame_writing_line_a_pixel_or_two_off_is_no_writing():
    _, blank = _sheet()
    page = blank.copy()
    for name in ("round-1-fox", "round-1-rabbit-trap", "round-2-fox"):
        x, y, w, h = _px(_field(name))
        # the paper moved under the lens: the box's lines two pixels lower than drawn
        page[y + 2:y + h, x:x + w] = blank[y:y + h - 2, x:x + w]
    fields = _read(_camera(page))
    assert _marked_or_asked(fields) == []


@pytest.mark.parametrize("ink", [0.7, 0.8])
def test_a_faded_print_on_a_noisy_photo_reads_empty(ink):
    _, blank = _sheet()
    faded = 255 - (255 - blank.astype(np.float32)) * ink
    # the paper's fibres, sharpened by the phone: its lightest specks well above its tone
    specks = np.random.default_rng(3).random(blank.shape) < 0.01
    faded = np.where(specks, faded, faded * 0.92)
    fields = _read(_camera(faded, noise=3.0))
    assert [name for name, f in fields.items() if f.marked] == []
    # the check boxes sure of it (the wide score box's noise may be asked about)
    assert [name for name, f in fields.items() if f.uncertain and not f.kind.written] == []


def test_boxes_moved_by_a_curled_corner_are_read_where_they_are():
    _, blank = _sheet()
    h, w = blank.shape
    # the bottom-left corner curls up: the paper there is seen up to 12 pixels (6 points)
    # higher and further right than one homography of the page puts it, more than a box
    # is searched around its place
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    lift = 12.0 * np.clip((yy / h - 0.7) / 0.3, 0, 1) ** 1.5 * np.clip(1 - xx / w * 1.5, 0, 1)
    curled = cv2.remap(blank, xx - lift * 0.5, yy + lift, cv2.INTER_LINEAR,
                       borderMode=cv2.BORDER_REPLICATE)
    title = _field("title-3")
    x, y, bw, bh = _px(title)
    centre_x, centre_y = x + bw // 2, y + bh // 2
    moved = lift[centre_y, centre_x]
    assert moved > DEFAULT.page.shift   # the title boxes sit where the corner moves most
    # the player ticks title 3 on the curled paper, where it is seen
    cx, cy = round(centre_x - moved * 0.5), round(centre_y - moved)
    cv2.line(curled, (cx - 5, cy - 5), (cx + 5, cy + 5), 90, 2)
    cv2.line(curled, (cx - 5, cy + 5), (cx + 5, cy - 5), 90, 2)
    fields = _read(_camera(curled))
    assert _marked_or_asked(fields) == [title.name]
    assert fields[title.name].marked


def test_a_soft_photo_of_a_crisp_print_has_no_marks():
    # a page that fills little of a phone's frame, enlarged to be read: every printed line
    # spreads two pixels further than on a sharp photo, darkest around the small boxes
    _, blank = _sheet()
    soft = cv2.GaussianBlur(blank.astype(np.float32), (0, 0), 1.6)
    fields = _read(_camera(soft, noise=1.5))
    assert _marked_or_asked(fields) == []


def test_light_pencil_on_a_noisy_photo_is_read_or_asked():
    # a grainy pencil darkening the paper by 3.5 to 7 % where it passes, a noisy photo; an
    # eraser's smudge in another box. The farmer's first two traps are crossed, as in play:
    # a trap the noise brings up before a trap read crossed is read crossed, as the order
    # of the traps says (`light_asks.settle_by_order`, tests/scan/test_order_settles.py)
    _, blank = _sheet()
    page = blank.astype(np.float32)
    grain = np.random.default_rng(5).uniform(0.5, 1.0, page.shape).astype(np.float32)
    crossed = ["F-A1", "F-B3", "R-A2", "R-C1", "trap-1", "trap-2", "flip-1", "F-apple",
               "title-2", "round-1-fox-escaped"]
    for name in crossed:
        x, y, w, h = _px(_field(name))
        ink = np.zeros(page.shape, np.float32)
        cv2.line(ink, (x + w // 5, y + h // 5), (x + 4 * w // 5, y + 4 * h // 5), 1.0, 3)
        cv2.line(ink, (x + w // 5, y + 4 * h // 5), (x + 4 * w // 5, y + h // 5), 1.0, 3)
        page *= 1 - 0.07 * ink * grain
    x, y, w, h = _px(_field("trap-7"))
    smudge = np.zeros(page.shape, np.float32)
    cv2.rectangle(smudge, (x + 2, y + 2), (x + w - 2, y + h - 2), 1.0, -1)
    page *= 1 - 0.025 * cv2.GaussianBlur(smudge, (0, 0), 2.0)
    fields = _read(_camera(page, noise=5.0))
    assert sorted(name for name in crossed if not (fields[name].marked or
                                                   fields[name].uncertain)) == []
    assert sorted(name for name, f in fields.items()
                  if f.marked and not f.uncertain and name not in crossed) == []


def test_a_writing_line_bent_across_a_wide_box_is_no_writing():
    # a lens's barrel bends the date's writing line: its ends 10 pixels (5 points) above and
    # below where it is drawn, more than a printed line's halo
    _, blank = _sheet()
    h, w = blank.shape
    x, y, bw, bh = _px(_field("date"))
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    inside = (xx >= x - 40) & (xx < x + bw + 40) & (yy >= y - 20) & (yy < y + bh + 20)
    rise = np.where(inside, 10.0 * ((xx - x) / bw - 0.5) * 2, 0).astype(np.float32)
    bent = cv2.remap(blank, xx, yy + rise, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    fields = _read(_camera(bent))
    assert _marked_or_asked(fields) == []


def test_a_folds_crease_across_an_endgame_box_is_no_writing():
    _, blank = _sheet()
    _x, y, _w, h = _px(_field("round-2-fox"))
    height, width = blank.shape
    yy, xx = np.mgrid[0:height, 0:width].astype(np.float32)
    # the fold's dark line crosses the endgame's boxes aslant (6 pixels higher at the
    # page's left edge than at its right), the paper beyond it in shade, strongest at the
    # right edge: more than the paper's tone, taken per row, follows
    rows = yy - (y + h * 0.5 + 6.0 * (xx - width / 2) / (width / 2))
    strength = np.clip((xx - width * 0.3) / (width * 0.7), 0, 1)
    shade = 1 - strength * (0.06 * (rows > 0) + 0.25 * np.exp(-(rows / 2.0) ** 2))
    fields = _read(_camera(blank.astype(np.float32) * shade))
    assert _marked_or_asked(fields) == []


def test_a_reward_boxs_letter_printed_off_its_place_is_asked_not_ticked():
    _, blank = _sheet()
    page = blank.astype(np.float32)
    # another renderer sets the letter in each reward box a point (two pixels) further
    # right than the blank draws it, within the box's outline: whole-pixel shifts of the
    # box cannot lay both the outline and the letter, and the letter's soft edge lies in
    # the thin ring of paper that box has to read
    right = np.roll(page, 2, axis=1)
    inset = 5
    for name in ("die-R", "die-B", "die-Y"):
        x, y, w, h = _px(_field(name))
        page[y + inset:y + h - inset, x + inset:x + w - inset] = \
            right[y + inset:y + h - inset, x + inset:x + w - inset]
    # the player ticks the blue die
    x, y, w, h = _px(_field("die-B"))
    cv2.line(page, (x + 4, y + h - 6), (x + w - 4, y + 4), 90, 2)
    fields = _read(_camera(page))
    assert fields["die-B"].marked and not fields["die-B"].uncertain
    # the letter's edge in the red and yellow boxes is no sure tick: the player is asked
    assert [name for name, f in fields.items() if f.marked and not f.uncertain] == ["die-B"]
    assert set(_marked_or_asked(fields)) <= {"die-B", "die-R", "die-Y"}


@pytest.mark.parametrize(("off", "blur", "quality"), [(0.0, 1.5, 95), (0.0, 1.6, 90),
                                                      (0.5, 1.8, 70), (0.5, 1.4, 90)])
def test_a_soft_photo_of_a_sheet_without_marks_has_none(off, blur, quality):
    # a blank sheet, soft (a Gaussian blur of 1.4 to 1.8 pixels) and laid half a pixel off
    # the blank, through a phone's JPEG: its print's soft edges are no ink, and no trace of
    # a light pencil either
    _, blank = _sheet()
    page = blank.astype(np.float32)
    if off:
        page = cv2.warpAffine(page, np.float32([[1, 0, off], [0, 1, 0]]),
                              (page.shape[1], page.shape[0]), flags=cv2.INTER_LINEAR,
                              borderMode=cv2.BORDER_REPLICATE)
    page = cv2.GaussianBlur(page, (0, 0), blur)
    page = np.uint8(np.clip(page + np.random.default_rng(7).normal(0, 2.0, page.shape), 0, 255))
    flat = cv2.imdecode(cv2.imencode(".jpg", page, [cv2.IMWRITE_JPEG_QUALITY, quality])[1],
                        cv2.IMREAD_GRAYSCALE)
    fields = _read(flat)
    assert [name for name, f in fields.items() if f.marked and not f.uncertain] == []
    # a few small boxes may be asked (four of 115 at 1.4 pixels and half a pixel off)
    assert len(_marked_or_asked(fields)) <= 5


def _played(dark: bool) -> np.ndarray:
    """Return the blank sheet (floats) with the FIRM boxes crossed: in a dark 2-pixel pencil,
    or a light 3-pixel one (70 % of white)."""
    _, blank = _sheet()
    page = blank.astype(np.float32)
    for name in FIRM:
        _cross(page, name, 100, width=2) if dark else _cross(page, name, 255 * 0.7)
    return page


def _cross(page: np.ndarray, name: str, tone: float, width: int = 3) -> None:
    x, y, w, h = _px(_field(name))
    cv2.line(page, (x + w // 5, y + h // 5), (x + 4 * w // 5, y + 4 * h // 5), tone, width)
    cv2.line(page, (x + w // 5, y + 4 * h // 5), (x + 4 * w // 5, y + h // 5), tone, width)


#: Boxes a pencil player crossed firmly on the page, so that the page shows its pen.
FIRM = ["F-A1", "F-A2", "F-B1", "F-B2", "F-C1", "R-A1", "R-A2", "R-B1", "R-B2", "R-C1",
        "F-carrot", "R-carrot", "F-lettuce", "R-lettuce", "trap-1", "trap-2", "trap-3",
        "trap-4", "trap-5", "flip-1", "re-roll-1", "plus-minus-1", "round-1-fox-escaped",
        "round-1-rabbit-caught", "title-2"]


#: The endgame lines FIRM's outcome ticks need (the fox escaped, the rabbit caught), left
#: empty on its pages: the photo reads the sheet against itself, and they are asked,
#: leaning empty (tests/scan/test_lines_needed.py).
NEEDED = ["round-1-fox", "round-1-rabbit-trap"]


def test_a_faint_hatching_in_a_reward_box_is_never_read_empty_for_sure():
    # a pencil page (its crosses 30 % dark), and in the red die's box a faint hatching
    # (12 % dark, one-pixel lines) across the letter: its strokes lie mostly on the print and
    # in the thin ring of paper the letter leaves, too faint to tell there from the noise
    page = _played(dark=False)
    x, y, w, h = _px(_field("die-R"))
    hatch = np.zeros(page.shape, np.float32)
    for k in range(-h, w, 4):
        cv2.line(hatch, (x + k, y + h), (x + k + h, y), 1.0, 1)
    inside = np.zeros(page.shape, np.float32)
    inside[y + 3:y + h - 3, x + 3:x + w - 3] = 1
    page *= 1 - 0.12 * hatch * inside
    fields = _read(_camera(page, noise=4.0))
    die = fields["die-R"]
    # read marked, or asked, or read empty without the confidence the referee takes as
    # evidence (it asks the player when the rules disagree)
    assert die.marked or die.uncertain or die.confidence < SURE
    assert [name for name in FIRM if not fields[name].marked] == []


def test_an_empty_achievement_box_beside_a_ticked_one_is_never_read_ticked_for_sure():
    # the player ticks "easy-3-one"; the tick's long stroke runs on past its box, through
    # the outline of the box below ("easy-3-both", left empty) and a point into it
    page = _played(dark=True)
    x, y, w, h = _px(_field("easy-3-one"))
    bx, by, bw, bh = _px(_field("easy-3-both"))
    cv2.line(page, (x + w // 4, y + h // 3), (x + w // 2, y + h // 2), 60, 2)
    cv2.line(page, (x + w // 2, y + h // 2), (bx + 3 * bw // 4, by + 3 * bh // 10), 60, 2)
    fields = _read(_camera(page, noise=2.0))
    assert fields["easy-3-one"].marked and fields["easy-3-one"].confidence >= SURE
    both = fields["easy-3-both"]
    assert not both.marked or both.uncertain or both.confidence < SURE


@pytest.mark.parametrize("name", ["plus-minus-1", "flip-2", "re-roll-3"])
def test_a_ring_drawn_inside_an_aids_circle_is_ink(name):
    # the player rings an aid inside its printed circle, the ring's thin line following the
    # outline just within it: nearly every pixel of it lies where the print may darken the
    # paper, where no ink was counted; the page's other aid circles, most left empty, show
    # what the outline alone makes of the photo there
    _, blank = _sheet()
    page = blank.astype(np.float32)
    for mark in FIRM:
        if mark != name:
            _cross(page, mark, 100, width=2)
    x, y, w, h = _px(_field(name))
    # a light line (29 % dark), a pixel inside the circle's 1.5-point outline
    radius = min(w, h) // 2 - 3
    cv2.circle(page, (x + w // 2, y + h // 2), radius, 180, 1, lineType=cv2.LINE_8)
    fields = _read(_camera(page, noise=2.0))
    assert fields[name].marked and not fields[name].uncertain
    aids = [f for f in fields if f.startswith(("plus-minus-", "flip-", "re-roll-"))]
    left = [f for f in aids if f != name and f not in FIRM]
    assert [f for f in left if fields[f].marked or fields[f].uncertain] == []


def _ring_along_print(page: np.ndarray, name: str, inside: float, darkness: float) -> None:
    """Draw a thin ring (a pixel, its edge smoothed) of this darkness in an aid's circle,
    `inside` pixels within the inner edge of its printed line: laid over the paper and the
    print alike, as a pen's stroke darkens both."""
    _, blank = _sheet()
    x, y, w, h = _px(_field(name))
    cx, cy = x + w / 2 - 0.5, y + h / 2 - 0.5
    rows, cols = np.nonzero(blank[y - 6:y + h + 6, x - 6:x + w + 6] < 150)
    inner = float(np.hypot(rows + y - 6 - cy, cols + x - 6 - cx).min())
    ring = np.zeros_like(page)
    cv2.circle(ring, (round(cx * 16), round(cy * 16)), round((inner - inside) * 16), 1.0, 1,
               lineType=cv2.LINE_AA, shift=4)
    page *= 1 - darkness * ring


@pytest.mark.parametrize("inside", [0.0, 0.5])
def test_a_ring_along_an_aids_printed_circle_is_not_read_empty(inside):
    # a light pencil player rings two aids along their printed circles, the ring on the
    # line's inner edge: the print's halo hides each of its pixels from the ink step, and
    # the line it lies on is hardly darker; the band along the inside of the print, darker
    # all round than the same band in the other circles, shows it
    page = _played(dark=False)
    ringed = ["plus-minus-2", "flip-2"]
    for name in ringed:
        _ring_along_print(page, name, inside, 0.3)
    fields = _read(_camera(page, noise=2.0))
    for name in ringed:
        assert fields[name].marked or fields[name].uncertain
        assert fields[name].marked or fields[name].confidence < 0.97
    aids = [f for f in fields if f.startswith(("plus-minus-", "flip-", "re-roll-"))]
    left = [fields[f] for f in aids if f not in ringed + FIRM]
    assert left and all(not f.marked and not f.uncertain and f.confidence >= SURE for f in left)


def test_a_ring_too_faint_to_ask_leaves_its_circle_not_surely_empty():
    # a pencil ring a pixel inside the print, so faint (6 %) that the band along the print
    # stands under the ask: the ink reads the circle empty, but not surely (the referee
    # asks it where the rules disagree); the circles left empty stay sure
    page = _played(dark=False)
    _ring_along_print(page, "flip-2", 1.0, 0.06)
    fields = _read(_camera(page, noise=2.0))
    assert fields["flip-2"].marked or fields["flip-2"].confidence < SURE
    aids = [f for f in fields if f.startswith(("plus-minus-", "flip-", "re-roll-"))]
    left = [fields[f] for f in aids if f not in ["flip-2", *FIRM]]
    assert left and all(not f.marked and not f.uncertain and f.confidence >= SURE for f in left)


@pytest.mark.parametrize(("name", "tone"), [("trap-7", 160), ("trap-12", 120)])
def test_a_thin_slash_along_a_traps_number_is_asked_not_read_empty(name, tone):
    # a ballpoint's thin slash (one pixel) along a trap's printed number: most of it lies
    # on the number or beside it, where no ink is measured, and a few pixels show; an
    # empty trap reads none, so the player is asked rather than told it is empty
    page = _played(dark=True)
    x, y, w, h = _px(_field(name))
    cv2.line(page, (x + 2 * w // 3, y + h // 3), (x + w // 3, y + 2 * h // 3), tone, 1)
    fields = _read(_camera(page, noise=2.0))
    assert fields[name].marked or fields[name].uncertain
    empty = [f"trap-{k}" for k in range(1, 16) if f"trap-{k}" not in FIRM + [name]]
    assert [t for t in empty if fields[t].marked or fields[t].uncertain] == []


@pytest.mark.parametrize("name", ["trap-7", "trap-12"])
def test_a_slash_along_a_traps_number_is_read_not_asked(name):
    # a firmer slash (two pixels, 37 % dark) along a trap's number: a few percent of the
    # box shows ink, which an empty trap never does; the player is not asked about it
    page = _played(dark=True)
    x, y, w, h = _px(_field(name))
    cv2.line(page, (x + 2 * w // 3, y + h // 3), (x + w // 3, y + 2 * h // 3), 160, 2)
    fields = _read(_camera(page, noise=2.0))
    assert fields[name].marked and not fields[name].uncertain
    empty = [f"trap-{k}" for k in range(1, 16) if f"trap-{k}" not in FIRM + [name]]
    assert [t for t in empty if fields[t].marked or fields[t].uncertain] == []


@pytest.mark.parametrize(("name", "shape", "tone"), [("die-R", "slash", 170),
                                                     ("die-B", "tick", 190),
                                                     ("die-Y", "slash", 190)])
def test_a_thin_tick_across_a_reward_boxs_letter_is_asked_not_read_empty(name, shape, tone):
    # a ballpoint's thin tick or slash (one pixel, 25-33 % dark) across a reward box's
    # letter: most of it lies on the letter or within its halo, where ink must be darker
    # than such a line is, and the player was told the box is empty; the faint line through
    # the ring of tint the letter leaves is what shows, and the player is asked, the box
    # leaning marked (nine in ten so asked are, on the tuning photos): Enter takes it
    page = _played(dark=True)
    x, y, w, h = _px(_field(name))
    if shape == "tick":
        cv2.line(page, (x + w // 5, y + h // 2), (x + 2 * w // 5, y + 4 * h // 5), tone, 1)
        cv2.line(page, (x + 2 * w // 5, y + 4 * h // 5), (x + 4 * w // 5, y + h // 6), tone, 1)
    else:
        cv2.line(page, (x + 4 * w // 5, y + h // 5), (x + w // 5, y + 4 * h // 5), tone, 1)
    fields = _read(_camera(page, noise=2.0))
    read = fields[name]
    assert read.marked and (not read.uncertain or NO_EVIDENCE < read.confidence < SURE)
    others = [die for die in ("die-R", "die-B", "die-Y") if die != name]
    assert [die for die in others if fields[die].marked or fields[die].uncertain] == []


@pytest.mark.parametrize("density", [1.0, 0.5])
def test_a_short_tick_across_a_reward_boxs_letter_leaving_two_pixels_is_asked(density):
    # a short, thin tick (one pixel, 29 % dark) across the yellow die's letter, on a sheet
    # printed at full density or at half (a toner-save print): all of it but two pixels lies
    # on the letter or within its halo, under the ring's low mark (2 % of it, three pixels
    # here); an empty box's ring holds two such pixels far more rarely, so the box is asked,
    # leaning marked, where it was read empty at 0.96-0.98
    page = 255 - (255 - _played(dark=True)) * density
    x, y, w, h = _px(_field("die-Y"))
    cx, cy = x + w / 2 - 1, y + h / 2
    cv2.line(page, (int(cx + w / 4), int(cy - h / 4)), (int(cx - w * 0.15), int(cy + h / 4)),
             180, 1)
    fields = _read(_camera(page, noise=2.0))
    read = fields["die-Y"]
    assert read.marked and read.uncertain and NO_EVIDENCE < read.confidence < SURE
    assert [die for die in ("die-R", "die-B") if fields[die].marked or fields[die].uncertain] \
        == []


@pytest.mark.parametrize(("tone", "seed"), [(203, 11), (205, 7), (207, 11)])
def test_a_faint_tick_across_a_reward_boxs_letter_a_little_under_the_step_is_asked(tone, seed):
    # a light pencil's or thin ballpoint's tick (one pixel, 19-20 % dark) across the yellow
    # die's letter: its few pixels in the ring of tint the letter leaves, side by side, are a
    # little under the page's step (as 2100004's and 2150022's die-B on the ordinary tuning
    # photos, read empty at 0.938 and not asked): the box is asked, leaning marked, not read
    # empty at 0.976
    page = _played(dark=True)
    x, y, w, h = _px(_field("die-Y"))
    cv2.line(page, (x + w // 5, y + h // 2), (x + 2 * w // 5, y + 4 * h // 5), tone, 1)
    cv2.line(page, (x + 2 * w // 5, y + 4 * h // 5), (x + 4 * w // 5, y + h // 6), tone, 1)
    fields = _read(_camera(page, noise=2.0, seed=seed))
    read = fields["die-Y"]
    assert read.marked and read.uncertain and NO_EVIDENCE < read.confidence < SURE
    assert [die for die in ("die-R", "die-B") if fields[die].marked or fields[die].uncertain] \
        == []


def test_empty_reward_boxes_on_a_noisy_pencil_page_read_empty():
    # the page's other boxes crossed in pencil, the reward boxes left empty, the camera
    # noisy and soft: the ring of tint around each letter holds the print's blurred edge
    # and the camera's grain, no line; none is asked
    page = _played(dark=False)
    for seed in (3, 7, 11):
        fields = _read(_camera(page, noise=4.0, seed=seed))
        assert [die for die in ("die-R", "die-B", "die-Y")
                if fields[die].marked or fields[die].uncertain] == []


@pytest.mark.parametrize(("soft", "depth"), [(3.0, 0.3), (3.0, 0.5), (6.0, 0.5)])
def test_a_soft_shadows_edge_across_an_empty_title_is_not_read_ticked_for_sure(soft, depth):
    # a hand's shadow on the page (a disc 75 points wide, 30-50 % dark), its soft edge
    # (3-6 pixels) running through the empty third title's box below the ticked second:
    # the light's evening, a strip at a time, leaves the edge across the box, dark on one
    # side as a stroke is; the same shade runs on through the paper around the box
    page = _played(dark=True)
    x, y, w, h = _px(_field("title-3"))
    radius, towards = 150.0, np.radians(35)
    cx = x + w / 2 + radius * np.cos(towards)
    cy = y + h / 2 + radius * np.sin(towards)
    yy, xx = np.mgrid[0:page.shape[0], 0:page.shape[1]].astype(np.float32)
    inside = np.clip((np.hypot(xx - cx, yy - cy) - radius) / soft, -50, 50)
    fields = _read(_camera(page * (1 - depth / (1 + np.exp(inside)))))
    title = fields["title-3"]
    assert not title.marked or title.uncertain
    assert fields["title-2"].marked and not fields["title-2"].uncertain


def _straight_shadow(page: np.ndarray, name: str, towards: float, off: float, soft: float,
                     depth: float) -> np.ndarray:
    """Return the page under a shadow `depth` dark beyond a straight edge (`soft` pixels
    soft) through a box, the shade towards `towards` degrees, the edge `off` of the box's
    width from its middle: a hand's or a phone's shadow, far wider than the box."""
    x, y, w, h = _px(_field(name))
    yy, xx = np.mgrid[0:page.shape[0], 0:page.shape[1]].astype(np.float32)
    along = np.radians(towards)
    beyond = (xx - x - w / 2) * np.cos(along) + (yy - y - h / 2) * np.sin(along) - off * w
    return page * (1 - depth / (1 + np.exp(-np.clip(beyond / soft, -50, 50))))


def test_a_straight_shadows_edge_that_darkens_an_empty_titles_print_is_not_read_ticked():
    # a straight shadow's sharp edge (50 % dark) runs past the middle of the empty third
    # title's box, the box's print on the shaded side darker than on the lit one: once the
    # ring's shade is taken off, little of the box is left, but its outline stood darker
    # than the other boxes' (`prints.ink_on_print`) and that was counted as left, so it was
    # read ticked at 0.997. The shade darkens the print too: it is asked
    fields = _read(_camera(_straight_shadow(_played(dark=True), "title-3", 150, 0.2, 1.5, 0.5)))
    title = fields["title-3"]
    assert not title.marked or title.uncertain
    assert fields["title-2"].marked and not fields["title-2"].uncertain


@pytest.mark.parametrize(("name", "towards", "off", "soft", "depth"),
                         [("F-strawberry", 30, 0.0, 1.5, 0.3),
                          ("F-strawberry", 150, -0.2, 1.5, 0.5), ("F-apple", 30, -0.2, 4.0, 0.3),
                          ("R-apple", 150, 0.0, 1.5, 0.5), ("title-1", 150, -0.2, 4.0, 0.5),
                          ("title-3", 30, 0.0, 1.5, 0.3)])
def test_a_straight_shadows_edge_slanting_across_an_empty_box_is_not_read_ticked_for_sure(
        name, towards, off, soft, depth):
    # a straight shadow's edge (1.5-4 pixels soft, 30-50 % dark) slanting across an empty
    # box is a dark-light step right across it: the ring's shade, a profile along the slope
    # of a plane fitted to the ring, laid the step's middle 10 degrees off its direction (a
    # plane fitted to a step leans towards the box's sides), and left a slanting band 0.1
    # dark through the box, read ticked at 0.99-0.998. The profile is taken along the
    # direction that follows the ring best (`shade_turn`): the box is asked
    fields = _read(_camera(_straight_shadow(_played(dark=True), name, towards, off, soft, depth)))
    assert not fields[name].marked or fields[name].uncertain


def _disc_shadow(page: np.ndarray, name: str, towards: float, soft: float,
                 depth: float) -> np.ndarray:
    """Return the page under a hand's shadow, a disc 150 pixels in radius `depth` dark, its
    edge (`soft` pixels soft) through the middle of a box, its middle `towards` degrees off."""
    x, y, w, h = _px(_field(name))
    radius, along = 150.0, np.radians(towards)
    cx, cy = x + w / 2 + radius * np.cos(along), y + h / 2 + radius * np.sin(along)
    yy, xx = np.mgrid[0:page.shape[0], 0:page.shape[1]].astype(np.float32)
    inside = np.clip((np.hypot(xx - cx, yy - cy) - radius) / soft, -50, 50)
    return page * (1 - depth / (1 + np.exp(inside)))


@pytest.mark.parametrize(("name", "shape", "towards", "off", "depth"),
                         [("F-strawberry", "disc", 180, 0.0, 0.5),
                          ("F-strawberry", "disc", 270, 0.0, 0.5),
                          ("title-3", "disc", 100, 0.0, 0.3), ("F-apple", "disc", 35, 0.0, 0.5),
                          ("title-3", "straight", 150, -0.2, 0.5),
                          ("F-strawberry", "straight", 30, -0.2, 0.5)])
def test_the_sharpest_shadows_edge_across_an_empty_box_is_not_read_ticked_for_sure(
        name, shape, towards, off, depth):
    # a shadow's edge only a pixel soft (a disc's, or a straight one) across an empty box: the
    # ring's profile, taken in steps of two pixels and, along a disc's edge, bent by the
    # edge's curve, lays the step a pixel or two off where it crosses the box, and the sharp
    # step leaves a band 0.1 dark right across it, read ticked at 0.995-0.998. The darkness
    # between the profile laid `shade_shift` pixels back and on is the shade's: it is asked
    page = _played(dark=True)
    page = _disc_shadow(page, name, towards, 1.0, depth) if shape == "disc" else \
        _straight_shadow(page, name, towards, off, 1.0, depth)
    fields = _read(_camera(page))
    assert not fields[name].marked or fields[name].uncertain


def _corner_shadow(page: np.ndarray, name: str, dx: float, dy: float, turn: float,
                   soft: float, depth: float) -> np.ndarray:
    """Return the page under a shadow's corner `depth` dark (two straight edges `soft` pixels
    soft meeting at a right angle, turned `turn` degrees) at `dx`, `dy` of the box's width
    and height from its middle, the shade beyond both edges."""
    x, y, w, h = _px(_field(name))
    yy, xx = np.mgrid[0:page.shape[0], 0:page.shape[1]].astype(np.float32)
    cx, cy, along = x + w / 2 + dx * w, y + h / 2 + dy * h, np.radians(turn)
    u = (xx - cx) * np.cos(along) + (yy - cy) * np.sin(along)
    v = (yy - cy) * np.cos(along) - (xx - cx) * np.sin(along)
    beyond = 1 / (1 + np.exp(-np.clip(u / soft, -50, 50))) / \
        (1 + np.exp(-np.clip(v / soft, -50, 50)))
    return page * (1 - depth * beyond)


@pytest.mark.parametrize(("name", "dx", "dy", "turn", "soft", "depth"),
                         [("title-3", -0.3, -0.3, 0, 1.0, 0.3),
                          ("title-3", 0.3, -0.3, 20, 1.0, 0.5), ("title-3", 0.0, 0.3, 0, 1.0, 0.5),
                          ("F-strawberry", -0.3, -0.3, 20, 1.0, 0.3),
                          ("F-strawberry", 0.3, -0.3, 20, 2.0, 0.3)])
def test_a_shadows_corner_in_an_empty_box_is_not_read_ticked_for_sure(name, dx, dy, turn, soft,
                                                                      depth):
    # a shadow's corner (two sharp edges at a right angle) inside an empty box: the ring shows
    # the shade on two sides, and no profile along one direction, nor a quadratic surface,
    # lays a corner across the box: most of the box was left 0.1-0.2 dark, read ticked at
    # 0.99-0.998. The ring's paper spreads from plain to shaded (`shade_spread`), and the
    # box is no darker than its darkest: it is asked
    fields = _read(_camera(_corner_shadow(_played(dark=True), name, dx, dy, turn, soft, depth)))
    assert not fields[name].marked or fields[name].uncertain


@pytest.mark.parametrize(("through", "towards", "off", "soft", "depth", "name"),
                         [("F-strawberry", 30, 0.2, 1.5, 0.3, "R-B3"),
                          ("F-strawberry", 30, 0.2, 4.0, 0.5, "R-B3"),
                          ("F-blueberry", 150, 0.0, 4.0, 0.3, "F-B3"),
                          ("F-blueberry", 150, -0.2, 1.5, 0.5, "F-B3"),
                          ("F-apple", 150, 0.2, 1.5, 0.3, "round-2-rabbit-caught")])
def test_a_long_shadows_edge_darkening_an_empty_cell_and_not_its_ring_is_not_read_marked_for_sure(
        through, towards, off, soft, depth, name):
    # a long straight shadow's edge across the whole page passes a big tinted cell (or a
    # round circle) further on: the light's evening (the lightest paper within some 18
    # pixels) leaves a band of shade on the edge's dark side wherever lit paper lies within
    # reach, and that band takes in part of the cell but not the ring of plain paper around
    # it. The cell's paper ramps from the blank's into 0.1-0.2 of shade, which nothing the
    # ring shows explains: read marked at 0.99-0.998. The box's own plane, its lighter end
    # paper (`shade_own`), is taken for shade too: it is asked
    fields = _read(_camera(_straight_shadow(_played(dark=True), through, towards, off, soft,
                                            depth)))
    assert not fields[name].marked or fields[name].uncertain
    assert fields["title-2"].marked and not fields["title-2"].uncertain


def test_a_short_light_slash_that_stands_out_of_the_pages_empty_boxes_is_read_not_asked():
    # a short, light slash (one pixel, 20 % dark) in the middle of the third title's box: a
    # share of ink (4 %) past the decision point but under the high mark; the page's empty
    # boxes hold no ink at all, so the slash stands far out of them (a margin over 3) and the
    # player is not asked about it
    page = _played(dark=True)
    x, y, w, h = _px(_field("title-3"))
    cx, cy, d = x + w / 2, y + h / 2, 0.22 * w / 2
    cv2.line(page, (int(cx - d), int(cy + d)), (int(cx + d), int(cy - d)), 205, 1)
    fields = _read(_camera(page, noise=2.0))
    title = fields["title-3"]
    assert DEFAULT.ink.low["tick"] < title.ink < DEFAULT.ink.high["tick"]
    assert title.marked and not title.uncertain


def _faint_pencil(names: list[str], dark: float, keep: float) -> np.ndarray:
    """Return the blank sheet (floats) with the named boxes crossed in a light pencil, one
    pixel wide, `dark` dark where it marks, the paper's grain leaving `keep` of its pixels."""
    _, blank = _sheet()
    page = blank.astype(np.float32)
    strokes = np.zeros(page.shape, np.float32)
    for name in names:
        _cross(strokes, name, 1.0, width=1)
    tooth = np.random.default_rng(3).random(page.shape) < keep
    return page * (1 - dark * strokes * tooth)


@pytest.mark.parametrize(("dark", "keep", "noise"), [(0.15, 0.5, 3.0), (0.2, 0.5, 4.0)])
def test_a_light_pencil_broken_by_the_papers_grain_is_asked_not_read_empty(dark, keep, noise):
    # pencil keeping 15-20 % of its darkness, half its pixels or fewer left by the paper's
    # tooth, under the camera's noise: no pixel of a cross stands out, its line does; a box
    # read empty for sure would be a mark the referee holds against the player
    fields = _read(_camera(_faint_pencil(FIRM, dark, keep), noise=noise))
    assert [name for name in FIRM if not (fields[name].marked or fields[name].uncertain)] == []
    # and no box left empty is read ticked
    assert [name for name, f in fields.items()
            if name not in FIRM and f.marked and not f.uncertain] == []


def test_a_light_pencil_page_whose_faint_strokes_show_reads_its_other_boxes_empty():
    # pencil keeping 15 % of its darkness, half its pixels left by the paper's grain: 3 of
    # the 25 crosses are read, the others asked for their strokes' lines; a box that shows
    # no such line on a page where 22 do is evidence of an empty box, not "no evidence"
    # (0.5), if less than a mark read would make it: the referee may judge the page
    # (`check_seen`), asking what a violation rests on; 102 of its 111 boxes were at 0.5
    from printkit.games.fox_rabbit.evidence import check_seen

    fields = _read(_camera(_faint_pencil(FIRM, 0.15, 0.5), noise=3.0))
    empty = [f for name, f in fields.items() if name not in FIRM]
    assert [f.name for f in empty if f.marked and not f.uncertain] == []
    told = [f.name for f in empty if not f.uncertain and f.confidence > NO_EVIDENCE]
    assert len(told) >= 0.8 * len(empty)
    # the crosses asked for their strokes' lines lean crossed (nine in ten so asked are, on
    # the tuning photos): the player's Enter takes it, one key a box (a trap asked for the
    # ink on its own number leans as that ink says)
    leaning = [name for name in FIRM if fields[name].uncertain and fields[name].marked
               and NO_EVIDENCE < fields[name].confidence < SURE]
    assert len(leaning) >= 15
    check_seen(reading_of(fields), "sheet.jpg")


@pytest.mark.parametrize("noise", [3.0, 4.0])
def test_an_empty_page_in_the_light_of_a_faint_pencil_stays_empty(noise):
    # the same camera's noise over a sheet without a mark: nothing is read ticked, and
    # few boxes are asked
    _, blank = _sheet()
    fields = _read(_camera(blank.astype(np.float32), noise=noise))
    assert [name for name, f in fields.items() if f.marked and not f.uncertain] == []
    assert len(_marked_or_asked(fields)) <= 3


def _shaded(page: np.ndarray, names: list[str]) -> np.ndarray:
    """Return the page with the named boxes' insides left 3 % darker, grain by grain (three
    in five pixels): a pencil's light filling, or an eraser's smudge."""
    grain = np.random.default_rng(5)
    for name in names:
        x, y, w, h = _px(_field(name))
        inside = page[y + 4:y + h - 4, x + 4:x + w - 4]
        inside *= 1 - 0.03 * (grain.random(inside.shape) < 0.6) / 0.6
    return page


@pytest.mark.parametrize("noise", [3.0, 4.0])
def test_a_light_pencil_filling_a_box_is_asked_not_read_empty(noise):
    # on a light pencil page, boxes filled in the same pencil so lightly that the box reads
    # only 3 % darker than the paper around it, its grain left by the paper's tooth: no
    # pixel stands a step out, the whole box does, against the page's other boxes (the trap
    # filled is the next after the five crossed: a trap left empty before one crossed would
    # be asked, the farmer crossing his traps one after another)
    filled = ["F-A4", "trap-6", "title-1", "F-strawberry"]
    page = _shaded(_faint_pencil(FIRM, 0.2, 0.5), filled)
    fields = _read(_camera(page, noise=noise))
    assert [name for name in filled if not (fields[name].marked or fields[name].uncertain)] == []
    assert [name for name, f in fields.items()
            if name not in FIRM + filled and (f.marked or f.uncertain) and
            not _told_nothing(f, fields) and name not in NEEDED] == []


def _told_nothing(f: FieldRead, fields: dict[str, FieldRead]) -> bool:
    """Return whether a box read empty telling nothing is asked, leaning empty, as the rules
    say it may be marked (tests/scan/test_floor_asked.py): a reward die's (FIRM eats four
    foods and takes no reward, so the rules say rewards were taken), or the next trap after
    the last one read crossed (the farmer's next; none where no trap is read crossed)."""
    if not f.uncertain or f.marked:
        return False
    traps = [name for name in fields if name.startswith("trap-")]
    crossed = [int(name[5:]) for name in traps if fields[name].marked]
    return f.name.startswith("die-") or (
        bool(crossed) and f.name == f"trap-{max(crossed) + 1}")


def _hatched_trap(page: np.ndarray, name: str, dark: float) -> None:
    """Leave a trap's inside, beside its number, `dark` darker, grain by grain (three in five
    pixels): a light pencil's hatching across it, each line too faint to show."""
    grain = np.random.default_rng(11)
    x, y, w, h = _px(_field(name))
    inside = page[y + 4:y + h - 4, x + 4:x + w - 4]
    paper = inside > 0.6 * 255
    inside[paper] *= 1 - dark * (grain.random(int(np.count_nonzero(paper))) < 0.6) / 0.6


@pytest.mark.parametrize("noise", [3.0, 4.0])
def test_a_light_pencils_hatching_across_a_traps_number_is_asked_not_read_empty(noise):
    # on a light pencil page whose pen the camera nearly lost, three traps hatched so lightly
    # that the paper beside their numbers reads 1 % darker than their kind: less than a
    # filled cell or title must (`kind_least`), and the number's halo leaves the hatching no
    # pixel to be read on nor a line to show; read empty, the player would be told the
    # farmer's trap was never set. They are asked, leaning crossed (Enter takes it); the
    # traps left empty are not, but for the next after them, telling nothing (`_told_nothing`)
    page = _faint_pencil(FIRM, 0.15, 0.5)
    hatched = ["trap-6", "trap-7", "trap-8"]
    for name in hatched:
        _hatched_trap(page, name, 0.012)
    fields = _read(_camera(page, noise=noise))
    assert [name for name in hatched if not fields[name].uncertain] == []
    assert [name for name in hatched if not fields[name].marked] == []
    assert [name for name in fields if name.startswith("trap-") and name not in FIRM + hatched
            and (fields[name].marked or fields[name].uncertain)
            and not _told_nothing(fields[name], fields)] == []

def _ticked_on_trap_10s_number(width, dark, noise):
    """Return traps 1-12 but 10 crossed in a pencil `width` pixels wide and `dark`, trap-10
    ticked on its printed number only, as read from a camera's photo (with `noise`): the
    traps crossed, and the fields read. trap-10 must read empty, not surely (0.8 to
    TRAP_EMPTY), and be asked, the rules leaning it crossed."""
    from printkit.games.fox_rabbit.rules_lean import TRAP_EMPTY, leans

    traps = [f"trap-{k}" for k in range(1, 13) if k != 10]
    names = [n for n in FIRM if not n.startswith("trap-")] + traps
    lay, blank = _sheet()
    strokes = np.zeros(blank.shape, np.float32)
    for name in names:
        _cross(strokes, name, 1.0, width=width)
    x, y, w, h = _px(_field("trap-10"))
    tick = np.zeros(blank.shape, np.float32)
    cv2.line(tick, (x + w // 3, y + h // 2), (x + 2 * w // 3, y + h // 4), 1.0, width)
    strokes = np.maximum(strokes, tick * (blank < 0.4 * 255))   # on the number's print only
    fields = _read(_camera(blank.astype(np.float32) * (1 - dark * strokes), noise=noise))
    trap = fields["trap-10"]
    assert not trap.marked and 0.8 < trap.confidence <= TRAP_EMPTY
    assert trap.uncertain
    reading = reading_of(fields)
    asked = [name for name, f in fields.items() if f.uncertain]
    assert leans(reading, lay.map, asked)["trap-10"].crossed
    return traps, fields


@pytest.mark.parametrize("noise", [2.0, 3.0])
def test_a_trap_ticked_on_its_number_before_traps_crossed_is_asked_not_read_empty(noise):
    # a thin pencil (one pixel, 30 % dark) on a page read as light pencil: traps 1-12
    # crossed but trap-10, whose tick lies all on its printed number, where no ink is
    # measured (an ordinary photo's light tick, generator 2's 2150017): its "10" leaves a
    # third of the box to read, so it reads as empty as an empty trap-10 would, at 0.85 or so,
    # and was not asked (over `ORDER_EMPTY`); traps 11 and 12 crossed after it say it was
    # crossed. Asked, leaning crossed; trap-13, empty after the last trap crossed, is not
    traps, fields = _ticked_on_trap_10s_number(1, 0.3, noise)
    assert fields["trap-10"].light
    assert [t for t in traps if not fields[t].marked] == []
    assert not fields["trap-13"].uncertain and not fields["trap-13"].marked


@pytest.mark.parametrize("noise", [2.0, 3.0])
def test_a_trap_ticked_on_its_number_on_a_page_not_light_is_asked_not_read_empty(noise):
    # the same traps in a pencil two pixels wide, 60 % dark: a page not read as light pencil
    # (generator 2's ordinary 2985438 `trap-12`, 2985431 `trap-14`). trap-10's tick lies all
    # on its printed number: read empty at 0.89 as an empty trap-10 would be, and not asked
    # on main; traps 11 and 12 crossed after it say it was crossed. Asked, leaning crossed;
    # trap-13, empty after the last trap crossed, read as empty as it, is not asked
    from printkit.games.fox_rabbit.rules_lean import TRAP_EMPTY

    traps, fields = _ticked_on_trap_10s_number(2, 0.6, noise)
    assert not fields["trap-10"].light
    assert [t for t in traps if not fields[t].marked or fields[t].uncertain] == []
    last = fields["trap-13"]
    assert not last.marked and last.confidence <= TRAP_EMPTY and not last.uncertain


def test_traps_crossed_out_of_order_on_a_page_not_light_are_read_as_they_look():
    # a page not read as light pencil whose traps 1, 2 and 12 are crossed, 3-11 left empty
    # (the first generator's dev-hard-309 crosses its traps in no order): the empty trap-10
    # reads empty at 0.9 or less before the crossed trap-12, but trap-3, read empty surely,
    # breaks the order before it: none is asked
    from printkit.games.fox_rabbit.rules_lean import TRAP_EMPTY

    crossed = ["trap-1", "trap-2", "trap-12"]
    names = [n for n in FIRM if not n.startswith("trap-")] + crossed
    _, blank = _sheet()
    strokes = np.zeros(blank.shape, np.float32)
    for name in names:
        _cross(strokes, name, 1.0, width=2)
    fields = _read(_camera(blank.astype(np.float32) * (1 - 0.6 * strokes), noise=2.0))
    assert fields["trap-12"].marked and not fields["trap-12"].light
    assert not fields["trap-3"].marked and fields["trap-3"].confidence > TRAP_EMPTY
    assert [f"trap-{k}" for k in range(3, 12) if fields[f"trap-{k}"].marked or
            fields[f"trap-{k}"].uncertain] == []
    assert fields["trap-10"].confidence <= TRAP_EMPTY


def test_a_page_that_shows_its_pen_has_its_smudges_read_empty_not_asked():
    # thin lines, 30 % dark, read as a light pen (a ballpoint's line is as faint in grey),
    # yet the page shows its pen in 23 boxes read surely: three empty boxes that an eraser
    # or a hand left 3 % darker are read empty, as the page's marks show what a mark is;
    # a page whose pen the camera lost would ask them. A trap left so is asked (below)
    smudged = ["F-A4", "title-1", "F-strawberry"]
    page = _shaded(_faint_pencil(FIRM, 0.3, 0.7), smudged)
    fields = _read(_camera(page, noise=3.0))
    assert [name for name in FIRM if not fields[name].marked] == []
    assert [name for name in smudged if fields[name].marked or fields[name].uncertain] == []


def test_a_faint_scribble_on_a_page_that_shows_its_pen_is_not_read_surely_empty():
    # the same page, a title's and a food's box left 3 % darker all over: a light pencil's
    # scribble too faint for any pixel of it to pass the light step, and with no line of it
    # to show (the first generator's dev-hard-305 `superhard-all-both` read empty at 0.991,
    # a scribble standing 0.0315 darker than its kind). As an eraser's smudge may be, it is
    # read empty, not asked; but not surely: the referee asks it where the rules disagree
    scribbled = ["title-1", "R-apple"]
    page = _shaded(_faint_pencil(FIRM, 0.3, 0.7), scribbled)
    fields = _read(_camera(page, noise=3.0))
    assert [name for name in FIRM if not fields[name].marked] == []
    assert [name for name in scribbled if fields[name].marked or fields[name].uncertain] == []
    assert [name for name in scribbled if fields[name].confidence >= EMPTY_SURE] == []
    # the page's other boxes on white paper, left empty, are read surely so
    assert [name for name in ("title-3", "title-4", "F-apple", "R-strawberry")
            if fields[name].marked or fields[name].confidence < EMPTY_SURE] == []


def test_a_noisy_light_pencil_page_that_shows_its_pen_reads_its_grainy_empty_boxes():
    # the same crosses under a noisier camera: the grain leaves a few of the empty boxes
    # pixels past the light step, in the fainter share a light page asks from, but not one
    # pixel on a stroke's line (`faint.ridges`); on a page that shows its pen they are read
    # empty, not asked (on the tuning photos' light pencil pages, 26 boxes asked so, all
    # empty); every cross is read or asked, no box read wrong
    fields = _read(_camera(_faint_pencil(FIRM, 0.3, 0.7), noise=5.0))
    grainy = ["F-D2", "R-blueberry", "plus-minus-3", "flip-2", "re-roll-3"]
    assert [name for name in grainy if fields[name].uncertain or fields[name].marked] == []
    assert [name for name in FIRM if not (fields[name].marked or fields[name].uncertain)] == []
    assert [name for name, f in fields.items()
            if name not in FIRM and f.marked and not f.uncertain] == []


def test_a_light_pencils_hatching_across_a_trap_is_asked_on_a_page_that_shows_its_pen():
    # the same page, a trap's inside beside its number left 3 % darker: a light pencil's
    # hatching whose lines the number and its halo leave nothing to be read on. On a page
    # that shows its pen a trap read empty was evidence of an empty trap (the farmer's trap
    # never set); a trap darker than its kind by `own_kind` is asked, leaning crossed, on
    # every light pencil page (on the tuning photos of pages that show their pen, 19 traps
    # so asked were hatched, filled, crossed or ringed, one was empty)
    page = _shaded(_faint_pencil(FIRM, 0.3, 0.7), ["trap-9"])
    fields = _read(_camera(page, noise=3.0))
    trap = fields["trap-9"]
    assert trap.uncertain and trap.marked and NO_EVIDENCE < trap.confidence < SURE
    assert [f"trap-{k}" for k in range(6, 16) if k != 9 and
            (fields[f"trap-{k}"].marked or fields[f"trap-{k}"].uncertain)] == []


@pytest.mark.parametrize("name", ["trap-7", "trap-12"])
def test_a_trap_asked_on_a_light_pencil_page_leans_crossed(name):
    # a light pencil's slash (one pixel, 35 % dark) along a trap's number on a page that
    # shows its pen: the few pixels of it beside the number ask the trap (`own_low`), where
    # it leaned empty or no way, and the player typed `x` for nearly every one (on the
    # tuning photos 558 of 562 traps asked on light pencil pages are crossed); it leans
    # crossed, and Enter takes it
    page = _faint_pencil(FIRM, 0.3, 0.7)
    x, y, w, h = _px(_field(name))
    line = np.zeros(page.shape, np.float32)
    cv2.line(line, (x + 2 * w // 3, y + h // 3), (x + w // 3, y + 2 * h // 3), 1.0, 1)
    page *= 1 - 0.35 * line
    fields = _read(_camera(page, noise=3.0))
    trap = fields[name]
    assert trap.light and trap.uncertain
    assert trap.marked and NO_EVIDENCE < trap.confidence < SURE
    empty = [f"trap-{k}" for k in range(1, 16) if f"trap-{k}" not in FIRM + [name]]
    assert [t for t in empty if fields[t].marked or fields[t].uncertain] == []


def test_a_number_in_a_light_pencil_is_asked_not_read_empty():
    # on a light pencil page, a "7" in three circles and two score boxes, its strokes 10 %
    # dark with two pixels in five left by the paper's grain: read empty, the player would
    # be told the circle holds no number; its strokes' lines show, and it is asked
    page = _faint_pencil(FIRM, 0.2, 0.5)
    numbers = ["F-B4", "R-C2", "F-D3", "score-foods", "score"]
    strokes = np.zeros(page.shape, np.float32)
    for name in numbers:
        x, y, w, h = _px(_field(name))
        cx, cy, size = x + w // 2, y + h // 2, min(w, h) * 0.3
        seven = [(cx - size, cy - size), (cx + size, cy - size), (cx - size * 0.3, cy + size)]
        for a, b in itertools.pairwise(seven):
            cv2.line(strokes, (int(a[0]), int(a[1])), (int(b[0]), int(b[1])), 1.0, 1)
    tooth = np.random.default_rng(9).random(page.shape) < 0.4
    fields = _read(_camera(page * (1 - 0.1 * strokes * tooth), noise=2.0))
    assert [name for name in numbers if not (fields[name].marked or fields[name].uncertain)] == []
    assert [name for name, f in fields.items()
            if name not in FIRM + numbers and (f.marked or f.uncertain) and
            not _told_nothing(f, fields) and name not in NEEDED] == []


def _two_fills(fb: FieldBox) -> tuple[np.ndarray, float, float] | None:
    """Return where a cell's paper is printed in its darker fill (a mask of the blank's box),
    and the two fills, when the blank prints it in two colours."""
    _, blank = _sheet()
    x, y, w, h = _px(fb)
    inner = blank[y + h // 5:y + 4 * h // 5, x + w // 5:x + 4 * w // 5].astype(np.float32)
    paper = inner[inner > 0.6 * 255]
    low, high = np.quantile(paper, (0.1, 0.9))
    if high - low < 0.05 * 255:
        return None
    box = blank[y:y + h, x:x + w].astype(np.float32)
    darker = (box > 0.6 * 255) & (box < (low + high) / 2)
    return darker, float(np.median(paper[paper < (low + high) / 2])), \
        float(np.median(paper[paper >= (low + high) / 2]))


def test_a_cell_printed_in_two_colours_greyed_alike_by_the_printer_reads_empty():
    """A black-and-white or faded print may grey a cell's two colours alike (the blank
    prints them 0.07 apart): its half that the blank prints lighter then reads darker than
    the other half, by more than the page's step, and was read ticked (F-B2, F-D2 of the
    classic map: 19 of the 68 boxes the home prints of the tuning sets read wrong)."""
    lay, blank = _sheet()
    page = blank.astype(np.float32)
    split = []
    for fb in lay.fields:
        if fb.kind.written or not fb.name[2:3].isupper():
            continue
        found = _two_fills(fb)
        if found is None:
            continue
        darker, dark_fill, light_fill = found
        x, y, w, h = _px(fb)
        box = page[y:y + h, x:x + w]
        paper = box > 0.6 * 255
        # both colours printed one grey, the two fills' mean
        level = (dark_fill + light_fill) / 2
        box[paper & darker] += level - dark_fill
        box[paper & ~darker] += level - light_fill
        split.append(fb.name)
    assert len(split) >= 2   # the classic map has cells of two colours
    fields = _read(_camera(page))
    assert _marked_or_asked(fields) == []
    # and a pencil cross in one of them is still a mark
    x, y, w, h = _px(_field(split[0]))
    for a, b in (((x + w // 4, y + h // 4), (x + 3 * w // 4, y + 3 * h // 4)),
                 ((x + 3 * w // 4, y + h // 4), (x + w // 4, y + 3 * h // 4))):
        cv2.line(page, a, b, 90, 2)
    fields = _read(_camera(page))
    assert _marked_or_asked(fields) == [split[0]] and fields[split[0]].marked


def test_a_dark_soft_print_leaves_the_traps_empty():
    """A black-and-white laser's print darker than the blank (its greys to the power 1.5),
    seen 2.2 pixels soft: the paper beside a trap's number is a grey halo in a fifth of the
    box, which was taken for a second fill, levelled, and read ticked (`trap-11`)."""
    _, blank = _sheet()
    page = 255 * (blank.astype(np.float32) / 255) ** 1.5
    soft = cv2.GaussianBlur(page, (0, 0), 2.2)
    grain = np.random.default_rng(3).normal(0, 2.0, page.shape).astype(np.float32)
    fields = _read(np.uint8(np.clip(soft + grain, 0, 255)))
    assert _marked_or_asked(fields) == []


def test_boxes_asked_for_a_faint_stroke_leave_the_empty_ones_their_evidence():
    # a light pencil page whose marks are shaded so lightly that a dozen boxes are asked,
    # leaning empty: what the page's empty boxes show is measured on their ink, not on the
    # boxes brought up to be asked, and the boxes read empty still tell something; when
    # the asked counted as the empty ones' spread, every box read empty told nothing
    # (confidence 0.5), and the referee does not judge a page whose boxes mostly do
    shaded = ["F-A4", "F-A5", "F-B3", "F-D1", "R-B3", "R-D1", "trap-9", "trap-10", "trap-11",
              "title-1", "F-strawberry"]
    fields = _read(_camera(_shaded(_faint_pencil(FIRM, 0.2, 0.5), shaded), noise=3.0))
    assert [name for name in shaded if not (fields[name].marked or fields[name].uncertain)] == []
    empty = [f for f in fields.values() if not f.marked and not f.uncertain
             and not f.kind.written]
    told = [f for f in empty if f.confidence > NO_EVIDENCE]
    assert len(told) > len(empty) / 2


def test_a_trap_the_photo_shows_nothing_of_before_a_trap_read_crossed_is_asked():
    # a light pencil page whose pen the camera nearly lost (crosses 20 % dark, half their
    # pixels left by the paper's grain): the farmer's first five traps are crossed, but of
    # the third nothing shows. Read empty at "no evidence" (0.5), the player was never
    # asked, and the traps' count came out one short; the traps are crossed one after
    # another, and a later one is read crossed: it is asked, and the rules' order leans it
    # crossed (Enter takes it). The traps after the next one are not asked
    from printkit.games.fox_rabbit.rules_lean import leans

    firm = [name for name in FIRM if name != "trap-3"]
    fields = _read(_camera(_faint_pencil(firm, 0.2, 0.5), noise=3.0))
    trap = fields["trap-3"]
    assert trap.light and trap.uncertain and trap.confidence <= 0.6
    reading = reading_of(fields)
    assert leans(reading, _sheet()[0].map, ["trap-3"])["trap-3"].crossed is True
    # the next after the last crossed one is asked, leaning empty (the farmer's next trap,
    # tests/scan/test_floor_asked.py); those after it are not
    assert fields["trap-6"].uncertain and not fields["trap-6"].marked
    assert [f"trap-{k}" for k in range(7, 16)
            if fields[f"trap-{k}"].marked or fields[f"trap-{k}"].uncertain] == []


def test_a_trail_cell_the_photo_shows_nothing_of_before_cells_read_crossed_is_asked():
    # the same light pencil page: the fox's trail B is crossed in its first three cells, but
    # of the first nothing shows. Read empty, not surely, it was never asked, and the fox's
    # trail came out a cell short; a trail is crossed cell by cell from its start, and the
    # two cells after it are read crossed: the first is asked, and the trail's order leans
    # it crossed (Enter takes it). The cells after a trail's last crossed one are not asked
    from printkit.games.fox_rabbit.rules_lean import leans

    firm = [name for name in FIRM if name != "F-B1"] + ["F-B3"]
    fields = _read(_camera(_faint_pencil(firm, 0.2, 0.5), noise=3.0))
    assert fields["F-B2"].marked and fields["F-B3"].marked
    cell = fields["F-B1"]
    assert cell.light and not cell.marked and cell.uncertain
    reading = reading_of(fields)
    assert leans(reading, _sheet()[0].map, ["F-B1"])["F-B1"].crossed is True
    assert [name for name in ("F-A4", "F-A5", "F-B5", "R-A4", "R-B3", "R-B5", "F-D1")
            if fields[name].marked or fields[name].uncertain] == []


def _print_moved(page: np.ndarray, name: str, turn: float, dx: int, dy: int,
                 scale: float) -> None:
    """Draw a box's print (and what is in it) off its place: turned, moved and scaled about
    its middle, as a curled corner's paper shows it where one homography does not."""
    x, y, w, h = _px(_field(name))
    m = 8
    box = page[y - m:y + h + m, x - m:x + w + m].copy()
    matrix = cv2.getRotationMatrix2D(((w + 2 * m) / 2, (h + 2 * m) / 2), turn, scale)
    matrix[:, 2] += (dx, dy)
    page[y - m:y + h + m, x - m:x + w + m] = cv2.warpAffine(box, matrix, (w + 2 * m, h + 2 * m),
                                                           borderValue=255)


@pytest.mark.parametrize(("turn", "dx", "dy", "scale"),
                         [(0, 4, 4, 0.8), (0, 0, 0, 0.8), (15, 5, 5, 0.85), (25, 4, 2, 1.0),
                          (0, 7, 0, 1.0)])
def test_an_empty_title_whose_print_lies_off_its_place_is_asked_not_read_ticked(
        turn, dx, dy, scale):
    # a curled corner shows the first title's box smaller, turned or moved (3-4 points)
    # from where the page's homography and its neighbours put it: its own outline then lies
    # in the part read, and was read as a tick at 0.99 or more. Its print laid where it
    # fits the photo leaves no ink: it is asked, leaning no way; the ticked second title,
    # its print as much off, is still read ticked
    page = _played(dark=True)
    _print_moved(page, "title-1", turn, dx, dy, scale)
    _print_moved(page, "title-2", turn, dx, dy, scale)
    fields = _read(_camera(page))
    title = fields["title-1"]
    assert title.uncertain and title.confidence == NO_EVIDENCE
    assert fields["title-2"].marked and not fields["title-2"].uncertain



#: The cells printed in one tint (the yellow's, on the test sheet).
YELLOW = ["F-A1", "F-B2", "F-B3", "F-D1", "R-A2", "R-B1", "R-D1", "die-Y"]


@pytest.mark.parametrize(("dark", "grain"), [(0.12, 0.5), (0.2, 0.3)])
def test_a_tint_whose_cells_are_mostly_filled_in_light_pencil_reads_them_filled(dark, grain):
    # a light pencil page that shows its pen (32 boxes crossed, 30 % dark), and six of the
    # eight cells of one tint filled in the same pencil, `dark` dark where the paper's grain
    # takes it (`grain` of the pixels): each filled cell is grainy, and the tint's own step
    # (a printer's dot screen is grainy: `ink.fill_noises`) was set from its cells, most of
    # them filled, so high that no pixel of a filling was ink: F-B3, F-D1 and R-D1 read
    # empty at 0.96-0.98, the crossed R-B1 asked. The tint's grain is its least grainy
    # cell's (`grain_rank`)
    crossed = [*FIRM, "trap-6", "trap-7", "trap-8", "F-apple", "R-apple", "F-strawberry",
               "R-strawberry"]
    filled = ["F-A1", "F-B2", "F-B3", "F-D1", "R-A2", "R-D1"]
    page = _faint_pencil(crossed, 0.3, 0.7)
    pencil = np.zeros(page.shape, np.float32)
    tooth = np.random.default_rng(1)
    for name in filled:
        x, y, w, h = _px(_field(name))
        inside = pencil[y + h // 8:y + 7 * h // 8, x + w // 8:x + 7 * w // 8]
        inside[:] = tooth.random(inside.shape) < grain
    fields = _read(_camera(page * (1 - dark * pencil), noise=3.0))
    assert [name for name in filled if not fields[name].marked] == []
    assert fields["R-B1"].marked and not fields["R-B1"].uncertain
    assert not fields["die-Y"].marked
    assert [name for name, f in fields.items()
            if name not in crossed + filled and f.marked and not f.uncertain] == []
