"""The validator: every rule a run record can show, each mistake once, and the score.

With a turn log the whole game is replayed on the engine; without one, everything the paper
alone shows is checked. Either way the endgame, the score, the title and the claimed
achievements are checked, and the computed ones are reported beside the claimed ones.

One mistake gives one message. After a refused mark the replay goes on as the player
evidently meant it, so later turns are judged on their own. What follows from a mistake (an
escape that did not happen, so a lower score) is reported apart, as a consequence, not as
another violation.
"""

from __future__ import annotations

import shlex
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.games.fox_rabbit.board import AIDS, GameMap
from printkit.games.fox_rabbit.cells import ANIMALS
from printkit.games.fox_rabbit.dice import (
    COLOUR_NAMES,
    PRIMARIES,
    PRIMARY_LETTERS,
    Requirement,
    dice_text,
    makeable,
    mix_parts,
)
from printkit.games.fox_rabbit.endgame import catch_sequence
from printkit.games.fox_rabbit.engine import (
    FLIP,
    NO_REWARD,
    PLUS_MINUS,
    REWARDS,
    AidUse,
    Game,
    achievements,
    aid_name,
    crossing_problem,
    escape_problem_dice,
    reward_parts,
    score,
    take_dice,
)
from printkit.games.fox_rabbit.moves import Move, Turn
from printkit.games.fox_rabbit.record_formats import VERSION
from printkit.games.fox_rabbit.rulings import Problem, Rule
from printkit.games.fox_rabbit.run import Attempt, Run

#: Violations kept in a report; past this many, only their number is (a record of 1 MB can
#: hold tens of thousands of mistakes, and a report of them helps nobody).
MAX_VIOLATIONS = 100


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


