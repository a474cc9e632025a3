"""The plain YAML that run records are written in, read quickly; anything else is left to PyYAML.

`read(text)` returns exactly the data PyYAML's safe loader reads from the text, or None when
the text uses anything beyond a small, plain part of YAML. That part is what people and
`yaml.safe_dump` write for a run record: block mappings and sequences indented with spaces,
flow lists and mappings (`[R6, B4]`, `{animal: fox, food: apple}`, also over several lines),
plain and single-quoted words, whole numbers, true/false, null, and comments. Plain words are
typed by PyYAML's own table of implicit resolvers, so `yes` and `1_000` mean what they mean to
PyYAML (or are left to it). Anchors, tags, double quotes, block scalars (`|`, `>`), tabs,
several documents, non-ASCII text, duplicate keys and anything malformed return None: the
caller then reads the text with PyYAML, which also explains what is wrong and where.

Why: composing a record with libyaml costs a Python object per node and per mark; this reader
is several times faster on the records above, and a test compares the two on every fixture and
on thousands of mutated records (whenever this reader answers, PyYAML reads the same data).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

import yaml

#: Texts longer than this are left to PyYAML (a record is a few kilobytes), so that no text
#: read here could exceed the node budget PyYAML's path enforces.
MAX_CHARS = 64_000
_MAX_DEPTH = 8

_TEXT = re.compile(r"[\n\x20-\x7e]*")
_KEY = re.compile(r"([A-Za-z0-9_][A-Za-z0-9_+-]*):(?: +|\Z)")
_FLOW_KEY = re.compile(r" *([A-Za-z0-9_][A-Za-z0-9_+-]*): +")
_PLAIN_BLOCK = re.compile(r"(?:[A-Za-z0-9]|[+-][0-9])[A-Za-z0-9 _.,;=+/()!?<>-]*")
_PLAIN_FLOW = re.compile(r"(?:[A-Za-z0-9]|[+-][0-9])[A-Za-z0-9 _.;=+/()!?<>-]*")
_MARKER = re.compile(r"^(?:---|\.\.\.|%)", re.MULTILINE)
_FLOW_MARK = re.compile(r"['\[\]{}]")
_FLOW_WORD = re.compile(r"[^,\[\]{}]*")
_QUOTED = re.compile(r"'((?:[^']|'')*)'")
_WORD = r"(?:[A-Za-z0-9]|[+-][0-9])[A-Za-z0-9 _.;=+/()!?<>-]*"
_KEY_WORD = r"[A-Za-z0-9_][A-Za-z0-9_+-]*"
_WORD_LIST = re.compile(rf" *{_WORD}(?:, *{_WORD})*")
_WORD_MAP = re.compile(rf" *{_KEY_WORD}: +{_WORD}(?:, *{_KEY_WORD}: +{_WORD})*")
_QUOTED_WORD = r"'(?:[^']|'')*'"
_QUOTED_LIST = re.compile(rf" *(?:{_QUOTED_WORD} *|{_WORD})(?:, *(?:{_QUOTED_WORD} *|{_WORD}))*")
_LIST_ITEM = re.compile(rf"'((?:[^']|'')*)'|({_WORD})")
_BRACKET = re.compile(r"[\[\]{}]")
_DECIMAL = re.compile(r"[-+]?(?:0|[1-9][0-9]{0,8})")

_RESOLVERS = yaml.resolver.Resolver.yaml_implicit_resolvers
_WILDCARD = tuple(_RESOLVERS.get(None, ()))
_TAGS: dict[str, tuple[tuple[str, Any], ...]] = {
    first: tuple(found) + _WILDCARD for first, found in _RESOLVERS.items() if first is not None}
_BOOL_WORDS = yaml.constructor.SafeConstructor.bool_values
#: First letters of the words PyYAML may read as something other than a string.
_TYPED = frozenset(_TAGS) if not _WILDCARD else frozenset(chr(c) for c in range(128))
_INT = "tag:yaml.org,2002:int"
_BOOL = "tag:yaml.org,2002:bool"
_NULL = "tag:yaml.org,2002:null"


class _Decline(Exception):
    """The text uses YAML beyond the plain part read here."""


def read(text: str) -> Any:
    """Return the data in a plain YAML text (a block mapping at its root), or None.

    None means only "not read here": the text may be valid YAML, or not; ask PyYAML.
    """
    if len(text) > MAX_CHARS or not _TEXT.fullmatch(text):
        return None
    try:
        lines = _lines(text)
        if not lines or lines[0][0] != 0:
            return None
        data, end = _mapping(lines, 0, 0, 0)
        return data if end == len(lines) else None
    except _Decline:
        return None


def _lines(text: str) -> list[tuple[int, str]]:
    """Return (indent, content) of each line that holds something, comments dropped.

    A flow collection or quoted word left open at a line's end takes in the lines after it
    (each more indented, with no comment), joined by one space: YAML folds a line break
    inside them into one space.
    """
    if _MARKER.search(text) is not None:  # several documents, or a directive
        raise _Decline
    comments = "#" in text
    out: list[tuple[int, str]] = []
    physical = text.split("\n")
    i = 0
    n = len(physical)
    while i < n:
        line = physical[i]
        i += 1
        content = line.strip(" ")
        commented = comments and "#" in content
        if commented:
            content = _uncomment(content)
        if not content:
            continue
        indent = len(line) - len(line.lstrip(" "))
        if _FLOW_MARK.search(content) is not None:
            depth, quoted = _open(content, 0, False)
            while depth or quoted:
                # a quoted word over lines outside a flow; an unclosed flow; a comment inside
                if depth <= 0 or i >= n or commented:
                    raise _Decline
                line = physical[i]
                i += 1
                more = line.strip(" ")
                if not more or "#" in more or len(line) - len(line.lstrip(" ")) <= indent:
                    raise _Decline
                content += " " + more
                depth, quoted = _open(more, depth, quoted)
        out.append((indent, content))
    return out


def _uncomment(content: str) -> str:
    """Return a line's content without its comment."""
    if content.startswith("#"):
        return ""
    if "'" in content:  # the '#' could be inside quotes: leave it to PyYAML
        raise _Decline
    cut = content.find(" #")
    return content if cut < 0 else content[:cut].rstrip(" ")


