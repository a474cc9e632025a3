"""What the photo reader reads, written down to be compared after a change: a snapshot.

Run: python bench/scan_snapshot.py write SNAPSHOT.json [--sets DIR]
     python bench/scan_snapshot.py compare SNAPSHOT.json [--sets DIR]

A change that must not change a reading (a refactoring, a speed-up) is checked by writing
the snapshot before it and comparing after. Every photo is read in this process
(`reader.scan`); the snapshot holds, for each, the sheet it was known as (and how: code or
look), the alignment error, and every field's marked, confidence, uncertain, ink share and box,
the floats as Python prints them (all their digits); or the refusal's message. `compare`
prints each difference and exits 1 when there is one, 0 when every reading is the same, byte
for byte.

The photos, 34 of them:
- 18 synthetic photos of the dev sets (`bench/photo/synth.py`, made into DIR, by default
  $PRINTKIT_SCAN_SETS or /tmp/printkit-scan-sets, when not there): the 12 of dev-hard (curl,
  lens, folds, light pencil, erased marks), 4 of dev-photos, 2 of dev-scans;
- 16 made here with the test suite's photographer (`tests/scan/photos.py`): example runs on
  letter and A4, in three languages; a grey print sharpened; a sheet small in a 12-megapixel
  frame; a corner marker off its place; a code scribbled over (known by its look) and a
  seeded variant's (refused); the flat scan of a sheet of layout 1; and refusals: too dark,
  too blurred, a corner out of view, a sheet folded, no markers, a bare wall.
Five of the dev-hard photos are read as light pencil pages (301, 305, 307, 309, 310).
Each photo's SHA-256 is kept too: a photo made differently (another generator, another
sheet) is said to differ before its reading is.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import cv2  # noqa: E402
import numpy as np  # noqa: E402
from PIL import Image  # noqa: E402

from printkit.games.fox_rabbit import sheet_fields as sf  # noqa: E402
from printkit.games.fox_rabbit.record import read_record  # noqa: E402
from printkit.games.fox_rabbit.template import load_map  # noqa: E402
from printkit.scan.image import ScanError  # noqa: E402
from printkit.scan.layout import layout  # noqa: E402
from printkit.scan.reader import scan  # noqa: E402
from tests.scan.photos import (  # noqa: E402
    code_scribbled,
    marker_lifted,
    photograph,
    played_sheet,
)

EXAMPLES = ROOT / "examples/fox-and-rabbit"
LAYOUT_1 = ROOT / "tests/fixtures/scan/layout1-hard-letter-en.png"
#: The dev sets' photos read: every hard one, a few of the others.
SYNTH = {"dev-hard": 12, "dev-photos": 4, "dev-scans": 2}


def _values(record: str) -> tuple[Any, dict[str, str | bool]]:
    run = read_record((EXAMPLES / record).read_text(encoding="utf-8"))
    return run, {k: v for k, v in sf.form_values(run).items()
                 if not k.startswith("score-") and k != "date"}


def _jpeg(image: np.ndarray, quality: int = 90) -> bytes:
    return bytes(cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])[1])


def _example(record: str, paper: str = "letter", lang: str = "en", dpi: float = 160,
             **seen: float) -> Callable[[], bytes]:
    def make() -> bytes:
        run, values = _values(record)
        return photograph(played_sheet(run.map, run.mode, values, paper, lang, dpi), **seen)
    return make


def _decoded(make: Callable[[], bytes]) -> np.ndarray:
    return cv2.imdecode(np.frombuffer(make(), np.uint8), cv2.IMREAD_COLOR)


def _grey_sharpened() -> bytes:
    values: dict[str, str | bool] = {"die-B": True, "trap-1": True, "F-A1": True}
    return photograph(played_sheet(load_map("classic"), "hard", values, grey=True),
                      sharpen=0.6)


def _far() -> bytes:
    values: dict[str, str | bool] = {"F-A1": True, "R-B2": True, "trap-3": True}
    sheet = played_sheet(load_map("classic"), "easy", values, "a4", "en", dpi=130)
    page = cv2.imdecode(np.frombuffer(photograph(sheet), np.uint8), cv2.IMREAD_COLOR)
    frame = np.full((3000, 4000, 3), (45, 40, 35), np.uint8)
    h, w = page.shape[:2]
    frame[600:600 + h, 900:900 + w] = page
    return _jpeg(frame, 85)


def _lifted() -> bytes:
    run, values = _values("easy-won-sheet-only.yaml")
    sheet = marker_lifted(played_sheet(run.map, run.mode, values), run.map, run.mode)
    return bytes(cv2.imencode(".png", cv2.cvtColor(sheet, cv2.COLOR_RGB2BGR))[1])


def _folded() -> bytes:
    run, values = _values("easy-won-sheet-only.yaml")
    sheet = np.asarray(played_sheet(run.map, run.mode, values)).copy()
    h, w = sheet.shape[:2]
    quarter = sheet[h // 2:, w // 2:]
    quarter[:] = np.roll(np.roll(quarter, 24, axis=0), 24, axis=1)
    return bytes(cv2.imencode(".png", cv2.cvtColor(sheet, cv2.COLOR_RGB2BGR))[1])


def _unmarked() -> bytes:
    run, values = _values("hard-won-sheet-only.yaml")
    sheet = np.asarray(played_sheet(run.map, run.mode, values, dpi=300)).copy()
    k = 300 / 72
    lay = layout("classic", run.mode, "letter", "en")
    for corner in range(4):
        x, y, w, h = (round(v * k) for v in lay.anchors[f"marker-{corner}"])
        sheet[y - 8:y + h + 8, x - 8:x + w + 8] = 255
    return photograph(Image.fromarray(sheet), quality=88)


def _wall() -> bytes:
    rng = np.random.default_rng(3)
    grain = cv2.GaussianBlur(rng.normal(0, 4, (1500, 2000)).astype(np.float32), (0, 0), 1.2)
    light = np.linspace(150, 205, 2000, dtype=np.float32)[None, :] * \
        np.linspace(0.9, 1.0, 1500, dtype=np.float32)[:, None]
    return _jpeg(np.clip(light + grain, 0, 255).astype(np.uint8), 88)


def made_here() -> dict[str, Callable[[], bytes]]:
    """Return the photos made in this process, by name."""
    easy = _example("easy-won-sheet-only.yaml")
    return {
        "easy-won": easy,
        "hard-won-300dpi": _example("hard-won-sheet-only.yaml", dpi=300, quality=88),
        "super-hard-a4-fr": _example("super-hard-won-sheet-only.yaml", "a4", "fr", turn=-2.0,
                                     tilt=0.03),
        "easy-won-es-sharpened": _example("easy-won-sheet-only.yaml", lang="es", sharpen=0.4),
        "grey-sharpened": _grey_sharpened,
        "far-in-a-large-frame": _far,
        "marker-lifted": _lifted,
        "code-scribbled-known-by-look": lambda: code_scribbled(
            load_map("classic"), "hard", {"F-A1": True, "F-A2": True, "trap-1": True,
                                          "die-B": True, "F-A3": "7"}, "a4", "es"),
        "variant-code-scribbled": lambda: code_scribbled(load_map("variant-7"), "hard",
                                                         {"F-A1": True}, "a4", "es"),
        "layout-1-scan": LAYOUT_1.read_bytes,
        "too-dark": lambda: _jpeg((_decoded(easy) * 0.12).astype(np.uint8)),
        "too-blurred": lambda: _jpeg(cv2.GaussianBlur(_decoded(easy), (0, 0), 9)),
        "corner-out-of-view": lambda: _jpeg(_decoded(easy)[: _decoded(easy).shape[0] * 7 // 10]),
        "folded": _folded,
        "no-markers": _unmarked,
        "bare-wall": _wall,
    }


def synthetic(sets: Path) -> dict[str, Callable[[], bytes]]:
    """Return the dev sets' photos, made into `sets` when not there yet, by name."""
    from bench.photo import synth

    out: dict[str, Callable[[], bytes]] = {}
    for name, count in SYNTH.items():
        for photo, _truth in synth.make_set(name, sets, count):
            out[photo.stem] = photo.read_bytes
    return out


