"""False alarms after the turns: the guided endgame and a finished sheet entered, counted.

Run: python bench/endgame_along.py [GAMES] [MAPS]     (default 1000 games; classic and three
                                                      variants: classic,variant-3,variant-17,...)

Each legal game is played by the simulator (greedy and careful players, seeds 1..GAMES, every
mode); then, as the page asks its referee (in process: the same functions `printkit serve`'s
API calls, without HTTP):

- **the guided endgame**: from the sheet at the end of the turns, each recorded attempt is
  made through the page's endgame (`web.endgame.step`, `escape` with its roll and aids,
  `farmer` with his roll and re-rolls' faces), its boxes written as the page writes them, and
  the sheet judged after it (`web.referee.check`, the turn log replayed). A **false alarm** is
  a verdict listing a problem (a violation not marked as "the game is not over") before the
  game is over, or a finished game not judged legal and finished.
- **a finished sheet entered**: the finished sheet's boxes tapped in the form's order, the
  score box last; the page shows a verdict only once the score's total is filled in (or the
  player asks), so the verdicts counted are those from the score on. A false alarm is any
  problem in them.

Printed per mode and map: games, attempts, verdicts, false alarms, and the first few.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from printkit.games.fox_rabbit import sheet_fields as sf  # noqa: E402
from printkit.games.fox_rabbit.board import MODES, GameMap  # noqa: E402
from printkit.games.fox_rabbit.dice import dice_text  # noqa: E402
from printkit.games.fox_rabbit.engine import AidUse  # noqa: E402
from printkit.games.fox_rabbit.players.game import play  # noqa: E402
from printkit.games.fox_rabbit.record import from_data  # noqa: E402
from printkit.games.fox_rabbit.template import load_map  # noqa: E402
from printkit.web import endgame as guide  # noqa: E402
from printkit.web import referee  # noqa: E402


def problems(answer: dict[str, Any]) -> list[str]:
    hidden = set(answer["progress"]["not_finished"])
    return [f"{v['place']}: {v['text']}" for i, v in enumerate(answer["report"]["violations"])
            if i not in hidden]


TRACKS = {"+": "plus-minus", "-": "plus-minus", "f": "flip", "r": "re-roll"}


def at_the_endgame(record: dict[str, Any]) -> dict[str, Any]:
    """Return a finished game's record as its sheet stood when the endgame began: no attempt
    made, the circles crossed those its turns used, no claim."""
    spent = dict.fromkeys(TRACKS.values(), 0)
    for line in record["turns"]:
        for part in line.split(";")[1:]:
            word = part.strip()[:1]
            if word in TRACKS:  # cell ids start with a capital F or R
                spent[TRACKS[word]] += 1
    return {**record, "aids_spent": spent, "escape_attempts": [], "trigger_attempts": [],
            "claimed": {"achievements": []}}


def endgame_along(m: GameMap, mode: str, record: dict[str, Any]) -> tuple[int, int, list[str]]:
    """Return (attempts made, verdicts, false alarms) of the guided endgame of one game."""
    start = at_the_endgame(record)
    run = from_data(start, None, lambda name: m)
    values = referee.page_values(run)
    turns = [str(t) for t in run.turns or ()]
    order = sorted([(e["round"], False, e["animal"] == "rabbit", e)
                    for e in record["escape_attempts"]] +
                   [(e["round"], True, e["animal"] == "rabbit", e)
                    for e in record["trigger_attempts"]], key=lambda x: x[:3])
    alarms: list[str] = []
    made = verdicts = 0
    for rnd, farmer, _rabbit, e in order:
        if rnd > sf.LOG_ROUNDS:  # the sheet's log is full: the page keeps the rest in YAML
            return made, verdicts, alarms
        step = guide.step(m, mode, values, turns)
        want = ("farmer" if farmer else "escape", e["animal"], rnd)
        if step.get("stage") != "attempt" or (step["side"], step["animal"], step["round"]) != want:
            alarms.append(f"attempt {made + 1}: the page asks {step} instead of {want}")
            return made, verdicts, alarms
        roll = " ".join(e["roll"])
        if farmer:
            faces = [dice_text(AidUse.parse(a).result) for a in e["aids"]
                     if a.startswith("re-roll")]
            answer = guide.farmer(m, mode, values, turns, [roll, *faces])
        else:
            answer = guide.escape(m, mode, values, turns, roll, e["aids"])
        if not answer.get("ok") or answer.get("reroll"):
            alarms.append(f"attempt {made + 1} refused: {answer}")
            return made, verdicts, alarms
        values.update({k: v for k, v in answer["record"].items() if v})
        made += 1
        verdicts += 1
        check = referee.check(m, mode, values, turns)
        alarms += [f"after attempt {made}: {p}" for p in problems(check)]
    step = guide.step(m, mode, values, turns)
    if step["stage"] == "over":
        values.update({k: v for k, v in step["score"].items() if v})
        check = referee.check(m, mode, values, turns)
        verdicts += 1
        if not (check["report"]["legal"] and check["progress"]["finished"]):
            alarms.append(f"the game over: {problems(check) or check['report']['violations']}")
    return made, verdicts, alarms


def entered(m: GameMap, mode: str, record: dict[str, Any]) -> tuple[int, list[str]]:
    """Return (verdicts shown, false alarms) of a finished sheet entered tap by tap."""
    run = from_data({k: v for k, v in record.items() if k != "turns"}, None, lambda name: m)
    final = referee.page_values(run)
    names = [f.name for f in sf.fields(m, m.modes[mode]) if f.name in final]
    box = {a.id for a in m.scoring.achievements}
    score_box = [n for n in names if n.startswith(("score", "title-")) or n in box]
    order = [n for n in names if n not in score_box] + sorted(score_box,
                                                              key=lambda n: n != "score")
    values: dict[str, str | bool] = {}
    shown = 0
    alarms: list[str] = []
    for name in order:
        values[name] = final[name]
        if "score" not in values:
            continue   # the page shows progress, not a verdict, until the score is in
        shown += 1
        alarms += [f"after {name}: {p}" for p in problems(referee.check(m, mode, values, []))]
    return shown, alarms


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    maps = sys.argv[2].split(",") if len(sys.argv) > 2 else [
        "classic", "variant-3", "variant-17", "variant-42"]
    print(f"{'map':<12}{'mode':<12}{'games':>6}{'attempts':>9}{'verdicts':>9}"
          f"{'alarms':>7}{'entered':>8}{'alarms':>7}{'s':>6}")
    total = 0
    for name in maps:
        m = load_map(name)
        for mode in MODES:
            began = time.perf_counter()
            made = verdicts = shown = 0
            alarms: list[str] = []
            sheet_alarms: list[str] = []
            for seed in range(1, games + 1):
                strategy = "careful" if seed % 2 else "greedy"
                record = play(m, mode, random.Random(seed), strategy).record
                a, v, al = endgame_along(m, mode, record)
                made, verdicts = made + a, verdicts + v
                alarms += [f"game {seed} ({strategy}) {x}" for x in al]
                s, sal = entered(m, mode, record)
                shown += s
                sheet_alarms += [f"game {seed} ({strategy}) {x}" for x in sal]
            total += len(alarms) + len(sheet_alarms)
            print(f"{name:<12}{mode:<12}{games:>6}{made:>9}{verdicts:>9}{len(alarms):>7}"
                  f"{shown:>8}{len(sheet_alarms):>7}{time.perf_counter() - began:>6.0f}",
                  flush=True)
            for line in (alarms + sheet_alarms)[:4]:
                print("    ", line[:240])
    print(f"false alarms in all: {total}")


if __name__ == "__main__":
    main()
