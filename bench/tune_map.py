"""Measure a map: each strategy's shares per mode (the script that tuned the classic map).

Run: python bench/tune_map.py templates/fox-and-rabbit/classic.toml 300 greedy,random
"""

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from printkit.games.fox_rabbit.map_reader import read_map_file
from printkit.games.fox_rabbit.players import play

GOAL = {"easy": "easy-3-one", "hard": "hard-4-one", "super-hard": "superhard-all-both"}


def main() -> None:
    game_map = read_map_file(Path(sys.argv[1]))
    n = int(sys.argv[2])
    strategies = sys.argv[3].split(",") if len(sys.argv) > 3 else ["greedy"]
    for strategy in strategies:
        for mode in ("easy", "hard", "super-hard"):
            rng = random.Random(7)
            one = both = goal = foods = turns = fed = 0
            for _ in range(n):
                p = play(game_map, mode, rng, strategy)
                one += any(p.escaped)
                both += all(p.escaped)
                goal += GOAL[mode] in p.achievements
                foods += p.foods_eaten
                turns += p.traps
                fed += p.both_fed
            print(f"{strategy:6} {mode:10} goal {goal / n:5.0%} one {one / n:5.0%} "
                  f"both {both / n:5.0%} fed {fed / n:5.0%} foods {foods / n:4.1f} "
                  f"turns {turns / n:4.1f}", flush=True)


if __name__ == "__main__":
    main()
