"""The card designs, read from a recording of their drawing calls (and, for the back, pixels)."""

from __future__ import annotations

import io
from functools import cache

import pytest
from PIL import Image, ImageChops, ImageFilter, ImageStat

from printkit.draw import fonts, png
from printkit.draw.color import WHITE, Color
from printkit.draw.paper import INCH
from printkit.draw.recording import Call, RecordingCanvas, record
from printkit.games.crazy8ix_deck import DeckCard
from printkit.language import ENGLISH
from printkit.products.cards.deck import CardArt
from printkit.products.cards.geometry import BLEED, HOME_CARD, CardBox
from printkit.products.deck import crazy8ix, style
from printkit.products.deck.printers import load_printer

BOXES = [HOME_CARD.with_bleed((BLEED,) * 4)] + [load_printer(p).card
                                                for p in ("tgc", "mpc", "drivethrucards")]
# the smallest card and widest safe zone a printer profile may ask for
BOXES.append(CardBox.with_uniform_bleed(2.4 * INCH, 3.4 * INCH, 0.125 * INCH, 0.1875 * INCH))


@cache
def designs(box: CardBox) -> list[CardArt]:
    """Return every distinct design of the deck, drawn for a card of this size."""
    return crazy8ix.load(card=box.with_bleed((0.0,) * 4)).designs()


ARTS = designs(HOME_CARD)


def face(name: str) -> CardArt:
    return crazy8ix.face_art(DeckCard(name), HOME_CARD, ENGLISH)


def back() -> CardArt:
    return crazy8ix.back_art("Crazy8ix", HOME_CARD, ENGLISH)


def fill(art: CardArt) -> Color:
    assert art.drawing.background is not None
    return art.drawing.background


def recorded(art: CardArt, box: CardBox) -> list[Call]:
    """Return the calls of one card drawn with its trim at (0, 0), the background left out."""
    canvas = RecordingCanvas(box.width, box.height)
    art.draw(canvas, box)
    return canvas.calls[1:]  # the first call is the background, out to the bleed


def test_every_distinct_card_is_there() -> None:
    slugs = [a.slug for a in ARTS]
    assert len(ARTS) == 26 + 2 + 4 + 1
    assert slugs[:3] == ["A", "B", "C"]
    assert slugs[-5:] == ["help-A", "help-B", "help-C", "help-D", "back"]


@pytest.mark.parametrize("box", BOXES, ids=["home", "tgc", "mpc", "drivethrucards", "tightest"])
@pytest.mark.parametrize("index", range(len(ARTS)), ids=[a.slug for a in ARTS])
def test_everything_but_the_background_is_in_the_safe_zone(index: int, box: CardBox) -> None:
    art = designs(box)[index]
    s = box.safe
    for call in recorded(art, box):
        assert call.x >= s - 0.6 and call.right <= box.width - s + 0.6, (art.slug, str(call))
        assert call.y >= s - 0.6 and call.bottom <= box.height - s + 0.6, (art.slug, str(call))


@pytest.mark.parametrize("art", ARTS, ids=lambda a: a.slug)
def test_nothing_is_printed_under_8_points(art: CardArt) -> None:
    sizes = [c.size for c in recorded(art, HOME_CARD) if c.kind == "text"]
    assert sizes and min(sizes) >= 8.0


def test_background_runs_into_the_bleed() -> None:
    box = HOME_CARD.with_bleed((BLEED,) * 4)
    canvas = RecordingCanvas(box.width, box.height)
    ARTS[0].draw(canvas, box)
    first = canvas.calls[0]
    assert first.kind == "rect" and first.fill
    assert (first.x, first.y) == (round(-BLEED, 2), round(-BLEED, 2))
    assert first.w == round(box.width + 2 * BLEED, 2)


@pytest.mark.parametrize("family", style.FAMILIES, ids=lambda f: f.name)
def test_text_colours_reach_4_5_to_1(family: style.Family) -> None:
    for what, ratio in family.contrasts.items():
        assert ratio >= 4.5, (family.name, what, ratio)


def test_every_text_colour_on_a_card_reaches_4_5_to_1() -> None:
    """Text sits on the card's fill or on a white panel: its colour must read on both."""
    for art in ARTS:
        for call in recorded(art, HOME_CARD):
            if call.kind == "text" and call.color != str(WHITE):
                color = Color.hex(call.color)
                assert color.contrast(fill(art)) >= 4.5, (art.slug, call.text)
                assert color.contrast(WHITE) >= 4.5, (art.slug, call.text)


