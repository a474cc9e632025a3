"""What every score pad shares: its header, name cells, grids, the winner line, and reuse.

A pad is drawn in two layers. The pad itself (title, grid, reminders) depends only on its
shape (the game, the number of players, the target, the size of its box) and is handed to
the canvas to reuse, so a PDF holds it once however many pads are printed. The names (and
a club night's table number) are written over it, into the slots the pad left for them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from printkit.draw import fonts
from printkit.draw.canvas import Align, Canvas
from printkit.draw.color import GREY, INK, PAPER_TINT, RULE, WHITE
from printkit.draw.impose import Panel
from printkit.draw.paper import MM
from printkit.draw.recording import RecordingCanvas
from printkit.draw.text import (
    draw_fitted,
    draw_lines_fitted,
    draw_paragraph,
    fit,
    fit_box,
    wrap,
)
from printkit.language import ENGLISH, Lang
from printkit.message import quoted

ROW_MIN = 8 * MM  # a box a pen can write a number in
TICK_MIN = 15.0   # a column that only holds a tick box
HEADER_H = 44.0
COMPACT_H = 420.0  # a pad's box shorter than this (a quarter sheet) gets the compact header
LABEL_SIZE = 8.5
NAME_SIZE = 11.0
NAME_PAD = 3.0


@dataclass(frozen=True)
class PadShape:
    """What a pad's drawing depends on, names aside: players, target, whether it has a table."""

    count: int
    target: int | None = None
    table: bool = False
    lang: Lang = ENGLISH
    part: int = 1  # a game longer than one pad holds goes on over `parts` pads
    parts: int = 1


@dataclass(frozen=True)
class PadSetup:
    """Who plays: their names (or None for a blank line), the target, and the table, if any."""

    names: tuple[str | None, ...]
    target: int | None = None
    table: str | None = None  # "Table 7" on a club night's pads
    lang: Lang = ENGLISH
    part: int = 1
    parts: int = 1

    @property
    def count(self) -> int:
        return len(self.names)

    @property
    def shape(self) -> PadShape:
        return PadShape(self.count, self.target, self.table is not None, self.lang, self.part,
                        self.parts)


@dataclass(frozen=True)
class Slot:
    """A place the pad leaves for what changes from pad to pad: a player's name or the table."""

    x: float
    y: float
    w: float
    h: float
    index: int  # the player (0, 1, ...), or -1 for the table
    align: Align = "left"


Slots = list[Slot]
DrawPad = Callable[[Canvas, float, float, PadShape, Slots], None]


@dataclass(frozen=True)
class Pad:
    """A game's score pad: its panel for a set of players, and what goes with it."""

    panel: Callable[[PadSetup], Panel]
    # how many pads one game takes at a size (width, height), where its rows follow the
    # game's length; None: one pad holds a game
    parts: Callable[[PadSetup, float, float], int] | None = None
    # printed once after every copy of the pad: a reference, not a pad (the odds card)
    extras: tuple[Callable[[Lang], Panel], ...] = ()
    target: bool = False  # the pad prints the points that end the game (--target)


def part_title(title: str, shape: PadShape) -> str:
    """Return the pad's title, marked "(2 of 3)" when the game goes on over several pads."""
    if shape.parts == 1:
        return title
    return shape.lang.gettext("{title} ({part} of {parts})").format(
        title=title, part=shape.part, parts=shape.parts)


def compact(h: float) -> bool:
    """Return whether a pad of height h (a quarter sheet) is drawn compact."""
    return h < COMPACT_H


def header_height(h: float) -> float:
    """Return the y below the title block `header` draws on a pad of height h."""
    return 38.0 if compact(h) else HEADER_H + 6


def header(canvas: Canvas, w: float, h: float, title: str, subtitle: str, slots: Slots,
           shape: PadShape | None = None, date: bool = True) -> float:
    """Draw the pad's title block (a date line unless told not to); return the y below it.

    A pad with a table leaves a slot for its number where the date line ends.
    """
    _ = shape.lang.gettext if shape is not None else ENGLISH.gettext
    small = compact(h)
    # (title size, title baseline, subtitle baseline, the y below the block)
    title_size, title_y, sub_y = (16.0, 18.0, 31.0) if small else (20.0, 24.0, 41.0)
    below = header_height(h)
    draw_fitted(canvas, 0, 0, w * (0.56 if date else 1.0), title_y, title, fonts.BLACK,
                title_size, INK, valign="baseline")
    if date:
        date_x = w * 0.6
        label = _("Date")
        canvas.text(date_x, title_y - 2, label, font=fonts.BOLD, size=9, color=INK)
        canvas.line(date_x + max(26.0, fonts.width(label, fonts.BOLD, 9) + 6), title_y - 1, w,
                    title_y - 1,
                    stroke=RULE, width=0.75)
    room = w
    if shape is not None and shape.table:
        room = w * 0.7
        slots.append(Slot(room, sub_y - 13, w - room, 13, -1, "right"))
    # where the table's number leaves too little room, the subtitle drops its first parts
    # ("Score pad · 4 players · "), which the title and the columns say already
    size = 8.5 if small else 9.5
    while fit(subtitle, fonts.REGULAR, size, room).shortened and " · " in subtitle:
        subtitle = subtitle.split(" · ", 1)[1]
    draw_fitted(canvas, 0, sub_y - 12, room, 12, subtitle, fonts.REGULAR, size, GREY,
                valign="baseline")
    return below


