"""Scoring a reading of a photo (`printkit scan --json`) against the photo's truth.

Per field:
- **right**: read sure (not in `uncertain`) and as the truth has it;
- **asked**: in `uncertain`: the player confirms it, so it is not an error, but it costs a tap;
- **wrong**: read sure and not as the truth has it: a silent error;
- **missing**: the reading has no such field (a rejected photo's fields are all missing).

A sheet is **all right** when it was read, its sheet id (game, map, mode, paper) is the
truth's, and none of its fields is wrong or missing. "Fields right" counts right and asked
fields (after the player's confirmation they are right); "asked" is the share in
`uncertain`.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

Row = TypeVar("Row")

SHEET_KEYS = ("game", "map", "mode", "paper")


def messaging_copy(truth: Mapping[str, Any]) -> bool:
    """Return whether a truth's photo was sent through a messaging app (generator 2's
    `camera.messaging`: 1,280 pixels, JPEG 40); generator 1 makes no such copy."""
    return bool((truth.get("camera") or {}).get("messaging"))


def by_camera(rows: Sequence[Row], is_copy: Callable[[Row], bool], own: str,
              copies: str) -> list[tuple[str, list[Row]]]:
    """Return the rows of the camera's own photos and those of messaging copies apart, each
    under its title (`own`, `copies`), when some rows are copies; else nothing. Issue 29
    asks a copy to read as well as an ordinary photo, and a copy's digits are mostly not in
    its pixels: its figures are printed apart."""
    copied = [r for r in rows if is_copy(r)]
    if not copied:
        return []
    return [(own, [r for r in rows if not is_copy(r)]), (copies, copied)]


@dataclass
class PhotoScore:
    """One photo's reading, scored."""

    photo: str
    status: str  # "read", "rejected" (exit 2) or "failed"
    fields: int = 0
    right: int = 0
    asked: int = 0
    wrong: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    sheet_right: bool = False
    to_type_missed: list[str] = field(default_factory=list)
    seconds: float = 0.0  # wall clock of the whole reading
    reader_seconds: float | None = None  # what the reader says it took
    message: str = ""
    details: list[dict[str, Any]] = field(default_factory=list)

    @property
    def all_right(self) -> bool:
        return self.status == "read" and self.sheet_right and not self.wrong \
            and not self.missing


def score_photo(photo: str, truth: Mapping[str, Any], reading: Mapping[str, Any] | None,
                status: str, seconds: float, message: str = "") -> PhotoScore:
    """Scores one reading (None when the reader refused the photo or failed)."""
    expected: Mapping[str, bool] = truth["fields"]
    result = PhotoScore(photo, status, fields=len(expected), seconds=seconds, message=message)
    if reading is None or status != "read":
        result.missing = sorted(expected)
        return result
    read: Mapping[str, Any] = reading.get("fields", {})
    uncertain = set(reading.get("uncertain", []))
    to_type = set(reading.get("to_type", []))
    sheet = reading.get("sheet", {})
    result.sheet_right = all(str(sheet.get(k)) == str(truth["sheet"][k]) for k in SHEET_KEYS)
    if isinstance(reading.get("seconds"), int | float):
        result.reader_seconds = float(reading["seconds"])
    for name, marked in sorted(expected.items()):
        got = read.get(name)
        if got is None:
            result.missing.append(name)
            continue
        if name in uncertain:
            result.asked += 1
        elif bool(got.get("marked")) == marked:
            result.right += 1
        else:
            result.wrong.append(name)
            result.details.append({"photo": photo, "field": name, "truth": marked,
                                   "read": bool(got.get("marked")),
                                   "confidence": got.get("confidence"),
                                   "mark": truth.get("marks", {}).get(name),
                                   "erased": name in truth.get("erased", [])})
    result.to_type_missed = sorted(set(truth.get("to_type", [])) - to_type)
    return result


