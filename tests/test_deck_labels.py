"""Nothing a deck's print-and-play PDF or pictures print is cut short: decks with titles up
to 60 characters, on Letter and A4, every duplex mode and offsets across --offset's range,
read back as drawn (every text in the page's own space)."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from printkit.draw.paper import A4, LETTER, Paper
from printkit.draw.recording import record
from printkit.language import language
from printkit.products.cards.data import sheet_from_rows
from printkit.products.cards.deck import CardDeck, make_deck
from printkit.products.cards.layout import parse_layout
from printkit.products.deck import crazy8ix
from printkit.products.deck.options import DeckOptions
from printkit.products.deck.pnp import pnp_document
from printkit.products.deck.previews import contact_sheet
from printkit.products.deck.sheet_layout import CLEAR, Offset

TITLES = [
    "Ember Tactics Deluxe",
    "Ember Tactics Deluxe: Ashes of the Coast",
    "The Extraordinarily Long-Winded Chronicles of the Amber Isle",   # 60 characters
    "Wwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwww",  # one word of 60
]
OFFSETS = [Offset(x, y) for x in (-5, -1, 0, 0.5, 5) for y in (-5, -1, 0, 2.5, 5)]
CUT = re.compile(r"…|\.\.\.")


@cache
def titled(title: str, cards: int = 30, size: str = "poker") -> CardDeck:
    assert len(title) <= 60
    layout = parse_layout({
        "card": {"title": title, "size": size, "back": "plain"},
        "elements": {"name": {"kind": "text", "text": "{name}", "x": "safe", "y": "safe",
                              "width": "100% - 2safe", "height": "10mm", "fit": "shrink"}},
        "backs": {"plain": {"background": "#203040"}},
    }, "card.toml", Path("."))
    rows = [["name", "copies"]] + [[f"Card number {i}", str(1 + i % 3)] for i in range(cards)]
    return make_deck(layout, sheet_from_rows(rows, "cards.csv"))


def texts_out_of_place(deck: CardDeck, paper: Paper, duplex: str, offset: Offset,
                       code: str = "en") -> list[str]:
    """Return each text the print-and-play PDF prints cut short, or past the edge no home
    printer reaches."""
    bad = []
    doc = pnp_document(deck, paper, duplex, offset, language(code))  # type: ignore[arg-type]
    for number, page in enumerate(doc.pages, start=1):
        for call in record(page).calls:
            if call.kind != "text":
                continue
            if CUT.search(call.text):
                bad.append(f"page {number}: cut: {call.text!r}")
            if (call.x < CLEAR - 0.5 or call.y < CLEAR - 0.5 or call.right > paper.width - CLEAR
                    + 0.5 or call.bottom > paper.height - CLEAR + 0.5):
                bad.append(f"page {number}: past the edge: {call.text!r} at {call}")
    return bad


@pytest.mark.parametrize("title", TITLES)
def test_no_label_is_cut_whatever_the_title_paper_duplex_and_offset(title: str) -> None:
    deck = titled(title)
    bad = {}
    for paper in (LETTER, A4):
        for duplex in ("long", "short", "none"):
            for offset in OFFSETS if duplex != "none" else [Offset()]:
                found = texts_out_of_place(deck, paper, duplex, offset)
                if found:
                    bad[(paper.id, duplex, str(offset))] = found[:3]
    assert bad == {}


@pytest.mark.parametrize("size", ["bridge", "tarot", "mini", "square"])
@pytest.mark.parametrize("code", ["en", "es", "fr"])
def test_no_label_is_cut_on_any_card_size_or_language(size: str, code: str) -> None:
    deck = titled(TITLES[2], size=size)
    for paper in (LETTER, A4):
        assert texts_out_of_place(deck, paper, "long", Offset(0.5, -1), code) == []


def side_labels(deck: CardDeck, paper: Paper) -> list[str]:
    """Return each sheet's side label, its lines joined, as the left margin prints them."""
    doc = pnp_document(deck, paper, "long", Offset(0.5, -1))
    labels = []
    for page in doc.pages[2:]:
        left = [c for c in record(page).calls if c.kind == "text" and c.x < 72]
        # read up the margin, from the bottom
        labels.append(" / ".join(c.text for c in sorted(left, key=lambda c: -c.y)))
    return labels


def test_a_long_title_takes_the_rows_round_the_middle_and_keeps_every_number() -> None:
    """The issue's deck printed "· fronts of cards 9-1…": now fewer words, or the title on
    lines of its own, beside rows of their own."""
    labels = side_labels(titled("Ember Tactics Deluxe"), LETTER)
    assert labels[2] == "Ember Tactics Deluxe · fronts 9-16 of 60"
    assert labels[3] == "Ember Tactics Deluxe · backs 9-16 of 60"
    long = side_labels(titled(TITLES[2]), LETTER)
    assert long[2] == ("The Extraordinarily Long-Winded Chronicles / of the Amber Isle / "
                       "fronts of cards 9-16 of 60")
    word = side_labels(titled(TITLES[3]), A4)
    assert word[0].endswith(" / fronts of cards 1-8 of 60") and "-" in word[0]
    assert word[0].replace("- / ", "").startswith(TITLES[3])  # broken inside, never cut


def test_a_short_title_keeps_one_line() -> None:
    assert side_labels(titled("Ember"), LETTER)[0] == "Ember · fronts of cards 1-8 of 60"


def listing(doc_pages: object) -> str:
    page = doc_pages[0]  # type: ignore[index]
    return " ".join(c.text for c in record(page).calls if c.kind == "text" and "×" in c.text)


@pytest.mark.parametrize("offset", [Offset(), Offset(0.5, -1), Offset(-5, 5)])
@pytest.mark.parametrize("code", ["en", "es", "fr"])
def test_the_built_in_decks_page_1_lists_every_card_with_any_offset(offset: Offset,
                                                                     code: str) -> None:
    """`deck --offset 0.5,-1` printed "… and 7 more": the listing shrinks instead."""
    lang = language(code)
    deck = crazy8ix.load(options=DeckOptions(paper=LETTER, lang=lang))
    listed = listing(pnp_document(deck, LETTER, "long", offset, lang).pages)
    for card in deck.cards:
        if not card.apart:
            assert f"{card.called}×{card.copies}".replace(" ", "\u00a0") in listed
    assert not CUT.search(listed) and "more" not in listed


def test_a_deck_too_long_to_list_says_how_many_cards_instead() -> None:
    deck = titled("Ember", cards=300)
    page = pnp_document(deck, LETTER, "long").pages[0]
    said = " ".join(c.text for c in record(page).calls if c.kind == "text")
    assert "300 different cards, 600 in all: too many to list here" in said
    assert "Card number 1×" not in said and not CUT.search(said)


@pytest.mark.parametrize("title", TITLES)
def test_the_contact_sheet_cuts_no_title_or_name(title: str) -> None:
    rows = [["name"], ["A card whose name runs on and on past its width"], ["B"]]
    deck = make_deck(titled(title).layout, sheet_from_rows(rows, "cards.csv"))
    texts = [c.text for c in record(contact_sheet(deck)).calls if c.kind == "text"]
    assert not [t for t in texts if CUT.search(t)]
    assert title in texts
