"""What the page asks the referee, in plain Python: no HTTP here, so each answer is testable.

The page holds a sheet as its field values (`{"F-A1": true, "F-B4": "10", ...}`, named as in
`sheet_fields`) and, in play-along mode, a turn log. Everything is judged by the validator of
`printkit validate`: the values become a run record through `sheet_fields.record_data`, the
same road a filled PDF form takes.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from printkit.errors import PrintkitError
from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.games.fox_rabbit.board import AID_NAMES, AIDS, MODES, GameMap
from printkit.games.fox_rabbit.cells import ANIMALS
from printkit.games.fox_rabbit.dice import COLOUR_NAMES, PRIMARY_LETTERS, dice_text
from printkit.games.fox_rabbit.engine import REWARDS, reward_parts
from printkit.games.fox_rabbit.record import Run, from_data, read_record
from printkit.games.fox_rabbit.record_model import LIMITS, MAP_PATTERN
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
        "start_dice": list(game_map.start_dice),
        "dice": {x: COLOUR_NAMES[x] for x in PRIMARY_LETTERS},
        # each reward, in the record's words, and the boxes that show it taken
        "rewards": {r: _reward_boxes(r, gained) for r in REWARDS},
        "aids": [{"id": aid, "name": AID_NAMES[aid],
                  "circles": [sf.circle_field(aid, k)
                              for k in range(1, game_map.aid_circles + 1)]} for aid in AIDS],
        "active_circles": mode.active_circles,
        "traps": [sf.trap_field(n) for n in range(1, game_map.farmer.traps + 1)],
        "log_rounds": sf.LOG_ROUNDS,
        "turns": LIMITS["turns"],
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


def record_data(game_map: GameMap, mode_id: str, values: Mapping[str, str | bool],
                turns: list[str]) -> dict[str, Any]:
    """Return the run record a sheet's values (and turn log) hold, as a record's data."""
    data = _model_keys(sf.record_data(values, game_map, game_map.modes[mode_id]))
    if turns:
        data["turns"] = list(turns)
    return data


def _model_keys(data: dict[str, Any]) -> dict[str, Any]:
    """TEMPORARY, until issue 9 lands: put `sheet_fields.record_data`'s keys in the model's.

    On i9 today record_data gives `traps` (the boxes ticked), an attempt's `dice` and the
    sheet's texts for numbers, while the record model takes `traps_crossed`, `roll` and whole
    numbers. Delete this once record_data gives the model's keys.
    """
    out: dict[str, Any] = {}
    for key, value in data.items():
        if key == "traps":
            out["traps_crossed"] = len(value)
        elif key == "written":
            out[key] = {c: _number(v) for c, v in value.items()}
        elif key in ("escape_attempts", "trigger_attempts"):
            out[key] = [{("roll" if k == "dice" else k): v for k, v in att.items()}
                        for att in value]
        elif key == "claimed" and "score" in value:
            out[key] = {**value, "score": _number(value["score"])}
        else:
            out[key] = value
    data = out
    return data


def _number(text: Any) -> Any:
    """Return a box's digits as a number; other text as it is, for the model to refuse."""
    return int(text) if isinstance(text, str) and text.isdigit() and len(text) < 4 else text


def run_values(run: Run) -> dict[str, str | bool]:
    """Return the field values that show a run on its sheet (the inverse of record_data).

    TEMPORARY home, until issue 9's `sheet_fields.form_values` lands; then this calls it.
    """
    m = run.map
    values: dict[str, str | bool] = {}
    for c in run.crossed:
        if m.cells[c].spec.value is None:
            if c in run.written:
                values[c] = str(run.written[c])
        else:
            values[c] = True
    for a, animal in enumerate(ANIMALS):
        for food in run.eaten[a]:
            values[sf.food_field(animal, food)] = True
    gained = sf.gained_circles(m, m.modes[run.mode])
    taken: dict[str, int] = {}
    for reward in run.rewards or ():
        boxes = _reward_boxes(reward, gained)
        n = taken.get(reward, 0)
        if n < len(boxes):
            values[boxes[n]] = True
        taken[reward] = n + 1
    for k, aid in enumerate(AIDS):
        for i in range(1, min(run.aids_spent[k], m.aid_circles) + 1):
            values[sf.circle_field(aid, i)] = True
    for n in range(1, min(run.traps_crossed, m.farmer.traps) + 1):
        values[sf.trap_field(n)] = True
    for k, aid in enumerate(AIDS):
        if run.farmer_aids is not None:
            against = set(run.farmer_aids[k])
        else:  # a record that leaves the boxes out: the sheet shows those his attempts used
            against = {att.animal for att in run.triggers if any(u.aid == k for u in att.aids)}
        for a in sorted(against):
            values[sf.farmer_field(aid, ANIMALS[a])] = True
    for atts, farmer in ((run.escapes, False), (run.triggers, True)):
        for att in atts:
            if att.round > sf.LOG_ROUNDS:
                continue
            animal = ANIMALS[att.animal]
            values[sf.attempt_field(att.round, animal, farmer)] = "; ".join(
                [dice_text(att.roll)] + [str(aid) for aid in att.aids])
            if att.outcome:
                values[sf.outcome_field(att.round, animal, farmer)] = True
    if run.claim_score is not None:
        values["score"] = str(run.claim_score)
    if run.claim_title is not None:
        wanted = " ".join(run.claim_title.casefold().split())
        for i, t in enumerate(m.scoring.titles):
            if " ".join(t.title.casefold().split()) == wanted:
                values[sf.title_field(i)] = True
    for ach in run.claim_achievements:
        values[ach] = True
    return values


# --- what the page asks ------------------------------------------------------------------------
def check(game_map: GameMap, mode_id: str, values: Mapping[str, str | bool],
          turns: list[str]) -> dict[str, Any]:
    """Return the verdict on a sheet (`printkit validate --json`'s report) and its record.

    A sheet whose boxes cannot be read as a record raises RecordError, as a record would.
    """
    from printkit.games.fox_rabbit.simulate import record_yaml

    data = record_data(game_map, mode_id, values, turns)
    report = validate_run(from_data(data))
    return {"report": report.as_dict(), "record": record_yaml(data)}


def play(game_map: GameMap, mode_id: str, turns: list[str]) -> list[str]:
    """Return why the last turn line (as far as it is written) breaks a rule; [] if it does not.

    The page sends the turn log with the mark a player is about to make at the end of its
    last line; the validator replays the whole log, and what it says of that turn refuses the
    mark. Turns before it were accepted one mark at a time, so they are legal.
    """
    from printkit.games.fox_rabbit.record import RecordError

    if not turns:
        raise RequestError("send the turn log, with the turn being played last")
    data = {"game": sf.GAME, "map": game_map.name, "mode": mode_id, "turns": turns}
    try:
        report = validate_run(from_data(data))
    except RecordError as err:
        return [p.split(": ", 1)[-1] if p.startswith("turns[") else p for p in err.problems]
    here = f"turn {len(turns)}"
    return [f"{v.text} ({v.rule.citation})" for v in report.violations if v.place == here]


def open_record(text: str) -> dict[str, Any]:
    """Return a YAML (or JSON) record as the page shows it: map, mode, values, turn log."""
    run = read_record(text)
    return {"map": run.map.name, "mode": run.mode, "values": run_values(run),
            "turns": [str(t) for t in run.turns or ()]}
