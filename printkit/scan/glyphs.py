"""The glyph model: what one handwritten glyph is, as the chance of each glyph the sheet's
values are written with.

A small network of three layers (`bench/train_glyphs.py` trains it, with fixed seeds, from
the UCI handwritten digits that scikit-learn bundles and synthetic strokes of its own; see
docs/scan.md, "The written values"), shipped as `model/glyphs.npz` and run with numpy alone.
Its input is a glyph as `strokes.GlyphShape.features` gives it; its output one chance for
each of `CLASSES`, the last being "no glyph" (a part of one, two run together, a stray mark).
"""

from __future__ import annotations

import hashlib
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

Floats = NDArray[Any]

#: The glyphs the model tells apart: digits, the dice's colour letters (a letter O is
#: written as the digit 0 is), the aids' words' letters, the signs, and "none" last.
DIGITS = "0123456789"
LETTERS = "RBYGPK"
LOWER = "flipreo" + "acgntuz"   # English's aid words', then Spanish's and French's
SIGNS = "+-;>"
NONE = "~"
CLASSES = DIGITS + LETTERS + LOWER + SIGNS + NONE
#: The model's weights, as the training script writes them.
MODEL = Path(__file__).resolve().parent / "model" / "glyphs.npz"
#: The arrays of the model, in the order they are applied and digested.
LAYERS = ("w1", "b1", "w2", "b2", "w3", "b3")


@dataclass(frozen=True)
class Model:
    """The network's weights, the mean and spread its inputs are scaled by, and the
    temperature its outputs are divided by before they are made chances."""

    mean: Floats
    spread: Floats
    weights: tuple[Floats, ...]   # w1, b1, w2, b2, w3, b3
    temperature: float = 1.0

    def logits(self, features: Floats) -> Floats:
        """Return, for each row of `features`, the network's output (before the temperature)."""
        x = (np.asarray(features, np.float32) - self.mean) / self.spread
        w1, b1, w2, b2, w3, b3 = self.weights
        h = np.maximum(x @ w1 + b1, 0.0)
        h = np.maximum(h @ w2 + b2, 0.0)
        out: Floats = h @ w3 + b3
        return out

    def chances(self, features: Floats) -> Floats:
        """Return, for each row of `features`, the chance of each of CLASSES (rows sum to 1).
        The temperature (fitted on hands the network was not trained on) keeps a glyph of an
        unseen hand from being read at 0.9999 when it is misread."""
        with one_blas_thread():
            logits = self.logits(features) / np.float32(self.temperature)
        logits -= logits.max(axis=1, keepdims=True)
        e = np.exp(logits)
        out: Floats = e / e.sum(axis=1, keepdims=True)
        return out

    def digest(self) -> str:
        """Return the SHA-256 of the weights (their float32 bytes, in LAYERS order) and of
        the temperature."""
        return digest_of(self.mean, self.spread, *self.weights,
                         np.array([self.temperature], np.float32))


@cache
def _blas() -> Any:
    """Return the controller of the BLAS libraries numpy loaded (None without threadpoolctl,
    an install of the `[photo]` extra from before it asked for it)."""
    try:
        from threadpoolctl import ThreadpoolController
    except ImportError:
        return None
    return ThreadpoolController()


def one_blas_thread() -> AbstractContextManager[Any]:
    """Return a context in which numpy's matrix products run on the calling thread alone.
    A glyph model's product is small (a field's glyphs, a few dozen rows), but OpenBLAS
    hands it to its worker threads, which then spin for a while waiting for more: on the
    heaviest photos, field after field, that spinning was about 0.2 s of CPU of the 0.47 s
    `suggest` took (docs/scan-measurement.md, "The values' CPU"); the products are the same
    on one thread, bit for bit. The limit is the process's: two photos read at once (the
    page's server) may leave it at one thread, which changes no product, only its speed."""
    blas = _blas()
    return nullcontext() if blas is None else blas.limit(limits=1, user_api="blas")


def digest_of(*arrays: Floats) -> str:
    """Return the SHA-256 of arrays' float32 bytes, one after the other."""
    h = hashlib.sha256()
    for a in arrays:
        h.update(np.ascontiguousarray(a, np.float32).tobytes())
    return h.hexdigest()


def from_arrays(arrays: Any) -> Model:
    """Return the model held by a mapping of arrays (an npz file's, or the training's)."""
    temperature = float(np.asarray(arrays["temperature"]).ravel()[0]) \
        if "temperature" in arrays else 1.0
    return Model(np.asarray(arrays["mean"], np.float32), np.asarray(arrays["spread"], np.float32),
                 tuple(np.asarray(arrays[k], np.float32) for k in LAYERS), temperature)


@cache
def model() -> Model:
    """Return the shipped model (read once)."""
    with np.load(MODEL) as data:
        return from_arrays(data)
