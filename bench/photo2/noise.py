"""Gradient (Perlin) noise and its fractal sums, the texture of paper, tables and light.

An octave whose features are many pixels wide is computed on a coarse grid and enlarged,
so a page-sized field of several octaves costs a fraction of a second.
"""

from __future__ import annotations

import cv2
import numpy as np


def _fade(t: np.ndarray) -> np.ndarray:
    return t * t * t * (t * (t * 6 - 15) + 10)


def perlin(shape: tuple[int, int], period: float, rng: np.random.Generator) -> np.ndarray:
    """Gradient noise of about -0.7..0.7 whose features are `period` pixels apart."""
    h, w = shape
    gh, gw = int(h / period) + 2, int(w / period) + 2
    angle = rng.uniform(0, 2 * np.pi, (gh + 1, gw + 1))
    gx, gy = np.cos(angle).astype(np.float32), np.sin(angle).astype(np.float32)
    ys = (np.arange(h, dtype=np.float32) / period)[:, None]
    xs = (np.arange(w, dtype=np.float32) / period)[None, :]
    iy, ix = ys.astype(np.int32), xs.astype(np.int32)
    fy, fx = ys - iy, xs - ix

    def corner(dy: int, dx: int) -> np.ndarray:
        return (gx[iy + dy, ix + dx] * (fx - dx) + gy[iy + dy, ix + dx] * (fy - dy))

    u, v = _fade(fx), _fade(fy)
    top = corner(0, 0) * (1 - u) + corner(0, 1) * u
    bottom = corner(1, 0) * (1 - u) + corner(1, 1) * u
    return (top * (1 - v) + bottom * v).astype(np.float32)


def fbm(shape: tuple[int, int], period: float, rng: np.random.Generator, octaves: int = 4,
        gain: float = 0.5, stretch: float = 1.0) -> np.ndarray:
    """Fractal noise, normalised to mean 0 and deviation 1: octaves of `perlin` from
    `period` pixels down, each half the size and `gain` times as strong. `stretch` > 1 draws
    features that many times longer across than down (wood grain, fibres)."""
    h, w = shape
    total = np.zeros(shape, np.float32)
    amplitude = 1.0
    for k in range(octaves):
        p = max(period / 2 ** k, 1.5)
        step = max(1, int(p / 4))
        small = (max(2, -(-h // step)), max(2, -(-int(w / stretch) // step)))
        layer = perlin(small, p / step, rng)
        layer = cv2.resize(layer, (w, h), interpolation=cv2.INTER_LINEAR)
        total += amplitude * layer
        amplitude *= gain
    total -= total.mean()
    return total / (total.std() + 1e-6)


def tile(texture: np.ndarray, shape: tuple[int, int]) -> np.ndarray:
    """A small texture repeated over `shape` (a paper's tooth, which never shows its seams
    under a mark's few millimetres)."""
    th, tw = texture.shape
    reps = (-(-shape[0] // th), -(-shape[1] // tw))
    return np.tile(texture, reps)[:shape[0], :shape[1]]
