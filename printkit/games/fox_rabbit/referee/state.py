"""What one validation holds: the run, the engine state it builds, and the violations found."""

from __future__ import annotations

from printkit.games.fox_rabbit.board import GameMap
from printkit.games.fox_rabbit.engine import Game
from printkit.games.fox_rabbit.referee.report import Violation
from printkit.games.fox_rabbit.rulings import Problem, Rule
from printkit.games.fox_rabbit.run import Run
from printkit.message import Said

#: Violations kept in a report; past this many, only their number is (a record of 1 MB can
#: hold tens of thousands of mistakes, and a report of them helps nobody).
MAX_VIOLATIONS = 100


class Referee:
    """One validation: the run, the engine state its checks build, and what they found."""

    def __init__(self, run: Run) -> None:
        self.run = run
        self.map: GameMap = run.map
        self.game = Game(run.map, run.mode)
        self.found: list[Violation] = []
        self.more = 0
        self.turn_aids = [0, 0, 0]   # aid circles spent in turns (known with a turn log)
        self.turn_rewards: list[str] = []
        self.unfinished = False      # an animal's story stops inside: said once, then nothing
        self.untaken = 0             # rewards a sheet shows missing: dice that may be rolled
        self.in_progress = False     # the endgame has not begun

    def add(self, rule: Rule, place: Said, text: Said, fields: tuple[str, ...] = (),
            unfinished: bool = False) -> None:
        """Record a violation (past MAX_VIOLATIONS, only count it); `unfinished`: it says only
        that the game is not over."""
        if len(self.found) >= MAX_VIOLATIONS:
            self.more += 1
            return
        self.found.append(Violation(rule, place, text, fields, unfinished))

    def problem(self, p: Problem | None, place: Said, fields: tuple[str, ...] = ()) -> bool:
        """Record a check's problem (if any); return whether there was one."""
        if p is None:
            return False
        self.add(p.rule, place, p.said, fields)
        return True

    def marked(self) -> set[str]:
        """Return the boxes that a violation already points at."""
        return {f for v in self.found for f in v.fields}

