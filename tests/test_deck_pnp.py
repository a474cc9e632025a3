"""The print-and-play PDF, read back: pages, sizes, fonts, crop marks and duplex backs."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from printkit.draw.paper import A4, LETTER, MM, Paper
from printkit.draw.recording import Call, record
from printkit.errors import PrintkitError
from printkit.games.crazy8ix_deck import Deck, load_deck, parse_deck_text
from printkit.language import ENGLISH, Lang
from printkit.products.cards.deck import CardDeck
from printkit.products.cards.geometry import HOME_CARD, CardBox
from printkit.products.deck import crazy8ix, pnp
from printkit.products.deck.options import DeckOptions
from printkit.products.deck.sheet_layout import (
    CLEAR,
    NO_OFFSET,
    Duplex,
    Offset,
    SheetLayout,
    parse_duplex,
    sheet_count,
)
from printkit.products.document import Document

DECK = load_deck()
BASE14 = {"Helvetica", "Times-Roman", "Courier", "Symbol", "ZapfDingbats"}


def pnp_document(composition: Deck, paper: Paper, duplex: Duplex = "long",
                 offset: Offset = NO_OFFSET, card: CardBox = HOME_CARD,
                 lang: Lang = ENGLISH) -> Document:
    """Return the built-in deck's print-and-play PDF, as `printkit deck` and a kit make it."""
    deck: CardDeck = crazy8ix.load(composition, DeckOptions(paper=paper, lang=lang),
                                   card.with_bleed((0.0,) * 4))
    return pnp.pnp_document(deck, paper, duplex, offset, lang)


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
    # page 1 and its back, then 13 sheets of 8 cards, fronts and backs, for 104 cards
    assert sheet_count(104, SheetLayout(LETTER)) == 13
    assert len(reader.pages) == 28
    for page in reader.pages:
        assert (float(page.mediabox.width), float(page.mediabox.height)) == (612.0, 792.0)


def test_a4_and_no_backs() -> None:
    doc = pnp_document(DECK, A4, "none")
    reader = PdfReader(io.BytesIO(doc.pdf_bytes()))
    assert len(reader.pages) == 14
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
                  "Letter 8.5 × 11 in", "page 1 of 28", "Cards: 2.5 × 3.5 in (63.5 × 88.9 mm)",
                  "8 to a sheet", "5 cuts across and 3 down"):
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
            assert a.x >= 0 and a.right <= paper.width and 0 <= a.y <= paper.height
            for b in texts[i + 1:]:
                assert not _overlap(a, b), (a.text, b.text)


def _grid(layout: SheetLayout) -> tuple[float, float, float, float]:
    return (layout.grid_left, layout.grid_top,
            layout.grid_left + layout.cols * layout.slot_width,
            layout.grid_top + layout.rows * layout.slot_height)


def test_crop_marks_lie_outside_the_cards_and_on_the_page() -> None:
    for paper in (LETTER, A4):
        layout = SheetLayout(paper)
        front = pnp_document(DECK, paper).pages[2]
        grid = _grid(layout)
        lines = [c for c in record(front).calls if c.kind == "line"]
        assert len(lines) == 2 * (layout.cols + 1) + 2 * (layout.rows + 1)
        for line in lines:
            inside_x = grid[0] < line.x + line.w / 2 < grid[2]
            inside_y = grid[1] < line.y + line.h / 2 < grid[3]
            assert not (inside_x and inside_y), str(line)
            # a quarter inch from every edge, where a home printer still prints
            assert line.x >= CLEAR and line.right <= paper.width - CLEAR
            assert line.y >= CLEAR and line.bottom <= paper.height - CLEAR
            assert max(line.w, line.h) >= 3 * MM  # long enough to lay a ruler on
            # every mark starts clear of the outer cards' bleed
            bleed = layout.front_bleed
            if line.w == 0:
                assert line.bottom <= grid[1] - bleed[1] or line.y >= grid[3] + bleed[1]
            else:
                assert line.right <= grid[0] - bleed[0] or line.x >= grid[2] + bleed[0]


def test_poker_cards_lie_on_their_side_8_to_a_sheet() -> None:
    # 3 × 3 upright poker cards leave Letter 0.25 in at the top and bottom: no room for marks
    for paper in (LETTER, A4):
        layout = SheetLayout(paper)
        assert (layout.cols, layout.rows, layout.grid.turned) == (2, 4, True)
        assert (layout.slot_width, layout.slot_height) == (3.5 * 72, 2.5 * 72)


def test_cards_touch_in_a_centred_grid() -> None:
    layout = SheetLayout(LETTER)
    xs = sorted({layout.front_slot(i)[0] for i in range(8)})
    ys = sorted({layout.front_slot(i)[1] for i in range(8)})
    assert xs[1] - xs[0] == pytest.approx(3.5 * 72)
    assert ys[2] - ys[1] == pytest.approx(2.5 * 72)
    assert xs[0] == pytest.approx(LETTER.width - xs[-1] - 3.5 * 72)
    assert ys[0] == pytest.approx(LETTER.height - ys[-1] - 2.5 * 72)


