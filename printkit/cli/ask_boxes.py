"""The boxes a photo of a sheet could not read surely, or that the referee doubts: listed
with their crops and answered on one line (`ask_boxes`), or asked one by one before the
referee accuses (`settle_doubts`)."""

from __future__ import annotations

from collections.abc import Collection
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from printkit.cli import ask
from printkit.errors import PrintkitError
from printkit.language import ENGLISH, Lang

if TYPE_CHECKING:
    from printkit.games.fox_rabbit.rules_lean import Lean


def ask_boxes(found: Any, names: list[str], photo: str, lang: Lang,
              rested: dict[str, tuple[str, str]] | None = None,
              taken: set[str] | None = None) -> dict[str, str]:
    """Return the player's answers for the boxes the photo could not read surely, asked
    together as the values read are confirmed: each listed by its name, the way it leans
    and how sure, and its crop saved; then one prompt, where Enter takes every lean, a
    box's number in the list or its name turns it (`1 3`, `trap-3 die-B`) and `trap-3=x`
    or `trap-3=no` says it, asked again at once while wrong. A number is offered beside the
    name because a name typed costs more keys than the `x` and Enter a box asked alone
    did, on a light pencil sheet where many boxes lean the wrong way. A box the photo tells
    nothing of (confidence 0.5) leans no way, so no Enter takes it: it is asked on its own
    afterwards, unless the line said it. A box the photo tells little of leans as the rules
    say where they do (`rules_lean.leans`), and says so; Enter takes that lean too. A box a
    value's reading rests on (`rested`: the value and its reading) says which, and that the
    reading needs it the other way. The boxes Enter took as they lean are added to `taken`:
    the photo's reading still, which the referee may ask again (`settle_doubts`)."""
    _ = lang.gettext
    leans = box_list(found, names, photo, lang, rested)
    answers: dict[str, str] = {}
    turnable = [name for name in names if leans[name] is not None]
    if turnable:
        while True:
            line = typer.prompt(_("Enter takes every box as listed; type the boxes to "
                                  "turn, by number or name ({numbers} or {names}), or a box "
                                  "and its answer ({answer})").format(
                numbers=" ".join(str(names.index(n) + 1) for n in turnable[:2]),
                names=" ".join(turnable[:2]), answer=f"{turnable[0]}=x"),
                                default="", show_default=False)
            turned = box_turns(found, leans, line, lang)
            if turned is not None:
                break
        for name, lean in leans.items():
            if name in turned:
                answers[name] = turned[name]
                typer.echo(f"  {name} = {turned[name]}", err=True)
            elif lean is not None:
                answers[name] = "x" if lean else "no"
                if taken is not None:
                    taken.add(name)
    for name in names:
        if name not in answers:
            answers[name] = ask.prompt_field(found, name, lang)
    return answers


def box_list(found: Any, names: list[str], photo: str, lang: Lang,
             rested: dict[str, tuple[str, str]] | None = None, last: int | None = None,
             ruled: dict[str, Lean] | None = None) -> dict[str, bool | None]:
    """Say the boxes the photo could not read surely, numbered (as wide as `last`, the
    number of the values listed after them on the same line), each with the way it leans
    (`ruled`, where the caller has asked `rules_lean.asked_leans` already), how sure and
    why, its crop saved (`ask_boxes`); return how each leans (None: no way)."""
    from printkit.games.fox_rabbit.rules_lean import asked_leans
    from printkit.scan.suggest import rest_said, rested_among

    _ = lang.gettext
    if ruled is None:
        ruled = asked_leans(found.reading, found.layout.map, names, rested or ())
    leans = {name: lean.crossed for name, lean in ruled.items()}
    typer.echo(lang.ngettext("The box the photo could not read surely (look at its crop and "
                             "at the sheet):",
                             "The boxes the photo could not read surely (look at their crops "
                             "and at the sheet):", len(names)), err=True)
    said = {}
    for name in names:
        crop = ask.crop(found, name, photo)
        sure = lang.percent(found.fields[name].confidence, 1)
        said[name] = (_("looks crossed ({sure} sure); see {crop}") if leans[name] else
                      _("looks empty ({sure} sure); see {crop}") if leans[name] is not None
                      else _("the photo cannot tell whether it is crossed: asked on its "
                             "own; see {crop}")).format(sure=sure, crop=crop)
        why = ruled[name].said(lang)
        if why is not None:
            said[name] = _("{why}; see {crop}").format(why=why, crop=crop)
        if rested and name in rested:
            field, value = rested[name]
            why = rest_said(found.reading[name].marked, leans[name], field, value,
                            found.fields[name].confidence, lang, rested_among(rested, name))
            said[name] = (_("{why}; see {crop}") if leans[name] is not None else
                          _("{why}: asked on its own; see {crop}")).format(why=why, crop=crop)
    ask.numbered(said, last=last)
    return leans


def box_turns(found: Any, leans: dict[str, bool | None], line: str, lang: Lang
              ) -> dict[str, str] | None:
    """Return the answers a line of boxes, each by its name or its number in the list
    (turned from how it leans), and `NAME=x` or `NAME=no` gives, by box; or None, having
    said why, when one is not a box asked, turns a box that leans no way, or is no answer
    to a box."""
    from printkit.scan.values import value_problem

    _ = lang.gettext
    names = list(leans)
    out: dict[str, str] = {}
    for entry in ask.entries(line, words=True):
        name, value = entry.key, entry.value
        # isdecimal, not isdigit: `²` is a digit int() cannot read
        if name.isdecimal() and 1 <= int(name) <= len(names):
            name = names[int(name) - 1]
        if name not in leans:
            typer.echo(_("{name} is not a box asked: type its number (1 to {n}) or one of "
                         "{names}").format(name=name, n=len(names), names=", ".join(names)),
                       err=True)
            return None
        if value is None:
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


