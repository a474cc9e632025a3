"""The guided endgame of play-along: which attempt comes next, what it may use, what it does.

The page holds the sheet as its field values; here the sheet is read as a run (as the
validator reads it) and the rules engine answers, round by round (rulings 13-17):

- `step` says whose attempt is next (each animal still inside escapes, then the farmer
  tries each one's trap), what it needs, and the dice and aids it may use;
- `escape` takes the dice an animal rolled and the aids applied so far, and says whether it
  escapes, which single aids the player may still apply (the free aid included), and the
  boxes that record the attempt;
- `farmer` takes the farmer's roll and plays his aids to catch (as the simulator's farmer
  does: the fewest +/-1 and flips that trigger the trap, else a re-roll, whose new faces the
  player rolls), within his boxes and the mode's aids per attempt;
- once each animal has escaped or been caught, the score box is filled from the verdict.

The page only offers what these answers list; the validator judges the sheet that results.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.games.fox_rabbit import terms
from printkit.games.fox_rabbit.board import AIDS, GameMap
from printkit.games.fox_rabbit.cells import ANIMALS
from printkit.games.fox_rabbit.dice import (
    COLOUR_NAMES,
    PRIMARY_LETTERS,
    Requirement,
    dice_text,
    parse_dice,
)
from printkit.games.fox_rabbit.endgame import applied, catch_sequence
from printkit.games.fox_rabbit.engine import FLIP, PLUS_MINUS, REROLL, AidUse, die_aids
from printkit.games.fox_rabbit.record import Run
from printkit.games.fox_rabbit.validate import validate_run
from printkit.language import ENGLISH, Lang
from printkit.message import say, tr
from printkit.web.referee import RequestError, read_page

AID_WORDS = {PLUS_MINUS: "+/-1", FLIP: "flip", REROLL: "re-roll"}


def _foods(run: Run) -> int:
    return len(run.eaten[0]) + len(run.eaten[1])


def _dice_owned(run: Run) -> list[int]:
    owned = [0, 0, 0]
    for letter in run.map.start_dice:
        owned[PRIMARY_LETTERS.index(letter)] += 1
    for reward in run.rewards or ():
        word, kind = reward.rsplit(" ", 1)
        if kind == "die":
            owned[list(COLOUR_NAMES.values()).index(word)] += 1
    return owned


def _circles_left(run: Run, values: Mapping[str, Any]) -> list[int]:
    """Return the active circles left per aid: the mode's, plus those gained, less those
    spent."""
    m = run.map
    mode = m.modes[run.mode]
    left = []
    for k, aid in enumerate(AIDS):
        gained = sum(bool(values.get(sf.gained_field(aid, i)))
                     for i in range(1, sf.gained_circles(m, mode) + 1))
        left.append(mode.active_circles + gained - run.aids_spent[k])
    return left


def _farmer_boxes(values: Mapping[str, Any], animal: str) -> list[int]:
    """Return the farmer's aid boxes still usable against an animal's trap (one use each)."""
    return [0 if values.get(sf.farmer_field(aid, animal)) else 1 for aid in AIDS]


def need_words(req: Requirement, lang: Lang) -> str:
    """Return what an escape or a trap needs, as a player reads it: 'orange 10 or 11, all
    dice rolled total at most 13'."""
    from printkit.products.fox_rabbit.words import colour_name

    _ = lang.gettext
    return _("{colour} {sums}, all dice rolled total at most {cap}").format(
        colour=colour_name(req.colour, lang), sums=f" {_('or')} ".join(map(str, req.sums)),
        cap=req.cap)


def step(game_map: GameMap, mode_id: str, values: Mapping[str, Any],
         turns: list[str], lang: Lang = ENGLISH) -> dict[str, Any]:
    """Return the next attempt of the endgame, or why there is none (not yet, or over); what
    it needs is said in `lang`."""
    run = read_page(game_map, mode_id, values, turns)
    m = run.map
    foods = _foods(run)
    forced = run.traps_crossed >= m.farmer.traps
    fed = all(run.eaten)
    threshold = m.modes[mode_id].escape_threshold
    kinds = len({f for a in run.eaten for f in a})
    met = kinds == len(m.foods) if threshold == "all" else foods >= threshold
    if not run.escapes and not run.triggers and not forced and not (fed and met):
        return {"stage": "not-yet"}
    if forced and not fed:
        return {"stage": "over", "score": score_values(game_map, mode_id, values, turns)}
    inside = [True, True]
    done = {(a.round, False, a.animal) for a in run.escapes}
    done |= {(a.round, True, a.animal) for a in run.triggers}
    outcome = {(a.round, False, a.animal): a.outcome for a in run.escapes}
    outcome |= {(a.round, True, a.animal): a.outcome for a in run.triggers}
    for rnd in range(1, sf.LOG_ROUNDS + 1):
        for farmer in (False, True):
            for a in (0, 1):
                if not inside[a]:
                    continue
                if (rnd, farmer, a) not in done:
                    return _attempt(run, values, rnd, farmer, a, lang)
                if outcome[(rnd, farmer, a)]:
                    inside[a] = False
        if not any(inside):
            break
    if any(inside):  # the sheet's log is full: the rest is kept in a YAML record
        return {"stage": "full"}
    return {"stage": "over", "score": score_values(game_map, mode_id, values, turns)}


