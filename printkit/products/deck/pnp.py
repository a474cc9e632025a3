"""The print-and-play PDF: the how-to page, then 9 cards to a sheet, each followed by its backs.

Where the cards and backs go is `sheet_layout`'s; pages 1 and 2 are `first_pages`'. Here
the sheets are drawn: the cards, the crop marks in the margin, and a footer on each side.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from printkit.draw import fonts
from printkit.draw.canvas import Canvas
from printkit.draw.color import GREY, INK
from printkit.draw.page import Page
from printkit.draw.paper import MM, Paper
from printkit.draw.text import fit
from printkit.games.crazy8ix_deck import Deck
from printkit.products.deck.art import Art, back_art, check_printable, printed_fronts
from printkit.products.deck.first_pages import draw_alignment_scales, draw_instructions
from printkit.products.deck.sheet_layout import (
    COLS, PER_SHEET, ROWS, Duplex, Offset, SheetLayout, clamp, parse_duplex, sheet_count)
from printkit.products.document import Document

_MARK_LEN = 5 * MM
_MARK_WIDTH = 0.5


def pnp_document(deck: Deck, paper: Paper, duplex: Duplex = "long",
                 offset: Offset = Offset()) -> Document:
    """Return the print-and-play PDF document of `deck` on `paper`."""
    parse_duplex(duplex)
    check_printable(deck)
    layout = SheetLayout(paper, duplex, offset)
    backs = duplex != "none"
    sheets = sheet_count(deck)
    total_pages = (2 if backs else 1) * (sheets + 1)
    title = "Crazy8ix deck"
    pages: list[Page] = [_page(paper, lambda c: draw_instructions(c, deck, layout, total_pages),
                               "instructions")]
    if backs:
        pages.append(_page(paper, lambda c: draw_alignment_scales(c, layout, total_pages),
                           "alignment scales"))
    fronts = list(printed_fronts(deck))
    back = back_art(deck)
    count = len(fronts)
    for s in range(sheets):
        group = fronts[s * PER_SHEET:(s + 1) * PER_SHEET]
        first = s * PER_SHEET + 1
        what = f"cards {first}-{first + len(group) - 1} of {count}"
        number = len(pages) + 1
        pages.append(_page(paper, _front_sheet(layout, group, what, number, total_pages),
                           f"fronts {s + 1}"))
        if backs:
            pages.append(_page(paper, _back_sheet(layout, back, len(group), what,
                                                  number + 1, total_pages), f"backs {s + 1}"))
    suffix = {"long": "", "short": "-short-edge", "none": "-no-backs"}[duplex]
    return Document(f"{title}, {paper.id}", f"crazy8ix-deck-{paper.id}{suffix}.pdf",
                    tuple(pages))


def _page(paper: Paper, draw: Callable[[Canvas], None], label: str) -> Page:
    return Page(paper.width, paper.height, draw, label)


def _front_sheet(layout: SheetLayout, group: Sequence[Art], what: str, number: int,
                 total: int) -> Callable[[Canvas], None]:
    def draw(canvas: Canvas) -> None:
        outer = layout.front_bleed
        for i, art in enumerate(group):
            x, y = layout.front_slot(i)
            box = layout.card.with_bleed(layout.card_bleed(x, y, outer))
            with canvas.translated(x, y):
                art.draw(canvas, box)
        _crop_marks(canvas, layout)
        _side_footer(canvas, layout, f"printkit · Crazy8ix deck · fronts of {what}",
                     f"{layout.paper.label} · page {number} of {total}")
    return draw


def _back_sheet(layout: SheetLayout, back: Art, n: int, what: str, number: int,
                total: int) -> Callable[[Canvas], None]:
    def draw(canvas: Canvas) -> None:
        outer = layout.back_bleed
        for i in range(n):
            x, y = layout.back_slot(i)
            # the bleed follows where the back sits in the grid before the offset moves it
            gx, gy = x - layout.offset.x * MM, y - layout.offset.y * MM
            box = layout.card.with_bleed(layout.card_bleed(gx, gy, outer))
            with canvas.translated(x, y):
                back.draw(canvas, box)
        _side_footer(canvas, layout, f"printkit · Crazy8ix deck · backs of {what}",
                     f"{layout.paper.label} · page {number} of {total}")
    return draw


def _crop_marks(canvas: Canvas, layout: SheetLayout) -> None:
    """Draw short cut marks in the margin, in line with every cut, clear of the bleed."""
    w, h = layout.card.width, layout.card.height
    gl, gt = layout.grid_left, layout.grid_top
    gr, gb = gl + COLS * w, gt + ROWS * h
    side_bleed, top_bleed = layout.front_bleed
    start = top_bleed + 1 * MM
    end = min(start + _MARK_LEN, gt - 1 * MM)
    for c in range(COLS + 1):
        x = gl + c * w
        canvas.line(x, gt - start, x, gt - end, INK, _MARK_WIDTH)
        canvas.line(x, gb + start, x, gb + end, INK, _MARK_WIDTH)
    start = side_bleed + 1 * MM
    end = min(start + _MARK_LEN, gl - 1 * MM)
    for r in range(ROWS + 1):
        y = gt + r * h
        canvas.line(gl - start, y, gl - end, y, INK, _MARK_WIDTH)
        canvas.line(gr + start, y, gr + end, y, INK, _MARK_WIDTH)


def _side_footer(canvas: Canvas, layout: SheetLayout, left: str, right: str) -> None:
    """Write the sheet's footer up the left margin and down the right one, beside the middle row.

    The top and bottom margins of a 9-card Letter sheet are too narrow for text that a
    printer will not clip; the side margins are wider, and the middle row has no cut there.
    """
    side_bleed = max(layout.front_bleed[0], layout.back_bleed[0])
    gl = layout.grid_left
    room = layout.card.height - 8 * MM
    size = 8.0
    cy = layout.grid_top + 1.5 * layout.card.height
    base = clamp(side_bleed + 1 * MM + fonts.cap_height(fonts.REGULAR, size),
                  0, gl - 1.5 * MM)
    text = fit(left, fonts.REGULAR, size, room)
    with canvas.translated(gl - base, cy, -90):
        canvas.text(0, 0, text.text, fonts.REGULAR, text.size, GREY, "center")
    text = fit(right, fonts.REGULAR, size, room)
    with canvas.translated(layout.paper.width - gl + base, cy, 90):
        canvas.text(0, 0, text.text, fonts.REGULAR, text.size, GREY, "center")
