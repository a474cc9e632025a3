"""Writing a run record: the YAML a person would write, from a record's data or a read run.

Reading lives beside it (`record`, `record_yaml`): what is written here reads back the same.
"""

from __future__ import annotations

from typing import Any

import yaml

from printkit.games.fox_rabbit.board import AIDS
from printkit.games.fox_rabbit.cells import ANIMALS
from printkit.games.fox_rabbit.dice import dice_text
from printkit.games.fox_rabbit.record_formats import VERSION
from printkit.games.fox_rabbit.run import Run

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
