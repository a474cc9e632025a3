"""The values written on a photo of a sheet: read, listed and confirmed on one line at a
terminal (`confirm_values`), or left to give with --numbers elsewhere (`ask_values`)."""

import re
from dataclasses import dataclass, field
from typing import Any

import typer

from printkit.cli import ask
from printkit.cli.ask_boxes import ask_boxes, box_list, box_turns
from printkit.cli.value_list import ask_value, asked_said, line_changes, readings_of, shown
from printkit.errors import PrintkitError
from printkit.language import ENGLISH, Lang


@dataclass
class Values:
    """A photo's form values once settled (`values.Filled`), and the suggestions the
    values written were read as (`suggest.Suggestion`, by field name)."""

    filled: Any
    suggestions: dict[str, Any]
    #: what one Enter took as the photo shows it: the boxes as they leaned, the values
    #: written as listed (the player typed, turned or answered none of them on its own)
    taken: set[str]


def ask_values(found: Any, given: dict[str, str], lang: Lang = ENGLISH,
               accept: bool = False, photo: str = "photo") -> Values:
    """Return the form values of a scan once the player has settled what the photo could not
    read: on a terminal, the boxes read uncertain, listed together (each crop saved beside
    the overlay) and taken as they lean by one Enter (`ask_boxes`), then the values
    written, read from the photo and listed to confirm at once (`confirm_values`); both on
    one line where every box leans and no value's reading rests on a box (`_together`);
    `accept` takes the sure ones without a keystroke.
    Elsewhere, what is still missing is one line to settle with --numbers (in `lang`)."""
    from printkit.scan.values import fill

    _ = lang.gettext
    filled = fill(found, given)
    taken: set[str] = set()
    before = set(given)
    together = None
    if filled.to_confirm and ask.on_terminal() and not accept:
        together = _together(found, given, filled.to_confirm, photo, lang, taken)
    if together is None and filled.to_confirm and ask.on_terminal():
        given.update(ask_boxes(found, filled.to_confirm, photo, lang, taken=taken))
    filled = fill(found, given)
    suggestions: dict[str, Any] = {}
    if together is not None:
        suggestions = together
    elif not filled.to_confirm:
        rested = _ask_rested(found, given, photo, lang, taken) if ask.on_terminal() else None
        before = set(given)
        suggestions = confirm_values(found, given, lang, accept, rested)
    if suggestions:
        taken |= {n for n, s in suggestions.items() if n not in before and n in given
                  and given[n] in (s.value, s.candidates[0].text if s.candidates else None)}
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
        others = to_type([n for n in filled.to_type if n not in sure], suggestions)
        if sure and not accept:
            listed = ", ".join(f"{n}={suggestions[n].value}" for n in sure)
            if not others:
                raise PrintkitError(_("confirm the values read from the photo on a terminal, "
                                      "or take them with --accept ({values})").format(
                    values=listed))
            raise PrintkitError(_("confirm the values read from the photo on a terminal, or "
                                  "take those it reads surely with --accept ({values}); type "
                                  "the others: --numbers {first}=... ({names})").format(
                values=listed, first=others[0], names=", ".join(others)))
        raise PrintkitError(_("type what is written in {names}: --numbers {first}=...").format(
            names=", ".join(filled.to_type), first=filled.to_type[0]))
    return Values(filled, suggestions, taken)


