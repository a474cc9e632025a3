"""Play-along's verdicts, counted: simulated games played mark by mark through the page's API.

Run: python bench/play_along.py [GAMES] [MODE]     (default 20 games, easy mode)

Each game is played by the simulator's greedy player (seeds 1..GAMES); its turn log is then
replayed through a real `printkit serve` as the page's play-along makes the marks: the roll,
each aid, each cell crossed (asking /api/play before the mark, then /api/check with the turn
being played), then End turn. Printed: the verdicts shown, how many of them listed a problem
mid-turn and at a turn's end (false alarms: every game is legal), the marks refused, and the
page's taps per turn (roll by its dice pad, a tap per die picked, per aid, per cell, per food
and reward chosen, End turn).
"""

from __future__ import annotations

import random
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from printkit.games.fox_rabbit.moves import Move  # noqa: E402
from printkit.games.fox_rabbit.players.game import play  # noqa: E402
from printkit.games.fox_rabbit.template import load_map  # noqa: E402
from tests.web.conftest import Server  # noqa: E402
from tests.web.play import ApiPlayer, steps  # noqa: E402


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


def main() -> None:
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


if __name__ == "__main__":
    main()
