"""Dice Dice Baby: a tracker (dice to strike, a challenge log) and the odds card."""

from __future__ import annotations

import math

from printkit.draw import fonts
from printkit.draw.canvas import Canvas
from printkit.draw.color import GREY, INK, OKABE_SKY, PAPER_TINT
from printkit.draw.impose import Panel
from printkit.draw.text import draw_fitted, draw_paragraph
from printkit.games import dice_dice_baby as rules
from printkit.language import ENGLISH, Lang
from printkit.products.pads.common import (
    ROW_MIN,
    Pad,
    PadSetup,
    PadShape,
    Slots,
    facts,
    facts_height,
    grid,
    header,
    label_cell,
    name_cell,
    pad_panel,
    player_word,
    winner_line,
)

_DIE = 24.0
_DIE_STEP = _DIE + 6
_NAME_W = 150.0
_BLOCK_GAP = 10.0
_HEAD_H = 22.0
Log = tuple[tuple[str, float], ...]


def _logs(lang: Lang) -> tuple[Log, Log]:
    """Return (heading, share of the width) for the full log, and for the log of a half-sheet
    tracker, whose challenges run in two blocks side by side."""
    _ = lang.gettext
    return ((( _("Round"), 0.7), (_("Bid: how many × face"), 1.6), (_("Bidder"), 1.3),
             (_("Challenger"), 1.3), (_("Dice shown"), 0.9), (_("Lost a die"), 1.3)),
            (("#", 0.6), (_("Bid"), 1.0), (_("Bidder"), 1.3), (_("Challenger"), 1.55),
             (_("Lost"), 0.85)))


def _facts(lang: Lang) -> tuple[str, ...]:
    _ = lang.gettext
    return (_("Raise: how many and the face may each go up or stay, never down, and the bid "
              "must change."),
            _("Babies are wild. Shown ≥ bid: the challenger loses a die; otherwise the bidder "
              "does."))


def _dice_height(players: int) -> float:
    return 12 + players * _DIE_STEP + 12


def panel(setup: PadSetup) -> Panel:
    """Return the tracker for `setup`'s players as a panel to impose."""
    rows = math.ceil(rules.max_challenges(setup.count) / 2)
    min_h = 50 + _dice_height(setup.count) + 5 + _HEAD_H + rows * ROW_MIN + 60
    return pad_panel("dice-dice-baby", draw, setup, 2 * 170 + _BLOCK_GAP, min_h,
                     setup.lang.gettext("Dice Dice Baby"))


def odds_panel(lang: Lang = ENGLISH) -> Panel:
    """Return the odds card as a panel (it needs a whole sheet)."""
    return Panel(lambda c, w, h: draw_odds(c, w, h, lang), 500, 560,
                 lang.gettext("Dice Dice Baby odds card"))


def draw(canvas: Canvas, w: float, h: float, shape: PadShape, slots: Slots) -> None:
    """Draw the tracker (but its names) in a w × h box."""
    lang = shape.lang
    _ = lang.gettext
    y = header(canvas, w, h, _("Dice Dice Baby"),
               _("Tracker · {players} · last player with a die wins").format(
                   players=player_word(shape.count, lang)), slots, shape)
    draw_fitted(canvas, 0, y - 6, w, 12, _("Dice left: strike a die when its owner loses one"),
                fonts.BOLD, 9, INK, valign="baseline")
    y += 12
    name_w = min(_NAME_W, w - 5 * _DIE_STEP - 8)
    for i in range(shape.count):
        ry = y + i * _DIE_STEP
        canvas.rect(0, ry, name_w, _DIE + 2, stroke=None, fill=PAPER_TINT if i % 2 else None)
        name_cell(slots, 0, ry, name_w, _DIE + 2, i)
        for d in range(rules.DICE_PER_PLAYER):
            dx = name_w + 6 + d * _DIE_STEP
            canvas.rect(dx, ry + 1, _DIE, _DIE, stroke=INK, fill=None, width=1.0, radius=4)
            canvas.text(dx + _DIE / 2, ry + 1 + _DIE / 2 + 3, str(d + 1), font=fonts.REGULAR,
                        size=8,
                        color=GREY.tint(0.45), align="center")
    y += shape.count * _DIE_STEP + 12
    canvas.text(0, y, _("Challenges"), font=fonts.BOLD, size=9, color=INK)
    y += 5
    lines = _facts(lang)
    reserve = facts_height(w, lines) + 34
    # a row for every challenge the game can have, in one block or, if the page is short,
    # two side by side
    rows = rules.max_challenges(shape.count)
    blocks = 1 if (h - y - _HEAD_H - reserve) >= rows * ROW_MIN else 2
    per_block = math.ceil(rows / blocks)
    row_h = max(ROW_MIN, min(26.0, (h - y - _HEAD_H - reserve) / per_block))
    block_w = (w - (blocks - 1) * _BLOCK_GAP) / blocks
    full, short = _logs(lang)
    log = full if block_w >= 400 else short
    for b in range(blocks):
        first = b * per_block
        _log_block(canvas, b * (block_w + _BLOCK_GAP), y, block_w, row_h, log,
                   range(first + 1, min(rows, first + per_block) + 1))
    fy = facts(canvas, 0, y + _HEAD_H + per_block * row_h + 8, w, lines)
    winner_line(canvas, 0, min(h - 4, fy + 12), w * 0.6, lang)


