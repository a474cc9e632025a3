"""The rules engine: the state of one game and every rule as a fast check or a move.

`Game` is plain mutable state (slots, ints, tuples) so that the validator's replay and the
automatic players of the simulator share one implementation without validation overhead.
Checks return a short explanation in a player's words ('' when the play is legal); moves
assume legality (the validator checks first, a player only generates legal moves).
"""

from __future__ import annotations

from dataclasses import dataclass

from printkit.games.fox_rabbit.board import AIDS, AID_NAMES, Cell, GameMap, Mode, Trail
from printkit.games.fox_rabbit.dice import (
    FACE, MIX, PRIMARIES, PRIMARY_LETTERS, code_text, dice_text, group_follows, mix_parts)

FOX, RABBIT = 0, 1
ANIMAL_NAMES = ("fox", "rabbit")
ANIMAL_INDEX = {"fox": FOX, "rabbit": RABBIT}
PLUS_MINUS, FLIP, REROLL = 0, 1, 2

#: Rewards (ruling 10) by the words a record uses.
REWARDS: tuple[str, ...] = (
    "red die", "blue die", "yellow die", "plus-minus circle", "flip circle", "re-roll circle")
NO_REWARD = "nothing"


def reward_parts(reward: str) -> tuple[str, int]:
    """Return ('die', colour index) or ('aid', aid index) for a reward's words."""
    i = REWARDS.index(reward)
    return ("die", i) if i < 3 else ("aid", i - 3)


# --- crossing a cell (rulings 3, 4, 5) -------------------------------------------------------
def crossing_problem(cell: Cell, dice: tuple[int, ...], write: int | None, previous: int) -> str:
    """Return why these dice (and written number) cannot cross the cell, or '' if they can.

    `previous` is the number before the cell on its trail (0 for the first cell).
    """
    spec = cell.spec
    total = sum(d % 10 for d in dice)
    if spec.value is None:
        if write is None:
            return f"{spec.describe()} at {cell.id} needs a number written in it"
        if write <= previous:
            return (f"the number written at {cell.id} must be higher than {previous}, "
                    f"the number before it on the trail; {write} was written")
        target = write
    else:
        if write is not None:
            return f"{spec.describe()} at {cell.id} is printed; nothing is written in it"
        target = spec.value
    follows = group_follows(cell.kind, cell.bits, dice)
    if follows and total == target:
        return ""
    used = dice_text(dice)  # the words are built only for a problem: replay speed
    what = (f"{spec.describe()} at {cell.id}" if spec.value is not None
            else f"the {spec.colour_name} circle {target} at {cell.id}")
    if not follows:
        if cell.kind == FACE:
            return f"{what} needs one {spec.colour_name} die; {used} was used"
        if cell.kind == MIX:
            return (f"{what} needs {mix_parts(spec.colour)} dice, at least one of each; "
                    f"{used} was used")
        return f"{what} needs 3 or more dice; {used} was used"
    return f"{what} needs dice totalling {target}; {used} total {total}"


def take_dice(free: list[int], dice: tuple[int, ...]) -> str:
    """Remove `dice` from the turn's unused dice; return which die is missing ('' if none)."""
    taken = []
    for d in dice:
        if d in free:
            free.remove(d)
            taken.append(d)
        else:
            free.extend(taken)
            return code_text(d)
    return ""


# --- aids (ruling 6) ----------------------------------------------------------------------
@dataclass(frozen=True)
class AidUse:
    """One use of an aid on rolled dice: `+1 B4`, `-1 R2`, `flip Y5`, `re-roll Y5 B4 -> Y2 B1`."""

    aid: int                  # PLUS_MINUS, FLIP or REROLL
    dice: tuple[int, ...]     # the dice it is used on (one, or several for a re-roll)
    result: tuple[int, ...]   # the same dice afterwards
    step: int = 0             # +1 or -1 for plus-minus

    @classmethod
    def parse(cls, text: str) -> AidUse:
        """Return the aid use written as `+1 B4`, `-1 B4`, `flip Y5` or `re-roll Y5 -> Y2`."""
        from printkit.games.fox_rabbit.dice import die_code, parse_dice
        words = text.split()
        if len(words) == 2 and words[0] in ("+1", "-1"):
            d = die_code(words[1])
            step = 1 if words[0] == "+1" else -1
            return cls(PLUS_MINUS, (d,), (d + step,), step)
        if len(words) == 2 and words[0] == "flip":
            d = die_code(words[1])
            return cls(FLIP, (d,), (d - d % 10 + 7 - d % 10,))
        if words and words[0] == "re-roll" and "->" in words:
            arrow = words.index("->")
            before = parse_dice(" ".join(words[1:arrow]))
            after = parse_dice(" ".join(words[arrow + 1:]))
            if len(before) != len(after):
                raise ValueError(f"{text!r}: a re-roll gives as many dice as it takes")
            return cls(REROLL, before, after)
        raise ValueError(f"{text!r} is not an aid (write +1 B4, -1 B4, flip Y5 or "
                         f"re-roll Y5 B4 -> Y2 B1)")

    def __str__(self) -> str:
        if self.aid == PLUS_MINUS:
            return f"{'+1' if self.step > 0 else '-1'} {code_text(self.dice[0])}"
        if self.aid == FLIP:
            return f"flip {code_text(self.dice[0])}"
        return f"re-roll {dice_text(self.dice)} -> {dice_text(self.result)}"

    def __repr__(self) -> str:
        return f"AidUse.parse({str(self)!r})"

    def problem(self, dice: list[int]) -> str:
        """Return why the aid cannot be used on these dice ('' if it can), then apply it."""
        if self.aid == PLUS_MINUS:
            v = self.dice[0] % 10 + self.step
            if not 1 <= v <= 6:
                return f"{self} would leave the die showing {v}; +/-1 stays within 1-6"
        if self.aid == REROLL:
            for a, b in zip(self.dice, self.result):
                if a // 10 != b // 10:
                    return f"{self}: a re-rolled die keeps its colour"
        missing = take_dice(dice, self.dice)
        if missing:
            return f"{self}: there is no {missing} among the dice ({dice_text(sorted(dice))})"
        dice.extend(self.result)
        return ""


