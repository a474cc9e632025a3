"""Dice Dice Baby aids: which bids raise a bid, and the odds of a bid with Babies wild."""

from __future__ import annotations

import math
from fractions import Fraction

from printkit.draw import fonts
from printkit.draw.canvas import Canvas
from printkit.draw.color import INK, OKABE_SKY, PAPER_TINT, RULE, WHITE
from printkit.draw.text import draw_fitted
from printkit.games import dice_dice_baby as rules
from printkit.language import ENGLISH, Lang
from printkit.products.pads.dice_dice_baby import percent
from printkit.products.rules.aids.base import TEXT, Aid, check_mark, paragraph, pips

# the bid the raising chart starts from: four 3s
RAISE_FROM = (4, 3)
_QUANTITIES = range(RAISE_FROM[0] - 1, RAISE_FROM[0] + 4)
_LIKELY = OKABE_SKY.tint(0.8)

# the odds table: a column for every number n of unseen dice that can occur (ruling 5), a
# row for every k "at least k of them", up to where every chance further down is under 1 %
ODDS_N = range(1, rules.MAX_TABLE_DICE + 1)
ODDS_K = range(1, next(k for k in range(1, rules.MAX_TABLE_DICE + 1)
                       if max(rules.chance_at_least(k + 1, n) for n in ODDS_N) < 0.01) + 1)


def raise_chart() -> dict[tuple[int, int], bool]:
    """Return, for every (quantity, face) on the chart, whether it raises the starting bid."""
    q, f = RAISE_FROM
    return {(q2, f2): rules.is_raise(q, f, q2, f2) for q2 in _QUANTITIES for f2 in rules.FACES}


def draw_bid_raising(canvas: Canvas, w: float, lang: Lang = ENGLISH) -> float:
    _ = lang.gettext
    q, f = RAISE_FROM
    chart = raise_chart()
    label_w = 50.0
    cell = min(30.0, (w - label_w) / len(rules.FACES))
    row_h = 17.0
    head_h = 24.0
    y = 0.0
    canvas.text(label_w + cell * len(rules.FACES) / 2, y + 8, _("face bid"), font=fonts.ITALIC,
                size=TEXT, color=INK, align="center")
    y += 11
    for i, face in enumerate(rules.FACES):
        side = 15.0
        pips(canvas, label_w + i * cell + (cell - side) / 2, y, side, face)
    draw_fitted(canvas, 0, y - 1, label_w - 2, 12, _("how many"), fonts.ITALIC, TEXT, INK,
                valign="baseline")
    y += head_h - 5
    for r, quantity in enumerate(_QUANTITIES):
        ry = y + r * row_h
        canvas.text(label_w - 8, ry + row_h - 5, str(quantity), font=fonts.BOLD, size=TEXT,
                    color=INK, align="right")
        for c, face in enumerate(rules.FACES):
            cx = label_w + c * cell
            if (quantity, face) == RAISE_FROM:
                canvas.rect(cx, ry, cell, row_h, stroke=None, fill=INK)
                draw_fitted(canvas, cx, ry, cell, row_h - 4, _("bid"), fonts.BOLD, TEXT,
                            WHITE, "center", "baseline", pad=1)
            elif chart[(quantity, face)]:
                canvas.rect(cx, ry, cell, row_h, stroke=None, fill=_LIKELY)
                check_mark(canvas, cx + cell / 2, ry + row_h / 2, 9.0)
            canvas.rect(cx, ry, cell, row_h, stroke=RULE, fill=None, width=0.4)
    grid_bottom = y + len(_QUANTITIES) * row_h
    canvas.rect(label_w, y, cell * len(rules.FACES), grid_bottom - y, stroke=INK, fill=None,
                width=0.8)
    return paragraph(canvas, 0, grid_bottom + 4, w,
                     _("From a bid of **{q} × {f}s**, every ticked bid is a raise: more dice, a "
                       "higher face, or both.").format(q=q, f=f)) + 2


def odds(k: int, n: int) -> Fraction:
    """Return P(at least k of n unseen dice show the bid face or a Baby), from the rules."""
    return rules.chance_at_least(k, n)


def beyond_table() -> Fraction:
    """Return the largest chance the table leaves out (k past its last row, every n)."""
    k = ODDS_K[-1] + 1
    return max(odds(k, n) for n in ODDS_N)


def beyond_note(lang: Lang = ENGLISH) -> str:
    """Return the note under the table: how small every chance past its last row is."""
    far = math.ceil(float(beyond_table()) * 100)
    return lang.gettext("Blank: k is more than n, so it cannot happen. Needing more than "
                        "{k}: always under {percent}.").format(
        k=ODDS_K[-1], percent=lang.percent(max(far, 1) / 100))


def draw_odds_table(canvas: Canvas, w: float, lang: Lang = ENGLISH) -> float:
    _ = lang.gettext
    y = paragraph(canvas, 0, 0, w,
                  _("**Chance, in percent, that at least k of the n dice you cannot see show "
                    "the bid face or a Baby.** k is the bid less your own matching dice. Each "
                    "unseen die matches 1 time in 3. Bold on shading: {half} or better.").format(
                        half=lang.percent(0.5))) + 5
    label_w = 76.0
    cell = (w - label_w) / len(ODDS_N)
    head_h = 14.0
    row_h = 11.2
    canvas.rect(0, y, w, head_h, stroke=None, fill=PAPER_TINT)
    draw_fitted(canvas, 4, y - 2.5, label_w - 6, 12.5, _("n unseen →"), fonts.BOLD, TEXT, INK,
                valign="baseline")
    for i, n in enumerate(ODDS_N):
        canvas.text(label_w + (i + 0.5) * cell, y + 10, str(n), font=fonts.BOLD, size=TEXT,
                    color=INK, align="center")
    top = y + head_h
    for r, k in enumerate(ODDS_K):
        ry = top + r * row_h
        if r % 2 == 1:
            canvas.rect(0, ry, w, row_h, stroke=None, fill=PAPER_TINT.tint(0.5))
        draw_fitted(canvas, 4, ry - 2.6, label_w - 22, row_h, _("at least"), fonts.REGULAR,
                    TEXT, INK, valign="baseline")
        canvas.text(label_w - 8, ry + row_h - 2.6, str(k), font=fonts.BOLD, size=TEXT, color=INK,
                    align="right")
        for i, n in enumerate(ODDS_N):
            if k > n:
                continue
            p = odds(k, n)
            cx = label_w + i * cell
            likely = p >= Fraction(1, 2)
            if likely:
                canvas.rect(cx, ry, cell, row_h, stroke=None, fill=_LIKELY)
            canvas.text(cx + cell / 2, ry + row_h - 2.6, percent(float(p)),
                        font=fonts.BOLD if likely else fonts.REGULAR, size=TEXT, color=INK,
                        align="center")
    bottom = top + len(ODDS_K) * row_h
    canvas.line(0, top, w, top, stroke=INK, width=0.8)
    canvas.line(label_w, y, label_w, bottom, stroke=INK, width=0.8)
    canvas.rect(0, y, w, bottom - y, stroke=INK, fill=None, width=0.8)
    return paragraph(canvas, 0, bottom + 4, w, beyond_note(lang)) + 2


AIDS = (
    Aid("bid-raising", draw_bid_raising),
    Aid("odds-table", draw_odds_table, wide=True),
)
