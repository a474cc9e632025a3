"""The written values' suggestions, written down to be compared after a change: a snapshot.

Run: python bench/suggest_snapshot.py write SNAPSHOT.json --dir FOLDER ... [--scans DIR]
     python bench/suggest_snapshot.py compare SNAPSHOT.json --dir FOLDER ... [--scans DIR]
     python bench/suggest_snapshot.py ... --code CHECKOUT   # another checkout's printkit

A change that must not change a suggestion (a speed-up of the beam, of the glyph model) is
checked by writing the snapshot before it and comparing after. Each photo of the folders (a
`.jpg` with its truth's `.json`, as bench/bench_numbers.py --dir reads them) is scanned once
and its scan kept in DIR (pickled; /tmp/printkit-suggest-scans by default), so that both
sides suggest from the same scan, and the scan's own time is paid once. Each is then read as
`bench_numbers.py` reads it: the boxes read uncertain answered as the truth has them, then
`suggest`; when a score waits on values asked, `suggest` again with those typed as written.
The snapshot holds, for each photo, both passes' suggestions (value, sure, candidates and
what the rules ruled out with their chances and why, decided, waits) and every field's
readings of its ink (text, chance, whole, evidence, printed), the floats as Python prints
them (all their digits); or the error's message. `compare` prints each difference (and the
largest difference of a float) and exits 1 when there is one, 0 when every suggestion is the
same, byte for byte.
"""

from __future__ import annotations

import argparse
import json
import pickle
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SCANS = Path("/tmp/printkit-suggest-scans")


def _photos(folders: list[Path]) -> list[Path]:
    return [jpg for folder in folders for jpg in sorted(folder.glob("*.jpg"))
            if jpg.with_suffix(".json").is_file()]


def _scanned(photo: Path, scans: Path) -> Any:
    """Return the photo's scan, its boxes answered and its values written (kept in `scans`),
    or the message of its refusal."""
    from printkit.errors import PrintkitError
    from printkit.scan.reader import scan

    kept = scans / f"{photo.parent.name}__{photo.stem}.pkl"
    if kept.is_file():
        with kept.open("rb") as f:
            return _kinds(pickle.load(f))
    truth = json.loads(photo.with_suffix(".json").read_text(encoding="utf-8"))
    try:
        found = scan(photo.read_bytes(), photo.name)
    except PrintkitError as err:
        read: Any = str(err)
    else:
        boxes = {k: "x" if truth["fields"].get(k) else "no" for k in found.uncertain
                 if not found.fields[k].kind.written}
        written = {k: " ".join(str(v).split()) for k, v in truth["values"].items()
                   if k != "date" and " ".join(str(v).split())}
        read = (found, boxes, written)
    scans.mkdir(parents=True, exist_ok=True)
    with kept.open("wb") as f:
        pickle.dump(read, f)
    return read


def _kinds(read: Any) -> Any:
    """Return a kept scan with each field's kind the very kind of `sheet_fields.KINDS`: a
    scan pickled before kinds unpickled as themselves holds equal copies, which the
    reader's `is` tells apart (either checkout's printkit reads it alike)."""
    from dataclasses import replace

    from printkit.games.fox_rabbit.sheet_fields import KINDS

    if not isinstance(read, str):
        found = read[0]
        for name, f in found.fields.items():
            if f.kind is not KINDS[f.kind.name]:
                found.fields[name] = replace(f, kind=KINDS[f.kind.name])
    return read


def _said(suggestions: dict[str, Any]) -> dict[str, Any]:
    from printkit.message import say

    return {name: {"value": s.value, "sure": s.sure, "decided": s.decided, "waits": s.waits,
                   "candidates": [[r.text, repr(r.chance)] for r in s.candidates],
                   "ruled_out": [[r.text, repr(r.chance), say(r.why)] for r in s.ruled_out]}
            for name, s in suggestions.items()}


def snapshot(folders: list[Path], scans: Path) -> dict[str, Any]:
    """Return what each photo's values are suggested as, by the photo's name."""
    import printkit.cli  # noqa: F401  (a seeded variant's map is made as the command line makes it)
    from printkit.errors import PrintkitError
    from printkit.scan import writing
    from printkit.scan.suggest import suggest

    out: dict[str, Any] = {}
    for photo in _photos(folders):
        name = f"{photo.parent.name}/{photo.name}"
        read = _scanned(photo, scans)
        if isinstance(read, str):
            out[name] = {"refused": read}
            continue
        found, boxes, written = read
        writing._last.clear()
        try:
            first = suggest(found, boxes)
        except PrintkitError as err:
            out[name] = {"error": str(err)}
            continue
        # each field's readings, an attempt's by the room its dice were read in (kept as
        # `writing.Known.guesses`; a pair of the scan and them before it)
        kept = writing._last[0]
        readings = {f"{field} {room}": [[g.text, repr(g.chance), g.whole, repr(g.evidence),
                                         g.printed] for g in guesses]
                    for (field, room, *_beam), guesses in (
                        kept.guesses if hasattr(kept, "guesses") else kept[1]).items()}
        entry = {"suggested": _said(first), "readings": readings}
        if any(s.waits for s in first.values()):
            typed = {n: written[n] for n, s in first.items()
                     if not s.sure and not s.waits and n in written}
            entry["again, typed as written"] = _said(suggest(found, boxes | typed))
        out[name] = entry
    return out


def _floats(a: Any, b: Any) -> float:
    """Return the largest difference between two snapshots' floats (given as repr strings)
    where all else is the same, or 0."""
    if isinstance(a, str) and isinstance(b, str):
        try:
            return abs(float(a) - float(b))
        except ValueError:
            return 0.0
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return max((_floats(x, y) for x, y in zip(a, b)), default=0.0)
    if isinstance(a, dict) and isinstance(b, dict) and a.keys() == b.keys():
        return max((_floats(a[k], b[k]) for k in a), default=0.0)
    return 0.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("action", choices=("write", "compare"))
    parser.add_argument("snapshot", type=Path)
    parser.add_argument("--dir", type=Path, nargs="+", required=True,
                        help="folders of photos, each with its truth's .json")
    parser.add_argument("--scans", type=Path, default=SCANS,
                        help=f"where each photo's scan is kept (default {SCANS})")
    parser.add_argument("--code", type=Path, default=ROOT,
                        help="the checkout whose printkit suggests (default this one)")
    args = parser.parse_args()
    sys.path.insert(0, str(args.code.resolve()))
    now = snapshot(args.dir, args.scans)
    import printkit

    print(f"suggested by {Path(printkit.__file__).parent}")
    if args.action == "write":
        args.snapshot.write_text(json.dumps(now, indent=1, sort_keys=True), encoding="utf-8")
        print(f"{len(now)} photos written to {args.snapshot}")
        return 0
    before = json.loads(args.snapshot.read_text(encoding="utf-8"))
    differ = [name for name in sorted(set(before) | set(now)) if before.get(name) != now.get(name)]
    for name in differ:
        print(f"{name}: differs (largest float difference "
              f"{_floats(before.get(name), now.get(name)):.3g})")
    suggested = sum(len(e.get("suggested", {})) for e in now.values())
    again = sum(len(e.get("again, typed as written", {})) for e in now.values())
    print(f"{len(now)} photos, {suggested} suggestions and {again} suggested again once values "
          f"are typed: {len(differ)} photos differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
