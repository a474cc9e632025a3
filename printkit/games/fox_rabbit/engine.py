"""The rules engine: the state of one game and every rule as a fast check or a move.

`Game` is plain mutable state (slots, ints, tuples) that the validator replays a run on.
Checks return a `Problem` (the rule and what happened, in a player's words) or None when the
play is legal, and never change their arguments; moves assume legality (the validator checks
first, a player only generates legal moves).

The automatic players (`players/`) keep their own state as bare ints for speed, but ask the
engine's pure parts the rules: which rewards can be taken and how they join (`open_rewards`,
`join_rewards`), what an aid makes of a die (`die_aids`, `AidUse`), the score and the
achievements; the cells' rules and the requirements come from `dice`, as they do here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TypeAlias

from printkit.games.fox_rabbit import terms
from printkit.games.fox_rabbit.board import (
    AID_NAMES,
    AIDS,
    Cell,
    GameMap,
    Mode,
    Trail,
    aid_notation,
)
from printkit.games.fox_rabbit.cells import AnimalIndex
from printkit.games.fox_rabbit.dice import (
    FACE,
    MIX,
    PRIMARY_LETTERS,
    DieCode,
    code_text,
    colour_counts,
    colour_of,
    dice_text,
    die_code,
    face_of,
    group_follows,
    parse_dice,
    with_face,
)
from printkit.games.fox_rabbit.rulings import Problem, Rule
from printkit.message import quoted, tr

#: An aid as the engine holds it: its index in `board.AIDS`.
AidIndex: TypeAlias = int
PLUS_MINUS: AidIndex = 0
FLIP: AidIndex = 1
REROLL: AidIndex = 2


def aid_name(aid: AidIndex) -> str:
    """Return an aid's name as the sheet prints it: `+/-1`, `flip` or `re-roll`."""
    return AID_NAMES[AIDS[aid]]


# --- rewards (clarification 7) ------------------------------------------------------------
#: Rewards by the words a record uses.
REWARDS: tuple[str, ...] = (
    "red die", "blue die", "yellow die", "plus-minus circle", "flip circle", "re-roll circle")
NO_REWARD = "nothing"
#: A reward as an index into REWARDS: 0-2 a die of that colour, 3-5 a circle of that aid.
Reward: TypeAlias = int


def reward_parts(reward: str) -> tuple[str, int]:
    """Return ('die', colour index) or ('aid', aid index) for a reward's words."""
    i = REWARDS.index(reward)
    return ("die", i) if i < 3 else ("aid", i - 3)


def open_rewards(dice: list[int], active: list[int], pending: list[Reward],
                 max_per_colour: int, circles: int) -> list[Reward]:
    """Return the rewards that can be taken now: a die of a colour the player has fewer than
    `max_per_colour` of, a circle of an aid track not all active (counting those taken this
    turn, in `pending`); dice first, in colour order, then circles in aid order."""
    out = []
    for i in range(3):
        if dice[i] + pending.count(i) < max_per_colour:
            out.append(i)
    for k in range(3):
        if active[k] + pending.count(3 + k) < circles:
            out.append(3 + k)
    return out


def join_rewards(dice: list[int], active: list[int], pending: list[Reward]) -> None:
    """Add the rewards taken this turn to the dice and the active circles (they join at the
    turn's end, decision D4), and empty `pending`."""
    for r in pending:
        if r < 3:
            dice[r] += 1
        else:
            active[r - 3] += 1
    pending.clear()


