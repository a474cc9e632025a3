"""The run record: reading a YAML file safely into the model the validator checks.

One pydantic model (`RunRecord`) describes the file; the JSON Schema is generated from it.
Reading keeps two kinds of trouble apart: a record that cannot be read (YAML errors, unknown
keys, wrong types, values out of range, ids not on the map) raises `RecordError` (exit 2);
a record that reads but breaks a rule is the validator's business (exit 1).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError

from printkit.errors import PrintkitError
from printkit.games.fox_rabbit.board import AIDS, MODES, GameMap
from printkit.games.fox_rabbit.dice import die_code
from printkit.games.fox_rabbit.engine import (
    ANIMAL_INDEX, NO_REWARD, REWARDS, AidUse)
from printkit.games.fox_rabbit.moves import Turn

MAX_BYTES = 1_000_000
MAX_DEPTH = 16
MAX_NODES = 200_000

DieText = Annotated[str, StringConstraints(pattern=r"^[RBY][1-6]$")]
CellText = Annotated[str, StringConstraints(pattern=r"^[FR]-[A-Z][1-9][0-9]?$")]
AidText = Annotated[str, StringConstraints(
    pattern=r"^((\+1|-1|flip) [RBY][1-6]|re-roll( [RBY][1-6])+ -> [RBY][1-6]( [RBY][1-6])*)$")]
IdText = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9-]{0,39}$")]
TurnText = Annotated[str, StringConstraints(max_length=400)]
Animal = Literal["fox", "rabbit"]
Reward = Literal["red die", "blue die", "yellow die", "plus-minus circle", "flip circle",
                 "re-roll circle", "nothing"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True,
                              populate_by_name=True)


class Eaten(_Strict):
    """A food eaten: by which animal, which food, and the reward taken for it."""

    animal: Animal
    food: IdText
    reward: Reward


class AidsSpent(_Strict):
    """Circles crossed on each aid track (turns and endgame together)."""

    plus_minus: int = Field(0, alias="plus-minus", ge=0, le=8)
    flip: int = Field(0, ge=0, le=8)
    re_roll: int = Field(0, alias="re-roll", ge=0, le=8)


class EscapeAttempt(_Strict):
    """An animal's escape attempt: the dice it rolled, aids used, and whether it escaped."""

    round: int = Field(ge=1, le=999)
    animal: Animal
    roll: list[DieText] = Field(min_length=1, max_length=6)
    aids: list[AidText] = Field(default_factory=list, max_length=8)
    escaped: bool


class TriggerAttempt(_Strict):
    """The farmer's trigger attempt against an animal: dice, farmer's aids, triggered or not."""

    round: int = Field(ge=1, le=999)
    animal: Animal
    roll: list[DieText] = Field(min_length=1, max_length=6)
    aids: list[AidText] = Field(default_factory=list, max_length=8)
    triggered: bool


class Claim(_Strict):
    """What the player wrote in the score box."""

    score: int = Field(ge=0, le=999)
    title: str = Field(max_length=200)
    achievements: list[IdText] = Field(default_factory=list, max_length=20)


class RunRecord(_Strict):
    """A completed Fox and the Rabbit sheet, and optionally the log of every turn."""

    model_config = ConfigDict(title="The Fox and the Rabbit run record")

    game: Literal["fox-and-rabbit"]
    map: Annotated[str, StringConstraints(pattern=r"^[a-z0-9][a-z0-9-]{0,39}$")] = "classic"
    mode: Literal["easy", "hard", "super-hard"]
    crossed: list[CellText] = Field(default_factory=list, max_length=500)
    written: dict[CellText, Annotated[int, Field(ge=1, le=36)]] = Field(default_factory=dict)
    eaten: list[Eaten] = Field(default_factory=list, max_length=12)
    aids_spent: AidsSpent = Field(default_factory=lambda: AidsSpent.model_validate({}))
    traps_crossed: int = Field(0, ge=0, le=40)
    escape_attempts: list[EscapeAttempt] = Field(default_factory=list, max_length=500)
    trigger_attempts: list[TriggerAttempt] = Field(default_factory=list, max_length=500)
    claimed: Claim
    turns: list[TurnText] | None = Field(
        None, max_length=200,
        description="Optional turn log, one line per turn: the roll; the aids; each cell "
                    "crossed with its dice, e.g. 'R6 B4 Y5; +1 B4; F-A1 R6; R-A2=10 B5 Y5'")


