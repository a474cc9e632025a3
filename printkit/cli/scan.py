"""`printkit scan PHOTO...`: read a photo of a played Fox and the Rabbit gamesheet."""

import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Optional

import typer

from printkit.cli.common import SaysLangOpt, resolve_lang
from printkit.errors import PrintkitError
from printkit.language import ENGLISH, Lang
from printkit.message import say, tr
from printkit.reading import read_bytes

#: A phone's photo is a few megabytes; a 48-megapixel PNG can reach 60.
MAX_PHOTO_BYTES = 80_000_000
PHOTO_SUFFIXES = (".jpg", ".jpeg", ".png", ".heic", ".heif", ".webp", ".gif", ".tif", ".tiff")


def is_photo(path: Path, data: bytes) -> bool:
    """Return whether a file given to check is a photo rather than a record or a PDF: an
    image the reader reads, by its first bytes, or a file named as one that is no PDF."""
    from printkit.scan.image import image_format

    return image_format(data) is not None or \
        (path.suffix.lower() in PHOTO_SUFFIXES and not data.startswith(b"%PDF"))


def need_opencv() -> None:
    """Raise the one line that says how to get the photo reader, when OpenCV is missing."""
    try:
        import cv2  # noqa: F401
    except ImportError:
        raise PrintkitError(tr("reading a photo needs OpenCV: {command}",
                               command="pip install 'printkit[photo]'")) from None


def scan_file(path: Path):  # type: ignore[no-untyped-def]
    """Return the scan of a photo file (reader.Scan)."""
    need_opencv()
    from printkit.scan.reader import scan

    shown = "standard input" if str(path) == "-" else str(path)
    data = read_bytes(path, tr("the photo"), max_bytes=MAX_PHOTO_BYTES)
    return scan(data, shown)


def on_terminal() -> bool:
    """Return whether a person is at the keyboard to type the values a photo needs."""
    return sys.stdin.isatty()


#: The keys that take the photo's second and third readings of a value asked, as a tap on
#: one does in the page (which offers three): letters, never a value a field can hold.
OTHER_READINGS = ("b", "c")


def _readings(read: Any) -> list[str]:
    """Return the photo's readings of a value asked that a key takes: the likeliest (Enter),
    then one for each of OTHER_READINGS."""
    if read is None:
        return []
    return [c.text for c in read.candidates[:1 + len(OTHER_READINGS)]]


def _prompt_field(found: Any, name: str, lang: Lang, hint: str = "",
                  readings: list[str] | None = None) -> str:
    """Return what the player types for a field, asked again at once while it cannot be the
    box's value: Enter takes the first of `readings` (none: Enter takes nothing), `b` or
    `c` the next (OTHER_READINGS), as a tap on one does in the page; `hint` says them."""
    from printkit.scan.values import explain, value_problem

    readings = readings or []
    others = dict(zip(OTHER_READINGS, readings[1:]))
    while True:
        typed: str = typer.prompt(explain(found, name, lang) + hint,
                                  default=readings[0] if readings else None,
                                  show_default=False)
        key = typed.strip().lower()
        if key in others:
            typed = others[key]
            typer.echo(f"  {name} = {typed}", err=True)
        problem = value_problem(found, name, typed)
        if problem is None:
            return typed
        typer.echo(problem.say(lang), err=True)


def _ask(found: Any, name: str, lang: Lang, read: Any = None) -> str:
    """Return what the player types for a value written; where the photo read candidates
    (`read`, a suggestion not sure), they are shown with the keys that take them."""
    return _prompt_field(found, name, lang, _hint(read, lang), _readings(read))


@dataclass
class Values:
    """A photo's form values once settled (`values.Filled`), and the suggestions the
    values written were read as (`suggest.Suggestion`, by field name)."""

    filled: Any
    suggestions: dict[str, Any]


def _crop(found: Any, name: str, photo: str) -> Path:
    """Return where the photo's crop around a box asked is saved, for the player to look at
    beside the sheet (output/PHOTO-asked/BOX.png)."""
    from printkit.cli.common import DEFAULT_OUT
    from printkit.output import write_file
    from printkit.scan.overlay import crop_png

    crop = DEFAULT_OUT / f"{Path(photo).stem or 'photo'}-asked" / f"{name}.png"
    write_file(crop, crop_png(found, name))
    return crop


