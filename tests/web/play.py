"""A played game's turn log, replayed mark by mark as the page's play-along makes the marks.

`steps` splits a turn line into what a player does on the page: the roll, each aid, each
cell crossed. `ApiPlayer` does each step through the page's API as page.js does it (asks
/api/play before the mark, marks the sheet's boxes, asks /api/check with the turn being
played), and keeps every verdict it is shown, so a test or a bench can count false alarms.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from printkit.games.fox_rabbit.moves import Move
from tests.web.conftest import call

AID_WORDS = ("+1 ", "-1 ", "flip ", "re-roll ")


def steps(line: str) -> list[tuple[str, str]]:
    """Return a turn line as (kind, text) steps: ("roll", ...), ("aid", ...), ("move", ...)."""
    roll, *rest = line.split("; ")
    return [("roll", roll)] + [("aid" if part.startswith(AID_WORDS) else "move", part)
                               for part in rest]


@dataclass
class Verdict:
    """One verdict the page would show: after which step, and the problems it lists."""

    after: str
    mid_turn: bool
    problems: list[str]
    progress: dict[str, Any]


@dataclass
class ApiPlayer:
    """The page's play-along state, driven through the API of a running `printkit serve`."""

    url: str
    mode: str = "easy"
    map: str = "classic"
    values: dict[str, Any] = field(default_factory=dict)
    turns: list[str] = field(default_factory=list)
    current: str | None = None
    verdicts: list[Verdict] = field(default_factory=list)
    refusals: list[str] = field(default_factory=list)
    requests: int = 0

    def __post_init__(self) -> None:
        self.form = self.get(f"api/form?map={self.map}&mode={self.mode}")

    # --- HTTP ---------------------------------------------------------------------------
    def get(self, path: str) -> Any:
        self.requests += 1
        return call(self.url + path).json()

    def post(self, path: str, body: dict[str, Any]) -> Any:
        self.requests += 1
        answer = call(self.url + path, json.dumps(body).encode(),
                      {"Content-Type": "application/json"})
        assert answer.status == 200, answer.body
        return answer.json()

    # --- what page.js does ------------------------------------------------------------------
    def allowed(self, line: str) -> bool:
        answer = self.post("api/play", {"map": self.map, "mode": self.mode,
                                        "turns": [*self.turns, line]})
        if not answer["ok"]:
            self.refusals.append(f"{line}: {'; '.join(answer['problems'])}")
        return bool(answer["ok"])

    def check(self, after: str) -> Verdict:
        answer = self.post("api/check", {"map": self.map, "mode": self.mode,
                                         "values": self.values, "turns": self.turns,
                                         "turn": self.current})
        report, progress = answer["report"], answer["progress"]
        hidden = set(progress["not_finished"])
        problems = [f"{v['place']}: {v['text']}" for i, v in enumerate(report["violations"])
                    if i not in hidden]
        verdict = Verdict(after, self.current is not None, problems, progress)
        self.verdicts.append(verdict)
        return verdict

    def tick_next(self, names: list[str]) -> None:
        free = next((n for n in names if not self.values.get(n)), None)
        if free:
            self.values[free] = True

    def step(self, kind: str, text: str) -> None:
        if kind == "roll":
            assert self.allowed(text)
            self.current = text
        else:
            line = f"{self.current}; {text}"
            assert self.allowed(line)
            self.current = line
            if kind == "aid":
                aid = {"+1": "plus-minus", "-1": "plus-minus", "flip": "flip",
                       "re-roll": "re-roll"}[text.split()[0]]
                self.tick_next(next(a["circles"] for a in self.form["aids"] if a["id"] == aid))
            else:
                move = Move.parse(text)
                cell = str(move.cell)
                circle = self.written(cell)
                self.values[cell] = str(move.write if move.write is not None else move.total) \
                    if circle else True
                if move.food:
                    self.values[f"{cell[0]}-{move.food}"] = True
                if move.reward and move.reward != "nothing":
                    self.tick_next(self.form["rewards"][move.reward])
        self.check(text)

    def end_turn(self) -> None:
        assert self.current is not None
        self.turns.append(self.current)
        self.tick_next(self.form["traps"])
        self.current = None
        self.check("end turn")

    def written(self, name: str) -> bool:
        """Return whether a value is written in the box (its kind says, /api/form)."""
        return bool(next(f["written"] for f in self.form["fields"] if f["name"] == name))

    def play(self, turns: list[str]) -> None:
        """Play a turn log, step by step, ending each turn."""
        self.check("the empty sheet")
        for line in turns:
            for kind, text in steps(line):
                self.step(kind, text)
            self.end_turn()
