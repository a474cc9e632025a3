"""Validation speed: one record as a whole process, and records per second in one process.

Run: python bench/bench_validate.py [N]
"""

import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from printkit.games.fox_rabbit.players import play  # noqa: E402
from printkit.games.fox_rabbit.record import read_record  # noqa: E402
from printkit.games.fox_rabbit.template import load_map  # noqa: E402
from printkit.games.fox_rabbit.validate import validate_run, validate_text  # noqa: E402


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

    import random
    import yaml
    game_map = load_map("classic")
    rng = random.Random(1)
    texts = []
    for i in range(200):
        rec = play(game_map, ("easy", "hard", "super-hard")[i % 3], rng,
                   "greedy" if i % 2 else "random").record
        texts.append(yaml.safe_dump(rec, sort_keys=False, default_flow_style=None, width=200))
    turns = sum(t.count("\n- ") for t in texts) / len(texts)
    print(f"records: {len(texts)} played games with turn logs, {sum(map(len, texts)) / len(texts):.0f} "
          f"bytes each on average")
    t = time.perf_counter()
    for i in range(n):
        assert validate_text(texts[i % len(texts)]).legal
    dt = time.perf_counter() - t
    print(f"read + validate, one process: {n / dt:,.0f} records/s ({dt / n * 1e6:.0f} us each)")
    parsed = [read_record(x) for x in texts]
    t = time.perf_counter()
    for i in range(n):
        validate_run(parsed[i % len(parsed)])
    dt = time.perf_counter() - t
    print(f"validate only (record already read): {n / dt:,.0f} records/s")
    del turns


if __name__ == "__main__":
    main()
