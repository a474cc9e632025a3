"""Page 1 of the print-and-play PDF and its back: how to print, and how to line the backs up.

Page 1 says how to print and carries a 100 % check square and an alignment cross; page 2,
its back, two staircases of mm lines that read how far a printer shifts the backs, which
is the offset to pass as `--offset X,Y` (`--offset X;Y` where numbers have a decimal comma).
"""

from __future__ import annotations

from dataclasses import dataclass

from printkit.draw import fonts
from printkit.draw.canvas import Canvas
from printkit.draw.color import GREY, INK
from printkit.draw.impose import footer, paper_label
from printkit.draw.paper import INCH, MM, Paper
from printkit.draw.text import draw_fitted, draw_paragraph, fit_lines, wrap
from printkit.language import ENGLISH, Lang
from printkit.products.cards.geometry import size_label
from printkit.products.deck.sheet_layout import (
    Offset,
    SheetLayout,
    offset_option,
    separator,
)

_SCALE_RANGE = 5       # the calibration scales read -5 mm to +5 mm
_PAGE_MARGIN = 0.9 * INCH  # pages 1 and 2: well inside what any printer reaches


@dataclass(frozen=True)
class Summary:
    """What page 1 says of a deck: its game's name, its cards, its help cards, a listing."""

    game: str
    cards: int
    help_titles: tuple[str, ...] = ()
    listing: str = ""

    @property
    def printed(self) -> int:
        return self.cards + len(self.help_titles)


def _check_square(paper: Paper, lang: Lang = ENGLISH) -> tuple[float, str]:
    """Return the side of the 100 % check square in points, and how it is described."""
    if paper.id == "letter":
        return 2 * INCH, f"2 in ({lang.number(50.8, 1)} mm)"
    return 50 * MM, f"50 mm ({lang.number(1.97, 2)} in)"


def _cross_point(layout: SheetLayout) -> tuple[float, float]:
    """Return the centre of the alignment cross on page 1, below the text.

    It sits a little left of the middle, so that behind it, whichever way the sheet is
    turned, there is room for the scales, which reach 55 mm to the right of it.
    """
    paper = layout.paper
    return (paper.width / 2 - 20 * MM, paper.height - _PAGE_MARGIN - 45 * MM)


def _advice(deck: Summary, layout: SheetLayout, lang: Lang = ENGLISH) -> list[tuple[str, str]]:
    """Return the printing advice as (heading, text) pairs, for this paper and duplex mode."""
    _ = lang.gettext
    said = _check_square(layout.paper, lang)[1]
    items = [(_("Print at {percent}").format(percent=lang.percent(1)),
              _("Choose “Actual size” and turn off “Fit to page”. The square below must "
                "measure {size}; if it does not, the cards will come out the wrong size.").format(
                  size=said))]
    if layout.duplex == "none":
        items.append((_("One-sided"), _("This file has no backs. Print it single-sided and "
                                        "slide each card into a sleeve in front of an old "
                                        "playing card, or glue it to thin card.")))
    else:
        flips = {"long": _("Print on both sides, flipping on the long edge: the backs are "
                           "placed for that. If your printer flips on the short edge, run "
                           "printkit deck --duplex short."),
                 "short": _("Print on both sides, flipping on the short edge: the backs are "
                            "placed for that. If your printer flips on the long edge, run "
                            "printkit deck --duplex long.")}
        items.append((_("Double-sided"), flips[layout.duplex]))
        items.append((_("Test the alignment first"), _(
            "Print pages 1 and 2 on plain paper. Hold the sheet up to a window, or push a pin "
            "through the centre of the cross: where it shows on page 2's scales is the offset "
            "your printer needs. If it is not {zero}, run printkit deck {option}.").format(
                zero=f"0{separator(lang)}0", option=offset_option(lang))))
    items.append((_("Paper"), _("Card stock of 200-250 g/m² (80-90 lb cover) if your printer "
                                "takes it; plain paper in card sleeves plays just as well.")))
    across, down = layout.rows + 1, layout.cols + 1
    if layout.grid.turned:
        cutting = _("Cut along the marks at the edges of each sheet (the cards lie on their "
                    "side): {across} cuts across and {down} down, with a paper trimmer or a "
                    "craft knife and a steel ruler. A 3 mm corner punch rounds the corners.")
    else:
        cutting = _("Cut along the marks at the edges of each sheet: {across} cuts across and "
                    "{down} down, with a paper trimmer or a craft knife and a steel ruler. A "
                    "3 mm corner punch rounds the corners.")
    items.append((_("Cutting"), cutting.format(across=across, down=down)))
    if not deck.help_titles:
        return items
    help_titles = ", ".join(deck.help_titles)
    items.append((_("Help cards"), _("The last cards are the help cards {titles}: lay them out "
                                     "on the table, face up; they are not shuffled into the "
                                     "deck.").format(titles=help_titles)))
    return items


