"""How the values read from a photo are listed and asked, and the one line that changes
them (`1=11`, `F-B4=11`, `1c`, `1-`)."""

import re
from typing import Any

import typer

from printkit.cli import ask
from printkit.errors import PrintkitError
from printkit.games.fox_rabbit.narrowed import NOTHING
from printkit.language import Lang
from printkit.message import say


def readings_of(read: Any) -> list[str]:
    """Return the photo's readings of a value asked that a key takes: the likeliest (Enter),
    then one for each of `ask.OTHER_READINGS`."""
    if read is None:
        return []
    return [c.text for c in read.candidates[:1 + len(ask.OTHER_READINGS)]]


def ask_value(found: Any, name: str, lang: Lang, read: Any = None) -> str:
    """Return what the player types for a value written; where the photo read candidates
    (`read`, a suggestion not sure), they are shown with the keys that take them; where it
    read surely what the rules rule out (`Suggestion.against`), that is said, and the rules'
    readings are offered by letter, none taken by Enter alone."""
    if getattr(read, "against", None) is not None:
        readings = readings_of(read)[:len(ask.OTHER_READINGS)]
        return ask.prompt_field(found, name, lang, _against_hint(read, readings, lang),
                                readings, enter=False)
    return ask.prompt_field(found, name, lang, _hint(read, lang), readings_of(read))


def against_said(s: Any, lang: Lang) -> str:
    """Return what the photo reads of a value against the rules, and the rule: `the photo
    reads 3 here, but the number written must be higher than 4, ...`."""
    _ = lang.gettext
    return _("the photo reads {value} here, but {why}").format(
        value=s.against.text, why=say(s.against.why, lang))


def _against_hint(s: Any, readings: list[str], lang: Lang) -> str:
    """Return a value read against the rules' prompt hint: what the photo reads, the rule,
    and the rules' readings with the letters that take them."""
    _ = lang.gettext
    said = against_said(s, lang)
    if not readings:
        return " [" + said + "]"
    return " [" + _("{said}; the rules allow {readings}").format(
        said=said, readings=" | ".join(f"{text} ({key})" for text, key
                                       in zip(readings, ask.OTHER_READINGS))) + "]"


def _hint(s: Any, lang: Lang) -> str:
    """Return what the photo reads of a value asked, as its prompt says it (nothing when
    it read none), each reading with the key that takes it: `[read: 10 (Enter) | 16 (b)]`."""
    _ = lang.gettext
    readings = readings_of(s)
    if not readings:
        return ""
    keys = [_("Enter"), *ask.OTHER_READINGS]
    return " " + _("[read: {readings}]").format(
        readings=" | ".join(f"{text} ({key})" for text, key in zip(readings, keys)))


def shown(s: Any, lang: Lang, number: int) -> str:
    """Return how a value read is listed (`number` its place in the list): the value, and a
    word when the rules decide it; `? asked:` and its readings when the photo is not sure;
    `?` when it read none."""
    _ = lang.gettext
    if s.waits:
        return "?  " + _("(the rules decide it from the values listed)")
    if s.sure:
        text = s.value
        if s.decided is not None:
            text += "  " + _("(the rules decide it)")
        elif s.empty is not None:
            text += "  " + _("(nothing written, as the rules say: {why})").format(
                why=say(s.empty, lang))
        return str(text)
    if s.against is not None:
        return "?  " + _("(to type: {said})").format(said=against_said(s, lang))
    if s.candidates:
        return "? " + asked_said(s, lang, number)
    return "?  " + _("(to type: the photo cannot read it)")


