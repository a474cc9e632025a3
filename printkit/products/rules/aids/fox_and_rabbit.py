"""The Fox and the Rabbit aids: colour key, escape and trap needs, modes, score, achievements.

Every number comes from `printkit.games.fox_rabbit_facts`, which stands in for the rules
engine. The measured difficulty is the classic map's, as stored with it and re-simulated by
the tests.
"""

from __future__ import annotations

from printkit.draw import fonts
from printkit.draw.canvas import Align, Canvas
from printkit.draw.color import INK, WHITE
from printkit.games import fox_rabbit_facts as facts
from printkit.games.fox_rabbit.dice import COLOUR_LETTERS
from printkit.language import ENGLISH, Lang
from printkit.products.fox_rabbit.cells import chip
from printkit.products.fox_rabbit.words import (
    animal_name, colour_name, mode_word, percent, title_with_original)
from printkit.products.rules.aids.base import TEXT, Aid, laid_table, paragraph, table
from printkit.products.rules import table as tables

def letter(colour: str) -> str:
    """Return the letter a die colour is marked with: R, B or Y (mixes show their two parts)."""
    if colour not in facts.PRIMARIES:
        raise ValueError(f"{colour} is a mix, shown as its two parts, not by a letter")
    return COLOUR_LETTERS[colour]


def _swatch(canvas: Canvas, x: float, y: float, s: float, colour: str) -> None:
    """Draw a colour as the gamesheet's key draws it, so summary and sheet look alike."""
    chip(canvas, x, y, s, COLOUR_LETTERS[colour])


def _range(colour: str, per_colour: int) -> str:
    low, high = facts.colour_sum_range(colour, per_colour)
    return f"{low}-{high}"


def colour_key_rows(lang: Lang = ENGLISH) -> list[tuple[str, str, str, str]]:
    """Return (colour, cell, what crosses it, numbers it can make) for each kind of cell."""
    _ = lang.gettext
    start, most = facts.START_DICE_PER_COLOUR, facts.MAX_DICE_PER_COLOUR
    rows: list[tuple[str, str, str, str]] = []
    for colour in facts.PRIMARIES:
        name = colour_name(colour, lang)
        rows.append((colour, _("**{colour} {letter}** die face").format(
                         colour=name, letter=letter(colour)),
                     _("one {colour} die showing that number").format(colour=name),
                     _range(colour, most)))
    for colour, (a, b) in facts.SECONDARIES.items():
        a, b = colour_name(a, lang), colour_name(b, lang)
        rows.append((colour, f"**{colour_name(colour, lang)}** = {a} + {b}",
                     _("{least} or more {a} and {b} dice, at least one of each, adding up to "
                       "the number").format(least=facts.SECONDARY_MIN_DICE, a=a, b=b),
                     _("{start} at the start; {most} with {count} of each").format(
                         start=_range(colour, start), most=_range(colour, most), count=most)))
    rows.append(("black", _("**black** = any colours"),
                 _("{least} or more dice of any colours, adding up to the number").format(
                     least=facts.BLACK_MIN_DICE),
                 _("{start} at the start; {most} with all {count} dice").format(
                     start=_range("black", start), most=_range("black", most),
                     count=most * len(facts.PRIMARIES))))
    return rows


def draw_colour_key(canvas: Canvas, w: float, lang: Lang = ENGLISH) -> float:
    _ = lang.gettext
    rows = colour_key_rows(lang)
    laid = laid_table(w, ["", _("Cell"), _("Crossed by"), _("Numbers")],
                      [["", cell, how, numbers] for _, cell, how, numbers in rows],
                      weights=[0.08, 0.27, 0.55, 0.42])
    tables.draw(canvas, 0, 0, laid)
    y = laid.heights[0]
    s = 15.0
    for (colour, *_rest), h in zip(rows, laid.heights[1:]):
        _swatch(canvas, (laid.widths[0] - s) / 2, y + (h - s) / 2, s, colour)
        y += h
    return paragraph(canvas, 0, laid.height + 4, w,
                     _("**Circle** (blank, printed in one of these colours): write a number "
                       "that colour can make, higher than the number before it on the same "
                       "trail, and cross it with the dice.")) + 2