def _together(found: Any, given: dict[str, str], names: list[str], photo: str, lang: Lang,
              taken: set[str]) -> dict[str, Any] | None:
    """Return the values' suggestions once the boxes read uncertain (`names`) and the values
    written are settled on one line, as the page's one tap confirms them: the boxes listed
    as `ask_boxes` lists them, then the values read against the boxes as they lean, numbered
    on after the boxes; Enter takes every box as it leans and every value as listed, a box
    is turned by its number or name and a value changed as `confirm_values` changes it, on
    the same line. A box turned that moves the values read has them listed again (after the
    boxes a value's reading then rests on, `_ask_rested`), the values typed kept. None
    (nothing asked) where a box leans no way, or a value's reading rests on a box as they
    lean: those are asked first, the boxes on their own line (`ask_boxes`)."""
    from printkit.games.fox_rabbit.rules_lean import asked_leans
    from printkit.scan.suggest import boxes_rested_on

    _ = lang.gettext
    ruled = asked_leans(found.reading, found.layout.map, names)
    leans = {name: lean.crossed for name, lean in ruled.items()}
    if any(lean is None for lean in leans.values()):
        return None
    as_leant = {name: "x" if lean else "no" for name, lean in leans.items()}
    suggestions = read_suggestions(found, {**given, **as_leant})
    if not suggestions or any(box not in given and box not in as_leant
                              for box in boxes_rested_on(suggestions)):
        return None
    box_list(found, names, photo, lang, last=len(names) + len(suggestions), ruled=ruled)
    given.update(as_leant)
    first = len(names) + 1
    listed = _Listed.say(found, given, suggestions, lang, first)
    value_names = list(suggestions)
    example = f"{value_names[0]}=11, {first}=11"
    boxes = " ".join(str(n) for n in range(1, min(2, len(names)) + 1))
    prompt = (_("Enter takes every box and value as listed; or turn a box by its number or "
                "name ({boxes}), or change a value by its name or number ({example}), or take "
                "a value asked's other reading by what the list shows beside it ({number})")
              .format(boxes=boxes, example=example, number=listed.others[0])
              if listed.others else
              _("Enter takes every box and value as listed; or turn a box by its number or "
                "name ({boxes}), or change a value by its name or number ({example})")
              .format(boxes=boxes, example=example))
    while True:
        line = typer.prompt(prompt, default="", show_default=False).strip()
        split = _split_line(line, names, value_names, lang)
        if split is None:
            continue
        turned = box_turns(found, leans, split[0], lang) if split[0] else {}
        if turned is None:
            continue
        changed = line_changes(found, suggestions, split[1], lang, first) if split[1] else {}
        if changed is not None:
            break
    for name in names:
        if name in turned:
            given[name] = turned[name]
            typer.echo(f"  {name} = {turned[name]}", err=True)
        else:
            taken.add(name)
    if turned:
        again = read_suggestions(found, given)
        moved = list(again) != [n for n in suggestions if n not in given] or any(
            _shown_as(again[n]) != _shown_as(suggestions[n]) for n in again)
        if moved or any(box not in given for box in boxes_rested_on(again)):
            # what the values read rests on changed: listed again, as read now
            given.update(changed)
            rested = _ask_rested(found, given, photo, lang, taken)
            return confirm_values(found, given, lang, False, rested)
        listed.suggestions = suggestions = {**suggestions, **again}
    if not line or listed.change(found, given, changed, lang):
        given.update(listed.values)
        return suggestions
    listed.settle(found, given, lang, listed.prompt(lang))   # the boxes are answered now
    return suggestions


def _shown_as(s: Any) -> tuple[object, ...]:
    """Return what the list shows of a value read: sure or not, its value, its readings."""
    return (s.sure, s.value, s.waits, tuple(readings_of(s)))


def _split_line(line: str, boxes: list[str], values: list[str], lang: Lang
                ) -> tuple[str, str] | None:
    """Return a line of boxes and values listed together (the boxes numbered first) as the
    boxes' part and the values' part; or None, having said why, when an entry names
    neither."""
    _ = lang.gettext
    # a box named alone turns it (`trap-3`), where a value runs on to the next entry: said
    # by its number, which starts one
    for number, name in enumerate(boxes, 1):
        line = re.sub(rf"(?<![\w-]){re.escape(name)}(?![\w=-])", str(number), line)
    box_part, value_part = [], []
    for entry in ask.entries(line):
        digits = re.match(r"\d+", entry.key)
        if entry.key in boxes or (digits and digits.group() == entry.key
                                  and 1 <= int(entry.key) <= len(boxes)):
            box_part.append(entry.text)
        elif entry.key in values or (digits and 1 <= int(digits.group()) - len(boxes)
                                     <= len(values)):
            value_part.append(entry.text)
        else:
            typer.echo(_("{name} is neither a box nor a value in the list: type its number "
                         "(1 to {n}) or its name").format(name=entry.key,
                                                          n=len(boxes) + len(values)),
                       err=True)
            return None
    return " ".join(box_part), " ".join(value_part)


