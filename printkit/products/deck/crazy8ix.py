"""The Crazy8ix deck, loaded as a deck like any other: a `CardDeck` the one exporter takes.

Its composition (`templates/crazy8ix/deck.toml`, or a copy of one's own: how many of each
card, the help cards' letters, the back's title) is drawn by the custom-deck engine from
the layouts beside it: `card.toml` and `cards.csv` the faces (kind, points, colours and
matches of each card) and the back that every card shares, `help.toml`, `help.csv` and
`points.csv` the 4 help cards (the facts each shows, checked against the rules by the
tests). The layouts' words in quotes are printed in the deck's language.

The deck is loaded for an export: its cards at the printer's size (poker without one),
whose safe zone the layouts keep to, and its words in the export's language.
"""

from __future__ import annotations

from functools import cache, partial

from printkit.draw import fonts
from printkit.draw.page import Page
from printkit.draw.paper import INCH, Paper
from printkit.games.crazy8ix_deck import Deck, DeckCard, HelpCard, load_deck
from printkit.language import ENGLISH, Lang
from printkit.products.cards.data import Row, Sheet, read_sheet
from printkit.products.cards.deck import Card, CardArt, CardDeck
from printkit.products.cards.engine import Drawing, Where, by_phrase, resolve_face
from printkit.products.cards.geometry import BLEED, HOME_CARD, CardBox
from printkit.products.cards.layout import Layout, read_layout
from printkit.products.deck import previews, style
from printkit.products.deck.options import DeckOptions
from printkit.products.deck.pnp import pnp_document
from printkit.products.document import Document
from printkit.resources import template_path

PREFIX = "crazy8ix"
BACK = "crazy8ix"  # the back's name in card.toml
# the first GUID of its Tabletop Simulator objects: a table saved with them finds them again
TTS_GUIDS = 0xC8E000


@cache
def face_design() -> tuple[Layout, Sheet]:
    """Return the bundled layout of the faces (and the back) and the faces' data."""
    return (read_layout(template_path("crazy8ix", "card.toml")),
            read_sheet(template_path("crazy8ix", "cards.csv")))


@cache
def help_design() -> tuple[Layout, Sheet]:
    """Return the bundled layout of the help cards and their rows, one per topic."""
    return (read_layout(template_path("crazy8ix", "help.toml")),
            read_sheet(template_path("crazy8ix", "help.csv")))


def load(composition: Deck | None = None, options: DeckOptions | None = None,
         card: CardBox | None = None) -> CardDeck:
    """Return the Crazy8ix deck of `composition` (the bundled one by default), every card
    resolved at the size and in the language `options` ask for (poker and English without),
    or at the size of `card`."""
    composition = composition or load_deck()
    options = options or DeckOptions()
    check_printable(composition)
    lang, box = options.lang, card or options.card
    _ = lang.gettext
    back = back_art(composition.back_title, box, lang)
    words = {"star": _("star"), "firecracker": _("firecracker")}
    cards = [Card(_face_row(c), face_art(c, box, lang), back, c.qty,
                  caption=words.get(c.name, c.name)) for c in composition.cards]
    count = len(composition.help_cards)
    for number, h in enumerate(composition.help_cards, start=1):
        cards.append(Card(_help_row(h.topic), help_art(h, number, count, box, lang), back, 1,
                          caption=h.title, apart=True))
    title = _("{game} deck").format(game=_("Crazy8ix"))
    layout, sheet = face_design()
    bleed = BLEED if options.printer is None else options.printer.bleed_in * INCH
    return CardDeck(composition.back_title, PREFIX, layout, sheet, tuple(cards), box, bleed,
                    _("Crazy8ix"),
                    f"{title}, {options.paper.id}" if options.paper is not None else title,
                    # its 33 designs are drawn afresh (a printer's whole export: 0.8 s of CPU),
                    # so it keeps no cache in the output folder
                    f"{PREFIX}-deck", lang, cached=False, tts_guids=TTS_GUIDS,
                    pictures=partial(_pictures, composition))


