"""The rules narrow what a photo's handwriting could say: of the readings a written field's
ink allows, the ones the rules forbid are never offered, and a value the rules alone decide
(the score, once the run is known) says so.

Each constraint is a function of its own, asked with plain values (no photo here, as a
chess scoresheet reader lets the legal moves choose among its guesses):

- a circle's number: made by its colour's dice (`circle_problem`), and higher than the
  number before it on its trail, printed or written (`narrow_trail.trail_numbers`, which weighs the
  readings of a trail's circles together: a reading that no reading of its neighbours fits
  is ruled out);
- an endgame attempt (`attempt_problem`): dice of the colours the player owned then (the
  farmer's: his trap's dice), faces 1 to 6, its aids on dice it rolled, its tick as the dice
  and aids decide it; the escape attempts' aids paid for by the circles crossed
  (`endgame.paid_circles`), the farmer's by his boxes ticked;
- the score box (`score_values`): its parts and its total as the run scores.

`narrow` asks them all of a sheet's readings and says, for each field, the readings left,
each with its chance among them, what was ruled out and why, and whether the value is sure:
where two readings fit the rules and the ink, it is asked, never guessed.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Protocol, TypeVar

from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.games.fox_rabbit import terms
from printkit.games.fox_rabbit.narrow_attempts import (
    aid_kinds,
    attempt_problem,
    game_judged,
    kept_verdicts,
    out_of_colour_order,
    paid,
    room,
    wasted_aids,
)
from printkit.games.fox_rabbit.narrow_parts import parts_rest_on
from printkit.games.fox_rabbit.narrow_sheet import AttemptPlace, SheetState, complete, sheet_state
from printkit.games.fox_rabbit.narrow_trail import trail_numbers
from printkit.games.fox_rabbit.narrow_unsure import kept_by_unsure
from printkit.games.fox_rabbit.narrowed import (
    NOTHING,
    Narrowed,
    Reading,
    RuledOut,
    narrowed_reading,
)
from printkit.games.fox_rabbit.reader import SheetFields, read_run
from printkit.games.fox_rabbit.record_yaml import RecordError
from printkit.games.fox_rabbit.validate import validate_run
from printkit.message import Said, tr

#: An endgame attempt's reading weighs this for each aid it uses on dice that already meet
#: the requirement (`narrow_attempts.wasted_aids`): the order of the readings offered, not
#: whether one is sure. Chosen on the tuning photos (docs/scan-measurement.md, "The written
#: values, right more often"): an unseen hand's 5 read 3 gave `R2 R4 B3 B5; -1 R2`, whose
#: dice met the requirement before the -1, first, and what is written third.
WASTED_AID = 0.1
#: ... and this when its dice are written out of the colour order red, blue, yellow
#: (`narrow_attempts.out_of_colour_order`): the order offered again, never whether a reading
#: is sure. Every attempt of the tuning photos' real runs (the documented examples and
#: simulated games) is written in that order; a colour letter misread turns it
#: (docs/scan-measurement.md, "An endgame attempt's dice read out of their colour order,
#: and a die's 6 read 5"). 0.1 at first; 0.01 since "The colour order weighed more" (3
#: December): generator 2's hand in a light pencil reads an R for a B with the ink 10 to 20
#: times surer of it, and 0.01 offers what is written first four times more on seven tuning
#: folders, no value offered worse.
COLOUR_ORDER = 0.01
#: the doubtful boxes each tried the other way (each a narrowing of the whole sheet again)
MAX_DOUBTFUL = 8


# --- the score ---------------------------------------------------------------------------------
def score_values(values: Mapping[str, str | bool], state: SheetState,
                 score: int | None = None) -> dict[str, int]:
    """Return the score box as the run the values give scores it: each part (foods eaten,
    escapes as ticked, traps left if one escaped) and the total as the referee scores the
    run (`score`, when the caller has judged that run already); while a value is still
    unread (no run to judge), the parts' sum."""
    parts = score_parts(state)
    if score is not None:
        return parts | {"score": score}
    try:
        run = read_run(SheetFields(values, "the photo"), "the photo")
    except RecordError:
        return parts | {"score": sum(parts.values())}
    return parts | {"score": validate_run(run).score}


