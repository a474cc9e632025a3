"""The run record: reading a YAML file safely into the values the validator checks.

One pydantic model (`record_model.RunRecord`) describes the file; the JSON Schema is
generated from it. Reading keeps two kinds of trouble apart: a record that cannot be read
(YAML errors, unknown keys, wrong types, values out of range, ids not on the map) raises
`RecordError` (exit 2); a record that reads but breaks a rule is the validator's business
(exit 1).

A record is read the quick way first: plain YAML without a node tree (`plain_yaml`), then a
hand-written check of its form with the model's limits and patterns (`quick_form`). Anything
that way does not accept is read again the thorough way, with PyYAML's node tree and the
pydantic model, which say what is wrong and where. Tests hold the two ways to the same data
and the same verdict.
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

MAX_BYTES = 1_000_000
MAX_DEPTH = 16
MAX_NODES = 200_000

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
    "achievements": 20, "turns": 200, "turn text": 400,
}


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


class RecordError(PrintkitError):
    """A run record that cannot be read: the message says what and where, on one line."""

    def __init__(self, message: str) -> None:
        super().__init__(" ".join(message.split()))


# --- reading YAML safely ------------------------------------------------------------------
def _where(mark: Any) -> str:
    return f"line {mark.line + 1}, column {mark.column + 1}"


_STR = "tag:yaml.org,2002:str"
_INT = "tag:yaml.org,2002:int"
_CONSTRUCTOR = yaml.SafeLoader("")


def _plain(node: yaml.Node, seen: set[int] | None, depth: int, budget: list[int]) -> Any:
    """Return the Python value of a composed node; refuse aliases, deep nesting, duplicates.

    `seen` holds the ids of the nodes met so far, to catch an alias (the same node met twice);
    it is None when the text has no `&`, so holds no anchor and so no alias. `budget` counts
    down the nodes still allowed.
    """
    if seen is not None:
        if id(node) in seen:
            raise RecordError(f"{_where(node.start_mark)}: anchors and aliases (&name, *name) "
                              f"are not allowed in a run record")
        seen.add(id(node))
    if node.__class__ is yaml.ScalarNode:
        tag = node.tag
        if tag == _STR:
            return node.value
        value = node.value
        # a plain decimal int directly (YAML 1.1 reads a leading 0 as octal: leave that to PyYAML)
        if tag == _INT and value.isdigit() and len(value) < 10 and (value[0] != "0" or value == "0"):
            return int(value)
        return _scalar(node)
    if node.tag != _COLLECTION_TAGS[node.__class__]:
        raise RecordError(f"{_where(node.start_mark)}: YAML tags such as {_tag(node.tag)} are "
                          f"not allowed in a run record")
    items = node.value
    budget[0] -= len(items)
    if budget[0] < 0 or depth >= MAX_DEPTH:
        raise RecordError(f"{_where(node.start_mark)}: the record is nested too deeply or too large")
    depth += 1
    if node.__class__ is yaml.SequenceNode:
        return [item.value if item.tag == _STR and seen is None else
                _plain(item, seen, depth, budget) for item in items]
    out: dict[Any, Any] = {}
    for key_node, value_node in items:
        if key_node.tag == _STR and seen is None:
            key = key_node.value
        else:
            key = _plain(key_node, seen, depth, budget)
            if not isinstance(key, str):
                shown = "a list or a set of keys" if isinstance(key, (list, dict)) else \
                    f"{key_node.value!r}, which YAML reads as {_shown(key)}"
                raise RecordError(f"{_where(key_node.start_mark)}: a key is a word such as "
                                  f"mode or score, not {shown}")
        if key in out:
            raise RecordError(f"{_where(key_node.start_mark)}: the key '{key}' appears twice")
        out[key] = (value_node.value if value_node.tag == _STR and seen is None else
                    _plain(value_node, seen, depth, budget))
    return out


_COLLECTION_TAGS: dict[type, str] = {yaml.SequenceNode: "tag:yaml.org,2002:seq",
                                     yaml.MappingNode: "tag:yaml.org,2002:map"}
_TAG_WORDS = {"tag:yaml.org,2002:merge": "the merge key <<",
              "tag:yaml.org,2002:value": "the value key ="}


def _scalar(node: yaml.ScalarNode) -> Any:
    """Return a scalar that is not a plain word or small number, as the safe loader reads it."""
    where = _where(node.start_mark)
    if node.tag in _TAG_WORDS:
        raise RecordError(f"{where}: {_TAG_WORDS[node.tag]} is not allowed in a run record")
    if node.tag == _INT and len(node.value) > 20:
        raise RecordError(f"{where}: a number with {len(node.value)} digits is too long")
    try:
        return _CONSTRUCTOR.construct_object(node, deep=True)
    except yaml.constructor.ConstructorError:
        raise RecordError(f"{where}: YAML tags such as {_tag(node.tag)} are not allowed in a "
                          f"run record") from None
    except (ValueError, OverflowError, TypeError) as err:
        raise RecordError(f"{where}: cannot read {node.value[:40]!r}: {err}") from None


def _tag(tag: str) -> str:
    """Return a tag as it is written: `!!set`, `!!python/name:os.system`."""
    return "!!" + tag[len("tag:yaml.org,2002:"):] if tag.startswith("tag:yaml.org,2002:") else tag


def _shown(value: Any) -> str:
    """Return a value as a player would write it in the record."""
    if value is None:
        return "nothing (an empty value)"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, list):
        return f"a list of {len(value)}"
    if isinstance(value, dict):
        return "a set of keys"
    return str(value)


def _compose_python(text: str) -> yaml.Node | None:
    return yaml.compose(text, Loader=yaml.SafeLoader)


try:
    from yaml._yaml import CParser as _CParser
except ImportError:  # PyYAML built without libyaml: the pure-Python composer, slower
    _compose = _compose_python
else:
    _SCALAR_TAGS: dict[str, tuple[tuple[str, Any], ...]] = {
        first: tuple(resolvers) + tuple(yaml.resolver.Resolver.yaml_implicit_resolvers.get(None, ()))
        for first, resolvers in yaml.resolver.Resolver.yaml_implicit_resolvers.items()
        if first is not None}
    _NO_TAGS = tuple(yaml.resolver.Resolver.yaml_implicit_resolvers.get(None, ()))
    _DEFAULT_TAGS = {yaml.ScalarNode: _STR, yaml.SequenceNode: "tag:yaml.org,2002:seq",
                     yaml.MappingNode: "tag:yaml.org,2002:map"}

    class _Composer(_CParser):  # type: ignore[misc]
        """libyaml's composer with the safe loader's tags, minus its per-node bookkeeping.

        The safe loader's resolver has no path resolvers, so descending and ascending do
        nothing; `resolve` gives the tag the safe loader's `Resolver.resolve` gives (a test
        holds them to it), from the same table of implicit resolvers.
        """

        def descend_resolver(self, current_node: Any, current_index: Any) -> None:
            return None

        def ascend_resolver(self) -> None:
            return None

        def resolve(self, kind: type, value: Any, implicit: tuple[bool, bool]) -> str:
            if kind is yaml.ScalarNode and implicit[0]:
                for tag, regexp in _SCALAR_TAGS.get(value[:1], _NO_TAGS):
                    if regexp.match(value):
                        return tag
            return _DEFAULT_TAGS[kind]

    def _compose(text: str) -> yaml.Node | None:
        composer = _Composer(text)
        try:
            node: yaml.Node | None = composer.get_single_node()
            return node
        finally:
            composer.dispose()


def parse_yaml(text: str) -> tuple[Any, yaml.Node | None]:
    """Return the data in a YAML text and its node tree (for locating problems)."""
    if len(text) > MAX_BYTES:
        raise RecordError(f"the record is larger than {MAX_BYTES // 1_000_000} MB")
    try:
        node = _compose(text)
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        where = f"{_where(mark)}: " if mark is not None else ""
        raise RecordError(f"{where}not valid YAML: {err.problem or err.context}") from None
    except yaml.reader.ReaderError as err:
        line = text.count("\n", 0, err.position) + 1
        column = err.position - (text.rfind("\n", 0, err.position) + 1) + 1
        raise RecordError(f"line {line}, column {column}: not valid YAML: the character "
                          f"#x{err.character:04x} cannot be in a record (control characters "
                          f"are not text)") from None
    except yaml.YAMLError as err:
        raise RecordError(f"not valid YAML: {err}") from None
    except (ValueError, UnicodeError, RecursionError) as err:
        raise RecordError(f"not valid YAML: {err}") from None
    if node is None:
        raise RecordError("the record is empty")
    seen: set[int] | None = set() if "&" in text else None
    return _plain(node, seen, 0, [MAX_NODES]), node


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


def _explain(err: dict[str, Any], node: yaml.Node | None) -> str:
    loc = tuple(err["loc"])
    if err["type"] == "extra_forbidden":
        from printkit.games.fox_rabbit.record_model import MODELS
        parent = tuple(0 if isinstance(p, int) else p for p in loc[:-1])
        model = MODELS.get(parent)
        keys = ", ".join(f.alias or name for name, f in model.model_fields.items()) if model else ""
        where = _key_mark(node, loc)
        return f"{where}: unknown key '{loc[-1]}'" + (f" (accepted keys: {keys})" if keys else "")
    if err["type"] == "missing":
        return f"{_locate(node, loc[:-1])}: {_path(loc[:-1]) or 'the record'} needs the key '{loc[-1]}'"
    value = err.get("input")
    kind = err["type"]
    ctx = err.get("ctx") or {}
    msg = _EXPECTED.get(kind, err["msg"])
    found = _shown(value)
    if kind == "literal_error":
        words = [w.strip(" '") for w in ctx.get("expected", "").replace(" or ", ", ").split(",")]
        msg = "expected " + (words[0] if len(words) == 1 else
                             ", ".join(words[:-1]) + " or " + words[-1])
    elif kind in ("less_than_equal", "greater_than_equal"):
        msg = f"expected at most {ctx['le']}" if "le" in ctx else f"expected at least {ctx['ge']}"
    elif kind in ("too_long", "too_short"):
        most = ctx.get("max_length", ctx.get("min_length"))
        msg = f"expected {'at most' if kind == 'too_long' else 'at least'} {most} " \
              f"item{'s' if most != 1 else ''}"
        found = str(ctx.get("actual_length", found))
    elif kind == "string_too_long":
        msg = f"expected at most {ctx['max_length']} characters"
        found = f"{len(value)} characters" if isinstance(value, str) else found
    elif kind == "string_pattern_mismatch":
        msg = "this is not written the way the record expects"
        if loc and loc[0] in ("crossed", "written"):
            msg = "not a cell id (write e.g. F-B3)"
        elif "roll" in loc:
            msg = "not a die (write a colour R, B or Y and a face 1-6, e.g. R6)"
        elif "aids" in loc:
            msg = "not an aid (write +1 B4, -1 B4, flip Y5 or re-roll Y5 B4 -> Y2 B1)"
        elif loc and loc[-1] in ("food", "achievements") or "achievements" in loc:
            msg = "not an id (lower-case letters, digits and -, e.g. carrot or easy-3-one)"
    return f"{_locate(node, loc)}: {_path(loc)}: {msg} (found {found})"


#: What a value should have been, by pydantic's error type, in a player's words.
_EXPECTED = {
    "int_type": "expected a whole number", "int_parsing": "expected a whole number",
    "int_from_float": "expected a whole number", "bool_type": "expected true or false",
    "bool_parsing": "expected true or false", "string_type": "expected a word or text",
    "list_type": "expected a list, e.g. [F-A1, F-A2]",
    "dict_type": "expected a set of keys, e.g. {F-A3: 7}",
    "model_type": "expected a set of keys (key: value)",
    "model_attributes_type": "expected a set of keys (key: value)",
}


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
                          f"not {_shown(data)}")
    if not (quick and quick_form(data)):
        from pydantic import ValidationError

        from printkit.games.fox_rabbit.record_model import RunRecord
        try:
            data = RunRecord.model_validate(data).model_dump(by_alias=True)
        except ValidationError as err:
            errors = err.errors()
            more = "" if len(errors) == 1 else \
                f" (and {len(errors) - 1} more problem{'s' if len(errors) > 2 else ''})"
            raise RecordError(_explain(dict(errors[0]), node) + more) from None
    return to_run(data, node, map_loader)


# --- the quick check of a record's form ---------------------------------------------------
_DIE = re.compile(DIE_PATTERN)
_CELL = re.compile(CELL_PATTERN)
_AID = re.compile(AID_PATTERN)
_ID = re.compile(ID_PATTERN)
_MAP = re.compile(MAP_PATTERN)
_KEYS = frozenset({"game", "map", "mode", "crossed", "written", "eaten", "aids_spent",
                   "traps_crossed", "escape_attempts", "trigger_attempts", "claimed", "turns"})
_EATEN_KEYS = frozenset({"animal", "food", "reward"})
_AID_KEYS = frozenset(AIDS)
_CLAIM_KEYS = frozenset({"score", "title", "achievements"})
_REWARD_WORDS = frozenset(REWARDS + (NO_REWARD,))
_OUTCOME = {"escape_attempts": "escaped", "trigger_attempts": "triggered"}


def _count(value: Any, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high


def _texts(value: Any, pattern: re.Pattern[str], most: int) -> bool:
    return type(value) is list and len(value) <= most and all(
        type(text) is str and pattern.fullmatch(text) for text in value)


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
    if not _texts(data.get("crossed", []), _CELL, LIMITS["crossed"]):
        return False
    written = data.get("written", {})
    if type(written) is not dict or not all(
            type(cell) is str and _CELL.fullmatch(cell) and _count(v, 1, LIMITS["written"])
            for cell, v in written.items()):
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
    return turns is None or (type(turns) is list and len(turns) <= LIMITS["turns"] and all(
        type(line) is str and len(line) <= LIMITS["turn text"] for line in turns))


def to_run(data: dict[str, Any], node: yaml.Node | None = None, map_loader: Any = None) -> Run:
    """Return the engine values of a record whose form is checked, checking ids on its map."""
    if map_loader is None:
        from printkit.games.fox_rabbit.template import load_map as map_loader
    game_map = map_loader(data.get("map", DEFAULT_MAP))

    def fail(loc: tuple[Any, ...], msg: str) -> RecordError:
        return RecordError(f"{_locate(node, loc)}: {_path(loc)}: {msg}")

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
