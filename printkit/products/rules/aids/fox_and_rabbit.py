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
from printkit.games.fox_rabbit.difficulty import percent
from printkit.products.fox_rabbit.cells import chip
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


def colour_key_rows() -> list[tuple[str, str, str, str]]:
    """Return (colour, cell, what crosses it, numbers it can make) for each kind of cell."""
    start, most = facts.START_DICE_PER_COLOUR, facts.MAX_DICE_PER_COLOUR
    rows: list[tuple[str, str, str, str]] = []
    for colour in facts.PRIMARIES:
        rows.append((colour, f"**{colour} {letter(colour)}** die face",
                     f"one {colour} die showing that number", _range(colour, most)))
    for colour, (a, b) in facts.SECONDARIES.items():
        rows.append((colour, f"**{colour}** = {a} + {b}",
                     f"{facts.SECONDARY_MIN_DICE} or more {a} and {b} dice, at least one of "
                     f"each, adding up to the number",
                     f"{_range(colour, start)} at the start; {_range(colour, most)} with "
                     f"{most} of each"))
    rows.append(("black", "**black** = any colours",
                 f"{facts.BLACK_MIN_DICE} or more dice of any colours, adding up to the number",
                 f"{_range('black', start)} at the start; {_range('black', most)} with all "
                 f"{most * len(facts.PRIMARIES)} dice"))
    return rows


def draw_colour_key(canvas: Canvas, w: float) -> float:
    rows = colour_key_rows()
    laid = laid_table(w, ["", "Cell", "Crossed by", "Numbers"],
                      [["", cell, how, numbers] for _, cell, how, numbers in rows],
                      weights=[0.08, 0.27, 0.55, 0.42])
    tables.draw(canvas, 0, 0, laid)
    y = laid.heights[0]
    s = 15.0
    for (colour, *_), h in zip(rows, laid.heights[1:]):
        _swatch(canvas, (laid.widths[0] - s) / 2, y + (h - s) / 2, s, colour)
        y += h
    return paragraph(canvas, 0, laid.height + 4, w,
                     "**Circle** (blank, printed in one of these colours): write a number that "
                     "colour can make, higher than the number before it on the same trail, and "
                     "cross it with the dice.") + 2


def _sums(sums: tuple[int, ...]) -> str:
    return " or ".join(str(s) for s in sums)


def escape_rows() -> list[list[str]]:
    rows = []
    for e in facts.ESCAPES:
        a, b = facts.SECONDARIES[e.colour]
        tier = (f"{e.tier_foods}+ foods" if e.tier_foods >= facts.HIGH_TIER_FOODS
                else f"fewer than {facts.HIGH_TIER_FOODS}")
        rows.append([f"**{e.animal}**", tier,
                     f"{e.colour} ({letter(a)} + {letter(b)}): {e.min_dice}-{e.max_dice} dice = "
                     f"**{_sums(e.sums)}**", f"**{e.total_cap}**"])
    return rows


def draw_escape_requirements(canvas: Canvas, w: float) -> float:
    return table(canvas, 0, w, ["Animal", "Foods eaten", "Escape needs", "All dice rolled at most"],
                 escape_rows(), ["left", "left", "left", "center"], [0.7, 1.0, 2.0, 0.9])


def trap_rows() -> list[list[str]]:
    rows = []
    for t in facts.TRAPS:
        counts = {c: t.dice.count(c) for c in facts.PRIMARIES}
        rolls = ", ".join(f"{n} {c}" for c, n in counts.items() if n)
        a, b = facts.SECONDARIES[t.colour]
        if t.min_dice == t.max_dice == 2:
            need = f"{a} + {b} = **{_sums(t.sums)}**"
        else:
            need = (f"{t.min_dice}-{t.max_dice} of the {a} and {b} dice, at least one of each, "
                    f"= **{_sums(t.sums)}**")
        rows.append([f"**{t.animal}**", rolls, need, f"**{t.total_cap}**"])
    return rows


def draw_trap_requirements(canvas: Canvas, w: float) -> float:
    return table(canvas, 0, w, ["Trap", "Farmer rolls", "Triggers when", "All dice at most"],
                 trap_rows(), ["left", "left", "left", "center"], [0.7, 1.0, 2.0, 0.9])