#: The most rounds of boxes a value's reading rests on asked (an answer may leave another).
REST_ROUNDS = 3


def _ask_rested(found: Any, given: dict[str, str], photo: str, lang: Lang,
                taken: set[str]) -> dict[str, Any]:
    """Return the values written read from the photo once the boxes read short of sure
    that a value's reading rests on (`suggest.boxes_rested_on`: the boxes as read rule the
    reading out) are answered, listed as the boxes read uncertain are (`ask_boxes`); the
    values are read again against the answers."""
    from printkit.scan.suggest import boxes_rested_on

    suggestions = read_suggestions(found, given)
    for _round in range(REST_ROUNDS):
        rested = {box: why for box, why in boxes_rested_on(suggestions).items()
                  if box not in given}
        if not rested:
            break
        given.update(ask_boxes(found, list(rested), photo, lang, rested, taken))
        suggestions = read_suggestions(found, given)
    return suggestions


def to_type(names: list[str], suggestions: dict[str, Any]) -> list[str]:
    """Return the values a player has to type of those not read surely: a score that waits
    on the others is decided once they are given (unless it is all there is)."""
    others = [n for n in names if n not in suggestions or not suggestions[n].waits]
    return others or names


def read_suggestions(found: Any, given: dict[str, str]) -> dict[str, Any]:
    """Return the suggestion for each value written on the photo that the player has not
    given (`scan.suggest`), by field name, in the sheet's order. Every reading of them goes
    through this name in this module: a test that plays the photo replaces it here."""
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
    if not ask.on_terminal():
        if accept:
            given.update(sure)
        return suggestions
    if accept:
        return _accept_sure(found, given, suggestions, sure, lang)
    listed = _Listed.say(found, given, suggestions, lang)
    listed.settle(found, given, lang, listed.prompt(lang))
    return suggestions


@dataclass
class _Listed:
    """The values read as listed, numbered from `first`: each sure one and each asked one's
    likeliest reading (`values`), the scores that wait on them, those set by the player
    (`pinned`), and the numbers of the values asked that a number alone takes the second
    reading of (`others`)."""

    suggestions: dict[str, Any]
    values: dict[str, str]
    waiting: list[str]
    others: list[int]
    first: int = 1
    pinned: set[str] = field(default_factory=set)

    @classmethod
    def say(cls, found: Any, given: dict[str, str], suggestions: dict[str, Any], lang: Lang,
            first: int = 1) -> "_Listed":
        """List the values read, numbered from `first` (after the boxes where they are
        listed together), each asked one pre-filled with its likeliest reading; ask a value
        with no reading on its own; decide the waiting scores from the values as listed."""
        _ = lang.gettext
        typer.echo(_("The values read from the photo:"), err=True)
        ask.numbered({name: shown(s, lang, number)
                      for number, (name, s) in enumerate(suggestions.items(), first)},
                     first)
        values = {n: s.value for n, s in suggestions.items() if s.sure and s.value is not None}
        asked = [n for n in suggestions if n not in values]
        waiting = [n for n in asked if suggestions[n].waits]
        for name in asked:
            s = suggestions[name]
            if name in waiting:
                continue
            if s.candidates and s.against is None:   # listed as asked, pre-filled
                values[name] = s.candidates[0].text
            else:              # nothing to pre-fill, or the ink reads what the rules rule
                # out (`against_rules`): typed on its own
                values[name] = given[name] = ask_value(found, name, lang, s)
        # a number alone takes a value asked's second reading: the prompt says so where one is
        others = [number for number, (name, s) in enumerate(suggestions.items(), first)
                  if name in asked and name not in waiting and len(readings_of(s)) > 1
                  and s.against is None]
        listed = cls(suggestions, values, waiting, others, first)
        _decide(found, given, listed, lang)
        return listed

    def prompt(self, lang: Lang) -> str:
        """Return the values' line's prompt, its examples by the list's first value."""
        _ = lang.gettext
        example = f"{next(iter(self.suggestions))}=11, {self.first}=11"
        return (_("Enter takes every value as listed; or change one by its name or number "
                  "({example}), or take a value asked's other reading by what the list shows "
                  "beside it ({number})").format(example=example, number=self.others[0])
                if self.others else
                _("Enter takes every value as listed; or change one by its name or number "
                  "({example})").format(example=example))

    def change(self, found: Any, given: dict[str, str], changed: dict[str, str], lang: Lang
               ) -> bool:
        """Take a line's changes, say them and decide the waiting scores again; return
        whether nothing else the list shows moved (no score the rules decide changed)."""
        self.values.update(changed)
        self.pinned.update(changed)
        for name, value in changed.items():
            typer.echo(f"  {name} = {value}", err=True)
        shown_before = {n: self.values.get(n) for n in self.waiting if n not in self.pinned}
        _decide(found, given, self, lang)
        return all(self.values.get(n) == v for n, v in shown_before.items())

    def settle(self, found: Any, given: dict[str, str], lang: Lang, prompt: str) -> None:
        """Ask the line until Enter alone, or a line of changes that moves nothing else the
        list shows: such a line is the player's last word, as a box turned on the boxes'
        line is; a score decided anew is shown, and the line asked again. The values as
        listed then go into `given`."""
        while True:
            line = typer.prompt(prompt, default="", show_default=False).strip()
            if not line:
                break
            changed = line_changes(found, self.suggestions, line, lang, self.first)
            if changed is not None and self.change(found, given, changed, lang):
                break
        given.update(self.values)


