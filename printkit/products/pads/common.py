"""What every score pad shares: its header, name cells, grids and the winner line."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from printkit.draw import fonts
from printkit.draw.canvas import Align, Canvas
from printkit.draw.color import GREY, INK, PAPER_TINT, RULE, WHITE
from printkit.draw.paper import MM
from printkit.draw.text import draw_fitted, draw_paragraph, wrap

ROW_MIN = 8 * MM  # a box a pen can write a number in
HEADER_H = 44.0
LABEL_SIZE = 8.5
NAME_SIZE = 11.0


@dataclass(frozen=True)
class PadSetup:
    """Who plays: their names (or None for a blank line to fill in) and the target, if any."""

    names: tuple[str | None, ...]
    target: int | None = None

    @property
    def count(self) -> int:
        return len(self.names)


def header(canvas: Canvas, w: float, title: str, subtitle: str, date: bool = True) -> float:
    """Draw the pad's title block (with a date line unless told not to); return the y below."""
    draw_fitted(canvas, 0, 0, w * (0.58 if date else 1.0), 24, title, fonts.BLACK, 20, INK,
                valign="baseline")
    draw_fitted(canvas, 0, 29, w, 12, subtitle, fonts.REGULAR, 9.5, GREY, valign="baseline")
    if date:
        date_x = w * 0.62
        canvas.text(date_x, 22, "Date", fonts.BOLD, 9, INK)
        canvas.line(date_x + 26, 23, w, 23, RULE, 0.75)
    return HEADER_H + 6


def winner_line(canvas: Canvas, x: float, y: float, w: float, label: str = "Winner") -> None:
    """Draw a labelled writing line at baseline y."""
    canvas.text(x, y, label, fonts.BOLD, 10, INK)
    lw = fonts.width(label, fonts.BOLD, 10)
    canvas.line(x + lw + 6, y + 1, x + w, y + 1, RULE, 0.75)


def name_cell(canvas: Canvas, x: float, y: float, w: float, h: float, name: str | None,
              align: Align = "left") -> None:
    """Draw a player's name in a cell, shrunk or shortened to fit; a blank gets a line."""
    if name is None:
        canvas.line(x + 4, y + h - 5, x + w - 4, y + h - 5, RULE, 0.6, dash=(1, 2))
        return
    draw_fitted(canvas, x, y, w, h, name, fonts.BOLD, NAME_SIZE, INK, align=align, pad=4)


def label_cell(canvas: Canvas, x: float, y: float, w: float, h: float, text: str,
               size: float = LABEL_SIZE, align: Align = "center", fill: bool = True) -> None:
    """Draw a shaded heading cell with its label."""
    if fill:
        canvas.rect(x, y, w, h, None, PAPER_TINT)
    draw_fitted(canvas, x, y, w, h, text, fonts.BOLD, size, INK, align=align, pad=3)


def grid(canvas: Canvas, x: float, y: float, cols: Sequence[float], rows: Sequence[float],
         width: float = 0.6) -> None:
    """Draw the lines of a table with the given column widths and row heights."""
    total_w, total_h = sum(cols), sum(rows)
    cy = y
    for h in (0.0, *rows):
        cy += h
        canvas.line(x, cy, x + total_w, cy, INK, width)
    cx = x
    for w in (0.0, *cols):
        cx += w
        canvas.line(cx, y, cx, y + total_h, INK, width)


FACT_SIZE = 8.5


def facts_height(w: float, lines: Sequence[str], size: float = FACT_SIZE) -> float:
    """Return the height `facts` needs for these reminders in width w."""
    return sum(len(wrap(line, fonts.REGULAR, size, w)) for line in lines) * size * 1.3 + 2


def facts(canvas: Canvas, x: float, y: float, w: float, lines: Sequence[str],
          size: float = FACT_SIZE) -> float:
    """Draw scoring reminders, each wrapped to the width; return the y below them."""
    for line in lines:
        y = draw_paragraph(canvas, x, y, w, line, fonts.REGULAR, size, INK, size * 1.3) + 2
    return y


def player_word(count: int) -> str:
    return f"{count} player" + ("s" if count != 1 else "")


def column_table(
    canvas: Canvas,
    x: float,
    y: float,
    w: float,
    h: float,
    names: Sequence[str | None],
    first_label: str,
    sub_labels: Sequence[str],
    sub_weights: Sequence[float],
    max_row: float = 26.0,
    tick_column: int | None = None,
) -> float:
    """Draw a table with a numbered first column and a group of columns per player.

    As many writing rows as fit in height h; returns the y of the table's bottom edge.
    """
    first_w = 30.0
    group_w = (w - first_w) / len(names)
    name_h, sub_h = ROW_MIN, 14.0
    rows = max(1, int((h - name_h - sub_h) // ROW_MIN))
    row_h = min(max_row, (h - name_h - sub_h) / rows)
    rows = min(rows, int((h - name_h - sub_h) // row_h))
    body_top = y + name_h + sub_h
    # headings
    label_cell(canvas, x, y, first_w, name_h + sub_h, first_label)
    unit = group_w / sum(sub_weights)
    sub_cols = [wt * unit for wt in sub_weights]
    for i, name in enumerate(names):
        gx = x + first_w + i * group_w
        name_cell(canvas, gx, y, group_w, name_h, name, align="center")
        sx = gx
        for label, sw in zip(sub_labels, sub_cols):
            label_cell(canvas, sx, y + name_h, sw, sub_h, label, size=8)
            sx += sw
    # every other row lightly shaded, to guide the eye across
    for r in range(rows):
        ry = body_top + r * row_h
        if r % 2 == 1:
            canvas.rect(x, ry, w, row_h, None, PAPER_TINT.tint(0.4))
        canvas.text(x + first_w / 2, ry + row_h / 2 + 3.2, str(r + 1), fonts.REGULAR, 9, GREY,
                    "center")
    cols = [first_w] + [sw for _ in names for sw in sub_cols]
    grid(canvas, x, body_top, cols, [row_h] * rows, 0.5)
    if tick_column is not None:
        # a small square to tick in each row of that sub-column
        offset = sum(sub_cols[:tick_column]) + sub_cols[tick_column] / 2
        box = min(11.0, sub_cols[tick_column] - 6)
        for i in range(len(names)):
            tx = x + first_w + i * group_w + offset - box / 2
            for r in range(rows):
                ty = body_top + r * row_h + (row_h - box) / 2
                canvas.rect(tx, ty, box, box, GREY, WHITE, 0.6, radius=1.5)
    # heavier lines around each player's group and the heading block
    canvas.rect(x, y, w, name_h + sub_h + rows * row_h, INK, None, 1.2)
    for i in range(1, len(names)):
        gx = x + first_w + i * group_w
        canvas.line(gx, y, gx, body_top + rows * row_h, INK, 1.2)
    canvas.line(x + first_w, y, x + first_w, body_top + rows * row_h, INK, 1.2)
    canvas.line(x + first_w, y + name_h, x + w, y + name_h, INK, 0.5)
    canvas.line(x, body_top, x + w, body_top, INK, 1.2)
    return body_top + rows * row_h


def column_table_min_width(players: int, sub_weights: Sequence[float]) -> float:
    """Return the narrowest box in which each sub-column is still 8 mm wide."""
    smallest = min(sub_weights) / sum(sub_weights)
    return 30.0 + players * (ROW_MIN / smallest)