def _ask_boxes(found: Any, names: list[str], photo: str, lang: Lang,
               rested: dict[str, tuple[str, str]] | None = None) -> dict[str, str]:
    """Return the player's answers for the boxes the photo could not read surely, asked
    together as the values read are confirmed: each listed by its name, the way it leans
    and how sure, and its crop saved; then one prompt, where Enter takes every lean, a
    box's number in the list or its name turns it (`1 3`, `trap-3 die-B`) and `trap-3=x`
    or `trap-3=no` says it, asked again at once while wrong. A number is offered beside the
    name because a name typed costs more keys than the `x` and Enter a box asked alone
    did, on a light pencil sheet where many boxes lean the wrong way. A box the photo tells
    nothing of (confidence 0.5) leans no way, so no Enter takes it: it is asked on its own
    afterwards, unless the line said it. A box a value's reading rests on (`rested`: the
    value and its reading) says which, and that the reading needs it the other way."""
    from printkit.games.fox_rabbit.evidence import leaning

    _ = lang.gettext
    leans = {name: leaning(found.reading[name]) for name in names}
    typer.echo(lang.ngettext("The box the photo could not read surely (look at its crop and "
                             "at the sheet):",
                             "The boxes the photo could not read surely (look at their crops "
                             "and at the sheet):", len(names)), err=True)
    said = {}
    for name in names:
        crop = _crop(found, name, photo)
        sure = lang.percent(found.fields[name].confidence, 1)
        said[name] = (_("looks crossed ({sure} sure); see {crop}") if leans[name] else
                      _("looks empty ({sure} sure); see {crop}") if leans[name] is not None
                      else _("the photo cannot tell whether it is crossed: asked on its "
                             "own; see {crop}")).format(sure=sure, crop=crop)
        if rested and name in rested:
            field, value = rested[name]
            said[name] = (
                _("looks crossed ({sure} sure), but {field} reads {value}, which needs it "
                  "empty; see {crop}") if found.reading[name].marked else
                _("looks empty ({sure} sure), but {field} reads {value}, which needs it "
                  "crossed; see {crop}") if leans[name] is not None else
                _("the photo cannot tell whether it is crossed: asked on its own; {field} "
                  "reads {value}, which needs it crossed; see {crop}")).format(
                sure=sure, field=field, value=value, crop=crop)
    _numbered(said)
    answers: dict[str, str] = {}
    turnable = [name for name in names if leans[name] is not None]
    if turnable:
        while True:
            line = typer.prompt(_("Enter takes every box as it looks; type the boxes to "
                                  "turn, by number or name ({numbers} or {names}), or a box "
                                  "and its answer ({answer})").format(
                numbers=" ".join(str(names.index(n) + 1) for n in turnable[:2]),
                names=" ".join(turnable[:2]), answer=f"{turnable[0]}=x"),
                                default="", show_default=False)
            turned = _turns(found, leans, line, lang)
            if turned is not None:
                break
        for name, lean in leans.items():
            if name in turned:
                answers[name] = turned[name]
                typer.echo(f"  {name} = {turned[name]}", err=True)
            elif lean is not None:
                answers[name] = "x" if lean else "no"
    for name in names:
        if name not in answers:
            answers[name] = _prompt_field(found, name, lang)
    return answers


def _numbered(rows: dict[str, str]) -> None:
    """Say a list the player answers on one line by number or name: each row numbered, its
    field's name, and what is said of it, in columns."""
    width, places = max(len(n) for n in rows), len(str(len(rows)))
    for number, (name, said) in enumerate(rows.items(), 1):
        typer.echo(f"  {number:>{places}}  " + name.ljust(width) + "  " + said, err=True)


def _turns(found: Any, leans: dict[str, bool | None], line: str, lang: Lang
           ) -> dict[str, str] | None:
    """Return the answers a line of boxes, each by its name or its number in the list
    (turned from how it leans), and `NAME=x` or `NAME=no` gives, by box; or None, having
    said why, when one is not a box asked, turns a box that leans no way, or is no answer
    to a box."""
    from printkit.scan.values import value_problem

    _ = lang.gettext
    names = list(leans)
    out: dict[str, str] = {}
    for word in line.replace(",", " ").split():
        name, sep, value = word.partition("=")
        if name.isdigit() and 1 <= int(name) <= len(names):
            name = names[int(name) - 1]
        if name not in leans:
            typer.echo(_("{name} is not a box asked: type its number (1 to {n}) or one of "
                         "{names}").format(name=name, n=len(names), names=", ".join(names)),
                       err=True)
            return None
        if not sep:
            lean = leans[name]
            if lean is None:
                typer.echo(_("{name} leans no way, so there is nothing to turn: type "
                             "{name}=x or {name}=no").format(name=name), err=True)
                return None
            value = "no" if lean else "x"
        problem = value_problem(found, name, value)
        if problem is not None:
            typer.echo(problem.say(lang), err=True)
            return None
        out[name] = value
    return out


