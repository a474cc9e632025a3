"""The print-and-play PDF: the how-to page, then a sheet of cards, each followed by its backs.

The `pnp` format of `printkit deck`, for any deck, and the deck of a game night's kit.

Where the cards and backs go is `sheet_layout`'s; pages 1 and 2 are `first_pages`'. Here
the sheets are drawn: the cards, the crop marks in the margin, and a footer on each side.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from pathlib import Path

from printkit.draw import fonts
from printkit.draw.canvas import Canvas
from printkit.draw.color import GREY, INK
from printkit.draw.impose import page_of, paper_label
from printkit.draw.page import Page
from printkit.draw.paper import MM, Paper
from printkit.draw.text import fit
from printkit.errors import PrintkitError
from printkit.language import ENGLISH, Lang
from printkit.products.cards.deck import CardDeck
from printkit.products.cards.geometry import HOME_CARD, CardBox, Design
from printkit.products.deck.first_pages import (
    Summary,
    draw_alignment_scales,
    draw_instructions,
)
from printkit.products.deck.options import DeckExport, DeckOptions
from printkit.products.deck.sheet_layout import (
    CLEAR,
    MARK_GAP,
    NO_OFFSET,
    Duplex,
    Offset,
    SheetLayout,
    clamp,
    parse_duplex,
)
from printkit.products.document import Document
from printkit.workers import Progress

_MARK_WIDTH = 0.5
_NBSP = "\u00a0"
_SIDES = {"none": "one-sided", "long": "double-sided, flipped on the long edge",
          "short": "double-sided, flipped on the short edge"}


def write(deck: CardDeck, options: DeckOptions, out: Path, progress: Progress) -> DeckExport:
    """Return the print-and-play PDF of the deck, on the paper the options ask for."""
    if options.paper is None:
        raise PrintkitError("--format pnp needs a paper size")
    doc = pnp_document(deck, options.paper, options.duplex, options.offset, options.lang)
    export = DeckExport(out)
    path = out / doc.filename
    export.files[path] = doc.pdf_bytes()
    sides = _SIDES[printed_duplex(deck, options.duplex)]
    export.lines.append(f"wrote {path} ({len(doc.pages)} pages: {deck.total} cards, {sides})")
    return export


def pnp_document(deck: CardDeck, paper: Paper, duplex: Duplex = "long",
                 offset: Offset = NO_OFFSET, lang: Lang = ENGLISH) -> Document:
    """Return the print-and-play PDF document of `deck` on `paper`; pages 1 and 2 and the
    sheets' footers in `lang`. A deck without backs is printed one-sided."""
    printed = deck.printed()
    fronts = [card.front for card in printed]
    backs = [card.back for card in printed if card.back is not None]
    duplex = printed_duplex(deck, duplex)
    shuffled = [card for card in deck.cards if not card.apart]
    summary = Summary(deck.game, sum(card.copies for card in shuffled),
                      tuple(card.called for card in deck.cards if card.apart),
                      "   ".join(f"{card.called.replace(' ', _NBSP)}×{card.copies}"
                                 for card in shuffled if card.copies))
    suffix = {"long": "", "short": "-short-edge", "none": "-no-backs"}[duplex]
    language = deck.lang.suffix if deck.lang is not None else ""
    return Document(deck.pnp_title, f"{deck.pnp_stem}-{paper.id}{suffix}{language}.pdf",
                    pnp_pages(summary, fronts, backs, paper, duplex, offset, deck.box, lang))


def printed_duplex(deck: CardDeck, duplex: Duplex) -> Duplex:
    """Return how the deck's sheets are printed: as asked, or one-sided for a deck without
    backs (a deck with backs on some cards only is refused)."""
    duplex = parse_duplex(duplex)
    with_back = [card.back is not None for card in deck.cards if card.copies]
    if all(with_back):
        return duplex
    if duplex != "none" and any(with_back):
        raise PrintkitError(f"{deck.layout.source}: some cards have a back and some not")
    return "none"


def pnp_pages(summary: Summary, fronts: Sequence[Design], backs: Sequence[Design], paper: Paper,
              duplex: Duplex = "long", offset: Offset = NO_OFFSET, card: CardBox = HOME_CARD,
              lang: Lang = ENGLISH) -> tuple[Page, ...]:
    """Return the pages of a print-and-play PDF: how to print, the alignment scales (when
    there are backs), then each sheet of fronts followed by the sheet of their backs."""
    parse_duplex(duplex)
    layout = SheetLayout(paper, duplex, offset, card.with_bleed((0.0, 0.0, 0.0, 0.0)))
    per_sheet = layout.per_sheet
    with_backs = duplex != "none"
    sheets = math.ceil(len(fronts) / per_sheet)
    total_pages = (2 if with_backs else 1) * (sheets + 1)
    _ = lang.gettext
    pages: list[Page] = [_page(paper, lambda c: draw_instructions(c, summary, layout,
                                                                  total_pages, lang),
                               "instructions")]
    if with_backs:
        pages.append(_page(paper, lambda c: draw_alignment_scales(c, layout, total_pages, lang,
                                                                 summary.game),
                           "alignment scales"))
    count = len(fronts)
    for s in range(sheets):
        group = fronts[s * per_sheet:(s + 1) * per_sheet]
        first = s * per_sheet + 1
        span = {"first": first, "last": first + len(group) - 1, "count": count,
                "game": summary.game}
        front_words = _("{game} · fronts of cards {first}-{last} of {count}").format(**span)
        back_words = _("{game} · backs of cards {first}-{last} of {count}").format(**span)
        number = len(pages) + 1
        right = f"{paper_label(paper, lang)} · {page_of(number, total_pages, lang)}"
        pages.append(_page(paper, _front_sheet(layout, group, front_words, right),
                           f"fronts {s + 1}"))
        if with_backs:
            right = f"{paper_label(paper, lang)} · {page_of(number + 1, total_pages, lang)}"
            group_backs = backs[s * per_sheet:(s + 1) * per_sheet]
            pages.append(_page(paper, _back_sheet(layout, group_backs, back_words, right),
                               f"backs {s + 1}"))
    return tuple(pages)


