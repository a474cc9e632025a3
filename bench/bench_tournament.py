"""Time a tournament's pads as whole processes: 10,000 sheets, and 1,000 tables from a CSV.

    python bench/bench_tournament.py [--runs 3]

Each figure is a fresh `python -m printkit sheet ...` process, timed from start to exit, as
a user meets it; peak memory is the process's largest resident size (getrusage of the
child), and the PDF's size is read from disk. Targets (on the 2-core machine):
`printkit sheet go-nuts --players A,B,C,D --pages 10000` under 3 s, under 150 MiB and under
10 MB of PDF; 1,000 tables under 3 s.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_deck import measure

FIRST = ("Ana", "Ben", "Zoë", "Łukasz", "Maximiliana", "Dee", "Eve", "Fay", "Gus", "Hal",
         "Ida", "Jo", "Kai", "Lea", "Mo", "Noor")
LAST = ("Ñúñez", "Smith", "Łukaszewicz", "Okafor", "Tanaka", "García", "Müller", "Novak")


def tables_csv(folder: Path, tables: int) -> Path:
    """Write a club's night of `tables` tables of 2-4 players, names drawn from a fixed seed."""
    rng = random.Random(11)
    rows = []
    for _ in range(tables):
        players = rng.randint(2, 4)
        names = rng.sample([f"{first} {last}" for first in FIRST for last in LAST], players)
        rows.append(",".join(names))
    path = folder / "tables.csv"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path


def report(label: str, argv: list[str], out: Path, runs: int) -> None:
    results = [measure(argv) for _ in range(runs + 1)][1:]  # the first warms the caches
    seconds = [t for t, _, _ in results]
    print(f"{label}: median {statistics.median(seconds):.2f} s (best {min(seconds):.2f} s), "
          f"peak {max(kb for _, kb, _ in results) / 1024:.0f} MiB, "
          f"CPU {statistics.median(c for _, _, c in results):.2f} s, "
          f"PDF {out.stat().st_size / 1e6:.1f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    py = [sys.executable, "-m", "printkit"]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        out = folder / "pads.pdf"
        report("go-nuts, 4 players, --pages 10000",
               [*py, "sheet", "go-nuts", "--players", "A,B,C,D", "--pages", "10000", "-o",
                str(out)], out, args.runs)
        report("go-nuts, 4 players, --pages 10000 --per-page 4",
               [*py, "sheet", "go-nuts", "--players", "A,B,C,D", "--pages", "10000",
                "--per-page", "4", "-o", str(out)], out, args.runs)
        csv = tables_csv(folder, 1000)
        for per_page in (1, 2):
            report(f"go-nuts, 1,000 tables, --per-page {per_page}",
                   [*py, "sheet", "go-nuts", "--tables", str(csv), "--per-page", str(per_page),
                    "-o", str(out)], out, args.runs)
        report("crazy8ix, 1,000 tables", [*py, "sheet", "crazy8ix", "--tables", str(csv), "-o",
                                          str(out)], out, args.runs)


if __name__ == "__main__":
    main()
