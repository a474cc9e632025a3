"""The run record: reading a YAML file safely into the values the validator checks.

One pydantic model (`record_model.RunRecord`) describes the file; the JSON Schema is
generated from it. Reading keeps two kinds of trouble apart: a record that cannot be read
(YAML errors, unknown keys, wrong types, values out of range, ids not on the map) raises
`RecordError` (exit 2); a record that reads but breaks a rule is the validator's business
(exit 1).

A record is read the quick way first: plain YAML without a node tree (`plain_yaml`), then a
hand-written check of its form with the model's limits and patterns (`quick_form`). Anything
that way does not accept is read again the thorough way, with PyYAML's node tree
(`record_yaml`) and the pydantic model, which say what is wrong and where. Tests hold the
two ways to the same data and the same verdict.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import yaml

from printkit.errors import PrintkitError
from printkit.games.fox_rabbit import plain_yaml
from printkit.games.fox_rabbit.board import AIDS, MODES, GameMap
from printkit.games.fox_rabbit.cells import ANIMALS
from printkit.games.fox_rabbit.dice import die_code
from printkit.games.fox_rabbit.engine import (
    ANIMAL_INDEX, NO_REWARD, REWARDS, AidUse)
from printkit.games.fox_rabbit.moves import Turn
from printkit.games.fox_rabbit.record_yaml import (
    MAX_BYTES, RecordError, explain, key_path, locate, parse_yaml, shown)

# --- the form of a record: the model (record_model.py) and the quick check share these -----
DIE_PATTERN = r"[RBY][1-6]"
CELL_PATTERN = r"[FR]-[A-Z][1-9][0-9]?"
AID_PATTERN = r"((\+1|-1|flip) [RBY][1-6]|re-roll( [RBY][1-6])+ -> [RBY][1-6]( [RBY][1-6])*)"
ID_PATTERN = r"[a-z][a-z0-9-]{0,39}"
MAP_PATTERN = r"[a-z0-9][a-z0-9-]{0,39}"
DEFAULT_MAP = "classic"
#: Upper limits (list lengths, text lengths, largest values); lower ones are 0 or 1.
LIMITS: dict[str, int] = {
    "crossed": 500, "written": 36, "eaten": 12, "aid circles": 8, "traps": 40,
    "attempts": 500, "round": 999, "dice": 6, "attempt aids": 8, "score": 999, "title": 200,
    "achievements": 20, "turns": 200, "turn text": 400, "variant": 999_999,
}


def record_map_name(data: dict[str, Any]) -> str:
    """Return the map a record was played on: `variant: N` names seeded variant N (the same
    map as `map: variant-N`), else its `map`, else the classic map."""
    variant = data.get("variant")
    if variant is None:
        return str(data.get("map", DEFAULT_MAP))
    named = data.get("map")
    if named is not None and named != f"variant-{variant}":
        raise RecordError(f"map: {named!r} and variant: {variant} name two different maps; "
                          f"keep one of them")
    return f"variant-{variant}"


def json_schema() -> dict[str, Any]:
    """Return the JSON Schema of a run record (generated from the model the validator uses)."""
    from printkit.games.fox_rabbit.record_model import RunRecord
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


def read_record(text: str, map_loader: Any = None, quick: bool = True) -> Run:
    """Return the run in a record's YAML text, or raise RecordError saying what and where.

    `quick=False` reads only the thorough way (the tests compare the two ways).
    """
    data = plain_yaml.read(text) if quick else None
    if data is not None and quick_form(data):
        try:
            return to_run(data, None, map_loader)
        except RecordError:
            pass  # said again below, with the line and column
    data, node = parse_yaml(text)
    if not isinstance(data, dict):
        raise RecordError("a run record is a set of keys (game, mode, crossed, ...), "
                          f"not {shown(data)}")
    if not (quick and quick_form(data)):
        from pydantic import ValidationError

        from printkit.games.fox_rabbit.record_model import RunRecord
        try:
            data = RunRecord.model_validate(data).model_dump(by_alias=True)
        except ValidationError as err:
            errors = err.errors()
            more = "" if len(errors) == 1 else \
                f" (and {len(errors) - 1} more problem{'s' if len(errors) > 2 else ''})"
            raise RecordError(explain(dict(errors[0]), node) + more) from None
    return to_run(data, node, map_loader)


# --- the quick check of a record's form ---------------------------------------------------
_DIE = re.compile(DIE_PATTERN)
_CELL = re.compile(CELL_PATTERN)
_AID = re.compile(AID_PATTERN)
_ID = re.compile(ID_PATTERN)
_MAP = re.compile(MAP_PATTERN)
_KEYS = frozenset({"game", "map", "variant", "mode", "crossed", "written", "eaten",
                   "aids_spent", "traps_crossed", "escape_attempts", "trigger_attempts",
                   "claimed", "turns"})
_EATEN_KEYS = frozenset({"animal", "food", "reward"})
_AID_KEYS = frozenset(AIDS)
_CLAIM_KEYS = frozenset({"score", "title", "achievements"})
_REWARD_WORDS = frozenset(REWARDS + (NO_REWARD,))
_OUTCOME = {"escape_attempts": "escaped", "trigger_attempts": "triggered"}


def _count(value: Any, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high


def _texts(value: Any, pattern: re.Pattern[str], most: int) -> bool:
    return type(value) is list and len(value) <= most and _all_str(value) and all(
        map(pattern.fullmatch, value))


def _all_str(items: list[Any] | Any) -> bool:
    return set(map(type, items)) <= _STR_TYPE  # the loop runs in C: records are long lists


_STR_TYPE = {str}


def _word(value: Any, words: tuple[str, ...] | frozenset[str]) -> bool:
    return type(value) is str and value in words


def quick_form(data: Any) -> bool:
    """Return True if the record model accepts the data as it is, False to ask the model.

    Plain types only (strict, as the model is), the model's limits and patterns, and the
    model's field names as the record writes them; anything else is the model's to judge.
    """
    if type(data) is not dict or not data.keys() <= _KEYS:
        return False
    if data.get("game") != "fox-and-rabbit" or not _word(data.get("mode"), MODES):
        return False
    game_map = data.get("map", DEFAULT_MAP)
    if type(game_map) is not str or not _MAP.fullmatch(game_map):
        return False
    if "variant" in data and not _count(data["variant"], 1, LIMITS["variant"]):
        return False
    if not _texts(data.get("crossed", []), _CELL, LIMITS["crossed"]):
        return False
    written = data.get("written", {})
    if type(written) is not dict or not _texts(list(written), _CELL, len(written)) or not all(
            _count(v, 1, LIMITS["written"]) for v in written.values()):
        return False
    eaten = data.get("eaten", [])
    if type(eaten) is not list or len(eaten) > LIMITS["eaten"] or not all(
            type(e) is dict and e.keys() == _EATEN_KEYS and _word(e["animal"], ANIMALS)
            and type(e["food"]) is str and _ID.fullmatch(e["food"])
            and _word(e["reward"], _REWARD_WORDS) for e in eaten):
        return False
    spent = data.get("aids_spent", {})
    if type(spent) is not dict or not spent.keys() <= _AID_KEYS or not all(
            _count(v, 0, LIMITS["aid circles"]) for v in spent.values()):
        return False
    if not _count(data.get("traps_crossed", 0), 0, LIMITS["traps"]):
        return False
    for key, outcome in _OUTCOME.items():
        attempts = data.get(key, [])
        if type(attempts) is not list or len(attempts) > LIMITS["attempts"]:
            return False
        for att in attempts:
            if (type(att) is not dict or len(att) != 4 + ("aids" in att)
                    or not _count(att.get("round"), 1, LIMITS["round"])
                    or not _word(att.get("animal"), ANIMALS)
                    or not _texts(att.get("roll"), _DIE, LIMITS["dice"]) or not att["roll"]
                    or not _texts(att.get("aids", []), _AID, LIMITS["attempt aids"])
                    or type(att.get(outcome)) is not bool):
                return False
    claimed = data.get("claimed")
    if (type(claimed) is not dict or not claimed.keys() <= _CLAIM_KEYS
            or not _count(claimed.get("score"), 0, LIMITS["score"])
            or type(claimed.get("title")) is not str or len(claimed["title"]) > LIMITS["title"]
            or not _texts(claimed.get("achievements", []), _ID, LIMITS["achievements"])):
        return False
    turns = data.get("turns")
    return turns is None or (type(turns) is list and len(turns) <= LIMITS["turns"]
                             and _all_str(turns)
                             and max(map(len, turns), default=0) <= LIMITS["turn text"])


def to_run(data: dict[str, Any], node: yaml.Node | None = None, map_loader: Any = None) -> Run:
    """Return the engine values of a record whose form is checked, checking ids on its map."""
    if map_loader is None:
        from printkit.games.fox_rabbit.template import load_map as map_loader
    game_map = map_loader(record_map_name(data))

    def fail(loc: tuple[Any, ...], msg: str) -> RecordError:
        return RecordError(f"{locate(node, loc)}: {key_path(loc)}: {msg}")

    cells = game_map.cells
    crossed = data.get("crossed", [])
    seen: set[str] = set()
    for i, c in enumerate(crossed):
        if c not in cells:
            raise fail(("crossed", i), f"there is no cell {c} on the {game_map.name} map")
        if c in seen:
            raise fail(("crossed", i), f"{c} is listed twice")
        seen.add(c)
    written = data.get("written", {})
    for c in written:
        if c not in cells:
            raise fail(("written", c), f"there is no cell {c} on the {game_map.name} map")
    foods = game_map.food_ids()
    eaten = data.get("eaten", [])
    for i, e in enumerate(eaten):
        if e["food"] not in foods:
            raise fail(("eaten", i, "food"), f"unknown food {e['food']!r} "
                                             f"(foods: {', '.join(foods)})")
    claimed = data["claimed"]
    claimed_achievements = claimed.get("achievements", [])
    known = [a.id for a in game_map.scoring.achievements]
    for i, a in enumerate(claimed_achievements):
        if a not in known:
            raise fail(("claimed", "achievements", i),
                       f"unknown achievement {a!r} (achievements: {', '.join(known)})")

    def attempts(key: str, outcome: str) -> tuple[Attempt, ...]:
        out = []
        for i, att in enumerate(data.get(key, [])):
            aids = []
            for j, text in enumerate(att.get("aids", [])):
                try:
                    aids.append(AidUse.parse(text))
                except ValueError as err:
                    raise fail((key, i, "aids", j), str(err)) from None
            out.append(Attempt(att["round"], ANIMAL_INDEX[att["animal"]],
                               tuple(die_code(d) for d in att["roll"]), tuple(aids),
                               att[outcome]))
        return tuple(out)

    turns = None
    if data.get("turns") is not None:
        parsed = []
        for i, line in enumerate(data["turns"]):
            try:
                turn = Turn.parse(line)
            except ValueError as err:
                raise fail(("turns", i), f"turn {i + 1}: {err}") from None
            for mv in turn.moves:
                if mv.cell not in cells:
                    raise fail(("turns", i), f"turn {i + 1}: there is no cell {mv.cell} on the "
                                             f"{game_map.name} map")
                if mv.food is not None and mv.food not in foods:
                    raise fail(("turns", i), f"turn {i + 1}: unknown food {mv.food!r} "
                                             f"(foods: {', '.join(foods)})")
            if len(turn.roll) > LIMITS["dice"]:
                raise fail(("turns", i), f"turn {i + 1}: at most 6 dice are rolled")
            parsed.append(turn)
        turns = tuple(parsed)

    spent = data.get("aids_spent", {})
    return Run(game_map, data["mode"], tuple(crossed), dict(written),
               tuple((ANIMAL_INDEX[e["animal"]], e["food"], e["reward"]) for e in eaten),
               (spent.get(AIDS[0], 0), spent.get(AIDS[1], 0), spent.get(AIDS[2], 0)),
               data.get("traps_crossed", 0),
               attempts("escape_attempts", "escaped"),
               attempts("trigger_attempts", "triggered"),
               claimed["score"], claimed["title"], tuple(claimed_achievements), turns)


def blank_record(mode: str, map_name: str = DEFAULT_MAP) -> str:
    """Return an empty run record to fill in, with a comment on every key.

    The hints (starting aid circles, escape threshold, foods, titles, achievements) come from
    the map, so they are the ones printed on that map's gamesheet.
    """
    if mode not in MODES:
        raise PrintkitError(f"unknown mode {mode!r}: expected one of {', '.join(MODES)}")
    from printkit.games.fox_rabbit.template import load_map
    game_map = load_map(map_name)
    rules = game_map.modes[mode]
    threshold = ("all 6 foods" if rules.escape_threshold == "all"
                 else f"{rules.escape_threshold} foods")
    titles = "".join(f"\n#   {t.minimum:>2}+ {t.title}" for t in game_map.scoring.titles)
    achievements = ", ".join(a.id for a in game_map.scoring.achievements if a.mode == mode)
    return f"""\