def score_parts(state: SheetState) -> dict[str, int]:
    """Return the score box's parts as the ticks score them (foods eaten, escapes as ticked,
    traps left if one escaped): the game's, whatever is written (`score_values`)."""
    scoring = state.map.scoring
    escaped = len({p.animal for p in state.attempts.values() if p.ticked and not p.farmer})
    traps_left = max(0, state.map.farmer.traps - state.traps_crossed)
    return {"score-foods": state.foods_eaten * scoring.per_food,
            "score-escaped": escaped * scoring.per_escape,
            "score-traps": traps_left * scoring.per_trap_left if escaped else 0}


def _score_field(name: str, ink: Sequence[Reading], decided: int) -> Narrowed:
    """Return a score box narrowed: the rules decide it; sure when the ink agrees (reads it
    among its likely readings), else asked (a box misread can make the rules' value wrong:
    the ink is its check)."""
    text = str(decided)
    agrees = any(r.text == text and r.chance >= 0.05 for r in ink[:3])
    said = tr("the run scores {score} here", score=decided)   # (one message for all)
    why = {r.text: said for r in ink if r.text != text}
    ink_chance = next((r.chance for r in ink if r.text == text), 0.0)
    return Narrowed(name, (Reading(text, 1.0),),
                    tuple(RuledOut(r.text, r.chance, why[r.text]) for r in ink if r.text in why),
                    agrees, text, ink_chance)


# --- a whole sheet: an attempt's readings judged, by what of the game they read and their box --
_Judged = tuple[tuple[object, ...], AttemptPlace]


@dataclass
class _Sheet:
    values: dict[str, str | bool]
    state: SheetState
    out: dict[str, Narrowed] = field(default_factory=dict)
    #: the attempts' readings judged, shared by the narrowings of one sheet with boxes read
    #: otherwise (`narrow`'s), which judge the same readings in mostly the same game
    judged: dict[_Judged, dict[str, Said | None]] = field(default_factory=dict)
    #: ... and whether the circles crossed pay for escape attempts' readings (`paid`), alike
    paid: dict[tuple[object, ...], bool] = field(default_factory=dict)


def narrow(values: Mapping[str, str | bool], readings: Mapping[str, Sequence[Reading]],
           doubtful: Sequence[str] = (), unsure: Sequence[str] = (),
           empty_unsure: Collection[str] | None = None, blind: Collection[str] = ()
           ) -> dict[str, Narrowed]:
    """Return each written field read (`readings`: the ink's readings of it, most likely
    first) narrowed by the rules, given the sheet's other values (`values`: the form's, as
    `sheet_fields.record_data` takes them, ticks read and values the player gave).
    `doubtful` names the boxes whose tick may be read wrong: a reading one of them read the
    other way allows is not ruled out, and a value that rests on one is not sure.
    `unsure` names the boxes read short of sure (least sure first), which the player is not
    asked unless the rules need them: where the ink's likeliest reading of a value is ruled
    out and one of them read the other way lets it stand, it is kept, the value asked, and
    the box named (`Narrowed.rests_on`). `empty_unsure` names those of them too weak for a
    line the rules say is empty to rest on surely (`evidence.EMPTY_SURE`; all of them if
    None). `blind` names those the photo tells nothing of (`evidence.NO_EVIDENCE`), which
    no score part rests on (`narrow_parts`)."""
    base = _narrow_sheet(values, readings)
    out = base.out
    # each a narrowing of its own, its attempts judged again (`wanted`: all of them) unless
    # the box leaves the game as it was
    flipped = [_narrow_sheet({**values, box: not values.get(box)}, readings, base, readings).out
               for box in doubtful[:MAX_DOUBTFUL] if isinstance(values.get(box, False), bool)]
    if flipped:
        out = {name: _either(n, [f[name] for f in flipped if name in f])
               for name, n in out.items()}

    def again(other: Mapping[str, str | bool], wanted: Collection[str]) -> dict[str, Narrowed]:
        return _narrow_sheet(other, readings, base, wanted).out

    kept = kept_by_unsure(values, readings, out, unsure, again)
    # a score's part ruled out by its own boxes read alike, short of sure (`narrow_parts`)
    kept = parts_rest_on(values, readings, kept, [b for b in unsure if b not in blind],
                         base.state.map, again)
    weak = unsure if empty_unsure is None else empty_unsure
    return scores_rest_on_what_is_sure(nothing_first(kept, {*doubtful, *weak}))