# --- crossing a cell (clarifications 2, 3) --------------------------------------------------
def crossing_problem(cell: Cell, dice: tuple[DieCode, ...], write: int | None,
                     previous: int) -> Problem | None:
    """Return why these dice (and written number) cannot cross the cell, or None if they can.

    `previous` is the number before the cell on its trail (0 for the first cell).
    """
    spec = cell.spec
    total = sum(face_of(d) for d in dice)
    if spec.value is None:
        if write is None:
            return Problem(Rule.CIRCLES, tr("{cell} at {id} needs a number written in it",
                                            cell=terms.describe(spec), id=str(cell.id)))
        if write <= previous:
            return Problem(Rule.CIRCLES, tr(
                "the number written at {id} must be higher than {previous}, the number "
                "before it on the trail; {written} was written", id=str(cell.id),
                previous=previous, written=write))
        target = write
    else:
        if write is not None:
            return Problem(Rule.CIRCLES, tr("{cell} at {id} is printed; nothing is written "
                                            "in it", cell=terms.describe(spec), id=str(cell.id)))
        target = spec.value
    follows = group_follows(cell.rule, dice)
    if follows and total == target:
        return None
    used = dice_text(dice)  # the words are built only for a problem: replay speed
    what = (tr("{cell} at {id}", cell=terms.describe(spec), id=str(cell.id))
            if spec.value is not None else
            tr("the {colour} circle {number} at {id}", colour=terms.colour(spec.colour),
               number=target, id=str(cell.id)))
    if not follows:
        if cell.kind == FACE:
            return Problem(Rule.CROSSING, tr("{cell} needs one {colour} die; {dice} was used",
                                             cell=what, colour=terms.colour(spec.colour),
                                             dice=used))
        if cell.kind == MIX:
            return Problem(Rule.CROSSING, tr("{cell} needs {parts} dice, at least one of "
                                             "each; {dice} was used", cell=what,
                                             parts=terms.mix_parts(spec.colour), dice=used))
        return Problem(Rule.CROSSING, tr("{cell} needs 3 or more dice; {dice} was used",
                                         cell=what, dice=used))
    return Problem(Rule.CROSSING, tr("{cell} needs dice totalling {target}; {dice} total "
                                     "{total}", cell=what, target=target, dice=used,
                                     total=total))


def missing_die(free: Sequence[DieCode], dice: tuple[DieCode, ...]) -> DieCode | None:
    """Return the first of `dice` that is not among the unused `free` dice (None if all are)."""
    left = list(free)
    for d in dice:
        if d not in left:
            return d
        left.remove(d)
    return None


def take_dice(free: list[DieCode], dice: tuple[DieCode, ...]) -> DieCode | None:
    """Take `dice` from the turn's unused ones; if one is not there, take none of them and
    return it (None when all were taken)."""
    taken: list[DieCode] = []
    for d in dice:
        if d not in free:
            free.extend(taken)
            return d
        free.remove(d)
        taken.append(d)
    return None


