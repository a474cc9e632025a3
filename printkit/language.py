"""The language printkit prints in: its words (gettext catalogues) and its numbers (Babel).

A `Lang` is a small value passed down to every product that prints words, so a product in
Spanish is drawn by the same code as in English, and the language is part of what a reused
drawing depends on. Nothing here is a global that changes: `Lang("es")` always means the
same catalogue.

The catalogues are `printkit/locale/<code>/LC_MESSAGES/printkit.po`, managed with Babel
(`python bench/catalogues.py` extracts, updates and compiles them; the compiled `.mo` files
are committed beside them and a test checks that they match). English is the source
language: its words are the messages themselves.

Numbers follow each language's conventions through Babel (CLDR): "35,3 %" in Spanish and
French, "1 000" with a narrow no-break space in French. English keeps printkit's own house
style, "76 %" with a space, and does not load Babel at all.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from printkit.errors import PrintkitError
from printkit.quoting import in_english

if TYPE_CHECKING:
    from babel import Locale

LANGUAGES: tuple[str, ...] = ("en", "es", "fr")
ENGLISH_CODE = "en"
DOMAIN = "printkit"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
#: where the default language comes from, first found first: printkit's own, then the locale
ENVIRONMENT = ("PRINTKIT_LANG", "LC_ALL", "LC_MESSAGES", "LANG")


@cache
def _catalogue(code: str) -> gettext.NullTranslations:
    if code == ENGLISH_CODE:
        return gettext.NullTranslations()
    path = LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.mo"
    try:
        with path.open("rb") as f:
            return gettext.GNUTranslations(f)
    except OSError:
        raise PrintkitError(f"printkit's {code} catalogue {path} is missing from this "
                            "installation") from None


@cache
def _locale(code: str) -> Locale:
    from babel import Locale  # 30 ms: only a language that needs it pays for it

    return Locale.parse(code)


@dataclass(frozen=True)
class Lang:
    """A language to print in: `gettext` for words, `number` and `percent` for figures."""

    code: str = ENGLISH_CODE

    def __post_init__(self) -> None:
        if self.code not in LANGUAGES:
            raise PrintkitError(f"unknown language {in_english(self.code)}: expected one of "
                                f"{', '.join(LANGUAGES)}")

    def __repr__(self) -> str:
        return f"Lang({self.code!r})"

    @property
    def english(self) -> bool:
        return self.code == ENGLISH_CODE

    @property
    def suffix(self) -> str:
        """Return what a file name ends with in this language: nothing in English, '-es' in
        Spanish (so that a night in two languages can share a folder)."""
        return "" if self.english else f"-{self.code}"

    def gettext(self, message: str, context: str | None = None) -> str:
        """Return `message` (English, as the code writes it) in this language; `context`
        tells apart two messages English says alike."""
        if context is not None:
            return _catalogue(self.code).pgettext(context, message)
        return _catalogue(self.code).gettext(message)

    def ngettext(self, singular: str, plural: str, n: int, context: str | None = None) -> str:
        """Return the singular or plural form for `n`, in this language."""
        if context is not None:
            return _catalogue(self.code).npgettext(context, singular, plural, n)
        return _catalogue(self.code).ngettext(singular, plural, n)

    def number(self, value: float, places: int = 0) -> str:
        """Return a number with `places` decimals: '1,000' and '63.5'; '1 000' and '63,5' in
        French."""
        if self.english:
            return f"{value:,.{places}f}"
        from babel.numbers import format_decimal

        locale = _locale(self.code)
        pattern = _with_places(locale.decimal_formats[None].pattern.split(".")[0], places)
        return format_decimal(value, format=pattern, locale=locale)

    def percent(self, share: float, places: int = 0) -> str:
        """Return a share (0-1) as a percentage: '76 %', '35.3 %'; '35,3 %' in Spanish."""
        if self.english:
            return f"{share * 100:,.{places}f} %"
        from babel.numbers import format_percent

        locale = _locale(self.code)
        pattern = _with_places(locale.percent_formats[None].pattern, places)
        return format_percent(share, format=pattern, locale=locale)

    def warm(self) -> None:
        """Load what this language needs now (before worker processes are forked)."""
        _catalogue(self.code)
        if not self.english:
            self.number(1.5, 1)


def _with_places(pattern: str, places: int) -> str:
    """Return a Babel number pattern with `places` fixed decimals after its last 0."""
    if not places:
        return pattern
    at = pattern.rfind("0") + 1
    return pattern[:at] + "." + "0" * places + pattern[at:]


ENGLISH = Lang(ENGLISH_CODE)


def language(code: str) -> Lang:
    """Return the language called `code` (en, es, fr; any case), or say which exist."""
    return Lang(code.strip().lower())


def from_locale(value: str) -> str | None:
    """Return the printkit language a POSIX locale names (`es_ES.UTF-8` -> es), if any."""
    code = value.split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()
    return code if code in LANGUAGES else None


def default_language(environ: Mapping[str, str] | None = None) -> Lang:
    """Return the language to print in when none is asked for.

    `PRINTKIT_LANG` first (an unknown language there is an error: it was asked for), then
    the locale (`LC_ALL`, `LC_MESSAGES`, `LANG`, the first that is set), then English. A
    locale printkit has no catalogue for (`de_DE`, `C`) means English.
    """
    env = os.environ if environ is None else environ
    asked = env.get("PRINTKIT_LANG", "").strip()
    if asked:
        try:
            return language(asked)
        except PrintkitError as err:
            raise PrintkitError(f"PRINTKIT_LANG: {err}") from None
    for name in ENVIRONMENT[1:]:
        value = env.get(name, "").strip()
        if value:
            found = from_locale(value)
            return Lang(found) if found else ENGLISH
    return ENGLISH
