"""The print-and-play PDF, read back: pages, sizes, fonts, crop marks and duplex backs."""

from __future__ import annotations

import io
from typing import Any

import pytest
from pypdf import PdfReader

from printkit.draw.paper import A4, LETTER, MM, Paper
from printkit.draw.recording import Call, record
from printkit.errors import PrintkitError
from printkit.games.crazy8ix_deck import load_deck, parse_deck_text
from printkit.products.deck.pnp import pnp_document
from printkit.products.deck.sheet_layout import (
    COLS, ROWS, Offset, SheetLayout, parse_duplex, sheet_count)

DECK = load_deck()
BASE14 = {"Helvetica", "Times-Roman", "Courier", "Symbol", "ZapfDingbats"}


def fonts_in(reader: PdfReader) -> dict[str, bool]:
    """Return every font the PDF uses (pages and the forms they draw), and if it is embedded."""
    found: dict[str, bool] = {}

    def walk(resources: Any) -> None:
        if resources is None:
            return
        resources = resources.get_object()
        for ref in (resources.get("/Font") or {}).values():
            font = ref.get_object()
            descriptor = font.get("/FontDescriptor")
            descriptor = descriptor.get_object() if descriptor is not None else {}
            embedded = any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))
            found[str(font["/BaseFont"]).lstrip("/")] = embedded
        for ref in (resources.get("/XObject") or {}).values():
            xobject = ref.get_object()
            if xobject.get("/Subtype") == "/Form":
                walk(xobject.get("/Resources"))

    for page in reader.pages:
        walk(page.get("/Resources"))
    return found


@pytest.fixture(scope="module")
def letter_pdf() -> bytes:
    return pnp_document(DECK, LETTER).pdf_bytes()


def test_pages_and_sizes(letter_pdf: bytes) -> None:
    reader = PdfReader(io.BytesIO(letter_pdf))
    # page 1 and its back, then 12 sheets of fronts and backs for 104 cards
    assert sheet_count(DECK) == 12
    assert len(reader.pages) == 26
    for page in reader.pages:
        assert (float(page.mediabox.width), float(page.mediabox.height)) == (612.0, 792.0)


def test_a4_and_no_backs() -> None:
    doc = pnp_document(DECK, A4, "none")
    reader = PdfReader(io.BytesIO(doc.pdf_bytes()))
    assert len(reader.pages) == 13
    assert doc.filename == "crazy8ix-deck-a4-no-backs.pdf"
    for page in reader.pages:
        assert float(page.mediabox.width) == pytest.approx(595.28, abs=0.01)
        assert float(page.mediabox.height) == pytest.approx(841.89, abs=0.01)


def test_fonts_are_embedded_subsets_of_lato(letter_pdf: bytes) -> None:
    found = fonts_in(PdfReader(io.BytesIO(letter_pdf)))
    assert found and all(found.values()), found
    for name in found:
        assert "+Lato-" in name, name
        assert name.split("+")[-1] not in BASE14


def test_same_inputs_same_bytes(letter_pdf: bytes) -> None:
    assert pnp_document(DECK, LETTER).pdf_bytes() == letter_pdf


def test_page_one_says_how_to_print(letter_pdf: bytes) -> None:
    text = PdfReader(io.BytesIO(letter_pdf)).pages[0].extract_text()
    for words in ("100 %", "Actual size", "2 in (50.8 mm)", "long edge", "--offset",
                  "Letter 8.5 × 11 in", "page 1 of 26"):
        assert words in text, words
    a4 = record(pnp_document(DECK, A4, "short").pages[0]).texts()
    assert any("50 mm (1.97 in)" in t for t in a4)
    assert any("--duplex long" in t for t in a4)


def test_the_check_square_is_true_to_size() -> None:
    for paper, side in ((LETTER, 144.0), (A4, 50 * MM)):
        calls = record(pnp_document(DECK, paper).pages[0]).calls
        squares = [c for c in calls if c.kind == "rect" and c.w == c.h]
        assert any(abs(c.w - side) < 0.01 for c in squares), paper.id


def _overlap(a: Call, b: Call) -> bool:
    return a.x < b.right and b.x < a.right and a.y < b.bottom and b.y < a.bottom


@pytest.mark.parametrize("paper", [LETTER, A4], ids=["letter", "a4"])
@pytest.mark.parametrize("duplex", ["long", "short"])
def test_pages_one_and_two_have_no_text_on_text(paper: Paper, duplex: str) -> None:
    doc = pnp_document(DECK, paper, duplex)  # type: ignore[arg-type]
    for page in doc.pages[:2]:
        texts = [c for c in record(page).calls if c.kind == "text"]
        for i, a in enumerate(texts):
            assert 0 <= a.x and a.right <= paper.width and 0 <= a.y <= paper.height
            for b in texts[i + 1:]:
                assert not _overlap(a, b), (a.text, b.text)


