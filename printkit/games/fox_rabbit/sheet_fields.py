"""The gamesheet as a form: every box a player marks, by the name printed beside it.

One list of fields serves everything that reads or writes a sheet: the fillable PDF and the
browser page draw them (`printkit.products.fox_rabbit.sheet`), a filled form is turned into a
run record here (`record_data`), a record into a filled form (`form_values`), and
docs/gamesheet-form.md lists them. A field's name is what the sheet prints: the cell ids
(`F-A1`), or the words of its box (`trap-7`, `die-R`, `round-2-fox`).

No drawing here: the rules layer knows what a sheet holds, not what it looks like.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from printkit.games.fox_rabbit.board import AIDS, GameMap, Mode
from printkit.games.fox_rabbit.cells import ANIMAL_LETTERS, ANIMALS
from printkit.games.fox_rabbit.dice import COLOUR_NAMES, PRIMARY_LETTERS

#: Endgame rounds the printed log holds; a longer endgame goes on in a record (rules, "Rounds").
LOG_ROUNDS = 4
#: The hidden field that names the sheet a form was printed from.
IDENTITY = "printkit"
GAME = "fox-and-rabbit"

Kind = Literal["check", "text"]


@dataclass(frozen=True)
class SheetField:
    """One box of the sheet: its name, whether it is ticked or written in, and what it means."""

    name: str
    kind: Kind
    label: str          # in a player's words, for a screen reader and the docs' table
    digits: bool = False


def cell_label(game_map: GameMap, cell_id: str) -> str:
    """Return a cell as a screen reader names it: `F-A1, red 2` or `F-A3, orange circle`."""
    spec = game_map.cell(cell_id).spec
    what = f"{spec.colour_name} circle" if spec.value is None else \
        f"{spec.colour_name} {spec.value}"
    return f"{cell_id}, {what}"


def food_field(animal: str, food: str) -> str:
    """Return the name of an animal's box under a food: `F-apple`."""
    return f"{ANIMAL_LETTERS[animal]}-{food}"


def die_field(letter: str) -> str:
    return f"die-{letter}"


def gained_field(aid: str, k: int) -> str:
    """Return the box ticked when a reward gains the k-th extra circle (1, 2, ...) of an aid."""
    return f"gain-{aid}-{k}"


def circle_field(aid: str, k: int) -> str:
    """Return the k-th circle (1-4) of an aid track, crossed when spent."""
    return f"{aid}-{k}"


def trap_field(n: int) -> str:
    return f"trap-{n}"


def farmer_field(aid: str, animal: str) -> str:
    """Return the farmer's box for an aid used against an animal's trap (ruling 13)."""
    return f"farmer-{aid}-{ANIMAL_LETTERS[animal]}"


def attempt_field(rnd: int, animal: str, farmer: bool) -> str:
    """Return the endgame log's box for an attempt's dice and aids."""
    return f"round-{rnd}-{animal}" + ("-trap" if farmer else "")


def outcome_field(rnd: int, animal: str, farmer: bool) -> str:
    """Return the tick of an attempt: escaped, or caught by the farmer's trap."""
    return f"round-{rnd}-{animal}-" + ("caught" if farmer else "escaped")


def title_field(i: int) -> str:
    return f"title-{i + 1}"


SCORE_FIELDS: tuple[tuple[str, str], ...] = (
    ("score-foods", "foods eaten, times 1"), ("score-escaped", "escaped animals, times 5"),
    ("score-traps", "traps left, times 1"), ("score", "total score"))


def gained_circles(game_map: GameMap, mode: Mode) -> int:
    """Return how many circles of each aid track a reward can gain in a mode."""
    return game_map.aid_circles - mode.active_circles


def fields(game_map: GameMap, mode: Mode) -> Iterator[SheetField]:
    """Yield every field of a mode's sheet, in the order the sheet prints them."""
    yield SheetField("date", "text", "date")
    for trail in game_map.trails:
        for cell in trail.cells:
            name = str(cell.id)
            if cell.spec.value is None:
                yield SheetField(name, "text", f"{cell_label(game_map, name)}: the number "
                                 "written", digits=True)
            else:
                yield SheetField(name, "check", f"{cell_label(game_map, name)}: crossed")
    for food in game_map.foods:
        for animal in ANIMALS:
            yield SheetField(food_field(animal, food.id), "check",
                             f"{food.name}: eaten by the {animal}")
    for letter in PRIMARY_LETTERS:
        yield SheetField(die_field(letter), "check", f"extra {COLOUR_NAMES[letter]} die taken")
    for aid in AIDS:
        for k in range(1, gained_circles(game_map, mode) + 1):
            yield SheetField(gained_field(aid, k), "check", f"extra {aid} circle {k} gained")
    for aid in AIDS:
        for k in range(1, game_map.aid_circles + 1):
            yield SheetField(circle_field(aid, k), "check", f"{aid} circle {k} spent")
    for n in range(1, game_map.farmer.traps + 1):
        yield SheetField(trap_field(n), "check", f"trap {n} crossed")
    for aid in AIDS:
        for animal in ANIMALS:
            yield SheetField(farmer_field(aid, animal), "check",
                             f"farmer's {aid} used against the {animal}'s trap")
    for rnd in range(1, LOG_ROUNDS + 1):
        for farmer in (False, True):
            for animal in ANIMALS:
                what = f"farmer against the {animal}" if farmer else f"{animal}'s escape"
                yield SheetField(attempt_field(rnd, animal, farmer), "text",
                                 f"round {rnd}, {what}: dice and aids")
                yield SheetField(outcome_field(rnd, animal, farmer), "check",
                                 f"round {rnd}, {what}: " + ("caught" if farmer else "escaped"))
    for name, label in SCORE_FIELDS:
        yield SheetField(name, "text", label, digits=True)
    for i, title in enumerate(game_map.scoring.titles):
        yield SheetField(title_field(i), "check", f"title: {title.title}")
    for ach in game_map.scoring.achievements:
        yield SheetField(ach.id, "check", f"achievement: {ach.text}")


