"""The run record: one model for every source, read into the values the validator checks.

Each source gives plain data: YAML or JSON text (`record_yaml.load`), or a filled PDF form
(`sheet_fields.record_data`). The data goes through one typed model (`record_model.RunRecord`)
and then onto the map (`to_run`), which knows the cells, foods and achievements. A record that
cannot be read raises `RecordError` (exit 2) with every problem found, each saying where (a
line and column, or a form's field); a record that reads but breaks a rule is the
validator's business (exit 1).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from itertools import islice
from typing import Any

from pydantic import ValidationError

from printkit.errors import PrintkitError
from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.games.fox_rabbit import terms
from printkit.games.fox_rabbit.board import AIDS, GameMap, rules_digest
from printkit.games.fox_rabbit.cells import ANIMAL_INDEX, ANIMALS
from printkit.games.fox_rabbit.dice import die_code
from printkit.games.fox_rabbit.engine import NO_REWARD, REWARDS, AidUse
from printkit.games.fox_rabbit.moves import Turn
from printkit.games.fox_rabbit.record_formats import VERSION, upgrade
from printkit.games.fox_rabbit.record_model import LIMITS, RunRecord
from printkit.games.fox_rabbit.record_problems import at, explain
from printkit.games.fox_rabbit.record_yaml import (
    MAX_BYTES,
    MAX_PROBLEMS,
    Locator,
    RecordError,
    YamlLocator,
    key_path,
    load,
    shown,
)
from printkit.games.fox_rabbit.run import Attempt, Run
from printkit.games.fox_rabbit.sheet_fields import FormRecord
from printkit.games.fox_rabbit.template import load_map, load_map_with_digest
from printkit.message import Message, Said, Shown, quoted, said_of, tr

MapLoader = Callable[[str], GameMap]


def json_schema() -> dict[str, Any]:
    """Return the JSON Schema of a run record (generated from the model the validator uses)."""
    schema = RunRecord.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    return schema


# --- reading --------------------------------------------------------------------------------
def read_record(text: str, map_loader: MapLoader | None = None) -> Run:
    """Return the run in a record's YAML (or JSON) text, or raise RecordError saying where.

    A food may be written as the sheet prints it in any of printkit's languages
    (`Zanahoria`, `carotte`), or by its id (`carrot`).
    """
    return from_data(load(text, RunRecord.model_fields), YamlLocator(text), map_loader)


def from_data(data: Any, where: Locator | None = None,
              map_loader: MapLoader | None = None) -> Run:
    """Return the run in a record's data, whatever source gave it."""
    where = where or Locator()
    if not isinstance(data, dict):
        raise RecordError(tr("a run record is a set of keys (game, mode, crossed, ...), not "
                             "{found}", found=shown(data)))
    for key, most in _MAPPING_LIMITS.items():
        # pydantic checks every entry of a mapping before its length: a huge one is refused
        # first, so that a megabyte of bad keys is one problem, not a hundred thousand
        value = data.get(key)
        if isinstance(value, dict) and len(value) > most:
            raise RecordError(at(where((key,)), tr("expected at most {most} entries (found "
                                                   "{found})", most=most, found=len(value))))
    data, version, where = upgrade(data, where)
    try:
        record = RunRecord.model_validate(data)
    except ValidationError as err:
        # only the problems shown are explained: locating each one walks the text's nodes
        count = err.error_count()
        shown_ = [explain(dict(e), where) for e in islice(err.errors(include_url=False),
                                                          MAX_PROBLEMS)]
        # the rest of the record is checked against its map too, so that every problem is
        # listed at once: a bad die and a trail longer than the map's are said together
        more, more_count = _map_problems(data, err, where, map_loader)
        shown_ += more[:MAX_PROBLEMS - len(shown_)]
        raise RecordError(sorted(shown_, key=lambda p: _position(str(p))),
                          max(0, count + more_count - len(shown_))) from None
    run = to_run(record, where, map_loader)
    return run if version == VERSION else replace(run, old_format=version)


_LINE = re.compile(r"^line (\d+), column (\d+)")


