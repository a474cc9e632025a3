"""The Go Nuts! score pad: per player, each turn's score, the running total, a Go Nuts! tick."""

from __future__ import annotations

from printkit.draw.canvas import Canvas
from printkit.draw.impose import Panel
from printkit.games import go_nuts as rules
from printkit.language import Lang
from printkit.products.pads.common import (
    NAME_ROW,
    ROW_MIN,
    TICK_MIN,
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

MIN_ROWS = 8  # a quarter-sheet pad; a half sheet holds 16 and more


def _columns(lang: Lang) -> tuple[Column, ...]:
    _ = lang.gettext
    # TRANSLATORS: the Go Nuts! pad's tick column: the initials of the round's name
    return (Column(_("Acorns"), weight=1.0, short=_("Nuts")), Column(_("Total"), weight=1.2),
            Column(_("GN"), TICK_MIN, 0.3, tick=True))


def panel(setup: PadSetup) -> Panel:
    """Return the pad for `setup`'s players as a panel to impose."""
    min_w = column_table_min_width(setup.count, _columns(setup.lang))
    min_h = 31 + NAME_ROW + 14 + MIN_ROWS * ROW_MIN + 40
    return pad_panel("go-nuts", draw, setup, min_w, min_h, setup.lang.gettext("Go Nuts!"))


def _facts(w: float, h: float, shape: PadShape) -> tuple[str, ...]:
    _ = shape.lang.gettext
    target = shape.target or rules.DEFAULT_TARGET
    if compact(h):
        lines: tuple[str, ...] = (_("The game ends after the turn in which a total reaches "
                                    "{target}. GN: tick a Go Nuts! round.").format(target=target),)
    else:
        lines = (
            _("Target {target}: the game ends after the turn in which a total reaches "
              "{target}; that player wins.").format(target=target),
            _("Write 0 after All Cars or a wipe-out. After a Go Nuts! round, tick GN and write "
              "its acorns."),
        )
    return lines


def _table_height(w: float, h: float, shape: PadShape) -> float:
    return h - header_height(h) - facts_height(w, _facts(w, h, shape)) - 24


def parts(setup: PadSetup, w: float, h: float) -> int:
    """Return how many pads of w × h a game of `setup` needs for its 99th-percentile turns."""
    need = rules.turns_needed(setup.count, setup.target or rules.DEFAULT_TARGET)
    return -(-need // table_rows(_table_height(w, h, setup.shape)))


def draw(canvas: Canvas, w: float, h: float, shape: PadShape, slots: Slots) -> None:
    """Draw the pad (but its names) in a w × h box."""
    lang = shape.lang
    _ = lang.gettext
    target = shape.target or rules.DEFAULT_TARGET
    y = header(canvas, w, h, part_title(_("Go Nuts!"), shape),
               _("Score pad · {players} · first to {target} acorns wins").format(
                   players=player_word(shape.count, lang), target=target), slots, shape)
    lines = _facts(w, h, shape)
    table_h = _table_height(w, h, shape)
    table_bottom = column_table(canvas, 0, y, w, table_h, slots, shape.count, _("Turn"),
                                _columns(lang),
                                first=(shape.part - 1) * table_rows(table_h) + 1)
    fy = facts(canvas, 0, table_bottom + 6, w, lines)
    winner_line(canvas, 0, min(h - 4, fy + 14), w * 0.6, lang)


PAD = Pad(panel, parts=parts, target=True)