def ask_values(found: Any, given: dict[str, str], lang: Lang = ENGLISH,
               accept: bool = False, photo: str = "photo") -> Values:
    """Return the form values of a scan once the player has settled what the photo could not
    read: on a terminal, the boxes read uncertain, listed together (each crop saved beside
    the overlay) and taken as they lean by one Enter (`_ask_boxes`), then the values
    written, read from the photo and listed to confirm at once (`confirm_values`); `accept`
    takes the sure ones without a keystroke.
    Elsewhere, what is still missing is one line to settle with --numbers (in `lang`)."""
    from printkit.scan.values import fill

    _ = lang.gettext
    filled = fill(found, given)
    if filled.to_confirm and on_terminal():
        given.update(_ask_boxes(found, filled.to_confirm, photo, lang))
        filled = fill(found, given)
    suggestions: dict[str, Any] = {}
    if not filled.to_confirm:
        rested = _ask_rested(found, given, photo, lang) if on_terminal() else None
        suggestions = confirm_values(found, given, lang, accept, rested)
        filled = fill(found, given)
    if filled.to_confirm:
        raise PrintkitError(lang.ngettext(
            "{n} box could not be read for sure: {names}; look at the sheet and give it with "
            "--numbers {first}=x (or =no)",
            "{n} boxes could not be read for sure: {names}; look at the sheet and give them "
            "with --numbers {first}=x (or =no)", len(filled.to_confirm)).format(
            n=len(filled.to_confirm), names=", ".join(filled.to_confirm),
            first=filled.to_confirm[0]))
    if filled.to_type:
        sure = [n for n in filled.to_type if n in suggestions and suggestions[n].sure]
        others = _to_type([n for n in filled.to_type if n not in sure], suggestions)
        if sure and not accept:
            read = ", ".join(f"{n}={suggestions[n].value}" for n in sure)
            if not others:
                raise PrintkitError(_("confirm the values read from the photo on a terminal, "
                                      "or take them with --accept ({values})").format(
                    values=read))
            raise PrintkitError(_("confirm the values read from the photo on a terminal, or "
                                  "take those it reads surely with --accept ({values}); type "
                                  "the others: --numbers {first}=... ({names})").format(
                values=read, first=others[0], names=", ".join(others)))
        raise PrintkitError(_("type what is written in {names}: --numbers {first}=...").format(
            names=", ".join(filled.to_type), first=filled.to_type[0]))
    return Values(filled, suggestions)


#: The most rounds of boxes a value's reading rests on asked (an answer may leave another).
REST_ROUNDS = 3


def _ask_rested(found: Any, given: dict[str, str], photo: str, lang: Lang
                ) -> dict[str, Any]:
    """Return the values written read from the photo once the boxes read short of sure
    that a value's reading rests on (`suggest.boxes_rested_on`: the boxes as read rule the
    reading out) are answered, listed as the boxes read uncertain are (`_ask_boxes`); the
    values are read again against the answers."""
    from printkit.scan.suggest import boxes_rested_on

    suggestions = read_suggestions(found, given)
    for _round in range(REST_ROUNDS):
        rested = {box: why for box, why in boxes_rested_on(suggestions).items()
                  if box not in given}
        if not rested:
            break
        given.update(_ask_boxes(found, list(rested), photo, lang, rested))
        suggestions = read_suggestions(found, given)
    return suggestions


def _to_type(names: list[str], suggestions: dict[str, Any]) -> list[str]:
    """Return the values a player has to type of those not read surely: a score that waits
    on the others is decided once they are given (unless it is all there is)."""
    others = [n for n in names if n not in suggestions or not suggestions[n].waits]
    return others or names


def read_suggestions(found: Any, given: dict[str, str]) -> dict[str, Any]:
    """Return the suggestion for each value written on the photo that the player has not
    given (`scan.suggest`), by field name, in the sheet's order."""
    from printkit.scan.suggest import suggest

    return suggest(found, given)