# --- aids (clarification 8) ------------------------------------------------------------------
@dataclass(frozen=True)
class AidUse:
    """One use of an aid on rolled dice: `+1 B4`, `-1 R2`, `flip Y5`, `re-roll Y5 B4 -> Y2 B1`."""

    aid: AidIndex                 # PLUS_MINUS, FLIP or REROLL
    dice: tuple[DieCode, ...]     # the dice it is used on (one, or several for a re-roll)
    result: tuple[DieCode, ...]   # the same dice afterwards
    step: int = 0             # +1 or -1 for plus-minus

    @classmethod
    def parse(cls, text: str) -> AidUse:
        """Return the aid use written as `+1 B4`, `-1 B4`, `flip Y5` or `re-roll Y5 -> Y2`
        (or in the words of a Spanish or French sheet: `girar Y5`, `relancer Y5 -> Y2`)."""
        words = text.split()
        words[:1] = [aid_notation(w) for w in words[:1]]
        if len(words) == 2 and words[0] in ("+1", "-1"):
            d = die_code(words[1])
            step = 1 if words[0] == "+1" else -1
            return cls(PLUS_MINUS, (d,), (with_face(d, face_of(d) + step),), step)
        if len(words) == 2 and words[0] == "flip":
            d = die_code(words[1])
            return cls(FLIP, (d,), (with_face(d, 7 - face_of(d)),))
        if words and words[0] == "re-roll" and "->" in words:
            arrow = words.index("->")
            before = parse_dice(" ".join(words[1:arrow]))
            after = parse_dice(" ".join(words[arrow + 1:]))
            if len(before) != len(after):
                raise ValueError(tr("{text}: a re-roll gives as many dice as it takes",
                                    text=quoted(text)))
            return cls(REROLL, before, after)
        raise ValueError(tr("{text} is not an aid (write +1 B4, -1 B4, flip Y5 or re-roll Y5 B4 "
                            "-> Y2 B1)", text=quoted(text)))

    def __str__(self) -> str:
        if self.aid == PLUS_MINUS:
            return f"{'+1' if self.step > 0 else '-1'} {code_text(self.dice[0])}"
        if self.aid == FLIP:
            return f"flip {code_text(self.dice[0])}"
        return f"re-roll {dice_text(self.dice)} -> {dice_text(self.result)}"

    def __repr__(self) -> str:
        return f"AidUse.parse({str(self)!r})"

    def problem(self, dice: Sequence[DieCode]) -> Problem | None:
        """Return why the aid cannot be used on these dice, or None if it can."""
        if self.aid == PLUS_MINUS:
            v = face_of(self.dice[0]) + self.step
            if not 1 <= v <= 6:
                return Problem(Rule.AIDS, tr("{aid} would leave the die showing {face}; "
                                             "+/-1 stays within 1-6", aid=str(self), face=v))
        if self.aid == REROLL:
            for a, b in zip(self.dice, self.result):
                if colour_of(a) != colour_of(b):
                    return Problem(Rule.AIDS, tr("{aid}: a re-rolled die keeps its colour",
                                                 aid=str(self)))
        missing = missing_die(dice, self.dice)
        if missing is not None:
            return Problem(Rule.AIDS, tr("{aid}: there is no {die} among the dice ({dice})",
                                         aid=str(self), die=code_text(missing),
                                         dice=dice_text(sorted(dice))))
        return None

    def applied(self, dice: Sequence[DieCode]) -> list[DieCode]:
        """Return the dice after the aid is used on them (`problem` says whether it can be)."""
        after = list(dice)
        if take_dice(after, self.dice) is not None:
            raise ValueError(f"{self} is used on dice it is not among: see problem()")
        return after + list(self.result)


@lru_cache(maxsize=256)
def die_aids(code: DieCode, plus_minus: bool, flip: bool) -> tuple[AidUse, ...]:
    """Return each use of a +/-1 (if allowed) and a flip (if allowed) on one die: +1, -1,
    flip, as far as the die stays within 1-6."""
    v = face_of(code)
    out = []
    if plus_minus:
        if v < 6:
            out.append(AidUse(PLUS_MINUS, (code,), (with_face(code, v + 1),), 1))
        if v > 1:
            out.append(AidUse(PLUS_MINUS, (code,), (with_face(code, v - 1),), -1))
    if flip:
        out.append(AidUse(FLIP, (code,), (with_face(code, 7 - v),)))
    return tuple(out)


