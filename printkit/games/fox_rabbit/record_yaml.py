"""The thorough way to read a run record: PyYAML's node tree, kept to say where trouble is.

Any YAML text is read here safely: no anchors or aliases (so no alias bombs), no tags, no
duplicate keys, a bounded depth and size. The node tree gives every message a line and a
column, for YAML errors and for what the pydantic model refuses (`explain`).
"""

from __future__ import annotations

from typing import Any

import yaml

from printkit.errors import PrintkitError

MAX_BYTES = 1_000_000
MAX_DEPTH = 16
MAX_NODES = 200_000


class RecordError(PrintkitError):
    """A run record that cannot be read: the message says what and where, on one line."""

    def __init__(self, message: str) -> None:
        super().__init__(" ".join(message.split()))


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
                what = "a list or a set of keys" if isinstance(key, (list, dict)) else \
                    f"{key_node.value!r}, which YAML reads as {shown(key)}"
                raise RecordError(f"{_where(key_node.start_mark)}: a key is a word such as "
                                  f"mode or score, not {what}")
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


def shown(value: Any) -> str:
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


def locate(node: yaml.Node | None, loc: tuple[Any, ...]) -> str:
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


def key_path(loc: tuple[Any, ...]) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def explain(err: dict[str, Any], node: yaml.Node | None) -> str:
    loc = tuple(err["loc"])
    if err["type"] == "extra_forbidden":
        from printkit.games.fox_rabbit.record_model import MODELS
        parent = tuple(0 if isinstance(p, int) else p for p in loc[:-1])
        model = MODELS.get(parent)
        keys = ", ".join(f.alias or name for name, f in model.model_fields.items()) if model else ""
        where = _key_mark(node, loc)
        return f"{where}: unknown key '{loc[-1]}'" + (f" (accepted keys: {keys})" if keys else "")
    if err["type"] == "missing":
        return f"{locate(node, loc[:-1])}: {key_path(loc[:-1]) or 'the record'} needs the key '{loc[-1]}'"
    value = err.get("input")
    kind = err["type"]
    ctx = err.get("ctx") or {}
    msg = _EXPECTED.get(kind, err["msg"])
    found = shown(value)
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
    return f"{locate(node, loc)}: {key_path(loc)}: {msg} (found {found})"


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
    return locate(node, loc[:-1])