def confirm_values(found: Any, given: dict[str, str], lang: Lang = ENGLISH,
                   accept: bool = False, read: dict[str, Any] | None = None
                   ) -> dict[str, Any]:
    """Settle the values written on the photo into `given`, and return their suggestions.

    On a terminal the values read are listed, numbered, each by its field's name as the
    sheet prints it; a value the photo could not read surely but read some readings of is
    listed as asked (never guessed: the player looks at it), pre-filled with its likeliest
    reading and its others shown; a value with no reading is asked on its own; then one
    prompt: Enter takes every value as listed, `F-B4=11` or `1=11` changes one, `1b` takes
    a value's second reading (asked again while wrong), and a score waiting on the values
    is decided again from them after each change. `accept` takes the sure values without a
    keystroke and asks the others one by one. Elsewhere `accept` takes the sure ones, and
    what is left stays to type (`ask_values` says so). `read`: the suggestions, when
    they were read already against `given`."""
    _ = lang.gettext
    suggestions = read if read is not None else read_suggestions(found, given)
    if not suggestions:
        return suggestions
    sure = {n: s.value for n, s in suggestions.items() if s.sure and s.value is not None}
    asked = [n for n in suggestions if n not in sure]
    if not on_terminal():
        if accept:
            given.update(sure)
        return suggestions
    if accept:
        return _accept_sure(found, given, suggestions, sure, lang)
    typer.echo(_("The values read from the photo:"), err=True)
    names = list(suggestions)
    _numbered({name: _shown(s, lang, number)
               for number, (name, s) in enumerate(suggestions.items(), 1)})
    waiting = [n for n in asked if suggestions[n].waits]
    values = dict(sure)
    for name in asked:
        s = suggestions[name]
        if name in waiting:
            continue
        if s.candidates:   # listed as asked, its likeliest reading pre-filled
            values[name] = s.candidates[0].text
        else:              # nothing to pre-fill: typed on its own
            values[name] = given[name] = _ask(found, name, lang, s)
    # a number alone takes a value asked's second reading: the prompt says so where one is
    others = [number for number, (name, s) in enumerate(suggestions.items(), 1)
              if name in asked and name not in waiting and len(_readings(s)) > 1]
    example = f"{names[0]}=11, 1=11"
    prompt = (_("Enter takes every value as listed; or change one by its name or number "
                "({example}), or take a value asked's other reading by what the list shows "
                "beside it ({number})").format(example=example, number=others[0])
              if others else
              _("Enter takes every value as listed; or change one by its name or number "
                "({example})").format(example=example))
    pinned: set[str] = set()
    _decide(found, given, suggestions, values, waiting, pinned, lang)
    while True:
        line = typer.prompt(prompt, default="", show_default=False).strip()
        if not line:
            break
        changed = _changes(found, suggestions, line, lang)
        if changed is None:
            continue
        values.update(changed)
        pinned.update(changed)
        for name, value in changed.items():
            typer.echo(f"  {name} = {value}", err=True)
        _decide(found, given, suggestions, values, waiting, pinned, lang)
    given.update(values)
    return suggestions


def _accept_sure(found: Any, given: dict[str, str], suggestions: dict[str, Any],
                 sure: dict[str, str], lang: Lang) -> dict[str, Any]:
    """Settle the values with --accept on a terminal: the sure ones taken without a
    keystroke, each other asked on its own (a waiting score decided once they are)."""
    _ = lang.gettext
    asked = [n for n in suggestions if n not in sure]
    waiting = [n for n in asked if suggestions[n].waits]
    for name in [n for n in asked if n not in waiting]:
        given[name] = _ask(found, name, lang, suggestions[name])
    if waiting:   # the score, decided again from the values the player typed
        again = read_suggestions(found, given)
        for name in waiting:
            s = suggestions[name] = again.get(name, suggestions[name])
            if s.sure and s.value is not None:
                sure[name] = s.value
                typer.echo(f"  {name} = {s.value}  " + _("(the rules decide it)"), err=True)
            else:
                given[name] = _ask(found, name, lang, s)
    given.update({n: v for n, v in sure.items() if n not in given})
    return suggestions