def nothing_first(out: Mapping[str, Narrowed], in_doubt: Collection[str]
                  ) -> dict[str, Narrowed]:
    """Return the fields with each line the rules say is empty suggested so: `NOTHING`
    first among its readings (a box read otherwise may leave others), sure only where no
    box the rule reads is in doubt (`in_doubt`: to confirm, or read short of sure)."""
    fixed = dict(out)
    for name, n in out.items():
        if n.empty is None:
            continue
        left = tuple(sorted(n.left, key=lambda r: r.text != NOTHING))
        if not left or left[0].text != NOTHING:
            left = (Reading(NOTHING, 1.0), *left)
        fixed[name] = replace(n, left=left, sure=n.sure and not set(n.empty_on) & set(in_doubt)
                              and not n.rests_on)
    return fixed


class Decided(Protocol):
    """A written field's reading as far as the score's rule needs it (`Narrowed`, and the
    photo reader's suggestion made of it, which its ink may leave unsure)."""

    @property
    def sure(self) -> bool: ...
    @property
    def decided(self) -> str | None: ...
    @property
    def waits(self) -> bool: ...


AnyDecided = TypeVar("AnyDecided", bound=Decided)


def scores_rest_on_what_is_sure(out: Mapping[str, AnyDecided]) -> dict[str, AnyDecided]:
    """Return the fields with the score box's parts and total asked while another value
    read is: the rules decide the score from the run the values read make, and a value
    the player may still change can change it (the ink agreeing is no check of that). A
    score so asked that the ink agrees with waits: sure once the player has given that
    value."""
    unsure = any(not n.sure for n in out.values() if n.decided is None)
    return {name: (replace(n, sure=False, waits=n.sure or n.waits)  # type: ignore[type-var]
                   if unsure and n.decided is not None else n) for name, n in out.items()}


def _either(read: Narrowed, others: Sequence[Narrowed]) -> Narrowed:
    """Return a field's readings when a box it is judged with may be read either way: a
    reading is left when either way leaves it (each way weighed alike), and the value is
    sure only when every way gives it surely."""
    chances: dict[str, float] = {}
    for n in (read, *others):
        for r in n.left:
            chances[r.text] = chances.get(r.text, 0.0) + r.chance
    total = sum(chances.values())
    left = tuple(sorted((Reading(t, c / total) for t, c in chances.items()),
                        key=lambda r: -r.chance)) if total > 0 else ()
    same = all(n.sure and n.value == read.value and n.decided == read.decided
               for n in others)
    return Narrowed(read.name, left, tuple(r for r in read.ruled_out if r.text not in chances),
                    read.sure and same and bool(left) and left[0].text == read.value,
                    read.decided, max(n.allowed for n in (read, *others)),
                    empty=read.empty, empty_on=read.empty_on, but_empty=read.but_empty)


