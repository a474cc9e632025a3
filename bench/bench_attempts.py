"""The endgame attempts of photographed sheets, read: their share right, their misses sorted
by cause, and the circles' confidence against their share wrong (issue 31).

    python bench/bench_attempts.py --set g2-dev-ordinary --count 12
    python bench/bench_attempts.py --dir /tmp/wP-sets/g2/g2-dev-pens --rows /tmp/rows.json

Each photo is read as `bench/bench_numbers.py` reads it (the doubtful boxes answered as the
truth has them, then `suggest`). An attempt whose suggestion is not what is written is put
down to the first of these that holds:

- **not read**: no suggestion (its ink not found, or no reading fits the grammar);
- **ruled out**: what is written is among the ink's readings, and the rules ruled it out (a
  box the attempt is judged with misread);
- **rules left two**: what is written is among the readings the rules leave, not first;
- **beam**: what is written is among the readings once 32 times as many partial readings
  are kept (`spelling.BEAM`), not among those kept;
- **glyph**: the ink can be cut into what is written, a glyph of it read at a chance under
  the beam's (a `B` read as `R`);
- **glyph, surely misread**: only when a glyph's chance of 1e-4 or less is followed
  (`spelling.LEAST`);
- **lost stroke**: no cut of the ink reads it, and the field's pieces are fewer than what
  is written has glyphs (a die lost in light pencil);
- **cut**: no cut of the ink reads it, with pieces enough (two glyphs run together, one
  cut in more than `spelling.MOST_PIECES`).

The circles' rows (`--rows`): each circle read, its suggestion's confidence, whether sure,
and whether right, binned by confidence at the end.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_numbers import _plain, photo_sets, photos, set_names  # noqa: E402

CAUSES = ("not read", "ruled out", "rules left two", "beam", "glyph",
          "glyph, surely misread", "lost stroke", "cut")
BINS = (0.0, 0.5, 0.9, 0.95, 0.99, 0.999, 1.01)


def _spelled(ink: Any, lang: str, value: str | None, beam: int, least: float) -> list[str]:
    """Return the texts the ink reads as an attempt, with `beam` partial readings kept and
    glyphs followed down to `least`; only what is written (`value`) when given."""
    from printkit.scan import spelling
    from printkit.scan.glyphs import model
    from printkit.scan.writing import aid_words

    saved = spelling.BEAM, spelling.LEAST, spelling.MOST_READINGS
    spelling.BEAM, spelling.LEAST, spelling.MOST_READINGS = beam, least, 10 * beam
    try:
        fits = None if value is None else (lambda text: value.startswith(text))
        return [g.text for g in spelling.spell(ink, model(), "attempt", aid_words(lang),
                                               fits)]
    finally:
        spelling.BEAM, spelling.LEAST, spelling.MOST_READINGS = saved


def _glyphs(value: str) -> int:
    return sum(1 for c in value if not c.isspace())


def read(photo: Path, truth_path: Path
         ) -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[dict[str, Any]]]:
    import cv2  # noqa: F401  (the photo extra)

    from printkit.errors import PrintkitError
    from printkit.games.fox_rabbit import sheet_fields as sf
    from printkit.scan.reader import scan
    from printkit.scan.suggest import suggest
    from printkit.scan.writing import field_ink, read_values

    truth = json.loads(truth_path.read_text(encoding="utf-8"))
    try:
        found = scan(photo.read_bytes(), photo.name)
    except PrintkitError:
        return [], [], []
    boxes = {k: "x" if truth["fields"].get(k) else "no"
             for k in found.uncertain if not found.fields[k].kind.written}
    suggestions = suggest(found, boxes)
    ink_read = read_values(found)
    attempts: list[dict[str, Any]] = []
    circles: list[dict[str, Any]] = []
    values: list[dict[str, Any]] = []
    for name, raw in truth["values"].items():
        value = _plain(raw)
        if name not in found.fields or not value or name == "date":
            continue
        kind = found.fields[name].kind
        s = suggestions.get(name)
        values.append({"photo": photo.name, "name": name, "kind": kind.name,
                       "right": bool(s and s.value == value),
                       "sure_wrong": bool(s and s.sure and s.value != value),
                       "asked": not (s and s.sure)})
        if kind is sf.CIRCLE and s is not None:
            ink = {g.text: g for g in ink_read.get(name, [])}
            best = ink.get(s.value or "")
            circles.append({"photo": photo.name, "name": name, "value": value,
                            "read": s.value, "sure": s.sure, "confidence": s.confidence,
                            "ink": best.chance if best else 0.0,
                            "evidence": best.evidence if best else 0.0})
        if kind is not sf.ATTEMPT:
            continue
        row: dict[str, Any] = {"photo": photo.name, "name": name, "value": value,
                               "read": None if s is None else s.value,
                               "sure": bool(s and s.sure), "cause": ""}
        attempts.append(row)
        if s is not None and s.value == value:
            continue
        texts = [g.text for g in ink_read.get(name, [])]
        if s is None:
            row["cause"] = "not read"
        elif any(r.text == value for r in s.ruled_out):
            row["cause"] = "ruled out"
        elif any(r.text == value for r in s.candidates):
            row["cause"] = "rules left two"
        else:
            ink = field_ink(found, name)
            lang = found.layout.lang
            if value in texts or value in _spelled(ink, lang, None, 32 * 64, 1e-4):
                row["cause"] = "beam"
            elif value in _spelled(ink, lang, value, 64, 1e-4):
                row["cause"] = "glyph"
            elif value in _spelled(ink, lang, value, 64, 1e-12):
                row["cause"] = "glyph, surely misread"
            else:
                pieces = sum(len(line.pieces) for line in ink.lines)
                row["cause"] = "lost stroke" if pieces < _glyphs(value) else "cut"
    return attempts, circles, values


def _values(title: str, rows: list[dict[str, Any]]) -> None:
    right = sum(r["right"] for r in rows)
    print(f"{title}: values right {right}/{len(rows)} ({100 * right / max(1, len(rows)):.1f} %), "
          f"sure and wrong {sum(r['sure_wrong'] for r in rows)}, "
          f"asked {100 * sum(r['asked'] for r in rows) / max(1, len(rows)):.1f} %")


def _wrong(rows: list[dict[str, Any]]) -> int:
    return sum(1 for c in rows if c["read"] != c["value"])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    photo_sets(parser, "dev")
    parser.add_argument("--rows", type=Path, help="write every attempt's and circle's row")
    parser.add_argument("--verbose", action="store_true", help="list every attempt missed")
    parser.add_argument("--spelling", action="append", default=[], metavar="NAME=VALUE",
                        help="read with one of spelling.py's numbers set otherwise "
                             "(RULED_BEAM=256)")
    args = parser.parse_args(argv)
    from printkit.scan import spelling

    for setting in args.spelling:
        name, _, value = setting.partition("=")
        setattr(spelling, name, type(getattr(spelling, name))(value))
    names = set_names(args)
    attempts: list[dict[str, Any]] = []
    circles: list[dict[str, Any]] = []
    values: list[dict[str, Any]] = []
    for name in names:
        mine: list[dict[str, Any]] = []
        for photo, truth in photos(name, args.sets_dir, args.sets_dir2, args.count):
            a, c, v = read(photo, truth)
            attempts += a
            circles += c
            mine += v
            if args.verbose:
                for row in a:
                    if row["cause"]:
                        print(f"  {Path(name).name}/{photo.name} {row['name']}: "
                              f"{row['value']!r} read {row['read']!r} "
                              f"({'sure' if row['sure'] else 'asked'}): {row['cause']}")
        _values(Path(name).name, mine)
        values += mine
    _values("all", values)
    right = sum(1 for r in attempts if not r["cause"])
    print(f"attempts: {right}/{len(attempts)} right"
          f" ({100 * right / max(1, len(attempts)):.1f} %), "
          f"{sum(1 for r in attempts if r['cause'] and r['sure'])} sure and wrong")
    for cause in CAUSES:
        print(f"  {cause:24} {sum(1 for r in attempts if r['cause'] == cause)}")
    print(f"circles: {len(circles)} read, by the confidence of the suggestion: "
          f"sure ones (wrong), all (wrong)")
    for low, high in itertools.pairwise(BINS):
        rows = [c for c in circles if low <= c["confidence"] < high]
        sure = [c for c in rows if c["sure"]]
        print(f"  [{low}, {min(high, 1.0)}) {len(sure):5} ({_wrong(sure)}) "
              f"{len(rows):5} ({_wrong(rows)})")
    if args.rows:
        args.rows.write_text(json.dumps({"attempts": attempts, "circles": circles,
                                         "values": values}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
