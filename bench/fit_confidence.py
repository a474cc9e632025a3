"""Fit the reader's confidence on tuning photos, and check it on photos held out.

Run: python bench/fit_confidence.py --fit ROWS.jsonl [...] [--check ROWS.jsonl [...]]

ROWS are the field rows `bench/scan_fields.py --rows` writes (one photo's field a line, with
the reading's `margin`: its share's distance from the decision point in units of what the
page's empty boxes show). Every field read sure (not asked) is a point: its margin and
whether the reading was right. For a box read marked, and for one read empty, the
probability of being right is fitted as a logistic in the logarithm of one plus the margin,
1 / (1 + exp(-(a + b ln(1 + m) + c l))), l one on a page read as light pencil, by maximum
likelihood (Newton's method): the two triples (a, b, c) are `InkParams.sure_marked_fit`
and `sure_empty_fit`. The calibration table (confidence bins against the share wrong) is
printed for the fitting rows and for the check rows, with the confidence the fitted triples
give (not the one the rows were read with). Each fit's constant (and its light pencil
term, for light pencil pages) is then lowered, if need be, until no reading of the fitting
rows that was wrong gets 0.99 or more (`below_sure`).

Fit on one generator's tuning sets and check on the other's held-out sets, both ways
(docs/scan-measurement.md lists the sets); never fit on a held-out set.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import numpy as np

BINS = ((0.0, 0.5), (0.5, 0.9), (0.9, 0.99), (0.99, 0.999), (0.999, 1.0001))
SURE = 0.99


def points(rows: Iterable[dict[str, Any]], marked: bool) -> tuple[np.ndarray, np.ndarray]:
    """The features (1, log margin, light page) and rightness of the fields read sure,
    marked or empty."""
    xs, ys = [], []
    for r in rows:
        if "field" not in r or r.get("missing") or r["uncertain"] or r["read"] != marked:
            continue
        xs.append((1.0, math.log1p(float(r["margin"])), float(r["light"])))
        ys.append(1.0 if r["read"] == r["truth"] else 0.0)
    return np.array(xs), np.array(ys)


def fit(design: np.ndarray, y: np.ndarray, ridge: float = 1e-3
        ) -> tuple[float, float, float]:
    """Maximum-likelihood logistic fit of y on the features, a little ridge to keep it
    finite when every point is right."""
    w = np.zeros(design.shape[1])
    for _ in range(100):
        p = 1.0 / (1.0 + np.exp(-(design @ w)))
        grad = design.T @ (y - p) - ridge * w
        hess = (design * (p * (1 - p))[:, None]).T @ design + ridge * np.eye(design.shape[1])
        step = np.linalg.solve(hess, grad)
        w += step
        if float(np.abs(step).max()) < 1e-9:
            break
    return float(w[0]), float(w[1]), float(w[2])


Fit = tuple[float, float, float]


def below_sure(design: np.ndarray, y: np.ndarray, coef: Fit) -> Fit:
    """Return the fit with its terms lowered, if need be, until no reading of the fitting
    rows that was wrong gets `SURE` or more: the constant for the pages not read as light
    pencil, the light pencil term for those that are. A box the referee takes as evidence
    must not be one the tuning photos already show wrong."""
    limit = math.log(SURE / (1 - SURE)) - 0.01
    z = design @ np.array(coef)
    a, b, c = coef
    light = design[:, 2] > 0
    plain_wrong = z[(y == 0) & ~light]
    if plain_wrong.size:
        a -= max(0.0, float(plain_wrong.max()) - limit)
    z = design @ np.array((a, b, c))
    light_wrong = z[(y == 0) & light]
    if light_wrong.size:
        c -= max(0.0, float(light_wrong.max()) - limit)
    return (a, b, c)


def confidence(margin: float, light: bool, coef: Fit) -> float:
    """As `printkit.scan.ink.calibrated`."""
    a, b, c = coef
    z = a + b * math.log1p(margin) + c * light
    right = 1.0 / (1.0 + math.exp(-z)) if z > -60 else 0.0
    return max(0.5, math.floor(right * 1000) / 1000)


def table(rows: list[dict[str, Any]], marked_fit: Fit, empty_fit: Fit) -> list[str]:
    got = [(confidence(float(r["margin"]), r["light"], marked_fit if r["read"] else empty_fit),
            r["read"] != r["truth"]) for r in rows
           if "field" in r and not r.get("missing") and not r["uncertain"]]
    out = ["| confidence | fields | wrong | share wrong |", "|---|---|---|---|"]
    for lo, hi in BINS:
        inside = [w for c, w in got if lo <= c < hi]
        share = f"{sum(inside) / len(inside):.3%}" if inside else "-"
        out.append(f"| [{lo:g}, {min(hi, 1):g}{']' if hi > 1 else ')'} | {len(inside)} | "
                   f"{sum(inside)} | {share} |")
    asked = sum(1 for r in rows if "field" in r and not r.get("missing") and r["uncertain"])
    fields = sum(1 for r in rows if "field" in r)
    out.append(f"(asked {asked} of {fields} fields, {100 * asked / max(1, fields):.2f} %)")
    return out


def load(paths: Iterable[Path]) -> list[dict[str, Any]]:
    return [json.loads(line) for path in paths
            for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--fit", type=Path, nargs="+", required=True,
                        help="rows of tuning photos to fit on")
    parser.add_argument("--check", type=Path, nargs="*", default=[],
                        help="rows of held-out photos to check on")
    args = parser.parse_args()
    tuning = load(args.fit)
    fits = []
    for marked in (True, False):
        design, right = points(tuning, marked)
        likeliest = fit(design, right)
        fits.append(below_sure(design, right, likeliest))
        print(f"read {'marked' if marked else 'empty'}: likeliest (" +
              ", ".join(f"{v:.2f}" for v in likeliest) + ")")
    marked_fit, empty_fit = fits
    print("sure_marked_fit = (" + ", ".join(f"{v:.2f}" for v in marked_fit) + ")")
    print("sure_empty_fit = (" + ", ".join(f"{v:.2f}" for v in empty_fit) + ")")
    print("\nfitted on:", " ".join(str(p) for p in args.fit))
    print("\n".join(table(tuning, marked_fit, empty_fit)))
    if args.check:
        print("\nchecked on:", " ".join(str(p) for p in args.check))
        print("\n".join(table(load(args.check), marked_fit, empty_fit)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