def json_schema() -> dict[str, Any]:
    """Return the JSON Schema of a run record (generated from the model the validator uses)."""
    schema = RunRecord.model_json_schema(by_alias=True)
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    return schema


# --- what the validator works on ------------------------------------------------------------
@dataclass(frozen=True)
class Attempt:
    """An escape or trigger attempt as engine values."""

    round: int
    animal: int
    roll: tuple[int, ...]
    aids: tuple[AidUse, ...]
    outcome: bool  # escaped / triggered, as recorded


@dataclass(frozen=True)
class Run:
    """A run record read and checked for form, ready for the rules."""

    map: GameMap
    mode: str
    crossed: tuple[str, ...]
    written: dict[str, int]
    eaten: tuple[tuple[int, str, str], ...]
    aids_spent: tuple[int, int, int]
    traps_crossed: int
    escapes: tuple[Attempt, ...]
    triggers: tuple[Attempt, ...]
    claim_score: int
    claim_title: str
    claim_achievements: tuple[str, ...]
    turns: tuple[Turn, ...] | None


class RecordError(PrintkitError):
    """A run record that cannot be read: the message says what and where, on one line."""

    def __init__(self, message: str) -> None:
        super().__init__(" ".join(message.split()))


# --- reading YAML safely ------------------------------------------------------------------
def _where(mark: Any) -> str:
    return f"line {mark.line + 1}, column {mark.column + 1}"


def _plain(node: yaml.Node, seen: set[int], depth: int) -> Any:
    """Return the Python value of a composed node; refuse aliases, deep nesting, duplicates."""
    if id(node) in seen:
        raise RecordError(f"{_where(node.start_mark)}: anchors and aliases (&name, *name) are "
                          f"not allowed in a run record")
    seen.add(id(node))
    if len(seen) > MAX_NODES or depth > MAX_DEPTH:
        raise RecordError(f"{_where(node.start_mark)}: the record is nested too deeply or too large")
    if isinstance(node, yaml.ScalarNode):
        # the common tags directly; anything else through PyYAML's safe constructor
        if node.tag == _STR:
            return node.value
        if node.tag == _INT and node.value.isdigit() and len(node.value) < 10:
            return int(node.value)
        return _CONSTRUCTOR.construct_object(node, deep=True)
    if isinstance(node, yaml.SequenceNode):
        return [_plain(item, seen, depth + 1) for item in node.value]
    out: dict[Any, Any] = {}
    for key_node, value_node in node.value:  # type: ignore[union-attr]
        key = _plain(key_node, seen, depth + 1)
        if not isinstance(key, (str, int, bool)) or key is None:
            raise RecordError(f"{_where(key_node.start_mark)}: a key must be a word")
        if key in out:
            raise RecordError(f"{_where(key_node.start_mark)}: the key '{key}' appears twice")
        out[key] = _plain(value_node, seen, depth + 1)
    return out


_CONSTRUCTOR = yaml.SafeLoader("")
_STR = "tag:yaml.org,2002:str"
_INT = "tag:yaml.org,2002:int"
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def parse_yaml(text: str) -> tuple[Any, yaml.Node | None]:
    """Return the data in a YAML text and its node tree (for locating problems)."""
    if len(text) > MAX_BYTES:
        raise RecordError(f"the record is larger than {MAX_BYTES // 1_000_000} MB")
    try:
        node = yaml.compose(text, Loader=_LOADER)
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        where = f"{_where(mark)}: " if mark is not None else ""
        raise RecordError(f"{where}not valid YAML: {err.problem or err.context}") from None
    except yaml.YAMLError as err:
        raise RecordError(f"not valid YAML: {err}") from None
    except (ValueError, UnicodeError) as err:
        raise RecordError(f"not valid YAML: {err}") from None
    if node is None:
        raise RecordError("the record is empty")
    try:
        data = _plain(node, set(), 0)
    except yaml.constructor.ConstructorError as err:
        raise RecordError(f"{_where(err.problem_mark)}: {err.problem}") from None
    except (ValueError, OverflowError, TypeError) as err:
        raise RecordError(f"cannot read a value: {err}") from None
    return data, node


