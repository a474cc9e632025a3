"""The Fox and the Rabbit aids: colour key, escape and trap needs, modes, score, achievements.

Every number is read from the classic map (`load_map("classic")`), the map the gamesheet
prints and the validator checks, and worked out when an aid is drawn. The measured difficulty
is the classic map's, as stored with it and re-simulated by the tests.
"""

from __future__ import annotations

from printkit.draw import fonts
from printkit.draw.canvas import Align, Canvas
from printkit.draw.color import INK, WHITE
from printkit.games.fox_rabbit.board import MODES, GameMap, MeasuredDifficulty
from printkit.games.fox_rabbit.cells import ANIMALS
from printkit.games.fox_rabbit.dice import (
    BLACK_MIN_DICE, COLOUR_LETTERS, COLOUR_NAMES, MIX_MIN_DICE, PRIMARIES, PRIMARY_LETTERS,
    Requirement, makeable, primaries_of)
from printkit.games.fox_rabbit.difficulty import map_difficulty, percent, shares
from printkit.games.fox_rabbit.template import load_map
from printkit.products.fox_rabbit.cells import chip
from printkit.products.rules.aids.base import TEXT, Aid, laid_table, paragraph, table
from printkit.products.rules import table as tables

SECONDARY_LETTERS = "GOP"


def classic() -> GameMap:
    """Return the map the summary describes: the classic one."""
    return load_map("classic")


def measured() -> MeasuredDifficulty | None:
    """Return the classic map's measured difficulty, as stored with it (None: not printed)."""
    return map_difficulty(classic())


def letter(colour: str) -> str:
    """Return the letter a die colour is marked with: R, B or Y (mixes show their two parts)."""
    if colour not in PRIMARIES:
        raise ValueError(f"{colour} is a mix, shown as its two parts, not by a letter")
    return COLOUR_LETTERS[colour]


def _swatch(canvas: Canvas, x: float, y: float, s: float, colour: str) -> None:
    """Draw a colour as the gamesheet's key draws it, so summary and sheet look alike."""
    chip(canvas, x, y, s, COLOUR_LETTERS[colour])


def _range(colour: str, per_colour: int) -> str:
    numbers = makeable(COLOUR_LETTERS[colour], per_colour)
    return f"{numbers[0]}-{numbers[-1]}"


def colour_key_rows() -> list[tuple[str, str, str, str]]:
    """Return (colour, cell, what crosses it, numbers it can make) for each kind of cell."""
    m = classic()
    start, most = m.start_dice.count(PRIMARY_LETTERS[0]), m.max_per_colour
    rows: list[tuple[str, str, str, str]] = []
    for colour in PRIMARIES:
        rows.append((colour, f"**{colour} {letter(colour)}** die face",
                     f"one {colour} die showing that number", _range(colour, most)))
    for mix in SECONDARY_LETTERS:
        colour = COLOUR_NAMES[mix]
        a, b = primaries_of(mix)
        rows.append((colour, f"**{colour}** = {a} + {b}",
                     f"{MIX_MIN_DICE} or more {a} and {b} dice, at least one of "
                     f"each, adding up to the number",
                     f"{_range(colour, start)} at the start; {_range(colour, most)} with "
                     f"{most} of each"))
    rows.append(("black", "**black** = any colours",
                 f"{BLACK_MIN_DICE} or more dice of any colours, adding up to the number",
                 f"{_range('black', start)} at the start; {_range('black', most)} with all "
                 f"{most * len(PRIMARIES)} dice"))
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
    """Return (animal, foods eaten, what escapes, the cap) for each animal in each tier."""
    m = classic()
    rows = []
    for tier in ("lower", "higher"):
        for animal in ANIMALS:
            req = m.escape[(animal, tier)]
            a, b = primaries_of(req.colour)
            foods = (f"{m.higher_tier_from}+ foods" if tier == "higher"
                     else f"fewer than {m.higher_tier_from}")
            dice = Requirement.DICE
            rows.append([f"**{animal.capitalize()}**", foods,
                         f"{COLOUR_NAMES[req.colour]} ({letter(a)} + {letter(b)}): "
                         f"{dice[0]}-{dice[-1]} dice = **{_sums(req.sums)}**",
                         f"**{req.cap}**"])
    return rows