def _position(problem: str) -> tuple[int, int]:
    """Return where in the text a problem is, to list them in reading order."""
    m = _LINE.match(problem)
    return (int(m[1]), int(m[2])) if m else (0, 0)


#: Values a record needs before its map can be checked, standing in for refused ones.
_STAND_INS = {"game": "fox-and-rabbit", "mode": "easy"}


def _map_problems(data: dict[str, Any], err: ValidationError, where: Locator,
                  map_loader: MapLoader | None) -> tuple[list[Said], int]:
    """Return the problems the map finds in the keys the model accepted, and their count."""
    refused = {e["loc"][0] for e in err.errors(include_url=False) if e["loc"]}
    if refused & {"map", "variant"} or any(not e["loc"] for e in err.errors()):
        return [], 0  # no map to check against, or no keys at all
    rest = {k: v for k, v in data.items() if k not in refused}
    rest.update({k: v for k, v in _STAND_INS.items() if k in refused})
    try:
        to_run(RunRecord.model_validate(rest), where, map_loader)
    except ValidationError:
        return [], 0
    except RecordError as found:
        return found.said_problems, len(found.problems) + found.more
    return [], 0


class _FieldLocator(Locator):
    """Says which field of a filled form a place in the record came from."""

    def __init__(self, form: FormRecord) -> None:
        self._form = form

    def __call__(self, loc: tuple[Any, ...], key: bool = False) -> Said:
        name = self._form.field_of(loc)
        return tr("field {name}", name=name) if name else key_path(loc)


def read_sheet(values: dict[str, str | bool], shown_as: str = "the form",
               map_loader: MapLoader | None = None) -> Run:
    """Return the run a filled gamesheet form holds (its fields' values, by name).

    The form's hidden field says the game, map, mode and the digest of the map's rules it was
    printed from; a form printed from other rules, or with fields another sheet has, is
    refused, naming the field.
    """
    identity = values.get(sf.IDENTITY)
    identity_field = tr("field {name}", name=sf.IDENTITY)
    try:
        map_name, mode_id, digest = sf.parse_identity(identity if isinstance(identity, str)
                                                      else "")
    except ValueError:
        raise RecordError(tr("{file} is not a printkit gamesheet of The Fox and the Rabbit "
                             "(its hidden field {field} is missing or changed)", file=shown_as,
                             field=quoted(sf.IDENTITY))) from None
    try:
        # the digest first: a seeded variant is found by it, no game played to make it
        found = map_loader(map_name) if map_loader is not None else \
            load_map_with_digest(map_name, digest)
    except RecordError:
        raise
    except PrintkitError as err:  # a bundled map or variant-N only: see template.load_map
        raise RecordError(at(identity_field, said_of(err))) from None
    if found is None:
        raise RecordError(at(identity_field, tr(
            "{file} was printed from other rules or another version of the {map} map; print a "
            "new sheet", file=shown_as, map=map_name)))
    game_map = found
    mode = game_map.modes.get(mode_id)
    if mode is None:
        raise RecordError(at(identity_field, tr(
            "{file} names mode {mode}, which the {map} map does not have", file=shown_as,
            mode=quoted(mode_id), map=game_map.name)))
    if digest != rules_digest(game_map):
        raise RecordError(at(identity_field, tr(
            "{file} was printed from other rules or another version of the {map} map; print a "
            "new sheet", file=shown_as, map=game_map.name)))
    # the fields of the layout the form was printed in: today's, or an older one's (whose
    # endgame log held more rounds)
    known = min(({f.name for f in sf.fields(game_map, mode, layout)} | {sf.IDENTITY}
                 for layout in sorted(sf.LOG_ROUNDS_OF_LAYOUT, reverse=True)),
                key=lambda names: len(names ^ set(values)))
    extra = sorted(set(values) - known)
    missing = sorted(known - set(values))
    if extra or missing:
        name = Shown((extra or missing)[0], quote=False)  # a PDF's own: any text at all
        raise RecordError(tr(
            "field {name} is not on the {map} map's {mode} sheet: {file} comes from another "
            "map or mode", name=name, map=game_map.name, mode=terms.mode(mode_id),
            file=shown_as) if extra else tr(
            "field {name} is missing from the {map} map's {mode} sheet: {file} comes from "
            "another map or mode", name=name, map=game_map.name, mode=terms.mode(mode_id),
            file=shown_as))
    form = sf.record_data(values, game_map, mode)
    if not form.problems:
        return from_data(form.data, _FieldLocator(form), map_loader)
    # the boxes that can be read are read too, so that every problem is listed at once
    problems, count = list(form.problems), len(form.problems)
    try:
        from_data(form.data, _FieldLocator(form), map_loader)
    except RecordError as err:
        problems += err.said_problems
        count += len(err.problems) + err.more
    raise RecordError(problems[:MAX_PROBLEMS], max(0, count - MAX_PROBLEMS))


