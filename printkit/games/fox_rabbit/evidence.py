"""The referee checks a photo's reading before it accuses: the reading is evidence, not the
record.

A photo's reading says, for every box, whether it holds ink and how sure the reader is. When
the run it gives breaks a rule, the reading is tried the other way, box by box: a box whose
other reading undoes a violation (a cell read empty before a crossed one, a reward box, a
claimed achievement or title, an aid circle...) is a **doubt**, and where the photo does not
rule that other reading out (its confidence under `SURE`), the player is asked about it
before anything is said to be illegal. Only a violation that survives the player's answers
is reported, and it names the photo's evidence: each box of it the photo read, with its
confidence.

Nothing here knows a rule: the referee (`validate_run`) is asked again for each other
reading, so every rule it enforces is checked this way, and a rule added later too. Nothing
here knows a photo either: a reading is each box's `BoxRead` (what the photo reader says of
it), so the command line and the page's server ask the same questions, and neither needs the
photo reader to ask them.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping

from printkit.errors import PrintkitError
from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.games.fox_rabbit.board import GameMap
from printkit.games.fox_rabbit.dice import makeable
from printkit.games.fox_rabbit.doubt import SURE as SURE
from printkit.games.fox_rabbit.doubt import BoxRead as BoxRead
from printkit.games.fox_rabbit.doubt import Doubt as Doubt
from printkit.games.fox_rabbit.doubt import Reading as Reading
from printkit.games.fox_rabbit.doubt import unsure_boxes
from printkit.games.fox_rabbit.gaps import legal_gaps, over_unseen, trap_gaps
from printkit.games.fox_rabbit.reader import SheetFields, read_run
from printkit.games.fox_rabbit.record_yaml import RecordError
from printkit.games.fox_rabbit.validate import Report, validate_run
from printkit.message import Said, tr

#: A line the rules say holds nothing (`narrow_sheet.empty_lines`) is suggested so surely
#: when every box the rule reads is read with this confidence or more (or answered): an
#: empty box reads at 0.989 as often as at 0.991, and a rule reads up to six. On the tuning
#: photos (docs/scan-measurement.md, "Nothing written, sure at a bound of its own") the
#: lines written that such a rule calls empty rest on boxes read at 0.64 at most.
EMPTY_SURE = 0.95


#: A box read with this confidence tells nothing: marked and empty are as likely. The reader
#: gives it to every box read empty on a page where it found too little of the pen to say
#: that an empty box is empty (printkit/scan/ink.py, `decide`).
NO_EVIDENCE = 0.5

#: A photo that tells nothing of more than this share of the sheet's boxes is no evidence to
#: judge a run by, whether legal or not: asking box by box would ask most of the sheet. On 47
#: light-pencil photos of generator 2's own tuning seeds (docs/scan-measurement.md), the
#: pages whose pencil the reader lost had 93-100 % of their boxes at NO_EVIDENCE; one had
#: 75 %, and was asked 67 boxes over eight rounds without an end; the others at most 47 %,
#: and were judged right after answers.
BLIND = 0.6

#: A box's other reading that undoes a violation is weighed without the violations it makes
#: that rest only on readings under this confidence (or on what one Enter took as the photo
#: showed it): such a reading is wrong about one time in five (the calibration's [0.5, 0.9)
#: bin on held-out light pencil, 19.8 %), and an attempt's line a light pencil wrote, read
#: empty at 0.6, kept a food misread empty from being asked (tuning 2200010). Over it, a
#: reading weighs as the verdict's evidence does: on the tests' clean photos empty boxes
#: read at 0.95-0.99 would otherwise have four more boxes asked for one misread cell.
WEIGHTLESS = 0.9

#: What a doubt undoes when the photo's values could not be read as a run (`Doubt.undoes`).
UNREADABLE = "the sheet as read cannot be read as a run"


def leaning(f: BoxRead) -> bool | None:
    """Return how a box the photo could not read surely leans, as the player is asked about
    it and as an answer of Enter (or a tap) takes it: crossed (True) or empty (False); None
    for a box the photo tells nothing of (NO_EVIDENCE), which leans no way."""
    return f.marked if f.confidence > NO_EVIDENCE else None


def blind(confidences: Collection[float]) -> int | None:
    """Return how many of a photo's readings tell nothing (NO_EVIDENCE or under) when they
    are more than BLIND of them (a pencil too light for the camera, or a blank sheet), else
    None: the photo reader asks a box that tells nothing only on a page that is not blind,
    and the referee judges no page that is (`check_seen`)."""
    told_nothing = sum(1 for c in confidences if c <= NO_EVIDENCE)
    return told_nothing if confidences and told_nothing > BLIND * len(confidences) else None


def check_seen(reading: Reading, photo: Said, copy: bool = False) -> None:
    """Raise PrintkitError when the photo tells nothing of more than BLIND of the sheet's
    boxes (`blind`): neither "legal" nor "illegal" could rest on it, and the player is told
    how to take a photo that shows the marks; `copy`: the photo is a messaging app's small
    copy (`Scan.small_copy`), whose lost pixels may be what hides a light pencil: the
    camera's own photo is asked for first."""
    blind_boxes = blind([f.confidence for f in reading.values()])
    if blind_boxes is not None and copy:
        raise PrintkitError(tr(
            "{photo} is a small copy of a photo and shows too little of the pen to judge the "
            "run ({n} of the sheet's {total} boxes cannot be told marked or empty): send the "
            "camera's own photo, or photograph the sheet again in daylight, without shadow",
            photo=photo, n=blind_boxes, total=len(reading)))
    if blind_boxes is not None:
        raise PrintkitError(tr(
            "{photo} shows too little of the pen to judge the run ({n} of the sheet's "
            "{total} boxes cannot be told marked or empty): photograph the sheet again in "
            "daylight, without shadow, or go over light pencil marks; a blank sheet has "
            "nothing to judge", photo=photo, n=blind_boxes, total=len(reading)))


