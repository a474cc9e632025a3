"""Do a photo's suggestions depend on what the process read before? (issue 31)

    python bench/suggest_alone.py --dir /tmp/tune-sets/g2-tune-illegal              # in order
    python bench/suggest_alone.py --dir /tmp/tune-sets/g2-tune-illegal --reverse
    python bench/suggest_alone.py --dir /tmp/tune-sets/g2-tune-illegal --only 2660018

Reads each photo of a folder in ONE process (`reader.scan`, then `suggest.suggest` three
times: as read, against the boxes asked answered as the truth has them, and with half the
written values given as the truth has them, as bench_numbers gives them) and keeps each
suggestion's repr; then reads each photo again in a fresh process of its own (`--only`)
and prints every photo whose suggestions differ. `--report FILE.json` keeps both.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any


def _plain(text: str) -> str:
    return " ".join(str(text).split())


def _shown(suggestions: dict[str, Any]) -> str:
    """Return the suggestions' repr, sorted, without objects' addresses (`terms.Either`
    has no repr of its own: `<... object at 0x7f...>` differs from process to process)."""
    return re.sub(r" at 0x[0-9a-f]+", "", repr(sorted(suggestions.items())))


def read_one(photo: Path) -> list[str]:
    """Return the repr of each suggestion of one photo (see the module's doc)."""
    from printkit.errors import PrintkitError
    from printkit.scan.reader import scan
    from printkit.scan.suggest import suggest
    from printkit.scan.values import fill

    truth = json.loads(photo.with_suffix(".json").read_text(encoding="utf-8"))
    try:
        found = scan(photo.read_bytes(), photo.name)
    except PrintkitError as err:
        return [f"refused: {err}"]
    out = [_shown(suggest(found))]
    boxes = {k: "x" if truth["fields"].get(k) else "no" for k in fill(found, {}).to_confirm}
    out.append(_shown(suggest(found, boxes)))
    written = sorted(k for k, v in truth["values"].items()
                     if k != "date" and _plain(v) and k in found.fields)
    half = {k: _plain(truth["values"][k]) for k in written[::2]}
    out.append(_shown(suggest(found, boxes | half)))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dir", type=Path, required=True)
    ap.add_argument("--reverse", action="store_true")
    ap.add_argument("--only", help="read this photo alone and print its reprs as JSON")
    ap.add_argument("--report", type=Path)
    args = ap.parse_args(argv)
    if args.only:
        print(json.dumps(read_one(args.dir / f"{args.only}.jpg")))
        return 0
    names = sorted(p.stem for p in args.dir.glob("*.jpg") if p.with_suffix(".json").is_file())
    if args.reverse:
        names.reverse()
    together: dict[str, list[str]] = {}
    for name in names:
        together[name] = read_one(args.dir / f"{name}.jpg")
    alone: dict[str, list[str]] = {}
    differ: list[str] = []
    for name in names:
        done = subprocess.run([sys.executable, __file__, "--dir", str(args.dir), "--only", name],
                              capture_output=True, text=True, check=True, env=os.environ)
        alone[name] = json.loads(done.stdout.strip().splitlines()[-1])
        if alone[name] != together[name]:
            differ.append(name)
            which = [i for i, (a, b) in enumerate(zip(alone[name], together[name])) if a != b]
            print(f"{name}: differs in calls {which}", flush=True)
    print(f"{args.dir.name}{' reversed' if args.reverse else ''}: {len(names)} photos, "
          f"{len(differ)} whose suggestions differ read alone")
    if args.report:
        report: dict[str, Any] = {"together": together, "alone": alone, "differ": differ}
        args.report.write_text(json.dumps(report), encoding="utf-8")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