# The Fox and the Rabbit: run record. Fill it in from your sheet, then check it:
#   printkit validate FILE      (add --json for tools; the format: docs/run-record.md)
# In {mode} mode each aid track starts with {rules.active_circles} active circles, and escape \
may be tried
# once {threshold} are eaten (both animals together) or the farmer's last trap is crossed.
game: fox-and-rabbit
map: {game_map.name}
mode: {mode}

# Every crossed cell, by the small id printed in it (F-A1: the fox's trail A, cell 1).
crossed: []
# The number written in each crossed circle, e.g. {{F-A3: 9, R-B4: 10}}
written: {{}}
# Every food eaten, in order, with the reward taken for it, written as
#   eaten:
#     - {{animal: fox, food: carrot, reward: red die}}
# Foods: {", ".join(game_map.food_ids())}
# Rewards: {", ".join(REWARDS[:3])},
#   {", ".join(REWARDS[3:])}; {NO_REWARD} only once all are taken
eaten: []
# Circles crossed on each aid track, in turns and in the endgame together.
aids_spent: {{{AIDS[0]}: 0, {AIDS[1]}: 0, {AIDS[2]}: 0}}
# Traps crossed on the farmer trail (one after each turn; {game_map.farmer.traps} on this map).
traps_crossed: 0
# Every escape attempt, round by round: the dice rolled, the aid used, escaped or not.
#   escape_attempts:
#     - {{round: 1, animal: fox, roll: [R5, Y6], aids: [-1 Y6], escaped: true}}
escape_attempts: []
# Every farmer trigger attempt after the animals' attempts of the round.
#   trigger_attempts:
#     - {{round: 1, animal: rabbit, roll: [R3, B2, Y5], aids: [], triggered: false}}
trigger_attempts: []
# What you wrote in the score box. Achievements in {mode} mode: {achievements}
# Titles by score:{titles}
claimed:
  score: 0
  title: {game_map.title_for(0)}
  achievements: []
# Optional: the turn log, one line per turn: the dice rolled; the aids used on them; each
# cell crossed with the dice that crossed it (a circle with its number: F-A3=9), and at a
# trail's end what was eaten and taken. With it, the whole game is replayed.
#   turns:
#     - R1 B2 Y2; F-A1 Y2; R-A1 B2
#     - R3 B6 Y4; +1 R3; F-A2 R4; R-A2 Y4
#     - R5 B6 Y3; +1 Y3; F-A3=9 R5 Y4
"""
