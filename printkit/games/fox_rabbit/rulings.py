"""The rules the referee enforces, each by the number it has on the printed rule summary.

A player holds the sheet and the rule summary, not RULINGS.md: every violation cites the
numbered clarification of The Fox and the Rabbit's rule summary that states the rule it
broke, in the words its message uses (templates/rules/fox-and-rabbit.md; a test finds every
one of them printed). Where a clarification settles a point of RULINGS.md or a house decision
of docs/run-record.md, `sources` says which.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from printkit.message import Message, Said, say, tr


class Rule(Enum):
    """A rule of play, numbered as on the rule summary's Clarifications."""

    DICE = (1, "Dice", "rulings 1-2")
    CROSSING = (2, "Crossing cells", "rulings 3-5")
    CIRCLES = (3, "Circles", "ruling 4")
    ONE_TRAIL = (4, "One trail at a time", "decision D1")
    TUNNELS = (5, "Trails and tunnels", "ruling 9, decision D2")
    EATING = (6, "Eating", "ruling 8, decision D3")
    REWARDS = (7, "Rewards", "ruling 10, decision D4")
    AIDS = (8, "Aids", "ruling 6, decision D5")
    FARMER = (9, "Farmer Brown's trail", "ruling 12")
    ENDGAME = (10, "Starting the endgame", "rulings 11, 14, decision D6")
    UNFED = (11, "An unfed animal", "decision D7")
    ESCAPE = (12, "Escape attempts", "rulings 7, 15, 16, decisions D10, D11")
    ROUNDS = (13, "Rounds", "ruling 17, decision D14")
    TRAPS = (14, "The farmer's attempts", "rulings 13, 21, decisions D8, D9")
    SCORE = (15, "Score, title and achievements", "rulings 18-20, decision D12")
    #: not a rule of play: two parts of what the player wrote tell different stories
    RECORD = (0, "The record agrees with itself", "")

    def __init__(self, number: int, title: str, sources: str) -> None:
        self.number = number
        self.title = title
        self.sources = sources

    @property
    def citation(self) -> str:
        """Return how a violation cites the rule: `clarification 4`."""
        return f"clarification {self.number}" if self.number else "the record"

    @property
    def cited(self) -> Message:
        """Return how a player's report cites the rule, in any language: `clarification 4`
        (the numbers are the rule summary's, the same in every language); a disagreement
        of the record with itself cites no rule."""
        if self.number:
            return tr("clarification {number}", number=self.number)
        return tr("the record disagrees with itself")

    @property
    def citation_said(self) -> Message:
        """Return `citation` in any language: `clarification 4`, `the record`."""
        return self.cited if self.number else tr("the record")


@dataclass(frozen=True, eq=False)
class Problem:
    """A broken rule as a check finds it: the rule and what happened, in a player's words
    (`said`, in any language; `text`, in English). Problems are equal when they say the same."""

    rule: Rule
    said: Said

    @property
    def text(self) -> str:
        return say(self.said)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Problem) and self.rule is other.rule
                and self.text == other.text)

    def __hash__(self) -> int:
        return hash((self.rule, self.text))


PLAY_RULES: tuple[Rule, ...] = tuple(r for r in Rule if r is not Rule.RECORD)
