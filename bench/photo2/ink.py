"""Pens and the marks a player makes with them, drawn onto the printed page.

A stroke is a path in page points with a pressure at each point. It is laid down as a
load (how much of the pen reached each pixel: the pen's width, anti-aliased, times the
pressure), and each pen turns its load into a change of the paper's reflectance in its own
way:
- **pencil**: graphite is scraped off by the paper's tooth, so a light stroke marks only
  the tooth's peaks (a grainy line) and a pressed one fills the valleys too; grey with a
  cool tint;
- **ballpoint**: a thin line of blue ink, thicker where a stroke starts (a blob), with
  gaps where the ball skipped;
- **felt pen**: a wide, saturated red that bleeds along the paper's fibres, darker where
  strokes cross;
- **marker**: a wide, nearly black line, bleeding a little.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise

import cv2
import numpy as np

from bench.photo2 import camera, glyphs, noise
from bench.photo2.sheets import Field

# how much of each of red, green and blue a fully loaded pen takes from the paper's light
ABSORB = {
    "pencil": np.array([1.0, 0.98, 0.93], np.float32),
    "ballpoint": np.array([0.86, 0.74, 0.32], np.float32),
    "felt": np.array([0.06, 0.86, 0.74], np.float32),
    "marker": np.array([0.9, 0.9, 0.88], np.float32),
}


#: The paper's white a pen's darkness as seen is picked for (`Pen.pick`): the middle of
#: `printer.Paper`'s (0.84-0.92); each photo's truth records its own paper and pen.
NOMINAL_WHITE = 0.88


@dataclass(frozen=True)
class Pen:
    """A pen as one player holds it: its kind, line width (pt) and darkness (0-1: the share
    of light a fully pressed stroke takes)."""

    kind: str
    width: float
    darkness: float

    @staticmethod
    def pick(kind: str, rng: np.random.Generator, light: bool = False,
             seen: bool = False) -> Pen:
        """A pen of `kind`; a `light` pencil takes 0.10-0.30 of the light, or, `seen`, shows
        10-30 % darker than a paper of `NOMINAL_WHITE` in the photo's pixels (issue 29's
        light pencil, `camera.seen_darkness`)."""
        if kind == "pencil":
            if light:
                drawn = rng.uniform(0.10, 0.30)
                dark = camera.darkness_seen(drawn, NOMINAL_WHITE) if seen else drawn
            else:
                dark = rng.uniform(0.4, 0.75)
            return Pen("pencil", float(rng.uniform(0.5, 1.0)), float(dark))
        if kind == "ballpoint":
            return Pen("ballpoint", float(rng.uniform(0.3, 0.45)), float(rng.uniform(0.75, 0.95)))
        if kind == "felt":
            return Pen("felt", float(rng.uniform(1.1, 1.9)), float(rng.uniform(0.8, 0.95)))
        return Pen("marker", float(rng.uniform(1.7, 2.8)), float(rng.uniform(0.85, 0.95)))


@dataclass
class Stroke:
    points: np.ndarray  # (n, 2) page points
    pressure: np.ndarray  # (n,)


class Drawing:
    """The ink of one sheet, pen by pen, at `ppt` pixels a point."""

    def __init__(self, shape: tuple[int, int], ppt: float) -> None:
        self.shape = shape
        self.ppt = ppt
        self.loads: dict[Pen, np.ndarray] = {}
        self.smudge = np.zeros(shape, np.float32)  # rubbed-out graphite, as darkness

    def stroke(self, pen: Pen, stroke: Stroke, load_scale: float = 1.0,
               into: np.ndarray | None = None) -> None:
        """Lays one stroke down: within a stroke the nearest segment's pressure counts (a
        joint is not inked twice); strokes add up."""
        layer = into if into is not None else self.loads.setdefault(
            pen, np.zeros(self.shape, np.float32))
        pts = stroke.points * self.ppt
        half = pen.width * self.ppt / 2
        pad = half + 2
        x0 = max(int(np.floor(pts[:, 0].min() - pad)), 0)
        y0 = max(int(np.floor(pts[:, 1].min() - pad)), 0)
        x1 = min(int(np.ceil(pts[:, 0].max() + pad)), self.shape[1])
        y1 = min(int(np.ceil(pts[:, 1].max() + pad)), self.shape[0])
        if x1 <= x0 or y1 <= y0:
            return
        yy = np.arange(y0, y1, dtype=np.float32)[:, None] + 0.5
        xx = np.arange(x0, x1, dtype=np.float32)[None, :] + 0.5
        best = np.full((y1 - y0, x1 - x0), np.inf, np.float32)
        press = np.zeros((y1 - y0, x1 - x0), np.float32)
        if len(pts) == 1:
            pts = np.vstack([pts, pts + 0.01])
            stroke = Stroke(stroke.points, np.repeat(stroke.pressure[:1], 2))
        for k in range(len(pts) - 1):
            a, b = pts[k], pts[k + 1]
            d = b - a
            length2 = float(d @ d) or 1e-6
            t = np.clip(((xx - a[0]) * d[0] + (yy - a[1]) * d[1]) / length2, 0, 1)
            dist = np.hypot(xx - a[0] - t * d[0], yy - a[1] - t * d[1])
            nearer = dist < best
            best = np.where(nearer, dist, best)
            p = stroke.pressure[k] * (1 - t) + stroke.pressure[k + 1] * t
            press = np.where(nearer, p, press)
        cover = np.clip(half - best + 0.5, 0, 1) * press * load_scale
        layer[y0:y1, x0:x1] += cover

    def reflectance(self, rng: np.random.Generator) -> np.ndarray:
        """What the ink leaves of the paper's light, per pixel and channel (1: no ink)."""
        out = np.ones((*self.shape, 3), np.float32)
        tooth = _tooth(rng)
        for pen, load in self.loads.items():
            rows = np.flatnonzero(load.any(axis=1))
            cols = np.flatnonzero(load.any(axis=0))
            if not len(rows):
                continue
            pad = int(3 * self.ppt)
            y0, y1 = max(rows[0] - pad, 0), rows[-1] + pad + 1
            x0, x1 = max(cols[0] - pad, 0), cols[-1] + pad + 1
            out[y0:y1, x0:x1] *= pen_effect(pen, load[y0:y1, x0:x1], tooth, self.ppt, rng)
        out *= 1 - self.smudge[..., None] * ABSORB["pencil"]
        return out