def _locate(node: yaml.Node | None, loc: tuple[Any, ...]) -> str:
    """Return 'line L, column C' of the value at a path in the node tree, as near as it goes."""
    best = node
    for part in loc:
        if isinstance(best, yaml.MappingNode):
            for k, v in best.value:
                if isinstance(k, yaml.ScalarNode) and k.value == str(part):
                    best = v
                    break
            else:
                break
        elif isinstance(best, yaml.SequenceNode) and isinstance(part, int) and part < len(best.value):
            best = best.value[part]
        else:
            break
    return _where(best.start_mark) if best is not None else "?"


def _path(loc: tuple[Any, ...]) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


_ACCEPTED: dict[tuple[Any, ...], type[BaseModel]] = {
    (): RunRecord, ("aids_spent",): AidsSpent, ("claimed",): Claim, ("eaten", 0): Eaten,
    ("escape_attempts", 0): EscapeAttempt, ("trigger_attempts", 0): TriggerAttempt,
}


def _explain(err: dict[str, Any], node: yaml.Node | None) -> str:
    loc = tuple(err["loc"])
    if err["type"] == "extra_forbidden":
        parent = tuple(0 if isinstance(p, int) else p for p in loc[:-1])
        model = _ACCEPTED.get(parent)
        keys = ", ".join(f.alias or name for name, f in model.model_fields.items()) if model else ""
        where = _key_mark(node, loc)
        return f"{where}: unknown key '{loc[-1]}'" + (f" (accepted keys: {keys})" if keys else "")
    if err["type"] == "missing":
        return f"{_locate(node, loc[:-1])}: {_path(loc[:-1]) or 'the record'} needs the key '{loc[-1]}'"
    value = err.get("input")
    shown = repr(value) if not isinstance(value, (dict, list)) else type(value).__name__
    msg = err["msg"]
    if err["type"] == "string_pattern_mismatch":
        msg = "this is not written the way the record expects"
        if loc and loc[0] in ("crossed", "written"):
            msg = "not a cell id (write e.g. F-B3)"
        elif "roll" in loc:
            msg = "not a die (write a colour R, B or Y and a face 1-6, e.g. R6)"
        elif "aids" in loc:
            msg = "not an aid (write +1 B4, -1 B4, flip Y5 or re-roll Y5 B4 -> Y2 B1)"
    return f"{_locate(node, loc)}: {_path(loc)}: {msg} (found {shown})"


def _key_mark(node: yaml.Node | None, loc: tuple[Any, ...]) -> str:
    parent = node
    for part in loc[:-1]:
        if isinstance(parent, yaml.MappingNode):
            parent = next((v for k, v in parent.value if k.value == str(part)), parent)
        elif isinstance(parent, yaml.SequenceNode) and isinstance(part, int):
            parent = parent.value[part]
    if isinstance(parent, yaml.MappingNode):
        for k, _ in parent.value:
            if k.value == str(loc[-1]):
                return _where(k.start_mark)
    return _locate(node, loc[:-1])


def read_record(text: str, map_loader: Any = None) -> Run:
    """Return the run in a record's YAML text, or raise RecordError saying what and where."""
    data, node = parse_yaml(text)
    if not isinstance(data, dict):
        raise RecordError("a run record is a set of keys (game, mode, crossed, ...), "
                          f"not a {type(data).__name__}")
    try:
        rec = RunRecord.model_validate(data)
    except ValidationError as err:
        errors = err.errors()
        more = f" (and {len(errors) - 1} more problems)" if len(errors) > 1 else ""
        raise RecordError(_explain(dict(errors[0]), node) + more) from None
    return to_run(rec, node, map_loader)


