"""YAML text in, plain data out: PyYAML's C loader, with what a record refuses refused first.

A record is plain YAML. Anchors and aliases (`&a`, `*a`), explicit tags (`!!int`, `!!set`)
and merge keys (`<<`) have no place in one, and aliases can blow a small file up into a
huge one, so a text that holds any of those characters is first read as a stream of events,
which says exactly where the refused construct is. Duplicate keys are refused too (PyYAML
would keep the last one silently). JSON is YAML, so a JSON record reads the same way.

Line and column come from PyYAML's marks only when a problem is explained: `Locator` composes
the text into nodes when the record model or the map refuses something, not before.

Before anything is built, the text is read once as a stream of events (libyaml's, cheap):
that pass stops at the first MAX_PROBLEMS unknown keys, or once the text holds more values
than any run has (MAX_VALUES), so a megabyte of junk costs a few milliseconds, not the
seconds and hundreds of megabytes of building it.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

import yaml

from printkit.errors import PrintkitError
from printkit.language import ENGLISH, Lang
from printkit.message import Message, Said, Shown, quoted, safe_line, say, tr
from printkit.quoting import SHOWN_LENGTH

MAX_BYTES = 1_000_000
MAX_PROBLEMS = 20
#: The most values (scalars, lists and sets of keys) a record may hold: a run's longest record,
#: with a turn log, holds a few hundred.
MAX_VALUES = 20_000
_MERGE = "tag:yaml.org,2002:merge"


class RecordError(PrintkitError):
    """A run record that cannot be read: each problem says what and where.

    One problem reads as one line; several as a count and then one line each (at most
    MAX_PROBLEMS, then how many more). A problem is said in any language (`message.Said`);
    `problems` are in English, `say(lang)` says the whole message in `lang`.
    """

    def __init__(self, problems: list[Said] | Said, more: int = 0,
                 stopped: bool = False) -> None:
        self.said_problems: list[Said] = (list(problems) if isinstance(problems, list)
                                          else [problems])
        self.problems = [" ".join(say(p).split()) for p in self.said_problems]
        self.more = more
        self.stopped = stopped  # reading stopped at these problems: there may be more
        super().__init__(self.say(ENGLISH))

    def as_dict(self, lang: Lang = ENGLISH) -> dict[str, Any]:
        """Return the report on an unreadable record, as `printkit validate --json` prints it."""
        return unreadable(self, lang)

    def say(self, lang: object = ENGLISH) -> str:
        """Return the message in `lang`."""
        language = lang if isinstance(lang, Lang) else ENGLISH
        problems = [" ".join(say(p, language).split()) for p in self.said_problems]
        if len(problems) == 1 and not self.more:
            return problems[0]
        n = len(problems) + self.more
        _ = language.gettext
        head = (language.ngettext("{n} problem (reading stopped there; the rest was not read):",
                                  "{n} problems (reading stopped there; the rest was not "
                                  "read):", n) if self.stopped else
                language.ngettext("{n} problem:", "{n} problems:", n)).format(n=n)
        lines = [head] + [f"  - {p}" for p in problems]
        if self.more:
            lines.append("  - " + _("and {n} more").format(n=self.more))
        return "\n".join(lines)


def unreadable(err: Exception, lang: Lang = ENGLISH) -> dict[str, Any]:
    """Return the JSON report on a record that cannot be read (any printkit error): English
    `error` and `problems`, and in another language the same said in it (`error_said`,
    `problems_said`); in English those would repeat `error` and `problems` word for word, and
    are left out. Each line is one `message.safe_line` lets out."""
    if isinstance(err, RecordError):
        problems, said = err.problems, [" ".join(say(p, lang).split())
                                        for p in err.said_problems]
    else:
        problems = [str(err)]
        said = [err.say(lang) if isinstance(err, PrintkitError) else str(err)]
    error_said = err.say(lang) if isinstance(err, PrintkitError) else str(err)
    report = {"legal": None, "readable": False, "error": _safe(str(err)),
              "problems": [_safe(p) for p in problems], "lang": lang.code}
    if not lang.english:
        report.update(error_said=_safe(error_said), problems_said=[_safe(p) for p in said])
    return report


def _safe(message: str) -> str:
    return "\n".join(safe_line(line) for line in message.split("\n"))


def unknown_key(key: object, accepted: list[str]) -> Message:
    """Return the problem of a key a record does not know, with the keys it accepts; not
    with a key longer than any of them could be mistyped as (whose line they would make
    overlong)."""
    if accepted and len(str(key)) <= SHOWN_LENGTH:
        return tr("unknown key {key} (accepted keys: {keys})", key=quoted(key),
                  keys=", ".join(accepted))
    return tr("unknown key {key}", key=quoted(key))


def _where(mark: Any) -> Message:
    return _line(mark.line + 1, mark.column + 1)


def _line(line: int, column: int) -> Message:
    return tr("line {line}, column {column}", line=line, column=column)


def _at(where: Said, problem: Said) -> Message:
    return tr("{where}: {problem}", where=where, problem=problem)


#: The merge key refused, wherever it is
_NO_MERGE = tr("the merge key << is not allowed in a run record")


class _Loader(yaml.CSafeLoader):
    """libyaml's safe loader that refuses a key written twice."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: set[Any] = set()
        for key_node, _ in node.value:
            if key_node.tag == _MERGE:
                raise RecordError(_at(_where(key_node.start_mark), _NO_MERGE))
            key = key_node.value if isinstance(key_node, yaml.ScalarNode) else None
            if key is not None and key in seen:
                raise RecordError(_at(_where(key_node.start_mark),
                                      tr("the key '{key}' appears twice", key=key)))
            seen.add(key)
        mapping: dict[Any, Any] = super().construct_mapping(node, deep=deep)
        return mapping


