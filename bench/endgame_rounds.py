"""How many endgame rounds a game of The Fox and the Rabbit takes: what the sheet's log holds.

Each mode and each strategy of the simulator (`printkit simulate`'s players), on the classic
map and a few seeded variants. Counted among the games that have an endgame (both animals
ate, so an escape is attempted; a game where one never ate has none): how many do, the share
whose endgame reaches 2, 3, 4 and 5 rounds or more, the 99th percentile and the most seen.
A round is counted when any attempt (an escape or the farmer's) is written in it.

    python bench/endgame_rounds.py                          # 2000 games a row
    python bench/endgame_rounds.py --games N --maps classic --strategies random
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from printkit.games.fox_rabbit.players import STRATEGIES, compiled, play_game
from printkit.games.fox_rabbit.simulate import game_seed
from printkit.games.fox_rabbit.template import load_map

MAPS = ("classic", "variant-1", "variant-2", "variant-3")


def rounds(map_name: str, mode: str, strategy: str, games: int) -> Counter[int]:
    """Return how many games (of `games`) took each number of endgame rounds (0: none)."""
    cm = compiled(load_map(map_name))
    rng = random.Random()
    seen: Counter[int] = Counter()
    for i in range(games):
        rng.seed(game_seed(7, i))
        _outcome, rec = play_game(cm, mode, rng, strategy, record=True)
        assert rec is not None
        attempts = rec["escape_attempts"] + rec["trigger_attempts"]
        seen[max((a["round"] for a in attempts), default=0)] += 1
    return seen


def percentile(seen: Counter[int], p: float) -> int:
    total, run = sum(seen.values()), 0
    for n in sorted(seen):
        run += seen[n]
        if run >= p * total:
            return n
    return max(seen, default=0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2000, help="games a row")
    parser.add_argument("--maps", nargs="+", default=list(MAPS))
    parser.add_argument("--strategies", nargs="+", default=list(STRATEGIES))
    args = parser.parse_args()
    print(f"Endgame rounds, {args.games} games a row; shares among the games with an endgame\n")
    print("| map | mode | strategy | with an endgame | ≥2 rounds | ≥3 | ≥4 | ≥5 | 99th pct "
          "| most |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for map_name in args.maps:
        for mode in ("easy", "hard", "super-hard"):
            for strategy in args.strategies:
                seen = rounds(map_name, mode, strategy, args.games)
                ended = Counter({n: c for n, c in seen.items() if n > 0})
                total = sum(ended.values())
                reach = [sum(c for n, c in ended.items() if n >= k) / max(1, total)
                         for k in range(2, 6)]
                print(f"| {map_name} | {mode} | {strategy} | {total} | "
                      + " | ".join(f"{r:.1%}" for r in reach)
                      + f" | {percentile(ended, 0.99)} | {max(ended, default=0)} |",
                      flush=True)


if __name__ == "__main__":
    main()
