"""The guided endgame of play-along: which attempt comes next, what it may use, what it does.

The page holds the sheet as its field values; here the sheet is read as a run (as the
validator reads it) and every question goes to the rules core (clarifications 10-14), whose answers
are put in the page's words:

- `step` says whose attempt is next (`position.position`: each animal still inside escapes,
  then the farmer tries each one's trap), what it needs, and the dice and aids it may use;
- `escape` takes the dice an animal rolled and the aids applied so far, and says whether it
  escapes, which single aids the player may still apply (the free aid included), and the
  boxes that record the attempt (`position.escape_try`);
- `farmer` takes the farmer's roll and plays his aids to catch as the simulator's farmer does
  (`endgame.farmer_play`), with the re-rolls' faces the player rolls;
- once each animal has escaped or been caught, the score box is filled from the verdict.

The page only offers what these answers list; the validator judges the sheet that results.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.games.fox_rabbit.board import AIDS, GameMap
from printkit.games.fox_rabbit.cells import ANIMALS
from printkit.games.fox_rabbit.dice import (
    PRIMARY_LETTERS,
    DieCode,
    Requirement,
    dice_text,
    parse_dice,
)
from printkit.games.fox_rabbit.endgame import farmer_play, trap_roll_problem
from printkit.games.fox_rabbit.engine import REROLL, AidUse
from printkit.games.fox_rabbit.position import Position, escape_try, position
from printkit.games.fox_rabbit.rulings import Problem
from printkit.games.fox_rabbit.validate import validate_run
from printkit.language import ENGLISH, Lang
from printkit.message import say, tr
from printkit.web.referee import RequestError, read_page


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
    pos = position(read_page(game_map, mode_id, values, turns))
    if pos.stage == "not-yet":
        return {"stage": "not-yet"}
    if pos.next is None:
        return {"stage": "over", "score": score_values(game_map, mode_id, values, turns)}
    if pos.next.round > sf.LOG_ROUNDS:  # the sheet's log is full: the rest is kept in a YAML record
        return {"stage": "full"}
    return _attempt(pos, lang)


def _attempt(pos: Position, lang: Lang) -> dict[str, Any]:
    assert pos.next is not None
    rnd, farmer, a = pos.next.round, pos.next.farmer, pos.next.animal
    animal = ANIMALS[a]
    out: dict[str, Any] = {
        "stage": "attempt", "round": rnd, "side": "farmer" if farmer else "escape",
        "animal": animal, "field": sf.attempt_field(rnd, animal, farmer),
        "outcome_field": sf.outcome_field(rnd, animal, farmer)}
    if farmer:
        trap = pos.map.farmer.trap(animal)
        out["need"] = need_words(trap.requirement, lang)
        out["dice"] = list(trap.dice)
        out["boxes"] = {AIDS[k]: n for k, n in enumerate(pos.farmer_boxes[a])}
    else:
        out["need"] = need_words(pos.escape_requirement(a), lang)
        out["dice"] = {PRIMARY_LETTERS[i]: pos.dice[i] for i in range(3)}
        out["circles"] = {AIDS[k]: n for k, n in enumerate(pos.circles_left)}
    return out


def _due(pos: Position, farmer: bool) -> None:
    if pos.next is None or pos.next.farmer != farmer or pos.next.round > sf.LOG_ROUNDS:
        raise RequestError("no farmer's attempt is due on this sheet now" if farmer else
                           "no escape attempt is due on this sheet now")


def _parse_roll(text: str) -> tuple[DieCode, ...]:
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


def _refused(problem: Problem, lang: Lang) -> dict[str, Any]:
    return {"ok": False, "problem": say(problem.said, lang)}


def escape(game_map: GameMap, mode_id: str, values: Mapping[str, Any], turns: list[str],
           roll: str, aids_raw: Any, lang: Lang = ENGLISH) -> dict[str, Any]:
    """Return an escape attempt as far as it has gone: refused (`problem`, in `lang`), or its
    dice, whether they escape, the aids the player may still apply, and the boxes that record
    it."""
    pos = position(read_page(game_map, mode_id, values, turns))
    _due(pos, False)
    assert pos.next is not None
    rolled = _parse_roll(roll)
    aids = _parse_aids(aids_raw)
    tried = escape_try(pos, pos.next.animal, rolled, aids)
    if isinstance(tried, Problem):
        return _refused(tried, lang)
    options = [{"aid": str(use), "kind": AIDS[use.aid]} for use in tried.options]
    if tried.reroll_open:
        options.append({"aid": "re-roll", "kind": AIDS[REROLL]})
    animal = ANIMALS[pos.next.animal]
    text = dice_text(rolled) + "".join(f"; {aid}" for aid in aids)
    record: dict[str, Any] = {sf.attempt_field(pos.next.round, animal, False): text,
                              sf.outcome_field(pos.next.round, animal, False): tried.escaped}
    for k, track in enumerate(AIDS):  # the circles crossed, the endgame's paid over again
        for i in range(1, game_map.aid_circles + 1):
            record[sf.circle_field(track, i)] = i <= tried.crossed[k]
    return {"ok": True, "dice": dice_text(tried.dice), "escaped": tried.escaped,
            "need": str(pos.escape_requirement(pos.next.animal)), "options": options,
            "free_used": tried.free_used, "record": record}


class _Refused(Exception):
    """A re-roll's faces that do not fit the dice re-rolled."""

    def __init__(self, problem: Problem) -> None:
        self.problem = problem


def farmer(game_map: GameMap, mode_id: str, values: Mapping[str, Any], turns: list[str],
           rolls: Any, lang: Lang = ENGLISH) -> dict[str, Any]:
    """Play the farmer's attempt on the rolls given (his roll, then the faces of each re-roll
    he makes): the aids he uses to catch, whether he catches, and the boxes that record it;
    or the re-roll he makes next, whose new faces the player rolls."""
    pos = position(read_page(game_map, mode_id, values, turns))
    _due(pos, True)
    assert pos.next is not None
    if not isinstance(rolls, list) or not rolls or not all(isinstance(r, str) for r in rolls):
        raise RequestError("rolls must be a list: the farmer's roll, then any re-roll's faces")
    a = pos.next.animal
    animal = ANIMALS[a]
    trap = game_map.farmer.trap(animal)
    first = _parse_roll(rolls[0])
    problem = trap_roll_problem(trap, a, first)
    if problem is not None:
        return _refused(problem, lang)
    faces = [_parse_roll(r) for r in rolls[1:]]

    def reroll(dice: tuple[DieCode, ...]) -> tuple[DieCode, ...] | None:
        if not faces:
            return None
        new = faces.pop(0)
        refused = AidUse(REROLL, dice, new).problem(dice)
        if refused is not None:
            raise _Refused(refused)
        return new

    try:
        played = farmer_play(first, trap.requirement, pos.farmer_boxes[a],
                             game_map.modes[mode_id].farmer_aids_per_attempt, reroll)
    except _Refused as err:
        return _refused(err.problem, lang)
    aids = [str(x) for x in played.aids]
    if played.waiting:
        return {"ok": True, "reroll": dice_text(played.dice), "aids": aids}
    record: dict[str, Any] = {
        sf.attempt_field(pos.next.round, animal, True):
            dice_text(first) + "".join(f"; {aid}" for aid in aids),
        sf.outcome_field(pos.next.round, animal, True): played.caught}
    for aid in played.aids:
        record[sf.farmer_field(AIDS[aid.aid], animal)] = True
    return {"ok": True, "reroll": None, "aids": aids, "caught": played.caught,
            "dice": dice_text(played.dice), "record": record}


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