def test_bleed_only_on_the_grid_edges() -> None:
    layout = SheetLayout(A4)
    side, top = layout.front_bleed
    assert side > 0 and top == pytest.approx(3 * MM)
    outer = (side, top, side, top)
    middle = layout.slot_bleed(*layout.front_slot(2), outer)  # the second row, on the left
    assert middle == (side, 0, 0, 0)
    corner = layout.slot_bleed(*layout.front_slot(7), outer)
    assert corner == (0, 0, side, top)


def test_long_edge_backs_are_mirrored_left_right() -> None:
    layout = SheetLayout(LETTER, "long")
    cols = layout.cols
    for i in range(layout.per_sheet):
        col, row = i % cols, i // cols
        mirrored = layout.front_slot(row * cols + (cols - 1 - col))
        assert layout.back_slot(i) == pytest.approx(mirrored)


def test_short_edge_backs_are_mirrored_top_bottom() -> None:
    layout = SheetLayout(A4, "short")
    cols, rows = layout.cols, layout.rows
    for i in range(layout.per_sheet):
        col, row = i % cols, i // cols
        assert layout.back_slot(i) == pytest.approx(layout.front_slot((rows - 1 - row) * cols
                                                                      + col))


def test_offset_moves_the_backs_only() -> None:
    plain, moved = SheetLayout(LETTER), SheetLayout(LETTER, offset=Offset(1.5, -2))
    for i in range(plain.per_sheet):
        assert moved.front_slot(i) == plain.front_slot(i)
        bx, by = plain.back_slot(i)
        assert moved.back_slot(i) == pytest.approx((bx + 1.5 * MM, by - 2 * MM))


def _card_backgrounds(calls: list[Call], layout: SheetLayout) -> list[Call]:
    return [c for c in calls if c.kind == "rect" and c.fill
            and c.w >= layout.slot_width - 0.01 and c.h >= layout.slot_height - 0.01]


def test_a_short_last_sheet_has_its_backs_behind_its_fronts() -> None:
    deck = parse_deck_text(_small_deck_text(3))  # 3 cards + 4 help cards: 7 on one sheet
    doc = pnp_document(deck, LETTER, "long")
    layout = SheetLayout(LETTER, "long")
    fronts = _card_backgrounds(record(doc.pages[2]).calls, layout)
    backs = _card_backgrounds(record(doc.pages[3]).calls, layout)
    assert len(fronts) == len(backs) == 7
    grid = _grid(layout)

    def trim(c: Call) -> tuple[float, float]:  # the card's place, its bleed taken off
        return (round(max(c.x, grid[0]), 1), round(max(c.y, grid[1]), 1))

    mirrored = sorted((round(LETTER.width - min(c.right, grid[2]), 1), trim(c)[1]) for c in backs)
    assert sorted(trim(c) for c in fronts) == mirrored


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
    ("1,5,0", "or as X;Y, like 1,5;-1"),
    ("1,5;6", "--offset Y must be between -5 and 5 mm (not 6)"),
])
def test_offset_is_checked(text: str, message: str) -> None:
    with pytest.raises(PrintkitError, match=message.replace("(", r"\(").replace(")", r"\)")):
        Offset.parse(text)


@pytest.mark.parametrize("text, x, y", [
    ("0.5,-1", 0.5, -1), ("1,5", 1, 5), ("1,5;-0,5", 1.5, -0.5), ("1.5;0", 1.5, 0),
    (" -2 ; 3,25 ", -2, 3.25)])
def test_offset_takes_a_decimal_comma_after_a_semicolon(text: str, x: float, y: float) -> None:
    assert Offset.parse(text) == Offset(x, y)


@pytest.mark.parametrize("code, option, half, shown", [
    ("en", "--offset X,Y", "1.5", "+1.5, -0.5 mm"),
    ("es", "--offset X;Y", "1,5", "+1,5; -0,5 mm"),
    ("fr", "--offset X;Y", "1,5", "+1,5; -0,5 mm")])
def test_pages_1_and_2_advise_the_offset_as_the_option_reads_it(code: str, option: str,
                                                                half: str, shown: str) -> None:
    from printkit.language import language

    doc = pnp_document(DECK, A4, offset=Offset(1.5, -0.5), lang=language(code))
    first = " ".join(record(doc.pages[0]).texts())
    second = " ".join(record(doc.pages[1]).texts())
    words = re.sub(r"\s+", " ", first + " " + second)
    assert f"printkit deck {option}" in words
    assert shown in words
    assert re.search(rf"{re.escape(half)}\. ", words)  # "take the half: 1,5."
    if code != "en":  # the deck's words in the page's language
        assert "star×" not in words and "firecracker×" not in words
        assert "+1.5" not in words


