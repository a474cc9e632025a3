"""The validator's verdict on one run, as a player reads it (`text`) and a tool (`as_dict`)."""

from __future__ import annotations

import shlex
from dataclasses import dataclass, field
from typing import Any

from printkit.games.fox_rabbit.record_formats import VERSION
from printkit.games.fox_rabbit.rulings import Rule


@dataclass(frozen=True)
class Violation:
    """A rule broken: which rule, where on the sheet, what happened and what was expected.

    `fields` names the boxes of the sheet the mistake is in (the form's field names), so a
    page can mark them.
    """

    rule: Rule
    place: str   # "turn 7", "F-C4", "round 2, fox's escape attempt", "score box"
    text: str
    fields: tuple[str, ...] = ()

    def __str__(self) -> str:
        cite = ("the record disagrees with itself" if self.rule is Rule.RECORD
                else self.rule.citation)
        return f"{self.place}: {self.text} ({cite})"

    def as_dict(self) -> dict[str, Any]:
        return {"rule": self.rule.citation, "number": self.rule.number,
                "title": self.rule.title, "place": self.place, "text": self.text,
                "fields": list(self.fields)}


@dataclass
class Report:
    """The validator's verdict on one run."""

    mode: str
    map: str
    violations: list[Violation] = field(default_factory=list)
    more_violations: int = 0      # found past MAX_VIOLATIONS, counted only
    consequences: list[str] = field(default_factory=list)
    score: int = 0
    title: str = ""
    achievements: list[str] = field(default_factory=list)
    escaped: list[str] = field(default_factory=list)
    claimed_score: int | None = None
    claimed_title: str | None = None
    claimed_achievements: list[str] = field(default_factory=list)
    replayed: bool = False
    in_progress: bool = False     # no endgame yet: the game is not over (still illegal to claim)
    foods_eaten: int = 0
    traps_left: int = 0   # when the endgame began (they score only if an animal escaped)
    old_format: int | None = None  # the record's format version, where an earlier one

    @property
    def legal(self) -> bool:
        return not self.violations

    def as_dict(self) -> dict[str, Any]:
        return {
            "legal": self.legal, "readable": True, "map": self.map, "mode": self.mode,
            "replayed_turn_log": self.replayed, "in_progress": self.in_progress,
            "format_version": self.old_format or VERSION,
            "violations": [v.as_dict() for v in self.violations],
            "more_violations": self.more_violations,
            "consequences": list(self.consequences),
            "computed": {"score": self.score, "title": self.title,
                         "achievements": self.achievements, "escaped": self.escaped,
                         "foods_eaten": self.foods_eaten, "traps_left": self.traps_left},
            "claimed": {"score": self.claimed_score, "title": self.claimed_title,
                        "achievements": self.claimed_achievements},
        }

    def text(self, record_name: str = "old.yaml") -> str:
        """Return the report as a player reads it (`record_name`: the file it was read from)."""
        lines = [f"The Fox and the Rabbit, {self.map} map, {self.mode} mode"
                 + (" (turn log replayed)" if self.replayed else " (sheet only, no turn log)")]
        if self.old_format is not None:
            lines.append(f"note: this record is in the format of an earlier printkit (version "
                         f"{self.old_format}); to update it to the current one (version "
                         f"{VERSION}): printkit validate {shlex.quote(record_name)} "
                         f"--to-yaml > new.yaml")
        if self.legal:
            lines.append("legal run: no rule broken")
        else:
            n = len(self.violations) + self.more_violations
            lines.append(f"illegal run: {n} violation{'s' if n != 1 else ''}")
            lines += [f"  - {v}" for v in self.violations]
            if self.more_violations:
                lines.append(f"  - and {self.more_violations} more")
        if self.consequences:
            lines.append("what follows from them:")
            lines += [f"  - {c}" for c in self.consequences]
        esc = " and ".join(self.escaped) if self.escaped else "nobody"
        lines.append(f"escaped: {esc}; foods eaten: {self.foods_eaten}; traps left when the "
                     f"endgame began: {self.traps_left}")

        def claim(value: object) -> str:
            return "(not written)" if value is None else str(value)

        rows = [("score", str(self.score), claim(self.claimed_score)),
                ("title", self.title, claim(self.claimed_title)),
                ("achievements", ", ".join(self.achievements) or "none",
                 ", ".join(self.claimed_achievements) or "none")]
        width = max(len("computed"), *(len(r[1]) for r in rows)) + 3
        lines.append(f"{'':14}{'computed':{width}}claimed")
        for name, computed, claimed in rows:
            lines.append(f"{name:14}{computed:{width}}{claimed}")
        return "\n".join(lines)
