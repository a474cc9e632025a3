"""How many endgame rounds a game of The Fox and the Rabbit takes: what the sheet's log holds.

Each mode, each strategy of the simulator (`printkit simulate`'s players), on the classic map
and a few seeded variants: the share of games whose endgame reaches 1, 2, 3, 4, 5+ rounds,
and the 99th percentile. A round is counted when any attempt (an escape or the farmer's)
is written in it; a game where neither animal ate has no endgame (0 rounds).

    python bench/endgame_rounds.py             # 2000 games a cell
    python bench/endgame_rounds.py --games N
"""

from __future__ import annotations

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
    """Return how many games (of `games`) took each number of endgame rounds."""
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
    return max(seen)


def main() -> None:
    games = int(sys.argv[sys.argv.index("--games") + 1]) if "--games" in sys.argv else 2000
    print(f"Endgame rounds, {games} games a row (share of games reaching each round)\n")
    print("| map | mode | strategy | ≥1 | ≥2 | ≥3 | ≥4 | ≥5 | 99th pct | most |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for map_name in MAPS:
        for mode in ("easy", "hard", "super-hard"):
            for strategy in STRATEGIES:
                seen = rounds(map_name, mode, strategy, games)
                reach = [sum(v for k, v in seen.items() if k >= n) / games for n in range(1, 6)]
                print(f"| {map_name} | {mode} | {strategy} | "
                      + " | ".join(f"{r:.1%}" for r in reach)
                      + f" | {percentile(seen, 0.99)} | {max(seen)} |", flush=True)


if __name__ == "__main__":
    main()
