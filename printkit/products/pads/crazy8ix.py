"""The Crazy8ix score pad: hand points and running totals, the card-points table in the footer."""

from __future__ import annotations

from printkit.draw import fonts
from printkit.draw.canvas import Canvas
from printkit.draw.color import INK, PAPER_TINT
from printkit.draw.impose import Panel
from printkit.draw.text import draw_fitted
from printkit.games import crazy8ix as rules
from printkit.products.pads.common import (
    NAME_ROW, ROW_MIN, Column, PadSetup, PadShape, Slots, column_table, column_table_min_width,
    compact, facts, facts_height, header, pad_panel, player_word, winner_line)

_COLUMNS = (Column("Hand", weight=1.0), Column("Total", weight=1.15))
MIN_ROWS = 7


def panel(setup: PadSetup) -> Panel:
    """Return the pad for `setup`'s players as a panel to impose."""
    min_w = max(250.0, column_table_min_width(setup.count, _COLUMNS))
    min_h = 31 + NAME_ROW + 14 + MIN_ROWS * ROW_MIN + 60
    return pad_panel("crazy8ix", draw, setup, min_w, min_h, "Crazy8ix")


def points_table(canvas: Canvas, x: float, y: float, w: float, h: float = 30.0) -> None:
    """Draw the card points as a strip of boxes: what is left in hand, and what it costs."""
    cell = w / len(rules.POINTS_TABLE)
    for i, (what, points) in enumerate(rules.POINTS_TABLE):
        cx = x + i * cell
        canvas.rect(cx, y, cell, h, stroke=INK, fill=PAPER_TINT if i % 2 == 0 else None, width=0.6)
        draw_fitted(canvas, cx, y + 2, cell, h / 2, what, fonts.BOLD, 9, INK, "center", pad=3)
        draw_fitted(canvas, cx, y + h / 2, cell, h / 2 - 2, f"{points} points", fonts.REGULAR,
                    9, INK, "center", pad=3)


def points_line() -> str:
    """Return the card points in one sentence, for a pad too small for the strip."""
    return "Left in hand: " + " · ".join(f"{what} {points}" for what, points in rules.POINTS_TABLE)


def draw(canvas: Canvas, w: float, h: float, shape: PadShape, slots: Slots) -> None:
    """Draw the pad (but its names) in a w × h box."""
    target = shape.target or rules.DEFAULT_TARGET
    y = header(canvas, w, h, "Crazy8ix",
               f"Score pad · {player_word(shape.count)} · game to {target} · fewest points wins",
               slots, shape)
    small = compact(h)
    lines: tuple[str, ...]
    if small:
        lines = (points_line(), f"Going out scores 0. The game ends after the hand in which a "
                 f"total reaches {target}.")
        strip = 0.0
    else:
        lines = (f"Going out scores 0. The game ends after the hand in which a total reaches "
                 f"{target}; the fewest points wins, ties share the win.",)
        strip = 54.0
    reserve = strip + facts_height(w, lines) + (22 if small else 30)
    bottom = column_table(canvas, 0, y, w, h - y - reserve, slots, shape.count, "Hand",
                          _COLUMNS)
    if strip:
        canvas.text(0, bottom + 14, "Cards left in hand score:", font=fonts.BOLD, size=9, color=INK)
        points_table(canvas, 0, bottom + 19, w, 28)
    fy = facts(canvas, 0, bottom + strip + 6, w, lines)
    winner_line(canvas, 0, min(h - 4, fy + (10 if small else 14)), w * 0.6)
