"""The layout keys that place one element by another: copies with their own values (`each`,
`rows`), text below a text (`below`, `bottom`), texts that shrink together (`size_group`),
a ring spaced by what it holds (`spacing`, `places`, the `arc` kind); and the Crazy8ix help
cards, drawn with them from templates/crazy8ix/."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from PIL import Image

from printkit.cli import app
from printkit.draw import fonts
from printkit.errors import TemplateError
from printkit.products.cards.data import read_sheet
from printkit.products.cards.deck import load_deck
from printkit.products.cards.engine import Drawing, Op
from printkit.resources import template_path
from tests.test_custom_deck import ROOT, deck_args, make_deck, run, runner

MM = 72 / 25.4
HEAD = """
[card]
title = "Keys"
size = "poker"
safe = "3mm"
"""


def front(tmp_path: Path, layout: str, rows: list[list[str]], index: int = 0) -> Drawing:
    deck = load_deck(*make_deck(tmp_path / "d", rows, HEAD + layout))
    return deck.cards[index].front.drawing


def words(op: Op) -> list[str]:
    return ["".join(p.text for p in line) for line in op.lines]


def texts(drawing: Drawing) -> list[Op]:
    return [op for op in drawing.ops if op.kind == "text"]


def last_line_bottom(op: Op) -> float:
    return (op.first_baseline + (len(op.lines) - 1) * op.size * op.leading
            + fonts.descent(op.font, op.size))


# -- each: a copy per item of a list, its item in {each} ------------------------------

EACH = """
[elements.cells]
kind = "rect"
when = "each != own"
each = "{window}"
x = "10mm"
y = "20mm"
width = "5mm"
height = "6mm"
step_x = "6mm"
fill = "#ffffff"

[elements.own_cell]
kind = "rect"
when = "each == own"
each = "{window}"
x = "10mm"
y = "20mm"
width = "5mm"
height = "6mm"
step_x = "6mm"
fill = "#000000"

[elements.letters]
kind = "text"
each = "{window}"
text = "{each}{each_index}"
x = "10mm"
y = "20mm"
width = "5mm"
height = "6mm"
step_x = "6mm"
size = 7
align = "center"
"""


def test_each_draws_a_copy_per_item_with_its_own_value_and_condition(tmp_path: Path) -> None:
    drawing = front(tmp_path, EACH, [["name", "window", "own"], ["E", "C, D,E,F,G", "E"],
                                     ["none", "", "E"]])
    labels = [words(op)[0] for op in texts(drawing)]
    assert labels == ["C1", "D2", "E3", "F4", "G5"]  # items trimmed, numbered from 1
    assert [op.x for op in texts(drawing)] == pytest.approx([(10 + 6 * i) * MM
                                                            for i in range(5)])
    rects = [op for op in drawing.ops if op.kind == "rect"]
    dark = [op.x for op in rects if str(op.fill) == "#000000"]
    assert dark == [pytest.approx(22 * MM)] and len(rects) == 5  # the own letter picked out
    empty = front(tmp_path / "2", EACH, [["name", "window", "own"], ["none", "", "E"]])
    assert empty.ops == ()  # an empty list draws no copy


def test_centred_copies_sit_either_side_of_one_copys_place(tmp_path: Path) -> None:
    layout = EACH.replace('x = "10mm"', 'x = "30mm"').replace(
        'step_x = "6mm"', 'step_x = "6mm"\ncentred = true')
    rows = [["name", "window", "own"], ["Five", "C,D,E,F,G", "E"], ["Two", "D,E", "E"]]
    for index, xs in ((0, (18, 24, 30, 36, 42)), (1, (27, 33))):
        letters = texts(front(tmp_path / str(index), layout, rows, index))
        assert [op.x for op in letters] == pytest.approx([x * MM for x in xs])


def test_each_goes_with_no_repeat(tmp_path: Path) -> None:
    data, lay = make_deck(tmp_path / "d", [["name", "window", "own"], ["E", "C", "E"]],
                          HEAD + EACH.replace('step_x = "6mm"\nfill = "#ffffff"',
                                              'step_x = "6mm"\nfill = "#ffffff"\nrepeat = 2'))
    code, _, err = run(*deck_args(data, lay, "-o", str(tmp_path / "out")))
    assert code == 2
    assert err == (f"printkit: error: {lay}: elements.cells: 'repeat' and 'each' each say "
                   "which copies are drawn; use one of them\n")


# -- rows: a table from a CSV file beside the layout ----------------------------------

TABLE = """
[elements.stripes]
kind = "rect"
when = "each_index in '1,3,5'"
rows = "prices.csv"
x = "5mm"
y = "10mm"
width = "50mm"
height = "6mm"
step_y = "6mm"
fill = "#ffffff"