def _tooth(rng: np.random.Generator) -> np.ndarray:
    """The paper's tooth, 0 (valley) to 1 (peak), in a tile of 256 pixels."""
    t = noise.fbm((256, 256), 3.0, rng, octaves=2, gain=0.6)
    return (1 / (1 + np.exp(-1.8 * t))).astype(np.float32)


def pen_effect(pen: Pen, load: np.ndarray, tooth_tile: np.ndarray, ppt: float,
               rng: np.random.Generator) -> np.ndarray:
    """The reflectance a pen's load leaves (H, W, 3)."""
    if pen.kind == "pencil":
        tooth = noise.tile(tooth_tile, load.shape)
        # a stroke's load reaches the tooth's valleys only when pressed hard
        caught = np.clip((tooth + np.minimum(load, 1.5) - 0.95) / 0.3, 0, 1)
        deposit = caught * np.clip(load * 1.4, 0, 1)
        deposit = 1 - np.exp(-2.2 * deposit)
        deposit /= 1 - np.exp(-2.2)
    elif pen.kind in ("felt", "marker"):
        reach = 0.35 if pen.kind == "felt" else 0.2
        sigma = reach * ppt
        bled = cv2.GaussianBlur(load, (0, 0), sigma)
        fibres = noise.tile(noise.fbm((128, 128), 4.0, rng, octaves=2), load.shape)
        bled *= np.clip(0.75 + 0.25 * fibres, 0.3, 1.3)
        deposit = 1 - np.exp(-2.5 * np.maximum(load, 0.8 * bled))
        deposit /= 1 - np.exp(-2.5)
    else:
        deposit = np.clip(load, 0, 1.2)
    return 1 - pen.darkness * np.clip(deposit, 0, 1.2)[..., None] * ABSORB[pen.kind]


# -- the marks ---------------------------------------------------------------------------

CHECK_STYLES = ("tick", "cross", "slash", "hatch", "ring", "fill", "straddle")


def _path(points: list[tuple[float, float]], rng: np.random.Generator, wobble: float,
          n: int = 14) -> np.ndarray:
    """A hand's path through the points: resampled, bowed a little, shaken a little."""
    p = np.asarray(points, np.float64)
    seg = np.linspace(0, 1, n)
    out = []
    for a, b in pairwise(p):
        bow = rng.normal(0, wobble)
        normal = np.array([-(b - a)[1], (b - a)[0]]) / (np.hypot(*(b - a)) + 1e-9)
        part = a + (b - a) * seg[:, None] + normal * (bow * np.sin(np.pi * seg))[:, None]
        out.append(part if not out else part[1:])
    path = np.vstack(out)
    return path + rng.normal(0, wobble * 0.15, path.shape)


