"""Time `printkit kit` for 4 players as a whole process, as a host would run it.

Usage: python bench/bench_kit.py [runs]
Prints the wall time of each run and the best and median; the target is under 1 s. Then
the same kit as one PDF (`--single-pdf`), which is made in one process, and the kit in
Spanish and in French (`--lang es`, `--lang fr`).
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def series(runs: int, extra: list[str]) -> tuple[list[float], list[Path]]:
    times = []
    with tempfile.TemporaryDirectory() as out:
        for _ in range(runs):
            start = time.perf_counter()
            subprocess.run([sys.executable, "-m", "printkit", "kit", "--players",
                            "Ana,Ben,Zoë,Łukasz", *extra, "-o", out], cwd=ROOT, check=True,
                           capture_output=True)
            times.append(time.perf_counter() - start)
        files = sorted(Path(out).iterdir())
    return times, files


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    for label, extra in (("printkit kit", []), ("printkit kit --single-pdf", ["--single-pdf"]),
                         ("printkit kit --lang es", ["--lang", "es"]),
                         ("printkit kit --lang fr", ["--lang", "fr"])):
        times, files = series(runs, extra)
        print(f"{label}, 4 players, {len(files)} files, {runs} runs")
        print("runs (s): " + " ".join(f"{t:.3f}" for t in times))
        print(f"best {min(times):.3f} s, median {statistics.median(times):.3f} s (target < 1 s)")


if __name__ == "__main__":
    main()
