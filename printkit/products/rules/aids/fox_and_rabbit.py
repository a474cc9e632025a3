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
    BLACK_MIN_DICE,
    COLOUR_LETTERS,
    COLOUR_NAMES,
    MIX_MIN_DICE,
    PRIMARIES,
    PRIMARY_LETTERS,
    Requirement,
    makeable,
    primaries_of,
)
from printkit.games.fox_rabbit.difficulty_figures import shares, stored_difficulty
from printkit.games.fox_rabbit.template import load_map
from printkit.language import ENGLISH, Lang
from printkit.products.fox_rabbit.cells import chip
from printkit.products.fox_rabbit.words import (
    animal_name,
    colour_name,
    mode_word,
    percent,
    title_with_original,
)
from printkit.products.rules import table as tables
from printkit.products.rules.aids.base import TEXT, Aid, laid_table, paragraph, table

SECONDARY_LETTERS = "GOP"


def classic() -> GameMap:
    """Return the map the summary describes: the classic one."""
    return load_map("classic")


def measured() -> MeasuredDifficulty | None:
    """Return the classic map's measured difficulty, as stored with it (None: not printed)."""
    return stored_difficulty(classic())


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


def colour_key_rows(lang: Lang = ENGLISH) -> list[tuple[str, str, str, str]]:
    """Return (colour, cell, what crosses it, numbers it can make) for each kind of cell."""
    _ = lang.gettext
    m = classic()
    start, most = m.start_dice.count(PRIMARY_LETTERS[0]), m.max_per_colour
    rows: list[tuple[str, str, str, str]] = []
    for colour in PRIMARIES:
        name = colour_name(colour, lang)
        rows.append((colour, _("**{colour} {letter}** die face").format(
                         colour=name, letter=letter(colour)),
                     _("one {colour} die showing that number").format(colour=name),
                     _range(colour, most)))
    for mix in SECONDARY_LETTERS:
        colour = COLOUR_NAMES[mix]
        a, b = (colour_name(c, lang) for c in primaries_of(mix))
        rows.append((colour, f"**{colour_name(colour, lang)}** = {a} + {b}",
                     _("{least} or more {a} and {b} dice, at least one of each, adding up to "
                       "the number").format(least=MIX_MIN_DICE, a=a, b=b),
                     _("{start} at the start; {most} with {count} of each").format(
                         start=_range(colour, start), most=_range(colour, most), count=most)))
    rows.append(("black", _("**black** = any colours"),
                 _("{least} or more dice of any colours, adding up to the number").format(
                     least=BLACK_MIN_DICE),
                 _("{start} at the start; {most} with all {count} dice").format(
                     start=_range("black", start), most=_range("black", most),
                     count=most * len(PRIMARIES))))
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
    """Return (animal, foods eaten, what escapes, the cap) for each animal in each tier."""
    _ = lang.gettext
    m = classic()
    rows = []
    for tier in ("lower", "higher"):
        for animal in ANIMALS:
            req = m.escape[(animal, tier)]
            a, b = primaries_of(req.colour)
            foods = (_("{count}+ foods").format(count=m.higher_tier_from) if tier == "higher"
                     else _("fewer than {count}").format(count=m.higher_tier_from))
            dice = Requirement.DICE
            rows.append([f"**{animal_name(animal, lang)}**", foods,
                         _("{colour} ({a} + {b}): {least}-{most} dice = **{sums}**").format(
                             colour=colour_name(req.colour, lang), a=letter(a), b=letter(b),
                             least=dice[0], most=dice[-1], sums=_sums(req.sums, lang)),
                         f"**{req.cap}**"])
    return rows


def _requirements(canvas: Canvas, w: float, head: list[str], rows: list[list[str]]) -> float:
    """Draw a table of requirements: who, what is rolled, what it needs, the cap."""
    return table(canvas, 0, w, head, rows, ["left", "left", "left", "center"],
                 [0.7, 1.0, 2.0, 0.9])


def draw_escape_requirements(canvas: Canvas, w: float, lang: Lang = ENGLISH) -> float:
    _ = lang.gettext
    return _requirements(canvas, w, [_("Animal"), _("Foods eaten"), _("Escape needs"),
                                     _("All dice rolled at most")], escape_rows(lang))


def trap_rows(lang: Lang = ENGLISH) -> list[list[str]]:
    """Return (trap, the farmer's dice, what triggers it, the cap) for each animal's trap."""
    _ = lang.gettext
    m = classic()
    rows = []
    for animal in reversed(ANIMALS):   # the rabbit's trap is the simpler: it comes first
        trap = m.farmer.trap(animal)
        req = trap.requirement
        rolls = ", ".join(f"{trap.dice.count(x)} {colour_name(x, lang)}"
                          for x in PRIMARY_LETTERS if x in trap.dice)
        a, b = primaries_of(req.colour)
        fewest = Requirement.DICE[0]
        most = min(Requirement.DICE[-1], sum(1 for x in trap.dice
                                             if COLOUR_NAMES[x] in (a, b)))
        ca, cb = colour_name(a, lang), colour_name(b, lang)
        if fewest == most == 2:
            need = f"{ca} + {cb} = **{_sums(req.sums, lang)}**"
        else:
            need = _("{least}-{most} of the {a} and {b} dice, at least one of each, = "
                     "**{sums}**").format(least=fewest, most=most, a=ca, b=cb,
                                          sums=_sums(req.sums, lang))
        rows.append([f"**{animal_name(animal, lang)}**", rolls, need, f"**{req.cap}**"])
    return rows


