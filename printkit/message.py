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

A value a person gave (a food, a field's text, a map's name, a file's path) is quoted in a
message through `quoted` (or `shown_path`): whatever it holds, the line stays one line that
shows what the value is (a newline, a bidi control, a zero-width character escaped as
`\\n`, `\\u202e`, `\\u200b`), and a long value is cut to its start and end with its length.
`safe_line` is the last guard where a message leaves printkit (the command line's error, the
JSON report, the page's answers).

`tr(...)` and `ntr(...)` are the catalogue extractor's keywords (`bench/catalogues.py`):
their first (and plural) arguments are the messages translators see.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Literal, Protocol, TypeAlias

from printkit.language import ENGLISH, Lang
from printkit.quoting import BLANK, NOT_IN_A_LINE, SHOWN_LENGTH, Cut, escaped, shown

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
class Number:
    """A measured number said as the language writes it: 1.2, 1,2 (`Lang.number`)."""

    value: float
    places: int = 1

    def say(self, lang: Lang = ENGLISH) -> str:
        return lang.number(self.value, self.places)


@dataclass(frozen=True)
class Quoted:
    """A name quoted as the language quotes: 'Twice as clever', «El doble de astutos»; made
    safe and cut short as `quoted` shows a value."""

    value: Said

    def say(self, lang: Lang = ENGLISH) -> str:
        text = say(self.value, lang)
        if lang.english:
            return Shown(text, most=WORDS_LENGTH, words=True).say(lang)
        shown, cut = Shown(text, quote=False, most=WORDS_LENGTH, words=True).shown()
        shown = f"«\u00a0{shown}\u00a0»" if lang.code == "fr" else f"«{shown}»"
        return with_length(shown, text, lang) if cut else shown


#: The most characters of a name in words a message quotes (a title: the longest a map prints is
#: 52, a player may claim one of 200)
WORDS_LENGTH = 80
#: The most characters of a file's path a message shows: a path is the person's own, and longer
#: than a value (a system allows 4,096 characters)
PATH_LENGTH = 160
#: The longest line a message about a value is made to print, the value cut as `Shown` cuts it
#: (`tests/probes.py` sends printkit long and hostile values of every kind, and checks it)
MAX_LINE = 300
#: The longest line printkit lets out, wherever a message goes (an error line, a JSON report,
#: the page): a last guard, past what any message printkit makes reaches (a violation quoted
#: in another message, between two paths of a person's files, takes up to about 600)
EDGE_LINE = 1000


@dataclass(frozen=True)
class Shown:
    """A value from a person (a food, a field's text, a file's path), as a message shows it:
    quoted as Python quotes a string, each character that would not show as itself escaped,
    and past `most` characters cut to its start and its end, saying how long it is:
    `'aaaaaaaaaaaaaaaaaaaaaaaaaa…aaaaaaaaaaaaa' (100,000 characters)`. Made by `quoted`, or
    by `shown_path` for a path (bare, and longer); `words`: a name in words (a title), whose
    no-break spaces are kept."""

    value: str
    quote: bool = True
    most: int = SHOWN_LENGTH
    words: bool = False

    def shown(self) -> Cut:
        """Return the value escaped (and quoted), and whether it was cut short to show it."""
        return shown(self.value, self.quote, self.most, self.words)

    def say(self, lang: Lang = ENGLISH) -> str:
        text, cut = self.shown()
        return with_length(text, self.value, lang) if cut else text

    def __str__(self) -> str:
        return self.say(ENGLISH)


def with_length(shown: str, value: str, lang: Lang = ENGLISH) -> str:
    """Return a value cut short to be shown, followed by how long it is whole."""
    return lang.gettext("{value} ({n} characters)").format(value=shown,
                                                           n=lang.number(len(value)))


def quoted(value: object) -> Shown:
    """Return a person's value as every message shows it: quoted, safe, and cut short if it is
    long (see `Shown`). Use it wherever a message echoes what a person typed or a file held."""
    return Shown(value if isinstance(value, str) else str(value))


def shown_path(path: object) -> Shown:
    """Return a file's path as messages show it: bare (not quoted), safe, cut short past
    PATH_LENGTH characters."""
    return Shown(str(path), quote=False, most=PATH_LENGTH)


def safe_line(text: str, most: int = EDGE_LINE) -> str:
    """Return a line of a message as it may be printed: any character that would break it,
    hide in it or reorder it escaped (`\\n`, `\\u202e`), and cut to `most` characters with
    an ellipsis. Every value a message quotes is already made safe by `quoted`; this is the
    last guard, where a message leaves printkit."""
    pieces = [escaped(ch) if unicodedata.category(ch) in NOT_IN_A_LINE or ch in BLANK
              else ch for ch in text[:most + 1]]  # every character shows as one or more
    if len(text) <= most and sum(map(len, pieces)) <= most:
        return "".join(pieces)
    out, size = [], 0
    for piece in pieces:  # each escape whole
        if size + len(piece) > most - 1:
            break
        out.append(piece)
        size += len(piece)
    return "".join(out) + "…"


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