def _pressure(n: int, rng: np.random.Generator, pen: Pen) -> np.ndarray:
    """Pressure along a stroke: pressed in the middle, lighter where the pen lands and lifts;
    a ballpoint skips now and then."""
    t = np.linspace(0, 1, n)
    p = 0.55 + 0.45 * np.sin(np.pi * np.clip(t * 1.15 - 0.05, 0, 1)) ** 0.6
    p *= 1 + rng.normal(0, 0.06, n).cumsum() / np.sqrt(n)
    if pen.kind == "ballpoint":
        p[0] = 1.4
        if n > 6 and rng.random() < 0.5:
            k = rng.integers(1, n - 1)
            p[k:k + 2] *= 0.15
    return np.clip(p, 0.05, 1.5).astype(np.float32)


def check_mark(style: str, box: Field, rng: np.random.Generator, neat: bool = False
               ) -> list[np.ndarray]:
    """A mark's paths in page points, in the box (or across its edge, for straddle);
    `neat`: well inside the box, barely shaken (a player marking a small box between
    others)."""
    def at(u: float, v: float) -> tuple[float, float]:
        return (box.x0 + u * box.w, box.y0 + v * box.h)

    m = rng.uniform(0.22, 0.3) if neat else rng.uniform(0.08, 0.22)
    wob = (0.015 if neat else 0.06) * min(box.w, box.h)
    if style == "tick":
        return [_path([at(0.15 + m / 2, 0.5), at(0.42, 0.85 - m / 2),
                       at(0.9 - m / 2, 0.1 + m)], rng, wob)]
    if style == "cross":
        return [_path([at(m, m), at(1 - m, 1 - m)], rng, wob),
                _path([at(1 - m, m), at(m, 1 - m)], rng, wob)]
    if style == "slash":
        return [_path([at(1 - m, m), at(m, 1 - m)], rng, wob)]
    if style == "hatch":
        angle = np.deg2rad(rng.uniform(25, 65))
        du, dv = float(np.cos(angle)), -float(np.sin(angle))
        lines = int(rng.integers(3, 7))
        lo, hi = m, 1 - m
        out = []
        for k in range(lines):
            c = ((k + 0.5) / lines - 0.5) * 1.1 * (hi - lo)
            pu, pv = 0.5 - dv * c, 0.5 + du * c
            # the stretch of the line through (pu, pv) that stays in the box's middle
            along_u = sorted(((lo - pu) / du, (hi - pu) / du))
            along_v = sorted(((lo - pv) / dv, (hi - pv) / dv))
            t0, t1 = max(along_u[0], along_v[0]), min(along_u[1], along_v[1])
            if t1 - t0 < 0.1:
                continue
            out.append(_path([at(pu + du * t0, pv + dv * t0), at(pu + du * t1, pv + dv * t1)],
                             rng, wob * 0.5, 8))
        return out
    if style == "ring":
        r = rng.uniform(0.3, 0.4)
        a = rng.uniform(0, 2 * np.pi) + np.linspace(0, 2 * np.pi * 1.15, 24)
        pts = [at(0.5 + r * np.cos(t), 0.5 + r * np.sin(t)) for t in a]
        return [np.asarray(pts) + rng.normal(0, wob * 0.2, (24, 2))]
    if style == "fill":
        rows = int(rng.integers(5, 9))
        zig = []
        for k in range(rows + 1):
            v = 0.12 + 0.76 * k / rows
            zig += [at(0.12, v), at(0.88, v + 0.38 / rows)]
        return [_path(zig, rng, wob * 0.3, 5)]
    if style == "straddle":
        # a cross or a tick whose ends go 10-30 % of the box past one of its edges
        a = rng.uniform(0, 2 * np.pi)
        du, dv = np.cos(a) * rng.uniform(0.1, 0.3), np.sin(a) * rng.uniform(0.1, 0.3)
        base = check_mark(str(rng.choice(["cross", "tick", "slash"])), box, rng)
        return [np.column_stack([p[:, 0] + du * box.w, p[:, 1] + dv * box.h]) for p in base]
    raise ValueError(style)


def _dense(path: np.ndarray, step: float = 0.4) -> np.ndarray:
    """The path's points, and enough between them that none is `step` points from the next."""
    out = [path[:1]]
    for a, b in pairwise(path):
        n = max(1, int(np.ceil(np.hypot(*(b - a)) / step)))
        out.append(a + (b - a) * (np.arange(1, n + 1) / n)[:, None])
    return np.vstack(out)


