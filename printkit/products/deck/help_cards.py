"""The 4 help cards, laid out on the table, drawn by the custom-deck engine.

In templates/crazy8ix/, `help.toml` lays them out (a dark title band with the card's
letter and heading, one topic, a footer), `help.csv` gives each topic's row (the facts it
shows, from the rules and checked against them by the tests) and `points.csv` the points
table. The deck's composition (deck.toml) gives each help card its letter and its place;
the layout's words are printed in the deck's language.
"""

from __future__ import annotations

from functools import cache

from printkit.draw.canvas import Canvas
from printkit.games.crazy8ix_deck import HelpCard
from printkit.language import ENGLISH, Lang
from printkit.products.cards.data import Sheet, read_sheet
from printkit.products.cards.engine import Where, by_phrase, paint, resolve_face
from printkit.products.cards.layout import Layout, read_layout
from printkit.products.deck.geometry import CardBox
from printkit.resources import template_path


@cache
def help_design() -> tuple[Layout, Sheet]:
    """Return the bundled layout of the help cards and their rows, one per topic."""
    return (read_layout(template_path("crazy8ix", "help.toml")),
            read_sheet(template_path("crazy8ix", "help.csv")))


def draw_help(canvas: Canvas, card: HelpCard, box: CardBox, count: int = 4,
              number: int = 1, lang: Lang = ENGLISH) -> None:
    """Draw help card `card` (the `number`-th of `count`) but its background, in `box`."""
    layout, sheet = help_design()
    row = next((r for r in sheet.rows if r.get("topic") == card.topic), None)
    if row is None:
        raise KeyError(f"{sheet.source} has no row for the topic {card.topic!r}")
    fields = {**row.mapping, "title": card.title, "number": str(number), "count": str(count),
              "game": lang.gettext("Crazy8ix")}
    drawing = resolve_face(layout, layout.face, fields,
                           Where(sheet.source, row.number, layout.source),
                           by_phrase(lang.gettext), (box.width, box.height, box.safe))
    paint(canvas, drawing)
