"""How blurred a photo's print is against the blank's, and how dark: the page's print as the
photo shows it, which the ink of every box is read against (`fields.read_fields`)."""

from __future__ import annotations

from typing import NamedTuple

import cv2
import numpy as np

from printkit.scan.layout import Layout
from printkit.scan.light import Floats
from printkit.scan.page import Shift
from printkit.scan.params import ReaderParams


class PrintBlur(NamedTuple):
    """How blurred a photo's print is against the blank's (a Gaussian's sigma, pixels), and
    its contrast (how dark the photo's print is for the blank's)."""

    sigma: float
    contrast: float


def blurred_print(paper: Floats, sigma: float) -> Floats:
    """Return the blank's paper blurred by a Gaussian of `sigma` pixels (as it is, at 0)."""
    return paper if sigma <= 0 else cv2.GaussianBlur(paper, (0, 0), sigma)


def print_blur(paper: Floats, photo: Floats, lay: Layout, local: dict[str, Shift],
                params: ReaderParams) -> PrintBlur:
    """Return how blurred the photo's print is (a Gaussian's sigma, pixels), against the
    blank's, and its contrast (how dark the photo's print is for the blank's).

    Each box's print (its outline, letter, tint) is compared with the photo's at the box's
    shift, for every blur in `blurs`; the blur whose print, scaled to the photo's contrast,
    leaves the least difference is the photo's. Ink in a few boxes adds to every blur's
    difference alike."""
    pad, scale = params.ink.blur_pad, params.scale
    pairs = []
    for fb in lay.fields:
        x, y, w, h = fb.box
        dx, dy = local[fb.name]
        x0, y0 = round(x * scale) - pad, round(y * scale) - pad
        x1, y1 = round((x + w) * scale) + pad, round((y + h) * scale) + pad
        if min(x0, y0, x0 + dx, y0 + dy) < 0 or max(y1, y1 + dy) > photo.shape[0] or \
                max(x1, x1 + dx) > photo.shape[1]:
            continue
        pairs.append(((y0, y1, x0, x1), 1.0 - photo[y0 + dy:y1 + dy, x0 + dx:x1 + dx]))
    if not pairs:
        return PrintBlur(0.0, 1.0)
    seen = np.concatenate([p.ravel() for _w, p in pairs])
    best, best_sigma, best_contrast = np.inf, 0.0, 1.0
    for sigma in params.ink.blurs:
        model = 1.0 - blurred_print(paper, sigma)
        drawn = np.concatenate([model[a:b, c:d].ravel() for (a, b, c, d), _p in pairs])
        contrast = float(drawn @ seen) / max(float(drawn @ drawn), 1e-6)
        left = float(np.sum((seen - contrast * drawn) ** 2))
        if left < best:
            best, best_sigma, best_contrast = left, sigma, contrast
    return PrintBlur(best_sigma, best_contrast)
