"""When does the pool of processes pay for print-on-demand PNGs? Serial against pooled renders.

    python bench/bench_png_pool.py [--runs 3] [--cards 4,8,16,33,66,132]

Each figure is a fresh process that renders N cards at The Game Crafter's 300 DPI (the
deck's 33 distinct designs, cycled) either in itself or in a pool with a process per core,
timing the render alone. CPU is the process's and its workers' user + system time; memory
is the process's peak plus the workers' (each worker's peak, times the number of workers).
The break-even is the smallest N at which the pool's median wall time is at least 10 %
below one process's: `POOL_AT_LEAST` in printkit/products/deck/pod.py.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHILD = """
import json, os, resource, sys, time
from printkit.products.deck import crazy8ix, pod
from printkit.products.deck.formats import make_options
from printkit.workers import cores
from printkit.products.deck.printers import load_printer

n, pooled = int(sys.argv[1]), sys.argv[2] == "pool"
arts = crazy8ix.load(options=make_options("pod", printer="tgc")).designs()
jobs = [arts[i % len(arts)] for i in range(n)]
profile = load_printer("tgc")
start = time.perf_counter()
pod.render_pngs(jobs, profile.card, profile.dpi, pod.POD_OVERSAMPLE,
                at_least=1 if pooled else 10**9)
seconds = time.perf_counter() - start
me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
workers = min(cores(), n) if pooled else 0
print(json.dumps({"seconds": seconds,
                  "cpu": me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime,
                  "memory_kb": me.ru_maxrss + workers * kids.ru_maxrss}))
"""


def run(n: int, mode: str) -> dict[str, float]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    out = subprocess.run([sys.executable, "-c", CHILD, str(n), mode], cwd=ROOT, env=env,
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--cards", default="2,4,8,16,33,48,66,132")
    args = parser.parse_args()
    print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f}")
    print(f"{'cards':>5}  {'one process':>22}  {'pool':>22}  {'pool/one':>16}")
    print(f"{'':>5}  {'wall s   CPU s    MiB':>22}  {'wall s   CPU s    MiB':>22}  "
          f"{'wall  CPU  memory':>16}")
    even = None
    for n in (int(v) for v in args.cards.split(",")):
        figures = {}
        for mode in ("serial", "pool"):
            run(n, mode)  # warm the caches
            results = [run(n, mode) for _ in range(args.runs)]
            figures[mode] = {key: statistics.median(r[key] for r in results)
                             for key in ("seconds", "cpu", "memory_kb")}
        one, pool = figures["serial"], figures["pool"]
        ratio = [pool[k] / one[k] for k in ("seconds", "cpu", "memory_kb")]
        print(f"{n:>5}  {one['seconds']:>6.2f} {one['cpu']:>7.2f} {one['memory_kb'] / 1024:>6.0f}"
              f"  {pool['seconds']:>6.2f} {pool['cpu']:>7.2f} {pool['memory_kb'] / 1024:>6.0f}"
              f"  {ratio[0]:>5.2f} {ratio[1]:>4.2f} {ratio[2]:>6.2f}")
        if even is None and ratio[0] <= 0.9:
            even = n
    print(f"the pool is 10 % faster from {even} cards" if even else
          "the pool was never 10 % faster here")


if __name__ == "__main__":
    main()
