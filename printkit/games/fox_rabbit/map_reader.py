"""Reading a map template (`templates/fox-and-rabbit/*.toml`) into a map, checked strictly.

Below the maps by name (`template.load_map`): the seeded variants read their candidates here
too, through the same strict checks as a template file.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from printkit.errors import TemplateError
from printkit.games.fox_rabbit.board import (
    MODES,
    Achievement,
    Cell,
    Farmer,
    Food,
    GameMap,
    Location,
    MeasuredDifficulty,
    Mode,
    Scoring,
    Title,
    Trail,
    Trap,
    trail_values_possible,
)
from printkit.games.fox_rabbit.cells import ANIMALS, CellId, CellSpec, TrailId
from printkit.games.fox_rabbit.dice import (
    COLOUR_BITS,
    COLOUR_LETTERS,
    MAX_PER_COLOUR,
    PRIMARY_LETTERS,
    Requirement,
)
from printkit.message import quoted
from printkit.reading import plain_name
from printkit.resources import template_path
from printkit.strict_toml import Table as _Table
from printkit.strict_toml import read_toml

FOOD_COUNT = 6


T = TypeVar("T")


def _text(value: str, parse: Callable[[str], T], where: str) -> T:
    """Return a value of the template read from its text, or raise naming where it is."""
    try:
        return parse(value)
    except ValueError as err:
        raise TemplateError(f"{where}: {err}") from None


def _requirement(text: str, where: str) -> Requirement:
    req = _text(text, Requirement.parse, where)
    # 2-4 dice of the two primaries, at most 2 of each: 2..24.
    for s in req.sums:
        if not 2 <= s <= 4 * 6:
            raise TemplateError(f"{where}: {s} cannot be made by 2-4 dice")
    if req.cap < min(req.sums):
        raise TemplateError(f"{where}: the total cap {req.cap} is below the sums {req.sums}")
    return req


def parse_map(data: dict[str, Any], source: str) -> GameMap:
    """Return the map described by a template's data; raise TemplateError naming the problem."""
    top = _Table(data, source)
    # the name goes into the sheet's file name (fox-and-rabbit-easy-NAME-letter.pdf)
    name = plain_name(top.get("name", str), f"{source}: the map name")
    title = top.get("title", str)

    dice = top.table("dice")
    start_names = dice.get("start", list)
    max_per_colour = dice.get("max_per_colour", int)
    dice.done()
    start: list[str] = []
    for n in start_names:
        if n not in ("red", "blue", "yellow"):
            raise TemplateError(f"{source}.dice.start: {quoted(n)} is not red, blue or yellow")
        start.append(COLOUR_LETTERS[n])
    if sorted(start) != sorted(PRIMARY_LETTERS):
        raise TemplateError(f"{source}.dice.start: a game starts with one red, one blue and "
                            f"one yellow die (clarification 1)")
    if max_per_colour != MAX_PER_COLOUR:
        raise TemplateError(f"{source}.dice.max_per_colour: must be {MAX_PER_COLOUR} "
                            "(clarification 1)")

    aids = top.table("aids")
    circles = aids.get("circles", int)
    aids.done()
    if not 1 <= circles <= 8:
        raise TemplateError(f"{source}.aids.circles: expected 1-8, not {circles}")

    modes_t = top.table("modes")
    modes: dict[str, Mode] = {}
    for mode_id in MODES:
        m = modes_t.table(mode_id)
        active = m.get("active_circles", int)
        threshold = m.get("escape_threshold", (int, str))
        per_attempt = m.get("farmer_aids_per_attempt", (int, str))
        m.done()
        if not 0 <= active <= circles:
            raise TemplateError(f"{m.where}.active_circles: expected 0-{circles}, not {active}")
        if threshold != "all" and not (isinstance(threshold,
                                                  int) and 1 <= threshold <= 2 * FOOD_COUNT):
            raise TemplateError(f"{m.where}.escape_threshold: expected 1-12 or \"all\"")
        if per_attempt != "any" and not (isinstance(per_attempt, int) and per_attempt >= 0):
            raise TemplateError(f"{m.where}.farmer_aids_per_attempt: expected a count or \"any\"")
        modes[mode_id] = Mode(mode_id, active, threshold,
                              None if per_attempt == "any" else per_attempt)
    modes_t.done()

    farmer_t = top.table("farmer")
    traps = farmer_t.get("traps", int)
    uses_per_trap = farmer_t.get("aid_uses_per_trap", int)
    trap_of: dict[str, Trap] = {}
    for animal in ANIMALS:
        t = farmer_t.table(f"{animal}_trap")
        dice_text = t.get("dice", str)
        req = _requirement(t.get("requirement", str), f"{t.where}.requirement")
        t.done()
        letters = tuple(dice_text.split())
        if not letters or any(x not in PRIMARY_LETTERS for x in letters):
            raise TemplateError(f"{t.where}.dice: write the farmer's dice as colour letters, "
                                f"e.g. \"R B Y\"")
        if any(letters.count(x) > MAX_PER_COLOUR for x in PRIMARY_LETTERS):
            raise TemplateError(f"{t.where}.dice: at most 2 dice of a colour")
        needed = [x for i, x in enumerate(PRIMARY_LETTERS) if COLOUR_BITS[req.colour] >> i & 1]
        if any(x not in letters for x in needed):
            raise TemplateError(f"{t.where}: the farmer's dice cannot make {req}")
        trap_of[animal] = Trap(letters, req)
    farmer_t.done()
    if not 1 <= traps <= 40:
        raise TemplateError(f"{source}.farmer.traps: expected 1-40, not {traps}")
    farmer = Farmer(traps, uses_per_trap, trap_of["fox"], trap_of["rabbit"])

    esc = top.table("escape")
    higher_from = esc.get("higher_tier_from", int)
    escape: dict[tuple[str, str], Requirement] = {}
    for animal in ANIMALS:
        a = esc.table(animal)
        for tier in ("lower", "higher"):
            escape[(animal, tier)] = _requirement(a.get(tier, str), f"{a.where}.{tier}")
        a.done()
    esc.done()

    score = top.table("score")
    per_food = score.get("per_food", int)
    per_escape = score.get("per_escape", int)
    per_trap = score.get("per_trap_left", int)
    titles: list[Title] = []
    for i, raw in enumerate(score.get("titles", list)):
        t = _Table(raw, f"{score.where}.titles[{i}]")
        titles.append(Title(t.get("from", int), t.get("title", str)))
        t.done()
    score.done()
    if not titles or titles[0].minimum != 0 or any(
            b.minimum <= a.minimum for a, b in itertools.pairwise(titles)):
        raise TemplateError(f"{source}.score.titles: titles must start from 0 and rise")

    achievements: list[Achievement] = []
    for i, raw in enumerate(top.get("achievements", list)):
        t = _Table(raw, f"{source}.achievements[{i}]")
        ach_id = t.get("id", str)
        mode = t.get("mode", str)
        needs_foods = t.get("foods", (int, str))
        escaped = t.get("escaped", str)
        text = t.get("text", str)
        t.done()
        if mode not in MODES:
            raise TemplateError(f"{t.where}.mode: expected one of {', '.join(MODES)}, not "
                                f"{quoted(mode)}")
        if needs_foods != "all" and not (isinstance(needs_foods, int)
                                         and 0 <= needs_foods <= 2 * FOOD_COUNT):
            raise TemplateError(f"{t.where}.foods: expected a count or \"all\"")
        if escaped not in ("one", "both"):
            raise TemplateError(f"{t.where}.escaped: expected one or both, not {quoted(escaped)}")
        achievements.append(Achievement(ach_id, mode, needs_foods, 1 if escaped == "one" else 2,
                                        text))
    _unique([a.id for a in achievements], f"{source}.achievements")

    foods: list[Food] = []
    for i, raw in enumerate(top.get("foods", list)):
        t = _Table(raw, f"{source}.foods[{i}]")
        foods.append(Food(t.get("id", str), t.get("name", str)))
        t.done()
    _unique([f.id for f in foods], f"{source}.foods")
    if len(foods) != FOOD_COUNT:
        raise TemplateError(f"{source}.foods: there are {FOOD_COUNT} foods (clarification 6), "
                            f"not {len(foods)}")
    food_ids = {f.id for f in foods}

    locations: list[Location] = []
    for i, raw in enumerate(top.get("locations", list)):
        t = _Table(raw, f"{source}.locations[{i}]")
        loc = Location(t.get("id", str), t.get("name", str), tuple(t.get("foods", list)))
        t.done()
        for f in loc.foods:
            if f not in food_ids:
                raise TemplateError(f"{t.where}.foods: unknown food {quoted(f)} "
                                    f"(foods: {', '.join(sorted(food_ids))})")
        if len(set(loc.foods)) < 2:
            raise TemplateError(f"{t.where}: a food location offers more than one food "
                                "(clarification 6)")
        locations.append(loc)
    _unique([loc.id for loc in locations], f"{source}.locations")
    loc_ids = {loc.id for loc in locations}
    offered = {f for loc in locations for f in loc.foods}
    if offered != food_ids:
        raise TemplateError(f"{source}.locations: no location offers "
                            f"{', '.join(sorted(food_ids - offered))}")

    trails: list[Trail] = []
    for i, raw in enumerate(top.get("trails", list)):
        t = _Table(raw, f"{source}.trails[{i}]")
        tid = _text(t.get("id", str), TrailId.parse, f"{t.where}.id")
        where = f"{source}: trail {tid}"
        start_kind = t.get("from", str)
        to = t.get("to", str)
        specs = t.get("cells", list)
        t.done()
        if start_kind not in ("start", "tunnel"):
            raise TemplateError(f"{where}: 'from' is start or tunnel, not {quoted(start_kind)}")
        if to not in loc_ids:
            raise TemplateError(f"{where}: unknown food location {quoted(to)} "
                                f"(locations: {', '.join(sorted(loc_ids))})")
        if not specs:
            raise TemplateError(f"{where}: a trail has at least one cell")
        if len(specs) > 99:
            raise TemplateError(f"{where}: at most 99 cells")
        cells = []
        for pos, spec_text in enumerate(specs, start=1):
            cid = CellId(tid.animal_letter, tid.letter, pos)
            if not isinstance(spec_text, str):
                raise TemplateError(f"{where}: cell {cid} must be text like \"R3\" or \"(G)\"")
            cells.append(Cell.make(cid, _text(spec_text, CellSpec.parse, f"{where}, cell {cid}")))
        trail = Trail(tid, start_kind, to, tuple(cells))
        problem = trail_values_possible(trail)
        if problem is not None:
            raise TemplateError(f"{where}: {problem}")
        trails.append(trail)
    difficulty = _difficulty(top.get("difficulty", dict, None), f"{source}.difficulty")
    top.done()
    _unique([str(t.id) for t in trails], f"{source}.trails")
    trails.sort(key=lambda t: (t.id.animal_letter != "F", t.id.letter))
    for animal in ANIMALS:
        mine = [t for t in trails if t.animal == animal]
        if not any(t.start == "start" for t in mine):
            raise TemplateError(f"{source}: the {animal} has no trail from its starting position, "
                                f"so none of its trails can be reached")
        # A tunnel is taken after eating one food; the trail's location must still offer
        # another (clarification 5), which a location of 2+ foods always does.
        trail_letters = [x.id.letter for x in mine]
        if len(set(trail_letters)) != len(trail_letters):
            raise TemplateError(f"{source}: the {animal}'s trail letters repeat")
    return GameMap(name, title, tuple(start), max_per_colour, circles, modes, farmer,
                   higher_from, escape,
                   Scoring(per_food, per_escape, per_trap, tuple(titles), tuple(achievements)),
                   tuple(foods), tuple(locations), tuple(trails), difficulty)