def _attempt(run: Run, values: Mapping[str, Any], rnd: int, farmer: bool,
             a: int, lang: Lang) -> dict[str, Any]:
    m = run.map
    animal = ANIMALS[a]
    out: dict[str, Any] = {
        "stage": "attempt", "round": rnd, "side": "farmer" if farmer else "escape",
        "animal": animal, "field": sf.attempt_field(rnd, animal, farmer),
        "outcome_field": sf.outcome_field(rnd, animal, farmer)}
    if farmer:
        trap = m.farmer.trap(animal)
        out["need"] = need_words(trap.requirement, lang)
        out["dice"] = list(trap.dice)
        out["boxes"] = {AIDS[k]: n for k, n in enumerate(_farmer_boxes(values, animal))}
    else:
        out["need"] = need_words(m.requirement(animal, _foods(run)), lang)
        owned = _dice_owned(run)
        out["dice"] = {PRIMARY_LETTERS[i]: owned[i] for i in range(3)}
        out["circles"] = {AIDS[k]: n for k, n in enumerate(_circles_left(run, values))}
    return out


def _parse_roll(text: str) -> tuple[int, ...]:
    try:
        dice = parse_dice(text)
    except ValueError as err:
        raise RequestError(str(err)) from None
    if not dice:
        raise RequestError(tr("type the dice rolled, e.g. R2 Y5 Y3"))
    return dice


def _parse_aids(raw: Any) -> list[AidUse]:
    if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
        raise RequestError("aids must be a list of aid uses, e.g. [\"-1 R2\"]")
    try:
        return [AidUse.parse(x) for x in raw]
    except ValueError as err:
        raise RequestError(str(err)) from None


