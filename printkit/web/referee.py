"""What the page asks the referee, in plain Python: no HTTP here, so each answer is testable.

The page holds a sheet as its field values (`{"F-A1": true, "F-B4": "10", ...}`, named as in
`sheet_fields`) and, in play-along mode, a turn log. Everything is judged by the validator of
`printkit validate`: the values are read as a filled PDF form is (`reader.read_run`), and a
record is shown on the sheet as a filled PDF shows it (`sheet_fields.form_values`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from printkit.errors import PrintkitError
from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.games.fox_rabbit.board import AID_NAMES, AIDS, MODES, GameMap
from printkit.games.fox_rabbit.dice import COLOUR_NAMES, PRIMARY_LETTERS
from printkit.games.fox_rabbit.difficulty import rules_digest
from printkit.games.fox_rabbit.engine import REWARDS, reward_parts
from printkit.games.fox_rabbit.reader import SheetFields, read_run
from printkit.games.fox_rabbit.record import Run, from_data
from printkit.games.fox_rabbit.record_model import MAP_PATTERN
from printkit.games.fox_rabbit.record_text import record_yaml, run_data
from printkit.games.fox_rabbit.record_yaml import RecordError
from printkit.games.fox_rabbit.validate import validate_run

#: The longest text a box of the sheet holds (an endgame attempt with its aids is ~40).
MAX_VALUE = 80
_MAP_NAME = re.compile(f"^{MAP_PATTERN}$")


class RequestError(PrintkitError):
    """A request the page or a tool got wrong (not a record that breaks a rule): HTTP 400."""


# --- which sheet ----------------------------------------------------------------------------
def sheet_map(name: str) -> GameMap:
    """Return a map by the name its sheet prints (`classic`, `variant-17`); never a file."""
    from printkit.games.fox_rabbit.template import load_map

    if not _MAP_NAME.match(name):
        raise RequestError(f"unknown map {name!r}: expected classic or variant-N")
    try:
        return load_map(name)
    except PrintkitError as err:
        raise RequestError(str(err)) from None


def sheet_mode(mode: str) -> str:
    if mode not in MODES:
        raise RequestError(f"unknown mode {mode!r}: expected one of {', '.join(MODES)}")
    return mode


def form(game_map: GameMap, mode_id: str) -> dict[str, Any]:
    """Return what the page needs to know of a sheet: its fields and how its boxes connect."""
    mode = game_map.modes[mode_id]
    gained = sf.gained_circles(game_map, mode)
    return {
        "map": game_map.name, "mode": mode_id, "title": game_map.title,
        "fields": [{"name": f.name, "kind": f.kind, "label": f.label, "digits": f.digits}
                   for f in sf.fields(game_map, mode)],
        "trails": [{"id": str(t.id), "cells": [str(c.id) for c in t.cells],
                    "location": game_map.location(t.location).name,
                    "foods": list(game_map.foods_at(t))} for t in game_map.trails],
        "foods": {f.id: f.name for f in game_map.foods},
        "dice": {x: COLOUR_NAMES[x] for x in PRIMARY_LETTERS},
        # each reward, in the record's words, and the boxes that show it taken
        "rewards": {r: _reward_boxes(r, gained) for r in REWARDS},
        "aids": [{"id": aid, "name": AID_NAMES[aid],
                  "circles": [sf.circle_field(aid, k)
                              for k in range(1, game_map.aid_circles + 1)]} for aid in AIDS],
        "traps": [sf.trap_field(n) for n in range(1, game_map.farmer.traps + 1)],
    }


def _reward_boxes(reward: str, gained: int) -> list[str]:
    kind, i = reward_parts(reward)
    if kind == "die":
        return [sf.die_field(PRIMARY_LETTERS[i])]
    return [sf.gained_field(AIDS[i], k) for k in range(1, gained + 1)]


# --- the sheet as a record, and a record as a sheet ------------------------------------------
def sheet_values(game_map: GameMap, mode_id: str, raw: Any) -> dict[str, str | bool]:
    """Return the page's field values, checked: known names, ticks or short texts."""
    if not isinstance(raw, Mapping):
        raise RequestError("values must be an object of field names")
    known = {f.name: f.kind for f in sf.fields(game_map, game_map.modes[mode_id])}
    out: dict[str, str | bool] = {}
    for name, value in raw.items():
        kind = known.get(name)
        if kind is None:
            raise RequestError(f"there is no field {name!r} on the {game_map.name} {mode_id} "
                               f"sheet")
        if kind == "check" and isinstance(value, bool):
            if value:
                out[name] = True
        elif kind == "text" and isinstance(value, str) and len(value) <= MAX_VALUE:
            if value.strip():
                out[name] = value.strip()
        else:
            raise RequestError(f"field {name}: expected " + (
                "true or false" if kind == "check" else f"a text of at most {MAX_VALUE} "
                                                        f"characters"))
    return out