def _page(paper: Paper, draw: Callable[[Canvas], None], label: str) -> Page:
    return Page(paper.width, paper.height, draw, label)


def _place(canvas: Canvas, layout: SheetLayout, art: Design, x: float, y: float,
           bleed: tuple[float, float, float, float]) -> None:
    """Draw a card at its place on the sheet, upright or on its side, with its bleed."""
    ox, oy, turn, own = layout.placement(x, y, bleed)
    with canvas.translated(ox, oy, turn):
        art.draw(canvas, layout.card.with_bleed(own))


def _front_sheet(layout: SheetLayout, group: Sequence[Design], left: str, right: str
                 ) -> Callable[[Canvas], None]:
    def draw(canvas: Canvas) -> None:
        side, top = layout.front_bleed
        outer = (side, top, side, top)
        for i, art in enumerate(group):
            x, y = layout.front_slot(i)
            _place(canvas, layout, art, x, y, layout.slot_bleed(x, y, outer))
        _crop_marks(canvas, layout)
        _side_footer(canvas, layout, left, right)
    return draw


def _back_sheet(layout: SheetLayout, backs: Sequence[Design], left: str, right: str
                ) -> Callable[[Canvas], None]:
    def draw(canvas: Canvas) -> None:
        outer = layout.back_bleed
        for i, back in enumerate(backs):
            x, y = layout.back_slot(i)
            # which edges are the grid's follows where the back sits before the offset moves it
            gx, gy = x - layout.offset.x * MM, y - layout.offset.y * MM
            _place(canvas, layout, back, x, y, layout.slot_bleed(gx, gy, outer))
        _side_footer(canvas, layout, left, right)
    return draw


def _crop_marks(canvas: Canvas, layout: SheetLayout) -> None:
    """Draw short cut marks in the margin, in line with every cut, clear of the bleed."""
    w, h = layout.slot_width, layout.slot_height
    gl, gt = layout.grid_left, layout.grid_top
    gr, gb = gl + layout.cols * w, gt + layout.rows * h
    side_bleed, top_bleed = layout.front_bleed
    side_mark, top_mark = layout.mark_length
    start = top_bleed + MARK_GAP
    for c in range(layout.cols + 1):
        x = gl + c * w
        canvas.line(x, gt - start, x, gt - start - top_mark, stroke=INK, width=_MARK_WIDTH)
        canvas.line(x, gb + start, x, gb + start + top_mark, stroke=INK, width=_MARK_WIDTH)
    start = side_bleed + MARK_GAP
    for r in range(layout.rows + 1):
        y = gt + r * h
        canvas.line(gl - start, y, gl - start - side_mark, y, stroke=INK, width=_MARK_WIDTH)
        canvas.line(gr + start, y, gr + start + side_mark, y, stroke=INK, width=_MARK_WIDTH)


def _side_footer(canvas: Canvas, layout: SheetLayout, left: str, right: str) -> None:
    """Write the sheet's footer up the left margin and down the right one, beside one row.

    The top and bottom margins of a sheet of cards are too narrow for text a printer will
    not clip; the side ones are wider. The text runs beside the middle of a row, between
    two crop marks, just inside the edge no printer reaches.
    """
    size = 8.0
    row = (layout.rows - 1) // 2
    cy = layout.grid_top + (row + 0.5) * layout.slot_height
    room = layout.slot_height - 8 * MM
    base = CLEAR + 1 + fonts.ascent(fonts.REGULAR, size)
    # and clear of the bleed of the cards beside it
    base = clamp(base, 0, layout.grid_left - max(layout.front_bleed[0], *layout.back_bleed)
                 - fonts.descent(fonts.REGULAR, size) - 1)
    text = fit(left, fonts.REGULAR, size, room)
    with canvas.translated(base, cy, -90):
        canvas.text(0, 0, text.text, font=fonts.REGULAR, size=text.size, color=GREY, align="center")
    text = fit(right, fonts.REGULAR, size, room)
    with canvas.translated(layout.paper.width - base, cy, 90):
        canvas.text(0, 0, text.text, font=fonts.REGULAR, size=text.size, color=GREY, align="center")