def _decide(found: Any, given: dict[str, str], suggestions: dict[str, Any],
            values: dict[str, str], waiting: list[str], pinned: set[str], lang: Lang) -> None:
    """Decide each score waiting on the values (one the player set on the line stays as
    set) again from the values as listed, and say it: the rules' value where they decide
    it, else its likeliest reading, else typed on its own."""
    _ = lang.gettext
    free = [n for n in waiting if n not in pinned]
    if not free:
        return
    again = read_suggestions(found, {**given, **{n: v for n, v in values.items()
                                                  if n not in free}})
    for name in free:
        s = suggestions[name] = again.get(name, suggestions[name])
        if s.sure and s.value is not None:
            said, values[name] = _("(the rules decide it)"), s.value
        elif s.candidates:
            values[name] = s.candidates[0].text
            said = "? " + _asked(s, lang, list(suggestions).index(name) + 1)
        else:
            values[name] = given[name] = _ask(found, name, lang, s)
            pinned.add(name)
            continue
        typer.echo(f"  {name} = {values[name]}  {said}", err=True)


def _hint(s: Any, lang: Lang) -> str:
    """Return what the photo reads of a value asked, as its prompt says it (nothing when
    it read none), each reading with the key that takes it: `[read: 10 (Enter) | 16 (b)]`."""
    _ = lang.gettext
    readings = _readings(s)
    if not readings:
        return ""
    keys = [_("Enter"), *OTHER_READINGS]
    return " " + _("[read: {readings}]").format(
        readings=" | ".join(f"{text} ({key})" for text, key in zip(readings, keys)))


def _shown(s: Any, lang: Lang, number: int) -> str:
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
        return str(text)
    if s.candidates:
        return "? " + _asked(s, lang, number)
    return "?  " + _("(to type: the photo cannot read it)")


def _asked(s: Any, lang: Lang, number: int) -> str:
    """Return how a value asked is listed: its likeliest reading, taken unless changed, and
    the others, each with what takes it on the line: `asked: 10 (or 16 [1], 18 [1c])`."""
    _ = lang.gettext
    readings = _readings(s)
    if len(readings) < 2:
        return _("asked: {value} (the photo is not sure of it)").format(value=readings[0])
    return _("asked: {value} (or {others})").format(value=readings[0], others=", ".join(
        f"{text} [{number}{'' if key == OTHER_READINGS[0] else key}]"
        for text, key in zip(readings[1:], OTHER_READINGS)))


#: Where a line of changes starts a new one: a name or a number and `=`, or a number alone
#: or with a reading's letter or `-` (`1`, `1c`, `1-`); a value may hold spaces and commas
#: of its own (an attempt).
_NEXT_CHANGE = re.compile(r"(?:\s*,\s*|\s+)(?=(?:[A-Za-z][A-Za-z0-9-]*|\d+)\s*=|"
                          r"\d+[a-z-]?(?:[\s,]|$))")
_BY_LETTER = re.compile(r"(\d+)([a-z-]?)")
_BY_NUMBER = re.compile(r"(\d+)\s*=(.*)")


def _changes(found: Any, suggestions: dict[str, Any], line: str, lang: Lang
             ) -> dict[str, str] | None:
    """Return the values a line changes, each `NAME=VALUE`, `NUMBER=VALUE` (its number in
    the list), a value asked's `NUMBER` alone (its second reading) or with a reading's
    letter (`1c`: its third), or `NUMBER-` (nothing written there); or None, having said
    why, when one is not a value read, has no such reading, or cannot be its box's."""
    from printkit.scan.values import parse_numbers, value_problem

    _ = lang.gettext
    names = list(suggestions)
    changes: dict[str, str] = {}
    for part in _NEXT_CHANGE.split(line.strip()):
        by_letter = _BY_LETTER.fullmatch(part.strip().lower())
        by_number = _BY_NUMBER.fullmatch(part.strip())
        number = int(m.group(1)) if (m := by_letter or by_number) else 0
        if m and not 1 <= number <= len(names):
            typer.echo(_("{number} is not a value in the list: type its number (1 to {n}) "
                         "or its name").format(number=number, n=len(names)), err=True)
            return None
        if by_letter and by_letter.group(2) == "-":   # nothing written there
            changes[names[number - 1]] = "-"
            continue
        if by_letter:
            # a number alone takes the second reading: the one a value asked most often
            # needs when its first is wrong, at the cost `b` and Enter had alone
            name, letter = names[number - 1], by_letter.group(2) or OTHER_READINGS[0]
            readings = [] if suggestions[name].sure else _readings(suggestions[name])
            keys = ["a", *OTHER_READINGS][:len(readings)]
            if letter not in keys:
                typer.echo((_("{name} has no reading {key}: type {number}=... with its value, "
                              "or one of {keys}") if len(keys) > 1 else
                            _("{name} has no other reading to take: type {number}=... with "
                              "its value")).format(
                    name=name, key=f"{number}{letter}", number=number,
                    keys=", ".join(f"{number}{k}" for k in keys)), err=True)
                return None
            changes[name] = readings[keys.index(letter)]
            continue
        if by_number:
            part = f"{names[number - 1]}={by_number.group(2)}"
        try:
            changes.update(parse_numbers(part))
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


