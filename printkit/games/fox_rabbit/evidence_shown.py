"""What a verdict on a photo shows of the photo's reading: the boxes each violation rests on
that the photo read (not the player), the questions the referee asked and their answers
(`Checked`, `validate --json`'s `photo`), and for values that are no run, the boxes that make
them so, however surely read. The reading is weighed in `evidence.py`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from printkit.games.fox_rabbit.board import GameMap
from printkit.games.fox_rabbit.evidence import BoxRead, Doubt, Reading, judge
from printkit.games.fox_rabbit.validate import Report
from printkit.language import ENGLISH, Lang


def evidence(reading: Reading, report: Report, settled: set[str]) -> dict[str, BoxRead]:
    """Return, for the violations of a report, the boxes the photo read (not the player):
    what the verdict rests on, by box name. A violation rests on the boxes it names
    (`fields`, the ones a page marks) and on the box it is placed at, where that is one: "R-D2
    is crossed but R-D1 before it is not" names R-D1, and rests as much on R-D2 read crossed,
    which the player must see the photo's reading of to tell the camera's mistake from
    theirs."""
    return {name: reading[name] for v in report.broken
            for name in (*v.fields, *((v.where,) if isinstance(v.where, str) else ()))
            if name in reading and name not in settled}


@dataclass
class Checked:
    """A photo's values once the player has answered what was asked: the values the run is
    read from, the boxes the player gave, and each doubt the referee asked about."""

    reading: Reading
    values: dict[str, str | bool]
    settled: set[str]
    asked: list[Doubt]
    #: The photo a messaging app's small copy, as `validate --json` says it (the reader's
    #: `Scan.notice_dict`), or None.
    small_copy: dict[str, Any] | None = None

    def as_dict(self, report: Report) -> dict[str, object]:
        """Return what `validate --json` says of the photo: each box asked and why, the
        photo's evidence for each violation left, and whether it is a small copy."""
        shown = evidence(self.reading, report, self.settled)
        return {
            "asked": [{**d.as_dict(), "answer": self.values.get(d.name) if d.value is not None
                       else bool(self.values.get(d.name))} for d in self.asked],
            "evidence": {name: f.as_dict() for name, f in shown.items()},
            "small_copy": self.small_copy,
        }

    def evidence_lines(self, report: Report, lang: Lang = ENGLISH) -> list[str]:
        """Return, under a verdict, what its violations rest on: each box the photo read, as
        read and how sure."""
        shown = evidence(self.reading, report, self.settled)
        if not shown:
            return []
        _ = lang.gettext
        lines = [_("read from the photo, what the violations rest on:")]
        for name, f in shown.items():
            lines.append("  - " + (_("{box}: crossed, {sure} sure") if f.marked else
                                   _("{box}: empty, {sure} sure")).format(
                box=name, sure=lang.percent(f.confidence, 1)))
        return lines


def run_rests_on(reading: Reading, game_map: GameMap, values: Mapping[str, str | bool],
                 settled: set[str]) -> dict[str, BoxRead]:
    """Return, for values that are no run (two titles ticked), the boxes the photo read (not
    the player), however surely, whose other reading makes them one: what a player told the
    sheet is no run is shown, since even a box read surely may be the camera's mistake."""
    return {name: f for name, f in reading.items()
            if name not in settled and not f.kind.written
            and judge({**values, name: not bool(values.get(name))}, "the photo") is not None}


def no_run_said(found: Mapping[str, BoxRead], lang: Lang = ENGLISH) -> str:
    """Return, after the message that a photo's values are no run, how the photo read the
    boxes it rests on and how the player corrects one ("" when none is the photo's)."""
    if not found:
        return ""
    _ = lang.gettext
    read = [(_("{box} crossed ({sure} sure)") if f.marked else
             _("{box} empty ({sure} sure)")).format(box=name, sure=lang.percent(f.confidence, 1))
            for name, f in found.items()]
    first = next(iter(found))
    return _("the photo read {boxes}: if it misread one, give it with --numbers "
             "{box}={answer}").format(boxes=", ".join(read), box=first,
                                      answer="no" if found[first].marked else "x")