def _sums(sums: tuple[int, ...], lang: Lang) -> str:
    return lang.gettext(" or ").join(str(s) for s in sums)


def escape_rows(lang: Lang = ENGLISH) -> list[list[str]]:
    _ = lang.gettext
    rows = []
    for e in facts.ESCAPES:
        a, b = facts.SECONDARIES[e.colour]
        tier = (_("{count}+ foods").format(count=e.tier_foods)
                if e.tier_foods >= facts.HIGH_TIER_FOODS
                else _("fewer than {count}").format(count=facts.HIGH_TIER_FOODS))
        rows.append([f"**{animal_name(e.animal.lower(), lang)}**", tier,
                     _("{colour} ({a} + {b}): {least}-{most} dice = **{sums}**").format(
                         colour=colour_name(e.colour, lang), a=letter(a), b=letter(b),
                         least=e.min_dice, most=e.max_dice, sums=_sums(e.sums, lang)),
                     f"**{e.total_cap}**"])
    return rows


def draw_escape_requirements(canvas: Canvas, w: float, lang: Lang = ENGLISH) -> float:
    _ = lang.gettext
    return table(canvas, 0, w, [_("Animal"), _("Foods eaten"), _("Escape needs"),
                                _("All dice rolled at most")],
                 escape_rows(lang), ["left", "left", "left", "center"], [0.7, 1.0, 2.0, 0.9])


def trap_rows(lang: Lang = ENGLISH) -> list[list[str]]:
    _ = lang.gettext
    rows = []
    for t in facts.TRAPS:
        counts = {c: t.dice.count(c) for c in facts.PRIMARIES}
        rolls = ", ".join(f"{n} {colour_name(c, lang)}" for c, n in counts.items() if n)
        a, b = (colour_name(c, lang) for c in facts.SECONDARIES[t.colour])
        if t.min_dice == t.max_dice == 2:
            need = f"{a} + {b} = **{_sums(t.sums, lang)}**"
        else:
            need = _("{least}-{most} of the {a} and {b} dice, at least one of each, = "
                     "**{sums}**").format(least=t.min_dice, most=t.max_dice, a=a, b=b,
                                          sums=_sums(t.sums, lang))
        rows.append([f"**{animal_name(t.animal.lower(), lang)}**", rolls, need,
                     f"**{t.total_cap}**"])
    return rows


def draw_trap_requirements(canvas: Canvas, w: float, lang: Lang = ENGLISH) -> float:
    _ = lang.gettext
    return table(canvas, 0, w, [_("Trap"), _("Farmer rolls"), _("Triggers when"),
                                _("All dice at most")],
                 trap_rows(lang), ["left", "left", "left", "center"], [0.7, 1.0, 2.0, 0.9])


def mode_rows(lang: Lang = ENGLISH) -> list[list[str]]:
    """Return a row per mode; the last cell is its measured difficulty, once measured."""
    _ = lang.gettext
    won = {d.mode: percent(d.won, lang) for d in facts.MEASURED_DIFFICULTY or ()}
    rows = []
    for m in facts.MODES:
        threshold = (_("all {count} foods eaten").format(count=facts.FOODS)
                     if m.all_foods_needed
                     else _("{count} foods eaten").format(count=m.escape_threshold))
        farmer = _("any number") if m.farmer_aids_per_attempt is None else str(
            m.farmer_aids_per_attempt)
        rows.append([f"**{mode_word(m.name, lang)}**", str(m.start_active_circles), threshold,
                     farmer] + ([won.get(m.name, "")] if won else []))
    return rows