def _difficulty(data: dict[str, Any] | None, where: str) -> MeasuredDifficulty | None:
    """Return the measured difficulty stored with a map (None when there is none)."""
    if data is None:
        return None
    t = _Table(data, where)
    strategy = t.get("strategy", str)
    games = t.get("games", int)
    seed = t.get("seed", int)
    rules = t.get("rules", str)
    won_t = t.table("won")
    won = tuple((mode, won_t.get(mode, int)) for mode in MODES)
    won_t.done()
    t.done()
    if games < 1 or seed < 0:
        raise TemplateError(f"{where}: games must be 1 or more and seed 0 or more")
    for mode, n in won:
        if not 0 <= n <= games:
            raise TemplateError(f"{where}.won.{mode}: expected 0-{games}, not {n}")
    return MeasuredDifficulty(strategy, games, seed, rules, won)


def _unique(ids: list[str], where: str) -> None:
    seen: set[str] = set()
    for i in ids:
        if i in seen:
            raise TemplateError(f"{where}: the id {quoted(i)} is used twice")
        seen.add(i)


def read_map_file(path: Path) -> GameMap:
    """Return the map in a TOML file."""
    return parse_map(read_toml(path, "map template"), path.name)


def read_template(name: str) -> GameMap:
    """Return the map of the template `templates/fox-and-rabbit/NAME.toml` (read afresh)."""
    path = template_path("fox-and-rabbit", f"{name}.toml")
    if not path.exists():
        raise TemplateError(f"unknown map {quoted(name)}: printkit has no such map")
    return read_map_file(path)
