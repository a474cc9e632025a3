"""Every field of a few folders of photos, read in this process, with the reader's evidence:
the rows a calibration is fitted on, and the figures of a change measured on tuning sets.

Run: python bench/scan_fields.py FOLDER [FOLDER...] [--rows OUT.jsonl] [--quiet]
     python bench/scan_fields.py --rows-in OUT.jsonl [...]   (the figures again, reading nothing)

Each FOLDER holds photos and their truths, of either generator (bench/photo/synth.py,
bench/photo2/make.py). Each photo is read by `reader.scan` as `printkit scan` reads it, and
each field's reading written as one JSON line: the photo, its set (the folder's name), the
field, its kind and group, the truth, what was read (marked, confidence, uncertain, ink
share) and the evidence the reader decided on (`FieldRead.margin`), and whether the photo
is a messaging app's copy (`copy`). A refused photo is a line with its message. The
figures printed are those of bench_calibration.py: per set, fields right, asked, wrong,
photos refused, and the same for the camera's own photos and the messaging copies apart
when a folder holds copies; the calibration table; the fields wrong at a confidence of 0.99
or more; the photos whose pen shows lighter than issue 29's light pencil (`seen_dark`: under
`SEEN_LIGHT` darker than its paper in the photo's pixels) apart; and what asking alone would
reach (`asks_to_reach`): the share of each set's boxes to ask, the least sure first, for
99 % and 99.5 % of them right or asked.

Tune on tuning sets only (docs/scan-measurement.md lists them); a held-out set is read
once, to report.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import printkit.cli  # noqa: E402,F401  (installs the maker of unstored variants, as printkit does)
from bench.photo import score  # noqa: E402
from bench.photo2.camera import seen_darkness  # noqa: E402
from bench.scan_diagnose import group  # noqa: E402
from printkit.scan import reader  # noqa: E402
from printkit.scan.image import ScanError  # noqa: E402

BINS = ((0.0, 0.5), (0.5, 0.9), (0.9, 0.99), (0.99, 0.999), (0.999, 1.0001))
SURE = 0.99
#: A pen lighter than this in the photo's pixels (`seen_dark`) is lighter than the light
#: pencil issue 29 names (10-30 % dark): its pages' figures are printed apart.
SEEN_LIGHT = 0.10
#: The shares of boxes right or asked that issue 29 sets (99.5 % on hard photos and light
#: pencil) and one short of it, for `asks_to_reach`.
REACH = (0.99, 0.995)


def mark_of(truth: dict[str, Any], name: str) -> str:
    return str(truth.get("marks", {}).get(name) or
               ("erased" if name in truth.get("erased", []) else "empty"))


def seen_dark(truth: dict[str, Any]) -> float | None:
    """Return how much darker than its paper the photo shows the pen that checked the boxes:
    the second generator's pen darkness is the share of the light it takes
    (`camera.seen_darkness` turns it into the photo's pixels), the first's is its pixels'
    already."""
    if truth.get("generator") == "photo2":
        return round(seen_darkness(float(truth["pen"]["darkness"]),
                                   float(truth["paper"]["white"])), 3)
    dark = truth.get("pen_darkness")
    return None if dark is None else float(dark)


def read_folder(folder: Path) -> Iterator[dict[str, Any]]:
    """Every field's row of every photo in a folder (a refused photo: one row)."""
    for photo in sorted(folder.glob("*.jpg")):
        truth_path = photo.with_suffix(".json")
        if not truth_path.exists():
            continue
        truth = json.loads(truth_path.read_text(encoding="utf-8"))
        base = {"set": folder.name, "photo": photo.stem, "profile": truth.get("profile"),
                "copy": score.messaging_copy(truth),
                "pen": (truth.get("pen") or {}).get("kind") if isinstance(truth.get("pen"), dict)
                else truth.get("pen"), "dark": truth.get("pen_darkness"),
                "seen_dark": seen_dark(truth)}
        start = time.process_time()
        try:
            scan = reader.scan(photo.read_bytes(), photo.name)
        except ScanError as err:
            yield {**base, "refused": str(err), "fields": len(truth["fields"]),
                   "cpu": time.process_time() - start}
            continue
        cpu = time.process_time() - start
        sheet_right = scan.code.mode == truth["sheet"]["mode"] and \
            scan.code.paper == truth["sheet"]["paper"]
        for name, marked in truth["fields"].items():
            f = scan.fields.get(name)
            if f is None:
                yield {**base, "field": name, "missing": True}
                continue
            yield {**base, "field": name, "kind": f.kind.name, "group": group(name),
                   "truth": bool(marked), "read": f.marked, "confidence": f.confidence,
                   "uncertain": f.uncertain, "share": f.ink, "mark": mark_of(truth, name),
                   "margin": f.margin, "light": f.light, "sheet_right": sheet_right,
                   "identified": scan.identified, "cpu": cpu}


def calibration(rows: Iterable[dict[str, Any]]) -> list[str]:
    points = [(r["confidence"], r["read"] != r["truth"]) for r in rows
              if "field" in r and not r.get("missing") and not r["uncertain"]]
    out = ["  confidence      fields   wrong   share wrong"]
    for lo, hi in BINS:
        inside = [w for c, w in points if lo <= c < hi]
        share = f"{sum(inside) / len(inside):.3%}" if inside else "-"
        out.append(f"  [{lo:g}, {min(hi, 1):g}{']' if hi > 1 else ')'}".ljust(18) +
                   f"{len(inside):7} {sum(inside):7}   {share}")
    return out


def _boxes(rows: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], int]:
    """Return the rows of the boxes read, and how many boxes were never read: a field the
    reading lacks, every field of a refused photo (as `figures` counts them, wrong)."""
    read = [r for r in rows if "field" in r and not r.get("missing")]
    unread = sum(1 for r in rows if r.get("missing")) + \
        sum(r.get("fields", 117) for r in rows if "refused" in r)
    return read, unread