def test_duplex_is_checked() -> None:
    assert parse_duplex("Short") == "short"
    with pytest.raises(PrintkitError, match="--duplex must be one of long, short, none"):
        parse_duplex("both")


def _ink_in_margin(image: Any, dpi: float) -> list[tuple[int, int]]:
    """Return the pixels that are not white within a quarter inch of the image's edges."""
    band = int(0.25 * dpi) - 1  # the pixels wholly inside the outer quarter inch
    gray = image.convert("L")
    w, h = gray.size
    found = []
    for box in ((0, 0, w, band), (0, h - band, w, h), (0, 0, band, h), (w - band, 0, w, h)):
        region = gray.crop(box)
        if region.getextrema()[0] < 250:
            found.append((box[0], box[1]))
    return found


_MARGIN_CASES = [(LETTER, "long", Offset(), None), (A4, "long", Offset(), None),
                 (LETTER, "short", Offset(5, 5), slice(2, 4)),
                 (A4, "long", Offset(-5, -5), slice(2, 4)), (LETTER, "none", Offset(), None)]


@pytest.mark.parametrize("paper, duplex, offset, pages", _MARGIN_CASES)
def test_nothing_is_printed_in_the_outer_quarter_inch(paper: Paper, duplex: str,
                                                      offset: Offset, pages: slice | None) -> None:
    from printkit.draw.png import render_image

    doc = pnp_document(DECK, paper, duplex, offset)  # type: ignore[arg-type]
    for page in doc.pages[pages or slice(None)]:
        image = render_image(page, 72, oversample=1)
        assert _ink_in_margin(image, 72) == [], page.label


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler-utils' pdftoppm is not "
                    "installed (the PNG backend's rendering above runs everywhere)")
@pytest.mark.parametrize("paper, duplex, offset, pages",
                         [(p, d, o, s or slice(0, 6)) for p, d, o, s in _MARGIN_CASES[:3]])
def test_the_printed_pdf_has_no_ink_in_the_outer_quarter_inch(
        tmp_path: Path, paper: Paper, duplex: str, offset: Offset, pages: slice | None) -> None:
    from PIL import Image

    pdf = tmp_path / "deck.pdf"
    pdf.write_bytes(pnp_document(DECK, paper, duplex, offset).pdf_bytes())  # type: ignore[arg-type]
    first, last = (pages.start + 1, pages.stop) if pages else (1, 99)
    subprocess.run(["pdftoppm", "-r", "72", "-gray", "-png", "-f", str(first), "-l", str(last),
                    str(pdf), str(tmp_path / "page")], check=True)
    images = sorted(tmp_path.glob("page*.png"))
    assert images
    for path in images:
        with Image.open(path) as image:
            assert _ink_in_margin(image, 72) == [], path.name


def test_the_alignment_scales_read_at_arms_length() -> None:
    page = pnp_document(DECK, LETTER).pages[1]
    labels = [c for c in record(page).calls
              if c.kind == "text" and re.fullmatch(r"[+-]\d|0", c.text)]
    assert sorted(c.text for c in labels) == sorted(
        [f"{v:+d}" if v else "0" for v in range(-5, 6)] * 2)
    assert all(c.size >= 9 for c in labels)
    gap = 0.8 * MM  # no two numbers closer than this, side to side or top to bottom
    for i, a in enumerate(labels):
        for b in labels[i + 1:]:
            apart_x = a.right + gap <= b.x or b.right + gap <= a.x
            apart_y = a.bottom + gap <= b.y or b.bottom + gap <= a.y
            assert apart_x or apart_y, (a.text, b.text)


def test_the_card_size_comes_from_the_printer_profile(tmp_path: Path) -> None:
    from printkit.products.deck.printers import bundled_printers, load_printer

    # poker by default, the size every bundled printer cuts
    assert (HOME_CARD.width, HOME_CARD.height) == (2.5 * 72, 3.5 * 72)
    for name in bundled_printers():
        card = load_printer(name).card
        assert (card.width, card.height) == (HOME_CARD.width, HOME_CARD.height), name
    profile = tmp_path / "euro.toml"
    profile.write_text('name = "Euro"\noutput = "pdf"\ntrim_in = [2.48, 3.46]\n'
                       'bleed_in = 0.12\nsafe_in = 0.12\n', encoding="utf-8")
    card = load_printer(str(profile)).card
    doc = pnp_document(DECK, A4, card=card)
    layout = SheetLayout(A4, card=card.with_bleed((0, 0, 0, 0)))
    # cards of 63 × 88 mm stand upright, 3 × 3, on A4 with room for the marks
    assert (layout.cols, layout.rows, layout.grid.turned) == (3, 3, False)
    assert layout.slot_width == pytest.approx(2.48 * 72)
    assert len(doc.pages) == 2 + 2 * 12
    words = " ".join(record(doc.pages[0]).texts())
    assert "Cards: 2.48 × 3.46 in (63.0 × 87.9 mm)" in words
