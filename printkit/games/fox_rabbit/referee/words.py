"""How the referee's messages say things: lists, counts, requirements, the score's sum."""

from __future__ import annotations

from printkit.games.fox_rabbit.board import GameMap
from printkit.games.fox_rabbit.dice import COLOUR_NAMES, PRIMARIES, Requirement, mix_parts
from printkit.games.fox_rabbit.engine import Game


def or_(words: list[str]) -> str:
    """Return choices as a player lists them: `red die, blue die or flip circle`."""
    return ", ".join(words[:-1]) + " or " + words[-1] if len(words) > 1 else "".join(words)


def and_(words: tuple[str, ...] | list[str]) -> str:
    """Return words as a player lists them: `apple, carrot and lettuce`."""
    if len(words) < 2:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def count_words(counts: list[int] | tuple[int, ...]) -> str:
    """Return dice counts by colour in words: `2 red and 1 yellow`."""
    parts = [f"{n} {PRIMARIES[i]}" for i, n in enumerate(counts) if n]
    return and_(parts) if parts else "no dice"


def foods_words(g: Game) -> str:
    n = g.foods_eaten()
    return f"{n} food{'s' if n != 1 else ''} eaten ({len(g.food_count)} of the six kinds)"


def score_sum(m: GameMap, foods: int, escaped: int, traps_left: int) -> str:
    """Return how a score is made: `3 foods x 2 + 2 escaped x 3 + 1 traps left x 2`."""
    s = m.scoring
    left = traps_left if escaped else 0
    return (f"{foods} food{'s' if foods != 1 else ''} x {s.per_food} + {escaped} escaped x "
            f"{s.per_escape} + {left} traps left x {s.per_trap_left}")


def req_words(req: Requirement) -> str:
    """Return a requirement in words: `orange (red + yellow) 10 or 11, all dice at most 13`."""
    sums = " or ".join(map(str, req.sums))
    return (f"{COLOUR_NAMES[req.colour]} ({mix_parts(req.colour)}) {sums}, "
            f"all dice rolled at most {req.cap}")


def plural(n: int, word: str) -> str:
    """Return `1 circle`, `2 circles`."""
    return f"{n} {word}{'s' if n != 1 else ''}"


def same_title(a: str, b: str) -> bool:
    """Return whether two titles are the same but for case and spacing."""
    return " ".join(a.casefold().split()) == " ".join(b.casefold().split())
