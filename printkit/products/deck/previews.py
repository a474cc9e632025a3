"""Pictures of a deck for a quick look or a shop page: a contact sheet, a fanned hand.

They show the cards as they look once cut (corners rounded, no bleed), drawn through the
same canvas as the printed cards. The Crazy8ix deck shows every card once with how many the
deck holds, and seven cards fanned as they are held, in the deck's language; a deck of
one's own shows every design once with how many print it, its first seven cards fanned
(and, from the PNG cache, a picture of each card alone: see `export`).
"""

from __future__ import annotations

import math

from printkit.draw import fonts
from printkit.draw.canvas import Canvas
from printkit.draw.color import GREY, INK, Color
from printkit.draw.page import Page
from printkit.draw.text import fit, fit_lines
from printkit.games.crazy8ix_deck import Deck
from printkit.language import Lang
from printkit.products.cards import icons
from printkit.products.cards.deck import CardArt, CardDeck
from printkit.products.cards.geometry import CUT_CORNER, HOME_CARD, CardBox, Design

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


def pictures(deck: CardDeck, lang: Lang) -> list[tuple[str, Page, float]]:
    """Return a deck's pictures, by name, with their resolutions: its own, or a contact
    sheet of every design."""
    if deck.pictures is not None:
        return deck.pictures(deck, lang)
    return [("contact-sheet", contact_sheet(deck), CONTACT_DPI),
            ("hand", fanned_hand(own_hand(deck), deck.box), HAND_DPI)]


def own_hand(deck: CardDeck, count: int = 7) -> list[CardArt]:
    """Return the cards of a deck of one's own's hand: its first distinct fronts, in the
    data's order, up to seven."""
    return [art for art, _n in deck.distinct_fronts()[:count]]


def render_picture(job: tuple[CardDeck, Lang, int]) -> bytes:
    """Return a deck's picture number `index` as PNG bytes (run in a worker process)."""
    from printkit.draw import png  # Pillow only where pixels are made

    deck, lang, index = job
    _name, page, dpi = pictures(deck, lang)[index]
    return png.render(page, dpi, oversample=2)


def _sheet(title: str, line: str, labelled: list[tuple[CardArt, str]], card: CardBox,
           cols: int, min_width: float = 0.0) -> Page:
    """Return a page of cut cards on the table, each with its label, under a title and a line."""
    margin, gap, label_h, head = 28.0, 16.0, 30.0, 58.0
    rows = math.ceil(len(labelled) / cols)
    width = max(2 * margin + cols * card.width + (cols - 1) * gap, min_width)
    height = head + margin + rows * (card.height + label_h + gap)

    def draw(canvas: Canvas) -> None:
        canvas.rect(0, 0, width, height, stroke=None, fill=TABLE)
        shown = fit(title, fonts.BLACK, 22, width - 2 * margin)
        canvas.text(margin, margin + 16, shown.text, font=fonts.BLACK, size=shown.size,
                    color=INK)
        canvas.text(margin, margin + 34, line, font=fonts.REGULAR, size=11, color=GREY)
        for i, (art, label) in enumerate(labelled):
            col, row = i % cols, i // cols
            x = margin + col * (card.width + gap)
            y = head + margin + row * (card.height + label_h + gap)
            card_on_table(canvas, art, card, x, y)
            # a long name takes a second line, and a third, before it would be cut
            said = fit_lines(label, fonts.BOLD, 11, card.width, label_h, min_size=7,
                             max_lines=3)
            for i, words in enumerate(said.lines):
                canvas.text(x + card.width / 2, y + card.height + 14 + i * said.size * 1.1,
                            words, font=fonts.BOLD, size=said.size, color=INK, align="center")

    return Page(width, height, draw, "contact sheet")


def contact_sheet(deck: CardDeck) -> Page:
    """Return a page of every distinct front and back of a deck of one's own, each labelled
    with how many print it."""
    arts = deck.distinct_fronts() + deck.distinct_backs()
    return _sheet(deck.title, f"{deck.total} cards, {len(arts)} designs · every design once, "
                  "with how many the deck holds",
                  [(art, f"{art.label} × {count}") for art, count in arts],
                  deck.box.rounded(CUT_CORNER), min(_COLS, len(arts)), 420)


def crazy8ix_pictures(deck: CardDeck, composition: Deck, lang: Lang
                      ) -> list[tuple[str, Page, float]]:
    """Return the Crazy8ix deck's pictures: every card once, and a fanned hand."""
    return [("contact-sheet", crazy8ix_contact_sheet(deck, composition, lang), CONTACT_DPI),
            ("hand", fanned_hand(hand_cards(deck, composition), HOME_CARD), HAND_DPI)]


def crazy8ix_contact_sheet(deck: CardDeck, composition: Deck, lang: Lang) -> Page:
    """Return a page showing every distinct card once, each with how many the deck holds."""
    labelled = [(card.front, card.front.label if card.apart
                 else f"{card.front.label} × {card.copies}") for card in deck.cards]
    back = deck.cards[0].back
    assert back is not None  # every Crazy8ix card has the deck's back
    labelled.append((back, back.label))
    line = lang.gettext("{cards} cards and {help} help cards · every card once, with how many "
                        "the deck holds").format(cards=composition.total,
                                                 help=len(composition.help_cards))
    return _sheet(lang.gettext("Crazy8ix"), line, labelled, HOME_CARD.rounded(CUT_CORNER),
                  _COLS)


def hand_cards(deck: CardDeck, composition: Deck) -> list[CardArt]:
    """Return the seven cards of the fanned hand, taken from those the deck holds."""
    names = [c.name for c in composition.cards]
    chosen = [n for n in _HAND if n in names]
    chosen += [n for n in names if n not in chosen]
    chosen = chosen[:7]
    while len(chosen) < 7:  # a deck of fewer than 7 distinct cards repeats them
        chosen.append(names[len(chosen) % len(names)])
    order = {n: i for i, n in enumerate(names)}
    faces = {card.front.label: card.front for card in deck.cards if not card.apart}
    return [faces[n] for n in sorted(chosen, key=order.__getitem__)]


def fanned_hand(arts: list[CardArt], box: CardBox) -> Page:
    """Return a page showing cards fanned as they are held."""
    card = box.rounded(CUT_CORNER)
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
