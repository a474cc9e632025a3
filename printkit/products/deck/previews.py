"""Pictures of the deck for a quick look or a shop page: a contact sheet and a fanned hand.

Both show the cards as they look once cut (corners rounded, no bleed), drawn through the
same canvas as the printed cards.
"""

from __future__ import annotations

import math

from printkit.draw import fonts
from printkit.draw.canvas import Canvas
from printkit.draw.color import GREY, INK, Color
from printkit.draw.page import Page
from printkit.games.crazy8ix_deck import Deck
from printkit.language import ENGLISH, Lang
from printkit.products.deck import icons
from printkit.products.deck.art import Art, distinct_arts, face_art
from printkit.products.deck.geometry import CUT_CORNER, HOME_CARD, CardBox, Design

CONTACT_DPI = 96
HAND_DPI = 150
TABLE = Color.hex("#e8e6df")
_SHADOW = Color.hex("#c9c6bd")
# a hand that shows every kind of card: consonant, vowel, reverse, 70 and 50 points, specials
_HAND = ("A", "C", "X", "Y", "Z", "star", "firecracker")
_COLS = 8


def card_on_table(canvas: Canvas, design: Design, card: CardBox, x: float, y: float) -> None:
    """Draw a design as a cut card lying on the table at (x, y), with its shadow."""
    canvas.polygon(icons.rounded_rect_points(x + 2, y + 3, card.width, card.height, CUT_CORNER),
                   stroke=None, fill=_SHADOW)
    with canvas.translated(x, y):
        design.draw(canvas, card)


def _count_label(deck: Deck, art: Art) -> str:
    if art.kind == "face":
        return f"{art.name} × {deck.card(art.name).qty}"
    return art.label


def contact_sheet(deck: Deck, lang: Lang = ENGLISH) -> Page:
    """Return a page showing every distinct card once, each with how many the deck holds."""
    arts = distinct_arts(deck, lang)
    card = HOME_CARD.rounded(CUT_CORNER)
    margin, gap, label_h, head = 28.0, 16.0, 18.0, 58.0
    rows = math.ceil(len(arts) / _COLS)
    width = 2 * margin + _COLS * card.width + (_COLS - 1) * gap
    height = head + margin + rows * (card.height + label_h + gap)

    def draw(canvas: Canvas) -> None:
        canvas.rect(0, 0, width, height, stroke=None, fill=TABLE)
        canvas.text(margin, margin + 16, lang.gettext("Crazy8ix"), font=fonts.BLACK, size=22,
                    color=INK)
        canvas.text(margin, margin + 34, lang.gettext(
            "{cards} cards and {help} help cards · every card once, with how many the deck "
            "holds").format(cards=deck.total, help=len(deck.help_cards)), font=fonts.REGULAR,
            size=11, color=GREY)
        for i, art in enumerate(arts):
            col, row = i % _COLS, i // _COLS
            x = margin + col * (card.width + gap)
            y = head + margin + row * (card.height + label_h + gap)
            card_on_table(canvas, art, card, x, y)
            canvas.text(x + card.width / 2, y + card.height + 14, _count_label(deck, art),
                        font=fonts.BOLD, size=11, color=INK, align="center")

    return Page(width, height, draw, "contact sheet")


def hand_cards(deck: Deck, lang: Lang = ENGLISH) -> list[Art]:
    """Return the seven cards of the fanned hand, taken from those the deck holds."""
    names = [c.name for c in deck.cards]
    chosen = [n for n in _HAND if n in names]
    chosen += [n for n in names if n not in chosen]
    chosen = chosen[:7]
    while len(chosen) < 7:  # a deck of fewer than 7 distinct cards repeats them
        chosen.append(names[len(chosen) % len(names)])
    order = {n: i for i, n in enumerate(names)}
    return [face_art(deck.card(n), lang) for n in sorted(chosen, key=order.__getitem__)]


def fanned_hand(deck: Deck, lang: Lang = ENGLISH) -> Page:
    """Return a page showing seven cards fanned as they are held."""
    arts = hand_cards(deck, lang)
    card = HOME_CARD.rounded(CUT_CORNER)
    spread = 9.0   # degrees between two cards
    reach = 230.0  # from the pivot (the holding hand) to a card's bottom edge
    margin = 36.0
    angles = [(i - (len(arts) - 1) / 2) * spread for i in range(len(arts))]
    # the fan's extent, from the corners of every turned card around the pivot at (0, 0)
    corners = [(-card.width / 2, -reach - card.height), (card.width / 2, -reach - card.height),
               (-card.width / 2, -reach), (card.width / 2, -reach)]
    xs, ys = [], []
    for angle in angles:
        rad = math.radians(angle)
        for cx, cy in corners:
            xs.append(cx * math.cos(rad) - cy * math.sin(rad))
            ys.append(cx * math.sin(rad) + cy * math.cos(rad))
    width = max(xs) - min(xs) + 2 * margin
    height = max(ys) - min(ys) + 2 * margin
    px, py = margin - min(xs), margin - min(ys)

    def draw(canvas: Canvas) -> None:
        canvas.rect(0, 0, width, height, stroke=None, fill=TABLE)
        for angle, art in zip(angles, arts):
            with canvas.translated(px, py, angle):
                x, y = -card.width / 2, -reach - card.height
                card_on_table(canvas, art, card, x, y)

    return Page(width, height, draw, "fanned hand")


PREVIEWS = {"contact-sheet": (contact_sheet, CONTACT_DPI), "hand": (fanned_hand, HAND_DPI)}


def render_preview(job: tuple[str, Deck, Lang]) -> bytes:
    """Return one preview as PNG bytes (run in a worker process)."""
    from printkit.draw import png  # Pillow only where pixels are made

    name, deck, lang = job
    make, dpi = PREVIEWS[name]
    return png.render(make(deck, lang), dpi, oversample=2)