def _log_block(canvas: Canvas, x: float, y: float, w: float, row_h: float,
               log: tuple[tuple[str, float], ...], numbers: range) -> None:
    """Draw one block of the challenge log: its headings and a numbered row per challenge."""
    unit = w / sum(wt for _label, wt in log)
    cols = [wt * unit for _label, wt in log]
    cx = x
    for (label, _share), cw in zip(log, cols):
        label_cell(canvas, cx, y, cw, _HEAD_H, label, size=8, pad=1.5)
        cx += cw
    top = y + _HEAD_H
    for r, number in enumerate(numbers):
        canvas.text(x + cols[0] / 2, top + r * row_h + row_h / 2 + 3.2, str(number),
                    font=fonts.REGULAR, size=9, color=GREY, align="center")
    grid(canvas, x, y, cols, [_HEAD_H] + [row_h] * len(numbers), 0.5)
    canvas.rect(x, y, w, _HEAD_H + len(numbers) * row_h, stroke=INK, fill=None, width=1.2)


def percent(p: float) -> str:
    """Return a chance as the odds card prints it: whole percent, with <1 and >99 kept honest."""
    if p >= 0.995 and p < 1:
        return ">99"
    if 0 < p < 0.005:
        return "<1"
    return f"{round(p * 100)}"


def draw_odds(canvas: Canvas, w: float, h: float, lang: Lang = ENGLISH) -> None:
    """Draw the odds card: P(at least k of n dice show the bid face or a Baby), in percent.

    As on the rule summary, n (the dice you cannot see) runs across and k down.
    """
    _ = lang.gettext
    y = header(canvas, w, h, _("Dice Dice Baby · odds card"),
               _("Each die shows the bid face or a Baby 1 time in 3"), [],
               PadShape(1, lang=lang), date=False)
    n_max = rules.MAX_TABLE_DICE
    y = draw_paragraph(canvas, 0, y - 2, w,
                       _("Count the dice that match your bid under your own cup. For the dice "
                         "you cannot see (n, at most {n_max}: everyone else's), find the column "
                         "n and the row k = how many more you need: the cell is the chance, in "
                         "percent, that at least k of them show the face or a Baby. Shaded, "
                         "bold cells are {half} or better.").format(
                             n_max=n_max, half=lang.percent(0.5)), fonts.REGULAR, 9.5, INK) + 8
    label_w = 58.0
    cell_w = (w - label_w) / n_max
    head_h = 18.0
    row_h = min(26.0, (h - y - head_h - 28) / n_max)
    label_cell(canvas, 0, y, label_w, head_h, _("k \\ n unseen"), size=8)
    for n in range(1, n_max + 1):
        label_cell(canvas, label_w + (n - 1) * cell_w, y, cell_w, head_h, str(n), size=9)
    for k in range(1, n_max + 1):
        ry = y + head_h + (k - 1) * row_h
        label_cell(canvas, 0, ry, label_w, row_h, _("at least {k}").format(k=k), size=8.5)
        for n in range(k, n_max + 1):
            p = float(rules.chance_at_least(k, n))
            cx = label_w + (n - 1) * cell_w
            likely = p >= 0.5
            if likely:
                canvas.rect(cx, ry, cell_w, row_h, stroke=None, fill=OKABE_SKY.tint(0.8))
            draw_fitted(canvas, cx, ry, cell_w, row_h, percent(p),
                        fonts.BOLD if likely else fonts.REGULAR, 9, INK, "center", pad=1)
    grid(canvas, 0, y, [label_w] + [cell_w] * n_max, [head_h] + [row_h] * n_max, 0.4)
    canvas.rect(0, y, w, head_h + n_max * row_h, stroke=INK, fill=None, width=1.2)
    draw_fitted(canvas, 0, y + head_h + n_max * row_h + 4, w, 12,
                _("Expect about n ÷ 3 matches among n unseen dice. Cells where k > n are empty: "
                  "it cannot happen."), fonts.ITALIC, 9, INK, valign="baseline")


PAD = Pad(panel, extras=(odds_panel,))
