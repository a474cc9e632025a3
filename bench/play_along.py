"""Play-along's verdicts, counted: simulated games played mark by mark as the page makes them.

Run: python bench/play_along.py [GAMES] [MODE]          (default 20 games, easy mode, through
                                                         a real `printkit serve`)
     python bench/play_along.py --all [GAMES] [MAPS]    (every mode, maps classic,variant-3,...:
                                                         in process, the whole game)

Each game is played by the simulator (the greedy player; with --all, greedy and careful in
turn, seeds 1..GAMES). Its turn log is replayed as the page's play-along makes the marks: the
roll, each aid, each cell crossed (asking /api/play before the mark, then /api/check with the
turn being played), then End turn. Printed: the verdicts shown, how many of them listed a
problem mid-turn and at a turn's end (false alarms: every game is legal), the marks refused,
and the page's taps per turn (roll by its dice pad, a tap per die picked, per aid, per cell,
per food and reward chosen, End turn).

With --all the referee is asked in process (the same functions the page's API calls, without
HTTP, so that 1,000 games a mode take minutes), and each game goes on past its turns:

- **the guided endgame**: from the sheet at the end of the turns, each recorded attempt is
  made through the page's endgame (`web.endgame.step`, `escape` with its roll and aids,
  `farmer` with his roll and re-rolls' faces), its boxes written as the page writes them, and
  the sheet judged after it. A false alarm is a verdict listing a problem (a violation not
  marked as "the game is not over") before the game is over, or a finished game not judged
  legal and finished.
- **a finished sheet entered**: the finished sheet's boxes tapped in the form's order, the
  score box last; the page shows a verdict only once the score's total is filled in (or the
  player asks), so the verdicts counted are those from the score on; a false alarm is any
  problem in them.
"""

from __future__ import annotations

import random
import statistics
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
from printkit.games.fox_rabbit.moves import Move  # noqa: E402
from printkit.games.fox_rabbit.players.game import play  # noqa: E402
from printkit.games.fox_rabbit.record import from_data  # noqa: E402
from printkit.games.fox_rabbit.template import load_map  # noqa: E402
from printkit.web import endgame as guide  # noqa: E402
from printkit.web import referee  # noqa: E402
from tests.web.conftest import Server  # noqa: E402
from tests.web.play import ApiPlayer, steps  # noqa: E402


class LocalPlayer(ApiPlayer):
    """The page's play-along asking its referee in process: what each API route answers."""

    def get(self, path: str) -> Any:
        self.requests += 1
        return referee.form(referee.sheet_map(self.map), self.mode)

    def post(self, path: str, body: dict[str, Any]) -> Any:
        self.requests += 1
        game_map = referee.sheet_map(self.map)
        if path == "api/play":
            problems = referee.play(game_map, self.mode, referee.turn_lines(body["turns"]))
            return {"ok": not problems, "problems": problems}
        values = referee.sheet_values(game_map, self.mode, body["values"])
        current = referee.turn_lines([body["turn"]] if body.get("turn") else [])
        return referee.check(game_map, self.mode, values, referee.turn_lines(body["turns"]),
                             current[0] if current else None)


def taps(line: str) -> int:
    """Return the taps the page takes for a turn line (dice pad, pick, aid, cell, End turn)."""
    n = 0
    for kind, text in steps(line):
        if kind == "roll":
            n += len(text.split()) + 1               # each die on the pad, then Roll
        elif kind == "aid":
            picked = text.split("->")[0].split()[1:]
            n += len(picked) + 1                     # pick the dice, tap the aid
            if text.startswith("re-roll"):
                n += 2                               # type the new faces (one field), OK
        else:
            move = Move.parse(text)
            n += len(move.dice) + 1                  # pick the dice, tap the cell
            n += 2 if move.food else 0               # the food, the reward
    return n + 1                                     # End turn


def problems(answer: dict[str, Any]) -> list[str]:
    """Return the problems a verdict lists: its violations, but those that say only that
    the game is not over."""
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


def turns_through_a_server() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    mode = sys.argv[2] if len(sys.argv) > 2 else "easy"
    game_map = load_map("classic")
    server = Server()
    try:
        shown = mid = mid_alarms = end_alarms = refused = requests = 0
        per_turn: list[int] = []
        examples: list[str] = []
        for seed in range(1, games + 1):
            record = play(game_map, mode, random.Random(seed)).record
            player = ApiPlayer(server.url, mode)
            player.play(record["turns"])
            per_turn += [taps(line) for line in record["turns"]]
            refused += len(player.refusals)
            requests += player.requests
            for v in player.verdicts:
                shown += 1
                mid += v.mid_turn
                if v.problems:
                    mid_alarms += v.mid_turn
                    end_alarms += not v.mid_turn
                    examples.append(f"game {seed}, after {v.after}: {v.problems[0]}")
    finally:
        server.stop()
    print(f"{games} {mode} games, {len(per_turn)} turns, {shown} verdicts ({mid} mid-turn), "
          f"{requests} requests")
    print(f"mid-turn false alarms: {mid_alarms}; at a turn's end: {end_alarms}; "
          f"marks refused: {refused}")
    print(f"taps per turn: median {statistics.median(per_turn)}, "
          f"mean {statistics.fmean(per_turn):.1f}, max {max(per_turn)}")
    for line in examples[:5]:
        print("  ", line)


def whole_games(games: int, maps: list[str]) -> None:
    """Print the false alarms of whole games, turns, endgame and a finished sheet entered."""
    print(f"{'map':<12}{'mode':<12}{'games':>6}{'turn':>7}{'alarms':>7}{'attempts':>9}"
          f"{'verdicts':>9}{'alarms':>7}{'entered':>8}{'alarms':>7}{'s':>6}")
    total = 0
    for name in maps:
        m = load_map(name)
        for mode in MODES:
            began = time.perf_counter()
            made = verdicts = shown = turn_verdicts = 0
            alarms: list[str] = []
            for seed in range(1, games + 1):
                strategy = "careful" if seed % 2 else "greedy"
                record = play(m, mode, random.Random(seed), strategy).record
                player = LocalPlayer("", mode, name)
                player.play(record["turns"])
                turn_verdicts += len(player.verdicts)
                alarms += [f"game {seed} ({strategy}) turns, after {v.after}: {v.problems[0]}"
                           for v in player.verdicts if v.problems]
                a, v, found = endgame_along(m, mode, record)
                made, verdicts = made + a, verdicts + v
                alarms += [f"game {seed} ({strategy}) {x}" for x in found]
                n, found = entered(m, mode, record)
                shown += n
                alarms += [f"game {seed} ({strategy}) entered {x}" for x in found]
            kinds = [sum(1 for x in alarms if " turns, " in x),
                     sum(1 for x in alarms if " turns, " not in x and " entered " not in x),
                     sum(1 for x in alarms if " entered " in x)]
            total += len(alarms)
            print(f"{name:<12}{mode:<12}{games:>6}{turn_verdicts:>7}{kinds[0]:>7}{made:>9}"
                  f"{verdicts:>9}{kinds[1]:>7}{shown:>8}{kinds[2]:>7}"
                  f"{time.perf_counter() - began:>6.0f}", flush=True)
            for line in alarms[:4]:
                print("    ", line[:240])
    print(f"false alarms in all: {total}")


def main() -> None:
    if sys.argv[1:2] == ["--all"]:
        games = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
        maps = sys.argv[3].split(",") if len(sys.argv) > 3 else [
            "classic", "variant-3", "variant-17", "variant-42"]
        whole_games(games, maps)
    else:
        turns_through_a_server()


if __name__ == "__main__":
    main()
