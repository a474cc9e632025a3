"""How far `printkit scan`'s confidence can be trusted, on either generator's photos.

Run: python bench/bench_calibration.py [--set g2-held-out] [--dir FOLDER] [--count N]
                                       [--verdicts] [--report FILE] [--rescore REPORT...]

Each photo (a set of bench/photo2/make.py or bench/photo/synth.py, made on demand into
--sets-dir, or every NAME.jpg with its NAME.json in --dir) is read by `printkit scan --json
PHOTO`, one process per photo as a player runs it, and scored against its truth
(bench/photo/score.py). It prints, per set, sheets all right, fields right, asked and wrong;
then the calibration table: every field read sure (not asked), by the confidence the reader
gave it, with the share of them wrong; and the number of fields wrong at a confidence of 0.99
or more (silent errors the reader was sure of).

--verdicts checks the whole path on each photo of a run record: `printkit validate PHOTO
--json --numbers ...` (the truth's values for the fields the reader asks to type, and the
truth for the boxes it asks to confirm; when the referee doubts a box, "the photo may have
misread X...", X's truth is added and it runs again, as a player answers) against `printkit
validate` of the record's filled form, and counts the legal runs judged illegal. With
--accept the player takes the values the reader reads surely as read (`validate PHOTO
--accept`) and types the others; a value so taken that the referee doubts ("the photo read
R-B4 as 1, and the rules disagree") is given truthfully and run again. See
docs/scan-measurement.md.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import bench_scan  # noqa: E402
from bench.photo import score, synth  # noqa: E402
from bench.photo2 import make  # noqa: E402

BINS = ((0.0, 0.5), (0.5, 0.9), (0.9, 0.99), (0.99, 0.999), (0.999, 1.0001))
SURE = 0.99


def photos_of(args: argparse.Namespace) -> Iterator[tuple[str, Path, Path]]:
    """(set, photo, truth) for every photo asked for."""
    for folder in args.dir:
        for photo in sorted(folder.glob("*.jpg")):
            truth = photo.with_suffix(".json")
            if truth.exists():
                yield folder.name, photo, truth
    names = [n for s in args.set for n in make.GROUPS.get(s, synth.GROUPS.get(s, [s]))]
    for name in names:
        if name in make.SETS:
            made = make.make_set(name, args.sets_dir, args.count)
        elif name in synth.SETS:
            made = synth.make_set(name, args.sets_dir, args.count)
        else:
            raise SystemExit(f"unknown set {name}: {', '.join([*make.SETS, *synth.SETS])}")
        for photo, truth in made:
            yield name, photo, truth


def read(command: Sequence[str], photo: Path) -> tuple[str, dict[str, Any] | None, float, str]:
    """`printkit scan --json PHOTO`: its status, reading, seconds and last message."""
    start = time.perf_counter()
    done = subprocess.run([*command, str(photo)], capture_output=True, text=True, cwd=ROOT,
                          stdin=subprocess.DEVNULL)
    seconds = time.perf_counter() - start
    message = done.stderr.strip().splitlines()[-1] if done.stderr.strip() else ""
    if done.returncode == 2:
        return "rejected", None, seconds, message
    try:
        reading = json.loads(done.stdout)
    except json.JSONDecodeError:
        reading = None
    if done.returncode != 0 or not isinstance(reading, dict):
        return "failed", None, seconds, message or f"exit {done.returncode}"
    return "read", reading, seconds, message


def sure_fields(truth: dict[str, Any], reading: dict[str, Any] | None
                ) -> list[tuple[str, float, bool, str]]:
    """Every field read sure: (name, confidence, wrong, kind of mark in the truth)."""
    if reading is None:
        return []
    uncertain = set(reading.get("uncertain", []))
    out = []
    for name, marked in truth["fields"].items():
        got = reading.get("fields", {}).get(name)
        if got is None or name in uncertain:
            continue
        wrong = bool(got.get("marked")) != bool(marked)
        mark = truth.get("marks", {}).get(name) or ("erased" if name in truth.get("erased", [])
                                                    else "empty")
        out.append((name, float(got.get("confidence", 0.0)), wrong, str(mark)))
    return out


def _form_of(truth: dict[str, Any]) -> Path | None:
    if truth.get("generator") == "photo2":
        return make.filled_form(truth)
    record = synth.record_of(truth.get("source", ""))
    if record is None:
        return None
    return synth.filled_form(record, truth["sheet"]["paper"], truth["sheet"]["lang"])


#: What `validate PHOTO` says of a photo it will not judge (evidence.check_seen).
UNSEEN = "shows too little of the pen to judge the run"


def verdicts(command: Sequence[str], photo: Path, truth: dict[str, Any],
             reading: dict[str, Any] | None, accept: bool = False) -> dict[str, Any] | None:
    """The photo's verdict (the player typing what the reader asks) and its record's form's,
    by bench_scan.py's whole path; a photo the reader refused has the verdict "refused";
    None for a photo of no record."""
    form = _form_of(truth)
    if form is None:
        return None
    if reading is None:
        want = subprocess.run([*command, "validate", str(form), "--json"], capture_output=True,
                              text=True, cwd=ROOT, stdin=subprocess.DEVNULL)
        return {"photo": ["refused"], "form": list(bench_scan._verdict(want)), "same": False,
                "violations": []}
    got, want = bench_scan.photo_and_form(list(command), photo, truth, reading, form, accept)
    photo_verdict, form_verdict = bench_scan._verdict(got), bench_scan._verdict(want)
    if UNSEEN in got.stdout + got.stderr:
        photo_verdict = ("unseen",)   # not judged: too little of the pen in the photo
    violations = []
    try:
        violations = [f"{v.get('place', '')}: {v.get('text', '')}"
                      for v in json.loads(got.stdout).get("violations", [])]
    except (json.JSONDecodeError, AttributeError):
        pass
    return {"photo": list(photo_verdict), "form": list(form_verdict),
            "same": photo_verdict == form_verdict, "violations": violations[:3]}


def calibration_table(points: Sequence[tuple[float, bool]]) -> str:
    lines = [["confidence", "fields", "wrong", "share wrong"]]
    for lo, hi in BINS:
        inside = [w for c, w in points if lo <= c < hi]
        wrong = sum(inside)
        share = f"{wrong / len(inside):.3%}" if inside else "-"
        lines.append([f"[{lo:g}, {min(hi, 1.0):g}{']' if hi > 1 else ')'}", str(len(inside)),
                      str(wrong), share])
    widths = [max(len(r[i]) for r in lines) for i in range(4)]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(r, widths)) for r in lines)


def summary(entries: list[dict[str, Any]], show: int) -> str:
    """The per-set table, the calibration table, the sure errors and the verdicts."""
    sets: dict[str, list[dict[str, Any]]] = {}
    for e in entries:
        sets.setdefault(e["set"], []).append(e)
    rows = []
    for name, photos in sets.items():
        scored = [score.PhotoScore(**{k: v for k, v in p["score"].items()
                                      if k in score.PhotoScore.__dataclass_fields__})
                  for p in photos]
        rows.append(score.SetScore(name, scored).figures())
    out = [score.table(rows), ""]
    for name, photos in [("all", entries), *sets.items()]:
        points = [(c, w) for p in photos for _, c, w, _ in p["sure"]]
        sure_wrong = [(p["photo"], n, c, m) for p in photos for n, c, w, m in p["sure"]
                      if w and c >= SURE]
        out += [f"calibration, {name}: every field read sure (not asked)",
                calibration_table(points),
                f"fields wrong at confidence >= {SURE}: {len(sure_wrong)}", ""]
        if name == "all":
            for photo, field, conf, mark in sure_wrong[:show]:
                out.append(f"  sure and wrong: {photo} {field}: confidence {conf:.4f}, "
                           f"truth {mark}")
            out.append("")
    checked = [p for p in entries if p.get("verdicts")]
    if checked:
        legal = [p["verdicts"]["photo"][0] for p in checked
                 if p["verdicts"]["form"][0] is True]
        out.append(f"whole path: {sum(p['verdicts']['same'] for p in checked)}/{len(checked)} "
                   f"photos of a record judged as the record's form; of {len(legal)} legal "
                   f"runs, {legal.count(False)} judged illegal, {legal.count(None)} left "
                   f"unreadable after typing what was asked, {legal.count('refused')} photos "
                   f"refused, {legal.count('unseen')} not judged (too little of the pen seen)")
        for p in checked:
            if not p["verdicts"]["same"]:
                v = p["verdicts"]
                out.append(f"  differs: {p['set']}/{p['photo']}: photo {v['photo']}, "
                           f"form {v['form']} {'; '.join(v['violations'])[:200]}")
    return "\n".join(out)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--set", action="append", default=[],
                        help=f"a set or group of either generator; photo2's: "
                        f"{', '.join([*make.SETS, *make.GROUPS])}")
    parser.add_argument("--dir", action="append", type=Path, default=[],
                        help="a folder of photos with their truths (either generator's)")
    parser.add_argument("--count", type=int, help="photos per set (default: the set's size)")
    parser.add_argument("--sets-dir", type=Path,
                        default=Path(os.environ.get("PRINTKIT_SCAN_SETS",
                                                    "/tmp/printkit-scan-sets")))
    parser.add_argument("--verdicts", action="store_true",
                        help="also check the whole path (printkit validate PHOTO --numbers)")
    parser.add_argument("--accept", action="store_true",
                        help="with --verdicts, take the values read surely as read "
                        "(validate --accept) and type the others")
    parser.add_argument("--report", type=Path, help="write every photo's reading here (JSON)")
    parser.add_argument("--rescore", type=Path, nargs="+", metavar="REPORT",
                        help="print the figures of reports written before, reading nothing")
    parser.add_argument("--show", type=int, default=20, help="sure errors to list")
    args = parser.parse_args()
    if args.rescore:
        entries = [e for path in args.rescore
                   for e in json.loads(path.read_text(encoding="utf-8"))]
        print(summary(entries, args.show))
        return 0
    if not args.set and not args.dir:
        args.set = ["g2-held-out"]
    printkit = make.sheets.printkit_command()
    entries = []
    for set_name, photo, truth_path in photos_of(args):
        truth = json.loads(truth_path.read_text(encoding="utf-8"))
        status, reading, seconds, message = read([*printkit, "scan", "--json"], photo)
        scored = score.score_photo(photo.name, truth, reading, status, seconds, message)
        entry: dict[str, Any] = {"set": set_name, "photo": photo.name, "score": vars(scored),
                                 "sure": sure_fields(truth, reading)}
        if args.verdicts:
            entry["verdicts"] = verdicts(printkit, photo, truth, reading, args.accept)
        entries.append(entry)
        flag = "ok" if scored.all_right else status
        extra = ""
        if entry.get("verdicts"):
            extra = f", verdict {'same' if entry['verdicts']['same'] else 'DIFFERS'}"
        print(f"  {set_name}/{photo.name}: {flag}, {len(scored.wrong)} wrong, {scored.asked} "
              f"asked, {seconds:.1f} s{extra} {message}", file=sys.stderr, flush=True)
        if args.report:
            args.report.write_text(json.dumps(entries, indent=1) + "\n", encoding="utf-8")
    print(summary(entries, args.show))
    return 0


if __name__ == "__main__":
    sys.exit(main())
