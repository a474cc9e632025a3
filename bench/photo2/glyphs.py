"""Handwriting from a stroke glyph set of its own: digits, dice letters, the aids' words (in
English, Spanish and French).

A glyph is a few pen strokes in a box one unit tall (0 at the top of a capital, 1 on the
baseline, lowercase from 0.5, a descender to 1.3), its width the advance. A hand writes a
text by placing each glyph with its own slant, size, baseline wobble and a jitter of each
point, then smooths every stroke through its points (Catmull-Rom), as a pen moves.
"""

from __future__ import annotations

import numpy as np

Stroke = list[tuple[float, float]]


def _ring(cx: float, cy: float, rx: float, ry: float, start: float = -1.9, turn: float = 1.0,
          n: int = 10) -> Stroke:
    a = start + np.linspace(0, 2 * np.pi * turn, n)
    return [(cx + rx * float(np.cos(t)), cy + ry * float(np.sin(t))) for t in a]


GLYPHS: dict[str, tuple[float, list[Stroke]]] = {
    "0": (0.6, [_ring(0.28, 0.5, 0.25, 0.5, turn=1.05, n=12)]),
    "1": (0.45, [[(0.08, 0.25), (0.3, 0.0), (0.3, 1.0)]]),
    "2": (0.6, [[(0.05, 0.25), (0.15, 0.05), (0.33, 0.0), (0.5, 0.12), (0.48, 0.35),
                 (0.05, 1.0), (0.56, 0.98)]]),
    "3": (0.6, [[(0.06, 0.1), (0.3, 0.0), (0.5, 0.12), (0.45, 0.35), (0.24, 0.47),
                 (0.5, 0.6), (0.54, 0.82), (0.34, 1.0), (0.04, 0.92)]]),
    "4": (0.62, [[(0.42, 1.0), (0.42, 0.0), (0.02, 0.68), (0.58, 0.68)]]),
    "5": (0.6, [[(0.52, 0.0), (0.12, 0.02), (0.08, 0.45), (0.33, 0.38), (0.53, 0.58),
                 (0.5, 0.86), (0.28, 1.0), (0.04, 0.9)]]),
    "6": (0.6, [[(0.46, 0.02), (0.2, 0.2), (0.05, 0.6), (0.14, 0.95), (0.35, 1.0),
                 (0.52, 0.8), (0.45, 0.55), (0.24, 0.5), (0.07, 0.66)]]),
    "7": (0.58, [[(0.02, 0.02), (0.56, 0.0), (0.22, 1.0)]]),
    "8": (0.6, [[(0.3, 0.47), (0.08, 0.3), (0.14, 0.05), (0.4, 0.02), (0.5, 0.22),
                 (0.3, 0.47), (0.06, 0.7), (0.15, 0.97), (0.42, 0.97), (0.55, 0.74),
                 (0.3, 0.47)]]),
    "9": (0.6, [[(0.5, 0.3), (0.3, 0.48), (0.08, 0.34), (0.15, 0.05), (0.4, 0.02),
                 (0.52, 0.2), (0.49, 0.6), (0.34, 1.0)]]),
    "R": (0.6, [[(0.05, 1.0), (0.05, 0.0), (0.36, 0.02), (0.52, 0.16), (0.46, 0.4),
                 (0.05, 0.5)], [(0.2, 0.5), (0.55, 1.0)]]),
    "B": (0.6, [[(0.05, 1.0), (0.05, 0.0), (0.35, 0.02), (0.48, 0.14), (0.42, 0.4),
                 (0.06, 0.48), (0.42, 0.52), (0.55, 0.72), (0.45, 0.95), (0.05, 1.0)]]),
    "Y": (0.6, [[(0.02, 0.0), (0.28, 0.5)], [(0.56, 0.0), (0.28, 0.5), (0.28, 1.0)]]),
    "f": (0.42, [[(0.4, 0.05), (0.26, 0.0), (0.15, 0.15), (0.15, 1.0)],
                 [(0.0, 0.5), (0.34, 0.5)]]),
    "l": (0.22, [[(0.1, 0.0), (0.1, 1.0)]]),
    "i": (0.22, [[(0.1, 0.5), (0.1, 1.0)], [(0.1, 0.3), (0.11, 0.33)]]),
    "p": (0.52, [[(0.05, 0.5), (0.05, 1.3)], [(0.05, 0.62), (0.25, 0.5), (0.45, 0.62),
                                            (0.45, 0.88), (0.25, 1.0), (0.05, 0.9)]]),
    "r": (0.42, [[(0.05, 0.5), (0.05, 1.0)], [(0.05, 0.7), (0.2, 0.52), (0.38, 0.52)]]),
    "e": (0.5, [[(0.05, 0.75), (0.43, 0.74), (0.41, 0.57), (0.22, 0.5), (0.05, 0.62),
                 (0.05, 0.88), (0.22, 1.0), (0.43, 0.93)]]),
    "o": (0.5, [_ring(0.24, 0.75, 0.2, 0.25, turn=1.05, n=9)]),
    "-": (0.42, [[(0.05, 0.62), (0.36, 0.62)]]),
    "+": (0.5, [[(0.05, 0.62), (0.42, 0.62)], [(0.24, 0.42), (0.24, 0.82)]]),
    ">": (0.42, [[(0.05, 0.45), (0.36, 0.65), (0.05, 0.85)]]),
    ";": (0.25, [[(0.1, 0.55), (0.11, 0.58)], [(0.12, 0.9), (0.05, 1.12)]]),
    ":": (0.25, [[(0.1, 0.55), (0.11, 0.58)], [(0.1, 0.94), (0.11, 0.97)]]),
    "/": (0.45, [[(0.42, 0.0), (0.04, 1.0)]]),
    ".": (0.22, [[(0.1, 0.95), (0.11, 0.98)]]),
    " ": (0.35, []),
    # a Spanish or French sheet's aid words: girar, relanzar, retourner, relancer
    "a": (0.5, [[(0.42, 0.58), (0.25, 0.5), (0.06, 0.65), (0.08, 0.92), (0.25, 1.0),
                 (0.42, 0.85)], [(0.42, 0.5), (0.42, 0.92), (0.48, 1.0)]]),
    "c": (0.46, [[(0.42, 0.56), (0.25, 0.5), (0.06, 0.62), (0.05, 0.88), (0.22, 1.0),
                  (0.43, 0.94)]]),
    "g": (0.5, [[(0.42, 0.58), (0.25, 0.5), (0.06, 0.62), (0.1, 0.88), (0.3, 0.92),
                 (0.42, 0.8)], [(0.42, 0.5), (0.42, 1.15), (0.3, 1.3), (0.08, 1.22)]]),
    "n": (0.5, [[(0.05, 0.5), (0.05, 1.0)], [(0.05, 0.68), (0.2, 0.52), (0.36, 0.52),
                                            (0.44, 0.66), (0.44, 1.0)]]),
    "t": (0.36, [[(0.15, 0.15), (0.15, 0.92), (0.3, 1.0)], [(0.0, 0.5), (0.32, 0.5)]]),
    "u": (0.5, [[(0.05, 0.5), (0.05, 0.85), (0.2, 1.0), (0.38, 0.92), (0.44, 0.75)],
                [(0.44, 0.5), (0.44, 1.0)]]),
    "z": (0.46, [[(0.04, 0.52), (0.4, 0.5), (0.04, 1.0), (0.42, 0.98)]]),
}


