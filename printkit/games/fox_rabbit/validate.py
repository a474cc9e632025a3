"""The validator: every rule a run record can show, every violation found, and the score.

With a turn log the whole game is replayed on the engine; without one, everything the paper
alone shows is checked. Either way the endgame, the score, the title and the claimed
achievements are checked, and the computed ones are reported beside the claimed ones.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from printkit.games.fox_rabbit.board import AIDS, GameMap, Trail
from printkit.games.fox_rabbit.dice import (
    COLOUR_NAMES, PRIMARIES, PRIMARY_LETTERS, Requirement, dice_text, makeable, mix_parts)
from printkit.games.fox_rabbit.endgame import catch_sequence
from printkit.games.fox_rabbit.engine import (
    ANIMAL_NAMES, FLIP, NO_REWARD, PLUS_MINUS, REWARDS, AidUse, Game, achievements,
    crossing_problem, escape_problem_dice, reward_parts, score, take_dice)
from printkit.games.fox_rabbit.moves import Move, Turn
from printkit.games.fox_rabbit.record import Attempt, Run, read_record


@dataclass(frozen=True)
class Violation:
    """A rule broken: which ruling (or house decision), where on the sheet, what was expected."""

    rule: str    # "ruling 4", "decision D1", or "record" (two parts of the record disagree)
    place: str   # "turn 7", "F-C4", "round 2, fox's escape attempt", "score box"
    text: str

    def __str__(self) -> str:
        rule = "the record disagrees with itself" if self.rule == "record" else self.rule
        return f"{self.place}: {self.text} ({rule})"

    def as_dict(self) -> dict[str, str]:
        return {"rule": self.rule, "place": self.place, "text": self.text}


@dataclass
class Report:
    """The validator's verdict on one run."""

    mode: str
    map: str
    violations: list[Violation] = field(default_factory=list)
    score: int = 0
    title: str = ""
    achievements: list[str] = field(default_factory=list)
    escaped: list[str] = field(default_factory=list)
    claimed_score: int = 0
    claimed_title: str = ""
    claimed_achievements: list[str] = field(default_factory=list)
    replayed: bool = False
    foods_eaten: int = 0
    traps_left: int = 0   # when the endgame began (they score only if an animal escaped)

    @property
    def legal(self) -> bool:
        return not self.violations

    def as_dict(self) -> dict[str, Any]:
        return {
            "legal": self.legal, "readable": True, "map": self.map, "mode": self.mode,
            "replayed_turn_log": self.replayed,
            "violations": [v.as_dict() for v in self.violations],
            "computed": {"score": self.score, "title": self.title,
                         "achievements": self.achievements, "escaped": self.escaped,
                         "foods_eaten": self.foods_eaten, "traps_left": self.traps_left},
            "claimed": {"score": self.claimed_score, "title": self.claimed_title,
                        "achievements": self.claimed_achievements},
        }

    def text(self) -> str:
        """Return the report as a player reads it."""
        lines = [f"The Fox and the Rabbit, {self.map} map, {self.mode} mode"
                 + (" (turn log replayed)" if self.replayed else " (sheet only, no turn log)")]
        if self.legal:
            lines.append("legal run: no rule broken")
        else:
            n = len(self.violations)
            lines.append(f"illegal run: {n} violation{'s' if n != 1 else ''}")
            lines += [f"  - {v}" for v in self.violations]
        esc = " and ".join(self.escaped) if self.escaped else "nobody"
        lines.append(f"escaped: {esc}; foods eaten: {self.foods_eaten}; traps left when the "
                     f"endgame began: {self.traps_left}")
        rows = [("score", str(self.score), str(self.claimed_score)),
                ("title", self.title, self.claimed_title),
                ("achievements", ", ".join(self.achievements) or "none",
                 ", ".join(self.claimed_achievements) or "none")]
        width = max(len("computed"), *(len(r[1]) for r in rows)) + 3
        lines.append(f"{'':14}{'computed':{width}}claimed")
        for name, computed, claimed in rows:
            lines.append(f"{name:14}{computed:{width}}{claimed}")
        return "\n".join(lines)