def draw_escape_requirements(canvas: Canvas, w: float) -> float:
    return table(canvas, 0, w, ["Animal", "Foods eaten", "Escape needs", "All dice rolled at most"],
                 escape_rows(), ["left", "left", "left", "center"], [0.7, 1.0, 2.0, 0.9])


def trap_rows() -> list[list[str]]:
    """Return (trap, the farmer's dice, what triggers it, the cap) for each animal's trap."""
    m = classic()
    rows = []
    for animal in reversed(ANIMALS):   # the rabbit's trap is the simpler: it comes first
        trap = m.farmer.trap(animal)
        req = trap.requirement
        rolls = ", ".join(f"{trap.dice.count(x)} {COLOUR_NAMES[x]}" for x in PRIMARY_LETTERS
                          if x in trap.dice)
        a, b = primaries_of(req.colour)
        fewest = Requirement.DICE[0]
        most = min(Requirement.DICE[-1], sum(1 for x in trap.dice
                                             if COLOUR_NAMES[x] in (a, b)))
        if fewest == most == 2:
            need = f"{a} + {b} = **{_sums(req.sums)}**"
        else:
            need = (f"{fewest}-{most} of the {a} and {b} dice, at least one of each, "
                    f"= **{_sums(req.sums)}**")
        rows.append([f"**{animal.capitalize()}**", rolls, need, f"**{req.cap}**"])
    return rows


def draw_trap_requirements(canvas: Canvas, w: float) -> float:
    return table(canvas, 0, w, ["Trap", "Farmer rolls", "Triggers when", "All dice at most"],
                 trap_rows(), ["left", "left", "left", "center"], [0.7, 1.0, 2.0, 0.9])


def mode_rows() -> list[list[str]]:
    """Return a row per mode; the last cell is its measured difficulty, once measured."""
    m = classic()
    difficulty = measured()
    won = ({mode: percent(share) for mode, share in shares(difficulty).items()}
           if difficulty else {})
    rows = []
    for mode_id in MODES:
        mode = m.modes[mode_id]
        threshold = (f"all {len(m.foods)} foods eaten" if mode.escape_threshold == "all"
                     else f"{mode.escape_threshold} foods eaten")
        farmer = "any number" if mode.farmer_aids_per_attempt is None else str(
            mode.farmer_aids_per_attempt)
        rows.append([f"**{mode_id}**", str(mode.active_circles), threshold, farmer]
                    + ([won.get(mode_id, "")] if won else []))
    return rows


def draw_modes(canvas: Canvas, w: float) -> float:
    rows = mode_rows()
    head = ["Mode", "Active circles per aid at start", "Endgame may start at",
            "Farmer aids per trap attempt"]
    align: list[Align] = ["left", "center", "left", "center"]
    widths = [0.8, 1.0, 1.2, 1.0]
    difficulty = measured()
    if not difficulty:
        return table(canvas, 0, w, head, rows, align, widths)
    y = table(canvas, 0, w, head + ["Greedy player wins"], rows, align + ["right"],
              widths + [0.8])
    games = difficulty.games
    return paragraph(canvas, 0, y + 3, w, f"*Greedy player wins:* the share of {games:,} "
                     f"simulated games earning the mode's first achievement.") + 2


def score_lines() -> list[str]:
    m = classic()
    s = m.scoring
    return [
        f"**{s.per_food}** for each food each animal ate "
        f"(up to {len(ANIMALS) * len(m.foods) * s.per_food})",
        f"**{s.per_escape}** for each animal that escaped",
        f"**{s.per_trap_left}** for each trap not yet crossed when the endgame "
        "began, if at least one animal escaped",
    ]


def title_rows() -> list[list[str]]:
    """Return (scores, title) for each title, lowest first: `0-6`, ..., `17+`."""
    titles = classic().scoring.titles
    rows = []
    for t, above in zip(titles, (*titles[1:], None)):
        scores = f"{t.minimum}-{above.minimum - 1}" if above else f"{t.minimum}+"
        rows.append([scores, t.title])
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
    m = classic()
    rows = []
    for a in m.scoring.achievements:
        foods = f"all {len(m.foods)}" if a.foods == "all" else f"{a.foods}+"
        rows.append([a.id, a.mode, foods, "one" if a.escaped == 1 else "both", ""])
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