def asks_to_reach(rows: list[dict[str, Any]], target: float) -> int | None:
    """Return how many boxes would be asked if, beside those asked now, the boxes read surely
    were asked from the least sure up until `target` of the boxes are right or asked: what
    asking alone reaches, the reader's confidences as its order (None when no asking
    reaches it: a box never read is never asked)."""
    fields, unread = _boxes(rows)
    total = len(fields) + unread
    sure = sorted((r for r in fields if not r["uncertain"]), key=lambda r: r["confidence"])
    wrong = unread + sum(1 for r in sure if r["read"] != r["truth"])
    asked = len(fields) - len(sure)
    for r in sure:
        if wrong <= (1 - target) * total:
            return asked
        asked += 1
        wrong -= r["read"] != r["truth"]
    return asked if wrong <= (1 - target) * total else None


def reach(sets: list[tuple[str, list[dict[str, Any]]]]) -> list[str]:
    """Return the lines of `asks_to_reach` for each set: the share of its boxes asked now,
    and the share asking alone would need for each of `REACH`."""
    out = ["asking alone (the least sure boxes asked first): boxes asked for",
           "set                    asked now" + "".join(f"{t:>11.1%}" for t in REACH)]
    for name, got in sets:
        fields, unread = _boxes(got)
        total = len(fields) + unread
        if not total:
            continue
        asked = sum(1 for r in fields if r["uncertain"])
        cells = [asks_to_reach(got, t) for t in REACH]
        out.append(f"{name:22}{100 * asked / total:9.2f} %" + "".join(
            "          -" if n is None else f"{100 * n / total:9.2f} %" for n in cells))
    return out