def draw_trap_requirements(canvas: Canvas, w: float, lang: Lang = ENGLISH) -> float:
    _ = lang.gettext
    return _requirements(canvas, w, [_("Trap"), _("Farmer rolls"), _("Triggers when"),
                                     _("All dice at most")], trap_rows(lang))


def mode_rows(lang: Lang = ENGLISH) -> list[list[str]]:
    """Return a row per mode; the last cell is its measured difficulty, once measured."""
    _ = lang.gettext
    m = classic()
    difficulty = measured()
    won = ({mode: percent(share, lang) for mode, share in shares(difficulty).items()}
           if difficulty else {})
    rows = []
    for mode_id in MODES:
        mode = m.modes[mode_id]
        threshold = (_("all {count} foods eaten").format(count=len(m.foods))
                     if mode.escape_threshold == "all"
                     else _("{count} foods eaten").format(count=mode.escape_threshold))
        farmer = _("any number") if mode.farmer_aids_per_attempt is None else str(
            mode.farmer_aids_per_attempt)
        rows.append([f"**{mode_word(mode_id, lang)}**", str(mode.active_circles), threshold,
                     farmer] + ([won.get(mode_id, "")] if won else []))
    return rows


def draw_modes(canvas: Canvas, w: float, lang: Lang = ENGLISH) -> float:
    _ = lang.gettext
    rows = mode_rows(lang)
    head = [_("Mode"), _("Active circles per aid at start"), _("Endgame may start at"),
            _("Farmer aids per trap attempt")]
    align: list[Align] = ["left", "center", "left", "center"]
    widths = [0.8, 1.0, 1.2, 1.0]
    difficulty = measured()
    if not difficulty:
        return table(canvas, 0, w, head, rows, align, widths)
    y = table(canvas, 0, w, head + [_("Greedy player wins")], rows, align + ["right"],
              widths + [0.8])
    games = difficulty.games
    return paragraph(canvas, 0, y + 3, w, _("*Greedy player wins:* the share of {games} "
                                            "simulated games earning the mode's first "
                                            "achievement.").format(games=lang.number(games))) + 2


def score_lines(lang: Lang = ENGLISH) -> list[str]:
    _ = lang.gettext
    m = classic()
    s = m.scoring
    return [
        _("**{points}** for each food each animal ate (up to {most})").format(
            points=s.per_food, most=len(ANIMALS) * len(m.foods) * s.per_food),
        _("**{points}** for each animal that escaped").format(points=s.per_escape),
        _("**{points}** for each trap not yet crossed when the endgame began, if at least one "
          "animal escaped").format(points=s.per_trap_left),
    ]


def title_rows(lang: Lang = ENGLISH) -> list[list[str]]:
    """Return (scores, title) for each title, lowest first: `0-6`, ..., `17+`; in another
    language the English title follows the translated one."""
    titles = classic().scoring.titles
    rows = []
    for t, above in zip(titles, (*titles[1:], None)):
        scores = f"{t.minimum}-{above.minimum - 1}" if above else f"{t.minimum}+"
        rows.append([scores, title_with_original(t.title, lang)])
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
    """Return (the achievement as the sheet prints it, an empty box to tick) per achievement:
    its name says its mode, the foods and the animals it needs, in the language."""
    return [[lang.gettext(a.text), ""] for a in classic().scoring.achievements]


def draw_achievements(canvas: Canvas, w: float, lang: Lang = ENGLISH) -> float:
    _ = lang.gettext
    laid = laid_table(w, [_("Achievement"), _("Got it")], achievement_rows(lang),
                      ["left", "center"], [3.4, 0.55])
    tables.draw(canvas, 0, 0, laid)
    y = laid.heights[0]
    box = 9.0
    x = sum(laid.widths[:-1]) + (laid.widths[-1] - box) / 2
    for h in laid.heights[1:]:
        canvas.rect(x, y + (h - box) / 2, box, box, stroke=INK, fill=WHITE, width=0.8, radius=1.5)
        y += h
    return laid.height + 2


AIDS = (
    Aid("colour-key", draw_colour_key, wide=True),
    Aid("escape-requirements", draw_escape_requirements, wide=True),
    Aid("trap-requirements", draw_trap_requirements, wide=True),
    Aid("modes", draw_modes),
    Aid("scoring", draw_scoring),
    Aid("achievements", draw_achievements),
)