def judge(values: Mapping[str, str | bool], name: str) -> Report | None:
    """Return the referee's report on a photo's values, or None when they cannot be read as
    a run (a value typed wrong: said elsewhere)."""
    return _judged(values, name)[0]


def _judged(values: Mapping[str, str | bool], name: str
            ) -> tuple[Report | None, frozenset[str]]:
    """Return the referee's report on a photo's values (None when there is none) and the
    problems that keep them from being read as a run, in English (none when they are one):
    an attempt ticked with its line empty and two titles ticked are two. The run is read
    once for both."""
    try:
        run = read_run(SheetFields(values, name), name)
    except RecordError as err:
        return None, frozenset(err.problems)
    except PrintkitError as err:
        return None, frozenset({str(err)})
    try:
        return validate_run(run), frozenset()
    except PrintkitError:
        return None, frozenset()


def doubts(reading: Reading, game_map: GameMap, values: Mapping[str, str | bool],
           settled: set[str], name: str = "the photo", judged: Report | None = None,
           taken: Collection[str] = ()) -> list[Doubt]:
    """Return the boxes to ask the player about: those the photo read with less confidence
    than SURE whose other reading would undo a violation of the run `values` give (the
    photo's reading with the values typed), or on which a violation rests, most doubtful
    first; when the values cannot be read as a run at all (two titles ticked), those whose
    other reading makes them a run. `settled` are the boxes the player gave, which are never
    doubted. `judged` is the report on the run `values` give, when the caller has it.
    `taken` is what one Enter or one tap took as the photo shows it (the boxes as they
    leaned, the values as listed, `--accept`'s values): the caller leaves it out of `settled`,
    so that a box or a value read short of sure is weighed as never answered; and once no
    box is in doubt, a violation that names a value taken asks it, however surely read, the
    photo's reading of the handwriting being evidence as its boxes are."""
    report, problems = (judged, frozenset()) if judged is not None else _judged(values, name)
    # a game read as not over is a verdict too: a finished sheet whose trap box was misread
    # empty is no game in progress
    if report is not None and report.legal:
        return legal_gaps(reading, game_map, values, settled, report)
    broken = _lines(report) if report is not None else {UNREADABLE}
    unsure = unsure_boxes(reading, settled)
    # what no one has vouched for: the photo's readings under WEIGHTLESS, and what one
    # Enter took as the photo showed it (a line listed "nothing written, as the rules say")
    weightless = {n for n, f in unsure.items() if f.confidence < WEIGHTLESS} | set(taken)
    found_doubts = []
    for field_name, f in unsure.items():
        undone: set[str] = set()
        for other in _other_readings(game_map, field_name, f, values,
                                     unreadable=report is None):
            after, left = _judged({**values, field_name: other}, name)
            if after is None:
                # values kept from a run by two problems (an attempt ticked, its line read
                # empty; a second title read ticked), or by one that several boxes make
                # (four titles ticked), become one only when each box is read otherwise:
                # each box that ends a problem, or says it otherwise ("3 titles are
                # ticked"), is asked
                if report is None and left != problems and len(left) <= len(problems):
                    undone.add(UNREADABLE)
                continue
            # a violation the other reading makes that rests only on what no one vouched
            # for (an attempt's line read empty at 0.6, or listed "nothing written, as the
            # rules say", the rules having read this very box) weighs nothing against it:
            # it is asked in its turn; one it leaves weighs as before
            lines = {v.line(): v.fields for v in after.violations}
            now = set(lines)
            weighed = {line for line, fields in lines.items()
                       if line in broken or not (fields and weightless.issuperset(fields))}
            if report is None:
                undone.add(UNREADABLE)
            elif len(weighed) <= len(broken):
                # fewer violations, or one said otherwise (13 of 15 traps crossed becomes
                # 14 of 15): the verdict rests on this box, whichever other box the photo
                # also misread
                undone |= broken - now
        if undone:
            found_doubts.append(box_doubt(field_name, f, values, tuple(sorted(undone))))
    # two boxes misread together (two cells of a trail read empty) undo a violation only
    # together, so neither is found above: a violation that rests on a box the photo is
    # unsure of is not the player's until the player has said what the box holds
    doubted = {d.name for d in found_doubts}
    for v in report.violations if report is not None else ():
        for field_name in v.fields:
            read = unsure.get(field_name)
            if read is None or field_name in doubted:
                continue
            doubted.add(field_name)
            found_doubts.append(box_doubt(field_name, read, values, (v.line(),)))
    if report is not None and not found_doubts:
        # a violation the player's own ticks make (two foods ticked, the player says so) may
        # still rest on boxes the photo read empty unsurely (the trails those foods need):
        # it is the player's only once no set of unsure boxes undoes it
        found_doubts = _together(game_map, unsure, values, broken, name)
    if report is not None and not found_doubts:
        found_doubts = _values_read(report, values, taken)
    if report is not None and not found_doubts:
        found_doubts = trap_gaps(reading, game_map, values, settled)
    if report is not None and not found_doubts:
        # a sheet that counts the game over, judged illegal as not finished for want of its
        # endgame lines: the lines read empty are asked before the player is blamed
        found_doubts = over_unseen(reading, values, settled, report, taken)
    return sorted(found_doubts, key=lambda d: (d.confidence, d.name))