_LIST_SIZES = (9.5, 9.0, 8.5, 8.0, 7.5, 7.0, 6.5)  # the listing shrinks to fit, to 6.5 pt
_LEADING = 12.5 / 9.5
LIST_SEPARATOR = "   "  # between the listing's items, which have no space inside them


@dataclass(frozen=True)
class Listing:
    """Page 1's list of the cards as it is printed: its text, size and line spacing."""

    text: str
    size: float
    leading: float


def fit_listing(deck: Summary, width: float, height: float, lang: Lang = ENGLISH) -> Listing:
    """Return the deck's listing at the largest size at which it fits `height` whole. A
    listing too long for the room even at 6.5 pt is not cut short: page 1 says how many
    different cards there are instead, every number whole."""
    def lines(text: str, size: float) -> int:
        return len(wrap(text, fonts.REGULAR, size, width))

    for size in _LIST_SIZES:
        leading = size * _LEADING
        room = max(1, int((height - size * 1.2) // leading) + 1)
        if not deck.listing or lines(deck.listing, size) <= room:
            return Listing(deck.listing, size, leading)
    items = deck.listing.count(LIST_SEPARATOR) + 1
    said = lang.ngettext(
        "{designs} different card, {cards} in all: too many to list here; the sheets hold "
        "them in the order of the data.",
        "{designs} different cards, {cards} in all: too many to list here; the sheets hold "
        "them in the order of the data.", items).format(
            designs=lang.number(items), cards=lang.number(deck.cards))
    return Listing(said, _LIST_SIZES[0], _LIST_SIZES[0] * _LEADING)


def draw_instructions(canvas: Canvas, deck: Summary, layout: SheetLayout, total: int,
                      lang: Lang = ENGLISH) -> None:
    """Draw page 1: what this is, how to print it, the check square and the cross."""
    _ = lang.gettext
    paper = layout.paper
    m = _PAGE_MARGIN
    width = paper.width - 2 * m
    # a long title shrinks, then takes two lines: never cut
    title = fit_lines(_("{game} · print-and-play deck").format(game=deck.game), fonts.BLACK, 22,
                      width, 60, min_size=14, max_lines=2)
    y = m + fonts.cap_height(fonts.BLACK, title.size)
    for i, line in enumerate(title.lines):
        if i:
            y += title.size * 1.1
        canvas.text(m, y, line, font=fonts.BLACK, size=title.size, color=INK)
    sheets = -(-deck.printed // layout.per_sheet)
    mode = {"long": _("double-sided, long-edge flip"),
            "short": _("double-sided, short-edge flip"),
            "none": _("single-sided, no backs")}[layout.duplex]
    y += 18
    counts = {"cards": deck.cards, "help": len(deck.help_titles),
              "per_sheet": layout.per_sheet, "sheets": sheets,
              "paper": paper_label(paper, lang), "mode": mode}
    what = (_("{cards} cards and {help} help cards, {per_sheet} to a sheet, on {sheets} "
              "sheets · {paper} · {mode}") if deck.help_titles else
            _("{cards} cards, {per_sheet} to a sheet, on {sheets} sheets · {paper} · {mode}"))
    draw_fitted(canvas, m, y - 14, width, 14, what.format(**counts), fonts.REGULAR, 10, GREY,
                valign="baseline")
    y += 15
    canvas.text(m, y, _("Cards: {size}, as cut").format(size=size_label(layout.card, lang)),
                font=fonts.BOLD, size=10, color=INK)
    y += 12
    if layout.offset != Offset():
        canvas.text(m, y + 2, _("Offset for the backs · backs moved {offset}").format(
            offset=layout.offset.label(lang)), font=fonts.REGULAR, size=9, color=GREY)
        y += 12
    y += 14
    for heading, text in _advice(deck, layout, lang):
        canvas.text(m, y + fonts.cap_height(fonts.BOLD, 10.5), heading, font=fonts.BOLD, size=10.5,
                    color=INK)
        y = draw_paragraph(canvas, m, y + 16, width, text, fonts.REGULAR, 10, INK, 13) + 11
    y += 4
    canvas.text(m, y + fonts.cap_height(fonts.BOLD, 10.5), _("In this deck"), font=fonts.BOLD,
                size=10.5, color=INK)
    # the 100 % square, bottom right, and the alignment cross left of it
    side, said = _check_square(paper, lang)
    sx, sy = paper.width - m - side, paper.height - m - side - 14
    arm = 30 * MM
    # the listing stops above the cross (or the square): a long deck's ends with how many more
    bottom = (_cross_point(layout)[1] - arm if layout.duplex != "none" else sy) - 10
    listing = fit_listing(deck, width, bottom - (y + 16), lang)
    draw_paragraph(canvas, m, y + 16, width, listing.text, fonts.REGULAR, listing.size, INK,
                   listing.leading)
    canvas.rect(sx, sy, side, side, stroke=INK, fill=None, width=0.75)
    for i in range(1, 10):
        t = side * i / 10
        canvas.line(sx + t, sy + side, sx + t, sy + side - (4 if i % 5 else 7), stroke=INK,
                    width=0.5)
        canvas.line(sx, sy + t, sx + (4 if i % 5 else 7), sy + t, stroke=INK, width=0.5)
    canvas.text(sx + side / 2, sy + side / 2 - 2, "100 %", font=fonts.BOLD, size=11, color=INK,
                align="center")
    canvas.text(sx + side / 2, sy + side / 2 + 11, said, font=fonts.REGULAR, size=8.5, color=INK,
                align="center")
    must = _("This square must measure exactly {size}").format(size=said)
    # under the square, from its left edge, unless a long language would run off the page
    must_x = min(sx, paper.width - 0.25 * INCH - fonts.width(must, fonts.REGULAR, 8.5))
    canvas.text(must_x, sy + side + 12, must, font=fonts.REGULAR, size=8.5, color=GREY)
    if layout.duplex != "none":
        px, py = _cross_point(layout)
        canvas.line(px - arm, py, px + arm, py, stroke=INK, width=0.4)
        canvas.line(px, py - arm, px, py + arm, stroke=INK, width=0.4)
        canvas.circle(px, py, 2 * MM, stroke=INK, fill=None, width=0.4)
        canvas.text(px, py + arm + 12, _("alignment cross (see page 2)"), font=fonts.REGULAR,
                    size=8.5, color=GREY, align="center")
    # a title too long for the footer gives way to what the page is: never cut
    footer(canvas, paper, _("{game} deck · how to print").format(game=deck.game), 1, total,
           lang, shorter=(_("how to print"),))


def draw_alignment_scales(canvas: Canvas, layout: SheetLayout, total: int,
                          lang: Lang = ENGLISH, game: str | None = None) -> None:
    """Draw page 2: two staircases of mm lines behind page 1's cross, and how to read them."""
    _ = lang.gettext
    paper = layout.paper
    m = _PAGE_MARGIN
    width = paper.width - 2 * m
    px, py = _cross_point(layout)
    bx, by = layout.behind(px, py)
    text = _("Hold this sheet up to a window and look at this side (or push a pin through the "
             "centre of the cross on page 1). The cross's upright line falls on one of the X "
             "lines, its level line on one of the Y lines: the numbers of those lines are the "
             "offset, in mm. Run printkit deck {option} with them; at {zero} the backs need "
             "nothing. Between two lines, take the half: {half}. The small triangles mark the "
             "offset this file was made with ({offset}).").format(
                 option=offset_option(lang), zero=f"0{separator(lang)}0",
                 half=lang.number(1.5, 1), offset=layout.offset.label(lang))
    # the text goes in the half of the page the scales leave free
    top = m if by > paper.height / 2 else paper.height / 2
    y = top + fonts.cap_height(fonts.BLACK, 18)
    canvas.text(m, y, _("Page 2 · back of page 1: alignment scales"), font=fonts.BLACK,
                size=18, color=INK)
    draw_paragraph(canvas, m, y + 14, width, text, fonts.REGULAR, 10, INK, 13)
    _staircase(canvas, bx, by, "x", layout.offset.x)
    _staircase(canvas, bx, by, "y", layout.offset.y)
    footer(canvas, paper, _("{game} deck · alignment scales").format(
        game=game or _("Crazy8ix")), 2, total, lang, shorter=(_("alignment scales"),))


_STEP = 4.5 * MM   # each line of a scale is this much longer than the one before
_STEM = 6 * MM
_LABEL = 9.0       # read at arm's length, against a window


def _staircase(canvas: Canvas, cx: float, cy: float, axis: str, used: float) -> None:
    """Draw 11 lines 1 mm apart near page 1's cross line, each a step longer, each numbered.

    Line v sits v mm from where page 1's line falls with a perfect printer. A printer that
    moves the back by d makes page 1's line meet line -d, which is the offset that brings
    the backs back; so the lines are not moved by the offset the file was made with. The
    lines are 1 mm apart but their ends are 4.5 mm apart, and each number sits in the room
    its shorter neighbours leave beside that end, so no two numbers touch.
    """
    n = _SCALE_RANGE
    if axis == "x":
        top = cy - 28 * MM
        for v in range(-n, n + 1):
            x = cx + v * MM
            end = top + _STEM + (v + n) * _STEP
            canvas.line(x, top, x, end, stroke=INK, width=0.5 if v else 0.9)
            # left of the line's end, below the ends of the shorter lines to its left
            canvas.text(x - 0.7 * MM, end, _label(v), font=fonts.BOLD if v == 0 else fonts.REGULAR,
                        size=_LABEL, color=INK, align="right")
        tip = (cx + used * MM, top - 0.6 * MM)
        canvas.polygon([tip, (tip[0] - 1.2 * MM, tip[1] - 2.2 * MM),
                        (tip[0] + 1.2 * MM, tip[1] - 2.2 * MM)], stroke=None, fill=INK, width=0)
        canvas.text(cx - n * MM - 1 * MM, top - 1 * MM, "X", font=fonts.BLACK, size=12, color=INK,
                    align="right")
    else:
        left = cx + 9 * MM
        for v in range(-n, n + 1):
            y = cy + v * MM
            end = left + _STEM + (v + n) * _STEP
            canvas.line(left, y, end, y, stroke=INK, width=0.5 if v else 0.9)
            # above the line's last stretch, right of the ends of the shorter lines above it
            canvas.text(end - 0.4 * MM, y - 0.8 * MM, _label(v),
                        font=fonts.BOLD if v == 0 else fonts.REGULAR, size=_LABEL, color=INK,
                        align="right")
        tip = (left - 0.6 * MM, cy + used * MM)
        canvas.polygon([tip, (tip[0] - 2.2 * MM, tip[1] - 1.2 * MM),
                        (tip[0] - 2.2 * MM, tip[1] + 1.2 * MM)], stroke=None, fill=INK, width=0)
        canvas.text(left + 1 * MM, cy - n * MM - 5 * MM, "Y", font=fonts.BLACK, size=12, color=INK)


def _label(v: int) -> str:
    return f"{v:+d}" if v else "0"
