"""How well `printkit scan` reads photos of played sheets it was not tuned on.

Run: python bench/bench_scan.py [--set held-out] [--count N] [--smoke] [--report FILE]

The photos are synthetic (bench/photo/synth.py), made from seeds on demand and kept in
--sets-dir (default $PRINTKIT_SCAN_SETS or /tmp/printkit-scan-sets). Each is read by
`printkit scan --json PHOTO`, one process per photo as a player runs it, and scored against
its truth (bench/photo/score.py): sheets with every field right, fields right, the share of
fields asked (uncertain), seconds per photo (median wall clock, and the reader's own
figure), each against the issue's targets. The sets: "dev" (dev-photos, dev-scans,
dev-hard) may be tuned on; "held-out" (photos, scans, hard) and "held-out-2" (photos-2,
hard-2) may not. See
docs/scan-measurement.md.

--smoke scores the truth itself as the reading, without the reader: every figure must come
out perfect, which checks the sets and this script before the reader exists.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.photo import score, synth  # noqa: E402


def read_photo(command: list[str], photo: Path, truth: dict, smoke: bool
               ) -> tuple[score.PhotoScore, dict | None]:
    if smoke:
        start = time.perf_counter()
        reading = score.smoke_reading(truth)
        return score.score_photo(photo.name, truth, reading, "read",
                                 time.perf_counter() - start), reading
    start = time.perf_counter()
    done = subprocess.run([*command, str(photo)], capture_output=True, text=True, cwd=ROOT)
    seconds = time.perf_counter() - start
    message = done.stderr.strip().splitlines()[-1] if done.stderr.strip() else ""
    if done.returncode == 2:
        return score.score_photo(photo.name, truth, None, "rejected", seconds, message), None
    try:
        reading = json.loads(done.stdout)
    except json.JSONDecodeError:
        reading = None
    if done.returncode != 0 or not isinstance(reading, dict):
        return score.score_photo(photo.name, truth, None, "failed", seconds,
                                 message or f"exit {done.returncode}"), None
    return score.score_photo(photo.name, truth, reading, "read", seconds), reading


def _verdict(done: subprocess.CompletedProcess[str]) -> tuple[Any, ...]:
    try:
        report = json.loads(done.stdout)
    except json.JSONDecodeError:
        return ("unreadable", done.returncode, done.stderr.strip()[-200:])
    return (report.get("legal"), report.get("computed", {}).get("score"),
            len(report.get("violations", [])))


def typed_numbers(truth: dict, reading: dict, doubted: Iterable[str] = (),
                  accept: bool = False) -> list[str]:
    """What a player types for `printkit validate PHOTO --numbers`: the truth's values for
    the fields the reader asks to type (with `accept`, but those it reads surely, which
    `--accept` takes as read), and the truth for the boxes it asks to confirm and for those
    the referee doubted (`doubted`)."""
    numbers = []
    sure = {name for name, v in reading.get("values", {}).items() if v.get("sure")} \
        if accept else set()
    for name in [n for n in reading.get("to_type", []) if n not in sure]:
        # a field the reader found ink in that holds nothing (a stray mark on an endgame
        # line): the player says so
        numbers.append(f'{name}="{truth["values"][name]}"' if name in truth["values"] else
                       f"{name}=no")
    typed = set(reading.get("to_type", [])) - sure
    for name in [*reading.get("uncertain", []), *doubted]:
        if name in typed:
            continue
        typed.add(name)
        if name in truth["values"]:
            numbers.append(f'{name}="{truth["values"][name]}"')
        else:   # a box, or a written box that holds nothing ("no")
            numbers.append(f"{name}={'x' if truth['fields'].get(name) else 'no'}")
    return numbers


#: What `printkit validate PHOTO --numbers` says, off a terminal, of boxes the referee doubts.
DOUBTED = re.compile(r"the photo may have misread (.+?), and the rules disagree")
#: ... of values `--accept` took as read that a violation names ("R-B4 as 1, score as 17"),
#: and of values still to type once the sure ones are taken
DOUBTED_VALUES = re.compile(r"the photo read (.+?), and the rules disagree")
TO_TYPE = re.compile(r"type what is written in (.+?): --numbers")
#: ... and of boxes, however surely read, that make the values no run ("title-3 crossed
#: (99.6 % sure), title-4 crossed (99.3 % sure)"): the player looks at each and gives it
NO_RUN = re.compile(r"the photo read (.+?): if it misread one, give it with --numbers")


def _asked_again(said: str) -> list[str]:
    """Return the fields a refusal of `validate PHOTO --numbers` asks the player to give."""
    for pattern in (DOUBTED, DOUBTED_VALUES, TO_TYPE, NO_RUN):
        found = pattern.search(said)
        if found is not None:
            return [n.strip().split(" as ")[0].split(" ")[0] for n in found.group(1).split(",")]
    return []
#: The most rounds of answering the referee's doubts (each answer can raise another).
DOUBT_ROUNDS = 8


def photo_and_form(printkit: list[str], photo: Path, truth: dict, reading: dict, form: Path,
                   accept: bool = False
                   ) -> tuple[subprocess.CompletedProcess[str], subprocess.CompletedProcess[str]]:
    """`printkit validate PHOTO --json --numbers ...` and `printkit validate FORM --json`.
    When the referee doubts boxes of the photo ("the photo may have misread X, ..."), the
    player looks at the sheet and gives each with --numbers, truthfully, and runs it again.
    With `accept` the values read surely are taken as read (`--accept`), the others typed;
    a value so taken that the referee doubts, or one left to type, is given the same way."""
    doubted: list[str] = []
    for _round in range(DOUBT_ROUNDS):
        got = subprocess.run([*printkit, "validate", str(photo), "--json", "--numbers",
                              ",".join(typed_numbers(truth, reading, doubted, accept)),
                              *(["--accept"] if accept else [])],
                             capture_output=True, text=True, cwd=ROOT, stdin=subprocess.DEVNULL)
        asked = _asked_again(got.stdout + got.stderr) if got.returncode == 2 else []
        new = [name for name in asked if name not in doubted]
        if not new:
            break
        doubted += new
    want = subprocess.run([*printkit, "validate", str(form), "--json"], capture_output=True,
                          text=True, cwd=ROOT, stdin=subprocess.DEVNULL)
    return got, want


def same_verdict(photo: Path, truth: dict, reading: dict | None) -> tuple[bool, str] | None:
    """Whether `printkit validate PHOTO --numbers ...` judges the run as its record's filled
    form is judged; None for a photo of no record."""
    record = synth.record_of(truth.get("source", ""))
    if record is None or reading is None:
        return None
    form = synth.filled_form(record, truth["sheet"]["paper"], truth["sheet"]["lang"])
    got, want = photo_and_form(synth._printkit(), photo, truth, reading, form)
    a, b = _verdict(got), _verdict(want)
    return a == b, f"photo {a}, form {b}"


def rescore(reports: list[Path]) -> int:
    rows, verdict_lines = [], []
    for path in reports:
        for entry in json.loads(path.read_text(encoding="utf-8")):
            figures = {**entry["figures"], **score.from_report(entry).figures()}
            rows.append(figures)
            spec = synth.SETS[figures["set"]]
            for what, met in score.verdicts(spec.profile, figures):
                verdict_lines.append(f"{figures['set']}: {what}: {'met' if met else 'MISSED'}")
    print(score.table(rows))
    print("\n".join(verdict_lines))
    return 0


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
    parser.add_argument("--verdicts", action="store_true",
                        help="also validate each photo made from a record (printkit validate "
                        "PHOTO --numbers) and compare with the record's filled form")
    parser.add_argument("--show", type=int, default=12, help="wrong fields to list")
    parser.add_argument("--rescore", type=Path, nargs="+", metavar="REPORT",
                        help="print the figures of reports written before, reading nothing")
    args = parser.parse_args()
    if args.rescore:
        return rescore(args.rescore)
    names = [n for s in (args.set or ["held-out"]) for n in synth.GROUPS.get(s, [s])]
    unknown = [n for n in names if n not in synth.SETS]
    if unknown:
        parser.error(f"unknown set {', '.join(unknown)}")
    command = args.reader.split() if args.reader else [*synth._printkit(), "scan", "--json"]
    rows, report, missed = [], [], []
    verdicts: list[tuple[str, bool, str]] = []
    for name in names:
        spec = synth.SETS[name]
        photos = []
        for photo, truth_path in synth.make_set(name, args.sets_dir, args.count):
            truth = json.loads(truth_path.read_text(encoding="utf-8"))
            result, reading = read_photo(command, photo, truth, args.smoke)
            photos.append(result)
            if args.verdicts and not args.smoke:
                same = same_verdict(photo, truth, reading)
                if same is not None:
                    verdicts.append((photo.name, *same))
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
    if args.verdicts:
        print(f"verdict of printkit validate PHOTO --numbers as the record's form's: "
              f"{sum(v[1] for v in verdicts)}/{len(verdicts)} photos of a record read")
        for name, same, how in verdicts:
            if not same:
                print(f"  verdict differs: {name}: {how}")
    if args.report:
        args.report.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