def box_doubt(name: str, f: BoxRead, values: Mapping[str, str | bool],
              undoes: tuple[str, ...] = ()) -> Doubt:
    """Return the doubt of a box read short of sure: of its value where one is written on
    the sheet as read (a circle's number the photo's ink gave, taken as read), else of its
    tick."""
    value = values.get(name)
    return Doubt(name, f.marked, f.confidence, undoes,
                 value if f.kind.written and isinstance(value, str) and value else None)


def _values_read(report: Report, values: Mapping[str, str | bool], taken: Collection[str]
                 ) -> list[Doubt]:
    """Return the values written that a violation names and that the player took as the
    photo read them (`taken`), each with the violations that name it: a circle's number read
    4 where 9 is written breaks the trail's order only on the photo."""
    found: dict[str, list[str]] = {}
    for v in report.violations:
        if v.unfinished:   # a game in progress is no mistake of the reading's
            continue
        for field_name in v.fields:
            if field_name in taken and isinstance(values.get(field_name), str):
                found.setdefault(field_name, []).append(v.line())
    return [value_doubt(n, str(values[n]), tuple(lines)) for n, lines in found.items()]


def value_doubt(name: str, value: str, undoes: tuple[str, ...] = ()) -> Doubt:
    """Return the doubt of a value the player took as the photo read it: asked as the
    number written, after every box read short of sure (confidence 1.0)."""
    return Doubt(name, True, 1.0, undoes, value)


def _lines(report: Report) -> set[str]:
    """Return a report's violations as the English lines doubts are weighed by."""
    return {v.line() for v in report.violations}


