"""Why the photo reader gets fields wrong: every wrong or asked field of a set, by cause.

Run: python bench/scan_diagnose.py FOLDER [FOLDER...] [--json OUT] [--all]

Each FOLDER holds synthetic photos and their truths (bench/photo/synth.py, e.g.
$PRINTKIT_SCAN_SETS/dev-hard). Every photo is read in this process (`reader.scan`, as
`printkit scan` reads it) and each field compared with the truth. The wrong and asked fields
are listed with what may explain them: the field's group (cell, reward box, trap, ...), the
mark drawn (its style, or "erased", "empty"), the pen and how dark it is, whether the box is
printed tinted, whether a fold's crease runs near it, the ink share read and the confidence.
A table then counts them by group and mark, and the shares of the marked and empty fields
show how far apart the two are (the margin the thresholds have).

Tune on the dev sets or seeds of your own only; never on held-out photos
(docs/scan-measurement.md).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from printkit.scan import reader  # noqa: E402
from printkit.scan.image import ScanError  # noqa: E402
from printkit.scan.layout import blank_image  # noqa: E402


def group(name: str) -> str:
    """The kind of box a field is, by its name (docs/gamesheet-form.md)."""
    rules = (
        (r"^[FR]-[A-Z]\d+$", "cell"), (r"^[FR]-[a-z]+$", "food"), (r"^die-", "reward"),
        (r"^trap-", "trap"), (r"^farmer-", "farmer"), (r"^title-", "title"),
        (r"^(easy|hard|superhard)-", "achievement"), (r"^round-\d+-\w+-(caught|escaped)$", "tick"),
        (r"^round-", "endgame"), (r"^score", "score"), (r"^date$", "date"),
    )
    for pattern, what in rules:
        if re.match(pattern, name):
            return what
    return "aid"


def diagnose(photo: Path) -> list[dict[str, Any]]:
    truth = json.loads(photo.with_suffix(".json").read_text(encoding="utf-8"))
    try:
        scan = reader.scan(photo.read_bytes(), photo.name)
    except ScanError as err:
        return [{"photo": photo.name, "refused": str(err)}]
    lay = scan.layout
    blank = np.asarray(blank_image(lay.map.name, lay.mode, lay.paper, lay.lang, scan.scale,
                                   lay.version), np.float32) / 255
    crease = truth["camera"].get("crease")
    rows = []
    for fb in lay.fields:
        f = scan.fields[fb.name]
        x, y, w, h = fb.box
        inside = blank[round(y * 2 + h * 0.6):round(y * 2 + h * 1.4),
                       round(x * 2 + w * 0.6):round(x * 2 + w * 1.4)]
        rows.append({
            "photo": photo.name, "field": fb.name, "group": group(fb.name), "kind": fb.kind.name,
            "truth": bool(truth["fields"].get(fb.name)), "read": f.marked,
            "uncertain": f.uncertain, "share": round(f.ink, 4),
            "confidence": round(f.confidence, 3),
            "mark": truth["marks"].get(fb.name) or
            ("erased" if fb.name in truth["erased"] else "empty"),
            "pen": truth["pen"], "dark": truth.get("pen_darkness"),
            "tinted": bool(inside.size and float(np.median(inside)) < 0.85),
            "crease": crease is not None and abs((y + h / 2) / lay.height - crease) < 0.03,
            "printer": truth.get("printer", {}).get("mode") if isinstance(
                truth.get("printer"), dict) else truth.get("printer"),
        })
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folders", type=Path, nargs="+")
    parser.add_argument("--json", type=Path, help="write every field's row here")
    parser.add_argument("--all", action="store_true", help="list the asked fields too")
    args = parser.parse_args()
    rows: list[dict[str, Any]] = []
    for folder in args.folders:
        for photo in sorted(folder.glob("*.jpg")):
            got = diagnose(photo)
            rows.extend(got)
            if got and "refused" in got[0]:
                print(f"refused: {photo.name}: {got[0]['refused']}")
                continue
            wrong = [r for r in got if not r["uncertain"] and r["read"] != r["truth"]]
            asked = [r for r in got if r["uncertain"]]
            print(f"{photo.name}: {len(wrong)} wrong, {len(asked)} asked, pen {got[0]['pen']} "
                  f"{got[0]['dark']}", flush=True)
    fields = [r for r in rows if "refused" not in r]
    wrong = [r for r in fields if not r["uncertain"] and r["read"] != r["truth"]]
    asked = [r for r in fields if r["uncertain"]]
    print(f"\n{len(fields)} fields read, {len(wrong)} wrong "
          f"({100 * len(wrong) / max(1, len(fields)):.2f} %), {len(asked)} asked "
          f"({100 * len(asked) / max(1, len(fields)):.2f} %)")
    for r in wrong + (asked if args.all else []):
        state = "asked" if r["uncertain"] else ("missed" if r["truth"] else "false mark")
        print(f"  {state:10} {r['photo']:20} {r['field']:24} {r['group']:11} {r['mark']:9} "
              f"share {r['share']:.3f} conf {r['confidence']:.2f} {r['pen']} {r['dark']}"
              f"{' tinted' if r['tinted'] else ''}{' crease' if r['crease'] else ''}")
    for title, key in (("wrong by group and mark", wrong), ("asked by group and mark", asked)):
        print(f"\n{title}:")
        counts = Counter((r["group"], r["mark"], "missed" if r["truth"] else "false",
                          r["tinted"], r["crease"]) for r in key)
        for (g, m, state, tinted, crease), n in counts.most_common():
            print(f"  {n:4}  {g:11} {m:9} {state:6}{' tinted' if tinted else ''}"
                  f"{' crease' if crease else ''}")
    if args.json:
        args.json.write_text(json.dumps(rows) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
