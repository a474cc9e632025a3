"""How well a photo's sheet is known by its look alone, its code ignored.

Run: python bench/scan_look.py FOLDER [FOLDER...]

Each FOLDER holds photos and their truths, of either generator (bench/photo/synth.py,
bench/photo2/make.py). Each photo's markers are found as `printkit scan` finds them, then
`look.identify` tells the sheet from its print alone, as the reader does when the code cannot
be read. Per set: the classic sheets known right (map, mode, paper, language), not known
(refused: the reader would say the code cannot be read), known wrong; the seeded variants'
sheets, which must never be known (only the code carries a variant's seed); and the median
CPU seconds of `identify`. A photo whose markers are not found is counted apart.

Tune on tuning sets only (docs/scan-measurement.md lists them); a held-out set is read once,
to report.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import cv2  # noqa: E402
import numpy as np  # noqa: E402

from printkit.scan import look  # noqa: E402
from printkit.scan.light import decode  # noqa: E402
from printkit.scan.markers import complete, find_markers, sheet_layout  # noqa: E402
from printkit.scan.params import DEFAULT  # noqa: E402


def judge(photo: Path) -> tuple[str, float]:
    """Return how the photo's sheet was told by its look ("right", "unknown", "wrong",
    "variant refused", "variant taken", "no markers") and the CPU seconds it took."""
    truth = json.loads(photo.with_suffix(".json").read_text())["sheet"]
    params = DEFAULT
    gray = decode(photo.read_bytes(), photo.name, params.photo)
    search = find_markers(gray, params.markers)
    version, corners = sheet_layout(search.found)
    found = complete(corners, search.candidates, gray, params.markers, version)
    if len(found) < params.markers.least:
        return "no markers", 0.0
    start = time.process_time()
    code = look.identify(gray, found, version, params)
    seconds = time.process_time() - start
    if truth.get("variant") is not None:
        return ("variant refused" if code is None else "variant taken"), seconds
    if code is None:
        return "unknown", seconds
    said = (code.map, code.mode, code.paper, code.lang)
    right = (truth["map"], truth["mode"], truth["paper"], truth["lang"])
    return ("right" if said == right else "wrong"), seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folders", type=Path, nargs="+")
    parser.add_argument("--quiet", action="store_true", help="no line per photo")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    kinds = ("right", "unknown", "wrong", "variant refused", "variant taken", "no markers")
    print(f"{'set':<22}{'photos':>7}" + "".join(f"{k:>17}" for k in kinds))
    everything: Counter[str] = Counter()
    seconds: list[float] = []
    for folder in args.folders:
        counts: Counter[str] = Counter()
        for photo in sorted(folder.glob("*.jpg")):
            if not photo.with_suffix(".json").exists():
                continue
            verdict, spent = judge(photo)
            counts[verdict] += 1
            if spent:
                seconds.append(spent)
            if not args.quiet and verdict not in ("right", "variant refused"):
                print(f"  {folder.name}/{photo.stem}: {verdict}", flush=True)
        everything.update(counts)
        print(f"{folder.name:<22}{sum(counts.values()):>7}" +
              "".join(f"{counts[k]:>17}" for k in kinds), flush=True)
    print(f"{'all':<22}{sum(everything.values()):>7}" +
          "".join(f"{everything[k]:>17}" for k in kinds))
    if seconds:
        print(f"identify CPU s per photo: median {np.median(seconds):.2f}, most "
              f"{max(seconds):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