def _narrow_sheet(values: Mapping[str, str | bool], readings: Mapping[str, Sequence[Reading]],
                  base: _Sheet | None = None, wanted: Collection[str] = ()) -> _Sheet:
    """Return a sheet's written fields narrowed; `base`, the same readings narrowed with
    other boxes, lends what the boxes do not change: its circles (a trail's order is the
    numbers' alone), and its attempts where the game the ticks leave is the same or none
    of them is `wanted` (the score is then judged with the attempts as `base` reads them).
    With `base`, the fields `wanted` are narrowed (`kept_by_unsure`'s narrowings again, for
    each box read the other way: each attempt is judged all the same, the escapes' aids
    being paid together), and every attempt where the score's total is wanted (the run
    scored)."""
    values = complete(values)
    state = sheet_state(values)
    sheet = _Sheet(values, state, {}, *kept_verdicts(state)) if base is None else \
        replace(base, values=values, state=state, out={})
    game_map = state.map
    circles = {name: r for name, r in readings.items() if state.kinds.get(name) is sf.CIRCLE}
    if base is not None:
        sheet.out |= {name: base.out[name] for name in circles if name in base.out}
    else:
        for k in range(len(game_map.trails)):
            mine = {str(c.id): circles[str(c.id)] for c in game_map.trails[k].cells
                    if str(c.id) in circles}
            if mine:
                sheet.out |= trail_numbers(game_map, k, mine, state.dice)
    # the score boxes narrowed: with `base`, those `wanted` alone; the run scored (its
    # total, from every value narrowed) only where the total is (scoring never refuses a
    # run, `score_values`: an unreadable one is the parts' sum); the parts are the ticks'
    scored = [name for name in readings if state.kinds.get(name) in (sf.SCORE_PART, sf.SCORE_TOTAL)
              and (base is None or name in wanted)]
    total = any(state.kinds[name] is sf.SCORE_TOTAL for name in scored)
    attempts = {name: r for name, r in readings.items() if state.kinds.get(name) is sf.ATTEMPT}
    if base is not None and (base.state == state or not set(attempts) & set(wanted)):
        sheet.out |= {name: base.out[name] for name in attempts if name in base.out}
    else:
        _attempts(sheet, attempts, None if base is None or total else set(wanted))
    if not total:
        scores = score_parts(state)
    else:
        best = dict(values)
        for name, n in sheet.out.items():
            if n.value is not None:
                best[name] = "" if n.value == NOTHING else n.value
        scores = score_values(best, state)
    for name in scored:
        sheet.out[name] = _score_field(name, readings[name], scores[name])
    return sheet


def attempt_rooms(values: Mapping[str, str | bool], doubtful: Sequence[str] = ()
                  ) -> dict[str, tuple[int, int, int]]:
    """Return, for each endgame attempt of a sheet, the most dice of each colour it may roll
    (`narrow_attempts.room`) as the boxes read leave them, or as a doubtful box read the
    other way does (the most of either, as `narrow` weighs both): a reading is read only as
    far as it fits them (`narrow_attempts.fits_so_far`)."""
    values = complete(values)
    states = [sheet_state(values)]
    states += [sheet_state({**values, box: not values.get(box)})
               for box in doubtful[:MAX_DOUBTFUL] if isinstance(values.get(box, False), bool)]
    out: dict[str, tuple[int, int, int]] = {}
    for name in states[0].attempts:
        most = [max(room(state, state.attempts[name])[k] for state in states) for k in range(3)]
        out[name] = (most[0], most[1], most[2])
    return out