def _float(value: float) -> str:
    return repr(float(value))


def reading(data: bytes, name: str) -> dict[str, Any]:
    """Return what the reader reads of a photo, every float with all its digits."""
    try:
        read = scan(data, name)
    except ScanError as err:
        return {"refused": str(err)}
    return {
        "sheet": read.as_dict()["sheet"],
        "layout": read.layout.version,
        "alignment": _float(read.alignment),
        "fields": {name: {"marked": f.marked, "confidence": _float(f.confidence),
                          "uncertain": f.uncertain, "ink": _float(f.ink),
                          "box": [_float(v) for v in f.box]}
                   for name, f in read.fields.items()},
    }


def snapshot(sets: Path) -> dict[str, Any]:
    photos = {**synthetic(sets), **made_here()}
    out: dict[str, Any] = {}
    for name, make in photos.items():
        data = make()
        out[name] = {"sha256": hashlib.sha256(data).hexdigest(),
                     **reading(data, f"{name}.jpg")}
        said = out[name].get("refused") or \
            f"{sum(f['marked'] for f in out[name]['fields'].values())} marked"
        print(f"{name}: {said}", flush=True)
    return out


def differences(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """Return every difference between two snapshots, one line each."""
    lines = [f"{name}: only in the first" for name in before.keys() - after.keys()]
    lines += [f"{name}: only in the second" for name in after.keys() - before.keys()]
    for name in sorted(before.keys() & after.keys()):
        a, b = before[name], after[name]
        if a["sha256"] != b["sha256"]:
            lines.append(f"{name}: another photo (its bytes differ)")
            continue
        for key in sorted((a.keys() | b.keys()) - {"fields", "sha256"}):
            if a.get(key) != b.get(key):
                lines.append(f"{name}: {key} {a.get(key)!r} -> {b.get(key)!r}")
        fa, fb = a.get("fields", {}), b.get("fields", {})
        for field in sorted(fa.keys() | fb.keys()):
            if fa.get(field) != fb.get(field):
                lines.append(f"{name}: {field} {fa.get(field)} -> {fb.get(field)}")
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=("write", "compare"))
    parser.add_argument("snapshot", type=Path)
    parser.add_argument("--sets", type=Path, default=Path(os.environ.get(
        "PRINTKIT_SCAN_SETS", "/tmp/printkit-scan-sets")))
    args = parser.parse_args()
    cv2.setNumThreads(1)
    now = snapshot(args.sets)
    if args.action == "write":
        args.snapshot.write_text(json.dumps(now, indent=1, sort_keys=True) + "\n",
                                 encoding="utf-8")
        print(f"{len(now)} photos written to {args.snapshot}")
        return 0
    lines = differences(json.loads(args.snapshot.read_text(encoding="utf-8")), now)
    for line in lines:
        print(line)
    print(f"{len(now)} photos: " + (f"{len(lines)} differences" if lines else
                                    "every reading the same"))
    return 1 if lines else 0


if __name__ == "__main__":
    sys.exit(main())
