"""The card back every card shares: the same either way up, drawn from templates/crazy8ix/.

`card.toml`'s `[backs.crazy8ix]` lays it out: each element of the top half is drawn again
turned half a circle about the card's centre, and the middle (a ring of 26 dots round an
8-pointed star) is symmetric on its own, so a dealt card never shows which way up its
face is. The title is the deck's, in the deck's language, in capitals.
"""

from __future__ import annotations

from printkit.draw.canvas import Canvas
from printkit.products.cards.engine import Where, paint, resolve_face
from printkit.products.deck.faces import face_design
from printkit.products.deck.geometry import CardBox

BACK = "crazy8ix"  # the back's name in the layout


def draw_back(canvas: Canvas, title: str, box: CardBox) -> None:
    """Draw the back but its background in `box`, with `title` written once each way up."""
    layout, _sheet = face_design()
    drawing = resolve_face(layout, layout.back_face(BACK), {"title": title},
                           Where(layout.source, 0, layout.source),
                           card=(box.width, box.height, box.safe))
    paint(canvas, drawing)
