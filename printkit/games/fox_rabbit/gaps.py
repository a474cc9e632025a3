"""A run read from a photo as legal whose verdict still rests on a box the photo may have
misread: no rule is broken as read, but what the verdict says (the traps left, the score)
counts on a reading short of `SURE`, and the player is asked about it before the verdict, as
`evidence.doubts` asks the boxes a violation rests on."""

from __future__ import annotations

from collections.abc import Collection, Mapping

from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.games.fox_rabbit.board import GameMap
from printkit.games.fox_rabbit.doubt import SURE, Doubt, Reading, unsure_boxes
from printkit.games.fox_rabbit.sheet_boxes import trap_fields
from printkit.games.fox_rabbit.validate import Report

#: The score box's total (sheet_fields' name for it).
SCORE = "score"
#: The score box: its parts and its total, as the sheet prints them. A score written there says
#: the player counted the game over (docs/scan-measurement.md, "A finished game's endgame lines
#: read empty").
SCORE_BOX = tuple(name for name, _ in sf.SCORE_FIELDS)
#: How a line taken as listed "nothing written, as the rules say" is said when it is asked:
#: the sheet's own notation for nothing written (`cli/value_list.py`).
NOTHING = "-"


def trap_gaps(reading: Reading, game_map: GameMap, values: Mapping[str, str | bool],
              settled: set[str]) -> list[Doubt]:
    """Return the traps to ask where the run's traps, as read, leave a gap: the farmer
    crosses the next trap after every turn, so the traps crossed are the first ones, and
    a trap read empty before one crossed (or one read crossed after one empty) says the
    photo misread one of them. The referee counts the traps crossed, not where: no rule is
    broken, but the score counts the traps left, and the photo's count rests on each of
    them. Every trap of the gap and after it read short of SURE, not given by the player,
    is a doubt; the least sure is asked first (`doubts`' order), and an answer that closes
    the gap ends the questions."""
    traps = trap_fields(game_map)
    crossed = [bool(values.get(t)) for t in traps]
    if True not in crossed:
        return []
    last_crossed = len(crossed) - 1 - crossed[::-1].index(True)
    if all(crossed[:last_crossed]):
        return []
    first_empty = crossed.index(False)
    unsure = unsure_boxes(reading, settled)
    gap = traps[first_empty:last_crossed + 1]
    after = crossed.index(True, first_empty)
    line = (f"{traps[after]} is crossed but {traps[first_empty]} before it is not; "
            "the farmer crosses the next trap after every turn")
    return [Doubt(t, unsure[t].marked, unsure[t].confidence, (line,))
            for t in gap if t in unsure]


def score_unseen(reading: Reading, values: Mapping[str, str | bool], settled: set[str],
                 report: Report) -> list[Doubt]:
    """Return the score box to ask where the game as read is over and its score box reads
    empty short of SURE: a score written there is checked against the one the boxes give
    (score box, "the score is ..., not ..."), and that check is what tells a food or an
    escape the photo missed from the player's own count. Read so, the verdict would give
    the boxes' score unchecked; on the tuning photos 10 of 11 score boxes read empty short
    of SURE held a score (docs/scan-measurement.md, "A finished game's score box read
    empty")."""
    if report.in_progress or values.get(SCORE):
        return []
    read = unsure_boxes(reading, settled).get(SCORE)
    if read is None or read.marked:
        return []
    line = (f"score box: read empty, the game over; the score the boxes give "
            f"({report.score}) is checked against the one written")
    return [Doubt(SCORE, read.marked, read.confidence, (line,))]


def legal_gaps(reading: Reading, game_map: GameMap, values: Mapping[str, str | bool],
               settled: set[str], report: Report) -> list[Doubt]:
    """Return what a run read as legal asks before its verdict: the traps of a gap, else the
    score box of a finished game read empty."""
    return trap_gaps(reading, game_map, values, settled) or \
        score_unseen(reading, values, settled, report)


def over_unseen(reading: Reading, values: Mapping[str, str | bool], settled: set[str],
                report: Report, taken: Collection[str]) -> list[Doubt]:
    """Return the endgame lines to ask where the run as read breaks a rule, says the game
    not finished for want of them, and the sheet counts it over (a score written): a light
    pencil's attempts read empty, or taken as listed ("nothing written, as the rules say",
    the rules having read the trap boxes), make "no escape attempt made", and the score
    written then disagrees with the boxes'. A game in progress is no mistake of the
    reading's, but one whose sheet says it is over and whose verdict would be "illegal" may
    be: each line that violation names, empty and not given by the player, is asked, a line
    taken as listed as the value taken ("-"), one read empty short of SURE as read. A game
    truly in progress (no score written, or no rule broken) asks nothing here."""
    if not report.broken or not any(values.get(n) for n in SCORE_BOX):
        return []
    found: dict[str, Doubt] = {}
    for v in report.violations:
        if not v.unfinished:
            continue
        for name in v.fields:
            read = reading.get(name)
            if (read is None or read.kind is not sf.ATTEMPT or values.get(name)
                    or name in settled or name in found):
                continue
            if name in taken:
                found[name] = Doubt(name, True, 1.0, (v.line(),), NOTHING)
            elif read.confidence < SURE:
                found[name] = Doubt(name, False, read.confidence, (v.line(),))
    return list(found.values())