def escape(game_map: GameMap, mode_id: str, values: Mapping[str, Any], turns: list[str],
           roll: str, aids_raw: Any, lang: Lang = ENGLISH) -> dict[str, Any]:
    """Return an escape attempt as far as it has gone: refused (`problem`, in `lang`), or its
    dice, whether they escape, the aids the player may still apply, and the boxes that record
    it."""
    now = step(game_map, mode_id, values, turns)
    if now["stage"] != "attempt" or now["side"] != "escape":
        raise RequestError("no escape attempt is due on this sheet now")
    run = read_page(game_map, mode_id, values, turns)
    rolled = _parse_roll(roll)
    owned = now["dice"]
    for letter in PRIMARY_LETTERS:
        n = sum(1 for d in rolled if PRIMARY_LETTERS[d // 10] == letter)
        if n > owned[letter]:
            counts = [n if x == letter else 0 for x in PRIMARY_LETTERS]
            return {"ok": False, "problem": tr(
                "{rolled} dice rolled; the player has {owned}",
                rolled=terms.count_words(counts), owned=owned[letter]).say(lang)}
    aids = _parse_aids(aids_raw)
    dice = list(rolled)
    for aid in aids:
        problem = aid.problem(dice)
        if problem is not None:
            return {"ok": False, "problem": say(problem.said, lang)}
        dice = aid.applied(dice)
    circles = _circles_left(run, values)
    paid = _paid(aids, circles)
    if paid is None:
        return {"ok": False, "problem": tr("no circle is left for that aid, and the free aid "
                                           "is used").say(lang)}
    req = game_map.requirement(now["animal"], _foods(run))
    escaped = req.met_by(tuple(sorted(dice)))
    # what may still be applied: a single aid on one die, or a re-roll, circles or free
    options = []
    if not escaped:
        for k in (PLUS_MINUS, FLIP, REROLL):
            if _paid([*aids, AidUse(k, (), ())], circles) is None:
                continue
            if k == REROLL:
                options.append({"aid": "re-roll", "kind": AIDS[k]})
                continue
            for d in sorted(set(dice)):
                for use in die_aids(d, k == PLUS_MINUS, k == FLIP):
                    options.append({"aid": str(use), "kind": AIDS[k]})
    text = dice_text(rolled) + "".join(f"; {aid}" for aid in aids)
    record: dict[str, Any] = {now["field"]: text, now["outcome_field"]: escaped}
    for k, track in enumerate(AIDS):  # the circles the paid aids cross, after those crossed
        spent = run.aids_spent[k]
        for i in range(spent + 1, spent + paid[k] + 1):
            record[sf.circle_field(track, i)] = True
    return {"ok": True, "dice": dice_text(sorted(dice)), "escaped": escaped, "need": str(req),
            "options": options, "free_used": sum(paid) < len(aids), "record": record}


def _paid(aids: list[AidUse], circles: list[int]) -> list[int] | None:
    """Return the circles each aid track pays for these aids, one aid being free (ruling 7),
    or None when the circles left cannot pay."""
    uses = [sum(1 for a in aids if a.aid == k) for k in range(3)]
    best: list[int] | None = None
    for free in (k for k in range(3) if uses[k]) if aids else [None]:
        paid = [uses[k] - (1 if k == free else 0) for k in range(3)]
        fits = all(paid[k] <= circles[k] for k in range(3))
        if fits and (best is None or sum(paid) < sum(best)):
            best = paid
    return best


def farmer(game_map: GameMap, mode_id: str, values: Mapping[str, Any], turns: list[str],
           rolls: Any, lang: Lang = ENGLISH) -> dict[str, Any]:
    """Play the farmer's attempt on the rolls given (his roll, then the faces of each re-roll
    he makes): the aids he uses to catch, whether he catches, and the boxes that record it;
    or the re-roll he makes next, whose new faces the player rolls."""
    now = step(game_map, mode_id, values, turns)
    if now["stage"] != "attempt" or now["side"] != "farmer":
        raise RequestError("no farmer's attempt is due on this sheet now")
    if not isinstance(rolls, list) or not rolls or not all(isinstance(r, str) for r in rolls):
        raise RequestError("rolls must be a list: the farmer's roll, then any re-roll's faces")
    animal = now["animal"]
    trap = game_map.farmer.trap(animal)
    first = _parse_roll(rolls[0])
    if sorted(PRIMARY_LETTERS[d // 10] for d in first) != sorted(trap.dice):
        return {"ok": False, "problem": tr(
            "the farmer rolls {dice} for the {animal}'s trap", dice=" ".join(trap.dice),
            animal=terms.animal_named(animal)).say(lang)}
    left = _farmer_boxes(values, animal)
    per = game_map.modes[mode_id].farmer_aids_per_attempt
    most = 99 if per is None else per
    dice = tuple(sorted(first))
    aids: list[AidUse] = []
    rerolls = list(rolls[1:])
    while not trap.requirement.met_by(dice) and most > 0:
        seq = catch_sequence(dice, trap.requirement, left[PLUS_MINUS], left[FLIP], min(most, 4))
        if seq:
            for use in seq:
                left[use.aid] -= 1
                aids.append(use)
                dice = applied(dice, use)
            most -= len(seq)
        elif left[REROLL] > 0:
            if not rerolls:
                return {"ok": True, "reroll": dice_text(dice), "aids": [str(a) for a in aids]}
            new = _parse_roll(rerolls.pop(0))
            if sorted(d // 10 for d in new) != sorted(d // 10 for d in dice):
                return {"ok": False, "problem": tr(
                    "the re-roll gives new faces for {dice}, colour for colour",
                    dice=dice_text(dice)).say(lang)}
            aids.append(AidUse(REROLL, dice, new))
            left[REROLL] -= 1
            most -= 1
            dice = tuple(sorted(new))
        else:
            break
    caught = trap.requirement.met_by(dice)
    record: dict[str, Any] = {
        now["field"]: dice_text(first) + "".join(f"; {aid}" for aid in aids),
        now["outcome_field"]: caught}
    for aid in aids:
        record[sf.farmer_field(AIDS[aid.aid], animal)] = True
    return {"ok": True, "reroll": None, "aids": [str(a) for a in aids], "caught": caught,
            "dice": dice_text(dice), "record": record}


def score_values(game_map: GameMap, mode_id: str, values: Mapping[str, Any],
                 turns: list[str]) -> dict[str, Any]:
    """Return the score box filled as the verdict computes it: parts, total, title,
    achievements."""
    run = read_page(game_map, mode_id, values, turns)
    report = validate_run(run)
    s = game_map.scoring
    escaped = len(report.escaped)
    out: dict[str, Any] = {
        "score-foods": str(report.foods_eaten * s.per_food),
        "score-escaped": str(escaped * s.per_escape),
        "score-traps": str(report.traps_left * s.per_trap_left if escaped else 0),
        "score": str(report.score)}
    for i, t in enumerate(s.titles):
        out[sf.title_field(i)] = t.title == report.title
    for ach in s.achievements:
        out[ach.id] = ach.id in report.achievements
    return out