def turn_lines(raw: Any) -> list[str]:
    if raw is None:
        return []
    if not isinstance(raw, list) or not all(isinstance(t, str) for t in raw):
        raise RequestError("turns must be a list of turn lines")
    return [" ".join(t.split()) for t in raw]


def read_page(game_map: GameMap, mode_id: str, values: Mapping[str, str | bool],
              turns: list[str]) -> Run:
    """Return the run a page's sheet (and turn log) holds, read as a filled PDF form is.

    A box that cannot be read (letters in a number) raises RecordError naming its field.
    """
    mode = game_map.modes[mode_id]
    form: dict[str, str | bool] = {
        f.name: values.get(f.name, "" if f.kind == "text" else False)
        for f in sf.fields(game_map, mode)}
    form[sf.IDENTITY] = sf.identity(game_map, mode, rules_digest(game_map))
    run = read_run(SheetFields(form, "the sheet"), map_loader=lambda name: game_map)
    if turns:
        run = from_data({**run_data(run), "turns": list(turns)}, None, lambda name: game_map)
    return run


def page_values(run: Run) -> dict[str, str | bool]:
    """Return the page's field values that show a run, as its filled gamesheet would."""
    try:
        return sf.form_values(run)
    except ValueError as err:
        raise RecordError(f"the run does not fit on a gamesheet: {err}") from None


# --- what the page asks ------------------------------------------------------------------------
def check(game_map: GameMap, mode_id: str, values: Mapping[str, str | bool],
          turns: list[str]) -> dict[str, Any]:
    """Return the verdict on a sheet (`printkit validate --json`'s report) and its record."""
    run = read_page(game_map, mode_id, values, turns)
    return {"report": validate_run(run).as_dict(), "record": record_yaml(run_data(run))}


def filled_pdf(game_map: GameMap, mode_id: str, values: Mapping[str, str | bool],
               turns: list[str], paper_id: str) -> tuple[str, bytes]:
    """Return (file name, bytes) of the filled PDF gamesheet of a page's sheet."""
    from printkit.draw.paper import paper
    from printkit.products.fox_rabbit.gamesheet import filled_gamesheet

    try:
        sheet_paper = paper(paper_id)
    except PrintkitError as err:
        raise RequestError(str(err)) from None
    doc = filled_gamesheet(read_page(game_map, mode_id, values, turns), sheet_paper)
    return doc.filename, doc.pdf_bytes()


def play(game_map: GameMap, mode_id: str, turns: list[str]) -> list[str]:
    """Return why the last turn line (as far as it is written) breaks a rule; [] if it does not.

    The page sends the turn log with the mark a player is about to make at the end of its
    last line; the validator replays the whole log, and what it says of that turn refuses the
    mark. Turns before it were accepted one mark at a time, so they are legal.
    """
    if not turns:
        raise RequestError("send the turn log, with the turn being played last")
    data = {"game": sf.GAME, "map": game_map.name, "mode": mode_id, "turns": turns}
    try:
        report = validate_run(from_data(data))
    except RecordError as err:
        return [p.split(": ", 1)[-1] if p.startswith("turns[") else p for p in err.problems]
    here = f"turn {len(turns)}"
    return [f"{v.text} ({v.rule.citation})" for v in report.violations if v.place == here]


def open_record(data: bytes) -> dict[str, Any]:
    """Return a record (YAML, JSON) or a filled PDF gamesheet as the page shows it."""
    run = read_run(data, "the PDF" if data.startswith(b"%PDF-") else "the file")
    return {"map": run.map.name, "mode": run.mode, "values": page_values(run),
            "turns": [str(t) for t in run.turns or ()]}
