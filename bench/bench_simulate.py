"""Simulation speed: complete games per second, on one core and with --jobs 2.

Run: python bench/bench_simulate.py [GAMES] [STRATEGY]     (defaults: 20000 greedy)

Each figure comes from a fresh process, so the tables and caches the players build as they
go start empty every time (a long run gets faster as they fill up). Reported:
- in-process: `simulate()` called in a new Python process, timed around the call, per mode;
- whole process: `python -m printkit simulate --games N` as a person runs it (start-up,
  map loading and the report included), with --jobs 1 and --jobs 2.
The machine's load is printed too: other work on the cores slows every figure.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_IN_PROCESS = """
import sys, time
sys.path.insert(0, {root!r})
from printkit.games.fox_rabbit.template import load_map
from printkit.games.fox_rabbit.simulate import simulate
m = load_map("classic")
wall, cpu = time.perf_counter(), time.process_time()
simulate(m, {mode!r}, {games}, 1, {strategy!r}, jobs={jobs})
print(time.perf_counter() - wall, time.process_time() - cpu)
"""


def in_process(mode: str, games: int, strategy: str, jobs: int) -> tuple[float, float]:
    code = _IN_PROCESS.format(root=str(ROOT), mode=mode, games=games, strategy=strategy,
                              jobs=jobs)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.split()
    return float(out[0]), float(out[1])


def whole_process(games: int, strategy: str, jobs: int) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "printkit", "simulate", "--games", str(games),
                    "--strategy", strategy, "--jobs", str(jobs)], cwd=ROOT, check=True,
                   capture_output=True)
    return time.perf_counter() - start


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
    strategy = sys.argv[2] if len(sys.argv) > 2 else "greedy"
    print(f"{games:,} {strategy} games on the classic map, each figure from a fresh process; "
          f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    for mode in ("easy", "hard", "super-hard"):
        wall, cpu = in_process(mode, games, strategy, 1)
        print(f"  in-process, one core, {mode:10}: {games / wall:7,.0f} games/s "
              f"({wall:.2f} s wall, {games / cpu:,.0f} games per CPU-second)")
    wall, _ = in_process("easy", games, strategy, 2)
    print(f"  in-process, --jobs 2,   easy      : {games / wall:7,.0f} games/s ({wall:.2f} s)")
    for jobs in (1, 2):
        took = whole_process(games, strategy, jobs)
        print(f"  whole process, --jobs {jobs}, easy    : {games / took:7,.0f} games/s "
              f"({took:.2f} s: python -m printkit simulate --games {games})")


if __name__ == "__main__":
    main()
