"""Limits on hostile input, measured: rule templates by size, a 1 GB file, the map cache.

    python bench/bench_limits.py [--root DIR] [--variants 20]

Each figure is a fresh `python -m printkit` process (or, for the cache, one process that
meets many maps, as `printkit serve` does), timed from start to exit, with its peak memory.
`--root` runs the printkit of another checkout (an older one, to compare).
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CACHE_PROBE = """
import gc, sys
from printkit.games.fox_rabbit.template import load_map
def rss():
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS"):
            return int(line.split()[1]) / 1024
start = rss()
for v in range(1, int(sys.argv[1]) + 1):
    load_map(f"variant-{v}")   # what validating a record of variant v does first
    gc.collect()
    if v % 5 == 0:
        print(f"{v} {rss() - start:.0f}", flush=True)
"""


def timed(root: Path, args: list[str], cwd: Path) -> tuple[float, float, str]:
    """Return (seconds, peak MB, last line of stderr) of one printkit process."""
    env = {**os.environ, "PYTHONPATH": str(root)}
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "printkit", *args], cwd=cwd, env=env,
                          capture_output=True, text=True)
    took = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    said = (done.stderr.strip().splitlines() or [""])[-1][:90]
    return took, max(peak, before) / 1024, said


def rules_template(folder: Path, megabytes: float) -> Path:
    text = (ROOT / "templates" / "rules" / "go-nuts.md").read_text("utf-8")
    head, _, rest = text.partition("\n## ")
    at = rest.index("## Clarifications")
    paragraph = "A long paragraph of rules text that goes on and on to fill the page. " * 8
    filler = (paragraph + "\n\n") * int(megabytes * 1_000_000 / (len(paragraph) + 2))
    path = folder / f"rules-{megabytes:g}MB.md"
    path.write_text(head + "\n## " + rest[:at] + filler + rest[at:], encoding="utf-8")
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=ROOT)
    parser.add_argument("--variants", type=int, default=20)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        for mb in (0.32, 0.95, 3.2):
            path = rules_template(work, mb)
            took, peak, said = timed(options.root, ["rules", "go-nuts", "--template", str(path),
                                                    "-o", str(work / "r.pdf")], work)
            print(f"rules --template, {path.stat().st_size / 1e6:.2f} MB: {took:.2f} s, "
                  f"{peak:.0f} MB  ({said})")
        big = work / "big.toml"
        with big.open("wb") as handle:
            handle.truncate(1_000_000_000)
        for args in (["deck", "--deck", str(big)], ["sheet", "fox-and-rabbit", "--map", str(big)]):
            took, peak, said = timed(options.root, [*args, "-o", str(work / "o") + "/"], work)
            print(f"{args[0]} {args[-2]} (1 GB file): {took:.2f} s, {peak:.0f} MB  ({said})")
    env = {**os.environ, "PYTHONPATH": str(options.root)}
    done = subprocess.run([sys.executable, "-c", CACHE_PROBE, str(options.variants)],
                          env=env, capture_output=True, text=True, check=True)
    grown = ", ".join(f"{v} maps {mb} MB" for v, mb in
                      (line.split() for line in done.stdout.splitlines()))
    print(f"one process meeting {options.variants} seeded variants, memory above its start: "
          f"{grown}")


if __name__ == "__main__":
    main()