def _together(game_map: GameMap, unsure: Mapping[str, BoxRead],
              values: Mapping[str, str | bool], broken: set[str], name: str) -> list[Doubt]:
    """Return the fewest unsure boxes whose other readings, all together, undo a violation
    no one box changes (six traps read empty make "the endgame was begun with 2 foods
    eaten", which only the last trap crossed undoes): the unsure boxes read empty are all
    read ticked (or those read ticked, empty; or both), the least sure first (under each
    of CUTOFFS in turn), then put back, trails whole first, then each, surest first, while
    the violation stays undone."""
    every: dict[str, str | bool] = {
        n: not bool(values.get(n)) for n, f in unsure.items() if not f.kind.written}
    # a tick that alone makes the values no run (a second title) is no way out of a violation
    every = {n: v for n, v in every.items() if judge({**values, n: v}, name) is not None}

    def after(flipped: Mapping[str, str | bool]) -> set[str] | None:
        judged = judge({**values, **flipped}, name)
        return None if judged is None else _lines(judged)

    # a circle read empty (its ink not found) may hold a number: in the sheet's order, the
    # one that leaves the fewest violations beside the ticks and the numbers before it
    # stands for them all (the player types the real one)
    written = {n: v for n, v in every.items() if v}
    for n, f in unsure.items():
        number = _fewest(game_map, n, f, values, written, after)
        if number is not None:
            every[n] = written[n] = number

    # the ticks read empty first (ink left out is the likelier mistake), then those read
    # marked, then all of them
    tries = ({n: v for n, v in every.items() if v}, {n: v for n, v in every.items() if not v},
             every)
    # the least sure boxes are the likeliest misread: those under each of CUTOFFS are tried
    # before more; a violation undone (its rule kept there no more) before one said otherwise
    stages = [(strict, {n: v for n, v in t.items() if unsure[n].confidence < cutoff})
              for cutoff in CUTOFFS for strict in (True, False) for t in tries]
    for strict, wanted in stages:
        # boxes that each leave a run may not all together (the line of an attempt and its
        # tick with another's): the least sure are taken first, each while the values stay
        # a run
        flipped: dict[str, str | bool] = {}
        for n in sorted(wanted, key=lambda n: unsure[n].confidence):
            if after({**flipped, n: wanted[n]}) is not None:
                flipped[n] = wanted[n]
        now = after(flipped) if flipped else None
        lines = _undone(broken, now, strict)
        if not lines:
            continue
        # each box is put back while the violation stays undone and no more violations
        # come of it (a trail's end crossed without the cells before it says a food
        # otherwise only by breaking the trail's order); the boxes named alike (a trail's
        # cells and circle, F-B1 to F-B5) are put back together first, then one by one
        stems: dict[str, list[str]] = {}
        for n in flipped:
            stems.setdefault(n.rstrip("0123456789"), []).append(n)
        groups = [g for g in stems.values() if len(g) > 1]
        singles = [[n] for n in sorted(flipped, key=lambda n: -unsure[n].confidence)]
        for group in [*groups, *singles]:
            fewer = {k: v for k, v in flipped.items() if k not in group}
            left = after(fewer)
            if (left is not None and now is not None and _undone(broken, left, strict) & lines
                    and len(left) <= len(now)):
                flipped, now = fewer, left
        # as for one box, a way out leaves no more violations than there are
        if now is not None and len(now) <= len(broken):
            return _asked(unsure, flipped, broken - now)
    return _by_trails(game_map, unsure, values, broken, after)


def _undone(broken: set[str], now: set[str] | None, strict: bool) -> set[str]:
    """Return, of the violations `broken`, those the lines `now` leave undone: strictly, when
    their rule is broken there no more ("begun with 3 foods" does not undo "begun with 2
    foods"); else also when said otherwise."""
    if now is None:
        return set()
    if strict:
        kept = {_where(line) for line in now}
        return {line for line in broken if _where(line) not in kept}
    return broken - now


def _fewest(game_map: GameMap, name: str, f: BoxRead, values: Mapping[str, str | bool],
            flipped: Mapping[str, str | bool],
            after: Callable[[Mapping[str, str | bool]], set[str] | None]) -> str | None:
    """Return the number a circle read empty may hold that leaves the fewest violations
    beside the boxes `flipped` (the player types the real one); None when it may hold none
    (a circle written, a box) or none leaves a run."""
    numbers = [(len(lines), i, other) for i, other in
               enumerate(_other_readings(game_map, name, f, values))
               if isinstance(other, str)
               and (lines := after({**flipped, name: other})) is not None]
    return min(numbers)[2] if numbers else None


