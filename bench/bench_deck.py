"""Time the Crazy8ix deck exports as whole processes, and watch their peak memory.

    python bench/bench_deck.py [--runs 5]

Each figure is a fresh `python -m printkit ...` process, timed from start to exit, as a
user meets it; peak memory is the largest resident size of that process or any of its
workers (getrusage of the children). Targets (on the 2-core machine): print-and-play
PDF under 0.5 s, the TGC PNGs (33, one per distinct face) under 1.5 s, and memory flat as
the deck grows (a 1,000-card composition under ten times the memory of the 100-card one).

Printed alongside: the same PDF made without the command line (the product alone, in a
fresh process), and `printkit --version`, the floor every command pays for Python,
Typer and its option parsing.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PRODUCT_ONLY = (
    "import sys; from pathlib import Path; "
    "from printkit.draw.paper import LETTER; "
    "from printkit.products.deck.crazy8ix import print_and_play; "
    "from printkit.output import write_file; "
    "doc = print_and_play(LETTER); "
    "write_file(Path(sys.argv[1]) / doc.filename, doc.pdf_bytes())"
)


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return env


def _child(argv: list[str]) -> None:
    """Run argv once and print its wall time and the peak memory of it and its workers."""
    start = time.perf_counter()
    result = subprocess.run(argv, cwd=ROOT, env=_env(), stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    seconds = time.perf_counter() - start
    if result.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed: {result.stderr.strip()}")
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(json.dumps({"seconds": seconds, "maxrss_kb": usage.ru_maxrss,  # KB on Linux
                      "cpu": usage.ru_utime + usage.ru_stime}))


def measure(argv: list[str]) -> tuple[float, int, float]:
    """Return (seconds, peak KB, CPU seconds) of one fresh run of argv, from a clean parent."""
    out = subprocess.run([sys.executable, __file__, "--child", "--", *argv],
                         capture_output=True, text=True, check=True).stdout
    data = json.loads(out)
    return data["seconds"], data["maxrss_kb"], data["cpu"]


def series(argv: list[str], runs: int) -> tuple[float, float, int, float]:
    """Return the median and best time of `runs` runs, the largest peak memory, and the
    median CPU time of the process and its workers (which other work on the machine does
    not inflate the way it inflates the wall time)."""
    measure(argv)  # warm the file cache and .pyc files
    results = [measure(argv) for _ in range(runs)]
    times = [t for t, _, _ in results]
    return (statistics.median(times), min(times), max(kb for _, kb, _ in results),
            statistics.median(cpu for _, _, cpu in results))


def big_composition(folder: Path) -> Path:
    """Write a 1,000-card composition: ten of each card of the ruling's deck."""
    text = (ROOT / "templates" / "crazy8ix" / "deck.toml").read_text(encoding="utf-8")
    text = text.replace("total = 100", "total = 1000")
    text = re.sub(r"qty = (\d+)", lambda m: f"qty = {int(m.group(1)) * 10}", text)
    path = folder / "deck-1000.toml"
    path.write_text(text, encoding="utf-8")
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    py = sys.executable
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"python {sys.version.split()[0]}, {cores} cores, load average {load:.2f} "
          f"(other work slows every figure), {args.runs} runs each "
          f"(median / best, peak memory)\n")
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        big = big_composition(out)
        rows = [
            ("printkit --version (CLI floor)", [py, "-m", "printkit", "--version"], None),
            ("pnp PDF, product only", [py, "-c", PRODUCT_ONLY, str(out / "p")], 0.5),
            ("pnp PDF, printkit deck", [py, "-m", "printkit", "deck", "-o", str(out / "c")],
             0.5),
            ("33 TGC PNGs, printkit deck", [py, "-m", "printkit", "deck", "--format", "pod",
                                            "--printer", "tgc", "-o", str(out / "t")], 1.5),
            ("TTS sheet and saved object", [py, "-m", "printkit", "deck", "--format", "tts",
                                            "-o", str(out / "s")], None),
            ("DriveThruCards PDF/X-1a", [py, "-m", "printkit", "deck", "--format", "pod",
                                         "--printer", "drivethrucards", "-o", str(out / "d")],
             None),
        ]
        memory: dict[str, int] = {}
        for label, argv, target in rows:
            median, best, kb, cpu = series(argv, args.runs)
            verdict = "" if target is None else (
                f"  target < {target} s: {'met' if median < target else 'MISSED'}")
            print(f"{label:<34} {median:6.3f} s / {best:6.3f} s  cpu {cpu:5.2f} s  "
                  f"{kb / 1024:5.1f} MB{verdict}")
            memory[label] = kb
        print()
        for label, argv, small in (
            ("pnp PDF, 1,000 cards", [py, "-m", "printkit", "deck", "--deck", str(big), "-o",
                                      str(out / "c")], "pnp PDF, printkit deck"),
            ("TGC PNGs, 1,000 cards", [py, "-m", "printkit", "deck", "--format", "pod",
                                       "--printer", "tgc", "--deck", str(big), "-o",
                                       str(out / "t")], "33 TGC PNGs, printkit deck"),
        ):
            median, best, kb, cpu = series(argv, max(1, args.runs // 2))
            ratio = kb / memory[small]
            print(f"{label:<34} {median:6.3f} s / {best:6.3f} s  cpu {cpu:5.2f} s  "
                  f"{kb / 1024:5.1f} MB  "
                  f"{ratio:.2f}× the 100-card memory: "
                  f"{'flat' if ratio < 10 else 'NOT FLAT'}")


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--child":
        _child(sys.argv[3:])
    else:
        main()
