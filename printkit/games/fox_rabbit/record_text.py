"""Writing a run record: the YAML a person would write, from a record's data or a read run,
and the blank record a person fills in from a sheet.

Reading lives beside it (`record`, `record_yaml`): what is written here reads back the same.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import yaml

from printkit.errors import PrintkitError
from printkit.games.fox_rabbit.board import AIDS, MODES, GameMap
from printkit.games.fox_rabbit.cells import ANIMALS
from printkit.games.fox_rabbit.dice import COLOUR_NAMES, PRIMARY_LETTERS, dice_text
from printkit.games.fox_rabbit.record_formats import VERSION
from printkit.games.fox_rabbit.record_model import DEFAULT_MAP
from printkit.games.fox_rabbit.run import Run
from printkit.games.fox_rabbit.template import load_map
from printkit.message import quoted

_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
_ITEMS = ("escape_attempts", "trigger_attempts", "turns")


def record_yaml(record: dict[str, Any]) -> str:
    """Return a run record as YAML laid out as a person writes one (see docs/run-record.md)."""
    out = []
    for key, value in record.items():
        if key in _ITEMS and value:
            out.append(f"{key}:\n" + "".join(f"  - {_flow(item)}\n" for item in value))
        elif key == "claimed":
            out.append("claimed:\n" + "".join(f"  {k}: {_flow(v)}\n" for k, v in value.items()))
        elif value is not None:
            out.append(f"{key}: {_flow(value)}\n")
    return "".join(out)


def run_data(run: Run) -> dict[str, Any]:
    """Return a run as compact record data: each trail's progress where the cells allow it."""
    m = run.map
    crossed = set(run.crossed)
    progress: dict[str, int] = {}
    for cell_id in run.crossed:          # in the order the trails were started
        trail = m.trail(m.cell(cell_id).id.trail)
        progress.setdefault(str(trail.id), sum(str(c.id) in crossed for c in trail.cells))
    prefix = all(str(c.id) in crossed for t in m.trails
                 for c in t.cells[:progress.get(str(t.id), 0)])
    data: dict[str, Any] = {"game": "fox-and-rabbit", "version": VERSION, "map": m.name,
                            "mode": run.mode}
    if prefix:
        data["progress"] = progress
    else:
        data["crossed"] = list(run.crossed)
    data["written"] = dict(run.written)
    data["eaten"] = {animal: list(run.eaten[a]) for a, animal in enumerate(ANIMALS)}
    if run.rewards is not None:
        data["rewards"] = list(run.rewards)
    data["aids_spent"] = {aid: run.aids_spent[k] for k, aid in enumerate(AIDS)}
    data["traps_crossed"] = run.traps_crossed
    if run.farmer_aids is not None and any(run.farmer_aids):
        data["farmer_aids"] = {aid: [ANIMALS[a] for a in sorted(run.farmer_aids[k])]
                               for k, aid in enumerate(AIDS) if run.farmer_aids[k]}
    for key, attempts, outcome in (("escape_attempts", run.escapes, "escaped"),
                                   ("trigger_attempts", run.triggers, "triggered")):
        data[key] = [{"round": att.round, "animal": ANIMALS[att.animal],
                      "roll": dice_text(att.roll), "aids": [str(a) for a in att.aids],
                      outcome: att.outcome} for att in attempts]
    claimed: dict[str, Any] = {}
    if run.claim_score is not None:
        claimed["score"] = run.claim_score
    if run.claim_title is not None:
        claimed["title"] = run.claim_title
    claimed["achievements"] = list(run.claim_achievements)
    data["claimed"] = claimed
    if run.turns is not None:
        data["turns"] = [str(t) for t in run.turns]
    return data


def _flow(value: Any) -> str:
    text = yaml.dump(value, Dumper=_DUMPER, default_flow_style=True, width=1 << 20,
                     allow_unicode=True, sort_keys=False)
    return text[:-5] if text.endswith("\n...\n") else text.rstrip("\n")


def blank_record(mode: str, map_name: str = DEFAULT_MAP,
                 map_loader: Callable[[str], GameMap] | None = None) -> str:
    """Return an empty run record to fill in from a sheet, with a comment on every key.

    The hints (starting aid circles, escape threshold, foods, titles, achievements) come from
    the map, so they are the ones printed on that map's gamesheet.
    """
    if mode not in MODES:
        raise PrintkitError(f"unknown mode {quoted(mode)}: expected one of "
                            f"{', '.join(MODES)}")
    game_map = (map_loader or load_map)(map_name)
    rules = game_map.modes[mode]
    threshold = ("all 6 foods" if rules.escape_threshold == "all"
                 else f"{rules.escape_threshold} foods")
    titles = "".join(f"\n#   {t.minimum:>2}+ {t.title}" for t in game_map.scoring.titles)
    achievements = ", ".join(a.id for a in game_map.scoring.achievements if a.mode == mode)
    trails = ", ".join(str(t.id) for t in game_map.trails)
    dice = ", ".join(f"{COLOUR_NAMES[x]} die" for x in PRIMARY_LETTERS)
    return f"""\
# The Fox and the Rabbit: a run record. Copy what your sheet shows, then check it:
#   printkit validate FILE      (the format: docs/run-record.md)
# Words may be written as the sheet prints them, in any case: Carrot, +/-1, Fox.
game: fox-and-rabbit
version: {VERSION}
map: {game_map.name}
mode: {mode}

# How far each animal got on each trail it walked: F-A: 5 crosses F-A1 to F-A5.
# Trails: {trails}
progress: {{}}
# The number written in each crossed circle, e.g. {{F-A3: 9, R-B4: 10}}
written: {{}}
# The food boxes: which foods each animal ate. Foods: {", ".join(game_map.food_ids())}
eaten: {{fox: [], rabbit: []}}
# The rewards row: extra dice ticked and circles gained, e.g. [{dice.split(", ")[0]}, flip circle]
rewards: []
# Circles crossed on each aid track, in turns and in the endgame together.
aids_spent: {{+/-1: 0, flip: 0, re-roll: 0}}
# Traps crossed on the farmer trail ({game_map.farmer.traps} on this map).
traps_crossed: 0
# The endgame log: each escape attempt, round by round: the dice, then any aids.
#   escape_attempts:
#     - {{round: 1, animal: fox, roll: R5 Y6; -1 Y6, escaped: true}}
escape_attempts: []
# The farmer's attempts against each animal still inside after the escapes of a round.
#   trigger_attempts:
#     - {{round: 1, animal: rabbit, roll: R3 B2 Y5, triggered: false}}
trigger_attempts: []
# The score box. Leave out what you did not write: printkit computes it.
# In {mode} mode each aid track starts with {rules.active_circles} active circles; escape may be \
tried
# once {threshold} are eaten (both animals together) or the farmer's last trap is crossed.
# Achievements in {mode} mode: {achievements}
# Titles by score:{titles}
claimed: {{score: 0, achievements: []}}
# Optional: the turn log, one line per turn: the dice rolled; the aids used on them; each
# cell crossed with the dice that crossed it (a circle with its number: F-A3=9), and at a
# trail's end what was eaten and taken. With it, the whole game is replayed.
#   turns:
#     - R1 B2 Y2; F-A1 Y2; R-A1 B2
#     - R3 B6 Y4; +1 R3; F-A2 R4; R-A2 Y4
#     - R5 B6 Y3; +1 Y3; F-A3=9 R5 Y4
"""