def _by_trails(game_map: GameMap, unsure: Mapping[str, BoxRead],
               values: Mapping[str, str | bool], broken: set[str],
               after: Callable[[Mapping[str, str | bool]], set[str] | None]) -> list[Doubt]:
    """Return the boxes of one or two whole trails read empty (a trail's cells and circle,
    named alike: F-B1 to F-B5) whose crossing together undoes a violation, with no more
    violations: on a page whose pencil the camera half lost, every box is unsure, and read
    all ticked at once they break more rules than any box put back mends ("the fox finished
    0 trails ... but 2 foods are ticked" wants the two trails those foods end, and only
    them). A trail that alone says a violation otherwise ("finished 1 trail") is paired
    with each other trail (the second may break a rule alone: trail C is walked after B)."""
    trails: dict[str, list[str]] = {}
    for n, f in unsure.items():
        if not f.marked and f.kind in (sf.CHECK, sf.CIRCLE) and n[-1].isdigit():
            trails.setdefault(n.rstrip("0123456789"), []).append(n)

    def crossed(stem: str, base: Mapping[str, str | bool]) -> dict[str, str | bool]:
        # the trail's cells ticked, its circle given the number that leaves the fewest
        # violations (the player types the real one)
        out: dict[str, str | bool] = {n: True for n in trails[stem]
                                      if unsure[n].kind is sf.CHECK}
        for n in trails[stem]:
            if unsure[n].kind is sf.CIRCLE:
                number = _fewest(game_map, n, unsure[n], values, {**base, **out}, after)
                if number is not None:
                    out[n] = number
        return out

    def way_out(now: set[str] | None) -> set[str]:
        # the violations undone, with no more violations than there are
        return _undone(broken, now, True) if now is not None and len(now) <= len(broken) \
            else set()

    alone: dict[str, dict[str, str | bool]] = {}
    movers = []
    for stem in sorted(trails):
        flipped = alone[stem] = crossed(stem, {})
        now = after(flipped)
        if lines := way_out(now):
            return _asked(unsure, flipped, lines)
        if now is not None and broken - now and len(now) <= len(broken):
            movers.append(stem)
    for first in movers:
        for second in sorted(trails):
            if second == first or (second in movers and second < first):
                continue
            flipped = dict(alone[first])
            flipped.update(crossed(second, flipped))
            if lines := way_out(after(flipped)):
                return _asked(unsure, flipped, lines)
    return []


def _asked(unsure: Mapping[str, BoxRead], flipped: Mapping[str, str | bool],
           undone: set[str]) -> list[Doubt]:
    """Return the doubts of boxes that together undo violations."""
    return [Doubt(n, unsure[n].marked, unsure[n].confidence, tuple(sorted(undone)))
            for n in flipped]


#: What stands, when the values are no run, for an endgame line read empty: a roll that reads
#: (the player types the real one).
SOME_ROLL = "R1"


#: The confidences under which the boxes that only together undo a violation are sought, in
#: turn: a reading under 0.6 is wrong about one time in three (docs/scan-measurement.md,
#: "A confidence that means what it says"), one between 0.9 and SURE about one in a hundred.
CUTOFFS = (0.6, 0.75, 0.9, SURE)


def _where(line: str) -> str:
    """Return the place and rule of a violation's line ("endgame: ... (clarification 10)"):
    which rule is broken where, whatever it says of it."""
    return line.split(": ", 1)[0] + line[line.rfind(" ("):]


def _other_readings(game_map: GameMap, name: str, f: BoxRead,
                    values: Mapping[str, str | bool],
                    unreadable: bool = False) -> list[str | bool]:
    """Return what the box could hold if the photo misread it: a tick the other way; for a
    circle, each number its colour can make (and nothing, where one is written); for a value
    written, nothing; and, when the values are no run (an attempt ticked, its line read
    empty), for an endgame line read empty, a roll (the player types the real one)."""
    if not f.kind.written:
        return [not bool(values.get(name))]
    value = values.get(name)
    if f.kind is sf.CIRCLE:
        # a circle read empty may hold a number; one whose number the photo's ink gave may
        # hold nothing, or another
        numbers: list[str | bool] = [str(n) for n in makeable(game_map.cell(name).spec.colour)
                                     if str(n) != value]
        return numbers + [""] if value else numbers
    if value:   # a value the photo's ink gave may be nothing written
        return [""]
    if unreadable and f.kind is sf.ATTEMPT and not values.get(name):
        return [SOME_ROLL]
    return []