def asked_said(s: Any, lang: Lang, number: int) -> str:
    """Return how a value asked is listed: its likeliest reading, taken unless changed, and
    the others, each with what takes it on the line: `asked: 10 (or 16 [1], 18 [1c])`."""
    _ = lang.gettext
    readings = readings_of(s)
    others = ", ".join(f"{text} [{number}{'' if key == ask.OTHER_READINGS[0] else key}]"
                       for text, key in zip(readings[1:], ask.OTHER_READINGS))
    if getattr(s, "empty", None) is not None and readings[0] == NOTHING:
        # the rules' value, with the boxes as read: said why, as a sure one is
        why = say(s.empty, lang)
        return (_("asked: {value} (nothing written, as the rules say: {why}; or {others})")
                .format(value=readings[0], why=why, others=others) if others else
                _("asked: {value} (nothing written, as the rules say: {why})").format(
                    value=readings[0], why=why))
    if len(readings) < 2:
        return _("asked: {value} (the photo is not sure of it)").format(value=readings[0])
    return _("asked: {value} (or {others})").format(value=readings[0], others=others)


#: An entry with no value: a value asked's number alone, with a reading's letter, or `-`.
_BY_LETTER = re.compile(r"(\d+)([a-z-]?)")
_NUMBER = re.compile(r"\d+")


def line_changes(found: Any, suggestions: dict[str, Any], line: str, lang: Lang,
                 first: int = 1) -> dict[str, str] | None:
    """Return the values a line changes, each `NAME=VALUE`, `NUMBER=VALUE` (its number in
    the list, which starts at `first`), a value asked's `NUMBER` alone (its second reading)
    or with a reading's letter (`1c`: its third), or `NUMBER-` (nothing written there); or
    None, having said why, when one is not a value read, has no such reading, or cannot be
    its box's."""
    from printkit.scan.values import parse_numbers, value_problem

    _ = lang.gettext
    names = list(suggestions)
    changes: dict[str, str] = {}
    for entry in ask.entries(line):
        by_letter = _BY_LETTER.fullmatch(entry.key.lower()) if entry.value is None else None
        by_number = _NUMBER.fullmatch(entry.key) if entry.value is not None else None
        digits = by_letter.group(1) if by_letter else entry.key if by_number else ""
        number = int(digits) - first + 1 if digits else 0
        if digits and not 1 <= number <= len(names):
            typer.echo(_("{number} is not a value in the list: type its number ({first} to "
                         "{last}) or its name").format(number=int(digits), first=first,
                                                       last=first + len(names) - 1), err=True)
            return None
        if by_letter and by_letter.group(2) == "-":   # nothing written there
            changes[names[number - 1]] = "-"
            continue
        if by_letter:
            # a number alone takes the second reading: the one a value asked most often
            # needs when its first is wrong, at the cost `b` and Enter had alone
            name, letter = names[number - 1], by_letter.group(2) or ask.OTHER_READINGS[0]
            readings = [] if suggestions[name].sure else readings_of(suggestions[name])
            keys = ["a", *ask.OTHER_READINGS][:len(readings)]
            if letter not in keys:
                typer.echo((_("{name} has no reading {key}: type {number}=... with its value, "
                              "or one of {keys}") if len(keys) > 1 else
                            _("{name} has no other reading to take: type {number}=... with "
                              "its value")).format(
                    name=name, key=f"{digits}{letter}", number=digits,
                    keys=", ".join(f"{digits}{k}" for k in keys)), err=True)
                return None
            changes[name] = readings[keys.index(letter)]
            continue
        try:
            # NAME=VALUE, as --numbers reads it (quotes and spaces); a number names its row
            changes.update(parse_numbers(f"{names[number - 1]}={entry.value}" if by_number
                                         else entry.text))
        except PrintkitError as err:
            typer.echo(err.say(lang), err=True)
            return None
    for name, value in changes.items():
        if name not in suggestions:
            typer.echo(lang.gettext("{name} is not a value read from the photo: type one of "
                                    "{names}").format(name=name,
                                                      names=", ".join(suggestions)), err=True)
            return None
        problem = value_problem(found, name, value)
        if problem is not None:
            typer.echo(problem.say(lang), err=True)
            return None
    return changes