def keep_clear(paths: list[np.ndarray], box: Field, others: list[Field], pen: Pen
               ) -> tuple[list[np.ndarray], float]:
    """The mark shrunk toward its box's centre until no other field's box holds any of it
    (a mark past its own box's edge must not become another field's mark), and the scale
    it took."""
    cx, cy = (box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2
    reach = pen.width / 2 + (1.4 if pen.kind in ("felt", "marker") else 0.5)
    near = [f for f in others if f.x0 < box.x1 + 40 and f.x1 > box.x0 - 40
            and f.y0 < box.y1 + 40 and f.y1 > box.y0 - 40]
    scale = 1.0
    for _ in range(16):
        pts = np.vstack([_dense(p) for p in paths])
        hit = any(((pts[:, 0] > f.x0 - reach) & (pts[:, 0] < f.x1 + reach)
                   & (pts[:, 1] > f.y0 - reach) & (pts[:, 1] < f.y1 + reach)).any()
                  for f in near)
        if not hit:
            return paths, scale
        paths = [np.column_stack([cx + (p[:, 0] - cx) * 0.88, cy + (p[:, 1] - cy) * 0.88])
                 for p in paths]
        scale *= 0.88
    return paths, scale


def written(text: str, box: Field, rng: np.random.Generator, lines: int = 1
            ) -> list[np.ndarray]:
    """A value handwritten in a written field: on its writing lines (an endgame attempt's
    dice on the first, its aids on the second), in the middle of a circle or box."""
    parts = [t.strip() for t in text.split(";")] if lines == 2 else [text]
    parts = [p for p in parts if p]
    if len(parts) > 2:   # every aid on the second line: the value holds them all
        parts = [parts[0], "; ".join(parts[1:])]
    if lines == 2 and len(parts) == 1 and glyphs.text_width(parts[0]) * 0.36 * box.h > box.w:
        words = parts[0].split(" ")
        parts = [" ".join(words[:len(words) // 2]), " ".join(words[len(words) // 2:])]
    out: list[np.ndarray] = []
    for k, part in enumerate(parts):
        if lines == 2:
            height = min(box.h * 0.34, (box.w - 5) / (glyphs.text_width(part) + 0.3))
            base = box.y0 + box.h * (0.44 if k == 0 else 0.93) - rng.uniform(0.5, 2)
            x = box.x0 + rng.uniform(1.5, 4)
        else:
            height = min(box.h * rng.uniform(0.5, 0.68),
                         (box.w - 4) / (glyphs.text_width(part) + 0.3))
            width = glyphs.text_width(part) * height
            x = box.x0 + (box.w - width) / 2 + rng.normal(0, 0.5)
            base = box.y0 + (box.h + height) / 2 + rng.normal(0, 0.4)
            if box.w > 4 * box.h:
                x = box.x0 + rng.uniform(3, 10)
                base = box.y1 - rng.uniform(1.5, 2.5)
                height = min(height, box.h * 0.75)
        out += glyphs.write(part, x, base, height, rng, slant=float(rng.uniform(0, 0.25)))
    # a stroke never leaves its box: the field holds the whole value
    return [np.column_stack([np.clip(p[:, 0], box.x0 + 1, box.x1 - 1),
                             np.clip(p[:, 1], box.y0 + 1, box.y1 - 1)]) for p in out]


def food_ring(boxes: tuple[Field, Field], rng: np.random.Generator) -> np.ndarray:
    """A ring round an eaten food's name, above its two boxes, as the sheet asks (ink near
    the fields, in none of them)."""
    left, right = boxes
    cx = (left.x0 + right.x1) / 2 + rng.normal(0, 2)
    top = min(left.y0, right.y0)
    cy, ry = top - 9.5, 5.0
    rx = (right.x1 - left.x0) / 2 * rng.uniform(0.55, 0.75)
    a = rng.uniform(0, 2 * np.pi) + np.linspace(0, 2 * np.pi * 1.1, 30)
    pts = np.column_stack([cx + rx * np.cos(a), cy + ry * np.sin(a)])
    pts[:, 1] = np.minimum(pts[:, 1], top - 3.0)
    return pts + rng.normal(0, 0.3, pts.shape)


def strokes_of(paths: list[np.ndarray], pen: Pen, rng: np.random.Generator) -> list[Stroke]:
    return [Stroke(p.astype(np.float64), _pressure(len(p), rng, pen)) for p in paths if len(p)]


def erase(drawing: Drawing, pen: Pen, paths: list[np.ndarray], rng: np.random.Generator
          ) -> None:
    """A pencil mark rubbed out: a trace of its graphite, smeared flat over the paper."""
    layer = np.zeros(drawing.shape, np.float32)
    for s in strokes_of(paths, pen, rng):
        drawing.stroke(pen, s, into=layer)
    left = rng.uniform(0.04, 0.1) * pen.darkness
    drawing.smudge += cv2.GaussianBlur(layer, (0, 0), rng.uniform(0.6, 1.3) * drawing.ppt) * left
