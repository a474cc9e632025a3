"""The Fox and the Rabbit's words as a sheet or a rule summary prints them, in a language.

The rules layer names things in English ids (`super-hard`, `plus-minus`, `purple`); a
product shows them to a player through these functions, so the gamesheet and the rule
summary always use the same word for the same thing. The map's own words (its foods, places,
titles and achievements) go through the catalogue too: a map of your own whose words the
catalogue does not know prints them as written.
"""

from __future__ import annotations

from printkit.games.fox_rabbit.board import AID_NAMES, MeasuredDifficulty
from printkit.games.fox_rabbit.cells import ANIMAL_LETTERS
from printkit.games.fox_rabbit.dice import COLOUR_NAMES
from printkit.games.fox_rabbit.difficulty_figures import DIFFICULTY_STRATEGY, shares
from printkit.language import Lang


def mode_name(mode: str, lang: Lang) -> str:
    """Return a mode as a heading says it: 'Super-hard'."""
    _ = lang.gettext
    return {"easy": _("Easy"), "hard": _("Hard"), "super-hard": _("Super-hard")}[mode]


def mode_badge(mode: str, lang: Lang) -> str:
    """Return a mode as the gamesheet's badge says it: 'Super-hard mode' ('Modo muy
    difícil': Spanish and French capitalise only the first word)."""
    _ = lang.gettext
    return {"easy": _("Easy mode"), "hard": _("Hard mode"),
            "super-hard": _("Super-hard mode")}[mode]


def mode_word(mode: str, lang: Lang) -> str:
    """Return a mode inside a sentence: 'super-hard'."""
    _ = lang.gettext
    return {"easy": _("easy"), "hard": _("hard"), "super-hard": _("super-hard")}[mode]


def animal_name(animal: str, lang: Lang) -> str:
    """Return 'Fox' or 'Rabbit'."""
    _ = lang.gettext
    return {"fox": _("Fox"), "rabbit": _("Rabbit")}[animal]


def animal_letter(animal: str, lang: Lang) -> str:
    """Return the letter that marks an animal's box: F or R in every language.

    The letters are the cell ids' (F-A1, R-B3), which the form's fields and the validator
    read; a translated initial would clash with them (a French "R" for renard would mark the
    fox's box beside the rabbit's R- cells). The sheet names the animal beside its letter.
    """
    return ANIMAL_LETTERS[animal]


def colour_name(colour: str, lang: Lang) -> str:
    """Return a colour, given by its name or its letter (`O`), in `lang`: 'orange'."""
    _ = lang.gettext
    names = {"red": _("red"), "blue": _("blue"), "yellow": _("yellow"), "green": _("green"),
             "orange": _("orange"), "purple": _("purple"), "black": _("black")}
    return names[COLOUR_NAMES.get(colour, colour)]


def aid_name(aid: str, lang: Lang) -> str:
    """Return an aid's printed name: '+/-1', 'flip', 're-roll'."""
    _ = lang.gettext
    names = {"+/-1": "+/-1", "flip": _("flip"), "re-roll": _("re-roll")}
    return names[AID_NAMES.get(aid, aid)]


def aid_heading(aid: str, lang: Lang) -> str:
    """Return an aid's name at the start of a line: 'Flip'."""
    name = aid_name(aid, lang)
    return name[:1].upper() + name[1:]


def map_name(name: str, lang: Lang) -> str:
    """Return a map's name as a sheet prints it: the classic map's and a seeded variant's in
    `lang` ('classic', 'clásico'; 'variant-7', 'variante 7'), a map of one's own's as it is."""
    _ = lang.gettext
    if name == "classic":
        # TRANSLATORS: the classic map's name, as the gamesheet says it ("map: classic")
        return _("classic")
    number = name.removeprefix("variant-")
    if name.startswith("variant-") and number.isdigit():
        # TRANSLATORS: a seeded variant of the map, by its number ("map: variant-7"); in
        # English the map's name as a record writes it
        return _("variant-{n}").format(n=number)
    return name


def map_words(text: str, lang: Lang) -> str:
    """Return a word the map gives (a food, a place, a title, an achievement) in `lang`."""
    return lang.gettext(text)


def percent(share: float, lang: Lang) -> str:
    """Return a share as a whole percentage, never rounding a non-zero share to 0: '<1 %'."""
    if 0 < share < 0.005:
        return "<" + lang.percent(0.01)
    return lang.percent(share)


def difficulty_note(difficulty: MeasuredDifficulty, lang: Lang) -> str:
    """Return what a gamesheet prints of a map's difficulty: the figures, then (after a
    newline) what they mean."""
    _ = lang.gettext
    figures = " · ".join(f"{mode_word(mode, lang)} {percent(share, lang)}"
                         for mode, share in shares(difficulty).items())
    if difficulty.strategy == DIFFICULTY_STRATEGY:
        headline = _("Greedy player wins: {figures}").format(figures=figures)
    else:
        headline = _("{strategy} player wins: {figures}").format(
            strategy=difficulty.strategy.capitalize(), figures=figures)
    meaning = lang.ngettext(
        "{games} simulated game a mode; a win earns the mode's first achievement",
        "{games} simulated games a mode; a win earns the mode's first achievement",
        difficulty.games).format(games=lang.number(difficulty.games))
    return f"{headline}\n{meaning}"


def title_with_original(title: str, lang: Lang) -> str:
    """Return a score title in `lang`, with the English one after it where they differ, so
    that a player can look up what the validator prints."""
    shown = map_words(title, lang)
    return shown if shown == title else f"{shown} *({title})*"


__all__ = ["aid_heading", "aid_name", "animal_letter", "animal_name", "colour_name",
           "difficulty_note", "map_name", "map_words", "mode_badge", "mode_name", "mode_word",
           "percent", "title_with_original"]