def _open(content: str, depth: int, quoted: bool) -> tuple[int, bool]:
    """Return the flow depth and whether a quote is open after reading `content`."""
    if not quoted and "'" not in content:
        return depth + content.count("[") + content.count("{") - content.count("]") \
            - content.count("}"), False
    for m in _FLOW_MARK.finditer(content):
        ch = m.group()
        if ch == "'":
            quoted = not quoted
        elif quoted:
            continue
        elif ch in "[{":
            depth += 1
        else:
            depth -= 1
    return depth, quoted


def _mapping(lines: list[tuple[int, str]], i: int, indent: int,
             depth: int) -> tuple[dict[str, Any], int]:
    """Return the block mapping whose keys start at lines[i] with this indent; and the next i."""
    if depth > _MAX_DEPTH:
        raise _Decline
    out: dict[str, Any] = {}
    n = len(lines)
    key_match = _KEY.match
    while i < n:
        at, content = lines[i]
        if at != indent:
            if at < indent:
                break
            raise _Decline
        m = key_match(content)
        if m is None:
            raise _Decline
        key = m.group(1)
        if key in out or (key[0] in _TYPED and not isinstance(_plain(key), str)):
            raise _Decline
        rest = content[m.end():]
        if rest:
            i += 1
            if i < n and lines[i][0] > indent:  # a plain word folded over lines
                rest, i = _folded(lines, i, indent, rest)
            out[key] = _inline(rest, depth + 1)
        else:
            out[key], i = _nested(lines, i + 1, indent, depth + 1)
    return out, i


def _nested(lines: list[tuple[int, str]], i: int, indent: int, depth: int) -> tuple[Any, int]:
    """Return the value of a key written with nothing after its colon; and the next i."""
    if i < len(lines):
        at, content = lines[i]
        item = content.startswith("- ") or content == "-"
        if at > indent or (at == indent and item):
            return _sequence(lines, i, at, depth) if item else _mapping(lines, i, at, depth)
    return None, i


def _sequence(lines: list[tuple[int, str]], i: int, indent: int,
              depth: int) -> tuple[list[Any], int]:
    """Return the block sequence whose dashes start at lines[i] with this indent; the next i."""
    if depth > _MAX_DEPTH:
        raise _Decline
    out: list[Any] = []
    n = len(lines)
    while i < n:
        at, content = lines[i]
        if at != indent:
            if at < indent:
                break
            raise _Decline
        if not content.startswith("- "):
            if content == "-":
                raise _Decline
            break
        rest = content[2:].lstrip(" ")
        if not rest or rest == "-" or rest.startswith("- "):
            raise _Decline
        if _KEY.match(rest):  # a mapping that starts on the dash's line
            lines[i] = (indent + len(content) - len(rest), rest)
            value, i = _mapping(lines, i, lines[i][0], depth + 1)
            out.append(value)
        else:
            i += 1
            if i < n and lines[i][0] > indent:  # a plain word folded over lines
                rest, i = _folded(lines, i, indent, rest)
            out.append(_inline(rest, depth + 1))
    return out, i


def _folded(lines: list[tuple[int, str]], i: int, indent: int, first: str) -> tuple[str, int]:
    """Return a plain word that goes on over the lines from lines[i], more indented; next i.

    YAML folds each line break inside a plain word into one space. Only plain words go on
    so (a flow or a quoted word that goes on was joined already): anything else is declined.
    """
    if _PLAIN_BLOCK.fullmatch(first) is None:
        raise _Decline
    parts = [first]
    while i < len(lines) and lines[i][0] > indent:
        more = lines[i][1]
        if more[0] == "-" or _PLAIN_BLOCK.fullmatch(more) is None:
            raise _Decline
        parts.append(more)
        i += 1
    return " ".join(parts), i


