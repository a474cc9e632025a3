"""Validation speed: one record as a whole process, and records per second in one process.

Run: python bench/bench_validate.py [N]

Records per second are measured two ways, both reading YAML text and validating it:
- "200 records, cycled": the 200 played games read N times over (how this bench has always
  measured; the reader's caches of turn lines are warm after the first round);
- "N distinct records, each once": N played games read once each, as a batch of real runs
  would be (turn lines repeat between games only as often as play repeats them).
Each is timed by the process's CPU time (what the work costs, whatever else the machine is
doing) and by the wall clock; for the cycled records the best of 3 rounds is printed.
"""

import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import yaml  # noqa: E402

from printkit.games.fox_rabbit.players import play  # noqa: E402
from printkit.games.fox_rabbit.record import read_record  # noqa: E402
from printkit.games.fox_rabbit.template import load_map  # noqa: E402
from printkit.games.fox_rabbit.validate import validate_run, validate_text  # noqa: E402


def played(n: int, seed: int) -> list[str]:
    """Return n played games with turn logs, as YAML text."""
    game_map = load_map("classic")
    rng = random.Random(seed)
    texts = []
    for i in range(n):
        rec = play(game_map, ("easy", "hard", "super-hard")[i % 3], rng,
                   "greedy" if i % 2 else "random").record
        texts.append(yaml.safe_dump(rec, sort_keys=False, default_flow_style=None, width=200))
    return texts


def rate(texts: list[str], n: int) -> tuple[float, float]:
    """Return (records per CPU second, records per wall second) for n validations."""
    cpu, wall = time.process_time(), time.perf_counter()
    for i in range(n):
        assert validate_text(texts[i % len(texts)]).legal
    return n / (time.process_time() - cpu), n / (time.perf_counter() - wall)


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
    example = ROOT / "examples/fox-and-rabbit/easy-won.yaml"
    runs = []
    for _ in range(5):
        t = time.perf_counter()
        subprocess.run([sys.executable, "-m", "printkit", "validate", str(example)],
                       cwd=ROOT, capture_output=True, check=False)
        runs.append(time.perf_counter() - t)
    print(f"one record, whole process (python -m printkit validate): "
          f"best {min(runs) * 1000:.0f} ms of 5")

    cycled = played(200, 1)
    print(f"records: played games with turn logs, "
          f"{sum(map(len, cycled)) / len(cycled):.0f} bytes each on average")
    best = max((rate(cycled, n) for _ in range(3)), key=lambda r: r[0])
    print(f"read + validate, 200 records cycled {n} times: {best[0]:,.0f} records/s "
          f"(CPU time), {best[1]:,.0f} records/s (wall clock)")

    distinct = played(n, 2)
    cpu, wall = rate(distinct, n)
    print(f"read + validate, {n} distinct records each once: {cpu:,.0f} records/s "
          f"(CPU time), {wall:,.0f} records/s (wall clock)")

    parsed = [read_record(x) for x in cycled]
    t = time.process_time()
    for i in range(n):
        validate_run(parsed[i % len(parsed)])
    print(f"validate only (record already read): {n / (time.process_time() - t):,.0f} "
          f"records/s (CPU time)")


if __name__ == "__main__":
    main()