class _Checker:
    """One validation: the run, the engine state it builds, and the violations found."""

    def __init__(self, run: Run) -> None:
        self.run = run
        self.map: GameMap = run.map
        self.game = Game(run.map, run.mode)
        self.found: list[Violation] = []
        self.turn_aids = [0, 0, 0]   # aid circles spent in turns (known with a turn log)

    def add(self, rule: str, place: str, text: str) -> None:
        self.found.append(Violation(rule, place, text))

    # --- the turn log: replay ----------------------------------------------------------------
    def replay(self, turns: tuple[Turn, ...]) -> None:
        g = self.game
        last_trap = self.map.farmer.traps
        owned = g.dice  # updated in place as rewards join
        for n, turn in enumerate(turns, start=1):
            if g.traps >= last_trap:
                self.add("ruling 12", f"turn {n}", f"the farmer's last trap was crossed after "
                         f"turn {n - 1}, so the endgame had started; no more turns are played")
            if turn.colours != tuple(owned):
                self.add("ruling 1", f"turn {n}", f"the roll has {_count_words(turn.colours)}; "
                         f"the player rolls all of their dice: {_count_words(owned)}")
            if turn.aids or turn.moves:
                dice = list(turn.roll)
                for aid in turn.aids:
                    self.replay_aid(f"turn {n}", aid, dice)
                for mv in turn.moves:
                    self.replay_move(f"turn {n}", mv, dice)
            g.end_turn()

    def replay_aid(self, place: str, aid: AidUse, dice: list[int]) -> None:
        g = self.game
        if g.aids_left(aid.aid) <= 0:
            self.add("ruling 6", place, f"{aid} needs an active {_aid_word(aid.aid)} "
                     f"circle; none is left")
        g.spend_aid(aid.aid)
        self.turn_aids[aid.aid] += 1
        problem = aid.problem(dice)
        if problem:
            self.add("ruling 6", place, problem)

    def replay_move(self, place: str, mv: Move, dice: list[int]) -> None:
        g = self.game
        cell = self.map.cells[mv.cell]
        a = 0 if cell.id.animal_letter == "F" else 1
        order = g.order_problem(cell)
        if order:
            rule = "decision D1" if "one trail at a time" in order else (
                "ruling 9" if "tunnel" in order else "ruling 3")
            self.add(rule, place, order)
        missing = take_dice(dice, mv.dice)
        if missing:
            self.add("ruling 5", place, f"{cell.id} is crossed with {missing}, but no unused "
                     f"{missing} is left this turn (each die crosses at most one cell a turn)")
        t = g.trail[a]
        if order and "cells are crossed in order" in order and t is not None:
            g.pos[a] = cell.id.position - 1  # report the skip once, then go on from here
            order = ""
        if not order:
            problem = crossing_problem(cell, mv.dice, mv.write, g.previous_number(cell))
            if problem:
                self.add("ruling 4", place, problem)
            arrived = g.cross(cell, mv.total if mv.write is None else mv.write)
        else:
            arrived = False
        if arrived:
            self.eat(place, a, mv.food, mv.reward, cell)
        elif mv.food is not None:
            self.add("ruling 8", place, f"the {ANIMAL_NAMES[a]} eats only on arriving at a food "
                     f"location, at the end of a trail; {cell.id} is not the end of one")

    def eat(self, place: str, a: int, food: str | None, reward: str | None, cell: Any) -> None:
        g = self.game
        trail = g.trail[a]
        assert trail is not None
        loc = self.map.location(trail.location)
        edible = g.edible(a)
        name = ANIMAL_NAMES[a]
        if food is None:
            self.add("ruling 8", place, f"the {name} arrives at the {loc.name} at {cell.id} and "
                     f"eats one of {', '.join(edible) or 'its foods'}; write 'eats FOOD, takes REWARD'")
            g.hungry[a] = False
            return
        if food not in loc.foods:
            self.add("ruling 8", place, f"the {name} arrives at the {loc.name} at {cell.id}, "
                     f"which offers {_and(loc.foods)}, not {food}")
        elif food in g.eaten[a]:
            self.add("ruling 8", place, f"the {name} already ate {food}; an animal never eats "
                     f"the same food twice")
        self.check_reward(place, reward or NO_REWARD)
        g.eat(a, food, reward or NO_REWARD)

    def check_reward(self, place: str, reward: str) -> None:
        available = self.game.rewards_available()
        if reward == NO_REWARD:
            if available:
                self.add("decision D4", place, f"a reward is taken with each food; "
                         f"{_or(available)} could be taken")
            return
        if reward not in available:
            kind, i = reward_parts(reward)
            why = (f"the player already has 2 {PRIMARIES[i]} dice" if kind == "die" else
                   f"every circle of the {_aid_word(i)} track is already active")
            self.add("ruling 10", place, f"{reward} cannot be taken: {why}")

    def compare_sheet(self) -> None:
        """Report where the sheet and the replayed turn log disagree."""
        g, run = self.game, self.run
        sheet = set(run.crossed)
        played = set(g.crossed)
        for c in sorted(sheet - played):
            self.add("record", c, f"the sheet shows {c} crossed, but no turn crosses it")
        for c in sorted(played - sheet):
            self.add("record", c, f"turns cross {c}, but the sheet does not show it crossed")
        for c, v in sorted(run.written.items()):
            if c in g.written and g.written[c] != v:
                self.add("record", c, f"the sheet shows {v} written at {c}; the turn log "
                         f"writes {g.written[c]}")
            elif c not in g.written and c in played:
                self.add("record", c, f"the sheet shows {v} written at {c}, but "
                         f"{self.map.cells[c].spec.describe()} is printed there: only a circle "
                         f"takes a number")
        for c, v in sorted(g.written.items()):
            if c in sheet and c not in run.written:
                self.add("record", c, f"the turn log writes {v} here; the sheet has no number")
        sheet_eats = [(a, f, r) for a, f, r in run.eaten]
        if sheet_eats != g.eats:
            self.add("record", "foods eaten", "the sheet's foods eaten ("
                     + _eats_text(sheet_eats) + ") differ from the turn log's ("
                     + _eats_text(g.eats) + ")")
        if run.traps_crossed != g.traps:
            self.add("record", "farmer trail", f"the sheet shows {run.traps_crossed} traps "
                     f"crossed; the turn log has {g.traps} turns, one trap after each (ruling 12)")

    # --- the sheet alone -----------------------------------------------------------------------
    def sheet(self) -> None:
        """Check what the paper shows, and build the engine state the endgame starts from."""
        run, m, g = self.run, self.map, self.game
        crossed = set(run.crossed)
        # trail order and circles (rulings 3, 4)
        for trail in m.trails:
            previous = 0
            gap = None
            for cell in trail.cells:
                key = str(cell.id)
                if key in crossed:
                    if gap is not None:
                        self.add("ruling 3", key, f"{key} is crossed but {gap} before it is not; "
                                 f"cells are crossed in order")
                        gap = None
                    if cell.value:
                        if key in run.written:
                            self.add("ruling 4", key, f"{cell.spec.describe()} is printed; "
                                     f"no number is written in it")
                        previous = cell.value
                    elif key not in run.written:
                        self.add("ruling 4", key, f"the crossed {cell.spec.describe()[2:]} needs "
                                 f"the number written in it")
                    else:
                        w = run.written[key]
                        if w not in makeable(cell.spec.colour):
                            r = makeable(cell.spec.colour)
                            colour = cell.spec.colour_name
                            self.add("ruling 4", key, f"{w} is written in the {colour} circle, "
                                     f"but {colour} numbers run from {r[0]} to {r[-1]} "
                                     f"({cell.spec.needs()})")
                        if w <= previous:
                            self.add("ruling 4", key, f"the number written must be higher than "
                                     f"{previous}, the number before it on the trail; {w} "
                                     f"was written")
                        previous = w
                else:
                    if key in run.written:
                        self.add("ruling 4", key, f"a number is written at {key} but the cell is "
                                 f"not crossed")
                    if gap is None:
                        gap = key
                    previous = cell.value or previous
        # trails walked, one at a time, first from the start (decision D1, ruling 9)
        done: list[list[Trail]] = [[], []]
        for a, name in enumerate(ANIMAL_NAMES):
            walked = [t for t in m.trails_of(name) if str(t.cells[0].id) in crossed]
            complete = [t for t in walked if str(t.cells[-1].id) in crossed]
            open_ = [t for t in walked if t not in complete]
            done[a] = complete
            if len(open_) > 1:
                self.add("decision D1", f"trails {', '.join(str(t.id) for t in open_)}",
                         f"the {name} follows one trail at a time, to its end; "
                         f"{len(open_)} of its trails are started but not finished")
            if walked and not any(t.start == "start" for t in complete) and not (
                    len(walked) == 1 and walked[0].start == "start"):
                self.add("ruling 9", f"the {name}'s trails",
                         f"the {name} begins on a trail from its starting position and reaches "
                         f"a tunnel only after eating; none of its finished trails leaves its start")
            mine = [f for b, f, _ in run.eaten if b == a]
            if len(mine) != len(complete):
                self.add("ruling 8", f"the {name}'s foods",
                         f"the {name} finished {len(complete)} trail"
                         f"{'s' if len(complete) != 1 else ''} and eats once at the end of each, "
                         f"but {len(mine)} food{'s are' if len(mine) != 1 else ' is'} recorded")
            elif not _assignable(mine, [m.foods_at(t) for t in complete]):
                self.add("ruling 8", f"the {name}'s foods",
                         f"the foods eaten ({', '.join(mine)}) are not what the food locations "
                         f"at the end of its finished trails offer")
            for t in open_:
                if mine and all(f in mine for f in m.foods_at(t)) and t.start == "tunnel":
                    self.add("ruling 9", str(t.id), f"the {name} took a tunnel to {t.id}, whose "
                             f"food location offers only foods it has eaten")
        # foods and rewards in order (rulings 8, 10)
        for n, (a, food, reward) in enumerate(run.eaten, start=1):
            place = f"food {n} ({ANIMAL_NAMES[a]}, {food})"
            if food in g.eaten[a]:
                self.add("ruling 8", place, f"the {ANIMAL_NAMES[a]} already ate {food}; an "
                         f"animal never eats the same food twice")
            self.check_reward(place, reward)
            g.eat(a, food, reward)
            g.end_turn()  # rewards join; the traps are set from the sheet below
        g.traps = run.traps_crossed
        g.hungry = [False, False]
        if run.traps_crossed > m.farmer.traps:
            self.add("ruling 12", "farmer trail", f"{run.traps_crossed} traps crossed; the "
                     f"farmer trail has {m.farmer.traps}")
        # the state the endgame starts from
        g.crossed = list(run.crossed)
        for a in (0, 1):
            g.walked[a] = []
        del done

    # --- the endgame ---------------------------------------------------------------------------
    def endgame(self) -> tuple[list[bool], int]:
        """Check rulings 11-17 on the attempts; return who escaped and the traps left."""
        run, m, g = self.run, self.map, self.game
        forced = run.traps_crossed >= m.farmer.traps
        traps_left = max(0, m.farmer.traps - run.traps_crossed)
        escaped = [False, False]
        fed = g.both_fed()
        attempts = len(run.escapes) + len(run.triggers)
        if not forced:
            if not attempts:
                self.add("ruling 17", "endgame", f"the game is not finished: {run.traps_crossed} "
                         f"of {m.farmer.traps} traps crossed and no escape attempt made")
                return escaped, traps_left
            if not fed:
                self.add("ruling 11", "endgame", "the endgame was begun before both animals "
                         "had eaten; each must eat at least 1 food before either may escape")
            elif not g.threshold_met():
                th = m.modes[run.mode].escape_threshold
                need = "all 6 foods eaten" if th == "all" else f"{th} foods eaten"
                self.add("ruling 14", "endgame", f"the endgame was begun with {g.foods_eaten()} "
                         f"foods eaten; {run.mode} mode needs {need} (or the farmer's last trap)")
        elif not fed:
            for att in run.escapes:
                self.add("ruling 11", f"round {att.round}, {ANIMAL_NAMES[att.animal]}'s escape "
                         f"attempt",
                         "no escape is possible: both animals must each eat at least 1 food "
                         "before either may escape (decision D7: the game ends at once)")
            for att in run.triggers:
                self.add("decision D7", f"round {att.round}, farmer against the "
                         f"{ANIMAL_NAMES[att.animal]}", "the game ended when the farmer's last "
                         "trap was crossed with an animal unfed; no trigger attempts follow")
            return escaped, traps_left
        req_foods = g.foods_eaten()
        inside = [True, True]
        escapes = list(run.escapes)
        triggers = list(run.triggers)
        farmer_left = [m.farmer.aid_uses] * 3
        endgame_aids = [0, 0, 0]
        rnd = 0
        per_attempt = m.modes[run.mode].farmer_aids_per_attempt
        while any(inside) and (escapes or triggers):
            rnd += 1
            mine = [x for x in escapes if x.round == rnd]
            escapes = [x for x in escapes if x.round != rnd]
            self.round_shape(rnd, mine, inside, "escape attempt")
            for att in mine:
                if not inside[att.animal]:
                    continue
                ok = self.escape_attempt(att, req_foods, endgame_aids)
                if ok:
                    escaped[att.animal] = True
                if att.outcome:
                    inside[att.animal] = False
            theirs = [x for x in triggers if x.round == rnd]
            triggers = [x for x in triggers if x.round != rnd]
            self.round_shape(rnd, theirs, inside, "farmer's trigger attempt")
            for att in theirs:
                if not inside[att.animal]:
                    continue
                self.trigger_attempt(att, farmer_left, per_attempt)
                if att.outcome:
                    inside[att.animal] = False
            if rnd > 999:
                break
        if any(inside):
            who = " and ".join(ANIMAL_NAMES[a] for a in (0, 1) if inside[a])
            self.add("ruling 17", "endgame", f"the game is not finished: the {who} is still "
                     f"inside; rounds go on until each animal has escaped or been caught")
        for att in escapes + triggers:
            self.add("ruling 17", f"round {att.round}", f"an attempt for the "
                     f"{ANIMAL_NAMES[att.animal]} after the game had ended")
        self.check_aid_totals(endgame_aids)
        return escaped, traps_left

    def round_shape(self, rnd: int, atts: list[Attempt], inside: list[bool], what: str) -> None:
        seen = [0, 0]
        for att in atts:
            seen[att.animal] += 1
        for a in (0, 1):
            name = ANIMAL_NAMES[a]
            if inside[a] and seen[a] == 0:
                self.add("ruling 17", f"round {rnd}", f"the {name} is still inside, so the "
                         f"round has one {what} for it; none is recorded")
            elif inside[a] and seen[a] > 1:
                self.add("ruling 17", f"round {rnd}", f"{seen[a]} {what}s for the {name}; "
                         f"one a round")
            elif not inside[a] and seen[a]:
                self.add("ruling 17", f"round {rnd}", f"the {name} has already escaped or been "
                         f"caught; it has no {what} any more")

    def escape_attempt(self, att: Attempt, foods: int, endgame_aids: list[int]) -> bool:
        g = self.game
        name = ANIMAL_NAMES[att.animal]
        place = f"round {att.round}, {name}'s escape attempt"
        problem = escape_problem_dice(g, att.roll)
        if problem:
            self.add("ruling 16", place, f"{problem}; the {name} rolls some of the player's dice")
        if len(att.aids) > 1:
            self.add("ruling 7", place, f"{len(att.aids)} aids used; an animal may use one aid "
                     f"per escape attempt")
        dice = list(att.roll)
        for aid in att.aids:
            self.spend_endgame_aid(place, aid, endgame_aids)
            p = aid.problem(dice)
            if p:
                self.add("ruling 6", place, p)
        req = self.map.requirement(name, foods)
        met = req.met_by(tuple(dice))
        tier = "4+ foods" if foods >= self.map.higher_tier_from else "fewer than 4 foods"
        if att.outcome and not met:
            self.add("ruling 16", place, f"the {name} needs {_req_words(req)} ({tier} eaten), "
                     f"but with {dice_text(sorted(dice))} {req.explain(dice)}; it does not escape")
        elif met and not att.outcome:
            self.add("ruling 16", place, f"{dice_text(sorted(dice))} meet {_req_words(req)}, "
                     f"so the {name} escapes; the record says it does not")
        return met and att.outcome

    def spend_endgame_aid(self, place: str, aid: AidUse, endgame_aids: list[int]) -> None:
        g = self.game
        endgame_aids[aid.aid] += 1
        if self.run.turns is not None:
            left = g.aids_left(aid.aid)
            g.spend_aid(aid.aid)
            if left <= 0:
                self.add("ruling 6", place, f"{aid} needs an active {_aid_word(aid.aid)} "
                         f"circle; none is left")

    def trigger_attempt(self, att: Attempt, left: list[int], per_attempt: int | None) -> None:
        name = ANIMAL_NAMES[att.animal]
        place = f"round {att.round}, farmer against the {name}"
        trap = self.map.farmer.trap(name)
        want = sorted(PRIMARY_LETTERS.index(x) for x in trap.dice)
        got = sorted(d // 10 for d in att.roll)
        if want != got:
            self.add("ruling 13", place, f"the farmer tries the {name} trap with "
                     f"{_count_words([want.count(i) for i in range(3)])} dice; the record has "
                     f"{dice_text(att.roll)}")
        if per_attempt is not None and len(att.aids) > per_attempt:
            self.add("ruling 13", place, f"{len(att.aids)} farmer aids used; in "
                     f"{self.run.mode} mode the farmer uses at most {per_attempt} per attempt")
        dice = list(att.roll)
        for aid in att.aids:
            if left[aid.aid] <= 0:
                self.add("decision D8", place, f"the farmer's {_aid_word(aid.aid)} box is "
                         f"already used {self.map.farmer.aid_uses} times")
            left[aid.aid] -= 1
            p = aid.problem(dice)
            if p:
                self.add("ruling 13", place, p)
        met = trap.requirement.met_by(tuple(dice))
        if att.outcome and not met:
            self.add("ruling 13", place, f"the {name} trap triggers on "
                     f"{_req_words(trap.requirement)}, but with {dice_text(sorted(dice))} "
                     f"{trap.requirement.explain(dice)}; the {name} is not caught")
        elif met and not att.outcome:
            self.add("ruling 13", place, f"{dice_text(sorted(dice))} meet "
                     f"{_req_words(trap.requirement)}, so the {name} is caught; the record "
                     f"says it is not")
        elif not met and not att.outcome:
            allowed = 99 if per_attempt is None else per_attempt - len(att.aids)
            if allowed > 0:
                seq = catch_sequence(tuple(sorted(dice)), trap.requirement,
                                     max(0, left[PLUS_MINUS]), max(0, left[FLIP]), min(allowed, 4))
                if seq:
                    self.add("decision D9", place, f"the farmer plays to catch: "
                             f"{', '.join(map(str, seq))} would trigger the {name} trap")

    def check_aid_totals(self, endgame_aids: list[int]) -> None:
        run, g = self.run, self.game
        for k in range(3):
            spent = run.aids_spent[k]
            word = _aid_word(k)
            if run.turns is not None:
                used = self.turn_aids[k] + endgame_aids[k]
                if used != spent:
                    self.add("record", "aid tracks", f"the sheet shows {spent} {word} circle"
                             f"{'s' if spent != 1 else ''} crossed; the turn log and attempts "
                             f"use {used}")
            else:
                if endgame_aids[k] > spent:
                    self.add("record", "aid tracks", f"the attempts use {word} "
                             f"{endgame_aids[k]} times but the sheet shows {spent} circles "
                             f"crossed")
                if spent > g.active[k]:
                    self.add("ruling 7", "aid tracks", f"{spent} {word} circles crossed, but "
                             f"only {g.active[k]} were active ({run.mode} mode plus rewards)")

    # --- score, title, achievements ----------------------------------------------------------
    def claims(self, report: Report) -> None:
        run = self.run
        if run.claim_score != report.score:
            self.add("ruling 18", "score box", f"the score is {report.score} "
                     f"({_score_sum(self.map, self.game.foods_eaten(), len(report.escaped), report)}); "
                     f"{run.claim_score} is claimed")
        want = self.map.title_for(run.claim_score)
        if _norm(run.claim_title) != _norm(want):
            self.add("ruling 19", "score box", f"{run.claim_score} points earn the title "
                     f"{want!r}; {run.claim_title!r} is claimed")
        for ach in run.claim_achievements:
            if ach not in report.achievements:
                spec = next(x for x in self.map.scoring.achievements if x.id == ach)
                g = self.game
                foods, kinds = g.foods_eaten(), len(g.food_count)
                who = ("no animal" if not report.escaped else "both animals"
                       if len(report.escaped) == 2 else f"only the {report.escaped[0]}")
                need = spec.text.split(": ", 1)[-1]
                self.add("ruling 20", "achievements", f"{ach} is claimed but not earned: it "
                         f"needs {need}, in {spec.mode} mode; this {run.mode}-mode run ate "
                         f"{foods} food{'s' if foods != 1 else ''} ({kinds} of the "
                         f"{len(self.map.foods)} kinds) and {who} escaped")


def validate_run(run: Run) -> Report:
    """Return the report on a run: every violation, then computed score, title, achievements."""
    checker = _Checker(run)
    if run.turns is not None:
        checker.replay(run.turns)
        checker.compare_sheet()
    else:
        checker.sheet()
    escaped, traps_left = checker.endgame()
    g = checker.game
    n_escaped = sum(escaped)
    total = score(run.map, g.foods_eaten(), n_escaped, traps_left)
    report = Report(run.mode, run.map.name, score=total, title=run.map.title_for(total),
                    achievements=achievements(run.map, run.mode, g.foods_eaten(),
                                              g.all_food_eaten(), n_escaped),
                    escaped=[ANIMAL_NAMES[a] for a in (0, 1) if escaped[a]],
                    claimed_score=run.claim_score, claimed_title=run.claim_title,
                    claimed_achievements=list(run.claim_achievements),
                    replayed=run.turns is not None, foods_eaten=g.foods_eaten())
    report.traps_left = traps_left
    checker.claims(report)
    report.violations = checker.found
    return report


def validate_text(text: str) -> Report:
    """Return the report on a record's YAML text (RecordError if it cannot be read)."""
    return validate_run(read_record(text))


def _assignable(foods: list[str], offers: list[tuple[str, ...]]) -> bool:
    """Return whether each food can be matched to a different trail whose location offers it."""
    match: dict[int, int] = {}

    def try_food(i: int, seen: set[int]) -> bool:
        for j, offer in enumerate(offers):
            if foods[i] in offer and j not in seen:
                seen.add(j)
                if j not in match or try_food(match[j], seen):
                    match[j] = i
                    return True
        return False

    return all(try_food(i, set()) for i in range(len(foods)))


def _aid_word(k: int) -> str:
    return {0: "+/-1", 1: "flip", 2: "re-roll"}[k]


def _count_words(counts: list[int] | tuple[int, ...]) -> str:
    parts = [f"{n} {PRIMARIES[i]}" for i, n in enumerate(counts) if n]
    return _and(parts) if parts else "no dice"


def _eats_text(eats: list[tuple[int, str, str]]) -> str:
    return "; ".join(f"{ANIMAL_NAMES[a]} {f} ({r})" for a, f, r in eats) or "none"


def _score_sum(m: GameMap, foods: int, escaped: int, report: Report) -> str:
    s = m.scoring
    left = report.traps_left if escaped else 0
    return (f"{foods} food{'s' if foods != 1 else ''} x {s.per_food} + {escaped} escaped x "
            f"{s.per_escape} + {left} traps left x {s.per_trap_left}")


def _or(words: list[str]) -> str:
    """Return choices as a player lists them: `red die, blue die or flip circle`."""
    return ", ".join(words[:-1]) + " or " + words[-1] if len(words) > 1 else "".join(words)


def _and(words: tuple[str, ...] | list[str]) -> str:
    """Return words as a player lists them: `apple, carrot and lettuce`."""
    if len(words) < 2:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def _req_words(req: Requirement) -> str:
    """Return a requirement in words: `orange (red + yellow) 10 or 11, all dice at most 13`."""
    sums = " or ".join(map(str, req.sums))
    return (f"{COLOUR_NAMES[req.colour]} ({mix_parts(req.colour)}) {sums}, "
            f"all dice rolled at most {req.cap}")


def _norm(title: str) -> str:
    return " ".join(title.casefold().split())


__all__ = ["Report", "Violation", "validate_run", "validate_text", "AIDS", "REWARDS"]