[elements.labels]
kind = "text"
rows = "prices.csv"
text = "{item} ({name})"
case = "first"
x = "6mm"
y = "10mm"
width = "30mm"
height = "6mm"
step_y = "6mm"
size = 9
valign = "middle"

[elements.prices]
kind = "text"
when = "price > 0"
rows = "prices.csv"
text = "{price}"
x = "5mm"
y = "10mm"
width = "49mm"
height = "6mm"
step_y = "6mm"
size = 9
align = "right"
valign = "middle"
"""


def test_rows_fill_a_table_from_a_file_beside_the_layout(tmp_path: Path) -> None:
    folder = tmp_path / "d"
    folder.mkdir()
    (folder / "prices.csv").write_text("item,price\nsword,3\nshield,2\nbread,0\n")
    drawing = front(tmp_path, TABLE, [["name"], ["Shop"]])
    labels = [op for op in texts(drawing) if op.align == "left"]
    assert [words(op)[0] for op in labels] == ["Sword (Shop)", "Shield (Shop)", "Bread (Shop)"]
    assert [op.y for op in labels] == pytest.approx([(10 + 6 * i) * MM for i in range(3)])
    prices = [words(op)[0] for op in texts(drawing) if op.align == "right"]
    assert prices == ["3", "2"]  # the row's own condition: bread costs nothing
    stripes = [op.y for op in drawing.ops if op.kind == "rect"]
    assert stripes == pytest.approx([10 * MM, 22 * MM])  # rows 1 and 3


def test_a_copy_that_does_not_fit_is_named_by_its_number(tmp_path: Path) -> None:
    folder = tmp_path / "d"
    folder.mkdir()
    (folder / "prices.csv").write_text(f"item,price\nsword,3\nshield,{'9' * 40}\n")
    data, lay = make_deck(folder, [["name"], ["Shop"]], HEAD + TABLE)
    code, _, err = run(*deck_args(data, lay, "-o", str(tmp_path / "out")))
    assert code == 2
    assert err.startswith(f"printkit: error: {data}: row 2, elements.prices[2] (in {lay}): the "
                          f"text '{'9' * 40}' does not fit its 49.0 × 6.0 mm box at its size")


def test_a_missing_or_broken_rows_file_is_named(tmp_path: Path) -> None:
    data, lay = make_deck(tmp_path / "d", [["name"], ["Shop"]], HEAD + TABLE)
    code, _, err = run(*deck_args(data, lay, "-o", str(tmp_path / "out")))
    assert code == 2
    assert err == (f"printkit: error: {lay}: elements.stripes.rows: the file 'prices.csv' does "
                   "not exist beside the layout\n")
    (tmp_path / "d" / "prices.csv").write_text("item,price\nsword,3,extra\n")
    code, _, err = run(*deck_args(data, lay, "-o", str(tmp_path / "out")))
    assert code == 2
    assert err == (f"printkit: error: {lay}: elements.stripes.rows: prices.csv: row 2: 3 cells, "
                   "but the header names 2 columns\n")
    assert not (tmp_path / "out").exists()


# -- below and bottom: text that follows a text of any length --------------------------

FLOW = """
[elements.rules]
kind = "text"
text = "{text}"
x = "5mm"
y = "10mm"
width = "50mm"
height = "40mm"
size = 10

[elements.rule_line]
kind = "rect"
below = "rules"
x = "5mm"
y = "2mm"
width = "50mm"
height = "0.5mm"
fill = "#000000"