def winner_line(canvas: Canvas, x: float, y: float, w: float, lang: Lang) -> None:
    """Draw the line to write the winner on, at baseline y."""
    label = lang.gettext("Winner")
    canvas.text(x, y, label, font=fonts.BOLD, size=10, color=INK)
    lw = fonts.width(label, fonts.BOLD, 10)
    canvas.line(x + lw + 6, y + 1, x + w, y + 1, stroke=RULE, width=0.75)


def name_cell(slots: Slots, x: float, y: float, w: float, h: float, index: int,
              align: Align = "left") -> None:
    """Leave the cell for player `index`'s name, written over the reused pad."""
    slots.append(Slot(x, y, w, h, index, align))


def _fill_slots(canvas: Canvas, slots: Sequence[Slot], setup: PadSetup) -> None:
    """Write each player's name in its slot (on two lines before it shrinks), or a line to fill
    in, and the table's number."""
    for slot in slots:
        x, y, w, h = slot.x, slot.y, slot.w, slot.h
        if slot.index < 0:
            if setup.table:
                draw_fitted(canvas, x, y, w, h, setup.table, fonts.BOLD, 10, INK, "right",
                            "baseline")
            continue
        name = setup.names[slot.index]
        if name is None:
            canvas.line(x + 4, y + h - 5, x + w - 4, y + h - 5, stroke=RULE, width=0.6, dash=(1, 2))
        else:
            draw_lines_fitted(canvas, x, y, w, h, name, fonts.BOLD, NAME_SIZE, INK, slot.align,
                              pad=NAME_PAD)


@lru_cache(maxsize=256)
def _slots(kind: str, draw: DrawPad, shape: PadShape, w: float, h: float) -> tuple[Slot, ...]:
    """Return where a pad of this shape and size leaves its slots (drawn once, to measure)."""
    slots: Slots = []
    draw(RecordingCanvas(w, h), w, h, shape, slots)
    return tuple(slots)


def pad_panel(kind: str, draw: DrawPad, setup: PadSetup, min_width: float,
              min_height: float, label: str) -> Panel:
    """Return a pad as a panel: the pad reused by shape and size, then its names written in."""
    shape = setup.shape

    def paint(canvas: Canvas, w: float, h: float) -> None:
        w, h = round(w, 3), round(h, 3)
        canvas.reuse((kind, shape, w, h), (-2, -2, w + 2, h + 2),
                     lambda c: draw(c, w, h, shape, []))
        slots = _slots(kind, draw, shape, w, h)
        # the same names on many pads (a --pages run) are written once too
        canvas.reuse((kind, shape, w, h, setup), (-2, -2, w + 2, h + 2),
                     lambda c: _fill_slots(c, slots, setup))

    def refuse(w: float, h: float) -> str | None:
        return _name_refusal(kind, draw, shape, setup.names, label, w, h)

    return Panel(paint, min_width, min_height, label,
                 refuse if any(setup.names) else None)


@lru_cache(maxsize=4096)
def _name_refusal(kind: str, draw: DrawPad, shape: PadShape, names: tuple[str | None, ...],
                  label: str, w: float, h: float) -> str | None:
    """Return the name that cannot be written whole in its box on a pad of w × h (quoted as a
    message shows it), if one cannot."""
    for slot in _slots(kind, draw, shape, w, h):
        name = names[slot.index] if slot.index >= 0 else None
        if name and fit_box(slot.w, slot.h, name, fonts.BOLD, NAME_SIZE, NAME_PAD).shortened:
            return str(quoted(name))
    return None


def label_cell(canvas: Canvas, x: float, y: float, w: float, h: float, text: str,
               size: float = LABEL_SIZE, align: Align = "center", fill: bool = True,
               pad: float = 3) -> None:
    """Draw a shaded heading cell with its label."""
    if fill:
        canvas.rect(x, y, w, h, stroke=None, fill=PAPER_TINT)
    draw_lines_fitted(canvas, x, y, w, h, text, fonts.BOLD, size, INK, align, pad, max_lines=2)


def grid(canvas: Canvas, x: float, y: float, cols: Sequence[float], rows: Sequence[float],
         width: float = 0.6) -> None:
    """Draw the lines of a table with the given column widths and row heights."""
    total_w, total_h = sum(cols), sum(rows)
    cy = y
    for h in (0.0, *rows):
        cy += h
        canvas.line(x, cy, x + total_w, cy, stroke=INK, width=width)
    cx = x
    for w in (0.0, *cols):
        cx += w
        canvas.line(cx, y, cx, y + total_h, stroke=INK, width=width)


FACT_SIZE = 8.5


def facts_height(w: float, lines: Sequence[str], size: float = FACT_SIZE) -> float:
    """Return the height `facts` needs for these reminders in width w."""
    return sum(len(wrap(line, fonts.REGULAR, size, w)) * size * 1.3 + 2 for line in lines)