def _inline(text: str, depth: int) -> Any:
    """Return the value written after `key: ` or `- `, which fills the rest of the line."""
    first = text[0]
    if first == "[" or first == "{":
        inner = text[1:-1]
        if text[-1] == ("]" if first == "[" else "}"):
            if _FLOW_MARK.search(inner) is None:
                return _simple_flow(first, inner)
            if first == "[" and _BRACKET.search(inner) is None and _QUOTED_LIST.fullmatch(inner):
                return [quoted.replace("''", "'") if not plain else
                        _plain(plain.rstrip(" ")) if plain[0] in _TYPED else plain.rstrip(" ")
                        for quoted, plain in _LIST_ITEM.findall(inner)]
    if first == "[" or first == "{" or first == "'":
        value, end = _flow(text, 0, depth)
        if text[end:].strip(" "):
            raise _Decline
        return value
    if _PLAIN_BLOCK.fullmatch(text) is None:
        raise _Decline
    return _plain(text)


def _simple_flow(first: str, inner: str) -> Any:
    """Return a flow list or mapping of plain words (`inner` is between the brackets)."""
    if first == "[":
        if _WORD_LIST.fullmatch(inner) is None:
            if inner.strip(" "):
                raise _Decline
            return []
        return [_plain(w) if w[0] in _TYPED else w
                for w in [part.strip(" ") for part in inner.split(",")]]
    if _WORD_MAP.fullmatch(inner) is None:
        if inner.strip(" "):
            raise _Decline
        return {}
    mapping: dict[str, Any] = {}
    for part in inner.split(","):
        key, _, word = part.partition(":")
        key = key.strip(" ")
        word = word.strip(" ")
        if key in mapping or (key[0] in _TYPED and not isinstance(_plain(key), str)):
            raise _Decline
        mapping[key] = _plain(word) if word[0] in _TYPED else word
    return mapping


def _flow(text: str, pos: int, depth: int) -> tuple[Any, int]:
    """Return the flow value starting at `pos` (spaces skipped) and where it ends."""
    if depth > _MAX_DEPTH:
        raise _Decline
    n = len(text)
    while pos < n and text[pos] == " ":
        pos += 1
    if pos >= n:
        raise _Decline
    first = text[pos]
    if first == "[":
        items: list[Any] = []
        pos = _skip(text, pos + 1)
        if pos < n and text[pos] == "]":
            return items, pos + 1
        while True:
            value, pos = _flow(text, pos, depth + 1)
            items.append(value)
            pos = _skip(text, pos)
            if pos < n and text[pos] == ",":
                pos = _skip(text, pos + 1)
                if pos < n and text[pos] in ",]":  # an empty entry or a trailing comma
                    raise _Decline
            elif pos < n and text[pos] == "]":
                return items, pos + 1
            else:
                raise _Decline
    if first == "{":
        mapping: dict[str, Any] = {}
        pos = _skip(text, pos + 1)
        if pos < n and text[pos] == "}":
            return mapping, pos + 1
        while True:
            m = _FLOW_KEY.match(text, pos)
            if m is None:
                raise _Decline
            key = _plain(m.group(1))
            if not isinstance(key, str) or key in mapping:
                raise _Decline
            value, pos = _flow(text, m.end(), depth + 1)
            mapping[key] = value
            pos = _skip(text, pos)
            if pos < n and text[pos] == ",":
                pos = _skip(text, pos + 1)
                if pos < n and text[pos] in ",}":
                    raise _Decline
            elif pos < n and text[pos] == "}":
                return mapping, pos + 1
            else:
                raise _Decline
    if first == "'":
        m = _QUOTED.match(text, pos)
        if m is None:
            raise _Decline
        return m.group(1).replace("''", "'"), m.end()
    end = _FLOW_WORD.match(text, pos).end()  # type: ignore[union-attr]
    word = text[pos:end].rstrip(" ")
    if _PLAIN_FLOW.fullmatch(word) is None:
        raise _Decline
    return _plain(word), end


def _skip(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] == " ":
        pos += 1
    return pos


@lru_cache(maxsize=4096)
def _plain(word: str) -> Any:
    """Return a plain word as PyYAML's safe loader types it (str, int, bool or None)."""
    for tag, regexp in _TAGS.get(word[:1], _WILDCARD):
        if regexp.match(word):
            break
    else:
        return word
    if tag == _INT and _DECIMAL.fullmatch(word):
        return int(word)
    if tag == _BOOL:
        return _BOOL_WORDS[word.lower()]
    if tag == _NULL:
        return None
    raise _Decline  # floats, dates, merge keys, octal and other ints: PyYAML's business
