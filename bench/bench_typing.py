"""What a player types to have a finished run checked: before and after the compact record.

Run: python bench/bench_typing.py

For the annotated example of docs/run-record.md and for every sheet-only example run, it
prints the lines and the characters typed (comments and indentation left out) in three
forms of the same run:
- before: the record as printkit 0.1 asked for it (every crossed cell listed, each food with
  the reward it paid, the title spelt out, attempts as lists of dice);
- after: the compact record of now (progress per trail, the food boxes per animal, the
  rewards row, an attempt's dice and aids as written in the log, the title left out);
- form: the boxes ticked or written in on the fillable PDF, and the characters written in.
"""

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from printkit.games.fox_rabbit.cells import ANIMALS  # noqa: E402
from printkit.games.fox_rabbit.dice import dice_text  # noqa: E402
from printkit.games.fox_rabbit.record import Run, read_record  # noqa: E402
from printkit.games.fox_rabbit.record_text import record_yaml, run_data  # noqa: E402
from printkit.games.fox_rabbit.sheet_fields import form_values  # noqa: E402


def typed(text: str) -> tuple[int, int]:
    """Return (lines, characters) a person types: no comments, no indentation."""
    lines = [re.sub(r"\s+#.*$", "", line).strip() for line in text.splitlines()]
    lines = [line for line in lines if line and not line.startswith("#")]
    return len(lines), sum(len(line) for line in lines)


def before(run: Run) -> str:
    """Return the run as the first printkit's record asked for it."""
    rewards = list(run.rewards or ())
    eaten = []
    for a, animal in enumerate(ANIMALS):
        for food in run.eaten[a]:
            reward = rewards.pop(0) if rewards else "nothing"
            eaten.append(f"  - {{animal: {animal}, food: {food}, reward: {reward}}}")
    lines = ["game: fox-and-rabbit", f"map: {run.map.name}", f"mode: {run.mode}",
             f"crossed: [{', '.join(run.crossed)}]",
             "written: {" + ", ".join(f"{c}: {n}" for c, n in run.written.items()) + "}",
             "eaten:", *eaten,
             "aids_spent: {" + ", ".join(f"{aid}: {n}" for aid, n in
                                         zip(("plus-minus", "flip", "re-roll"), run.aids_spent))
             + "}", f"traps_crossed: {run.traps_crossed}"]
    for key, attempts, outcome in (("escape_attempts", run.escapes, "escaped"),
                                   ("trigger_attempts", run.triggers, "triggered")):
        lines.append(f"{key}:" if attempts else f"{key}: []")
        for att in attempts:
            roll = ", ".join(dice_text(att.roll).split())
            aids = ", ".join(str(a) for a in att.aids)
            lines.append(f"  - {{round: {att.round}, animal: {ANIMALS[att.animal]}, "
                         f"roll: [{roll}], aids: [{aids}], {outcome}: "
                         f"{str(att.outcome).lower()}}}")
    score = run.claim_score if run.claim_score is not None else 0
    lines += ["claimed:", f"  score: {score}", f"  title: {run.map.title_for(score)}",
              f"  achievements: [{', '.join(run.claim_achievements)}]"]
    return "\n".join(lines) + "\n"


def after(run: Run) -> str:
    """Return the run as a player types it now: compact, the title left out."""
    data = run_data(run)
    data.pop("version")  # optional in a typed record, as the annotated example shows
    data.pop("map") if data["map"] == "classic" else None
    data.pop("turns", None)
    for attempts in (data["escape_attempts"], data["trigger_attempts"]):
        for att in attempts:
            aids = att.pop("aids")
            att["roll"] = att["roll"] + "".join(f"; {a}" for a in aids)
    if not data["trigger_attempts"]:
        data.pop("trigger_attempts")
    data["claimed"].pop("title", None)
    data["claimed"] = {"score": data["claimed"].get("score"),
                       "achievements": data["claimed"]["achievements"]}
    text = record_yaml(data)
    return text.replace("claimed:\n  score: ", "claimed: {score: ").replace(
        "\n  achievements: ", ", achievements: ").rstrip("\n") + "}\n"


def form(run: Run) -> tuple[int, int]:
    """Return (boxes marked, characters written) on the fillable sheet."""
    values = form_values(run)
    return len(values), sum(len(v) for v in values.values() if isinstance(v, str))


def main() -> None:
    doc = (ROOT / "docs/run-record.md").read_text()
    example = re.search(r"## An annotated record.*?```yaml\n(.*?)```", doc, re.S)
    assert example
    runs = [("docs/run-record.md example", read_record(example.group(1)))]
    for path in sorted((ROOT / "examples/fox-and-rabbit").glob("*-sheet-only.yaml")):
        runs.append((path.stem, read_record(path.read_text())))
    print(f"{'run':34} {'before':>16} {'after':>16} {'fillable PDF':>22}")
    print(f"{'':34} {'lines  chars':>16} {'lines  chars':>16} {'boxes  chars written':>22}")
    for name, run in runs:
        b, a = typed(before(run)), typed(after(run))
        assert read_record(after(run)) is not None  # the compact text reads
        boxes, chars = form(run)
        print(f"{name:34} {b[0]:>6} {b[1]:>8} {a[0]:>7} {a[1]:>8} {boxes:>9} {chars:>11}")


if __name__ == "__main__":
    main()
