"""The Crazy8ix score pad: hand points and running totals, the card-points table in the footer."""

from __future__ import annotations

from printkit.draw import fonts
from printkit.draw.canvas import Canvas
from printkit.draw.color import INK, PAPER_TINT
from printkit.draw.impose import Panel
from printkit.draw.text import draw_fitted
from printkit.games import crazy8ix as rules
from printkit.products.pads.common import (
    ROW_MIN, PadSetup, column_table, column_table_min_width, facts, facts_height, header,
    player_word, winner_line)

_SUB = ("Hand", "Total")
_WEIGHTS = (1.0, 1.15)


def panel(setup: PadSetup) -> Panel:
    """Return the pad for `setup`'s players as a panel to impose."""
    min_w = max(330.0, column_table_min_width(setup.count, _WEIGHTS))
    min_h = 50 + ROW_MIN + 14 + 7 * ROW_MIN + 96
    return Panel(lambda c, w, h: draw(c, w, h, setup), min_w, min_h, "Crazy8ix")


def points_table(canvas: Canvas, x: float, y: float, w: float, h: float = 30.0) -> None:
    """Draw the card points as a strip of boxes: what is left in hand, and what it costs."""
    cell = w / len(rules.POINTS_TABLE)
    for i, (what, points) in enumerate(rules.POINTS_TABLE):
        cx = x + i * cell
        canvas.rect(cx, y, cell, h, INK, PAPER_TINT if i % 2 == 0 else None, 0.6)
        draw_fitted(canvas, cx, y + 2, cell, h / 2, what, fonts.BOLD, 9, INK, "center", pad=3)
        draw_fitted(canvas, cx, y + h / 2, cell, h / 2 - 2, f"{points} points", fonts.REGULAR,
                    9, INK, "center", pad=3)


def draw(canvas: Canvas, w: float, h: float, setup: PadSetup) -> None:
    """Draw the pad in a w × h box."""
    target = setup.target or rules.DEFAULT_TARGET
    y = header(canvas, w, "Crazy8ix",
               f"Score pad · {player_word(setup.count)} · game to {target} · fewest points wins")
    lines = (f"Going out scores 0. The game ends after the hand in which a total reaches "
             f"{target}; the fewest points wins, ties share the win.",)
    reserve = 54 + facts_height(w, lines) + 30
    bottom = column_table(canvas, 0, y, w, h - y - reserve, setup.names, "Hand", _SUB, _WEIGHTS)
    canvas.text(0, bottom + 14, "Cards left in hand score:", fonts.BOLD, 9, INK)
    points_table(canvas, 0, bottom + 19, w, 28)
    fy = facts(canvas, 0, bottom + 54, w, lines)
    winner_line(canvas, 0, min(h - 4, fy + 14), w * 0.6)
