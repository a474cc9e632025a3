"""The written values' CPU on a photo, the first call in a process included (issue 31).

Run: python bench/suggest_cpu.py --dir FOLDER ... [--scans DIR] [--page] [--code CHECKOUT]
     python bench/suggest_cpu.py ... --vs OTHER_CHECKOUT [--rounds 3]

Each photo's scan is read once and kept (as bench/suggest_snapshot.py keeps it, in the same
DIR), then timed in a process of its own: the map and the blank sheet are made first, as
reading the photo makes them (a scan read back holds its map but not the caches: a seeded
variant's map was made again by the rules' first `load_map`, a second or more of CPU that
is no part of `suggest`, its simulated games left for the garbage collector), then
`suggest` as bench/bench_numbers.py asks it (the boxes read uncertain answered as the
truth has them; `--page`: none answered, as the page asks it). Its CPU
(`time.process_time`) is the first call's; then it is timed twice more, what is kept of the
photo's values let go each time (`writing._last`, `narrow_sheet._STATES`,
`narrow_attempts._KEPT`): the photo's own work, the rest of the first call what a process
pays once. With `--vs`, each photo is timed in the other checkout too, one after the other,
`--rounds` times (the machine's load drifts): medians, and the ratio of the two.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
from suggest_snapshot import SCANS, _kinds, _photos, _scanned  # noqa: E402


def _one(kept: Path, page: bool) -> None:
    """Time a kept scan's `suggest` in this process: its first call, then twice afresh."""
    import pickle
    import time

    import printkit.cli  # noqa: F401  (a seeded variant's map is made as the command line makes it)
    from printkit.games.fox_rabbit import narrow_attempts, narrow_sheet
    from printkit.games.fox_rabbit.template import load_map_with_digest
    from printkit.scan import writing
    from printkit.scan.layout import blank_image
    from printkit.scan.reader import scan  # noqa: F401  (imported as reading a photo imports it)
    from printkit.scan.suggest import suggest

    with kept.open("rb") as f:
        found, boxes, _written = _kinds(pickle.load(f))
    lay = found.layout
    load_map_with_digest(found.code.map, found.code.digest)   # as the reader finds it
    blank_image(lay.map.name, lay.mode, lay.paper, lay.lang, found.scale, lay.version)
    given = {} if page else boxes
    times = []
    for _ in range(3):
        writing._last.clear()
        narrow_sheet._STATES.clear()
        narrow_attempts._KEPT.clear()
        start = time.process_time()
        suggest(found, given)
        times.append(time.process_time() - start)
    print(" ".join(f"{t:.4f}" for t in times))


def _timed(code: Path, kept: Path, page: bool) -> tuple[float, float]:
    """Return a kept scan's first `suggest` in a fresh process of `code`, and the least of
    the two after it."""
    env = dict(os.environ, PYTHONPATH=str(code))
    out = subprocess.run([sys.executable, __file__, "--one", str(kept)]
                         + (["--page"] if page else []),
                         env=env, cwd=code, capture_output=True, text=True, check=True)
    first, *again = (float(t) for t in out.stdout.split()[-3:])
    return first, min(again)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dir", type=Path, nargs="+", help="folders of photos, each with its "
                        "truth's .json")
    parser.add_argument("--scans", type=Path, default=SCANS,
                        help=f"where each photo's scan is kept (default {SCANS})")
    parser.add_argument("--page", action="store_true",
                        help="suggest as the page does, no box answered")
    parser.add_argument("--code", type=Path, default=ROOT,
                        help="the checkout whose printkit suggests (default this one)")
    parser.add_argument("--vs", type=Path, help="another checkout, timed photo by photo too")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--one", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        _one(args.one, args.page)
        return 0
    sys.path.insert(0, str(args.code.resolve()))
    sides = [args.code.resolve()] + ([args.vs.resolve()] if args.vs else [])
    rows: list[tuple[str, list[list[tuple[float, float]]]]] = []
    for photo in _photos(args.dir or []):
        if isinstance(_scanned(photo, args.scans), str):
            continue
        kept = args.scans / f"{photo.parent.name}__{photo.stem}.pkl"
        times: list[list[tuple[float, float]]] = [[] for _ in sides]
        for _ in range(args.rounds):
            for k, code in enumerate(sides):
                times[k].append(_timed(code, kept, args.page))
        rows.append((f"{photo.parent.name}/{photo.stem}", times))
        line = "  ".join(f"{statistics.median(t[0] for t in side):.3f} "
                         f"({statistics.median(t[1] for t in side):.3f})" for side in times)
        print(f"{rows[-1][0]:32s} first (again): {line}", flush=True)
    for k, code in enumerate(sides):
        firsts = [statistics.median(t[0] for t in times[k]) for _, times in rows]
        agains = [statistics.median(t[1] for t in times[k]) for _, times in rows]
        print(f"{code}: first call most {max(firsts, default=0):.3f}, median "
              f"{statistics.median(firsts or [0]):.3f}; again most {max(agains, default=0):.3f}")
    if args.vs and rows:
        ratios = [statistics.median(t[0] for t in times[1]) /
                  statistics.median(t[0] for t in times[0]) for _, times in rows]
        print(f"first call, {sides[1].name} / {sides[0].name}: median "
              f"{statistics.median(ratios):.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
