"""The Crazy Like a Fox score pad: the Points row, an X per round won, totals, BIG #1 swaps."""

from __future__ import annotations

from printkit.draw import fonts
from printkit.draw.canvas import Canvas
from printkit.draw.color import GREY, INK, PAPER_TINT
from printkit.draw.impose import Panel
from printkit.draw.text import draw_paragraph, wrap
from printkit.games import crazy_like_a_fox as rules
from printkit.language import Lang
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

_LABEL_W = (72.0, 130.0)
_TOTAL_W = 42.0
_HEAD_H = 16.0



def _facts(lang: Lang) -> tuple[str, ...]:
    _ = lang.gettext
    return (
        _("Ties cancel: a value played by two or more players is out; the highest value "
          "played by one player wins. All tied: nobody scores."),
        _("A 1 is the BIG #1 and beats every number. Win with it and you may swap this round "
          "for an earlier round won by someone else: write that round in the swap row, trade "
          "the Xs."),
        _("Mark an X for each round won. Total = the sum of the Points of the rounds you "
          "hold. Most points wins; tied players share the win."),
    )


def _reroll(lang: Lang) -> str:
    return lang.gettext("everyone re-rolls all their dice before this round")


def panel(setup: PadSetup) -> Panel:
    """Return the pad for `setup`'s players as a panel to impose."""
    n = rules.rounds(setup.count)
    min_w = _LABEL_W[0] + n * ROW_MIN + _TOTAL_W
    min_h = 50 + _HEAD_H + (setup.count + 2) * ROW_MIN + 100
    return pad_panel("crazy-like-a-fox", draw, setup, min_w, min_h,
                     setup.lang.gettext("Crazy Like a Fox"))


def draw(canvas: Canvas, w: float, h: float, shape: PadShape, slots: Slots) -> None:
    """Draw the pad (but its names) in a w × h box."""
    lang = shape.lang
    _ = lang.gettext
    players = shape.count
    n = rules.rounds(players)
    split = rules.reroll_before(players)
    y = header(canvas, w, h, _("Crazy Like a Fox"),
               _("Score pad · {players} · {rounds} rounds, re-roll before round {split}").format(
                   players=player_word(players, lang), rounds=n, split=split), slots, shape)
    label_w = max(_LABEL_W[0], min(_LABEL_W[1], w * 0.2))
    round_w = (w - label_w - _TOTAL_W) / n
    lines = _facts(lang)
    note_w = w - (label_w + (split - 1) * (w - label_w - _TOTAL_W) / n) - 7
    bottom_reserve = 22 + facts_height(w, lines) + 30 + 9 * (len(wrap(
        _reroll(lang), fonts.ITALIC, 8, note_w)) - 1)
    rows_h = h - y - _HEAD_H - bottom_reserve
    row_h = max(ROW_MIN, min(56.0, rows_h / (players + 2)))
    cols = [label_w] + [round_w] * n + [_TOTAL_W]
    # heading row: round numbers
    label_cell(canvas, 0, y, label_w, _HEAD_H, _("Round"), align="left")
    for r in range(n):
        label_cell(canvas, label_w + r * round_w, y, round_w, _HEAD_H, str(r + 1))
    label_cell(canvas, label_w + n * round_w, y, _TOTAL_W, _HEAD_H, _("Total"))
    top = y + _HEAD_H
    # Points row: the d8 roll for each round
    label_cell(canvas, 0, top, label_w, row_h, _("Points (d8)"), align="left")
    canvas.rect(label_w + n * round_w, top, _TOTAL_W, row_h, stroke=None, fill=PAPER_TINT)
    for r in range(players):
        ry = top + (r + 1) * row_h
        name_cell(slots, 0, ry, label_w, row_h, r)
    swap_y = top + (players + 1) * row_h
    label_cell(canvas, 0, swap_y, label_w, row_h, _("BIG #1 swap: with round"), size=8,
               align="left")
    canvas.rect(label_w + n * round_w, swap_y, _TOTAL_W, row_h, stroke=None, fill=PAPER_TINT)
    rows = [_HEAD_H] + [row_h] * (players + 2)
    grid(canvas, 0, y, cols, rows, 0.6)
    table_h = sum(rows)
    canvas.rect(0, y, w, table_h, stroke=INK, fill=None, width=1.4)
    # the re-roll splits the game in two hands: a heavy line and a note
    hx = label_w + (split - 1) * round_w
    canvas.line(hx, y, hx, y + table_h, stroke=INK, width=2.2)
    for line_y in (top, top + row_h, swap_y):
        canvas.line(0, line_y, w, line_y, stroke=INK, width=1.2)
    canvas.line(label_w, y, label_w, y + table_h, stroke=INK, width=1.2)
    canvas.line(label_w + n * round_w, y, label_w + n * round_w, y + table_h, stroke=INK, width=1.2)
    note_y = y + table_h + 11
    canvas.polygon([(hx, note_y - 7), (hx - 4, note_y), (hx + 4, note_y)], stroke=None, fill=INK)
    note_bottom = draw_paragraph(canvas, hx + 7, note_y - 8, w - hx - 7, _reroll(lang),
                                 fonts.ITALIC, 8, GREY, 9)
    fy = facts(canvas, 0, max(note_y, note_bottom) + 8, w, lines)
    winner_line(canvas, 0, min(h - 4, fy + 18), w * 0.6, lang)


PAD = Pad(panel)
