"""The Fox and the Rabbit's words as the referee says them, in any language (`message.Said`).

The same words as the gamesheet and the rule summary print (`products/fox_rabbit/words.py`
looks up the same catalogue entries): the animals, the colours, the aids, the rewards, the
foods and places of the map. Dice and cells keep their notation (`R5`, `F-B4`) in every
language, as the rule summaries say.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from printkit.games.fox_rabbit.board import AID_NAMES, AIDS, GameMap
from printkit.games.fox_rabbit.cells import CellSpec
from printkit.games.fox_rabbit.dice import (
    FACE,
    MIX,
    PRIMARY_LETTERS,
    DieCode,
    Requirement,
    colour_class,
    face_of,
    primaries_of,
)
from printkit.language import ENGLISH, Lang
from printkit.message import Listing, Message, Quoted, Said, Term, and_list, nctr, tr


def map_name(name: str) -> Said:
    """Return a map's name as the sheet prints it: the classic map's and a seeded variant's
    in the language (`classic`, `clásico`; `variant-7`, `variante 7`), a map of one's own's
    as it is."""
    if name == "classic":
        # TRANSLATORS: the classic map's name, as the gamesheet says it ("map: classic")
        return tr("classic")
    number = name.removeprefix("variant-")
    if name.startswith("variant-") and number.isdigit():
        # TRANSLATORS: a seeded variant of the map, by its number ("map: variant-7"); in
        # English the map's name as a record writes it
        return tr("variant-{n}", n=number)
    return name


def animal(a: int) -> Message:
    """Return `fox` or `rabbit` (0 or 1), as a word inside a sentence."""
    return tr("fox") if a == 0 else tr("rabbit")


def animal_named(name: str) -> Message:
    """Return an animal given by its English name (`fox`)."""
    return animal(0 if name == "fox" else 1)


#: Each colour's word by its letter, made only when asked for: the referee's checks of a
#: photo's attempts name colours thousands of times (a message each) for the few it says
_COLOURS: dict[str, Callable[[], Message]] = {
    "R": lambda: tr("red"), "B": lambda: tr("blue"), "Y": lambda: tr("yellow"),
    "G": lambda: tr("green"), "O": lambda: tr("orange"), "P": lambda: tr("purple"),
    "K": lambda: tr("black")}
_BY_NAME = {"red": "R", "blue": "B", "yellow": "Y", "green": "G", "orange": "O",
            "purple": "P", "black": "K"}


def colour(letter: str) -> Message:
    """Return a colour by its letter (R B Y G O P K) or its English name."""
    return _COLOURS[_BY_NAME.get(letter, letter)]()


def primary(i: int) -> Message:
    """Return a die's colour by its index (0 red, 1 blue, 2 yellow)."""
    return colour(PRIMARY_LETTERS[i])


def mix_parts(letter: str) -> Said:
    """Return how a colour is made: `blue + yellow`; `any colours` for black."""
    if letter == "K":
        return tr("any colours")
    return Listing(tuple(colour(c) for c in primaries_of(letter)), "+")


def describe(spec: CellSpec) -> Message:
    """Return a cell in a player's words: `orange 9`, `a green circle`."""
    if spec.value is None:
        return tr("a {colour} circle", colour=colour(spec.colour))
    return tr("{colour} {value}", colour=colour(spec.colour), value=spec.value)


def needs(spec: CellSpec) -> Message:
    """Return what crosses a cell: `one red die`, `2 or more blue + yellow dice, ...`."""
    kind, _ = colour_class(spec.colour)
    if kind == FACE:
        return tr("one {colour} die", colour=colour(spec.colour))
    if kind == MIX:
        return tr("2 or more {parts} dice, at least one of each", parts=mix_parts(spec.colour))
    return tr("3 or more dice of any colours")


def aid(k: int) -> Said:
    """Return an aid's name as the sheet prints it: `+/-1`, `flip`, `re-roll`."""
    name = AID_NAMES[AIDS[k]]
    return {"flip": tr("flip"), "re-roll": tr("re-roll")}.get(name, name)


