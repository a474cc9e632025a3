"""`when` conditions: a tiny expression language, parsed here and never handed to eval.

    type == 'action'          cost >= 3 and not rare          'fire' in tags
    (suit == 'hearts' or suit == 'diamonds') and rank != 'A'

A name is a column of the card's row; 'text' or "text" and numbers are literals. Two
values compare as numbers when both read as numbers, else as text. `a in b` is true when
`a` is one of the comma-separated items of `b`. A value alone is true unless it is empty,
0, false or no. `and`, `or`, `not` and brackets combine them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from printkit.errors import TemplateError
from printkit.message import quoted

_TOKEN = re.compile(r"""\s*(?:(?P<num>-?\d+(?:\.\d+)?)|(?P<str>'[^']*'|"[^"]*")|"""
                    r"""(?P<op>==|!=|<=|>=|<|>|\(|\))|(?P<name>[A-Za-z_][A-Za-z0-9_]*))""")
_COMPARE = ("==", "!=", "<", "<=", ">", ">=", "in")
_FALSE = ("", "0", "false", "no")
MAX_LENGTH = 500

Value = Callable[[Mapping[str, str]], str]
Test = Callable[[Mapping[str, str]], bool]


@dataclass(frozen=True)
class Condition:
    """A parsed condition: its text, the columns it reads, and its test."""

    text: str
    columns: tuple[str, ...]
    test: Test

    def __call__(self, row: Mapping[str, str]) -> bool:
        return self.test(row)

    def __reduce__(self) -> tuple[object, tuple[str]]:
        # pickled by its text (a worker process parses it again): closures do not pickle
        return (parse, (self.text,))


def _tokens(text: str) -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    pos = 0
    text = text.rstrip()
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None or m.end() == pos:
            raise TemplateError(f"cannot read {quoted(text[pos:].strip()[:20])} at character "
                                f"{pos + 1}")
        kind = m.lastgroup or ""
        value = m.group(kind)
        if kind == "name" and value in ("and", "or", "not", "in"):
            kind = "op"
        found.append((kind, value))
        pos = m.end()
    return found


def _number(value: str) -> float | None:
    try:
        return float(value)
    except ValueError:
        return None


def _compare(op: str, a: str, b: str) -> bool:
    if op == "in":
        return a.strip() in [item.strip() for item in b.split(",")]
    x, y = _number(a), _number(b)
    left: float | str = a
    right: float | str = b
    if x is not None and y is not None:
        left, right = x, y
    if op == "==":
        return left == right
    if op == "!=":
        return left != right
    if isinstance(left, str) != isinstance(right, str):
        return False
    ordered = {"<": left < right, "<=": left <= right,  # type: ignore[operator]
               ">": left > right, ">=": left >= right}  # type: ignore[operator]
    return ordered[op]


class _Parser:
    def __init__(self, text: str) -> None:
        self.tokens = _tokens(text)
        self.pos = 0
        self.columns: list[str] = []

    def peek(self) -> tuple[str, str] | None:
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def take(self, value: str | None = None) -> tuple[str, str]:
        token = self.peek()
        if token is None:
            raise TemplateError("the condition ends too soon" + (f": expected {quoted(value)}"
                                                                 if value else ""))
        if value is not None and token[1] != value:
            raise TemplateError(f"expected {quoted(value)}, found {quoted(token[1])}")
        self.pos += 1
        return token

    def expression(self) -> Test:
        left = self.conjunction()
        while self.peek() == ("op", "or"):
            self.take()
            right = self.conjunction()
            left = (lambda a, b: lambda row: a(row) or b(row))(left, right)
        return left

    def conjunction(self) -> Test:
        left = self.negation()
        while self.peek() == ("op", "and"):
            self.take()
            right = self.negation()
            left = (lambda a, b: lambda row: a(row) and b(row))(left, right)
        return left

    def negation(self) -> Test:
        if self.peek() == ("op", "not"):
            self.take()
            inner = self.negation()
            return lambda row: not inner(row)
        return self.comparison()

    def comparison(self) -> Test:
        token = self.peek()
        if token == ("op", "("):
            self.take()
            inner = self.expression()
            self.take(")")
            return inner
        left = self.value()
        token = self.peek()
        if token is not None and token[0] == "op" and token[1] in _COMPARE:
            op = self.take()[1]
            right = self.value()
            return lambda row: _compare(op, left(row), right(row))
        return lambda row: left(row).strip().lower() not in _FALSE

    def value(self) -> Value:
        kind, text = self.take()
        if kind == "num":
            return lambda row: text
        if kind == "str":
            literal = text[1:-1]
            return lambda row: literal
        if kind == "name":
            self.columns.append(text)
            return lambda row: row.get(text, "")
        raise TemplateError(f"expected a column, a number or 'text', found {quoted(text)}")


def parse(text: str) -> Condition:
    """Return the condition written in `text`, or raise a TemplateError saying what is wrong."""
    if len(text) > MAX_LENGTH:
        raise TemplateError(f"a condition is at most {MAX_LENGTH} characters")
    if not text.strip():
        raise TemplateError("the condition is empty")
    parser = _Parser(text)
    test = parser.expression()
    if parser.peek() is not None:
        raise TemplateError(f"unexpected {quoted(parser.peek()[1])} "  # type: ignore[index]
                            f"after a whole condition")
    return Condition(text, tuple(dict.fromkeys(parser.columns)), test)


def check_columns(condition: Condition, columns: Sequence[str], where: str) -> None:
    """Raise if the condition reads a column the data does not have."""
    for name in condition.columns:
        if name not in columns:
            raise TemplateError(f"{where}: the condition {quoted(condition.text)} reads the column "
                                f"{quoted(name)}, which the data does not have (it has "
                                f"{', '.join(columns)})")
