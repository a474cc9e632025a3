"""What the photo's prompts share: whether a person is at the keyboard, a field asked until
its answer can be the box's, a box's crop to look at, a numbered list, and the one reader of
a line of entries typed (`1 3`, `trap-3=x`, `1c`, `F-B4=11`).

The prompts look `on_terminal` up here, as `ask.on_terminal()`: a test that plays the
player replaces it in this one place."""

import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import typer

from printkit.language import Lang

#: The keys that take the photo's second and third readings of a value asked, as a tap on
#: one does in the page (which offers three): letters, never a value a field can hold.
OTHER_READINGS = ("b", "c")


def on_terminal() -> bool:
    """Return whether a person is at the keyboard to type the values a photo needs."""
    return sys.stdin.isatty()


def prompt_field(found: Any, name: str, lang: Lang, hint: str = "",
                 readings: list[str] | None = None, enter: bool = True) -> str:
    """Return what the player types for a field, asked again at once while it cannot be the
    box's value: Enter takes the first of `readings` (none: Enter takes nothing), `b` or
    `c` the next (OTHER_READINGS), as a tap on one does in the page; `hint` says them.
    Without `enter`, Enter takes nothing and `b`, `c` the readings from the first."""
    from printkit.scan.values import explain, value_problem

    readings = readings or []
    others = dict(zip(OTHER_READINGS, readings[1:] if enter else readings))
    while True:
        typed: str = typer.prompt(explain(found, name, lang) + hint,
                                  default=readings[0] if readings and enter else None,
                                  show_default=False)
        key = typed.strip().lower()
        if key in others:
            typed = others[key]
            typer.echo(f"  {name} = {typed}", err=True)
        problem = value_problem(found, name, typed)
        if problem is None:
            return typed
        typer.echo(problem.say(lang), err=True)


def crop(found: Any, name: str, photo: str) -> Path:
    """Return where the photo's crop around a box asked is saved, for the player to look at
    beside the sheet (output/PHOTO-asked/BOX.png)."""
    from printkit.cli.common import DEFAULT_OUT
    from printkit.output import write_file
    from printkit.scan.overlay import crop_png

    path = DEFAULT_OUT / f"{Path(photo).stem or 'photo'}-asked" / f"{name}.png"
    write_file(path, crop_png(found, name))
    return path


def numbered(rows: dict[str, str], first: int = 1, last: int | None = None) -> None:
    """Say a list the player answers on one line by number or name: each row numbered (from
    `first`, where it follows another list on the same line; its numbers as wide as `last`'s,
    where another follows it), its field's name, and what is said of it, in columns."""
    end = first + len(rows) - 1 if last is None else last
    width, places = max(len(n) for n in rows), len(str(end))
    for number, (name, said) in enumerate(rows.items(), first):
        typer.echo(f"  {number:>{places}}  " + name.ljust(width) + "  " + said, err=True)


@dataclass(frozen=True)
class Entry:
    """One entry of a line typed: `key`, a number or a name (`1`, `1c`, `trap-3`), and the
    value after its `=` (None: it has none); `text` is the entry as typed."""

    text: str
    key: str
    value: str | None


#: Where a line whose values may hold spaces and commas of their own (an attempt's dice)
#: starts its next entry: a name or a number and `=`, or a number alone or with a reading's
#: letter or `-` (`1`, `1c`, `1-`).
_NEXT_ENTRY = re.compile(r"(?:\s*,\s*|\s+)(?=(?:[A-Za-z][A-Za-z0-9-]*|\d+)\s*=|"
                         r"\d+[a-z-]?(?:[\s,]|$))")
#: Where a line of single words (boxes, each said by its name alone or `=x`) starts its next.
_NEXT_WORD = re.compile(r"[\s,]+")


def entries(line: str, words: bool = False) -> list[Entry]:
    """Return the entries of a line typed, separated by spaces or commas, each a number or
    a name, optionally with `=VALUE`. With `words` every word is an entry (a box named
    alone turns it); else a value runs on to where the next entry starts (`_NEXT_ENTRY`)."""
    out = []
    for text in (_NEXT_WORD if words else _NEXT_ENTRY).split(line.strip()):
        if text:
            key, sep, value = text.partition("=")
            out.append(Entry(text, key.strip(), value if sep else None))
    return out