def facts(canvas: Canvas, x: float, y: float, w: float, lines: Sequence[str],
          size: float = FACT_SIZE) -> float:
    """Draw scoring reminders, each wrapped to the width; return the y below them."""
    for line in lines:
        y = draw_paragraph(canvas, x, y, w, line, fonts.REGULAR, size, INK, size * 1.3) + 2
    return y


def player_word(count: int, lang: Lang) -> str:
    """Return '4 players' in the pad's language."""
    return lang.ngettext("{count} player", "{count} players", count).format(count=count)


@dataclass(frozen=True)
class Column:
    """One of the columns each player has in a table: its label, narrowest width, share of room."""

    label: str
    min_width: float = ROW_MIN
    weight: float = 1.0
    tick: bool = False  # holds a tick box rather than a number
    short: str = ""  # the label where the column is too narrow for it

    def heading(self, width: float) -> str:
        """Return the label, or its short form where the label does not fit `width`."""
        fits = fonts.width(self.label, fonts.BOLD, 8) + 3 <= width
        return self.label if fits or not self.short else self.short


FIRST_W = (30.0, 20.0)  # the numbered first column: roomy, and on a narrow pad
NAME_ROW = 34.0  # room for a long name on three lines
SUB_ROW = 14.0


def column_table_min_width(players: int, columns: Sequence[Column]) -> float:
    """Return the narrowest box in which every column keeps its narrowest width."""
    return FIRST_W[1] + players * sum(c.min_width for c in columns)


def table_rows(h: float) -> int:
    """Return the writing rows `column_table` draws in height h."""
    return max(1, int((h - NAME_ROW - SUB_ROW) // ROW_MIN))


def column_table(
    canvas: Canvas,
    x: float,
    y: float,
    w: float,
    h: float,
    slots: Slots,
    players: int,
    first_label: str,
    columns: Sequence[Column],
    max_row: float = 26.0,
    first: int = 1,
) -> float:
    """Draw a table with a numbered first column and a group of columns per player.

    As many writing rows as fit in height h (`table_rows`), numbered from `first`; returns
    the y of the table's bottom edge.
    """
    group_min = sum(c.min_width for c in columns)
    first_w = FIRST_W[0] if w - players * group_min >= FIRST_W[0] else FIRST_W[1]
    group_w = (w - first_w) / players
    extra = group_w - group_min
    weights = sum(c.weight for c in columns)
    sub_cols = [c.min_width + extra * c.weight / weights for c in columns]
    name_h, sub_h = NAME_ROW, SUB_ROW
    rows = table_rows(h)
    row_h = min(max_row, (h - name_h - sub_h) / rows)
    body_top = y + name_h + sub_h
    # headings
    narrow = fonts.width(first_label, fonts.BOLD, LABEL_SIZE) + 6 > first_w
    label_cell(canvas, x, y, first_w, name_h + sub_h, "#" if narrow else first_label)
    for i in range(players):
        gx = x + first_w + i * group_w
        name_cell(slots, gx, y, group_w, name_h, i, align="center")
        sx = gx
        for column, sw in zip(columns, sub_cols):
            label_cell(canvas, sx, y + name_h, sw, sub_h, column.heading(sw), size=8, pad=1.5)
            sx += sw
    # every other row lightly shaded, to guide the eye across
    for r in range(rows):
        ry = body_top + r * row_h
        if r % 2 == 1:
            canvas.rect(x, ry, w, row_h, stroke=None, fill=PAPER_TINT.tint(0.4))
        canvas.text(x + first_w / 2, ry + row_h / 2 + 3.2, str(first + r), font=fonts.REGULAR,
                    size=9, color=GREY, align="center")
    cols = [first_w] + [sw for _ in range(players) for sw in sub_cols]
    grid(canvas, x, body_top, cols, [row_h] * rows, 0.5)
    for c, column in enumerate(columns):
        if not column.tick:
            continue
        # a small square to tick in each row of that column
        offset = sum(sub_cols[:c]) + sub_cols[c] / 2
        box = min(11.0, sub_cols[c] - 4)
        for i in range(players):
            tx = x + first_w + i * group_w + offset - box / 2
            for r in range(rows):
                ty = body_top + r * row_h + (row_h - box) / 2
                canvas.rect(tx, ty, box, box, stroke=GREY, fill=WHITE, width=0.6, radius=1.5)
    # heavier lines around each player's group and the heading block
    canvas.rect(x, y, w, name_h + sub_h + rows * row_h, stroke=INK, fill=None, width=1.2)
    for i in range(1, players):
        gx = x + first_w + i * group_w
        canvas.line(gx, y, gx, body_top + rows * row_h, stroke=INK, width=1.2)
    canvas.line(x + first_w, y, x + first_w, body_top + rows * row_h, stroke=INK, width=1.2)
    canvas.line(x + first_w, y + name_h, x + w, y + name_h, stroke=INK, width=0.5)
    canvas.line(x, body_top, x + w, body_top, stroke=INK, width=1.2)
    return body_top + rows * row_h