def _attempts(sheet: _Sheet, readings: Mapping[str, Sequence[Reading]],
              asked: Collection[str] | None = None) -> None:
    """Narrow the endgame attempts: each reading by itself, then the escape attempts' aids
    together against the circles crossed (each reading tried with the others' readings
    that ask the fewest aids); those `asked` (all if None) are narrowed, and of the others
    only the attempts they are judged with are judged: every escape, for an escape asked;
    the farmer's attempts on the same animal, for one of his."""
    state = sheet.state
    if asked is not None:
        places = [state.attempts[name] for name in readings if name in asked]
        escapes_asked = any(not p.farmer for p in places)
        animals = {p.animal for p in places if p.farmer}
        readings = {name: ink for name, ink in readings.items()
                    if (state.attempts[name].animal in animals if state.attempts[name].farmer
                        else escapes_asked)}

    def judged(game: SheetState, place: AttemptPlace, ink: Sequence[Reading]
               ) -> list[Said | None]:
        # a reading judged once in games alike in what the judging reads (`game_judged`),
        # the game and box hashed once for all of a field's readings, not for each
        known = sheet.judged.setdefault((game_judged(game, place), place), {})
        for r in ink:
            if r.text not in known:
                known[r.text] = attempt_problem(game, place, r.text)
        return [known[r.text] for r in ink]

    alone: dict[str, tuple[dict[str, float], dict[str, Said]]] = {}
    for name, ink in readings.items():
        left: dict[str, float] = {}
        why: dict[str, Said] = {}
        place = state.attempts[name]
        for r, problem in zip(ink, judged(state, place, ink)):
            if problem is None:
                left[r.text] = left.get(r.text, 0.0) + r.chance
            else:
                why[r.text] = problem
        alone[name] = (left, why)
    escapes = [name for name in alone if not state.attempts[name].farmer]

    def fewest(name: str) -> str | None:
        # the reading of another attempt that asks the least of the circles: a reading is
        # ruled out only when no reading left of the others lets the circles pay for it
        left = alone[name][0]
        return min(left, key=lambda t: len(aid_kinds(t))) if left else None

    def pays(escaped: list[str]) -> bool:
        # asked once of the same readings and circles crossed (as `judged`)
        key = (state.aids_spent, tuple(escaped))
        if key not in sheet.paid:
            sheet.paid[key] = paid(state, escaped)
        return sheet.paid[key]

    for name in escapes:
        left, why = alone[name]
        others = [b for o in escapes if o != name and (b := fewest(o)) is not None]
        if not pays(others):
            # the others' readings cannot be paid for even without this one's: its aids
            # are not what is wrong
            continue
        for text in [t for t in left if not pays([*others, t])]:
            del left[text]
            why[text] = tr("the aid circles crossed cannot pay for these aids, one aid of "
                           "each attempt being free")
    _farmer_boxes(sheet, alone)
    for name, (left, why) in alone.items():
        if asked is not None and name not in asked:
            continue
        place = state.attempts[name]
        empty = state.empty_line(name)
        if empty is not None:
            # the rules' value: nothing written (the ink's readings all ruled out, why said),
            # and the readings they would leave were the line not empty
            open_state = replace(state, empty=())
            but = tuple(r.text for r, problem in
                        zip(readings[name], judged(open_state, place, readings[name]))
                        if problem is None)
            sheet.out[name] = Narrowed(
                name, (Reading(NOTHING, 1.0),),
                tuple(RuledOut(r.text, r.chance, why[r.text]) for r in readings[name]
                      if r.text in why), True, allowed=0.0, empty=empty[1], empty_on=empty[2],
                but_empty=but)
            continue
        prior = {t: weight for t in left if (weight := _prior(state, place, t)) != 1.0}
        sheet.out[name] = narrowed_reading(name, readings[name], left, why, prior)


def _prior(state: SheetState, place: AttemptPlace, text: str) -> float:
    """Return how likely a player is to write an attempt's reading, for the order of those
    offered: WASTED_AID for each aid that changed nothing, COLOUR_ORDER for dice out of the
    colour order."""
    return WASTED_AID ** wasted_aids(state, place, text) * \
        (COLOUR_ORDER if out_of_colour_order(text) else 1.0)


def _farmer_boxes(sheet: _Sheet, alone: Mapping[str, tuple[dict[str, float],
                                                            dict[str, Said]]]) -> None:
    """Rule out a farmer's attempt that leaves an aid box ticked against its animal unused:
    the boxes ticked are the aids his attempts used (`referee.aid_totals`), so an aid no
    reading of his other attempts on that animal may use is this one's to write. An attempt
    on the same animal whose readings are all ruled out, or not read, could hold it: then
    nothing is ruled out."""
    state = sheet.state
    for name, (left, why) in alone.items():
        place = state.attempts[name]
        if not place.farmer:
            continue
        ticked = {k for k in range(3) if place.animal in state.farmer_ticked[k]}
        others: set[int] = set()
        for other, at in state.attempts.items():
            if other == name or not at.farmer or at.animal != place.animal:
                continue
            if other in alone:
                if not alone[other][0]:
                    ticked = set()
                for text in alone[other][0]:
                    others |= set(aid_kinds(text))
            else:
                written = sheet.values.get(other)
                others |= set(aid_kinds(written)) if isinstance(written, str) else set()
        for text in list(left):
            unused = sorted(ticked - others - set(aid_kinds(text)))
            if unused:
                del left[text]
                why[text] = tr("the farmer's {aid} box is ticked against the {animal}'s trap, "
                               "but his attempts do not use it",
                               aid=terms.aid(unused[0]), animal=terms.animal(place.animal))