#: More boxes than this asked at once say the photo reads poorly: the player is told that a
#: better photo asks fewer (a clear phone photo leaves at most a few; a faded home print
#: photographed dimly, 2930014 in docs/scan-measurement.md, left 36).
MANY_DOUBTS = 12


def settle_doubts(found: Any, filled: Any, given: dict[str, str], photo: Path,
                  lang: Lang = ENGLISH) -> Any:
    """Return the photo's values checked by the referee before it accuses (`scan.doubt`): on
    a terminal, each box whose other reading would undo a violation, and which the photo does
    not rule out, is asked, its crop saved for the player to look at; elsewhere such a box is
    one line to settle with --numbers, never a verdict of "illegal"."""
    from printkit.games.fox_rabbit.evidence import Checked, doubts
    from printkit.scan.values import fill

    _ = lang.gettext
    shown = "standard input" if str(photo) == "-" else str(photo)
    checked = Checked(found.reading, dict(filled.values), set(given), [])
    # each round settles a box never asked again: the rounds end, however many boxes the
    # photo misread one behind another
    while True:
        found_doubts = doubts(found.reading, found.layout.map, checked.values,
                              checked.settled, shown)
        if not found_doubts:
            break
        if not on_terminal():
            first = found_doubts[0].name
            raise PrintkitError(lang.ngettext(
                "the photo may have misread {names}, and the rules disagree with how it was "
                "read: look at the sheet and give it with --numbers {first}=x (or =no)",
                "the photo may have misread {names}, and the rules disagree with how they "
                "were read: look at the sheet and give them with --numbers {first}=x (or =no)",
                len(found_doubts)).format(names=", ".join(d.name for d in found_doubts),
                                          first=first))
        if not checked.asked and len(found_doubts) > MANY_DOUBTS:
            typer.echo(_("the photo leaves {n} boxes unsure that the verdict rests on: a "
                         "sharper photo in even light, the sheet flat and filling the frame, "
                         "leaves fewer (Ctrl-C stops here to take it again)").format(
                n=len(found_doubts)), err=True)
        for doubt in found_doubts:
            crop = _crop(found, doubt.name, shown)
            typer.echo((_("{box} was read crossed ({sure} sure), but the rules disagree; "
                          "see {crop}") if doubt.marked else
                        _("{box} was read empty ({sure} sure), but the rules disagree; see "
                          "{crop}")).format(box=doubt.name, sure=lang.percent(doubt.confidence, 1),
                                            crop=crop), err=True)
            given[doubt.name] = _prompt_field(found, doubt.name, lang)
            checked.settled.add(doubt.name)
            checked.asked.append(doubt)
        checked.values = dict(fill(found, given).values)
    return checked


