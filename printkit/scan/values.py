"""A scan as the fillable form's field values, so the one form reader judges it.

The photo says which boxes hold ink; the player types what a camera is not trusted to read
(circle numbers, endgame dice) with `--numbers F-B4=10,round-1-fox="R2 Y5 Y3"`, and may
settle an uncertain box the same way (`trap-3=x`, `trap-3=no`). The result is the mapping
`record.read_sheet` takes from a filled PDF form: a photo and a form are judged alike.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from printkit.errors import PrintkitError
from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.games.fox_rabbit.dice import parse_dice
from printkit.games.fox_rabbit.engine import AidUse
from printkit.games.fox_rabbit.record_model import split_attempt
from printkit.language import ENGLISH, Lang
from printkit.message import Message, quoted, said_of, tr
from printkit.scan.reader import Scan

#: What --to-yaml writes where a value is still to type.
PLACEHOLDER = "TYPE-ME"
_YES = {"x", "yes", "y", "true", "1", "ticked", "crossed"}
_NO = {"no", "n", "false", "0", "empty", "-"}
#: What a player types for a written box asked that holds nothing (0 is a number).
_NOTHING = {"-", "empty", "no"}
_SPLIT = re.compile(r",(?=\s*[A-Za-z][A-Za-z0-9-]*\s*=)")


def parse_numbers(text: str | None) -> dict[str, str]:
    """Return the values of `--numbers NAME=VALUE,NAME=VALUE` (a value may hold spaces)."""
    if not text:
        return {}
    out: dict[str, str] = {}
    for part in _SPLIT.split(text):
        name, sep, value = part.partition("=")
        name, value = name.strip(), " ".join(value.strip().strip('"\'').split())
        if not sep or not name or not value:
            raise PrintkitError(tr("--numbers: {part} is not NAME=VALUE (for example "
                                   "{example})", part=repr(part.strip()),
                                   example='F-B4=10,round-1-fox="R2 Y5 Y3"'))
        out[name] = value
    return out


@dataclass(frozen=True)
class Filled:
    """The form values a scan gives, and what is still to type or to confirm."""

    values: dict[str, str | bool]
    to_type: list[str]        # written fields whose value was not given
    to_confirm: list[str]     # uncertain boxes not settled


def explain(scan: Scan, name: str, lang: Lang = ENGLISH) -> str:
    """Return how a field is asked for, in `lang`, with what to type by example:
    `F-B4 (the number written in the circle, e.g. 10)`."""
    _ = lang.gettext
    f = scan.fields[name]
    if not f.kind.written:
        what = _("is the box crossed? x or no")
    elif f.kind is sf.ATTEMPT:
        what = _("the dice and aids written, e.g. {example}").format(example="R2 Y5 Y3; -1 R2")
    elif f.kind is sf.SCORE_TOTAL:
        what = _("the total score written, e.g. {example}").format(example="14")
    else:
        what = _("the number written in the circle, e.g. {example}").format(example="10")
    return f"{name} ({what})"


def value_problem(scan: Scan, name: str, text: str) -> Message | None:
    """Return why `text` cannot be what the box holds (by its kind), or None if it can: a
    value typed at a prompt is asked again at once, one given with --numbers refused."""
    kind = scan.fields[name].kind
    if not kind.written:
        if text.strip().lower() in _YES | _NO:
            return None
        return tr("{name} is a box: type x (crossed) or no, not {value}", name=name,
                  value=quoted(text))
    if text.strip().lower() in _NOTHING:
        return None
    if kind.digits:
        plain = text.strip()
        if plain.isascii() and plain.isdigit() and len(plain) <= sf.MAX_DIGITS:
            return None
        return tr("{name} holds a whole number, e.g. 10, not {value}", name=name,
                  value=quoted(text))
    if kind is sf.ATTEMPT:
        dice, aids = split_attempt(text)
        try:
            if not parse_dice(dice):
                raise ValueError(tr("no dice"))
            for aid in aids:
                AidUse.parse(aid)
        except ValueError as err:
            return tr("{name}: {why}; write the dice, then any aids, e.g. {example}",
                      name=name, why=said_of(err), example="R2 Y5 Y3; -1 R2")
    return None


def fill(scan: Scan, given: dict[str, str]) -> Filled:
    """Return the form values of a scan with the values typed in `given`."""
    lay = scan.layout
    unknown = sorted(set(given) - set(scan.fields))
    if unknown:
        raise PrintkitError(tr("--numbers: {name} is not a field of this sheet (see "
                               "docs/gamesheet-form.md)", name=unknown[0]))
    values: dict[str, str | bool] = {
        sf.IDENTITY: sf.identity(lay.map, lay.map.modes[lay.mode], lay.digest)}
    to_type: list[str] = []
    to_confirm: list[str] = []
    typed = set(scan.to_type)
    for name, f in scan.fields.items():
        value = given.get(name)
        if not f.kind.written:
            if value is not None:
                if value.lower() not in _YES | _NO:
                    raise PrintkitError(tr("--numbers: {name} is a box; give {name}=x "
                                           "(crossed) or {name}=no, not {value}", name=name,
                                           value=repr(value)))
                values[name] = value.lower() in _YES
            else:
                values[name] = f.marked
                if f.uncertain:
                    to_confirm.append(name)
        elif value is not None:
            problem = value_problem(scan, name, value)
            if problem is not None:
                raise PrintkitError(tr("--numbers: {problem}", problem=problem))
            values[name] = "" if value.strip().lower() in _NOTHING else value
        elif name in typed or (f.uncertain and f.kind.typed):
            values[name] = ""
            to_type.append(name)
        else:
            values[name] = ""
    return Filled(values, to_type, to_confirm)


def record(scan: Scan, filled: Filled) -> dict[str, Any]:
    """Return the sheet-only record a scan gives, `PLACEHOLDER` where a value is to type."""
    values = dict(filled.values)
    kinds = {name: scan.fields[name].kind for name in filled.to_type}
    for name, kind in kinds.items():   # stand-ins the form reader accepts, replaced below
        values[name] = "0" if kind.digits else PLACEHOLDER
    lay = scan.layout
    data = sf.record_data(values, lay.map, lay.map.modes[lay.mode]).data
    for name, kind in kinds.items():
        if name in data["written"]:
            data["written"][name] = PLACEHOLDER
        if kind is sf.SCORE_TOTAL:
            data["claimed"]["score"] = PLACEHOLDER
    return data
