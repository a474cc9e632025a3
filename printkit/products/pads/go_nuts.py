"""The Go Nuts! score pad: a column group per player with turn score, running total, Go Nuts! tick."""

from __future__ import annotations

from printkit.draw.canvas import Canvas
from printkit.draw.impose import Panel
from printkit.games import go_nuts as rules
from printkit.products.pads.common import (
    ROW_MIN, PadSetup, column_table, column_table_min_width, facts, facts_height, header,
    player_word, winner_line)

_SUB = ("Acorns", "Total", "GN")
_WEIGHTS = (1.0, 1.2, 0.62)


def panel(setup: PadSetup) -> Panel:
    """Return the pad for `setup`'s players as a panel to impose."""
    min_w = column_table_min_width(setup.count, _WEIGHTS)
    min_h = 42 + ROW_MIN + 14 + 8 * ROW_MIN + 70
    return Panel(lambda c, w, h: draw(c, w, h, setup), min_w, min_h, "Go Nuts!")


def draw(canvas: Canvas, w: float, h: float, setup: PadSetup) -> None:
    """Draw the pad in a w × h box."""
    target = setup.target or rules.DEFAULT_TARGET
    y = header(canvas, w, "Go Nuts!",
               f"Score pad · {player_word(setup.count)} · first to {target} acorns wins")
    lines = (
        f"Target {target}: the game ends at the end of the turn in which a total reaches "
        f"{target}; that player wins.",
        "Write each turn's acorns: 0 after All Cars or a wipe-out. After a Go Nuts! round, tick "
        "GN and write the acorns it scored.",
    )
    reserve = facts_height(w, lines) + 36
    table_bottom = column_table(canvas, 0, y, w, h - y - reserve, setup.names, "Turn", _SUB,
                                _WEIGHTS, tick_column=2)
    fy = facts(canvas, 0, table_bottom + 8, w, lines)
    winner_line(canvas, 0, min(h - 4, fy + 16), w * 0.6)