# --- the game ------------------------------------------------------------------------------
class Game:
    """The state of one game on one map in one mode, from the first roll to the endgame."""

    __slots__ = (
        "active",
        "crossed",
        "dice",
        "eaten",
        "eats",
        "food_count",
        "hungry",
        "last",
        "map",
        "mode",
        "pending",
        "pos",
        "spent",
        "trail",
        "traps",
        "walked",
        "written",
    )

    def __init__(self, game_map: GameMap, mode: Mode | str) -> None:
        self.map = game_map
        self.mode = game_map.modes[mode] if isinstance(mode, str) else mode
        self.dice = [0, 0, 0]                    # dice owned per colour
        for letter in game_map.start_dice:
            self.dice[PRIMARY_LETTERS.index(letter)] += 1
        self.active = [self.mode.active_circles] * 3   # active circles per aid
        self.spent = [0, 0, 0]
        self.pending: list[Reward] = []          # rewards taken this turn, usable next turn
        self.trail: list[Trail | None] = [None, None]   # trail each animal is on
        self.pos = [0, 0]                        # cells crossed on that trail
        self.last = [0, 0]                       # the number of the last cell crossed there
        self.walked: list[list[Trail]] = [[], []]
        self.eaten: list[list[str]] = [[], []]
        self.eats: list[tuple[int, str, str]] = []   # (animal, food, reward) in order
        self.food_count: dict[str, int] = {}
        self.traps = 0
        self.written: dict[str, int] = {}
        self.crossed: list[str] = []
        self.hungry = [False, False]             # arrived at a location, not yet eaten

    # --- where an animal may go ------------------------------------------------------------
    def previous_number(self, cell: Cell) -> int:
        """Return the number before a cell on its trail (0 for a trail's first cell)."""
        a = cell.id.animal_index
        return self.last[a] if cell.id.position > 1 else 0

    def order_problem(self, cell: Cell) -> Problem | None:
        """Return why the cell cannot be crossed now, by trail order, or None if it can."""
        a = cell.id.animal_index
        t = self.trail[a]
        if cell.id.position > 1:
            if t is None or t.id != cell.id.trail:
                return Problem(Rule.CROSSING, tr(
                    "{id} is not on the {animal}'s trail: the {animal} must start trail "
                    "{trail} at {first}", id=str(cell.id), animal=terms.animal(a),
                    trail=str(cell.id.trail), first=f"{cell.id.trail}1"))
            if self.pos[a] >= cell.id.position:
                return Problem(Rule.CROSSING, tr("{id} is already crossed", id=str(cell.id)))
            if self.pos[a] < cell.id.position - 1:
                return Problem(Rule.CROSSING, tr(
                    "{id} crossed before {next}; cells are crossed in order", id=str(cell.id),
                    next=f"{cell.id.trail}{self.pos[a] + 1}"))
            return None
        trail = self.map.trail(cell.id.trail)
        if t is None:
            if trail.start != "start":
                return Problem(Rule.TUNNELS, tr(
                    "the {animal}'s first trail leaves its starting position; {trail} leaves "
                    "a tunnel, taken only after eating", animal=terms.animal(a),
                    trail=str(trail.id)))
            return None
        if trail in self.walked[a]:
            return Problem(Rule.TUNNELS, tr("{id} is already crossed: a trail is walked once",
                                            id=str(cell.id)))
        if self.pos[a] < len(t.cells):
            return Problem(Rule.ONE_TRAIL, tr(
                "the {animal} is on trail {trail} ({next} is next) and follows one trail at "
                "a time, to its end, so it cannot start {other}", animal=terms.animal(a),
                trail=str(t.id), next=f"{t.id}{self.pos[a] + 1}", other=str(trail.id)))
        left = [f for f in self.map.location_by_id[trail.location].foods if f not in self.eaten[a]]
        if not left:
            return Problem(Rule.TUNNELS, tr(
                "a tunnel leads only to a trail that ends where the {animal} has a food left "
                "to eat; {trail} leads to foods it has eaten", animal=terms.animal(a),
                trail=str(trail.id)))
        return None

    def enter(self, cell: Cell) -> None:
        """Put the animal where crossing `cell` evidently meant it to be, legal or not.

        After a refused crossing the validator goes on from where the player went, so that
        each later turn is judged on its own and one mistake gives one message.
        """
        a = cell.id.animal_index
        trail = self.map.trail_by_id[str(cell.id.trail)]
        if self.trail[a] is not trail:
            self.trail[a] = trail
            if trail not in self.walked[a]:
                self.walked[a].append(trail)
            self.hungry[a] = False
        self.pos[a] = cell.id.position - 1
        if cell.id.position > 1:
            before = trail.cells[cell.id.position - 2]
            self.last[a] = before.value or self.written.get(str(before.id), self.last[a])

    # --- moves -----------------------------------------------------------------------------
    def cross(self, cell: Cell, total: int) -> bool:
        """Cross a cell (`total` is the dice total, written in a circle); True on arrival."""
        a = cell.id.animal_index
        if cell.id.position == 1:
            trail = self.map.trail_by_id[str(cell.id.trail)]
            self.trail[a] = trail
            if trail not in self.walked[a]:
                self.walked[a].append(trail)
            self.pos[a] = 0
        t = self.trail[a]
        assert t is not None
        self.pos[a] += 1
        key = str(cell.id)
        self.crossed.append(key)
        if cell.value:
            self.last[a] = cell.value
        else:
            self.last[a] = total
            self.written[key] = total
        if self.pos[a] == len(t.cells):
            self.hungry[a] = True
            return True
        return False

    def edible(self, a: AnimalIndex) -> list[str]:
        """Return the foods the animal may eat where it is (clarification 6)."""
        t = self.trail[a]
        if t is None or not self.hungry[a]:
            return []
        return [f for f in self.map.location_by_id[t.location].foods if f not in self.eaten[a]]

    def rewards_available(self) -> list[str]:
        """Return the rewards that can be taken now (clarification 7: dice at most 2 a colour)."""
        return [REWARDS[r] for r in open_rewards(self.dice, self.active, self.pending,
                                                 self.map.max_per_colour, self.map.aid_circles)]

    def eat(self, a: AnimalIndex, food: str, reward: str) -> None:
        """Eat a food where the animal arrived and take a reward (usable from next turn)."""
        self.hungry[a] = False
        self.eaten[a].append(food)
        self.food_count[food] = self.food_count.get(food, 0) + 1
        self.eats.append((a, food, reward))
        if reward != NO_REWARD:
            self.pending.append(REWARDS.index(reward))

    def aids_left(self, k: AidIndex) -> int:
        return self.active[k] - self.spent[k]

    def spend_aid(self, k: AidIndex) -> None:
        self.spent[k] += 1

    def end_turn(self) -> bool:
        """The farmer sets a trap and rewards join; True when the last trap was crossed."""
        self.traps += 1
        join_rewards(self.dice, self.active, self.pending)
        return self.traps >= self.map.farmer.traps

    # --- the endgame -----------------------------------------------------------------------
    def foods_eaten(self) -> int:
        """Return the foods eaten over both animals, one for each food an animal ate."""
        return len(self.eats)

    def all_food_eaten(self) -> bool:
        return len(self.food_count) == len(self.map.foods)

    def threshold_met(self) -> bool:
        """Return whether the mode's escape threshold is reached (clarification 10)."""
        th = self.mode.escape_threshold
        return self.all_food_eaten() if th == "all" else self.foods_eaten() >= th

    def both_fed(self) -> bool:
        """Return whether each animal ate at least one food (clarification 10)."""
        return bool(self.eaten[0]) and bool(self.eaten[1])