def test_crop_marks_lie_outside_the_cards_and_on_the_page() -> None:
    for paper in (LETTER, A4):
        layout = SheetLayout(paper)
        front = pnp_document(DECK, paper).pages[2]
        grid = (layout.grid_left, layout.grid_top, layout.grid_left + COLS * layout.card.width,
                layout.grid_top + ROWS * layout.card.height)
        lines = [c for c in record(front).calls if c.kind == "line"]
        assert len(lines) == 2 * (COLS + 1) + 2 * (ROWS + 1)
        for line in lines:
            inside_x = grid[0] < line.x + line.w / 2 < grid[2]
            inside_y = grid[1] < line.y + line.h / 2 < grid[3]
            assert not (inside_x and inside_y), str(line)
            assert line.x >= 0 and line.right <= paper.width
            assert line.y >= 0 and line.bottom <= paper.height
            assert max(line.w, line.h) >= 3 * MM  # long enough to lay a ruler on
            # every mark starts clear of the outer cards' bleed
            bleed = layout.front_bleed
            if line.w == 0:
                assert line.bottom <= grid[1] - bleed[1] or line.y >= grid[3] + bleed[1]
            else:
                assert line.right <= grid[0] - bleed[0] or line.x >= grid[2] + bleed[0]


def test_cards_touch_in_a_centred_grid() -> None:
    layout = SheetLayout(LETTER)
    xs = sorted({layout.front_slot(i)[0] for i in range(9)})
    ys = sorted({layout.front_slot(i)[1] for i in range(9)})
    assert xs[1] - xs[0] == pytest.approx(63 * MM)
    assert ys[2] - ys[1] == pytest.approx(88 * MM)
    assert xs[0] == pytest.approx(LETTER.width - xs[2] - 63 * MM)
    assert ys[0] == pytest.approx(LETTER.height - ys[2] - 88 * MM)


def test_bleed_only_on_the_grid_edges() -> None:
    layout = SheetLayout(A4)
    outer = layout.front_bleed
    assert outer == (pytest.approx(2.5 * MM, abs=0.01), pytest.approx(3 * MM))
    middle = layout.card_bleed(*layout.front_slot(4), outer)
    assert middle == (0, 0, 0, 0)
    corner = layout.card_bleed(*layout.front_slot(0), outer)
    assert corner == (outer[0], outer[1], 0, 0)


def test_long_edge_backs_are_mirrored_left_right() -> None:
    layout = SheetLayout(LETTER, "long")
    for i in range(9):
        col, row = i % 3, i // 3
        mirrored = layout.front_slot(row * 3 + (2 - col))
        assert layout.back_slot(i) == pytest.approx(mirrored)


def test_short_edge_backs_are_mirrored_top_bottom() -> None:
    layout = SheetLayout(A4, "short")
    for i in range(9):
        col, row = i % 3, i // 3
        assert layout.back_slot(i) == pytest.approx(layout.front_slot((2 - row) * 3 + col))


def test_offset_moves_the_backs_only() -> None:
    plain, moved = SheetLayout(LETTER), SheetLayout(LETTER, offset=Offset(1.5, -2))
    for i in range(9):
        assert moved.front_slot(i) == plain.front_slot(i)
        bx, by = plain.back_slot(i)
        assert moved.back_slot(i) == pytest.approx((bx + 1.5 * MM, by - 2 * MM))


def _card_backgrounds(calls: list[Call], layout: SheetLayout) -> list[Call]:
    return [c for c in calls if c.kind == "rect" and c.fill
            and c.w >= layout.card.width - 0.01 and c.h >= layout.card.height - 0.01]


def test_a_short_last_sheet_has_its_backs_behind_its_fronts() -> None:
    deck = parse_deck_text(_small_deck_text(3))  # 3 cards + 4 help cards: 7 on one sheet
    doc = pnp_document(deck, LETTER, "long")
    layout = SheetLayout(LETTER, "long")
    fronts = _card_backgrounds(record(doc.pages[2]).calls, layout)
    backs = _card_backgrounds(record(doc.pages[3]).calls, layout)
    assert len(fronts) == len(backs) == 7
    grid_right = layout.grid_left + 3 * layout.card.width
    front_lefts = sorted(round(c.x + (layout.front_bleed[0] if c.x < layout.grid_left else 0), 1)
                         for c in fronts)
    back_rights = sorted(round(LETTER.width - (min(c.right, grid_right)), 1) for c in backs)
    assert front_lefts == back_rights


def _small_deck_text(cards: int) -> str:
    lines = ["[deck]", f"total = {cards}", "[cards]"]
    for name in [*"ABCDEFGHIJKLMNOPQRSTUVWXYZ", "star", "firecracker"]:
        lines.append(f"{name} = {{ qty = {1 if name in 'ABC'[:cards] else 0} }}")
    lines += ["[help]", "A = { topic = 'ring' }", "B = { topic = 'vowels' }",
              "C = { topic = 'specials' }", "D = { topic = 'points' }", "[back]",
              "title = 'Crazy8ix'"]
    return "\n".join(lines)


def test_nothing_on_a_sheet_is_under_8_points() -> None:
    for page in pnp_document(DECK, A4).pages:
        sizes = [c.size for c in record(page).calls if c.kind == "text"]
        assert min(sizes) >= 8.0, page.label


@pytest.mark.parametrize("text, message", [
    ("6,0", "--offset X must be between -5 and 5 mm (not 6)"),
    ("0,-5.5", "--offset Y must be between -5 and 5 mm (not -5.5)"),
    ("1", "--offset must be two numbers of mm as X,Y"),
    ("a,b", "--offset must be two numbers of mm as X,Y"),
    ("nan,0", "--offset X must be between"),
])
def test_offset_is_checked(text: str, message: str) -> None:
    with pytest.raises(PrintkitError, match=message.replace("(", r"\(").replace(")", r"\)")):
        Offset.parse(text)


def test_duplex_is_checked() -> None:
    assert parse_duplex("Short") == "short"
    with pytest.raises(PrintkitError, match="--duplex must be one of long, short, none"):
        parse_duplex("both")