@dataclass
class SetScore:
    """A set's photos, summed up."""

    name: str
    photos: list[PhotoScore]

    def figures(self) -> dict[str, Any]:
        n = len(self.photos)
        fields = sum(p.fields for p in self.photos)
        wrong = sum(len(p.wrong) + len(p.missing) for p in self.photos)
        asked = sum(p.asked for p in self.photos)
        read = [p for p in self.photos if p.status == "read"]
        return {
            "set": self.name,
            "photos": n,
            "read": len(read),
            "rejected": sum(p.status == "rejected" for p in self.photos),
            "failed": sum(p.status == "failed" for p in self.photos),
            "sheets_all_right": sum(p.all_right for p in self.photos),
            "sheet_id_right": sum(p.sheet_right for p in self.photos),
            "fields": fields,
            "fields_right": (fields - wrong) / fields if fields else 0.0,
            "fields_right_read": _share_right(read),
            "fields_wrong": wrong,
            "asked": asked / fields if fields else 0.0,
            "to_type_missed": sum(len(p.to_type_missed) for p in self.photos),
            "seconds_median": statistics.median(p.seconds for p in self.photos) if n else 0.0,
            "reader_seconds_median": _median([p.reader_seconds for p in read]),
        }


def _share_right(photos: Sequence[PhotoScore]) -> float | None:
    """Fields right among the photos read (a refused photo's fields left out)."""
    fields = sum(p.fields for p in photos)
    wrong = sum(len(p.wrong) + len(p.missing) for p in photos)
    return (fields - wrong) / fields if fields else None


def _median(values: Iterable[float | None]) -> float | None:
    known = [v for v in values if v is not None]
    return statistics.median(known) if known else None


# The targets: photos and scans every sheet all right and at most 1 % asked; the
# hard set at least 99.5 % of fields right with at most 3 % asked.
TARGETS: dict[str, tuple[float | None, float | None, float]] = {
    # profile: (sheets all right, fields right, asked at most)
    "photo": (1.0, None, 0.01),
    "scan": (1.0, None, 0.01),
    "hard": (None, 0.995, 0.03),
}


def verdicts(profile: str, figures: Mapping[str, Any]) -> list[tuple[str, bool]]:
    """The set's figures against the targets of its profile: (what, met)."""
    sheets, fields, asked = TARGETS[profile]
    out: list[tuple[str, bool]] = []
    n = figures["photos"] or 1
    if sheets is not None:
        out.append((f"sheets all right {figures['sheets_all_right']}/{figures['photos']}"
                    f" (target {sheets:.0%})", figures["sheets_all_right"] / n >= sheets))
    if fields is not None:
        out.append((f"fields right {figures['fields_right']:.2%} (target ≥ {fields:.1%})",
                    figures["fields_right"] >= fields))
    out.append((f"asked {figures['asked']:.2%} (target ≤ {asked:.0%})",
                figures["asked"] <= asked))
    return out


def smoke_reading(truth: Mapping[str, Any]) -> dict[str, Any]:
    """The reading a perfect reader would give: the truth in `printkit scan --json`'s shape."""
    fields: Mapping[str, bool] = truth["fields"]
    return {"sheet": {k: truth["sheet"][k] for k in (*SHEET_KEYS, "variant")},
            "fields": {n: {"marked": m, "confidence": 1.0} for n, m in fields.items()},
            "uncertain": [],
            "to_type": list(truth.get("to_type", [])),
            "seconds": 0.0}


def from_report(entry: Mapping[str, Any]) -> SetScore:
    """A set's score again from what `bench_scan.py --report` wrote."""
    photos = []
    for p in entry["photos"]:
        known = {k: v for k, v in p.items() if k in PhotoScore.__dataclass_fields__}
        photos.append(PhotoScore(**known))
    return SetScore(entry["figures"]["set"], photos)


def table(rows: Sequence[Mapping[str, Any]]) -> str:
    """The figures of several sets as a plain-text table."""
    head = ["set", "photos", "read", "all right", "fields right", "of read", "asked", "wrong",
            "s/photo", "reader s"]
    lines = [head]
    for f in rows:
        rs = f["reader_seconds_median"]
        lines.append([f["set"], str(f["photos"]), str(f["read"]),
                      f"{f['sheets_all_right']}/{f['photos']}", f"{f['fields_right']:.2%}",
                      "-" if f["fields_right_read"] is None else f"{f['fields_right_read']:.2%}",
                      f"{f['asked']:.2%}", str(f["fields_wrong"]),
                      f"{f['seconds_median']:.2f}", "-" if rs is None else f"{rs:.2f}"])
    widths = [max(len(row[i]) for row in lines) for i in range(len(head))]
    return "\n".join("  ".join(cell.ljust(w) for cell, w in zip(row, widths))
                     for row in lines)
