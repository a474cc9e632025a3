"""The print-and-play PDF: the how-to page, then a sheet of cards, each followed by its backs.

Where the cards and backs go is `sheet_layout`'s; pages 1 and 2 are `first_pages`'. Here
the sheets are drawn: the cards, the crop marks in the margin, and a footer on each side.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from printkit.draw import fonts
from printkit.draw.canvas import Canvas
from printkit.draw.color import GREY, INK
from printkit.draw.impose import page_of, paper_label
from printkit.draw.page import Page
from printkit.draw.paper import MM, Paper
from printkit.draw.text import fit
from printkit.language import ENGLISH, Lang
from printkit.products.deck.first_pages import (
    Summary,
    draw_alignment_scales,
    draw_instructions,
)
from printkit.products.deck.geometry import HOME_CARD, CardBox, Design
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

if TYPE_CHECKING:
    from printkit.games.crazy8ix_deck import Deck

_MARK_WIDTH = 0.5


def pnp_document(deck: Deck, paper: Paper, duplex: Duplex = "long",
                 offset: Offset = NO_OFFSET, card: CardBox = HOME_CARD,
                 lang: Lang = ENGLISH) -> Document:
    """Return the print-and-play PDF document of `deck` on `paper`, cards of `card`'s size;
    the help cards, the cards' captions and pages 1 and 2 in `lang`."""
    # the built-in deck's designs: imported here, so a deck of one's own need not load them
    from printkit.products.deck.art import back_art, check_printable, printed_fronts

    check_printable(deck)
    _ = lang.gettext
    fronts = list(printed_fronts(deck, lang))
    back = back_art(deck, lang)
    words = {"star": _("star"), "firecracker": _("firecracker")}
    listing = "   ".join(f"{words.get(c.name, c.name)}×{c.qty}"  # no space to break at
                         for c in deck.cards)
    summary = Summary(_("Crazy8ix"), deck.total, tuple(h.title for h in deck.help_cards),
                      listing)
    title = _("{game} deck").format(game=_("Crazy8ix"))
    suffix = {"long": "", "short": "-short-edge", "none": "-no-backs"}[parse_duplex(duplex)]
    return Document(f"{title}, {paper.id}", f"crazy8ix-deck-{paper.id}{suffix}{lang.suffix}.pdf",
                    pnp_pages(summary, fronts, [back] * len(fronts), paper, duplex, offset, card,
                              lang))


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