#: More boxes than this asked at once say the photo reads poorly: the player is told that a
#: better photo asks fewer (a clear phone photo leaves at most a few; a faded home print
#: photographed dimly, 2930014 in docs/scan-measurement.md, left 36).
MANY_DOUBTS = 12


def settle_doubts(found: Any, filled: Any, given: dict[str, str], photo: Path,
                  lang: Lang = ENGLISH, taken: Collection[str] = ()) -> Any:
    """Return the photo's values checked by the referee before it accuses (`scan.doubt`): on
    a terminal, each box whose other reading would undo a violation, and which the photo does
    not rule out, is asked, its crop saved for the player to look at, then each value that a
    violation names, one at a time, the least sure first, until the rules doubt none;
    elsewhere such a box or value is one line to settle with --numbers,
    never a verdict of "illegal". What one Enter took as the photo shows it (`taken`: the
    boxes as they leaned, the values as listed) is still the photo's reading, asked again
    where the rules disagree with it; only what the player typed, turned or answered on its
    own is the player's."""
    from printkit.games.fox_rabbit.evidence import Doubt, doubts
    from printkit.games.fox_rabbit.evidence_shown import Checked
    from printkit.games.fox_rabbit.questions import misread_shown, next_doubt
    from printkit.scan.values import fill

    _ = lang.gettext
    shown = "standard input" if str(photo) == "-" else str(photo)
    taken = set(taken)   # what is asked on its own below is the player's from then on
    checked = Checked(found.reading, dict(filled.values), set(given) - taken, [])
    pending: dict[str, Doubt] = {}
    told = False   # the photo shown misread by the answers (`questions.SHOWN_MISREAD`)
    # each round settles a box never asked again: the rounds end, however many boxes the
    # photo misread one behind another
    while True:
        found_doubts = doubts(found.reading, found.layout.map, checked.values,
                              checked.settled, shown, taken=taken)
        if found_doubts and not ask.on_terminal():
            raise PrintkitError(_not_asked(found_doubts, lang))
        if not checked.asked and len(found_doubts) > MANY_DOUBTS:
            typer.echo(_("the photo leaves {n} boxes unsure that the verdict rests on: a "
                         "sharper photo in even light, the sheet flat and filling the frame, "
                         "leaves fewer (Ctrl-C stops here to take it again)").format(
                n=len(found_doubts)), err=True)
        # the least sure first, and the rules asked again after each answer: two traps
        # read empty among fifteen crossed make every trap after them doubted, and the
        # answers for those two undo it all (`next_doubt`)
        doubt = next_doubt(found_doubts, pending, checked.values, checked.settled, shown)
        if doubt is None:
            break
        given[doubt.name] = ask_disagreed(found, doubt.name, doubt.marked,
                                          doubt.confidence, shown, lang, doubt.value)
        checked.settled.add(doubt.name)
        checked.asked.append(doubt)
        taken.discard(doubt.name)
        checked.values = dict(fill(found, given).values)
        misread = None if told else misread_shown(found.reading, checked.values,
                                                  checked.settled)
        if misread is not None:
            # said once: the questions go on, and the player may stop for a better photo
            told = True
            wrong, boxes = misread
            typer.echo(_("the photo read {n} of the {m} boxes you answered the other way: "
                         "it does not show your marks well. Going over light pencil marks, "
                         "or a photo in daylight without shadow, asks far fewer questions "
                         "(Ctrl-C stops here to take it again)").format(n=wrong, m=boxes),
                       err=True)
    return checked


def ask_disagreed(found: Any, name: str, marked: bool, confidence: float, photo: str,
                  lang: Lang, value: str | None = None) -> str:
    """Return the player's answer for a field the rules disagree with the photo's reading of:
    said as read (its `value`, else crossed or empty and how sure), its crop saved, then
    asked until the answer can be the field's."""
    _ = lang.gettext
    crop = ask.crop(found, name, photo)
    said = (_("{box} was read {value}, but the rules disagree; see {crop}")
            if value is not None else
            _("{box} was read crossed ({sure} sure), but the rules disagree; "
              "see {crop}") if marked else
            _("{box} was read empty ({sure} sure), but the rules disagree; see "
              "{crop}"))
    typer.echo(said.format(box=name, value=value, crop=crop,
                           sure=lang.percent(confidence, 1)), err=True)
    return ask.prompt_field(found, name, lang)


def _not_asked(found_doubts: list[Any], lang: Lang) -> str:
    """Return what the player gives with --numbers where the referee's doubts cannot be asked
    (no terminal): the boxes the photo may have misread, or else the values."""
    boxes = [d.name for d in found_doubts if d.value is None]
    if boxes:
        return lang.ngettext(
            "the photo may have misread {names}, and the rules disagree with how it was "
            "read: look at the sheet and give it with --numbers {first}=x (or =no)",
            "the photo may have misread {names}, and the rules disagree with how they "
            "were read: look at the sheet and give them with --numbers {first}=x (or =no)",
            len(boxes)).format(names=", ".join(boxes), first=boxes[0])
    values = [lang.gettext("{box} as {value}").format(box=d.name, value=d.value)
              for d in found_doubts]
    return lang.gettext("the photo read {values}, and the rules disagree: look at the sheet "
                        "and give what is written with --numbers {first}=...").format(
        values=", ".join(values), first=found_doubts[0].name)
