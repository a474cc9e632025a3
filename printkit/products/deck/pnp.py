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
from printkit.draw.text import split_words
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
def _sides(duplex: Duplex, lang: Lang) -> str:
    _ = lang.gettext
    return {"none": _("one-sided"), "long": _("double-sided, flipped on the long edge"),
            "short": _("double-sided, flipped on the short edge")}[duplex]


def write(deck: CardDeck, options: DeckOptions, out: Path, progress: Progress) -> DeckExport:
    """Return the print-and-play PDF of the deck, on the paper the options ask for."""
    if options.paper is None:
        raise PrintkitError("--format pnp needs a paper size")
    doc = pnp_document(deck, options.paper, options.duplex, options.offset, options.lang)
    export = DeckExport(out)
    path = out / doc.filename
    export.files[path] = doc.pdf_bytes()
    sides = _sides(printed_duplex(deck, options.duplex), options.lang)
    export.lines.append(options.lang.ngettext(
        "wrote {path} ({pages} pages: {n} card, {sides})",
        "wrote {path} ({pages} pages: {n} cards, {sides})", deck.total).format(
            path=path, pages=options.lang.number(len(doc.pages)),
            n=options.lang.number(deck.total), sides=sides))
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
        span: dict[str, object] = {"first": first, "last": first + len(group) - 1,
                                   "count": count, "game": summary.game}
        front_words = _side_label(lang, "fronts", span)
        back_words = _side_label(lang, "backs", span)
        number = len(pages) + 1
        right = _page_label(paper, number, total_pages, lang)
        pages.append(_page(paper, _front_sheet(layout, group, front_words, right),
                           f"fronts {s + 1}"))
        if with_backs:
            right = _page_label(paper, number + 1, total_pages, lang)
            group_backs = backs[s * per_sheet:(s + 1) * per_sheet]
            pages.append(_page(paper, _back_sheet(layout, group_backs, back_words, right),
                               f"backs {s + 1}"))
    return tuple(pages)


#: a side label's forms, the longest first: each a list of lines, each line beside a row
Label = tuple[tuple[str, ...], ...]
_LABEL_SIZES = (8.0, 7.5, 7.0, 6.5)


def _side_label(lang: Lang, side: str, span: dict[str, object]) -> Label:
    """Return the forms of a sheet's side label, `side` "fronts" or "backs": on one line
    ("Ember Tactics · fronts of cards 9-16 of 30"), with fewer words, then the game's name
    on lines of its own (beside rows of their own), and last the cards alone. No form cuts
    a word short or drops a number."""
    _ = lang.gettext
    game = str(span["game"])
    if side == "fronts":
        whole = _("{game} · fronts of cards {first}-{last} of {count}").format(**span)
        long = _("fronts of cards {first}-{last} of {count}").format(**span)
        short = _("fronts {first}-{last} of {count}").format(**span)
    else:
        whole = _("{game} · backs of cards {first}-{last} of {count}").format(**span)
        long = _("backs of cards {first}-{last} of {count}").format(**span)
        short = _("backs {first}-{last} of {count}").format(**span)
    return ((whole,), (f"{game} · {short}",), (game, long), (game, short), (short,))


def _page_label(paper: Paper, number: int, total: int, lang: Lang) -> Label:
    """Return the forms of a sheet's paper-and-page label, the longest first."""
    page = page_of(number, total, lang)
    return ((f"{paper_label(paper, lang)} · {page}",), (page,))