[elements.flavour]
kind = "text"
below = "rule_line"
text = "{flavour}"
x = "5mm"
y = "2mm"
width = "50mm"
bottom = "80mm"
size = 10
fit = "shrink"
min_size = 6
"""


def test_an_element_below_another_moves_with_its_text(tmp_path: Path) -> None:
    rows = [["name", "text", "flavour"], ["Short", "Draw a card.", "A spark."],
            ["Long", "Draw a card. " * 12, "A spark. " * 45]]
    for index in (0, 1):
        drawing = front(tmp_path / str(index), FLOW, rows, index)
        rules, flavour = texts(drawing)
        line = next(op for op in drawing.ops if op.kind == "rect")
        # the line sits 2 mm under the rules' last line, the flavour 2 mm under the line
        assert line.y == pytest.approx(last_line_bottom(rules) + 2 * MM)
        assert flavour.y == pytest.approx(line.y + line.h + 2 * MM)
        # and the flavour's box ends where `bottom` says, whatever its top
        assert flavour.y + flavour.h == pytest.approx(80 * MM)
        assert last_line_bottom(flavour) <= 80 * MM + 0.01
    short, long = (front(tmp_path / f"s{i}", FLOW, rows, i) for i in (0, 1))
    assert len(texts(long)[0].lines) > 3 and texts(long)[1].y > texts(short)[1].y + 20
    assert texts(long)[1].size < 10 == texts(short)[1].size  # less room below: it shrinks


@pytest.mark.parametrize(("change", "message"), [
    (('below = "rules"', 'below = "flavour"'),
     "elements.rule_line.below: 'flavour' comes after it; an element is placed below one "
     "drawn before it"),
    (('below = "rules"', 'below = "title"'),
     "elements.rule_line.below: 'title' is not an element of this side; an element is "
     "placed below one drawn before it"),
    (('bottom = "80mm"', 'bottom = "80mm"\nheight = "5mm"'),
     "elements.flavour: 'bottom' and 'height' both say where the box ends; use one of "
     "them"),
])
def test_a_bad_reference_is_named(tmp_path: Path, change: tuple[str, str], message: str) -> None:
    data, lay = make_deck(tmp_path / "d", [["name", "text", "flavour"], ["A", "b", "c"]],
                          HEAD + FLOW.replace(*change))
    code, _, err = run(*deck_args(data, lay, "-o", str(tmp_path / "out")))
    assert code == 2
    assert err == f"printkit: error: {lay}: {message}\n"


# -- size_group: texts that shrink together -------------------------------------------

GROUP = """
[elements.first]
kind = "text"
text = "{a}"
x = "5mm"
y = "10mm"
width = "50mm"
height = "12mm"
size = 10
fit = "shrink"
min_size = 6
size_group = "body"

[elements.second]
kind = "text"
below = "first"
text = "{b}"
x = "5mm"
y = "1mm"
width = "50mm"
bottom = "40mm"
size = 10
fit = "shrink"
min_size = 6
size_group = "body"
"""


def test_a_size_group_sets_its_texts_at_one_size_the_largest_all_fit(tmp_path: Path) -> None:
    rows = [["name", "a", "b"], ["Even", "Short.", "Short too."],
            ["Odd", "Short.", "A much longer text that needs many lines to be said. " * 4]]
    even = texts(front(tmp_path / "e", GROUP, rows, 0))
    assert [op.size for op in even] == [10, 10]
    odd = texts(front(tmp_path / "o", GROUP, rows, 1))
    assert odd[0].size == odd[1].size < 10  # the short text shrinks with the long one
    alone = texts(front(tmp_path / "a", GROUP.replace('size_group = "body"\n', ""), rows, 1))
    assert alone[0].size == 10 and alone[1].size < 10
    assert odd[1].size >= alone[1].size  # the first, smaller, leaves the second more room
    # the largest: both a quarter point bigger, and the second would not fit its room
    bigger = GROUP.replace('size_group = "body"\n', "").replace(
        "size = 10\nfit = \"shrink\"\nmin_size = 6", f"size = {odd[0].size + 0.25}")
    with pytest.raises(TemplateError, match=r"elements\.second"):
        front(tmp_path / "b", bigger, rows, 1)


def test_a_group_that_cannot_fit_names_the_text(tmp_path: Path) -> None:
    rows = [["name", "a", "b"], ["Huge", "Short.", "word " * 400]]
    data, lay = make_deck(tmp_path / "d", rows, HEAD + GROUP)
    code, _, err = run(*deck_args(data, lay, "-o", str(tmp_path / "out")))
    assert code == 2
    assert f"{data}: row 2, elements.second (in {lay}): the text 'word word" in err
    assert "even at its floor, 6 pt" in err and err.count("\n") == 1


# -- a ring spaced by what it holds: spacing = "gaps", places, arc ---------------------

RING = """
[elements.band]
kind = "arc"
when = "each in marked"
places = "letters"
x = "50%"
y = "50%"
width = "4mm"
fill = "#cccccc"

