"""A custom deck's contact sheet: every distinct card once, as cut, with how many print it."""

from __future__ import annotations

import math

from printkit.draw import fonts
from printkit.draw.canvas import Canvas
from printkit.draw.color import GREY, INK
from printkit.draw.page import Page
from printkit.draw.text import fit
from printkit.products.cards.deck import CustomDeck
from printkit.products.deck.geometry import CUT_CORNER
from printkit.products.deck.previews import TABLE, card_on_table

_COLS = 8


def contact_sheet(deck: CustomDeck) -> Page:
    """Return a page of every distinct front and back, each labelled with its count."""
    arts = deck.distinct_fronts() + deck.distinct_backs()
    card = deck.box.rounded(CUT_CORNER)
    cols = min(_COLS, len(arts))
    margin, gap, label_h, head = 28.0, 16.0, 18.0, 58.0
    rows = math.ceil(len(arts) / cols)
    width = max(2 * margin + cols * card.width + (cols - 1) * gap, 420)
    height = head + margin + rows * (card.height + label_h + gap)

    def draw(canvas: Canvas) -> None:
        canvas.rect(0, 0, width, height, stroke=None, fill=TABLE)
        title = fit(deck.title, fonts.BLACK, 22, width - 2 * margin)
        canvas.text(margin, margin + 16, title.text, font=fonts.BLACK, size=title.size,
                    color=INK)
        canvas.text(margin, margin + 34, f"{deck.total} cards, {len(arts)} designs · every "
                    "design once, with how many the deck holds", font=fonts.REGULAR, size=11,
                    color=GREY)
        for i, (art, count) in enumerate(arts):
            col, row = i % cols, i // cols
            x = margin + col * (card.width + gap)
            y = head + margin + row * (card.height + label_h + gap)
            card_on_table(canvas, art, card, x, y)
            label = fit(f"{art.label} × {count}", fonts.BOLD, 11, card.width)
            canvas.text(x + card.width / 2, y + card.height + 14, label.text, font=fonts.BOLD,
                        size=label.size, color=INK, align="center")

    return Page(width, height, draw, "contact sheet")