def _set_label(label: Label, room: float, rows: int, across: float
               ) -> tuple[tuple[str, ...], float]:
    """Return the lines of the first form of a label that fits, each within `room` beside
    one of `rows` rows, and their size: the largest from 8 pt down whose line is no taller
    than `across`, the margin's room. A game's name too long for one row takes several,
    broken at spaces (and, for a word longer than a row, inside it with a hyphen)."""
    tall = fonts.ascent(fonts.REGULAR, 1) + fonts.descent(fonts.REGULAR, 1)
    sizes = [s for s in _LABEL_SIZES if s * tall <= across] or [_LABEL_SIZES[-1]]
    for size in sizes:
        for form in label:
            lines: list[str] = []
            for i, line in enumerate(form):
                broken = ([line] if i == len(form) - 1
                          else split_words(line, fonts.REGULAR, size, room))
                if broken is None:
                    break
                lines += broken
            else:
                if (len(lines) <= rows
                        and all(fonts.width(t, fonts.REGULAR, size) <= room for t in lines)):
                    return tuple(lines), size
    return label[-1], sizes[-1]


def _page(paper: Paper, draw: Callable[[Canvas], None], label: str) -> Page:
    return Page(paper.width, paper.height, draw, label)


def _place(canvas: Canvas, layout: SheetLayout, art: Design, x: float, y: float,
           bleed: tuple[float, float, float, float]) -> None:
    """Draw a card at its place on the sheet, upright or on its side, with its bleed."""
    ox, oy, turn, own = layout.placement(x, y, bleed)
    with canvas.translated(ox, oy, turn):
        art.draw(canvas, layout.card.with_bleed(own))


def _front_sheet(layout: SheetLayout, group: Sequence[Design], left: Label, right: Label
                 ) -> Callable[[Canvas], None]:
    def draw(canvas: Canvas) -> None:
        side, top = layout.front_bleed
        outer = (side, top, side, top)
        for i, art in enumerate(group):
            x, y = layout.front_slot(i)
            _place(canvas, layout, art, x, y, layout.slot_bleed(x, y, outer))
        _crop_marks(canvas, layout)
        side = layout.grid_left - layout.front_bleed[0]
        _side_footer(canvas, layout, left, right, (side, side))
    return draw


def _back_sheet(layout: SheetLayout, backs: Sequence[Design], left: Label, right: Label
                ) -> Callable[[Canvas], None]:
    def draw(canvas: Canvas) -> None:
        outer = layout.back_bleed
        for i, back in enumerate(backs):
            x, y = layout.back_slot(i)
            # which edges are the grid's follows where the back sits before the offset moves it
            gx, gy = x - layout.offset.x * MM, y - layout.offset.y * MM
            _place(canvas, layout, back, x, y, layout.slot_bleed(gx, gy, outer))
        dx = layout.offset.x * MM
        _side_footer(canvas, layout, left, right, (layout.grid_left + dx - outer[0],
                                                   layout.grid_left - dx - outer[2]))
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


def _side_footer(canvas: Canvas, layout: SheetLayout, left: Label, right: Label,
                 margins: tuple[float, float]) -> None:
    """Write the sheet's labels up the left margin and down the right one, beside its rows;
    `margins` is how far the cards' bleed is from the paper's left and right edges.

    The top and bottom margins of a sheet of cards are too narrow for text a printer will
    not clip; the side ones are wider. Each line runs beside the middle of a row, between
    two crop marks, inside the edge no printer reaches and a point clear of the bleed; a
    label of several lines takes the rows round the middle one, read in the order the turned
    text is read (up the left margin from the bottom, down the right one from the top).
    """
    room = layout.slot_height - 8 * MM
    middle = (layout.rows - 1) // 2
    for label, turn, margin in ((left, -90, margins[0]), (right, 90, margins[1])):
        lines, size = _set_label(label, room, layout.rows, margin - CLEAR - 2)
        base = CLEAR + 1 + fonts.ascent(fonts.REGULAR, size)
        first = int(clamp(middle - (len(lines) - 1) // 2, 0, layout.rows - len(lines)))
        rows = list(range(first, first + len(lines)))
        if turn < 0:
            rows.reverse()
        x = base if turn < 0 else layout.paper.width - base
        for line, row in zip(lines, rows):
            cy = layout.grid_top + (row + 0.5) * layout.slot_height
            with canvas.translated(x, cy, turn):
                canvas.text(0, 0, line, font=fonts.REGULAR, size=size, color=GREY,
                            align="center")
