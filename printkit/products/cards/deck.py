"""A deck of cards: every row of the data resolved through the layout into its front and back.

A deck of one's own is loaded here (`load_deck`: a CSV or XLSX and a layout file), the
built-in Crazy8ix deck by `printkit.products.deck.crazy8ix` from its templates, into the
same `CardDeck`, which every export format takes. Loading resolves every card, so a problem
anywhere (a missing column, a missing image, text that does not fit at its floor) is found
before anything is drawn or written. Cards whose drawings are the same are one design:
drawn once, counted together.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

from printkit.draw.canvas import Canvas
from printkit.draw.color import Color
from printkit.draw.page import Page
from printkit.draw.paper import MM
from printkit.errors import TemplateError
from printkit.language import Lang
from printkit.message import quoted
from printkit.products.cards import icons
from printkit.products.cards.data import Row, Sheet, read_sheet
from printkit.products.cards.engine import (
    Drawing,
    Translate,
    Where,
    face_fields,
    fill_in,
    paint,
    resolve_face,
    same,
)
from printkit.products.cards.geometry import CardBox, design_page
from printkit.products.cards.layout import Layout, read_layout

_GUIDE_BLEED = Color.hex("#d6336c")
MAX_BLEED = 10 * MM  # the most bleed a layout gives, or a printer asks for
_GUIDE_TRIM = Color.hex("#1d1d1f")
_GUIDE_SAFE = Color.hex("#0072b2")


@dataclass(frozen=True, eq=False)
class CardArt:
    """One distinct design of a custom deck, a front or a back, ready to draw on any canvas.

    It draws on any canvas (`draw(canvas, box)`, `page(box)`), so the print-and-play
    sheets, the printers' files, Tabletop Simulator and the pictures all take it.
    """

    kind: str            # "face" or "back"
    label: str           # what a person calls it: the card's name, "back" or "back: NAME"
    slug: str            # its part of a file name
    drawing: Drawing
    guides: bool = False  # draw the bleed, trim and safe lines over it, for proofing
    safe: float = 0.0     # the safe margin, in points (for the guides)
    key_: str = field(default="", compare=False)  # the digest, once asked for
    repeated: bool = True  # printed more than once: a PDF holds it once and repeats it
    outline: Color | None = None  # the cut edge's line in a picture of the card, if any
    _hash: int = field(default=0, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # two cards are one design when their drawings are equal: a hash in memory, so a
        # deck's cards are told apart without a digest of each (that is for the PNG cache)
        object.__setattr__(self, "_hash", hash((self.drawing, self.guides)))

    @property
    def key(self) -> str:
        """Return a digest of everything the design draws, its files' contents included."""
        if not self.key_:
            object.__setattr__(self, "key_", self.drawing.key)
        return self.key_

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, CardArt) and other._hash == self._hash
                and other.guides == self.guides and other.drawing == self.drawing)

    def __hash__(self) -> int:
        return self._hash

    def draw(self, canvas: Canvas, box: CardBox) -> None:
        """Draw the design in `box`: its background out to the bleed (or rounded, for a
        preview), then the elements, reused wherever the same card comes back. Nothing is
        drawn past the bleed (or past a preview's rounded edge): a band drawn into the bleed
        stops there, on a sheet where the next card begins at the cut as on a printer's page."""
        d = self.drawing
        left, top, right, bottom = box.bleed
        if box.corner:
            clip = (0.0, 0.0, box.width, box.height, box.corner)
        else:
            clip = (-left, -top, box.width + left + right, box.height + top + bottom, 0.0)
        if d.background is not None:
            if box.corner:
                canvas.polygon(icons.rounded_rect_points(0, 0, box.width, box.height,
                                                         box.corner),
                               stroke=self.outline, fill=d.background)
            else:
                canvas.rect(*clip[:4], stroke=None, fill=d.background)
        sx, sy = box.width / d.width, box.height / d.height
        if abs(sx - 1) > 1e-6 or abs(sy - 1) > 1e-6:
            # a box of another size: never a layout's card, only a caller's mistake
            raise ValueError(f"a {d.width:.1f} × {d.height:.1f} pt card drawn in a "
                             f"{box.width:.1f} × {box.height:.1f} pt box")
        with canvas.clipped(*clip):
            if self.repeated:
                # kept whole as far as a layout's bleed may reach; each place clips it
                reach = MAX_BLEED
                canvas.reuse(("card", self), (-reach, -reach, d.width + reach, d.height + reach),
                             lambda c: paint(c, d))
            else:  # a card printed once gains nothing from being kept apart
                paint(canvas, d)
        if self.guides:
            self._guides(canvas, box)

    def _guides(self, canvas: Canvas, box: CardBox) -> None:
        left, top, right, bottom = box.bleed
        if any(box.bleed):
            canvas.rect(-left, -top, box.width + left + right, box.height + top + bottom,
                        stroke=_GUIDE_BLEED, fill=None, width=0.5, dash=(2, 2))
        canvas.rect(0, 0, box.width, box.height, stroke=_GUIDE_TRIM, fill=None, width=0.5)
        s = self.safe
        canvas.rect(s, s, box.width - 2 * s, box.height - 2 * s, stroke=_GUIDE_SAFE, fill=None,
                    width=0.5, dash=(4, 2))

    def page(self, box: CardBox) -> Page:
        """Return this design alone on a page the size of the card and its bleed."""
        return design_page(self, box)