def _smooth(points: Stroke, per_span: int = 5) -> np.ndarray:
    """A Catmull-Rom curve through the points (the pen's path between them)."""
    p = np.asarray(points, np.float64)
    if len(p) < 3:
        return p
    padded = np.vstack([2 * p[0] - p[1], p, 2 * p[-1] - p[-2]])
    t = np.linspace(0, 1, per_span, endpoint=False)[:, None]
    out = []
    for k in range(1, len(padded) - 2):
        p0, p1, p2, p3 = padded[k - 1:k + 3]
        out.append(0.5 * (2 * p1 + (-p0 + p2) * t + (2 * p0 - 5 * p1 + 4 * p2 - p3) * t ** 2
                          + (-p0 + 3 * p1 - 3 * p2 + p3) * t ** 3))
    out.append(p[-1:])
    return np.vstack(out)


def text_width(text: str) -> float:
    """The text's advance in glyph units (a capital's height)."""
    return sum(GLYPHS.get(c, GLYPHS[" "])[0] + 0.08 for c in text)


def write(text: str, x: float, baseline: float, height: float, rng: np.random.Generator,
          slant: float = 0.15, messiness: float = 1.0) -> list[np.ndarray]:
    """The strokes of `text` handwritten from (x, baseline), capitals `height` tall: each an
    array of (x, y) points in the caller's units, y down."""
    strokes: list[np.ndarray] = []
    pen_x = x
    drift = rng.normal(0, 0.03 * messiness)
    for i, char in enumerate(text):
        advance, glyph = GLYPHS.get(char, GLYPHS[" "])
        size = height * (1 + rng.normal(0, 0.05 * messiness))
        lean = slant + rng.normal(0, 0.04 * messiness)
        base = baseline + height * (drift * i + rng.normal(0, 0.03 * messiness))
        for stroke in glyph:
            pts = np.asarray(stroke, np.float64)
            pts = pts + rng.normal(0, 0.025 * messiness, pts.shape)
            gx = pen_x + size * (pts[:, 0] + lean * (1 - pts[:, 1]))
            gy = base - size * (1 - pts[:, 1])
            strokes.append(_smooth(list(zip(gx, gy))))
        pen_x += size * (advance + 0.08 + rng.normal(0, 0.02 * messiness))
    return strokes
