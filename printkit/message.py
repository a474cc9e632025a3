"""A message said later, in whichever language its reader asks for.

The referee finds a mistake once and reports it in English (the report's `text`, which tools
read), and in the player's language (`printkit validate --lang es`, the Spanish page). So a
check does not build a finished string: it builds a `Message`, an English template with
named placeholders and the values that fill them, and `say(lang)` looks the template up in
the catalogue and fills it there. Named placeholders let a translation put the parts in its
own order ("{dice} meet {needs}" -> "{dice} cumplen {needs}").

A value is itself said in the language: a nested `Message`, a `Term` (a word from the
catalogue or from a map: a food, a place, a title), a `Listing` ("a, b and c", "a, b y c"),
a `Quoted` title; a plain `str` or `int` is said as it is (a cell id `F-B4`, dice `R5 B1`,
which keep their notation in every language, as the rule summaries say).

`tr(...)` and `ntr(...)` are the catalogue extractor's keywords (`bench/catalogues.py`):
their first (and plural) arguments are the messages translators see.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Literal, Protocol, TypeAlias

from printkit.language import ENGLISH, Lang

if TYPE_CHECKING:
    from babel import Locale


class Saying(Protocol):
    """Anything said in a language: a `Message`, a `Term`, a `Listing`..."""

    def say(self, lang: Lang = ...) -> str: ...


Said: TypeAlias = Saying | str | int


@dataclass(frozen=True)
class Message:
    """An English template with `{named}` placeholders, said in a language by `say`."""

    template: str
    args: tuple[tuple[str, Said], ...] = ()
    plural: str | None = None   # the plural template (with `n` its count)
    n: int = 0
    context: str | None = None  # what tells apart two messages English says alike

    def say(self, lang: Lang = ENGLISH) -> str:
        """Return the message in `lang` (the catalogue's template, filled in `lang`)."""
        if self.plural is None:
            template = lang.gettext(self.template, self.context)
        else:
            template = lang.ngettext(self.template, self.plural, self.n, self.context)
        values = {name: say(value, lang) for name, value in self.args}
        if self.plural is not None:
            values.setdefault("n", str(self.n))
        return template.format(**values)

    def __str__(self) -> str:
        return self.say(ENGLISH)


def tr(template: str, **args: Said) -> Message:
    """Return a message: `tr("{cell} is already crossed", cell="F-B4")`."""
    return Message(template, tuple(args.items()))


def ntr(singular: str, plural: str, n: int, **args: Said) -> Message:
    """Return a message with a singular and a plural form, chosen by `n` (`{n}` in them)."""
    return Message(singular, tuple(args.items()), plural, n)


def nctr(context: str, singular: str, plural: str, n: int, **args: Said) -> Message:
    """Return a message with a plural form, told apart from another English says alike by
    `context` (the catalogue's msgctxt)."""
    return Message(singular, tuple(args.items()), plural, n, context)


@dataclass(frozen=True)
class Term:
    """A word looked up in the catalogue as it is given (a food's or a place's name on a map,
    a mode): `english` is how English says it where that differs from the catalogue's word
    (a food's id `carrot` for its name `Carrot`); `lower` starts it in lower case elsewhere,
    as a word inside a sentence."""

    word: str
    english: str | None = None
    lower: bool = False

    def say(self, lang: Lang = ENGLISH) -> str:
        if lang.english:
            return self.word if self.english is None else self.english
        text = lang.gettext(self.word)
        return text[:1].lower() + text[1:] if self.lower else text


@dataclass(frozen=True)
class Listing:
    """Words listed as a player lists them: `a, b and c`, `a, b or c`, in the language;
    `red + yellow` in every language; `a, b` (choices) in English, `a, b o c` elsewhere."""

    items: tuple[Said, ...]
    style: Literal["and", "or", "+", ","] = "and"

    def say(self, lang: Lang = ENGLISH) -> str:
        words = [say(x, lang) for x in self.items]
        if len(words) < 2:
            return "".join(words)
        if self.style == "+":
            return " + ".join(words)
        if lang.english:
            if self.style == ",":
                return ", ".join(words)
            return ", ".join(words[:-1]) + f" {self.style} " + words[-1]
        from babel.lists import format_list

        said = format_list(words, style="standard" if self.style == "and" else "or",
                           locale=_locale(lang.code))
        return _spanish_conjunction(said, words[-1]) if lang.code == "es" else said


@dataclass(frozen=True)
class Quoted:
    """A name quoted as the language quotes: 'Twice as clever', «El doble de astutos»."""

    value: Said

    def say(self, lang: Lang = ENGLISH) -> str:
        text = say(self.value, lang)
        if lang.english:
            return repr(text)
        return f"«\u00a0{text}\u00a0»" if lang.code == "fr" else f"«{text}»"


def say(value: Said, lang: Lang = ENGLISH) -> str:
    """Return a message's value in `lang`: a plain str or int as it is."""
    if isinstance(value, str):
        return value
    if isinstance(value, int):
        return str(value)
    return value.say(lang)


def and_list(items: Sequence[Said]) -> Listing:
    return Listing(tuple(items), "and")


def or_list(items: Sequence[Said]) -> Listing:
    return Listing(tuple(items), "or")


def said_of(err: BaseException) -> Said:
    """Return what an error says, in any language: its message when it was built as one
    (`errors.PrintkitError.said`, or a parser's `ValueError(tr(...))`), else its English
    text."""
    said = getattr(err, "said", None)
    if isinstance(said, (Message, str)):
        return said
    if err.args and isinstance(err.args[0], Message):  # ValueError(tr(...)) of a parser
        return err.args[0]
    return str(err)


def _spanish_conjunction(said: str, last: str) -> str:
    """Return a Spanish list with 'y' as 'e' before an /i/ sound, 'o' as 'u' before an /o/
    sound ('hijos e hijas', '10 u 11', '7 u 8'), as the RAE writes them."""
    word = last.lower()
    if said.endswith(f" y {last}") and word.startswith(("i", "hi")) and \
            not word.startswith(("ie", "hie")):
        return said[:-len(last) - 2] + "e " + last
    if said.endswith(f" o {last}") and (word.startswith(("o", "ho", "8", "11 "))
                                         or word == "11"):
        return said[:-len(last) - 2] + "u " + last
    return said


@cache
def _locale(code: str) -> Locale:
    from babel import Locale

    return Locale.parse(code)