def _scan(text: str, keys: Collection[str] | None) -> None:
    """Read the text as events, building nothing: raise at the first anchor, alias, tag or
    merge key, at the MAX_PROBLEMS-th top-level key not in `keys`, or past MAX_VALUES values."""
    unknown: list[Said] = []
    depth = 0
    at_key = False  # the next node of the top-level mapping is a key
    values = 0
    try:
        for event in yaml.parse(text, Loader=yaml.CSafeLoader):
            if isinstance(event, (yaml.ScalarEvent, yaml.AliasEvent, yaml.CollectionStartEvent)):
                values += 1
                if values > MAX_VALUES:
                    raise RecordError(_at(_where(event.start_mark), tr(
                        "the record holds more than {most} values, far more than any run; is "
                        "it the right file?", most=f"{MAX_VALUES:,}")))
                _refuse_construct(event)
                if depth == 1 and at_key and keys is not None and \
                        isinstance(event, yaml.ScalarEvent) and event.value not in keys:
                    unknown.append(_at(_where(event.start_mark),
                                       unknown_key(event.value, list(keys))))
                    if len(unknown) == MAX_PROBLEMS:
                        raise RecordError(unknown, stopped=True)
                if depth == 1:
                    at_key = not at_key
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                at_key = depth == 1 and isinstance(event, yaml.MappingStartEvent)
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
    except yaml.YAMLError:
        return  # the loader says what is wrong, with its own mark


def _refuse_construct(event: yaml.Event) -> None:
    """Raise if an event is an anchor, an alias, a tag or a merge key."""
    where = _where(event.start_mark)
    if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
        raise RecordError(_at(where, tr("anchors and aliases (&name, *name) are not allowed "
                                        "in a run record")))
    tag = getattr(event, "tag", None)
    if tag is not None:
        raise RecordError(_at(where, tr("YAML tags such as {tag} are not allowed in a run "
                                        "record", tag=_tag_text(tag))))
    if (isinstance(event, yaml.ScalarEvent) and event.value == "<<"
            and event.implicit[0]):
        raise RecordError(_at(where, _NO_MERGE))