@dataclass(frozen=True)
class Card:
    """A row of the data as printed: its front, its back (if the layout has one), how many."""

    row: Row
    front: CardArt
    back: CardArt | None
    copies: int
    caption: str = ""    # what page 1's count of each card calls it (default: its front's label)
    apart: bool = False  # set out on the table, not shuffled in (the help cards)

    @property
    def called(self) -> str:
        return self.caption or self.front.label


#: A deck's pictures for a quick look or a shop page, in a language: a name for each
#: (`contact-sheet`, `hand`), its page and its resolution
Pictures = Callable[["CardDeck", Lang], list[tuple[str, Page, float]]]


@dataclass(frozen=True)
class CardDeck:
    """A checked deck: its layout, its data, every card resolved, and how its files call it.

    The built-in deck is loaded for an export (its cards at the printer's size, its words in
    the export's language); a deck of one's own at its layout's size, in its own words.
    """

    title: str            # the deck's name: "Crazy8ix", a layout's title
    prefix: str           # the start of every file name: a plain word
    layout: Layout
    sheet: Sheet
    cards: tuple[Card, ...]
    box: CardBox          # the cards' trim and safe zone, without bleed, in points
    bleed: float          # the bleed of its SVG cards
    game: str             # what its print-and-play pages call the game ("Amérix" in French)
    pnp_title: str        # the print-and-play PDF's title
    pnp_stem: str         # and the start of its file's name, before the paper
    lang: Lang | None = None  # the language of its own words, named in its PDF's file name
    # a deck of one's own is built again and again while it is designed: its PNGs are kept
    # in the output folder's cache (.printkit-cache/), so a rebuild draws only what changed
    cached: bool = True
    tts_guids: int = 0xD1E000  # the first GUID of its Tabletop Simulator objects
    pictures: Pictures | None = None  # None: a contact sheet of every design, counted

    @property
    def total(self) -> int:
        """Return how many cards are printed."""
        return sum(card.copies for card in self.cards)

    def printed(self) -> list[Card]:
        """Return every card printed, a card with 3 copies three times, in the data's order."""
        return [card for card in self.cards for _ in range(card.copies)]

    def distinct_fronts(self) -> list[tuple[CardArt, int]]:
        """Return each distinct front once, in the data's order, with how many print it."""
        counts: dict[CardArt, int] = {}
        for card in self.cards:
            if card.copies:
                counts[card.front] = counts.get(card.front, 0) + card.copies
        return list(counts.items())

    def distinct_backs(self) -> list[tuple[CardArt, int]]:
        counts: dict[CardArt, int] = {}
        for card in self.cards:
            if card.copies and card.back is not None:
                counts[card.back] = counts.get(card.back, 0) + card.copies
        return list(counts.items())

    def designs(self) -> list[CardArt]:
        """Return every distinct design: the fronts in the data's order, then the backs."""
        return [art for art, _ in self.distinct_fronts() + self.distinct_backs()]

    def with_guides(self) -> CardDeck:
        """Return the deck with the bleed, trim and safe lines drawn over every card."""
        def marked(art: CardArt | None) -> CardArt | None:
            if art is None:
                return None
            return replace(art, guides=True, safe=self.box.safe)

        cards = tuple(replace(c, front=marked(c.front) or c.front, back=marked(c.back))
                      for c in self.cards)
        return replace(self, cards=cards)


#: Letters that Unicode's decomposition leaves whole, as a file name spells them in ASCII
_LATIN = str.maketrans({"ß": "ss", "ẞ": "SS", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE",
                        "ø": "o", "Ø": "O", "ł": "l", "Ł": "L", "đ": "d", "Đ": "D", "ð": "d",
                        "Ð": "D", "þ": "th", "Þ": "Th", "ı": "i", "ħ": "h", "Ħ": "H"})