def print_and_play(paper: Paper, lang: Lang = ENGLISH) -> Document:
    """Return the bundled deck's print-and-play PDF on `paper`, as a game night's kit has it."""
    return pnp_document(load(options=DeckOptions(paper=paper, lang=lang)), paper, lang=lang)


def face_art(card: DeckCard, box: CardBox, lang: Lang) -> CardArt:
    """Return a deck card's face: a big letter in its medallion, an index in two opposite
    corners, the 7 letters a letter card matches."""
    row = _face_row(card)
    layout, sheet = face_design()
    drawing = _resolve(layout, row.mapping, Where(sheet.source, row.number, layout.source), box,
                       lang)
    return CardArt("face", card.name, card.name, drawing, outline=style.family(card).ink)


def help_art(card: HelpCard, number: int, count: int, box: CardBox, lang: Lang) -> CardArt:
    """Return help card `card`, the `number`-th of `count`: a dark title band with its
    letter and heading, one topic (the facts it shows), a footer."""
    row = _help_row(card.topic)
    fields = {**row.mapping, "title": card.title, "number": str(number), "count": str(count),
              "game": lang.gettext("Crazy8ix")}
    layout, sheet = help_design()
    plain = card.title.isascii() and card.title.isalnum()
    return CardArt("face", f"help card {card.title}",
                   f"help-{card.title}" if plain else f"help-{number}",
                   _resolve(layout, fields, Where(sheet.source, row.number, layout.source), box,
                            lang),
                   outline=style.HELP.ink)


def back_art(title: str, box: CardBox, lang: Lang) -> CardArt:
    """Return the back every card shares, the same either way up, with the deck's title (its
    composition's) in its language (AMÉRIX in French).

    `card.toml`'s `[backs.crazy8ix]` lays it out: each element of the top half is drawn
    again turned half a circle about the card's centre, and the middle (a ring of 26 dots
    round an 8-pointed star) is symmetric on its own, so a dealt card never shows which way
    up its face is.
    """
    layout, _sheet = face_design()
    drawing = resolve_face(layout, layout.back_face(BACK),
                           {"title": lang.gettext(title)},
                           Where(layout.source, 0, layout.source),
                           card=(box.width, box.height, box.safe))
    return CardArt("back", "back", "back", drawing, outline=style.BACK.ink)


def check_printable(composition: Deck) -> None:
    """Raise a PrintkitError if a title in the composition has a character the font lacks."""
    fonts.check_printable(composition.back_title, f"{composition.source}: the [back] title",
                          fonts.BLACK)
    for h in composition.help_cards:
        fonts.check_printable(h.title, f"{composition.source}: the help card title",
                              fonts.BLACK)


def _resolve(layout: Layout, fields: dict[str, str], where: Where, box: CardBox,
             lang: Lang) -> Drawing:
    return resolve_face(layout, layout.face, fields, where, by_phrase(lang.gettext),
                        (box.width, box.height, box.safe))


def _face_row(card: DeckCard) -> Row:
    _layout, sheet = face_design()
    row = next((r for r in sheet.rows if r.get("name") == card.name), None)
    if row is None:
        raise KeyError(f"{sheet.source} has no row for the card {card.name!r}")
    return row


def _help_row(topic: str) -> Row:
    _layout, sheet = help_design()
    row = next((r for r in sheet.rows if r.get("topic") == topic), None)
    if row is None:
        raise KeyError(f"{sheet.source} has no row for the topic {topic!r}")
    return row


def _pictures(composition: Deck, deck: CardDeck, lang: Lang) -> list[tuple[str, Page, float]]:
    """Return the deck's pictures, a contact sheet and a fanned hand, drawn as cut poker
    cards whatever size the export prints."""
    home = (deck if deck.box == HOME_CARD and deck.lang == lang
            else load(composition, DeckOptions(lang=lang)))
    return previews.crazy8ix_pictures(home, composition, lang)