def draw_modes(canvas: Canvas, w: float, lang: Lang = ENGLISH) -> float:
    _ = lang.gettext
    rows = mode_rows(lang)
    head = [_("Mode"), _("Active circles per aid at start"), _("Endgame may start at"),
            _("Farmer aids per trap attempt")]
    align: list[Align] = ["left", "center", "left", "center"]
    widths = [0.8, 1.0, 1.2, 1.0]
    if not facts.MEASURED_DIFFICULTY:
        return table(canvas, 0, w, head, rows, align, widths)
    y = table(canvas, 0, w, head + [_("Greedy player wins")], rows, align + ["right"],
              widths + [0.8])
    games = facts.MEASURED_DIFFICULTY[0].games
    return paragraph(canvas, 0, y + 3, w, _("*Greedy player wins:* the share of {games} "
                                            "simulated games earning the mode's first "
                                            "achievement.").format(games=lang.number(games))) + 2


def score_lines(lang: Lang = ENGLISH) -> list[str]:
    _ = lang.gettext
    return [
        _("**{points}** for each food each animal ate (up to {most})").format(
            points=facts.POINTS_PER_FOOD, most=2 * facts.FOODS * facts.POINTS_PER_FOOD),
        _("**{points}** for each animal that escaped").format(points=facts.POINTS_PER_ESCAPE),
        _("**{points}** for each trap not yet crossed when the endgame began, if at least one "
          "animal escaped").format(points=facts.POINTS_PER_UNCROSSED_TRAP),
    ]


def title_rows(lang: Lang = ENGLISH) -> list[list[str]]:
    """Return (scores, title) per title; in another language the English title follows."""
    rows = []
    for low, high, title in facts.TITLES:
        rows.append([f"{low}-{high}" if high is not None else f"{low}+",
                     title_with_original(title, lang)])
    return rows


def draw_scoring(canvas: Canvas, w: float, lang: Lang = ENGLISH) -> float:
    _ = lang.gettext
    y = 0.0
    for line in score_lines(lang):
        canvas.text(3, y + 8.5, "+", font=fonts.BLACK, size=TEXT, color=INK)
        y = paragraph(canvas, 13, y, w - 13, line) + 3
    return table(canvas, y + 3, w, [_("Score"), _("Title")], title_rows(lang),
                 ["center", "left"], [0.5, 2.5]) + 2


def achievement_rows(lang: Lang = ENGLISH) -> list[list[str]]:
    """Return (id, mode, foods eaten, animals escaped, an empty box to tick) per achievement."""
    _ = lang.gettext
    rows = []
    for a in facts.ACHIEVEMENTS:
        foods = _("all {count}").format(count=facts.FOODS) if a.foods == "all" else a.foods
        escaped = _("one") if a.escaped == "one" else _("both")
        rows.append([a.id, mode_word(a.mode, lang), foods, escaped, ""])
    return rows


def draw_achievements(canvas: Canvas, w: float, lang: Lang = ENGLISH) -> float:
    _ = lang.gettext
    laid = laid_table(w, [_("Achievement"), _("Mode"), _("Foods"), _("Escaped"), _("Got it")],
                      achievement_rows(lang), ["left", "left", "left", "left", "center"],
                      [1.5, 0.9, 0.6, 0.7, 0.55])
    tables.draw(canvas, 0, 0, laid)
    y = laid.heights[0]
    box = 9.0
    x = sum(laid.widths[:-1]) + (laid.widths[-1] - box) / 2
    for h in laid.heights[1:]:
        canvas.rect(x, y + (h - box) / 2, box, box, stroke=INK, fill=WHITE, width=0.8, radius=1.5)
        y += h
    return paragraph(canvas, 0, laid.height + 3, w,
                     _("*one:* at least one animal. *all {count}:* each food eaten at least "
                       "once.").format(count=facts.FOODS)) + 2


AIDS = (
    Aid("colour-key", draw_colour_key, wide=True),
    Aid("escape-requirements", draw_escape_requirements, wide=True),
    Aid("trap-requirements", draw_trap_requirements, wide=True),
    Aid("modes", draw_modes),
    Aid("scoring", draw_scoring),
    Aid("achievements", draw_achievements),
)