def escape_problem_dice(owned: Sequence[int], dice: tuple[DieCode, ...],
                        animal: AnimalIndex) -> Problem | None:
    """Return why an animal cannot roll these dice in an escape attempt, or None if it can
    (`owned`: the player's dice of each colour)."""
    counts = colour_counts(dice)
    for i in range(3):
        if counts[i] > owned[i]:
            return Problem(Rule.ESCAPE, tr(
                "{rolled} dice rolled; the player has {owned}; the {animal} rolls some of "
                "the player's dice", rolled=terms.count_words(
                    [counts[j] if j == i else 0 for j in range(3)]), owned=owned[i],
                animal=terms.animal(animal)))
    if not dice:
        return Problem(Rule.ESCAPE, tr("no dice rolled; the {animal} rolls some of the "
                                       "player's dice", animal=terms.animal(animal)))
    return None


def score(game_map: GameMap, foods_eaten: int, escaped: int, traps_left: int) -> int:
    """Return the score (clarification 15)."""
    s = game_map.scoring
    bonus = traps_left * s.per_trap_left if escaped else 0
    return foods_eaten * s.per_food + escaped * s.per_escape + bonus


def achievements(game_map: GameMap, mode: str, foods_eaten: int, all_food: bool,
                 escaped: int) -> list[str]:
    """Return the ids of the achievements a finished game earns (clarification 15)."""
    out = []
    for ach in game_map.scoring.achievements:
        if ach.mode != mode or escaped < ach.escaped:
            continue
        if ach.foods == "all" and not all_food:
            continue
        if ach.foods != "all" and foods_eaten < ach.foods:
            continue
        out.append(ach.id)
    return out

