"""How the referee's messages say things: counts, the foods eaten, the score's sum.

The words themselves (animals, colours, foods, aids) are `terms`; these are the phrases a
few messages share, said in any language (`message.Said`).
"""

from __future__ import annotations

from printkit.games.fox_rabbit.board import GameMap
from printkit.games.fox_rabbit.engine import Game
from printkit.language import LANGUAGES, language
from printkit.message import Message, ntr, tr


def foods_words(g: Game) -> Message:
    """Return `3 foods eaten (2 of the six kinds)`."""
    return ntr("{n} food eaten ({kinds} of the six kinds)",
               "{n} foods eaten ({kinds} of the six kinds)", g.foods_eaten(),
               kinds=len(g.food_count))


def score_sum(m: GameMap, foods: int, escaped: int, traps_left: int) -> Message:
    """Return how a score is made: `3 foods x 2 + 2 escaped x 3 + 1 traps left x 2`."""
    s = m.scoring
    left = traps_left if escaped else 0
    return tr("{foods} x {per_food} + {escaped} escaped x {per_escape} + {left} traps left x "
              "{per_trap}", foods=ntr("{n} food", "{n} foods", foods), per_food=s.per_food,
              escaped=escaped, per_escape=s.per_escape, left=left, per_trap=s.per_trap_left)


def same_title(written: str, title: str) -> bool:
    """Return whether a title written is `title` but for case and spacing, in English or as
    another language's sheet prints it."""
    def squashed(text: str) -> str:
        return " ".join(text.casefold().split())

    said = squashed(written)
    return said == squashed(title) or any(said == squashed(language(code).gettext(title))
                                          for code in LANGUAGES)