def _tag_text(tag: str) -> str:
    """Return a tag as it is written: `!!set`, `!!python/name:os.system`."""
    prefix = "tag:yaml.org,2002:"
    return "!!" + tag[len(prefix):] if tag.startswith(prefix) else tag


def load(text: str, keys: Collection[str] | None = None) -> Any:
    """Return the data in a record's YAML (or JSON) text, or raise RecordError saying where.

    `keys` are the keys a record's top level may have: reading stops at the MAX_PROBLEMS-th
    other one, before anything is built.
    """
    if len(text) > MAX_BYTES:
        raise RecordError(tr("the record is larger than {size} MB", size=MAX_BYTES // 1_000_000))
    _scan(text, keys)
    try:
        data = yaml.load(text, Loader=_Loader)
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        problem: Said = err.problem or err.context or tr("cannot be read")
        if isinstance(err, yaml.constructor.ConstructorError):
            problem = tr("cannot read this value ({problem})", problem=problem)
        said = tr("not valid YAML: {problem}", problem=problem)
        raise RecordError(_at(_where(mark), said) if mark is not None else said) from None
    except yaml.reader.ReaderError as err:
        line = text.count("\n", 0, err.position) + 1
        column = err.position - (text.rfind("\n", 0, err.position) + 1) + 1
        raise RecordError(_at(_line(line, column), tr(
            "not valid YAML: the character {character} cannot be in a record (control "
            "characters are not text)", character=f"#x{err.character:04x}"))) from None
    except yaml.YAMLError as err:
        raise RecordError(tr("not valid YAML: {problem}", problem=str(err))) from None
    except RecursionError:
        raise RecordError(tr("the record is nested too deeply")) from None
    except (ValueError, OverflowError, TypeError, UnicodeError) as err:
        raise RecordError(tr("not valid YAML: {problem}", problem=str(err))) from None
    if data is None:
        raise RecordError(tr("the record is empty"))
    return data


class Locator:
    """Says where a value of the record is, for a problem's message; where a key is
    (`key=True`), for a message that names the key itself, by its mapping's place."""

    def __call__(self, loc: tuple[Any, ...], key: bool = False) -> Said:
        return key_path(loc[:-1] if key else loc)


class YamlLocator(Locator):
    """Line and column in the text, from PyYAML's marks (composed only when first asked)."""

    def __init__(self, text: str) -> None:
        self._text = text
        self._node: yaml.Node | None = None
        self._composed = False

    def _tree(self) -> yaml.Node | None:
        if not self._composed:
            self._composed = True
            try:
                self._node = yaml.compose(self._text, Loader=yaml.CSafeLoader)
            except yaml.YAMLError:
                self._node = None
        return self._node

    def __call__(self, loc: tuple[Any, ...], key: bool = False) -> Said:
        node = self._tree()
        best = node
        for i, part in enumerate(loc):
            if isinstance(best, yaml.MappingNode):
                for k, v in best.value:
                    if isinstance(k, yaml.ScalarNode) and k.value == str(part):
                        best = k if key and i == len(loc) - 1 else v
                        break
                else:
                    break
            elif isinstance(best, yaml.SequenceNode) and isinstance(part, int) \
                    and part < len(best.value):
                best = best.value[part]
            else:
                break
        path = key_path(loc[:-1] if key else loc)
        if best is None:
            return path
        return _at(_where(best.start_mark), path) if path else _where(best.start_mark)


def key_path(loc: tuple[Any, ...]) -> str:
    """Return a place in the record as a path: `escape_attempts[0].roll` (a key of a person's
    own shown as `quoted` shows a value: safe, and cut short if long)."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            name = Shown(str(part), quote=False).shown()[0]
            out += f".{name}" if out else name
    return out


def shown(value: Any) -> Said:
    """Return a value as a player would write it in the record."""
    if value is None:
        return tr("nothing (an empty value)")
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return quoted(value)
    if isinstance(value, list):
        return tr("a list of {n}", n=len(value))
    if isinstance(value, dict):
        return tr("a set of keys")
    return str(value)