class _Checker:
    """One validation: the run, the engine state it builds, and the violations found."""

    def __init__(self, run: Run) -> None:
        self.run = run
        self.map: GameMap = run.map
        self.game = Game(run.map, run.mode)
        self.found: list[Violation] = []
        self.more = 0
        self.turn_aids = [0, 0, 0]   # aid circles spent in turns (known with a turn log)
        self.turn_rewards: list[str] = []
        self.unfinished = False      # an animal's story stops inside: said once, then nothing
        self.untaken = 0             # rewards a sheet shows missing: dice that may be rolled
        self.in_progress = False     # the endgame has not begun

    def add(self, rule: Rule, place: str, text: str, fields: tuple[str, ...] = ()) -> None:
        if len(self.found) >= MAX_VIOLATIONS:
            self.more += 1
            return
        self.found.append(Violation(rule, place, text, fields))

    def problem(self, p: Problem | None, place: str, fields: tuple[str, ...] = ()) -> bool:
        """Report a check's problem (if any); return whether there was one."""
        if p is None:
            return False
        self.add(p.rule, place, p.text, fields)
        return True

    # --- the turn log: replay ----------------------------------------------------------------
    def replay(self, turns: tuple[Turn, ...]) -> None:
        g = self.game
        last_trap = self.map.farmer.traps
        owned = g.dice  # updated in place as rewards join
        for n, turn in enumerate(turns, start=1):
            if g.traps == last_trap:  # said once, for the first turn too many
                self.add(Rule.FARMER, f"turn {n}", f"the farmer's last trap was crossed after "
                         f"turn {n - 1}: the endgame began at once, and no turn is played after "
                         f"it, so " + (f"turn {n} is" if n == len(turns)
                                       else f"turns {n}-{len(turns)} are") + " one too many",
                         (sf.trap_field(last_trap),))
            if turn.colours != tuple(owned) and g.traps < last_trap:
                self.add(Rule.DICE, f"turn {n}", f"the roll has {_count_words(turn.colours)}; "
                         f"each turn the player rolls all of their dice: {_count_words(owned)}",
                         tuple(sf.die_field(x) for x in PRIMARY_LETTERS))
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
            self.add(Rule.AIDS, place, f"{aid} needs an active {aid_name(aid.aid)} circle (each "
                     f"use crosses an active circle); none is left",
                     _circle_fields(self.map, aid.aid))
        g.spend_aid(aid.aid)
        self.turn_aids[aid.aid] += 1
        problem = aid.problem(dice)
        if problem:
            self.add(Rule.AIDS, place, problem)

    def replay_move(self, place: str, mv: Move, dice: list[int]) -> None:
        g = self.game
        cell = self.map.cells[mv.cell]
        here = (mv.cell,)
        a = cell.id.animal_index
        order = g.order_problem(cell)
        if order is not None:
            self.problem(order, place, here + self.skipped(cell))
            if mv.cell in g.crossed:  # crossed twice: the second time changes nothing
                if mv.food is not None:
                    self.add(Rule.EATING, place, f"the {ANIMALS[a]} eats only on arriving "
                             f"at a food location; {cell.id} was crossed before")
                return
            g.enter(cell)  # go on as the player evidently meant
        missing = take_dice(dice, mv.dice)
        if missing:
            self.add(Rule.CROSSING, place, f"{cell.id} is crossed with {missing}, but no unused "
                     f"{missing} is left this turn (each die crosses at most one cell a turn)",
                     here)
        self.problem(crossing_problem(cell, mv.dice, mv.write, g.previous_number(cell)),
                     place, here)
        arrived = g.cross(cell, mv.total if mv.write is None else mv.write)
        if arrived:
            self.eat(place, a, mv.food, mv.reward, cell)
        elif mv.food is not None:
            self.add(Rule.EATING, place, f"the {ANIMALS[a]} eats only on arriving at a "
                     f"food location, at the end of a trail; {cell.id} is not the end of one",
                     here)

    def skipped(self, cell: Any) -> tuple[str, ...]:
        """Return the cells of the trail passed over by crossing `cell` too early."""
        g = self.game
        a = cell.id.animal_index
        trail = g.trail[a]
        if trail is None or trail.id != cell.id.trail:
            return ()
        return tuple(str(c.id) for c in trail.cells[g.pos[a]:cell.id.position - 1])

    def marked(self) -> set[str]:
        """Return the boxes that a violation already points at."""
        return {f for v in self.found for f in v.fields}

    def eat(self, place: str, a: int, food: str | None, reward: str | None, cell: Any) -> None:
        g = self.game
        trail = g.trail[a]
        assert trail is not None
        loc = self.map.location(trail.location)
        edible = g.edible(a)
        name = ANIMALS[a]
        if food is None:
            self.add(Rule.EATING, place, f"the {name} arrives at the {loc.name} at {cell.id} "
                     f"and eats one of {', '.join(edible) or 'its foods'}; write 'eats FOOD, "
                     f"takes REWARD'", (str(cell.id),))
            g.hungry[a] = False
            return
        boxes = (sf.food_field(name, food),)
        if food not in loc.foods:
            self.add(Rule.EATING, place, f"the {name} arrives at the {loc.name} at {cell.id}, "
                     f"which offers {_and(loc.foods)}, not {food}", boxes)
        elif food in g.eaten[a]:
            self.add(Rule.EATING, place, f"the {name} already ate {food}; an animal never eats "
                     f"the same food twice", boxes)
        self.check_reward(place, reward or NO_REWARD)
        g.eat(a, food, reward or NO_REWARD)
        if reward and reward != NO_REWARD:
            self.turn_rewards.append(reward)

    def check_reward(self, place: str, reward: str) -> None:
        available = self.game.rewards_available()
        if reward == NO_REWARD:
            if available:
                self.add(Rule.REWARDS, place, f"each food eaten earns one reward while any is "
                         f"left; {_or(available)} could be taken")
            return
        if reward not in available:
            kind, i = reward_parts(reward)
            why = (f"the player already has {self.map.max_per_colour} {PRIMARIES[i]} dice"
                   if kind == "die" else
                   f"every circle of the {aid_name(i)} track is already active")
            self.add(Rule.REWARDS, place, f"{reward} cannot be taken: {why}",
                     _reward_fields(self.map, self.run.mode, reward))

    def compare_sheet(self) -> None:
        """Report where the sheet and the replayed turn log disagree."""
        g, run = self.game, self.run
        # a box a mistake already points at is not said again as a disagreement
        marked = self.marked()
        sheet = set(run.crossed) - marked
        played = set(g.crossed) - marked
        for c in sorted(sheet - played):
            self.add(Rule.RECORD, c, f"the sheet shows {c} crossed, but no turn crosses it",
                     (c,))
        for c in sorted(played - sheet):
            self.add(Rule.RECORD, c, f"turns cross {c}, but the sheet does not show it crossed",
                     (c,))
        for c, v in sorted(run.written.items()):
            if c in g.written and g.written[c] != v:
                self.add(Rule.RECORD, c, f"the sheet shows {v} written at {c}; the turn log "
                         f"writes {g.written[c]}", (c,))
            elif c not in g.written and c in played:
                self.add(Rule.RECORD, c, f"the sheet shows {v} written at {c}, but "
                         f"{self.map.cells[c].spec.describe()} is printed there: only a circle "
                         f"takes a number", (c,))
        for c, v in sorted(g.written.items()):
            if c in sheet and c not in run.written:
                self.add(Rule.RECORD, c, f"the turn log writes {v} here; the sheet has no number",
                         (c,))
        for a, name in enumerate(ANIMALS):
            on_sheet, in_log = sorted(run.eaten[a]), sorted(g.eaten[a])
            if on_sheet != in_log:
                self.add(Rule.RECORD, f"the {name}'s foods", f"the sheet shows the {name} ate "
                         f"{_and(on_sheet) or 'nothing'}; the turn log has "
                         f"{_and(in_log) or 'nothing'}",
                         tuple(sf.food_field(name, f) for f in set(on_sheet) ^ set(in_log)))
        if run.rewards is not None and Counter(run.rewards) != Counter(self.turn_rewards):
            self.add(Rule.RECORD, "rewards",
                     f"the sheet shows {_and(sorted(run.rewards)) or 'no reward'} "
                     f"taken; the turn log takes {_and(sorted(self.turn_rewards)) or 'none'}",
                     _all_reward_fields(self.map, run.mode))
        if run.traps_crossed != min(g.traps, self.map.farmer.traps):
            self.add(Rule.RECORD, "farmer trail", f"the sheet shows {run.traps_crossed} traps "
                     f"crossed; the turn log has {g.traps} turns, one trap after each",
                     (sf.trap_field(max(1, run.traps_crossed)),))

    # --- the sheet alone -----------------------------------------------------------------------
    def sheet(self) -> None:
        """Check what the paper shows, and build the engine state the endgame starts from."""
        run, m, g = self.run, self.map, self.game
        crossed = set(run.crossed)
        self.sheet_trails(crossed)
        # trails walked, one at a time, first from the start (one trail, tunnels, eating)
        for a, name in enumerate(ANIMALS):
            walked = [t for t in m.trails_of(name) if str(t.cells[0].id) in crossed]
            complete = [t for t in walked if str(t.cells[-1].id) in crossed]
            open_ = [t for t in walked if t not in complete]
            if len(open_) > 1:
                self.add(Rule.ONE_TRAIL, f"trails {', '.join(str(t.id) for t in open_)}",
                         f"the {name} follows one trail at a time, to its end; "
                         f"{len(open_)} of its trails are started but not finished",
                         tuple(str(t.cells[0].id) for t in open_))
            first_ok = any(t.start == "start" for t in complete) or (
                len(walked) == 1 and walked[0].start == "start")
            if walked and not first_ok and len(open_) <= 1:
                self.add(Rule.TUNNELS, f"the {name}'s trails",
                         f"the {name}'s first trail leaves its starting position and is walked "
                         f"to its end before a tunnel is taken; none of its finished trails "
                         f"leaves its start", tuple(str(t.cells[0].id) for t in walked))
            boxes = tuple(sf.food_field(name, f) for f in run.eaten[a])
            twice = sorted(f for f, n in Counter(run.eaten[a]).items() if n > 1)
            mine = list(dict.fromkeys(run.eaten[a]))  # a food written twice counts once
            if twice:  # said once: the counts below would only repeat it
                self.add(Rule.EATING, f"the {name}'s foods", f"the {name} ate {_and(twice)} "
                         f"twice; an animal never eats the same food twice", boxes)
            elif len(mine) != len(complete):
                self.add(Rule.EATING, f"the {name}'s foods",
                         f"the {name} finished {len(complete)} trail"
                         f"{'s' if len(complete) != 1 else ''} and eats once at the end of "
                         f"each, but {len(mine)} food{'s are' if len(mine) != 1 else ' is'} "
                         f"ticked", boxes)
            elif not _assignable(mine, [m.foods_at(t) for t in complete]):
                self.add(Rule.EATING, f"the {name}'s foods",
                         f"the foods eaten ({', '.join(mine)}) are not what the food "
                         f"locations at the end of its finished trails offer", boxes)
            else:
                for t in open_:
                    if t.start == "tunnel" and mine and all(f in mine for f in m.foods_at(t)):
                        self.add(Rule.TUNNELS, str(t.id), f"a tunnel leads only to a trail "
                                 f"that ends where the {name} has a food left to eat; {t.id} "
                                 f"leads to foods it has eaten",
                                 (str(t.cells[0].id),))
            g.eaten[a] = mine
            for food in mine:
                g.food_count[food] = g.food_count.get(food, 0) + 1
                g.eats.append((a, food, NO_REWARD))
        self.sheet_rewards()
        self.sheet_aids()
        g.traps = run.traps_crossed
        if run.traps_crossed > m.farmer.traps:
            self.add(Rule.FARMER, "farmer trail", f"{run.traps_crossed} traps crossed; the "
                     f"farmer trail has {m.farmer.traps}")
        g.crossed = list(run.crossed)

    def sheet_trails(self, crossed: set[str]) -> None:
        """Check that each trail is crossed from its first cell, and what its circles hold."""
        run = self.run
        for trail in self.map.trails:
            previous = 0
            gap = None
            for cell in trail.cells:
                key = str(cell.id)
                if key not in crossed:
                    if key in run.written:
                        self.add(Rule.CIRCLES, key, f"a number is written at {key} but the "
                                 f"cell is not crossed", (key,))
                    if gap is None:
                        gap = key
                    previous = cell.value or previous
                    continue
                if gap is not None:
                    self.add(Rule.CROSSING, key, f"{key} is crossed but {gap} before it is not; "
                             f"cells are crossed in order", (gap,))
                    gap = None
                if cell.value:
                    if key in run.written:
                        self.add(Rule.CIRCLES, key, f"{cell.spec.describe()} is printed; no "
                                 f"number is written in it", (key,))
                    previous = cell.value
                elif key not in run.written:
                    self.add(Rule.CIRCLES, key, f"the crossed {cell.spec.describe()[2:]} needs "
                             f"the number written in it", (key,))
                else:
                    w = run.written[key]
                    colour = cell.spec.colour_name
                    r = makeable(cell.spec.colour)
                    if w not in r:
                        self.add(Rule.CIRCLES, key, f"{w} is written in the {colour} circle, "
                                 f"but {colour} numbers run from {r[0]} to {r[-1]} "
                                 f"({cell.spec.needs()})", (key,))
                    elif w <= previous:
                        self.add(Rule.CIRCLES, key, f"the number written must be higher than "
                                 f"{previous}, the number before it on the trail; {w} was "
                                 f"written", (key,))
                    previous = w

    def sheet_rewards(self) -> None:
        """Check the rewards the sheet shows taken against the foods eaten (one each)."""
        run, g, m = self.run, self.game, self.map
        taken = list(run.rewards or ())
        fields = _all_reward_fields(m, run.mode)
        room = Counter({r: (m.max_per_colour - g.dice[i] if i < 3
                            else m.aid_circles - g.active[i - 3])
                        for i, r in enumerate(REWARDS)})
        over = [r for r, n in Counter(taken).items() if n > room[r]]
        for r in over:
            i = REWARDS.index(r)
            why = (f"a player has at most {m.max_per_colour} {PRIMARIES[i]} dice"
                   if i < 3 else f"the {aid_name(i - 3)} track has {m.aid_circles} circles")
            self.add(Rule.REWARDS, "rewards", f"{r} is taken {Counter(taken)[r]} times, but "
                     f"{why}", fields)
        foods = g.foods_eaten()
        could = min(foods, sum(room.values()))
        # a reward the sheet does not show may still have been taken in play: the dice it
        # added are not held against the escape attempts (one mistake, one message)
        self.untaken = max(0, could - len(taken))
        if not over and len(taken) != could:
            self.add(Rule.REWARDS, "rewards", f"{foods} food{'s' if foods != 1 else ''} eaten, "
                     f"so {could} reward{'s' if could != 1 else ''} taken (each food eaten earns "
                     f"one reward while any is left); the sheet shows {len(taken)}", fields)
        for r in taken:
            kind, i = reward_parts(r)
            if kind == "die":
                g.dice[i] = min(m.max_per_colour, g.dice[i] + 1)
            else:
                g.active[i] = min(m.aid_circles, g.active[i] + 1)

    def sheet_aids(self) -> None:
        run, g = self.run, self.game
        for k in range(3):
            spent = run.aids_spent[k]
            if spent > g.active[k]:
                self.add(Rule.AIDS, "aid tracks", f"{spent} {aid_name(k)} circles crossed, "
                         f"but only {g.active[k]} were active ({run.mode} mode plus rewards); "
                         f"each use crosses an active circle", _circle_fields(self.map, k))

    # --- the endgame ---------------------------------------------------------------------------
    def endgame(self) -> tuple[list[bool], list[bool], int]:
        """Check the endgame's attempts; return who escaped (as ruled, and as recorded) and the
        traps left when it began."""
        run, m, g = self.run, self.map, self.game
        forced = run.traps_crossed >= m.farmer.traps
        traps_left = max(0, m.farmer.traps - run.traps_crossed)
        escaped = [False, False]
        recorded = [False, False]
        fed = g.both_fed()
        attempts = len(run.escapes) + len(run.triggers)
        if not forced:
            if not attempts:
                self.in_progress = True
                self.add(Rule.ROUNDS, "endgame", f"the game is not finished: {run.traps_crossed} "
                         f"of {m.farmer.traps} traps crossed and no escape attempt made")
                return escaped, recorded, traps_left
            if not fed:
                unfed = " and the ".join(ANIMALS[a] for a in (0, 1) if not g.eaten[a])
                self.add(Rule.ENDGAME, "endgame", f"the endgame may begin once each animal has "
                         f"eaten, or at the last trap; it was begun before the {unfed} ate")
            elif not g.threshold_met():
                th = m.modes[run.mode].escape_threshold
                need = ("each of the six foods eaten at least once" if th == "all"
                        else f"{th} foods eaten by both together")
                self.add(Rule.ENDGAME, "endgame", f"the endgame may begin once each animal has "
                         f"eaten and, in {run.mode} mode, with {need}, or at the last trap; it "
                         f"was begun with {_foods_words(g)}")
        elif not fed:
            if attempts:
                self.add(Rule.UNFED, "endgame", "the farmer's last trap was crossed with an "
                         "animal unfed: both animals are caught at once, and no attempts follow",
                         _log_fields(run.escapes, False) + _log_fields(run.triggers, True))
            return escaped, recorded, traps_left
        foods = g.foods_eaten()
        inside = [True, True]
        escapes = list(run.escapes)
        triggers = list(run.triggers)
        farmer_left = [[m.farmer.uses_per_trap] * 2 for _ in range(3)]
        endgame_aids: list[list[int]] = []   # per escape attempt: the aid of each use
        rnd = 0
        per_attempt = m.modes[run.mode].farmer_aids_per_attempt
        while any(inside) and (escapes or triggers):
            rnd += 1
            mine = [x for x in escapes if x.round == rnd]
            escapes = [x for x in escapes if x.round != rnd]
            self.round_shape(rnd, mine, inside, False, escapes + triggers)
            for att in mine:
                if not inside[att.animal]:
                    continue
                endgame_aids.append([aid.aid for aid in att.aids])
                if self.escape_attempt(att, foods):
                    escaped[att.animal] = True
                if att.outcome:
                    recorded[att.animal] = True
                    inside[att.animal] = False
            theirs = [x for x in triggers if x.round == rnd]
            triggers = [x for x in triggers if x.round != rnd]
            self.round_shape(rnd, theirs, inside, True, escapes + triggers)
            for att in theirs:
                if not inside[att.animal]:
                    continue
                self.trigger_attempt(att, farmer_left, per_attempt)
                if att.outcome:
                    inside[att.animal] = False
            if rnd > 999:
                break
        if any(inside):
            who = " and ".join(ANIMALS[a] for a in (0, 1) if inside[a])
            self.unfinished = True
            self.add(Rule.ROUNDS, "endgame", f"the game is not finished: the {who} is still "
                     f"inside; rounds go on until each animal has escaped or been caught")
        late = escapes + triggers
        if late:
            self.add(Rule.ROUNDS, f"round {min(x.round for x in late)}",
                     f"{len(late)} attempt{'s' if len(late) != 1 else ''} after the game had "
                     f"ended (each animal had escaped or been caught)",
                     _log_fields(tuple(x for x in late if x in run.escapes), False)
                     + _log_fields(tuple(x for x in late if x in run.triggers), True))
        self.check_aid_totals(endgame_aids)
        self.check_farmer_boxes()
        return escaped, recorded, traps_left

    def round_shape(self, rnd: int, atts: list[Attempt], inside: list[bool],
                    farmer: bool, later: list[Attempt]) -> None:
        """Check that a round has one attempt of a kind for each animal still inside.

        An animal with no attempt here and none later has its story stop inside: that is said
        once, as an unfinished game, and the animal is left out of the rounds after.
        """
        what = "farmer's trigger attempt" if farmer else "escape attempt"
        seen = [0, 0]
        for att in atts:
            seen[att.animal] += 1
        for a in (0, 1):
            name = ANIMALS[a]
            box = (sf.attempt_field(rnd, name, farmer),) if rnd <= sf.LOG_ROUNDS else ()
            if inside[a] and seen[a] == 0 and not any(x.animal == a for x in later):
                self.unfinished = True
                inside[a] = False
                self.add(Rule.ROUNDS, f"round {rnd}", f"the {name} is still inside, but the "
                         f"record has no {what} for it from round {rnd} on: the game is not "
                         f"finished, and rounds go on until each animal has escaped or been "
                         f"caught", box)
            elif inside[a] and seen[a] == 0:
                self.add(Rule.ROUNDS, f"round {rnd}", f"the {name} is still inside, so the "
                         f"round has one {what} for it; none is recorded", box)
            elif inside[a] and seen[a] > 1:
                self.add(Rule.ROUNDS, f"round {rnd}", f"{seen[a]} {what}s for the {name}; "
                         f"one a round", box)
            elif not inside[a] and seen[a]:
                self.add(Rule.ROUNDS, f"round {rnd}", f"the {name} has already escaped or been "
                         f"caught; it has no {what} any more", box)

    def escape_attempt(self, att: Attempt, foods: int) -> bool:
        name = ANIMALS[att.animal]
        place = f"round {att.round}, {name}'s escape attempt"
        box = _log_fields((att,), False)
        problem = escape_problem_dice(self.game, att.roll)
        if problem and self.untaken and _extra_dice(self.game, att.roll) <= self.untaken:
            problem = ""
        if problem:
            self.add(Rule.ESCAPE, place, f"{problem}; the {name} rolls some of the player's "
                     f"dice", box)
        dice = list(att.roll)
        for aid in att.aids:
            p = aid.problem(dice)
            if p:
                self.add(Rule.AIDS, place, p, box)
        req = self.map.requirement(name, foods)
        met = req.met_by(tuple(dice))
        tier = (f"{self.map.higher_tier_from}+ foods" if foods >= self.map.higher_tier_from
                else f"fewer than {self.map.higher_tier_from} foods")
        if att.outcome and not met:
            self.add(Rule.ESCAPE, place, f"the {name} needs {_req_words(req)} ({tier} eaten), "
                     f"but with {dice_text(sorted(dice))} {req.explain(dice)}; it does not "
                     f"escape", box)
        elif met and not att.outcome:
            self.add(Rule.ESCAPE, place, f"{dice_text(sorted(dice))} meet {_req_words(req)}, "
                     f"so the {name} escapes; the record says it does not", box)
        return met and att.outcome

    def trigger_attempt(self, att: Attempt, left: list[list[int]],
                        per_attempt: int | None) -> None:
        name = ANIMALS[att.animal]
        place = f"round {att.round}, farmer against the {name}"
        box = _log_fields((att,), True)
        trap = self.map.farmer.trap(name)
        want = sorted(PRIMARY_LETTERS.index(x) for x in trap.dice)
        got = sorted(d // 10 for d in att.roll)
        if want != got:
            self.add(Rule.TRAPS, place, f"the farmer tries the {name}'s trap with "
                     f"{_count_words([want.count(i) for i in range(3)])} dice; the record has "
                     f"{dice_text(att.roll)}", box)
            return  # with other dice than the trap's, the rest of the attempt means nothing
        if per_attempt is not None and len(att.aids) > per_attempt:
            self.add(Rule.TRAPS, place, f"{len(att.aids)} farmer aids used; in "
                     f"{self.run.mode} mode the farmer uses at most {per_attempt} per attempt",
                     box)
        dice = list(att.roll)
        mine = [left[k][att.animal] for k in range(3)]
        for aid in att.aids:
            if left[aid.aid][att.animal] <= 0:
                self.add(Rule.TRAPS, place, f"the farmer's {aid_name(aid.aid)} box is already "
                         f"used against the {name}'s trap; each box serves once against each "
                         f"animal's trap", (sf.farmer_field(AIDS[aid.aid], name),))
            left[aid.aid][att.animal] -= 1
            p = aid.problem(dice)
            if p:
                self.add(Rule.AIDS, place, p, box)
        met = trap.requirement.met_by(tuple(dice))
        if att.outcome and not met:
            self.add(Rule.TRAPS, place, f"the {name}'s trap triggers on "
                     f"{_req_words(trap.requirement)}, but with {dice_text(sorted(dice))} "
                     f"{trap.requirement.explain(dice)}; the {name} is not caught", box)
        elif met and not att.outcome:
            self.add(Rule.TRAPS, place, f"{dice_text(sorted(dice))} meet "
                     f"{_req_words(trap.requirement)}, so the {name} is caught; the record "
                     f"says it is not", box)
        elif not met and not att.outcome:
            allowed = 99 if per_attempt is None else per_attempt - len(att.aids)
            if allowed > 0:
                seq = catch_sequence(tuple(sorted(dice)), trap.requirement,
                                     max(0, mine[PLUS_MINUS] - _uses(att, PLUS_MINUS)),
                                     max(0, mine[FLIP] - _uses(att, FLIP)), min(allowed, 4))
                if seq:
                    self.add(Rule.TRAPS, place, f"the farmer plays to catch: "
                             f"{', '.join(map(str, seq))} would trigger the {name}'s trap",
                             box)

    def check_aid_totals(self, endgame_aids: list[list[int]]) -> None:
        """Check the circles crossed against the aids used, one aid per attempt being free."""
        run, g = self.run, self.game
        used = [sum(uses.count(k) for uses in endgame_aids) for k in range(3)]
        tracks = [set(uses) for uses in endgame_aids if uses]
        if run.turns is not None and not self.unfinished:
            # every circle crossed is known: a turn's aid, or an attempt's paid aid
            paid_room = [run.aids_spent[k] - self.turn_aids[k] for k in range(3)]
            for k in range(3):
                if paid_room[k] < 0 or paid_room[k] > used[k]:
                    self.add(Rule.RECORD, "aid tracks", f"the sheet shows {run.aids_spent[k]} "
                             f"{aid_name(k)} circle{'s' if run.aids_spent[k] != 1 else ''} "
                             f"crossed; the turn log uses {self.turn_aids[k]} and the attempts "
                             f"{used[k]}", _circle_fields(self.map, k))
                    return
            free = [used[k] - paid_room[k] for k in range(3)]
            if not _free_aids_fit(tracks, free):
                self.add(Rule.RECORD, "aid tracks", f"the sheet's crossed circles leave "
                         f"{_and([f'{n} {aid_name(k)}' for k, n in enumerate(free) if n])} "
                         f"aid use{'s' if sum(free) != 1 else ''} of the attempts free, but "
                         f"each attempt has one free aid at most")
                return
            for k in range(3):
                # a turn's aid without a circle is said where it was used; here the attempts'
                if self.turn_aids[k] <= g.active[k] < run.aids_spent[k]:
                    self.add(Rule.AIDS, "aid tracks", f"{run.aids_spent[k]} {aid_name(k)} "
                             f"circles crossed, but only {g.active[k]} were active; each use "
                             f"crosses an active circle", _circle_fields(self.map, k))
        elif run.turns is None:
            need = [max(0, used[k] - run.aids_spent[k]) for k in range(3)]
            if not _free_aids_fit(tracks, need):
                k = next(k for k in range(3) if need[k])
                self.add(Rule.ESCAPE, "aid tracks", f"the escape attempts use {aid_name(k)} "
                         f"{used[k]} times; in an attempt one aid more is free and the others "
                         f"each cross a circle, but the sheet shows {run.aids_spent[k]} "
                         f"{aid_name(k)} circle{'s' if run.aids_spent[k] != 1 else ''} "
                         f"crossed", _circle_fields(self.map, k))

    def check_farmer_boxes(self) -> None:
        """Compare the farmer's ticked boxes with the aids his attempts use."""
        run = self.run
        if run.farmer_aids is None:
            return
        used = [set(), set(), set()]  # type: list[set[int]]
        for att in run.triggers:
            for aid in att.aids:
                used[aid.aid].add(att.animal)
        for k in range(3):
            if used[k] != set(run.farmer_aids[k]):
                def who(s: set[int] | frozenset[int]) -> str:
                    return _and([f"the {ANIMALS[a]}" for a in sorted(s)]) or "nobody"
                self.add(Rule.RECORD, "farmer's aids", f"the farmer's {aid_name(k)} box is "
                         f"ticked against {who(run.farmer_aids[k])}, but his attempts use it "
                         f"against {who(used[k])}",
                         tuple(sf.farmer_field(AIDS[k], ANIMALS[a])
                               for a in set(run.farmer_aids[k]) ^ used[k]))

    # --- score, title, achievements ----------------------------------------------------------
    def claims(self, report: Report, as_recorded: tuple[int, list[str]]) -> None:
        """Check the score box against what the record shows, as one message for the box.

        The score, title and achievements are judged as the record has the endgame end: what a
        mistake above changes (an escape that did not happen) is a consequence, reported
        apart, not another violation. While an animal's story stops inside, the box cannot be
        judged at all: what it would hold is a consequence too.
        """
        run, g, m = self.run, self.game, self.map
        shown_score, shown_achievements = as_recorded
        wrong: list[str] = []
        fields: list[str] = []
        if run.claim_score is not None and run.claim_score not in (report.score, shown_score):
            wrong.append(f"the score is {shown_score} "
                         f"({_score_sum(m, g.foods_eaten(), len(report.escaped), report)}), "
                         f"not {run.claim_score}")
            fields.append("score")
        basis = run.claim_score if run.claim_score is not None else shown_score
        if run.claim_title is not None and _norm(run.claim_title) != _norm(m.title_for(basis)):
            wrong.append(f"{basis} points earn the title {m.title_for(basis)!r}, not "
                         f"{run.claim_title!r}")
            fields += [sf.title_field(i) for i in range(len(m.scoring.titles))]
        unearned = [a for a in run.claim_achievements
                    if a not in report.achievements and a not in shown_achievements]
        for ach in unearned:
            spec = next(x for x in m.scoring.achievements if x.id == ach)
            foods, kinds = g.foods_eaten(), len(g.food_count)
            who = ("no animal" if not report.escaped else "both animals"
                   if len(report.escaped) == 2 else f"only the {report.escaped[0]}")
            need = spec.text.split(": ", 1)[-1]
            wrong.append(f"{ach} is not earned: it needs {need}, in {spec.mode} mode, and this "
                         f"{run.mode}-mode run ate {foods} food{'s' if foods != 1 else ''} "
                         f"({kinds} of the {len(m.foods)} kinds) with {who} escaped")
            fields.append(ach)
        if not wrong:
            return
        if self.unfinished:
            report.consequences.append("the score box is not judged while an animal is still "
                                       "inside: " + "; ".join(wrong))
            return
        self.add(Rule.SCORE, "score box", "; ".join(wrong), tuple(fields))


def validate_run(run: Run) -> Report:
    """Return the report on a run: every violation, then computed score, title, achievements."""
    checker = _Checker(run)
    if run.turns is not None:
        checker.replay(run.turns)
        checker.compare_sheet()
    else:
        checker.sheet()
    escaped, recorded, traps_left = checker.endgame()
    g = checker.game
    m = run.map
    foods = g.foods_eaten()

    def outcome(who: list[bool]) -> tuple[int, list[str]]:
        n = sum(who)
        return (score(m, foods, n, traps_left),
                achievements(m, run.mode, foods, g.all_food_eaten(), n))

    total, earned = outcome(escaped)
    report = Report(run.mode, m.name, score=total, title=m.title_for(total),
                    achievements=earned,
                    escaped=[ANIMALS[a] for a in (0, 1) if escaped[a]],
                    claimed_score=run.claim_score, claimed_title=run.claim_title,
                    claimed_achievements=list(run.claim_achievements),
                    replayed=run.turns is not None, foods_eaten=foods, traps_left=traps_left,
                    old_format=run.old_format)
    as_recorded = outcome(recorded)
    checker.claims(report, as_recorded)
    report.violations = checker.found
    report.more_violations = checker.more
    report.in_progress = checker.in_progress
    if recorded != escaped and report.violations:
        lost = [ANIMALS[a] for a in (0, 1) if recorded[a] and not escaped[a]]
        report.consequences.append(
            f"the {' and the '.join(lost)} did not escape, so the score is {total}, not "
            f"{as_recorded[0]}" + ("" if m.title_for(total) == m.title_for(as_recorded[0]) else
                                    f", and the title is {m.title_for(total)!r}"))
        lost_ach = [a for a in as_recorded[1] if a not in earned]
        if lost_ach:
            report.consequences.append(f"{_and(lost_ach)} "
                                       f"{'is' if len(lost_ach) == 1 else 'are'} not earned")
    return report


def validate_text(text: str) -> Report:
    """Return the report on a record's YAML text (RecordError if it cannot be read)."""
    from printkit.games.fox_rabbit.reader import read_run

    return validate_run(read_run(text))


# --- small helpers ----------------------------------------------------------------------------
def _extra_dice(g: Game, roll: tuple[int, ...]) -> int:
    """Return how many rolled dice are more than the player holds of their colours."""
    counts = Counter(d // 10 for d in roll)
    return sum(max(0, counts[i] - g.dice[i]) for i in range(3))


def _uses(att: Attempt, k: int) -> int:
    return sum(1 for aid in att.aids if aid.aid == k)


def _free_aids_fit(tracks: list[set[int]], free: list[int]) -> bool:
    """Return whether `free[k]` uses of each aid k can each be the one free aid of a different
    attempt that used aid k (`tracks`: the aids each attempt used)."""
    if any(n < 0 for n in free):
        return False
    slots = [k for k in range(3) for _ in range(free[k])]
    return _assignable(slots, [tuple(t) for t in tracks])


def _assignable(items: list[Any], offers: list[tuple[Any, ...]]) -> bool:
    """Return whether each item can be matched to a different offer that holds it."""
    match: dict[int, int] = {}

    def try_item(i: int, seen: set[int]) -> bool:
        for j, offer in enumerate(offers):
            if items[i] in offer and j not in seen:
                seen.add(j)
                if j not in match or try_item(match[j], seen):
                    match[j] = i
                    return True
        return False

    return all(try_item(i, set()) for i in range(len(items)))


def _circle_fields(m: GameMap, k: int) -> tuple[str, ...]:
    return tuple(sf.circle_field(AIDS[k], i) for i in range(1, m.aid_circles + 1))


def _all_reward_fields(m: GameMap, mode: str) -> tuple[str, ...]:
    gained = sf.gained_circles(m, m.modes[mode])
    return tuple(sf.die_field(x) for x in PRIMARY_LETTERS) + tuple(
        sf.gained_field(aid, i) for aid in AIDS for i in range(1, gained + 1))


def _reward_fields(m: GameMap, mode: str, reward: str) -> tuple[str, ...]:
    kind, i = reward_parts(reward)
    if kind == "die":
        return (sf.die_field(PRIMARY_LETTERS[i]),)
    gained = sf.gained_circles(m, m.modes[mode])
    return tuple(sf.gained_field(AIDS[i], n) for n in range(1, gained + 1))


def _log_fields(atts: tuple[Attempt, ...], farmer: bool) -> tuple[str, ...]:
    return tuple(sf.attempt_field(a.round, ANIMALS[a.animal], farmer)
                 for a in atts if a.round <= sf.LOG_ROUNDS)


def _count_words(counts: list[int] | tuple[int, ...]) -> str:
    parts = [f"{n} {PRIMARIES[i]}" for i, n in enumerate(counts) if n]
    return _and(parts) if parts else "no dice"


def _foods_words(g: Game) -> str:
    n = g.foods_eaten()
    return f"{n} food{'s' if n != 1 else ''} eaten ({len(g.food_count)} of the six kinds)"


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


__all__ = ["MAX_VIOLATIONS", "Report", "Violation", "validate_run",
           "validate_text"]
