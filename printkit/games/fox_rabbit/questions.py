"""The referee's questions before its verdict on a photo, asked one at a time: which comes
next. What makes a box a doubt is weighed in `evidence.py`; the command line
(`ask_boxes.settle_doubts`) and the bench's count of keystrokes ask in this order."""

from __future__ import annotations

from collections.abc import Collection, Mapping

from printkit.games.fox_rabbit.evidence import BoxRead, Doubt, box_doubt, judge, value_doubt
from printkit.games.fox_rabbit.validate import Report

#: The player's answers have shown the photo wrong about this many of its boxes: it does not
#: see the pen well (a light pencil, a shadow), and the player is told once that going over
#: the marks or a photo in daylight asks far fewer questions, while the questions go on. On
#: 56 tuning photos (docs/scan-measurement.md, "A photo the player's answers show misread"),
#: the 12 pages whose conversation ran to 10-68 questions had 7-35 boxes overturned, every
#: other page at most 5 (of 7 questions).
SHOWN_MISREAD = 6


def next_doubt(found_doubts: list[Doubt], pending: dict[str, Doubt],
               values: Mapping[str, str | bool], settled: Collection[str],
               name: str = "the photo", judged: Report | None = None) -> Doubt | None:
    """Return the referee's next question, asked one at a time: the least sure of the doubts
    the run as it stands raises (`found_doubts`, `doubts`' order); when it raises none and
    still breaks a rule, the least sure of those raised before and not answered since
    (`pending`, kept by the caller across questions, this call adding to it). An answer
    that settles one violation may leave another that no single box's other reading
    undoes any more, though a box doubted before does (a food read empty, once a reward
    box is answered): the questions asked one at a time are never fewer than the boxes all
    doubted at once would have been, where the run stays illegal; None when there is
    nothing left to ask, or the run is legal (`judged`: the report on `values`, when the
    caller has it)."""
    for d in found_doubts:
        pending.setdefault(d.name, d)
    if found_doubts:
        return found_doubts[0]
    left = [d for n, d in pending.items() if n not in settled]
    if not left:
        return None
    report = judged if judged is not None else judge(values, name)
    if report is not None and report.legal:
        return None
    return min(left, key=lambda d: (d.confidence, d.name))


def doubted_again(names: Collection[str], reading: Mapping[str, BoxRead],
                  values: Mapping[str, str | bool], taken: Collection[str]) -> dict[str, Doubt]:
    """Return the doubts raised before, rebuilt from their names (the page sends back only
    the names, where `validate PHOTO` keeps the doubts): a value the player took as read is
    doubted as `doubts` doubts it, any other box as the photo read it."""
    pending = {}
    for name in names:
        read = reading.get(name)
        value = values.get(name)
        if read is None:
            continue
        if name in taken and read.kind.written and isinstance(value, str) and value:
            pending[name] = value_doubt(name, value)
        else:
            pending[name] = box_doubt(name, read, values)
    return pending


def overturned(reading: Mapping[str, BoxRead], values: Mapping[str, str | bool],
               answered: Collection[str]) -> tuple[int, int]:
    """Return how many of the boxes the player answered (`answered`, as `values` now holds
    them) the photo had read the other way, and how many boxes were answered. A box the
    photo told nothing of (NO_EVIDENCE) is read empty: answered crossed, it is a mark the
    photo did not show, as the others. A written value is no box."""
    boxes = [n for n in answered if n in reading and not reading[n].kind.written]
    return sum(bool(values.get(n)) != reading[n].marked for n in boxes), len(boxes)


def misread_shown(reading: Mapping[str, BoxRead], values: Mapping[str, str | bool],
                  answered: Collection[str]) -> tuple[int, int] | None:
    """Return `overturned`'s count where the player's answers have overturned at least
    SHOWN_MISREAD of the photo's readings (the player is then told so, once, by the
    command line and the page alike); else None."""
    wrong, boxes = overturned(reading, values, answered)
    return (wrong, boxes) if wrong >= SHOWN_MISREAD else None