def scan(
    photos: Annotated[list[Path], typer.Argument(
        help="Photos (JPEG, PNG, WebP, GIF, TIFF; HEIC with pillow-heif) of played "
             "gamesheets.",
        show_default=False)],
    as_json: Annotated[bool, typer.Option("--json", help="Print what was read as JSON.")] = False,
    overlay: Annotated[Optional[Path], typer.Option(
        "--overlay", help="Write the photo flattened to the sheet, each field outlined as "
                          "read, to this PNG file (one photo).")] = None,
    to_yaml: Annotated[bool, typer.Option(
        "--to-yaml", help="Print a sheet-only run record, TYPE-ME where a value is to "
                          "type (one photo).")] = False,
    numbers: Annotated[Optional[str], typer.Option(
        "--numbers", help='Values to type: F-B4=10,R-B4=4,round-1-fox="R2 Y5 Y3"; an '
                          "uncertain box: trap-3=x or trap-3=no.")] = None,
    lang: SaysLangOpt = None,
) -> None:
    """Read photos of played Fox and the Rabbit gamesheets: which boxes hold ink."""
    from printkit.games.fox_rabbit.terms import map_name
    from printkit.games.fox_rabbit.terms import mode as mode_word

    language = resolve_lang(lang)
    _ = language.gettext
    try:
        need_opencv()   # before the reader's modules, which need it to load
    except PrintkitError as err:
        raise PrintkitError(err.say(language)) from None
    from printkit.scan.values import fill, parse_numbers

    if (overlay or to_yaml) and len(photos) > 1:
        raise PrintkitError(_("{option} reads one photo, not {n}").format(
            option="--overlay" if overlay else "--to-yaml", n=len(photos)))
    if overlay is not None and overlay.suffix.lower() != ".png":
        raise PrintkitError(_("--overlay writes a PNG file: name it .png, not {name}").format(
            name=overlay.name))
    try:
        given = parse_numbers(numbers)
    except PrintkitError as err:
        raise PrintkitError(err.say(language)) from None
    reports: list[dict[str, Any]] = []
    refused = 0
    # every photo is read, a refused one said in its own line: one bad photo in a batch
    # does not hide what the others show
    try:
        for photo in photos:
            try:
                found = scan_file(photo)
                filled = fill(found, given)
            except PrintkitError as err:
                if len(photos) == 1:
                    raise PrintkitError(err.say(language)) from None
                refused += 1
                if as_json:
                    reports.append({"photo": str(photo), "error": str(err),
                                    "error_said": err.say(language)})
                else:
                    typer.echo("printkit: error: " + " ".join(err.say(language).split()),
                               err=True)
                continue
            if overlay is not None:
                from printkit.output import write_file
                from printkit.scan.overlay import overlay_png

                write_file(overlay, overlay_png(found))
            if to_yaml:
                from printkit.games.fox_rabbit.record_text import record_yaml
                from printkit.scan.values import PLACEHOLDER, record

                head = [f"# read from {photo} by printkit scan"]
                if found.identified == "look":
                    head.append("# its code unreadable, the sheet was known by its look: "
                                "check the map, mode and language below")
                if filled.to_type:
                    head.append(f"# type the values written where it says {PLACEHOLDER}: "
                                f"{', '.join(filled.to_type)}")
                if filled.to_confirm:
                    head.append(f"# uncertain, look at the sheet: {', '.join(filled.to_confirm)}")
                typer.echo("\n".join(head) + "\n" + record_yaml(record(found, filled)), nl=False)
                continue
            suggestions = read_suggestions(found, given)
            if as_json:
                report = found.as_dict()
                report["values"] = {name: s.as_dict(language)
                                    for name, s in suggestions.items()}
                reports.append(report if len(photos) == 1 else {"photo": str(photo), **report})
                continue
            marked = sum(f.marked for f in found.fields.values())
            sheet = found.as_dict()["sheet"]
            parts = [_("{photo}: {map} map, {mode} mode, {paper} paper; {n} fields marked").format(
                photo=photo, map=say(map_name(sheet["map"]), language),
                mode=mode_word(sheet["mode"]).say(language),
                paper=sheet["paper"], n=marked)]
            if found.identified == "look":
                parts.append(_("its code unreadable, the sheet was known by its look: check "
                               "that it is the {map} map, {mode} mode, in {lang}").format(
                    map=say(map_name(sheet["map"]), language),
                    mode=mode_word(sheet["mode"]).say(language),
                    lang=sheet["lang"]))
            if filled.to_confirm:
                parts.append(_("uncertain (look at them): {names}").format(
                    names=", ".join(filled.to_confirm)))
            if suggestions:
                parts.append(_("values read: {values}").format(values=", ".join(
                    f"{name}={s.value if s.sure else '?'}" for name, s in suggestions.items())))
            typed = _to_type([n for n in filled.to_type
                              if n not in suggestions or not suggestions[n].sure], suggestions)
            if typed:
                parts.append(_("to type: {names}").format(names=", ".join(typed)))
            typer.echo("; ".join(parts) + f" ({language.number(found.seconds, 1)} s)")
    except PrintkitError as err:  # writing the overlay, say
        raise PrintkitError(err.say(language)) from None
    if as_json:
        typer.echo(json.dumps(reports[0] if len(photos) == 1 else reports, indent=2))
    if overlay is not None:
        typer.echo(f"wrote {overlay}", err=True)
    if refused:
        raise typer.Exit(2)