def _corner_marks(art_name: str) -> list[Call]:
    calls = recorded(face(art_name), HOME_CARD)
    w, h = HOME_CARD.width, HOME_CARD.height
    return [c for c in calls if c.kind == "polygon" and c.fill == str(style.VOWEL.main)
            and (c.right < 45 or c.x > w - 45) and (c.bottom < 75 or c.y > h - 75)]


def test_vowels_carry_a_symbol_in_both_corners() -> None:
    for vowel in "AEIOUY":
        assert len(_corner_marks(vowel)) == 2, vowel
    for consonant in "BKWXZ":
        assert _corner_marks(consonant) == [], consonant


def test_indexes_sit_in_two_opposite_corners() -> None:
    w, h = HOME_CARD.width, HOME_CARD.height
    texts = [c for c in recorded(face("Q"), HOME_CARD)
             if c.kind == "text" and c.text == "Q" and 20 < c.size < 40]
    assert len(texts) == 2
    top_left, bottom_right = sorted(texts, key=lambda c: c.y)
    assert top_left.x < w / 4 and top_left.y < h / 4
    assert bottom_right.right > 3 * w / 4 and bottom_right.bottom > 3 * h / 4


def test_letter_cards_show_the_letters_they_match() -> None:
    texts = [c.text for c in recorded(face("X"), HOME_CARD) if c.kind == "text"]
    for letter in "UVWXYZA":
        assert letter in texts
    assert any("reverses" in t for t in texts)


def test_the_back_is_the_same_either_way_up() -> None:
    """Every call of the back has a twin where the card turned half a circle puts it."""
    box = HOME_CARD
    calls = recorded(back(), box)
    unmatched = list(calls)
    for c in calls:
        x, y = box.width - c.x - c.w, box.height - c.y - c.h
        twin = next((t for t in unmatched if t.kind == c.kind and t.text == c.text
                     and abs(t.x - x) < 0.15 and abs(t.y - y) < 0.15
                     and abs(t.w - c.w) < 0.15 and abs(t.h - c.h) < 0.15), None)
        assert twin is not None, f"no twin for {c}"
        unmatched.remove(twin)
    assert unmatched == []


def test_the_back_looks_the_same_turned_round_in_pixels() -> None:
    card = load_printer("tgc").card  # 2.75 × 3.75 in: whole pixels at 80 DPI
    page = crazy8ix.back_art("Crazy8ix", card.with_bleed((0.0,) * 4), ENGLISH).page(card)
    # a slight blur forgives rasterising (a face turned round differs by 15 or more)
    image = Image.open(io.BytesIO(png.render(page, 80))).convert("L")
    image = image.filter(ImageFilter.GaussianBlur(2))
    diff = ImageStat.Stat(ImageChops.difference(image, image.rotate(180))).mean[0]
    assert diff < 3.0, diff


def test_help_card_text_is_printable_with_the_bundled_font() -> None:
    for art in ARTS:
        for call in recorded(art, HOME_CARD):
            if call.kind == "text":
                font = next(f for f in fonts.ALL_FONTS if f.name == call.font)
                assert fonts.missing_characters(call.text, font) == [], (art.slug, call.text)


def test_help_cards_name_their_topics() -> None:
    texts = {a.label.removeprefix("help card "): " ".join(
        c.text for c in recorded(a, HOME_CARD) if c.kind == "text")
        for a in ARTS if a.slug.startswith("help-")}
    assert "Which letters match" in texts["A"] and "U V W X Y Z A" in texts["A"]
    assert "Vowels" in texts["B"] and "Y" in texts["B"]
    for word in ("Star", "Firecracker", "X"):
        assert word in texts["C"]
    for points in ("70", "50", "20", "10", "5", "300"):
        assert points in texts["D"]


def test_a_page_per_card_is_the_card_with_its_bleed() -> None:
    card = load_printer("tgc").card
    page = designs(card)[0].page(card)
    assert (page.width, page.height) == (198.0, 270.0)  # 2.75 × 3.75 in
    assert record(page).calls[0].x == 0.0