def figures(rows: list[dict[str, Any]], show: int = 30) -> str:
    sets: dict[str, list[dict[str, Any]]] = {}
    for r in rows:
        sets.setdefault(r["set"], []).append(r)
    out = ["set                   photos refused  fields  right+asked  asked   wrong  "
           "sure-wrong  all right"]
    split = score.by_camera(rows, lambda r: bool(r.get("copy")), "camera's own",
                            "messaging copies")
    # a pen lighter in the photo than issue 29's light pencil, apart (rows that say)
    seen = [r for r in rows if r.get("seen_dark") is not None]
    split += score.by_camera(seen, lambda r: r["seen_dark"] < SEEN_LIGHT,
                             f"pen seen {SEEN_LIGHT:.0%}+", f"pen seen < {SEEN_LIGHT:.0%}")
    for name, got in [*sets.items(), ("all", rows), *split]:
        photos = {(r["set"], r["photo"]) for r in got}
        refused = {(r["set"], r["photo"]) for r in got if "refused" in r}
        fields = [r for r in got if "field" in r] + \
            [{"missing": True} for r in got if "refused" in r for _ in range(r.get("fields", 117))]
        asked = sum(1 for r in fields if not r.get("missing") and r["uncertain"])
        wrong = [r for r in fields if r.get("missing") or
                 (not r["uncertain"] and r["read"] != r["truth"])]
        sure_wrong = [r for r in wrong if not r.get("missing") and r["confidence"] >= SURE]
        bad = refused | {(r["set"], r["photo"]) for r in wrong if "photo" in r}
        n = max(1, len(fields))
        out.append(f"{name:22}{len(photos):6}{len(refused):8}{len(fields):8}"
                   f"{100 * (1 - len(wrong) / n):11.2f} %{100 * asked / n:6.2f} %"
                   f"{len(wrong):7}{len(sure_wrong):11}{len(photos) - len(bad):8}/{len(photos)}")
    out += ["", "calibration (every field read sure):", *calibration(rows), ""]
    out += [*reach([*sets.items(), ("all", rows), *split]), ""]
    sure_wrong = [r for r in rows if "field" in r and not r.get("missing") and
                  not r["uncertain"] and r["read"] != r["truth"] and r["confidence"] >= SURE]
    for r in sure_wrong[:show]:
        out.append(f"  sure and wrong: {r['set']}/{r['photo']} {r['field']} ({r['group']}): "
                   f"read {r['read']}, conf {r['confidence']:.4f}, share {r['share']:.3f}, "
                   f"mark {r['mark']}, pen {r['pen']} {r['dark']}")
    for r in rows:
        if "refused" in r:
            out.append(f"  refused: {r['set']}/{r['photo']}: {r['refused']}")
    cpus = sorted({(r["photo"], r["cpu"]) for r in rows if "cpu" in r})
    if cpus:
        values = sorted(c for _p, c in cpus)
        out.append(f"reader CPU s per photo: median {values[len(values) // 2]:.2f}, "
                   f"most {values[-1]:.2f}")
    return "\n".join(out)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folders", type=Path, nargs="*")
    parser.add_argument("--rows", type=Path, help="write every field's row here (JSON lines)")
    parser.add_argument("--rows-in", type=Path, nargs="+", default=[],
                        help="rows written before: their figures, reading nothing")
    parser.add_argument("--quiet", action="store_true", help="no line per photo")
    parser.add_argument("--show", type=int, default=30, help="sure errors to list")
    args = parser.parse_args()
    rows: list[dict[str, Any]] = []
    for path in args.rows_in:
        rows += [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    out = args.rows.open("w", encoding="utf-8") if args.rows else None
    for folder in args.folders:
        for photo_rows in _by_photo(read_folder(folder)):
            rows += photo_rows
            if out:
                out.writelines(json.dumps(r) + "\n" for r in photo_rows)
                out.flush()
            if not args.quiet:
                r0 = photo_rows[0]
                wrong = sum(1 for r in photo_rows if "field" in r and not r.get("missing")
                            and not r["uncertain"] and r["read"] != r["truth"])
                asked = sum(1 for r in photo_rows if "field" in r and r.get("uncertain"))
                print(f"  {r0['set']}/{r0['photo']}: "
                      f"{r0.get('refused') or f'{wrong} wrong, {asked} asked'}",
                      file=sys.stderr, flush=True)
    print(figures(rows, args.show))
    return 0


def _by_photo(rows: Iterator[dict[str, Any]]) -> Iterator[list[dict[str, Any]]]:
    current: list[dict[str, Any]] = []
    for r in rows:
        if current and (r["set"], r["photo"]) != (current[0]["set"], current[0]["photo"]):
            yield current
            current = []
        current.append(r)
    if current:
        yield current


if __name__ == "__main__":
    sys.exit(main())