def to_run(rec: RunRecord, node: yaml.Node | None = None, map_loader: Any = None) -> Run:
    """Return the engine values of a record, checking every id against its map."""
    if map_loader is None:
        from printkit.games.fox_rabbit.template import load_map as map_loader
    game_map = map_loader(rec.map)

    def fail(loc: tuple[Any, ...], msg: str) -> RecordError:
        return RecordError(f"{_locate(node, loc)}: {_path(loc)}: {msg}")

    seen: set[str] = set()
    for i, c in enumerate(rec.crossed):
        if c not in game_map.cells:
            raise fail(("crossed", i), f"there is no cell {c} on the {game_map.name} map")
        if c in seen:
            raise fail(("crossed", i), f"{c} is listed twice")
        seen.add(c)
    for c in rec.written:
        if c not in game_map.cells:
            raise fail(("written", c), f"there is no cell {c} on the {game_map.name} map")
    foods = game_map.food_ids()
    for i, e in enumerate(rec.eaten):
        if e.food not in foods:
            raise fail(("eaten", i, "food"), f"unknown food {e.food!r} (foods: {', '.join(foods)})")
    known = [a.id for a in game_map.scoring.achievements]
    for i, a in enumerate(rec.claimed.achievements):
        if a not in known:
            raise fail(("claimed", "achievements", i),
                       f"unknown achievement {a!r} (achievements: {', '.join(known)})")

    def attempts(items: list[Any], key: str, outcome: str) -> tuple[Attempt, ...]:
        out = []
        for i, att in enumerate(items):
            aids = []
            for j, text in enumerate(att.aids):
                try:
                    aids.append(AidUse.parse(text))
                except ValueError as err:
                    raise fail((key, i, "aids", j), str(err)) from None
            out.append(Attempt(att.round, ANIMAL_INDEX[att.animal],
                               tuple(die_code(d) for d in att.roll), tuple(aids),
                               getattr(att, outcome)))
        return tuple(out)

    turns = None
    if rec.turns is not None:
        parsed = []
        for i, line in enumerate(rec.turns):
            try:
                turn = Turn.parse(line)
            except ValueError as err:
                raise fail(("turns", i), f"turn {i + 1}: {err}") from None
            for mv in turn.moves:
                if mv.cell not in game_map.cells:
                    raise fail(("turns", i), f"turn {i + 1}: there is no cell {mv.cell} on the "
                                             f"{game_map.name} map")
                if mv.food is not None and mv.food not in foods:
                    raise fail(("turns", i), f"turn {i + 1}: unknown food {mv.food!r} "
                                             f"(foods: {', '.join(foods)})")
            if len(turn.roll) > 6:
                raise fail(("turns", i), f"turn {i + 1}: at most 6 dice are rolled")
            parsed.append(turn)
        turns = tuple(parsed)

    spent = rec.aids_spent
    return Run(game_map, rec.mode, tuple(rec.crossed), dict(rec.written),
               tuple((ANIMAL_INDEX[e.animal], e.food, e.reward) for e in rec.eaten),
               (spent.plus_minus, spent.flip, spent.re_roll), rec.traps_crossed,
               attempts(rec.escape_attempts, "escape_attempts", "escaped"),
               attempts(rec.trigger_attempts, "trigger_attempts", "triggered"),
               rec.claimed.score, rec.claimed.title, tuple(rec.claimed.achievements), turns)


def blank_record(mode: str, map_name: str = "classic") -> str:
    """Return an empty run record to fill in, with a comment on every key."""
    if mode not in MODES:
        raise PrintkitError(f"unknown mode {mode!r}: expected one of {', '.join(MODES)}")
    return f"""\
# The Fox and the Rabbit: run record (check it with `printkit validate FILE`)
game: fox-and-rabbit
map: {map_name}
mode: {mode}
# every crossed cell, by the id printed in it (F-A1 is the fox's trail A, cell 1)
crossed: []
# the number written in each crossed circle, e.g. {{F-A3: 7, R-B4: 9}}
written: {{}}
# every food eaten, in order: {{animal: fox, food: carrot, reward: red die}}
# rewards: {", ".join(REWARDS)}, {NO_REWARD}
eaten: []
# circles crossed on each aid track, in turns and in the endgame
aids_spent: {{{AIDS[0]}: 0, {AIDS[1]}: 0, {AIDS[2]}: 0}}
# traps crossed on the farmer trail
traps_crossed: 0
# every escape attempt: {{round: 1, animal: fox, roll: [R5, Y6], aids: [-1 Y6], escaped: true}}
escape_attempts: []
# every farmer trigger attempt: {{round: 1, animal: rabbit, roll: [R3, B4, Y5], aids: [], triggered: false}}
trigger_attempts: []
# what you wrote in the score box
claimed:
  score: 0
  title: Mere scavenger rodents
  achievements: []
# optional turn log, one line per turn: the roll; aids; cells crossed with their dice
# turns:
#   - R6 B4 Y5; +1 B4; F-A1 R6; R-A2=10 B5 Y5
"""
