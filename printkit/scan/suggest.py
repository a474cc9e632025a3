"""A suggestion for every value written on a photographed sheet: the photo's readings of its
handwriting (`writing.py`), narrowed by the rules (`games/fox_rabbit/narrowing.py`).

A suggestion is sure when the rules and the ink leave one reading (the player confirms it
with the rest, or `--accept` takes it); else it is asked, its readings offered. A value the
player gave (`--numbers`, or typed) is taken as given and narrows the others.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.games.fox_rabbit.dice import makeable
from printkit.games.fox_rabbit.evidence import EMPTY_SURE, NO_EVIDENCE, SURE
from printkit.games.fox_rabbit.narrow_sheet import score_part_can_be, skipped_circles
from printkit.games.fox_rabbit.narrowed import Narrowed, Reading, RuledOut
from printkit.games.fox_rabbit.narrowing import attempt_rooms, narrow, scores_rest_on_what_is_sure
from printkit.language import ENGLISH, Lang
from printkit.message import Said, say, tr
from printkit.scan.against_rules import against_rules
from printkit.scan.dice_unsure import with_dice_unsure
from printkit.scan.digit_lost import digit_lost
from printkit.scan.faint_after import faint_after
from printkit.scan.faint_values import loop_lost
from printkit.scan.lost_pen_part import part_of_lost_pen
from printkit.scan.reader import Scan
from printkit.scan.spelling import Guess
from printkit.scan.total_follows import given_step, moved_by_parts
from printkit.scan.values import fill
from printkit.scan.writing import EVIDENCE, read_named, read_values


@dataclass(frozen=True)
class Suggestion:
    """A written field's value as suggested: the value (None when nothing fits), whether it
    is sure, the readings the rules leave (`candidates`, with their chances), those they
    ruled out and why, and the value the rules alone decide (the score), if any."""

    name: str
    kind: sf.FieldKind
    value: str | None
    sure: bool
    candidates: tuple[Reading, ...]
    ruled_out: tuple[RuledOut, ...]
    decided: str | None = None
    #: a score its ink agrees with, asked only while a value it rests on is: the rules
    #: decide it once the player has given that value
    waits: bool = False
    #: the boxes read short of sure whose other reading lets the ink's likeliest reading
    #: stand where the boxes as read rule it out (asked with the boxes to confirm)
    rests_on: tuple[str, ...] = ()
    #: why the rules say nothing is written here (the value `NOTHING`), in the referee's
    #: words
    empty: Said | None = None
    #: the ink's likeliest reading, read surely, that the rules rule out, and why: the value
    #: is asked on its own, what the photo reads said (`against_rules`)
    against: RuledOut | None = None

    @property
    def confidence(self) -> float:
        """Return the chance of the value among the readings the rules leave (0 if none)."""
        return self.candidates[0].chance if self.candidates else 0.0

    def as_dict(self, lang: Lang = ENGLISH) -> dict[str, Any]:
        """Return the suggestion as `--json` gives it."""
        out: dict[str, Any] = {
            "value": self.value, "sure": self.sure, "confidence": round(self.confidence, 3),
            "candidates": [{"value": r.text, "chance": round(r.chance, 3)}
                           for r in self.candidates],
            "ruled_out": [{"value": r.text, "chance": round(r.chance, 3), "why": say(r.why),
                           **({"why_said": say(r.why, lang)} if lang is not ENGLISH else {})}
                          for r in self.ruled_out],
        }
        if self.decided is not None:
            out["decided_by_rules"] = True
        if self.waits:
            out["waits_for_values_to_type"] = True
        if self.rests_on:
            out["rests_on_boxes"] = list(self.rests_on)
        if self.against is not None:
            # what the photo reads surely, against the rules: the player types what is written
            out["read_against_rules"] = {
                "value": self.against.text, "chance": round(self.against.chance, 3),
                "why": say(self.against.why),
                **({"why_said": say(self.against.why, lang)} if lang is not ENGLISH else {})}
        if self.empty is not None:
            # the rules' value: nothing written, and why, as a reading ruled out says it
            out["nothing_written"] = {"by_rules": True, "why": say(self.empty),
                                      **({"why_said": say(self.empty, lang)}
                                         if lang is not ENGLISH else {})}
        return out


def suggest(found: Scan, given: Mapping[str, str] | None = None) -> dict[str, Suggestion]:
    """Return a suggestion for each written field of a scan that holds ink (the date is not
    read), in the sheet's order; a value in `given` (the player's) is not read but taken."""
    given = dict(given or {})
    filled = fill(found, given)
    values = dict(filled.values)
    # an attempt is read only as far as the dice the rules let it roll: the beam keeps
    # readings the rules may choose among, where it kept misread dice
    rooms = attempt_rooms(values, filled.to_confirm)
    skipped = _skipped(found, given, values)
    read = {name: loop_lost(guesses) if found.fields[name].kind is sf.CIRCLE else guesses
            for name, guesses in
            (read_values(found, rooms) | read_named(found, skipped)).items()
            if name not in given}
    readings = {name: _trail_numbers(found, name, [Reading(g.text, g.chance) for g in guesses])
                if name in skipped or _unread(found, name, guesses)
                else [Reading(g.text, g.chance) for g in guesses]
                for name, guesses in read.items()}
    # a box read without certainty may be what rules out what is written; one read short
    # of sure too, where the ink reads what it rules out
    reading = found.reading
    unsure = sorted((n for n, f in reading.items() if not f.kind.written
                     and f.confidence < SURE and n not in given
                     and n not in filled.to_confirm),
                    key=lambda n: reading[n].confidence)
    # a line the rules say is empty rests on its boxes at a bound of its own
    weak = [n for n in unsure if reading[n].confidence < EMPTY_SURE]
    # a score part rests on no box the photo tells nothing of (a page whose pen is not
    # found: its parts read from the ink, `part_of_lost_pen`)
    blind = [n for n in unsure if reading[n].confidence <= NO_EVIDENCE]
    narrowed = narrow(values, readings, filled.to_confirm, unsure, weak, blind)
    narrowed |= with_dice_unsure(found, given, filled.to_confirm, values, readings, narrowed,
                                 rooms)
    # a light pencil's circle whose ink reads only numbers the rules rule out: its faint
    # strokes' readings offered after them, asked (`faint_after`)
    after, faint = faint_after(found, values, readings, narrowed, filled.to_confirm, unsure,
                               weak, rooms)
    narrowed |= after
    read |= {name: [*read[name], *guesses] for name, guesses in faint.items()}
    # a circle's lone digit the rules rule out (a 10 read `0`): the numbers holding it first
    narrowed |= {name: digit_lost(n, read[name]) for name, n in narrowed.items()
                 if name in read and found.fields[name].kind is sf.CIRCLE}
    out: dict[str, Suggestion] = {}
    for name in found.fields:
        if name in narrowed:
            out[name] = _suggestion(found, narrowed[name], read[name], unsure, skipped)
    # a score's part is judged against the run the other values make: one read from a light
    # pencil's faint strokes may be another number, and the part the rules leave with it too
    # (a line surely empty by the rules is no value of the run, whatever specks it holds)
    if any(guesses and guesses[0].faint for name, guesses in read.items()
           if not (name in out and out[name].empty is not None and out[name].sure)):
        out = {name: replace(s, sure=False) if s.kind is sf.SCORE_PART else s
               for name, s in out.items()}
    # the score rests on every value read, and a value the ink leaves unsure (a glyph-sized
    # piece left out, ink hardly read as glyphs) is made so only here: the rules' rule again;
    # a total whose part is suggested as its ink reads it moved by it (`total_follows`)
    out = moved_by_parts(scores_rest_on_what_is_sure(out), given_step(values, given))
    # a value whose ink reads surely what the rules rule out: asked on its own, the rules'
    # readings offered after what the photo reads (`against_rules`)
    return {name: against_rules(s, read[name]) if s.empty is None and name in read else s
            for name, s in out.items()}


#: A circle read empty that a cell crossed after it on its trail says is written
#: (`narrow_sheet.skipped_circles`: a messaging app's copy or a light pencil may leave a
#: number too little ink for its box to read marked) is read all the same, and offered beside
#: its ink's readings every number its colour makes, together this share of the chance (all
#: of it where its ink reads nothing): the trail's order around it chooses among them, and
#: it is asked, never sure.
SKIPPED_NUMBERS = 0.5


def _skipped(found: Scan, given: Mapping[str, str], values: Mapping[str, str | bool]
             ) -> tuple[str, ...]:
    """Return the circles read empty (and not given) that the trail's order says are
    written: a cell after them on their trail is crossed, as read (a circle read marked:
    one read uncertain leaning empty says nothing) or given."""
    crossed = {name for name, f in found.fields.items()
               if (bool(values.get(name)) if name in given or not f.kind.written
                   else f.kind is sf.CIRCLE and f.marked)}
    return tuple(name for name in skipped_circles(found.layout.map, crossed)
                 if name not in given)


#: A circle whose ink reads one number this surely (its chance among the ink's readings,
#: read as glyphs at all: `EVIDENCE`) holds what the player wrote, even where its colour
#: cannot make it (a `1` in a purple circle): the referee judges it (`_unread`).
CLEAR_NUMBER = 0.9


def _unread(found: Scan, name: str, ink: Sequence[Guess]) -> bool:
    """Return whether a circle read holding ink reads no number its colour makes, and no
    number clearly (`CLEAR_NUMBER`): a light pencil's strokes that spell nothing, a 12
    whose 2 was lost read `1` at 0.4 in a green circle. It is crossed all the same, so it
    holds one of its colour's numbers. Read as a skipped circle is (`SKIPPED_NUMBERS`:
    every number its colour makes, the trail's order choosing among them; asked, never
    sure), it no longer stops the circles after it on its trail from being read: the rules
    found no number before them there, and ruled out every one. A number read clearly is
    the player's, though the colour cannot make it: offering the colour's numbers instead
    would hide the mistake from a player who takes the list with Enter."""
    if found.fields[name].kind is not sf.CIRCLE:
        return False
    if any(g.chance >= CLEAR_NUMBER and g.evidence >= EVIDENCE for g in ink):
        return False
    made = makeable(found.layout.map.cell(name).spec.colour)
    return not any(g.text.isdigit() and int(g.text) in made for g in ink)


def _trail_numbers(found: Scan, name: str, ink: list[Reading]) -> list[Reading]:
    """Return a skipped circle's readings: its ink's, and every number its colour makes
    (`SKIPPED_NUMBERS`), most likely first."""
    made = makeable(found.layout.map.cell(name).spec.colour)
    share = SKIPPED_NUMBERS if ink else 1.0
    chances = {r.text: r.chance * (1 - share) for r in ink}
    for number in made:
        chances[str(number)] = chances.get(str(number), 0.0) + share / len(made)
    return sorted((Reading(t, c) for t, c in chances.items()), key=lambda r: -r.chance)


#: A circle's number is sure only when the ink itself gives it this chance among all its
#: readings, the ones the rules rule out counted: where the likeliest reading is ruled out
#: (a 0, no number of the trail), the share of the next among those left says little of
#: the glyphs. On the tuning photos of both generators (layout 3, 358 circles;
#: docs/scan-measurement.md, "The endgame attempts read by the rules"), of the circles
#: sure whose ink gave their number under 0.8, 1 of 14 was wrong (a 7 read 9 at 0.65,
#: sure at 0.91 of what its trail allows); at 0.8 or more, none of 279.
CIRCLE_INK = 0.8
#: A score the rules decide is sure only when one of its ink's likeliest readings
#: (`narrowing._score_field` looks at as many) reads the rules' value whole and as glyphs
#: (`EVIDENCE`): on a tuning photo of an illegal run (2660016) a light pencil's claim of 7
#: was read only as faint pieces, `04` and `4` at 0.01 and 0 evidence, and the rules' 4
#: was taken surely, the wrong claim unseen.
SCORE_INK = 3
#: A score's part whose ink reads another number than the rules' this surely (its
#: likeliest reading's chance among the ink's readings), whole and as glyphs, is suggested
#: as the ink reads it, the rules' value offered next (asked either way): the part is the
#: player's claim, and a claim read so clearly is what is written, whether the player
#: miscounted (the referee's to judge) or a box it is scored from was misread (a light
#: pencil's food read empty). Not where the ink's number is a part of the rules' (a 0 read
#: alone where the rules say 10: a glyph lost), nor a number the part cannot be on the map
#: (`narrow_sheet.score_part_can_be`), nor the total, whose leading 1 the ink loses most.
INK_OVER_RULES = 0.95
#: On a page whose pen the reader did not find (`pen_seen.NO_PEN`: its check boxes read empty
#: at 0.5, telling nothing, and not as a light pencil's), a score's part read from its
#: faint strokes (`light_asks.read_faintly`) is suggested as its ink reads it where its
#: likeliest reading has this chance (not `INK_OVER_RULES`): the rules' value there is the
#: boxes' read empty, which say nothing of the run. docs/scan-measurement.md, "A light
#: pencil's score on a page whose pen is not found".
INK_PEN_LOST = 0.5


def _pen_lost(found: Scan, name: str) -> bool:
    """Return whether a written field was read from its faint strokes on a page not read as
    light pencil (`FieldRead.light`: its pen not found)."""
    return found.fields[name].light and not any(
        f.light for f in found.fields.values() if not f.kind.written)


def _other_ink_agrees(n: Narrowed, ink: list[Guess]) -> bool:
    """Return whether a score part's likeliest reading is doubted (its faint strokes read
    another number nearly as surely: `doubted.both`) and one of its readings is the rules'
    value: the two inks disagree, and one of them reads what the boxes score (light-2985569
    `score-foods`: `2` and `3` both at 1.0, the rules' 3). Not read over the rules then."""
    return bool(ink) and ink[0].doubted and any(g.text == n.decided for g in ink)


def _suggestion(found: Scan, n: Narrowed, ink: list[Guess], unsure: Sequence[str] = (),
                skipped: Collection[str] = ()) -> Suggestion:
    """Return a field's suggestion: sure as the rules say, unless the ink's reading of its
    value leaves out a piece as tall as a glyph (it may miss one: the player is asked),
    reads ink the glyph model hardly takes for glyphs (`EVIDENCE`), is a circle's number
    the ink itself gives under `CIRCLE_INK`, an aid's word the sheet does not print, ink
    found only as a light pencil's faint strokes (`spelling.Guess.faint`), ink its faint
    strokes read otherwise (`spelling.Guess.doubted`), or ink in a box the photo read
    uncertain (too little of it to tell a number from a speck), or a circle read empty that
    the trail says is written (`skipped`); a value the rules decide (a score), unless its
    ink's likeliest readings (`SCORE_INK`) read it whole and as glyphs."""
    if n.empty is not None:
        return _nothing(found, n, ink, unsure)
    least = CIRCLE_INK if found.fields[n.name].kind is sf.CIRCLE else 0.0
    first = ink[0] if ink else None
    lost = found.fields[n.name].kind is sf.SCORE_PART and _pen_lost(found, n.name)
    # on a page whose pen is not found, a part's readings weighed among the numbers it can
    # be (`lost_pen_part`)
    part = part_of_lost_pen(found.layout.map, n.name, ink) if lost and n.decided else None
    first = part or first
    if n.decided is not None and first is not None and first.text not in n.decided and \
            found.fields[n.name].kind is sf.SCORE_PART and first.whole and \
            (first.chance >= (INK_PEN_LOST if lost else INK_OVER_RULES) or part is not None) \
            and first.evidence >= EVIDENCE and not _other_ink_agrees(n, ink) and \
            first.text.isdigit() and \
            score_part_can_be(found.layout.map, n.name, int(first.text)):
        return Suggestion(n.name, sf.SCORE_PART, first.text, False,
                          (Reading(first.text, first.chance),
                           *(replace(r, chance=1 - first.chance) for r in n.left
                             if r.text != first.text)),
                          tuple(r for r in n.ruled_out if r.text != first.text), n.decided,
                          rests_on=n.rests_on)
    if n.decided is not None:
        # the rules' value is the run's; the ink is the check of what the player wrote
        # (a claim the referee must judge), so it must be read as glyphs at all; a reading
        # a doubted number's faint strokes alone make (`doubted.both`) is no such check
        whole = any(g.text == n.value and g.whole and g.evidence >= EVIDENCE
                    for g in [g for g in ink if not (g.faint and g.doubted)][:SCORE_INK])
    else:
        # a box the photo read uncertain (a share of ink between an empty box's and a
        # written one's) holds too little ink to be sure of its glyphs: a speck, or what a
        # messaging app's copy or a light pencil left of a number. On generator 2's tuning
        # photos 6 of the 407 values read surely were read in such a box, 2 of them wrong
        # (docs/scan-measurement.md, "A score box read empty, and a copy's lost pen")
        # a circle read empty is read only where the trail's order says it is written
        # (`skipped`, `SKIPPED_NUMBERS`): asked
        whole = any(g.whole and g.printed and not g.faint and not g.doubted
                    and g.evidence >= EVIDENCE and g.chance >= least
                    for g in ink if g.text == n.value) and not found.fields[n.name].uncertain \
            and n.name not in skipped
    return Suggestion(n.name, found.fields[n.name].kind, n.value, n.sure and whole, n.left,
                      n.ruled_out, n.decided, n.waits, n.rests_on)


def _nothing(found: Scan, n: Narrowed, ink: list[Guess], unsure: Sequence[str]
             ) -> Suggestion:
    """Return a line the rules say is empty suggested so: nothing written, the rules' value
    and why, its ink's readings offered after it (the player may turn a box instead); sure
    as the rules say (the boxes they read sure), unless the ink reads a value as clearly as
    a sure value is read (`_suggestion`), or as glyphs at all (`EVIDENCE`, each glyph's
    chance on average, however faint): a line written where the rules want none is the
    referee's to judge, and the player is asked what is written. Such ink against a rule
    that reads a box short of sure (`unsure`), a reading the rules would allow were the
    line not empty, comes first, nothing written after it: a box read short of sure does
    not overrule what the ink reads clearly (`narrow_unsure`)."""
    clear = any(g.whole and g.printed and not g.faint and not g.doubted
                and g.evidence >= EVIDENCE for g in ink[:1])
    # ink read as glyphs at all (each glyph's chance `EVIDENCE` on average), however little
    # of it or however faint, is what may be written there: the line is asked, not sure
    # (a light pencil's dice written where a food read empty at 0.95 said none can be)
    glyphs = any(g.per_glyph >= EVIDENCE and g.evidence >= EVIDENCE for g in ink[:1])
    shown = {r.text for r in n.left}
    # the ink's readings after it, those the rules would allow were the line not empty first
    after = sorted((g for g in ink if g.text not in shown),
                   key=lambda g: g.text not in n.but_empty)
    candidates = (*n.left, *(Reading(g.text, g.chance) for g in after))
    if clear and set(n.empty_on) & set(unsure) and not n.rests_on and \
            ink[0].text in n.but_empty:
        candidates = (Reading(ink[0].text, ink[0].chance),
                      *(r for r in candidates if r.text != ink[0].text))
    return Suggestion(n.name, found.fields[n.name].kind, candidates[0].text,
                      n.sure and not clear and not glyphs, candidates, n.ruled_out,
                      rests_on=n.rests_on, empty=n.empty)


def boxes_rested_on(suggestions: Mapping[str, Suggestion]) -> dict[str, tuple[str, str]]:
    """Return the boxes read short of sure that a value's reading rests on, each with the
    first value that does and its reading (`round-1-rabbit`, `R5 R1 B4 B6`): asked with the
    boxes to confirm, before the values are judged against them."""
    out: dict[str, tuple[str, str]] = {}
    for name, s in suggestions.items():
        for box in s.rests_on:
            if s.candidates:
                out.setdefault(box, (name, s.candidates[0].text))
    return out


def rest_said(marked: bool, leans: bool | None, field: str, value: str, confidence: float,
              lang: Lang = ENGLISH, among: int = 1) -> str:
    """Return why a box a value rests on is asked, the same on the terminal and the page:
    how the photo read it (`marked`, `confidence`; `leans` None where it tells nothing) and
    the value (`field`) whose reading (`value`) needs it the other way; or, where the
    reading rests on `among` boxes together (a score's part, counting boxes the photo reads
    alike: `narrow_parts`), needs some of them the other way, the photo not telling which."""
    if among > 1:
        return _rest_among(marked, leans, field, value, confidence, among, lang)
    if leans is None:
        return (tr("the photo cannot tell whether it is crossed; {field} reads {value}, which "
                   "needs it empty", field=field, value=value) if marked else
                tr("the photo cannot tell whether it is crossed; {field} reads {value}, which "
                   "needs it crossed", field=field, value=value)).say(lang)
    sure = lang.percent(confidence, 1)
    return (tr("looks crossed ({sure} sure), but {field} reads {value}, which needs it empty",
               sure=sure, field=field, value=value) if marked else
            tr("looks empty ({sure} sure), but {field} reads {value}, which needs it crossed",
               sure=sure, field=field, value=value)).say(lang)


def _rest_among(marked: bool, leans: bool | None, field: str, value: str, confidence: float,
                among: int, lang: Lang) -> str:
    if leans is None:
        return (tr("the photo cannot tell whether it is crossed; {field} reads {value}, which "
                   "needs some of the {n} boxes asked for it empty", field=field, value=value,
                   n=among) if marked else
                tr("the photo cannot tell whether it is crossed; {field} reads {value}, which "
                   "needs some of the {n} boxes asked for it crossed", field=field,
                   value=value, n=among)).say(lang)
    sure = lang.percent(confidence, 1)
    return (tr("looks crossed ({sure} sure), but {field} reads {value}, which needs some of "
               "the {n} boxes asked for it empty", sure=sure, field=field, value=value,
               n=among) if marked else
            tr("looks empty ({sure} sure), but {field} reads {value}, which needs some of "
               "the {n} boxes asked for it crossed", sure=sure, field=field, value=value,
               n=among)).say(lang)


def rested_among(rested: Mapping[str, tuple[str, str]], box: str) -> int:
    """Return how many of the boxes asked for the values they rest on (`rested`: each box's
    value and its reading) rest on the same value as `box`."""
    field = rested[box][0]
    return sum(1 for other, _ in rested.values() if other == field)
