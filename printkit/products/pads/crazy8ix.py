"""The Crazy8ix score pad: hand points and running totals, the card-points table in the footer."""

from __future__ import annotations

from printkit.draw import fonts
from printkit.draw.canvas import Canvas
from printkit.draw.color import INK, PAPER_TINT
from printkit.draw.impose import Panel
from printkit.draw.text import draw_fitted, draw_lines_fitted
from printkit.games import crazy8ix as rules
from printkit.language import ENGLISH, Lang
from printkit.products.pads.common import (
    NAME_ROW,
    ROW_MIN,
    Column,
    Pad,
    PadSetup,
    PadShape,
    Slots,
    column_table,
    column_table_min_width,
    compact,
    facts,
    facts_height,
    header,
    header_height,
    pad_panel,
    part_title,
    player_word,
    table_rows,
    winner_line,
)

MIN_ROWS = 7


def _columns(lang: Lang) -> tuple[Column, ...]:
    _ = lang.gettext
    # TRANSLATORS: the Crazy8ix pad's column of a hand's points, where "Hand" is too wide
    return (Column(_("Hand"), weight=1.0, short=_("Pts")), Column(_("Total"), weight=1.15))


def panel(setup: PadSetup) -> Panel:
    """Return the pad for `setup`'s players as a panel to impose."""
    min_w = max(250.0, column_table_min_width(setup.count, _columns(setup.lang)))
    min_h = 31 + NAME_ROW + 14 + MIN_ROWS * ROW_MIN + 60
    return pad_panel("crazy8ix", draw, setup, min_w, min_h, setup.lang.gettext("Crazy8ix"))


def card_words(lang: Lang = ENGLISH) -> dict[str, str]:
    """Return how the points table names each kind of card, in `lang`."""
    _ = lang.gettext
    return {"star": _("star"), "firecracker": _("firecracker"),
            "any other letter": _("any other letter")}


_POINTS_ROW = 13.0


def _one_line(w: float, lang: Lang) -> bool:
    """Return whether every kind of card's name fits its box of the strip on one line."""
    cell = w / len(rules.POINTS_TABLE)
    return all(fonts.width(word, fonts.BOLD, 8) <= cell - 6
               for word in card_words(lang).values())


def points_table_height(w: float, lang: Lang = ENGLISH) -> float:
    """Return the strip's height: two lines for a name where its box is narrow."""
    return 28.0 if _one_line(w, lang) else 36.0


def points_table(canvas: Canvas, x: float, y: float, w: float, h: float = 30.0,
                 lang: Lang = ENGLISH) -> None:
    """Draw the card points as a strip of boxes: what is left in hand, and what it costs."""
    cell = w / len(rules.POINTS_TABLE)
    words = card_words(lang)
    for i, (what, points) in enumerate(rules.POINTS_TABLE):
        cx = x + i * cell
        canvas.rect(cx, y, cell, h, stroke=INK, fill=PAPER_TINT if i % 2 == 0 else None, width=0.6)
        draw_lines_fitted(canvas, cx, y + 1, cell, h - _POINTS_ROW, words.get(what, what),
                          fonts.BOLD, 9, INK, "center", pad=2, max_lines=2)
        draw_fitted(canvas, cx, y + h - _POINTS_ROW, cell, _POINTS_ROW - 2,
                    lang.ngettext("{points} point", "{points} points", points).format(
                        points=points), fonts.REGULAR, 9, INK, "center", pad=3)


def points_line(lang: Lang = ENGLISH) -> str:
    """Return the card points in one sentence, for a pad too small for the strip."""
    words = card_words(lang)
    return lang.gettext("Left in hand: {points}").format(points=" · ".join(
        f"{words.get(what, what)} {points}" for what, points in rules.POINTS_TABLE))


def _layout(w: float, h: float, shape: PadShape) -> tuple[tuple[str, ...], float, float]:
    """Return the pad's reminders, the points strip's height (0: none) and the table's."""
    lang = shape.lang
    _ = lang.gettext
    target = shape.target or rules.DEFAULT_TARGET
    lines: tuple[str, ...]
    if compact(h):
        lines = (points_line(lang), _("Going out scores 0. The game ends after the hand in "
                                      "which a total reaches {target}.").format(target=target))
        strip = 0.0
    else:
        lines = (_("Going out scores 0. The game ends after the hand in which a total reaches "
                   "{target}; the fewest points wins, ties share the win.").format(
                       target=target),)
        strip = 26.0 + points_table_height(w, lang)
    reserve = strip + facts_height(w, lines) + (22 if compact(h) else 30)
    return lines, strip, h - header_height(h) - reserve


def parts(setup: PadSetup, w: float, h: float) -> int:
    """Return how many pads of w × h a game of `setup` needs for its 99th-percentile hands."""
    need = rules.hands_needed(setup.count, setup.target or rules.DEFAULT_TARGET)
    return -(-need // table_rows(_layout(w, h, setup.shape)[2]))


def draw(canvas: Canvas, w: float, h: float, shape: PadShape, slots: Slots) -> None:
    """Draw the pad (but its names) in a w × h box."""
    lang = shape.lang
    _ = lang.gettext
    target = shape.target or rules.DEFAULT_TARGET
    y = header(canvas, w, h, part_title(_("Crazy8ix"), shape),
               _("Score pad · {players} · game to {target} · fewest points wins").format(
                   players=player_word(shape.count, lang), target=target), slots, shape)
    lines, strip, table_h = _layout(w, h, shape)
    bottom = column_table(canvas, 0, y, w, table_h, slots, shape.count, _("Hand"),
                          _columns(lang), first=(shape.part - 1) * table_rows(table_h) + 1)
    if strip:
        canvas.text(0, bottom + 14, _("Cards left in hand score:"), font=fonts.BOLD, size=9,
                    color=INK)
        points_table(canvas, 0, bottom + 19, w, points_table_height(w, lang), lang)
    fy = facts(canvas, 0, bottom + strip + 6, w, lines)
    winner_line(canvas, 0, min(h - 4, fy + (10 if compact(h) else 14)), w * 0.6, lang)


PAD = Pad(panel, parts=parts, target=True)
