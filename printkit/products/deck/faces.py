"""The deck cards' faces, drawn by the custom-deck engine from templates/crazy8ix/.

`card.toml` lays a face out (a big letter in its medallion, an index in two opposite
corners, the 7 letters a letter card matches), `cards.csv` gives each card's kind,
points, colours and matches; the deck's composition (how many of each) stays in
deck.toml. The layout's words are printed in the deck's language.
"""

from __future__ import annotations

from functools import cache

from printkit.draw.canvas import Canvas
from printkit.games.crazy8ix_deck import DeckCard
from printkit.language import ENGLISH, Lang
from printkit.products.cards.data import Sheet, read_sheet
from printkit.products.cards.engine import Where, by_phrase, paint, resolve_face
from printkit.products.cards.layout import Layout, read_layout
from printkit.products.deck.geometry import CardBox
from printkit.resources import template_path


@cache
def face_design() -> tuple[Layout, Sheet]:
    """Return the bundled layout of the faces and their data."""
    return (read_layout(template_path("crazy8ix", "card.toml")),
            read_sheet(template_path("crazy8ix", "cards.csv")))


def draw_face(canvas: Canvas, card: DeckCard, box: CardBox, lang: Lang = ENGLISH) -> None:
    """Draw a deck card's face but its background (trim top-left at 0, 0), whatever the bleed."""
    layout, sheet = face_design()
    row = next((r for r in sheet.rows if r.get("name") == card.name), None)
    if row is None:
        raise KeyError(f"{sheet.source} has no row for the card {card.name!r}")
    drawing = resolve_face(layout, layout.face, row.mapping,
                           Where(sheet.source, row.number, layout.source),
                           by_phrase(lang.gettext), (box.width, box.height, box.safe))
    paint(canvas, drawing)