def reward(words: str) -> Said:
    """Return a reward by the words a record uses (`red die`, `flip circle`, `nothing`)."""
    said = {"red die": tr("red die"), "blue die": tr("blue die"),
            "yellow die": tr("yellow die"), "plus-minus circle": tr("plus-minus circle"),
            "flip circle": tr("flip circle"), "re-roll circle": tr("re-roll circle"),
            "nothing": tr("nothing")}
    return said.get(words, words)


def food(m: GameMap, food_id: str) -> Term:
    """Return a food by its id: `carrot` in English, the sheet's word elsewhere."""
    name = next((f.name for f in m.foods if f.id == food_id), food_id)
    return Term(name, english=food_id, lower=True)


def foods(m: GameMap, ids: Sequence[str]) -> Listing:
    """Return foods listed: `apple, carrot and lettuce`."""
    return and_list([food(m, f) for f in ids])


def place(name: str) -> Term:
    """Return a food location by its name on the map: `Vegetable patch`."""
    return Term(name)


def mode(mode_id: str) -> Term:
    """Return a mode inside a sentence: `super-hard`."""
    return Term(mode_id)


def title(text: str) -> Quoted:
    """Return a title, quoted: 'Twice as clever'."""
    return Quoted(Term(text))


def achievement(game_map: GameMap, ach_id: str) -> Said:
    """Return an achievement as the sheet prints it, quoted: 'Easy: 3 foods eaten and one
    animal escaped' (an id the map does not know, as it is)."""
    spec = next((a for a in game_map.scoring.achievements if a.id == ach_id), None)
    return Term(ach_id) if spec is None else Quoted(Term(spec.text))


class AfterColon:
    """What follows the first ': ' of a word (an achievement's `Easy: 3 foods eaten and one
    animal escaped` -> `3 foods eaten and one animal escaped`), in any language."""

    def __init__(self, value: Said) -> None:
        self.value = value

    def say(self, lang: Lang = ENGLISH) -> str:
        from printkit.message import say

        text = say(self.value, lang)
        for colon in ("\u00a0: ", " : ", ": "):  # French puts a space before its colon
            if colon in text:
                return text.split(colon, 1)[-1]
        return text


def count_words(counts: Sequence[int]) -> Said:
    """Return dice counts by colour: `2 red and 1 yellow`."""
    each = [(nctr("dice", "{n} red", "{n} red", n), nctr("dice", "{n} blue", "{n} blue", n),
             nctr("dice", "{n} yellow", "{n} yellow", n))[i]
            for i, n in enumerate(counts) if n]
    return and_list(each) if each else tr("no dice")


class Either:
    """Numbers as alternatives, the conjunction before each: `9 or 10 or 11`; `10 u 11`."""

    def __init__(self, values: Sequence[int]) -> None:
        self.values = tuple(values)

    def say(self, lang: Lang = ENGLISH) -> str:
        words = [str(v) for v in self.values]
        if lang.code == "es":
            return words[0] + "".join(
                (" u " if w.startswith("8") or w == "11" else " o ") + w for w in words[1:])
        return {"fr": " ou "}.get(lang.code, " or ").join(words)


def either(values: Sequence[int]) -> Either:
    """Return numbers as alternatives: `10 or 11`."""
    return Either(values)


def requirement(req: Requirement) -> Message:
    """Return a requirement: `orange (red + yellow) 10 or 11, all dice rolled at most 13`."""
    return tr("{colour} ({parts}) {sums}, all dice rolled at most {cap}",
              colour=colour(req.colour), parts=mix_parts(req.colour), sums=either(req.sums),
              cap=req.cap)


def explain(req: Requirement, codes: Sequence[DieCode]) -> Message | None:
    """Return why these dice do not meet the requirement (None if they do)."""
    total = sum(face_of(c) for c in codes)
    if total > req.cap:
        return tr("all dice rolled total {total}, more than {cap}", total=total, cap=req.cap)
    if Requirement(req.colour, req.sums, 10 ** 6).met_by(tuple(sorted(codes))):
        return None
    return tr("no 2-4 of the {parts} dice (at least one of each) sum to {sums}",
              parts=mix_parts(req.colour), sums=either(req.sums))

