"""What `bench/train_glyphs.py --measure` prints of a glyph model: its accuracy class by
class on writers it never saw (the held-out UCI and MNIST digits, each photo generator's hand
written into the sheet's fields), how sure it is when wrong, the pairs it misreads most, and
whole values read by the grammar."""

from __future__ import annotations

import itertools
import sys
from collections.abc import Sequence
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import glyph_digits  # noqa: E402
from bench.glyph_fields import (  # noqa: E402
    AID_WORDS,
    HANDS,
    SCALE,
    Hand,
    field_samples,
    our_hand,
    places,
    value_lines,
    write_field,
)
from printkit.scan import glyphs, spelling, strokes  # noqa: E402
from printkit.scan.glyphs import CLASSES, NONE  # noqa: E402


def measure(model: glyphs.Model, trained: Sequence[Hand] = ()) -> None:
    """Print the model's accuracy class by class: held-out UCI and MNIST digits, and each
    generator's hand written into the sheet's fields (glyphs, then whole values read by the
    grammar); a hand among `trained` (the training's) is measured on fields of its own."""
    _ux, _uy, tx, ty = glyph_digits.uci_split()
    like = field_samples(200, 99, our_hand)
    x, y = glyph_digits.uci_samples(tx, ty, like, np.random.default_rng(3))
    _report("UCI digits, held out", y, model.chances(x).argmax(axis=1))
    _mx, _my, tx, ty = glyph_digits.mnist_split()
    x, y = glyph_digits.mnist_samples(tx, ty, like, np.random.default_rng(3))
    read = model.chances(x).argmax(axis=1)
    _report("MNIST digits, held out", y, read)
    confusions(y, read)
    for name in ("photo2", "photo"):
        if HANDS[name] in trained:
            print(f"(the {name} generator's hand is trained on: measured on other fields)")
        x, y = field_samples(600, 4242, HANDS[name])
        glyph = y != CLASSES.index(NONE)
        # which glyph a run is, when it is one (the grammar then chooses among the runs)
        read = model.chances(x[glyph])[:, :-1].argmax(axis=1)
        _report(f"{name} generator's hand, glyphs", y[glyph], read)
        confusions(y[glyph], read)
        _report(f"{name} generator's hand, runs that are no glyph", y[~glyph],
                model.chances(x[~glyph]).argmax(axis=1))
        _confidence(model.chances(x[glyph]), y[glyph])
        right, total = values_read(model, HANDS[name], 300, 777)
        print(f"  values read right by the grammar: {right}/{total} "
              f"({100 * right / max(total, 1):.1f} %)")


#: The bins of the chance a glyph is read with.
BINS = (0.0, 0.5, 0.9, 0.99, 0.999, 0.9999, 1.0)


def _confidence(chances: np.ndarray, truth: np.ndarray) -> None:
    """Print the glyphs binned by the chance the model reads each with (its likeliest class,
    "no glyph" too), and the share of each bin read wrong; and how many glyphs' own class
    has a chance under spelling.LEAST (a reading then never follows it)."""
    read = chances.argmax(axis=1)
    top = chances.max(axis=1)
    cells = []
    for lo, hi in itertools.pairwise(BINS):
        at = (top >= lo) & ((top < hi) if hi < 1 else (top <= hi))
        wrong = int((read[at] != truth[at]).sum())
        cells.append(f"[{lo:g}, {hi:g}{']' if hi == 1 else ')'} {int(at.sum())}, "
                     f"{100 * wrong / max(int(at.sum()), 1):.1f} % wrong")
    lost = int((chances[np.arange(len(truth)), truth] < spelling.LEAST).sum())
    print("  confidence: " + "; ".join(cells))
    print(f"  the glyph written under a chance of {spelling.LEAST:g}: {lost} of {len(truth)}")


def values_read(model: glyphs.Model, hand: Hand, count: int, seed: int) -> tuple[int, int]:
    rng = np.random.default_rng(seed)
    kinds = ("circle", "score-total", "attempt")
    right = total = 0
    for k in range(count):
        kind = kinds[k % 3]
        options = places()[kind]
        place = options[int(rng.integers(len(options)))]
        lines = value_lines(kind, rng)
        try:
            written = write_field(place, lines, hand, rng)
        except KeyError:
            continue
        found = strokes.field_ink(written.photo, written.blank, written.lines, SCALE)
        read = spelling.spell(found, model, kind, AID_WORDS)
        truth = _canonical(" ".join(lines)) if kind == "attempt" else lines[0]
        total += 1
        right += bool(read) and read[0].text == truth
    return right, total


def _canonical(text: str) -> str:
    """An attempt as a record writes it: `R2 Y5; -1 R2; flip Y5`."""
    parts = [p.strip() for p in text.replace(";", " ; ").split(" ; ")]
    words = " ".join(parts).split()
    out, aid = [], []
    heads = ("+1", "-1", *(w for w, _aid, _weight in AID_WORDS))
    for w in words:
        if w in heads:
            if aid:
                out.append(" ".join(aid))
            aid = [w]
        elif aid:
            aid.append(w)
        else:
            out.append(w)
    dice = " ".join(w for w in out if not w.startswith(heads))
    aids = [o for o in out if o.startswith(heads)]
    if aid:
        aids.append(" ".join(aid))
    return "; ".join([dice, *aids])


def confusions(truth: np.ndarray, read: np.ndarray, most: int = 12) -> None:
    """Print the glyphs read as another glyph most often: `5>3 7` is a 5 read 3 seven times."""
    pairs: dict[tuple[int, int], int] = {}
    for t, r in zip(truth.tolist(), read.tolist()):
        if t != r:
            pairs[(t, r)] = pairs.get((t, r), 0) + 1
    ranked = sorted(pairs.items(), key=lambda kv: (-kv[1], kv[0]))[:most]
    print("  misread most: " + ", ".join(f"{CLASSES[t]}>{CLASSES[r]} {n}"
                                         for (t, r), n in ranked))


def _report(title: str, truth: np.ndarray, read: np.ndarray) -> None:
    right = int((truth == read).sum())
    print(f"{title}: {right}/{len(truth)} ({100 * right / max(len(truth), 1):.2f} %)")
    cells = []
    for k, c in enumerate(CLASSES):
        at = truth == k
        if at.any():
            cells.append(f"{c} {100 * float((read[at] == k).mean()):.0f}% of {int(at.sum())}")
    print("  " + ", ".join(cells))
