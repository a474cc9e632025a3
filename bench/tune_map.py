"""Measure a map: greedy/random win shares per mode. Run: python bench/tune_map.py templates/fox-and-rabbit/classic.toml 300 greedy,random"""
import sys; from pathlib import Path; sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import random, sys
from pathlib import Path
from printkit.games.fox_rabbit.map_reader import read_map_file
from printkit.games.fox_rabbit.players import play
GOAL = {"easy": "easy-3-one", "hard": "hard-4-one", "super-hard": "superhard-all-both"}
m = read_map_file(Path(sys.argv[1]))
N = int(sys.argv[2])
strats = sys.argv[3].split(",") if len(sys.argv) > 3 else ["greedy"]
for strat in strats:
    for mode in ("easy", "hard", "super-hard"):
        rng = random.Random(7)
        one = both = goal = foods = turns = fed = 0
        for i in range(N):
            p = play(m, mode, rng, strat)
            one += any(p.escaped); both += all(p.escaped); goal += GOAL[mode] in p.achievements
            foods += p.foods_eaten; turns += p.traps; fed += p.both_fed
        print(f"{strat:6} {mode:10} goal {goal/N:5.0%} one {one/N:5.0%} both {both/N:5.0%} fed {fed/N:5.0%} foods {foods/N:4.1f} turns {turns/N:4.1f}", flush=True)
