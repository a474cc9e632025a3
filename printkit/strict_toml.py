"""Reading printkit's TOML data files strictly: every problem named with where it is.

A data file a user copied and changed must fail loudly and precisely: an unknown key is
named together with the keys that are accepted, a wrong type says what was expected.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from printkit.errors import TemplateError
from printkit.message import quoted
from printkit.reading import read_text


def read_toml(path: Path, what: str) -> dict[str, Any]:
    """Return the parsed TOML file at `path`, or raise a TemplateError saying why not."""
    return parse_toml(read_text(path, what), str(path))


def parse_toml(text: str, source: str) -> dict[str, Any]:
    """Return the parsed TOML `text`; `source` names it in the error."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise TemplateError(f"{source}: not valid TOML: {err}") from None


_MISSING = object()
#: A value's kind in the words of the person who writes the file.
_KINDS = {int: "a whole number", float: "a number", str: "text in quotes", list: "a list",
          dict: "a table", bool: "true or false"}


class Table:
    """A TOML table read key by key, each value checked as it is taken.

    `done()` then refuses whatever key was not taken, naming the accepted ones: the same
    check as `check_keys`, for a reader that takes its keys one at a time (a map).
    """

    def __init__(self, data: Any, where: str) -> None:
        self.data = table(data, where)
        self.where = where
        self.accepted: list[str] = []

    def get(self, key: str, kind: type | tuple[type, ...], default: Any = _MISSING) -> Any:
        """Return the value of `key`, of `kind`; the default if it is left out, if any."""
        self.accepted.append(key)
        if key not in self.data:
            if default is _MISSING:
                raise TemplateError(f"{self.where}: missing key {quoted(key)}")
            return default
        value = self.data[key]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
            words = " or ".join(_KINDS.get(k, k.__name__) for k in kinds)
            raise TemplateError(f"{self.where}.{key} must be {words} (not {_shown(value)})")
        return value

    def table(self, key: str) -> Table:
        return Table(self.get(key, dict), f"{self.where}.{key}")

    def done(self) -> None:
        check_keys(self.data, self.accepted, self.where)


def check_keys(table: Mapping[str, Any], accepted: Sequence[str], where: str,
               required: Sequence[str] = ()) -> None:
    """Raise if `table` has a key not in `accepted` (listing them) or lacks a required one."""
    for key in table:
        if key not in accepted:
            raise TemplateError(f"{where}: unknown key {quoted(key)}; the accepted keys are "
                                f"{', '.join(accepted)}")
    for key in required:
        if key not in table:
            raise TemplateError(f"{where}: missing key {quoted(key)}")


def table(value: Any, where: str) -> dict[str, Any]:
    """Return `value` if it is a TOML table, else raise naming `where`."""
    if not isinstance(value, dict):
        raise TemplateError(f"{where} must be a table (not {_shown(value)})")
    return value


def whole_number(value: Any, where: str, low: int, high: int) -> int:
    """Return `value` if it is a whole number from `low` to `high`, else raise saying so."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TemplateError(f"{where} must be a whole number from {low} to {high} "
                            f"(not {_shown(value)})")
    if not low <= value <= high:
        raise TemplateError(f"{where} must be from {low} to {high} (not {value})")
    return value


def number(value: Any, where: str, low: float, high: float) -> float:
    """Return `value` as a float if it is a number from `low` to `high`, else raise saying so."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TemplateError(f"{where} must be a number from {low:g} to {high:g} "
                            f"(not {_shown(value)})")
    if not low <= value <= high:
        raise TemplateError(f"{where} must be from {low:g} to {high:g} (not {value:g})")
    return float(value)


def text(value: Any, where: str, max_length: int) -> str:
    """Return `value` if it is a non-blank string of at most `max_length` characters."""
    if not isinstance(value, str):
        raise TemplateError(f"{where} must be text in quotes (not {_shown(value)})")
    if not value.strip():
        raise TemplateError(f"{where} must not be blank")
    if len(value) > max_length:
        raise TemplateError(f"{where} must be at most {max_length} characters "
                            f"(not {len(value)})")
    return value


def choice(value: Any, where: str, accepted: Sequence[str]) -> str:
    """Return `value` if it is one of `accepted`, else raise listing them."""
    if not isinstance(value, str) or value not in accepted:
        raise TemplateError(f"{where} must be one of {', '.join(accepted)} "
                            f"(not {_shown(value)})")
    return value


def _shown(value: Any) -> str:
    """Return how a TOML value looks to the person who wrote it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return str(quoted(value))
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    return str(value)
