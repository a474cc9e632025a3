"""How well `printkit scan` reads photos of played sheets it was not tuned on.

Run: python bench/bench_scan.py [--set held-out] [--count N] [--smoke] [--report FILE]

The photos are synthetic (bench/photo/synth.py), made from seeds on demand and kept in
--sets-dir (default $PRINTKIT_SCAN_SETS or /tmp/printkit-scan-sets). Each is read by
`printkit scan --json PHOTO`, one process per photo as a player runs it, and scored against
its truth (bench/photo/score.py): sheets with every field right, fields right, the share of
fields asked (uncertain), seconds per photo (median wall clock, and the reader's own
figure), each against the issue's targets. The sets: "dev" (dev-photos, dev-scans,
dev-hard) may be tuned on; "held-out" (photos, scans, hard) may not. See
docs/scan-measurement.md.

--smoke scores the truth itself as the reading, without the reader: every figure must come
out perfect, which checks the sets and this script before the reader exists.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.photo import score, synth  # noqa: E402


def read_photo(command: list[str], photo: Path, truth: dict, smoke: bool) -> score.PhotoScore:
    if smoke:
        start = time.perf_counter()
        reading = score.smoke_reading(truth)
        return score.score_photo(photo.name, truth, reading, "read",
                                 time.perf_counter() - start)
    start = time.perf_counter()
    done = subprocess.run([*command, str(photo)], capture_output=True, text=True, cwd=ROOT)
    seconds = time.perf_counter() - start
    message = done.stderr.strip().splitlines()[-1] if done.stderr.strip() else ""
    if done.returncode == 2:
        return score.score_photo(photo.name, truth, None, "rejected", seconds, message)
    try:
        reading = json.loads(done.stdout)
    except json.JSONDecodeError:
        reading = None
    if done.returncode != 0 or not isinstance(reading, dict):
        return score.score_photo(photo.name, truth, None, "failed", seconds,
                                 message or f"exit {done.returncode}")
    return score.score_photo(photo.name, truth, reading, "read", seconds)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--set", action="append", default=[],
                        help="a set or group (default: held-out); "
                        f"sets: {', '.join(synth.SETS)}; groups: {', '.join(synth.GROUPS)}")
    parser.add_argument("--count", type=int, help="photos per set (default: the set's size)")
    parser.add_argument("--sets-dir", type=Path,
                        default=Path(os.environ.get("PRINTKIT_SCAN_SETS",
                                                    "/tmp/printkit-scan-sets")))
    parser.add_argument("--smoke", action="store_true",
                        help="score the truth itself: checks the harness without the reader")
    parser.add_argument("--reader", default=None,
                        help="the command that reads a photo (default: printkit scan --json)")
    parser.add_argument("--report", type=Path, help="write every photo's score here (JSON)")
    parser.add_argument("--show", type=int, default=12, help="wrong fields to list")
    args = parser.parse_args()
    names = [n for s in (args.set or ["held-out"]) for n in synth.GROUPS.get(s, [s])]
    unknown = [n for n in names if n not in synth.SETS]
    if unknown:
        parser.error(f"unknown set {', '.join(unknown)}")
    command = args.reader.split() if args.reader else [*synth._printkit(), "scan", "--json"]
    rows, report, missed = [], [], []
    for name in names:
        spec = synth.SETS[name]
        photos = []
        for photo, truth_path in synth.make_set(name, args.sets_dir, args.count):
            truth = json.loads(truth_path.read_text(encoding="utf-8"))
            result = read_photo(command, photo, truth, args.smoke)
            photos.append(result)
            flag = "ok" if result.all_right else result.status
            print(f"  {photo.name}: {flag}, {len(result.wrong)} wrong, {result.asked} asked, "
                  f"{result.seconds:.2f} s {result.message}", file=sys.stderr, flush=True)
        figures = score.SetScore(name, photos).figures()
        figures["profile"] = spec.profile
        figures["held_out"] = spec.held_out
        rows.append(figures)
        for what, met in score.verdicts(spec.profile, figures):
            missed.append(f"{name}: {what}: {'met' if met else 'MISSED'}")
        report.append({"figures": figures, "photos": [vars(p) for p in photos]})
    print(("smoke run: the truth scored as the reading\n" if args.smoke else "")
          + score.table(rows))
    print("\n".join(missed))
    details = [d for entry in report for p in entry["photos"] for d in p["details"]]
    for d in details[:args.show]:
        print(f"  wrong: {d['photo']} {d['field']}: truth {d['truth']}, read {d['read']} "
              f"(confidence {d['confidence']}, mark {d['mark']}, erased {d['erased']})")
    rejected = [p for entry in report for p in entry["photos"] if p["status"] != "read"]
    for p in rejected[:args.show]:
        print(f"  {p['status']}: {p['photo']}: {p['message']}")
    if args.report:
        args.report.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
