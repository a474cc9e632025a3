"""The whole path at the terminal for a player who takes every list as it stands.

Run: python bench/bench_enter.py --dir FOLDER [--dir FOLDER ...] [--report FILE]

Each photo (NAME.jpg with its truth NAME.json, either generator's) is checked by `printkit
validate PHOTO` as at a terminal, the conversation played by a player who looks at nothing
the list already shows: Enter on the boxes' list (every box taken as it leans), Enter on the
values' list (every value as listed), and the truth only where printkit asks one box or
value on its own (a value it read nothing of, a box that leans no way, every question the
referee asks before it accuses). The verdict is set against the verdict of the truth's own
values (`validate_run` of the form they fill), and the figures counted: legal runs judged
illegal (the camera's mistake called the player's), legal runs left with no verdict, illegal
runs judged illegal, the questions the referee asked about a value it had read, every
question asked on its own (boxes and values), and after how many of the referee's questions
the player was told that the photo misread many boxes (`questions.SHOWN_MISREAD`).

`bench/bench_calibration.py --verdicts` plays the careful player (every box and value as the
sheet has it, given with --numbers); this one is the hurried one, the one a referee must not
blame for what the camera read. See docs/scan-measurement.md.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import typer  # noqa: E402
from typer.testing import CliRunner  # noqa: E402

import printkit.cli.ask as ask  # noqa: E402
import printkit.cli.ask_values as ask_values  # noqa: E402
import printkit.scan.reader as reader  # noqa: E402
from printkit.cli import app  # noqa: E402
from printkit.errors import PrintkitError  # noqa: E402
from printkit.games.fox_rabbit.reader import SheetFields, read_run  # noqa: E402
from printkit.games.fox_rabbit.validate import validate_run  # noqa: E402
from printkit.scan.values import fill  # noqa: E402


class Player:
    """The hurried player of one photo: Enter on every list, the truth when asked alone."""

    def __init__(self, truth: dict[str, Any]) -> None:
        self.truth = truth
        self.asked = 0   # every question asked on its own: boxes and values

    def answer(self, found: Any, name: str, _lang: Any, *_args: Any, **_kw: Any) -> str:
        self.asked += 1
        value = self.truth["values"].get(name)
        if value:
            return str(value)
        if found.fields[name].kind.written:
            return "-"
        return "x" if self.truth["fields"].get(name) else "no"


#: What `validate PHOTO` says once the player's answers have shown the photo misread many boxes.
MISREAD_NOTE = "boxes you answered the other way: it does not show your marks well"


def truth_verdict(found: Any, truth: dict[str, Any]) -> bool | None:
    """Whether the run the truth's own values make is legal (None: no run)."""
    given = {k: "x" if truth["fields"].get(k) else "no" for k, f in found.fields.items()
             if not f.kind.written}
    given |= {k: str(v) for k, v in truth["values"].items() if k in found.fields and v}
    try:
        return validate_run(read_run(SheetFields(fill(found, given).values, "truth"),
                                     "truth")).legal
    except PrintkitError:
        return None


def play(photo: Path) -> dict[str, Any] | None:
    """Return the photo's verdict as the hurried player gets it, beside the truth's."""
    truth = json.loads(photo.with_suffix(".json").read_text(encoding="utf-8"))
    try:
        found = reader.scan(photo.read_bytes(), photo.name)
    except PrintkitError as err:
        return {"photo": photo.name, "refused": str(err)}
    player = Player(truth)
    real = reader.scan
    reader.scan = lambda _data, _shown: found   # read once: the scan above
    ask.prompt_field = player.answer
    ask_values.ask_value = player.answer
    try:
        out = CliRunner().invoke(app, ["validate", str(photo)], input="").output
    finally:
        reader.scan = real
    got = (True if "legal run: no rule broken" in out else
           False if "illegal run" in out else None)
    values_asked = sum(1 for line in out.splitlines() if ", but the rules disagree; see" in line
                       and " was read crossed (" not in line and " was read empty (" not in line)
    violations = [line.strip() for line in out.splitlines() if line.startswith("  - ")]
    # the note once the answers showed the photo misread many boxes (questions.SHOWN_MISREAD):
    # how many of the referee's questions came before it
    note = out.find(MISREAD_NOTE)
    return {"photo": photo.name, "truth": truth_verdict(found, truth), "got": got,
            "values_asked": values_asked, "violations": violations[:3],
            "questions": player.asked,
            "misread_note_after": (out[:note].count(", but the rules disagree; see")
                                   if note >= 0 else None)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dir", action="append", type=Path, required=True)
    parser.add_argument("--report", type=Path)
    args = parser.parse_args()
    ask.on_terminal = lambda: True
    typer.prompt = lambda *_a, **_k: ""   # Enter, on every list
    rows = []
    for folder in args.dir:
        for photo in sorted(folder.glob("*.jpg")):
            row = play(photo)
            if row is None:
                continue
            row["set"] = folder.name
            rows.append(row)
            if row.get("truth") is True and row.get("got") is not True:
                print(f"  legal run not judged legal: {folder.name}/{photo.name}: "
                      f"{row['got']} {row['violations'][:2]}", file=sys.stderr, flush=True)
    read = [r for r in rows if "refused" not in r]
    legal = [r for r in read if r["truth"] is True]
    illegal = [r for r in read if r["truth"] is False]
    print(f"{len(rows)} photos ({len(rows) - len(read)} refused); {len(legal)} legal runs: "
          f"judged illegal {sum(r['got'] is False for r in legal)}, no verdict "
          f"{sum(r['got'] is None for r in legal)}; {len(illegal)} illegal runs: judged "
          f"illegal {sum(r['got'] is False for r in illegal)}, legal "
          f"{sum(r['got'] is True for r in illegal)}; the referee asked "
          f"{sum(r['values_asked'] for r in read)} values read, on "
          f"{sum(r['values_asked'] > 0 for r in read)} photos")
    noted = [r for r in read if r["misread_note_after"] is not None]
    print(f"questions asked on their own: {sum(r['questions'] for r in read)}, at most "
          f"{max((r['questions'] for r in read), default=0)} on one photo; the note that the "
          f"photo misread many boxes on {len(noted)} photos (asked "
          f"{sorted(r['questions'] for r in noted)}), after "
          f"{sorted(r['misread_note_after'] for r in noted)} of the referee's questions")
    if args.report:
        args.report.write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