def apply_aids(dice: list[int], aids: tuple[AidUse, ...]) -> list[str]:
    """Apply aids to the dice in place; return the problems found (the rest still apply)."""
    return [p for p in (a.problem(dice) for a in aids) if p]


# --- the game ------------------------------------------------------------------------------
class Game:
    """The state of one game on one map in one mode, from the first roll to the endgame."""

    __slots__ = ("map", "mode", "dice", "active", "spent", "pending", "trail", "pos", "last",
                 "walked", "eaten", "eats", "food_count", "traps", "written", "crossed",
                 "hungry", "turns")

    def __init__(self, game_map: GameMap, mode: Mode | str) -> None:
        self.map = game_map
        self.mode = game_map.modes[mode] if isinstance(mode, str) else mode
        self.dice = [0, 0, 0]                    # dice owned per colour
        for letter in game_map.start_dice:
            self.dice[PRIMARY_LETTERS.index(letter)] += 1
        self.active = [self.mode.active_circles] * 3   # active circles per aid
        self.spent = [0, 0, 0]
        self.pending: list[str] = []             # rewards taken this turn, usable next turn
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
        self.turns = 0

    # --- where an animal may go ------------------------------------------------------------
    def entry_trails(self, a: int) -> list[Trail]:
        """Return the trails the animal may enter now (ruling 9 and the one-trail decision)."""
        t = self.trail[a]
        name = ANIMAL_NAMES[a]
        if t is None:
            return list(self.map.start_trails(name))
        if self.pos[a] < len(t.cells) or self.hungry[a]:
            return []
        eaten = self.eaten[a]
        return [x for x in self.map.trails_of(name)
                if x not in self.walked[a]
                and any(f not in eaten for f in self.map.location_by_id[x.location].foods)]

    def next_cells(self, a: int) -> list[Cell]:
        """Return the cells the animal may cross next."""
        t = self.trail[a]
        if t is not None and self.pos[a] < len(t.cells):
            return [t.cells[self.pos[a]]]
        return [x.cells[0] for x in self.entry_trails(a)]

    def previous_number(self, cell: Cell) -> int:
        """Return the number before a cell on its trail (0 for a trail's first cell)."""
        a = ANIMAL_INDEX[cell.id.animal]
        return self.last[a] if cell.id.position > 1 else 0

    def order_problem(self, cell: Cell) -> str:
        """Return why the cell cannot be crossed now, by trail order (rulings 3, 9), or ''."""
        a = ANIMAL_INDEX[cell.id.animal]
        name = ANIMAL_NAMES[a]
        t = self.trail[a]
        if cell.id.position > 1:
            if t is None or t.id != cell.id.trail:
                return (f"{cell.id} is not on the {name}'s trail: the {name} "
                        f"must start trail {cell.id.trail} at {cell.id.trail}1")
            if self.pos[a] >= cell.id.position:
                return f"{cell.id} is already crossed"
            if self.pos[a] < cell.id.position - 1:
                return (f"{cell.id} crossed before "
                        f"{cell.id.trail}{self.pos[a] + 1}; cells are crossed in order")
            return ""
        trail = self.map.trail(cell.id.trail)
        if t is None:
            if trail.start != "start":
                return (f"the {name} starts on a trail from its starting position; "
                        f"{trail.id} leaves a tunnel, taken only after eating")
            return ""
        if trail in self.walked[a]:
            return f"{cell.id} is already crossed"
        if self.pos[a] < len(t.cells):
            return (f"the {name} is on trail {t.id} ({t.id}{self.pos[a] + 1} is next) and "
                    f"follows one trail at a time, so it cannot start {trail.id}")
        left = [f for f in self.map.location_by_id[trail.location].foods if f not in self.eaten[a]]
        if not left:
            return (f"the tunnel leads only to a trail whose food location still has a food "
                    f"the {name} has not eaten; {trail.id} leads to foods it has eaten")
        return ""

    # --- moves -----------------------------------------------------------------------------
    def cross(self, cell: Cell, total: int) -> bool:
        """Cross a cell (`total` is the dice total, written in a circle); True on arrival."""
        a = FOX if cell.id.animal_letter == "F" else RABBIT
        if cell.id.position == 1:
            trail = self.map.trail_by_id[str(cell.id.trail)]
            self.trail[a] = trail
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

    def edible(self, a: int) -> list[str]:
        """Return the foods the animal may eat where it is (ruling 8)."""
        t = self.trail[a]
        if t is None or not self.hungry[a]:
            return []
        return [f for f in self.map.location_by_id[t.location].foods if f not in self.eaten[a]]

    def rewards_available(self) -> list[str]:
        """Return the rewards that can be taken now (ruling 10: dice at most 2 a colour)."""
        out = []
        for i in range(3):
            if self.dice[i] + self.pending.count(REWARDS[i]) < self.map.max_per_colour:
                out.append(REWARDS[i])
        for k in range(3):
            if self.active[k] + self.pending.count(REWARDS[3 + k]) < self.map.aid_circles:
                out.append(REWARDS[3 + k])
        return out

    def eat(self, a: int, food: str, reward: str) -> None:
        """Eat a food where the animal arrived and take a reward (usable from next turn)."""
        self.hungry[a] = False
        self.eaten[a].append(food)
        self.food_count[food] = self.food_count.get(food, 0) + 1
        self.eats.append((a, food, reward))
        if reward != NO_REWARD:
            self.pending.append(reward)

    def aids_left(self, k: int) -> int:
        return self.active[k] - self.spent[k]

    def spend_aid(self, k: int) -> None:
        self.spent[k] += 1

    def end_turn(self) -> bool:
        """The farmer sets a trap and rewards join; True when the last trap was crossed."""
        self.turns += 1
        self.traps += 1
        for reward in self.pending:
            kind, i = reward_parts(reward)
            if kind == "die":
                self.dice[i] += 1
            else:
                self.active[i] += 1
        self.pending.clear()
        return self.traps >= self.map.farmer.traps

    def roll_colours(self) -> tuple[int, ...]:
        """Return the colour index of each die the player rolls this turn."""
        return (0,) * self.dice[0] + (1,) * self.dice[1] + (2,) * self.dice[2]

    # --- the endgame -----------------------------------------------------------------------
    def foods_eaten(self) -> int:
        """Return the foods eaten over both animals, one for each food an animal ate."""
        return len(self.eats)

    def all_food_eaten(self) -> bool:
        return len(self.food_count) == len(self.map.foods)

    def threshold_met(self) -> bool:
        """Return whether the mode's escape threshold is reached (ruling 14)."""
        th = self.mode.escape_threshold
        return self.all_food_eaten() if th == "all" else self.foods_eaten() >= th

    def both_fed(self) -> bool:
        """Return whether each animal ate at least one food (ruling 11)."""
        return bool(self.eaten[0]) and bool(self.eaten[1])

    def may_choose_endgame(self) -> bool:
        return self.both_fed() and self.threshold_met() and not any(self.hungry)


def escape_problem_dice(game: Game, dice: tuple[int, ...]) -> str:
    """Return why an animal cannot roll these dice in an escape attempt ('' if it can)."""
    counts = [0, 0, 0]
    for d in dice:
        counts[d // 10] += 1
    for i in range(3):
        if counts[i] > game.dice[i]:
            return (f"{counts[i]} {PRIMARIES[i]} dice rolled; the player has "
                    f"{game.dice[i]}")
    if not dice:
        return "no dice rolled"
    return ""


def score(game_map: GameMap, foods_eaten: int, escaped: int, traps_left: int) -> int:
    """Return the score (ruling 18)."""
    s = game_map.scoring
    bonus = traps_left * s.per_trap_left if escaped else 0
    return foods_eaten * s.per_food + escaped * s.per_escape + bonus


def achievements(game_map: GameMap, mode: str, foods_eaten: int, all_food: bool,
                 escaped: int) -> list[str]:
    """Return the ids of the achievements a finished game earns (ruling 20)."""
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


def aid_name(k: int) -> str:
    return AID_NAMES[AIDS[k]]