def printed_foods(game_map: GameMap) -> dict[str, str]:
    """Return each food of a map as every language's sheet prints it (lower case, single
    spaces), mapped to its id: `zanahoria` and `carotte` to `carrot`."""
    from printkit.language import LANGUAGES, language

    return {_squashed(language(code).gettext(f.name)): f.id
            for code in LANGUAGES for f in game_map.foods}


def _squashed(text: str) -> str:
    return " ".join(text.lower().split())


def _loader(map_loader: MapLoader | None) -> MapLoader:
    """Return the map loader to use: the one given, or the maps by name."""
    return map_loader if map_loader is not None else load_map


_MAPPING_LIMITS = {"written": LIMITS["crossed"], "progress": LIMITS["trails"], "eaten": 2,
                   "aids_spent": 3, "farmer_aids": 3, "claimed": 3}


def record_map_name(record: RunRecord) -> str:
    """Return the map a record was played on: `variant: N` names seeded variant N."""
    if record.variant is None:
        return record.map
    if "map" in record.model_fields_set and record.map != f"variant-{record.variant}":
        raise RecordError(tr("map: {map} and variant: {variant} name two different maps; "
                             "keep one of them", map=quoted(record.map),
                             variant=record.variant))
    return f"variant-{record.variant}"


def to_run(record: RunRecord, where: Locator | None = None,
           map_loader: MapLoader | None = None) -> Run:
    """Return the engine values of a record, checking its ids against its map."""
    where = where or Locator()
    try:
        game_map = _loader(map_loader)(record_map_name(record))
    except RecordError:
        raise
    except PrintkitError as err:
        key = "variant" if record.variant is not None else "map"
        raise RecordError(at(where((key,)), said_of(err))) from None
    problems: list[Said] = []

    def fail(loc: tuple[Any, ...], msg: Said) -> None:
        problems.append(at(where(loc), msg))

    cells = game_map.cells
    crossed: list[str] = []

    def no_cell(cell: str) -> Message:
        return tr("there is no cell {cell} on the {map} map", cell=cell, map=game_map.name)

    def unknown_food(food: str) -> Message:
        return tr("unknown food {food} (foods: {foods})", food=quoted(food),
                  foods=", ".join(game_map.food_ids()))
    if record.progress is not None:
        for trail_id, n in record.progress.items():
            trail = game_map.trail_by_id.get(trail_id)
            if trail is None:
                fail(("progress", trail_id), tr("there is no trail {trail} on the {map} map",
                                                trail=trail_id, map=game_map.name))
            elif n > len(trail):
                fail(("progress", trail_id), tr("trail {trail} has {cells} cells, not {n}",
                                                trail=trail_id, cells=len(trail), n=n))
        crossed = [str(c.id) for t in game_map.trails  # in the map's order, whatever the text's
                   for c in t.cells[:record.progress.get(str(t.id), 0)]]
    else:
        seen: set[str] = set()
        for i, c in enumerate(record.crossed or ()):
            if c not in cells:
                fail(("crossed", i), no_cell(c))
            elif c in seen:
                fail(("crossed", i), tr("{cell} is listed twice", cell=c))
            seen.add(c)
            crossed.append(c)
    for c in record.written:
        if c not in cells:
            fail(("written", c), no_cell(c))
    foods = game_map.food_ids()
    by_name = {_squashed(f.name): f.id for f in game_map.foods}

    def food_id(food: str) -> str:
        """Return a food's id from its id, its name, or its name on another language's sheet."""
        if food in foods:
            return food
        if _squashed(food) not in by_name:
            by_name.update(printed_foods(game_map))  # the catalogues, read only when asked
        return by_name.get(_squashed(food), food)

    eaten = {animal: tuple(map(food_id, getattr(record.eaten, animal))) for animal in ANIMALS}
    for animal in ANIMALS:
        for i, food in enumerate(eaten[animal]):
            if food not in foods:
                fail(("eaten", animal, i), unknown_food(food))
    known = [a.id for a in game_map.scoring.achievements]
    for i, a in enumerate(record.claimed.achievements):
        if a not in known:
            fail(("claimed", "achievements", i), tr(
                "unknown achievement {achievement} (achievements: {known})",
                achievement=quoted(a), known=", ".join(known)))

    def attempts(key: str) -> tuple[Attempt, ...]:
        out = []
        for i, att in enumerate(getattr(record, key)):
            aids = []
            for j, text in enumerate(att.aids):
                try:
                    aids.append(AidUse.parse(text))
                except ValueError as err:
                    fail((key, i, "aids", j), said_of(err))
            outcome = att.escaped if key == "escape_attempts" else att.triggered
            out.append(Attempt(att.round, ANIMAL_INDEX[att.animal],
                               tuple(die_code(d) for d in att.roll), tuple(aids), outcome))
        return tuple(out)

    escapes, triggers = attempts("escape_attempts"), attempts("trigger_attempts")
    turns = None
    if record.turns is not None:
        parsed = []
        for i, line in enumerate(record.turns):
            try:
                turn = Turn.parse(line)
            except ValueError as err:
                fail(("turns", i), tr("turn {n}: {problem}", n=i + 1, problem=said_of(err)))
                continue
            if any(mv.food is not None and mv.food not in foods for mv in turn.moves):
                # a food written as a sheet prints it: the turn as if written with its id
                turn = replace(turn, moves=tuple(
                    mv if mv.food is None else replace(mv, food=food_id(mv.food))
                    for mv in turn.moves))
            for mv in turn.moves:
                if mv.cell not in cells:
                    fail(("turns", i), tr("turn {n}: {problem}", n=i + 1,
                                          problem=no_cell(mv.cell)))
                if mv.food is not None and mv.food not in foods:
                    fail(("turns", i), tr("turn {n}: {problem}", n=i + 1,
                                          problem=unknown_food(mv.food)))
            if len(turn.roll) > LIMITS["dice"]:
                fail(("turns", i), tr("turn {n}: {problem}", n=i + 1,
                                      problem=tr("at most 6 dice are rolled")))
            parsed.append(turn)
        turns = tuple(parsed)
    if problems:
        raise RecordError(problems[:MAX_PROBLEMS], max(0, len(problems) - MAX_PROBLEMS))

    spent = {str(aid): n for aid, n in record.aids_spent.items()}
    ticked = None if record.farmer_aids is None else {
        str(aid): animals for aid, animals in record.farmer_aids.items()}
    farmer = None if ticked is None else tuple(
        frozenset(ANIMAL_INDEX[a] for a in ticked.get(aid, [])) for aid in AIDS)
    return Run(
        game_map, record.mode, tuple(crossed), dict(record.written),
        (eaten["fox"], eaten["rabbit"]),
        None if record.rewards is None else tuple(record.rewards),
        (spent.get(AIDS[0], 0), spent.get(AIDS[1], 0), spent.get(AIDS[2], 0)),
        record.traps_crossed, farmer, escapes, triggers,
        record.claimed.score, record.claimed.title, tuple(record.claimed.achievements), turns)


__all__ = [
    "MAX_BYTES",
    "NO_REWARD",
    "REWARDS",
    "Attempt",
    "RecordError",
    "Run",
    "from_data",
    "json_schema",
    "read_record",
    "to_run",
]
