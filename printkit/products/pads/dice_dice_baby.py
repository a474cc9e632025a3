"""Dice Dice Baby: a tracker (dice to strike, a challenge log) and the odds card."""

from __future__ import annotations

from printkit.draw import fonts
from printkit.draw.canvas import Canvas
from printkit.draw.color import GREY, INK, OKABE_SKY, PAPER_TINT
from printkit.draw.impose import Panel
from printkit.draw.text import draw_fitted, draw_paragraph
from printkit.games import dice_dice_baby as rules
from printkit.products.pads.common import (
    ROW_MIN, PadSetup, facts, facts_height, grid, header, label_cell, name_cell, player_word,
    winner_line)

_DIE = 24.0
_LOG = (("Round", 0.7), ("Bid: how many × face", 1.6), ("Bidder", 1.3), ("Challenger", 1.3),
        ("Dice shown", 0.9), ("Lost a die", 1.3))


def panel(setup: PadSetup) -> Panel:
    """Return the tracker for `setup`'s players as a panel to impose."""
    rows = rules.max_challenges(setup.count)
    min_h = 54 + setup.count * (_DIE + 6) + 40 + rows * ROW_MIN + 60
    return Panel(lambda c, w, h: draw(c, w, h, setup), 250, min_h, "Dice Dice Baby")


def odds_panel() -> Panel:
    """Return the odds card as a panel (it needs a whole sheet)."""
    return Panel(draw_odds, 500, 640, "Dice Dice Baby odds card")


def draw(canvas: Canvas, w: float, h: float, setup: PadSetup) -> None:
    """Draw the tracker in a w × h box."""
    y = header(canvas, w, "Dice Dice Baby",
               f"Tracker · {player_word(setup.count)} · last player with a die wins")
    canvas.text(0, y + 6, "Dice left: strike a die when its owner loses one", fonts.BOLD, 9, INK)
    y += 12
    name_w = min(150.0, w - 5 * (_DIE + 6) - 8)
    for i, name in enumerate(setup.names):
        ry = y + i * (_DIE + 6)
        canvas.rect(0, ry, name_w, _DIE + 2, None, PAPER_TINT if i % 2 else None)
        name_cell(canvas, 0, ry, name_w, _DIE + 2, name)
        for d in range(rules.DICE_PER_PLAYER):
            dx = name_w + 6 + d * (_DIE + 6)
            canvas.rect(dx, ry + 1, _DIE, _DIE, INK, None, 1.0, radius=4)
            canvas.text(dx + _DIE / 2, ry + 1 + _DIE / 2 + 3, str(d + 1), fonts.REGULAR, 8,
                        GREY.tint(0.45), "center")
    y += setup.count * (_DIE + 6) + 12
    canvas.text(0, y, "Challenges", fonts.BOLD, 9, INK)
    y += 5
    head_h = 22.0
    weights = [wt for _, wt in _LOG]
    unit = w / sum(weights)
    cols = [wt * unit for wt in weights]
    x = 0.0
    for (label, _), cw in zip(_LOG, cols):
        label_cell(canvas, x, y, cw, head_h, label, size=8)
        x += cw
    lines = (
        "Raise: how many and the face may each go up or stay, never down, and the bid must "
        "change.",
        "Babies are wild. Shown ≥ bid: the challenger loses a die; otherwise the bidder does.",
    )
    reserve = facts_height(w, lines) + 34
    # room for every challenge the game can have
    rows = rules.max_challenges(setup.count)
    row_h = max(ROW_MIN, min(26.0, (h - y - head_h - reserve) / rows))
    grid(canvas, 0, y, cols, [head_h] + [row_h] * rows, 0.5)
    canvas.rect(0, y, w, head_h + rows * row_h, INK, None, 1.2)
    fy = facts(canvas, 0, y + head_h + rows * row_h + 8, w, lines)
    winner_line(canvas, 0, min(h - 4, fy + 12), w * 0.6)


def percent(p: float) -> str:
    """Return a chance as the odds card prints it: whole percent, with <1 and >99 kept honest."""
    if p >= 0.995 and p < 1:
        return ">99"
    if 0 < p < 0.005:
        return "<1"
    return f"{round(p * 100)}"


def draw_odds(canvas: Canvas, w: float, h: float) -> None:
    """Draw the odds card: P(at least k of n dice show the bid face or a Baby), in percent."""
    y = header(canvas, w, "Dice Dice Baby · odds card",
               "Each die shows the bid face or a Baby 1 time in 3", date=False)
    y = draw_paragraph(canvas, 0, y - 2, w,
                       "Count the dice that match your bid under your own cup. For the dice you "
                       "cannot see (n), find the row n and the column k = how many more you "
                       "need: the cell is the chance, in percent, that at least k of them show "
                       "the face or a Baby. Shaded, bold cells are 50 % or better.",
                       fonts.REGULAR, 9.5, INK) + 8
    n_max = rules.MAX_TABLE_DICE
    label_w = 34.0
    cell_w = (w - label_w) / n_max
    head_h = 16.0
    row_h = min(26.0, (h - y - head_h - 28) / n_max)
    label_cell(canvas, 0, y, label_w, head_h, "n \\ k", size=8)
    for k in range(1, n_max + 1):
        label_cell(canvas, label_w + (k - 1) * cell_w, y, cell_w, head_h, str(k), size=8)
    for n in range(1, n_max + 1):
        ry = y + head_h + (n - 1) * row_h
        label_cell(canvas, 0, ry, label_w, row_h, str(n), size=9)
        for k in range(1, n + 1):
            p = float(rules.chance_at_least(k, n))
            cx = label_w + (k - 1) * cell_w
            likely = p >= 0.5
            if likely:
                canvas.rect(cx, ry, cell_w, row_h, None, OKABE_SKY.tint(0.8))
            draw_fitted(canvas, cx, ry, cell_w, row_h, percent(p),
                        fonts.BOLD if likely else fonts.REGULAR, 8.5, INK, "center", pad=1)
    grid(canvas, 0, y, [label_w] + [cell_w] * n_max, [head_h] + [row_h] * n_max, 0.4)
    canvas.rect(0, y, w, head_h + n_max * row_h, INK, None, 1.2)
    canvas.text(0, y + head_h + n_max * row_h + 16,
                "Expect about n ÷ 3 matches among n unseen dice. Cells where k > n are empty: "
                "it cannot happen.", fonts.ITALIC, 9, INK)