def mode_rows() -> list[list[str]]:
    """Return a row per mode; the last cell is its measured difficulty, once measured."""
    won = {d.mode: percent(d.won) for d in facts.MEASURED_DIFFICULTY or ()}
    rows = []
    for m in facts.MODES:
        threshold = (f"all {facts.FOODS} foods eaten" if m.all_foods_needed
                     else f"{m.escape_threshold} foods eaten")
        farmer = "any number" if m.farmer_aids_per_attempt is None else str(
            m.farmer_aids_per_attempt)
        rows.append([f"**{m.name}**", str(m.start_active_circles), threshold, farmer]
                    + ([won.get(m.name, "")] if won else []))
    return rows


def draw_modes(canvas: Canvas, w: float) -> float:
    rows = mode_rows()
    head = ["Mode", "Active circles per aid at start", "Endgame may start at",
            "Farmer aids per trap attempt"]
    align: list[Align] = ["left", "center", "left", "center"]
    widths = [0.8, 1.0, 1.2, 1.0]
    if not facts.MEASURED_DIFFICULTY:
        return table(canvas, 0, w, head, rows, align, widths)
    y = table(canvas, 0, w, head + ["Greedy player wins"], rows, align + ["right"],
              widths + [0.8])
    games = facts.MEASURED_DIFFICULTY[0].games
    return paragraph(canvas, 0, y + 3, w, f"*Greedy player wins:* the share of {games:,} "
                     f"simulated games earning the mode's first achievement.") + 2


def score_lines() -> list[str]:
    return [
        f"**{facts.POINTS_PER_FOOD}** for each food each animal ate "
        f"(up to {2 * facts.FOODS * facts.POINTS_PER_FOOD})",
        f"**{facts.POINTS_PER_ESCAPE}** for each animal that escaped",
        f"**{facts.POINTS_PER_UNCROSSED_TRAP}** for each trap not yet crossed when the endgame "
        "began, if at least one animal escaped",
    ]


def title_rows() -> list[list[str]]:
    rows = []
    for low, high, title in facts.TITLES:
        rows.append([f"{low}-{high}" if high is not None else f"{low}+", title])
    return rows


def draw_scoring(canvas: Canvas, w: float) -> float:
    y = 0.0
    for line in score_lines():
        canvas.text(3, y + 8.5, "+", font=fonts.BLACK, size=TEXT, color=INK)
        y = paragraph(canvas, 13, y, w - 13, line) + 3
    return table(canvas, y + 3, w, ["Score", "Title"], title_rows(), ["center", "left"],
                 [0.5, 2.5]) + 2


def achievement_rows() -> list[list[str]]:
    """Return (id, mode, foods eaten, animals escaped, an empty box to tick) per achievement."""
    rows = []
    for a in facts.ACHIEVEMENTS:
        foods = f"all {facts.FOODS}" if a.foods == "all" else a.foods
        rows.append([a.id, a.mode, foods, a.escaped, ""])
    return rows


def draw_achievements(canvas: Canvas, w: float) -> float:
    laid = laid_table(w, ["Achievement", "Mode", "Foods", "Escaped", "Got it"],
                      achievement_rows(), ["left", "left", "left", "left", "center"],
                      [1.5, 0.9, 0.6, 0.7, 0.55])
    tables.draw(canvas, 0, 0, laid)
    y = laid.heights[0]
    box = 9.0
    x = sum(laid.widths[:-1]) + (laid.widths[-1] - box) / 2
    for h in laid.heights[1:]:
        canvas.rect(x, y + (h - box) / 2, box, box, stroke=INK, fill=WHITE, width=0.8, radius=1.5)
        y += h
    return paragraph(canvas, 0, laid.height + 3, w,
                     "*one:* at least one animal. *all 6:* each food eaten at least once.") + 2


AIDS = (
    Aid("colour-key", draw_colour_key, wide=True),
    Aid("escape-requirements", draw_escape_requirements, wide=True),
    Aid("trap-requirements", draw_trap_requirements, wide=True),
    Aid("modes", draw_modes),
    Aid("scoring", draw_scoring),
    Aid("achievements", draw_achievements),
)