def _accept_sure(found: Any, given: dict[str, str], suggestions: dict[str, Any],
                 sure: dict[str, str], lang: Lang) -> dict[str, Any]:
    """Settle the values with --accept on a terminal: the sure ones taken without a
    keystroke, each other asked on its own (a waiting score decided once they are)."""
    _ = lang.gettext
    asked = [n for n in suggestions if n not in sure]
    waiting = [n for n in asked if suggestions[n].waits]
    for name in [n for n in asked if n not in waiting]:
        given[name] = ask_value(found, name, lang, suggestions[name])
    if waiting:   # the score, decided again from the values the player typed
        again = read_suggestions(found, given)
        for name in waiting:
            s = suggestions[name] = again.get(name, suggestions[name])
            if s.sure and s.value is not None:
                sure[name] = s.value
                typer.echo(f"  {name} = {s.value}  " + _("(the rules decide it)"), err=True)
            else:
                given[name] = ask_value(found, name, lang, s)
    given.update({n: v for n, v in sure.items() if n not in given})
    return suggestions


def _decide(found: Any, given: dict[str, str], listed: _Listed, lang: Lang) -> None:
    """Decide each score waiting on the values (one the player set on the line stays as
    set) again from the values as listed, and say it: the rules' value where they decide
    it, else its likeliest reading, else typed on its own."""
    _ = lang.gettext
    suggestions, values, pinned = listed.suggestions, listed.values, listed.pinned
    free = [n for n in listed.waiting if n not in pinned]
    if not free:
        return
    again = read_suggestions(found, {**given, **{n: v for n, v in values.items()
                                                  if n not in free}})
    for name in free:
        s = suggestions[name] = again.get(name, suggestions[name])
        if s.sure and s.value is not None:
            said, values[name] = _("(the rules decide it)"), s.value
        elif s.candidates:   # said as the list says a value asked, its reading in it
            values[name] = s.candidates[0].text
            typer.echo(f"  {name}  ? " + asked_said(
                s, lang, list(suggestions).index(name) + listed.first), err=True)
            continue
        else:
            values[name] = given[name] = ask_value(found, name, lang, s)
            pinned.add(name)
            continue
        typer.echo(f"  {name} = {values[name]}  {said}", err=True)
