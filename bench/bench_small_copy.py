"""Which photos the reader calls a messaging app's small copy, against the truth.

Run: python bench/bench_small_copy.py --dir FOLDER [--dir FOLDER ...] [--report FILE]

Each photo (NAME.jpg with its truth NAME.json, generator 2's: `camera.messaging` says whether
it was sent through a messaging app) is read as far as its markers, the step where the
reader knows its pixels a point of the sheet (`reader._pixels_a_point`), and called a small
copy under `InkParams.coarse_copy`, as `Scan.small_copy` is: the photo's notice ("a small
copy of a photo ... the camera's own photo reads better"). Counted: copies told, copies not
told, camera photos told (a false notice), and the range of pixels a point of each kind.
A photo whose markers are not found is left out (it is refused, and says why).
See docs/scan-measurement.md.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.photo import score  # noqa: E402
from printkit.scan import reader  # noqa: E402
from printkit.scan.light import decode  # noqa: E402
from printkit.scan.markers import complete, find_markers, sheet_layout  # noqa: E402
from printkit.scan.params import DEFAULT  # noqa: E402


def photo_scale(path: Path) -> float | None:
    """Return the photo's pixels a point of the sheet, by its markers (None: too few)."""
    params = DEFAULT
    try:
        gray = decode(path.read_bytes(), path.name, params.photo)
        search = find_markers(gray, params.markers)
        version, corners = sheet_layout(search.found)
        found = complete(corners, search.candidates, gray, params.markers, version)
    except Exception:  # a photo refused: left out, as the reader refuses it
        return None
    if len(found) < params.markers.least:
        return None
    return reader._pixels_a_point(found)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--dir", action="append", required=True, type=Path)
    parser.add_argument("--report", type=Path)
    args = parser.parse_args()
    limit = DEFAULT.ink.coarse_copy
    rows = []
    for folder in args.dir:
        for jpg in sorted(folder.glob("*.jpg")):
            truth = json.loads(jpg.with_suffix(".json").read_text())
            copy = score.messaging_copy(truth)
            scale = photo_scale(jpg)
            rows.append({"photo": str(jpg), "messaging": copy,
                         "scale": None if scale is None else round(scale, 3),
                         "told": scale is not None and scale < limit})
    read = [r for r in rows if r["scale"] is not None]
    copies = [r for r in read if r["messaging"]]
    cameras = [r for r in read if not r["messaging"]]

    def span(rs: list[dict]) -> str:
        return f"{min(r['scale'] for r in rs):.2f}-{max(r['scale'] for r in rs):.2f}" \
            if rs else "-"

    print(f"photos {len(rows)}, markers found {len(read)} (threshold coarse_copy {limit})")
    print(f"messaging copies {len(copies)}: told {sum(r['told'] for r in copies)}, "
          f"pixels a point {span(copies)}")
    print(f"camera photos {len(cameras)}: told {sum(r['told'] for r in cameras)}, "
          f"pixels a point {span(cameras)}")
    if args.report:
        args.report.write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