def identity(game_map: GameMap, mode: Mode, digest: str) -> str:
    """Return the hidden field's value: the game, the map, the mode and the map's digest."""
    return f"{GAME} {game_map.name} {mode.id} {digest}"


def parse_identity(value: str) -> tuple[str, str, str]:
    """Return (map, mode, digest) from the hidden field, or raise ValueError."""
    parts = value.split()
    if len(parts) != 4 or parts[0] != GAME:
        raise ValueError(value)
    return parts[1], parts[2], parts[3]


# --- a filled form as a record, and a record as a filled form -------------------------------
def _ticked(values: Mapping[str, Any], name: str) -> bool:
    return values.get(name) is True


def record_data(values: Mapping[str, str | bool], game_map: GameMap, mode: Mode
                ) -> dict[str, Any]:
    """Return the run record a filled sheet holds, as the data a YAML record would give.

    `values` maps field names to their text (written boxes, stripped) or True (ticked boxes);
    empty boxes may be absent. Only what the sheet shows goes in; the record model then reads
    it like any record, so a form and a YAML file are judged alike.
    """
    crossed = []
    written: dict[str, Any] = {}
    for trail in game_map.trails:
        for cell in trail.cells:
            name = str(cell.id)
            if cell.spec.value is None:
                text = values.get(name)
                if isinstance(text, str) and text:
                    crossed.append(name)
                    written[name] = text
            elif _ticked(values, name):
                crossed.append(name)
    eaten = {animal: [f.id for f in game_map.foods if _ticked(values, food_field(animal, f.id))]
             for animal in ANIMALS}
    rewards = [f"{COLOUR_NAMES[x]} die" for x in PRIMARY_LETTERS if _ticked(values, die_field(x))]
    rewards += [f"{aid} circle" for aid in AIDS
                for k in range(1, gained_circles(game_map, mode) + 1)
                if _ticked(values, gained_field(aid, k))]
    spent = {aid: sum(_ticked(values, circle_field(aid, k))
                      for k in range(1, game_map.aid_circles + 1)) for aid in AIDS}
    traps = [n for n in range(1, game_map.farmer.traps + 1) if _ticked(values, trap_field(n))]
    farmer = {aid: [a for a in ANIMALS if _ticked(values, farmer_field(aid, a))] for aid in AIDS}
    escapes, triggers = [], []
    for rnd in range(1, LOG_ROUNDS + 1):
        for farmer_side, out in ((False, escapes), (True, triggers)):
            for animal in ANIMALS:
                text = values.get(attempt_field(rnd, animal, farmer_side))
                ok = _ticked(values, outcome_field(rnd, animal, farmer_side))
                if isinstance(text, str) and text or ok:
                    out.append({"round": rnd, "animal": animal,
                                "dice": text if isinstance(text, str) else "",
                                ("triggered" if farmer_side else "escaped"): ok})
    claimed: dict[str, Any] = {}
    score = values.get("score")
    if isinstance(score, str) and score:
        claimed["score"] = score
    titles = [t.title for i, t in enumerate(game_map.scoring.titles)
              if _ticked(values, title_field(i))]
    if len(titles) == 1:
        claimed["title"] = titles[0]
    elif titles:
        claimed["title"] = titles  # the model says that one title is ticked, not several
    claimed["achievements"] = [a.id for a in game_map.scoring.achievements
                               if _ticked(values, a.id)]
    data: dict[str, Any] = {
        "game": GAME, "map": game_map.name, "mode": mode.id, "crossed": crossed,
        "written": written, "eaten": eaten, "rewards": rewards, "aids_spent": spent,
        "traps": traps, "farmer_aids": {k: v for k, v in farmer.items() if v},
        "escape_attempts": escapes, "trigger_attempts": triggers, "claimed": claimed,
    }
    return data