def slug(text: str) -> str:
    """Return text as a plain word for a file name: letters and digits joined by hyphens, an
    accented letter as its plain one (`Zoë's Café` -> `Zoe-s-Cafe`, `Straße` -> `Strasse`)."""
    decomposed = unicodedata.normalize("NFKD", text.translate(_LATIN))
    ascii_text = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    plain = re.sub(r"[^A-Za-z0-9]+", "-", ascii_text).strip("-")[:40].strip("-")
    return plain or "card"


def _back_arts(backs: list[tuple[str, Drawing, str, str]], layout: Layout) -> list[CardArt]:
    """Return each card's back as a design: one for every card whose back is drawn the same.
    A back drawn alike for all its cards is called "back" (or "back NAME" where the layout has
    several); one that takes the card's own fields is called after the first card it backs."""
    drawings: dict[str, set[Drawing]] = {}
    for name, drawing, _card, _slug in backs:
        drawings.setdefault(name, set()).add(drawing)
    made: dict[tuple[str, Drawing], CardArt] = {}
    out = []
    for name, drawing, card, card_slug in backs:
        art = made.get((name, drawing))
        if art is None:
            if len(drawings[name]) == 1:
                label = "back" if len(layout.back_names) == 1 else f"back {name}"
                art = CardArt("back", label, slug(label).lower(), drawing)
            else:
                art = CardArt("back", f"back of {card}", f"back-{card_slug}", drawing)
            made[(name, drawing)] = art
        out.append(art)
    return out


def load_deck(data: Path, layout_path: Path, translate: Translate = same) -> CardDeck:
    """Return the deck made of the data file's rows and the layout file, every card checked."""
    layout = read_layout(layout_path)
    sheet = read_sheet(data)
    return make_deck(layout, sheet, translate)


def make_deck(layout: Layout, sheet: Sheet, translate: Translate = same,
              progress: Callable[[int, int], None] | None = None) -> CardDeck:
    """Return the deck of `sheet`'s rows drawn with `layout`, every card resolved."""
    title = layout.title or Path(layout.source).resolve().parent.name
    prefix = slug(title).lower()
    name_template = layout.name or "{" + sheet.columns[0] + "}"
    cards: list[Card] = []
    backs: list[tuple[str, Drawing, str, str]] = []  # each card's back: name, drawing, card
    seen: dict[str, int] = {}
    alike: dict[str, Drawing] = {}  # the backs that take no column but the title, drawn once
    for row in sheet.rows:
        values = row.mapping
        where = Where(sheet.source, row.number, layout.source)
        name = fill_in(name_template, values, where, "[card] name").strip() or f"row {row.number}"
        front_drawing = resolve_face(layout, layout.face, values, where, translate)
        base = slug(name)
        n = seen[base] = seen.get(base, 0) + 1
        card_slug = base if n == 1 else f"{base}-{n}"
        front = CardArt("face", name, card_slug, front_drawing)
        if layout.back:
            back_name = fill_in(layout.back, values, where, "[card] back").strip()
            if back_name not in layout.back_names:
                raise where.say("[card] back", f"no back {quoted(back_name)} in the layout's "
                                f"[backs] "
                                f"({', '.join(layout.back_names) or 'none written'})")
            face = layout.back_face(back_name)
            if face_fields(face) <= {"title"}:
                # the same for every card that names it: drawn once, from no row
                if back_name not in alike:
                    alike[back_name] = resolve_face(layout, face, {"title": title},
                                                    Where(sheet.source, 0, layout.source),
                                                    translate)
                drawing = alike[back_name]
            else:  # a back with the card's own fields: {name}, {faction}
                drawing = resolve_face(layout, face, {**values, "title": title}, where,
                                       translate)
            backs.append((back_name, drawing, name, card_slug))
        cards.append(Card(row, front, None, row.copies))
    if backs:
        arts = _back_arts(backs, layout)
        cards = [replace(card, back=art) for card, art in zip(cards, arts)]
    if not any(card.copies for card in cards):
        raise TemplateError(f"{sheet.source}: every card has 0 copies: nothing to print")
    printed: dict[CardArt, int] = {}
    for card in cards:
        printed[card.front] = printed.get(card.front, 0) + card.copies
    once = {art for art, count in printed.items() if count == 1}
    cards = [replace(c, front=replace(c.front, repeated=False)) if c.front in once else c
             for c in cards]
    box = CardBox(layout.width_mm * MM, layout.height_mm * MM, layout.safe_mm * MM)
    # the pages say "{game} deck": a title that ends in "deck" says it once
    game = title[:-5].rstrip() if title.lower().endswith(" deck") else title
    return CardDeck(title, prefix, layout, sheet, tuple(cards), box, layout.bleed_mm * MM,
                    game, f"{title} deck", prefix)