[elements.disc]
kind = "circle"
when = "each == circled"
places = "letters"
x = "50%"
y = "50%"
radius = "3mm"
fill = "#000000"

[elements.letters]
kind = "text"
each = "{letters}"
around = "18mm"
spacing = "gaps"
text = "{each}"
x = "50% - 4mm"
y = "50% - 4mm"
width = "8mm"
height = "8mm"
font = "Lato-Bold"
size = 10
wrap = false
align = "center"
valign = "middle"

[elements.dots]
kind = "circle"
places = "letters"
around = "23mm"
x = "50%"
y = "50%"
radius = "0.5mm"
fill = "#000000"
"""
RING_ROWS = [["name", "letters", "circled", "marked"],
             ["Ring", "W,M,W,M,W,I,L,I,I,I", "L", "W,I,M"]]


def _ring(tmp_path: Path) -> tuple[Drawing, list[Op], float, float]:
    drawing = front(tmp_path, RING, RING_ROWS)
    c = 63.5 / 2 * MM
    return drawing, texts(drawing), c, 88.9 / 2 * MM


def _angle(x: float, y: float, cx: float, cy: float) -> float:
    return math.atan2(x - cx, cy - y) % (2 * math.pi)


def test_gaps_spacing_gives_each_copy_its_room_and_even_gaps(tmp_path: Path) -> None:
    drawing, letters, cx, cy = _ring(tmp_path)
    assert [words(op)[0] for op in letters] == RING_ROWS[1][1].split(",")
    r = 18 * MM
    centres = [(op.x + op.w / 2, op.y + op.h / 2) for op in letters]
    assert all(math.hypot(x - cx, y - cy) == pytest.approx(r) for x, y in centres)
    angles = [_angle(x, y, cx, cy) for x, y in centres]
    assert angles[0] == pytest.approx(0, abs=1e-9)  # the first at twelve o'clock
    disc = next(op for op in drawing.ops if op.kind == "circle" and op.radius > 2 * MM)

    def room(i: int) -> float:
        """The stretch of the ring copy i takes: the circled L its disc, else its glyph."""
        op = letters[i]
        if words(op)[0] == "L":
            return disc.w
        w, h = op.widths[0], fonts.cap_height(op.font, op.size)
        return w * abs(math.cos(angles[i])) + h * abs(math.sin(angles[i]))

    gaps = []
    for i in range(10):
        j = (i + 1) % 10
        step = (angles[j] - angles[i]) % (2 * math.pi) * r
        gaps.append(step - room(i) / 2 - room(j) / 2)
    assert max(gaps) - min(gaps) < 0.3  # even gaps, though a W takes twice an I's room
    even = [2 * math.pi * i / 10 for i in range(10)]
    assert max(abs(a - b) for a, b in zip(angles, even)) > 0.05  # not equal angles


def test_places_and_arc_follow_the_ring(tmp_path: Path) -> None:
    drawing, letters, cx, cy = _ring(tmp_path)
    angles = [_angle(op.x + op.w / 2, op.y + op.h / 2, cx, cy) for op in letters]
    disc = next(op for op in drawing.ops if op.kind == "circle" and op.radius > 2 * MM)
    assert _angle(disc.x + disc.radius, disc.y + disc.radius, cx, cy) == pytest.approx(
        angles[6])  # behind the L, the 7th letter
    dots = [op for op in drawing.ops if op.kind == "circle" and op.radius < 1 * MM]
    assert len(dots) == 10  # its own radius, the letters' angles
    for dot, angle in zip(dots, angles):
        x, y = dot.x + dot.radius, dot.y + dot.radius
        assert math.hypot(x - cx, y - cy) == pytest.approx(23 * MM)
        assert _angle(x, y, cx, cy) == pytest.approx(angle)
    arcs = [op for op in drawing.ops if op.kind == "arc"]
    # W M W M W I L I I I: marked are every letter but the L, in one run round the top
    assert len(arcs) == 1
    arc = arcs[0]
    assert arc.start < angles[7] < angles[9] < 2 * math.pi < arc.end - angles[6] + angles[6]
    assert arc.end - arc.start < 2 * math.pi and arc.across == pytest.approx(4 * MM)
    assert not (arc.start < angles[6] < arc.end)  # the L's place is left out


def test_an_arc_needs_places(tmp_path: Path) -> None:
    data, lay = make_deck(tmp_path / "d", RING_ROWS,
                          HEAD + RING.replace('places = "letters"\nx = "50%"\ny = "50%"\n'
                                              'width = "4mm"', 'x = "50%"\ny = "50%"\n'
                                              'width = "4mm"'))
    code, _, err = run(*deck_args(data, lay, "-o", str(tmp_path / "out")))
    assert code == 2
    assert err == (f"printkit: error: {lay}: elements.band: an arc runs along another element's "
                   "copies round a circle: it needs 'places'\n")


# -- the Crazy8ix help cards ----------------------------------------------------------

def test_the_help_card_data_agrees_with_the_rules_and_the_composition() -> None:
    from printkit.games import crazy8ix as rules
    from printkit.games.crazy8ix_deck import load_deck as load_composition

    sheet = read_sheet(template_path("crazy8ix", "help.csv"))
    helps = load_composition().help_cards
    rows = {r.get("topic"): r.mapping for r in sheet.rows}
    assert [(r.get("title"), r.get("topic")) for r in sheet.rows] == [
        (h.title, h.topic) for h in helps]
    assert [r.get("number") for r in sheet.rows] == [str(i) for i in range(1, len(helps) + 1)]
    assert {r.get("count") for r in sheet.rows} == {str(len(helps))}
    vowels = sorted(rules.VOWELS, key=rules.ALPHABET.index)
    ring = rows["ring"]
    assert ring["alphabet"].split(",") == list(rules.ALPHABET)
    assert ring["vowels"].split(",") == vowels == rows["vowels"]["vowels"].split(",")
    assert ring["window"].split(",") == rules.match_window(ring["example"])
    assert ring["window_text"] == " ".join(rules.match_window(ring["example"]))
    assert ring["n"] == str(rules.MATCH_WINDOW)
    own = rows["vowels"]["vowel_example"]
    assert rows["vowels"]["vowel_window"].split(",") == rules.match_window(own)
    assert rows["vowels"]["other_vowels"].split(",") == [
        v for v in vowels if v not in rules.match_window(own)]
    assert rows["specials"]["reverse"] == next(
        c for c in rules.ALPHABET if rules.card_points(c) == 50 and c not in "WZ")
    assert rows["points"]["target"] == str(rules.DEFAULT_TARGET)
    points = read_sheet(template_path("crazy8ix", "points.csv"))
    assert [(r.get("what"), int(r.get("points"))) for r in points.rows] == list(
        rules.POINTS_TABLE)


def test_the_help_cards_build_as_a_custom_deck_and_match_the_built_in_ones(
        tmp_path: Path) -> None:
    data = ROOT / "templates" / "crazy8ix" / "help.csv"
    lay = ROOT / "templates" / "crazy8ix" / "help.toml"
    code, out, err = run(*deck_args(data, lay, "--printer", "tgc", "-o", str(tmp_path / "own")))
    assert code == 0, err
    assert "4 PNG files" in out
    result = runner.invoke(app, ["deck", "--printer", "tgc", "-o", str(tmp_path / "built")])
    assert result.exit_code == 0, result.stderr
    for number, title in enumerate("ABCD", start=1):
        own = Image.open(tmp_path / "own" / "crazy8ix-help-cards-tgc"
                         / f"crazy8ix-help-cards-0{number}-{title}.png").convert("RGB")
        built = Image.open(tmp_path / "built" / "crazy8ix-tgc"
                           / f"crazy8ix-{28 + number}-help-{title}.png").convert("RGB")
        assert own.size == built.size == (825, 1125)
        assert own.tobytes() == built.tobytes(), title
