"""The Crazy8ix score pad: hand points and running totals, the card-points table in the footer."""

from __future__ import annotations

from printkit.draw import fonts
from printkit.draw.canvas import Canvas
from printkit.draw.color import INK, PAPER_TINT
from printkit.draw.impose import Panel
from printkit.draw.text import draw_fitted
from printkit.games import crazy8ix as rules
from printkit.language import ENGLISH, Lang
from printkit.products.pads.common import (
    NAME_ROW,
    ROW_MIN,
    Column,
    PadSetup,
    PadShape,
    Slots,
    column_table,
    column_table_min_width,
    compact,
    facts,
    facts_height,
    header,
    pad_panel,
    player_word,
    winner_line,
)

MIN_ROWS = 7


def _columns(lang: Lang) -> tuple[Column, ...]:
    _ = lang.gettext
    return (Column(_("Hand"), weight=1.0), Column(_("Total"), weight=1.15))


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


def points_table(canvas: Canvas, x: float, y: float, w: float, h: float = 30.0,
                 lang: Lang = ENGLISH) -> None:
    """Draw the card points as a strip of boxes: what is left in hand, and what it costs."""
    cell = w / len(rules.POINTS_TABLE)
    words = card_words(lang)
    for i, (what, points) in enumerate(rules.POINTS_TABLE):
        cx = x + i * cell
        canvas.rect(cx, y, cell, h, stroke=INK, fill=PAPER_TINT if i % 2 == 0 else None, width=0.6)
        draw_fitted(canvas, cx, y + 2, cell, h / 2, words.get(what, what), fonts.BOLD, 9, INK,
                    "center", pad=3)
        draw_fitted(canvas, cx, y + h / 2, cell, h / 2 - 2,
                    lang.ngettext("{points} point", "{points} points", points).format(
                        points=points), fonts.REGULAR, 9, INK, "center", pad=3)


def points_line(lang: Lang = ENGLISH) -> str:
    """Return the card points in one sentence, for a pad too small for the strip."""
    words = card_words(lang)
    return lang.gettext("Left in hand: {points}").format(points=" · ".join(
        f"{words.get(what, what)} {points}" for what, points in rules.POINTS_TABLE))


def draw(canvas: Canvas, w: float, h: float, shape: PadShape, slots: Slots) -> None:
    """Draw the pad (but its names) in a w × h box."""
    lang = shape.lang
    _ = lang.gettext
    target = shape.target or rules.DEFAULT_TARGET
    y = header(canvas, w, h, _("Crazy8ix"),
               _("Score pad · {players} · game to {target} · fewest points wins").format(
                   players=player_word(shape.count, lang), target=target), slots, shape)
    small = compact(h)
    lines: tuple[str, ...]
    if small:
        lines = (points_line(lang), _("Going out scores 0. The game ends after the hand in "
                                      "which a total reaches {target}.").format(target=target))
        strip = 0.0
    else:
        lines = (_("Going out scores 0. The game ends after the hand in which a total reaches "
                   "{target}; the fewest points wins, ties share the win.").format(
                       target=target),)
        strip = 54.0
    reserve = strip + facts_height(w, lines) + (22 if small else 30)
    bottom = column_table(canvas, 0, y, w, h - y - reserve, slots, shape.count, _("Hand"),
                          _columns(lang))
    if strip:
        canvas.text(0, bottom + 14, _("Cards left in hand score:"), font=fonts.BOLD, size=9,
                    color=INK)
        points_table(canvas, 0, bottom + 19, w, 28, lang)
    fy = facts(canvas, 0, bottom + strip + 6, w, lines)
    winner_line(canvas, 0, min(h - 4, fy + (10 if small else 14)), w * 0.6, lang)
