"""Home printers and paper: what the rendered sheet becomes on a printed page.

The render is taken as the print's transmittance in linear light (1: no ink). Each printer
changes it as its own defect does:
- **laser**: colour toner, its planes a fraction of a pixel out of register, a toner grain;
- **inkjet-low**: one colour cartridge nearly empty (its share of every colour weak; black,
  from its own cartridge, unharmed) and horizontal banding from the print head's passes,
  with a few dead nozzles' white lines;
- **toner-save**: every colour printed at 40-70 % of its density, as a dot pattern;
- **mono**: a black-and-white laser printing the colour sheet, its greys as a dot screen;
- **fit to page** (any printer): the page shrunk to 93-97 % and printed off centre; the
  field boxes move with it.
The paper has its own white, tint and fibres.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from bench.photo2 import noise


@dataclass(frozen=True)
class Printer:
    kind: str  # laser, inkjet-low, toner-save, mono
    density: float  # toner-save's share; otherwise the print's strength
    weak_channel: int  # inkjet-low: 0 cyan, 1 magenta, 2 yellow (-1: none)
    weak: float  # what is left of that cartridge's colour
    banding: float  # inkjet-low: how much of the ink a pass's band loses
    fit: float  # fit to page: the scale (1.0: printed at 100 %)
    offset: tuple[float, float]  # fit to page: the print's shift from centre, points

    @staticmethod
    def pick(kind: str, rng: np.random.Generator, fit: bool) -> Printer:
        scale = float(rng.uniform(0.93, 0.97)) if fit else 1.0
        offset = (0.0, 0.0)
        if fit:
            offset = (float(rng.uniform(-1, 1) * 10), float(rng.uniform(-1, 1) * 12))
        return Printer(
            kind,
            float(rng.uniform(0.40, 0.70) if kind == "toner-save" else rng.uniform(0.9, 1.1)),
            int(rng.integers(0, 3)) if kind == "inkjet-low" else -1,
            float(rng.uniform(0.15, 0.5)),
            float(rng.uniform(0.12, 0.4)) if kind == "inkjet-low" else 0.0,
            scale, offset)

    def place(self, x: float, y: float, page: tuple[float, float]) -> tuple[float, float]:
        """Where a point of the sheet (page points) lands on the printed paper."""
        cx, cy = page[0] / 2, page[1] / 2
        return (cx + (x - cx) * self.fit + self.offset[0],
                cy + (y - cy) * self.fit + self.offset[1])

    def as_dict(self) -> dict[str, object]:
        return {"kind": self.kind, "density": round(self.density, 3),
                "weak_channel": "cmy"[self.weak_channel] if self.weak_channel >= 0 else None,
                "weak": round(self.weak, 3) if self.weak_channel >= 0 else None,
                "banding": round(self.banding, 3), "fit": round(self.fit, 4),
                "offset": [round(v, 2) for v in self.offset]}


_V = np.arange(256, dtype=np.float64) / 255
_LINEAR = np.where(_V <= 0.04045, _V / 12.92, ((_V + 0.055) / 1.055) ** 2.4).astype(np.float32)


def to_linear(srgb: np.ndarray) -> np.ndarray:
    """sRGB bytes in linear light."""
    return _LINEAR[srgb]


def _dots(shape: tuple[int, int], ppt: float, angle: float, lpi: float) -> np.ndarray:
    """A printer's dot screen, -1..1, `lpi` lines an inch at `angle` degrees (a tile
    repeated: its seams vanish under the camera's blur)."""
    period = 72 * ppt / lpi
    yy, xx = np.mgrid[0:384, 0:384].astype(np.float32)
    a = np.deg2rad(angle)
    u = (xx * np.cos(a) + yy * np.sin(a)) * (2 * np.pi / period)
    v = (-xx * np.sin(a) + yy * np.cos(a)) * (2 * np.pi / period)
    return noise.tile((np.cos(u) * np.cos(v)).astype(np.float32), shape)


def print_page(render: np.ndarray, printer: Printer, ppt: float, page: tuple[float, float],
               rng: np.random.Generator) -> np.ndarray:
    """The print's transmittance (H, W, 3, linear light) of an sRGB render."""
    t = to_linear(render)
    shape = t.shape[:2]
    density = -np.log(np.clip(t, 1e-3, 1))
    if printer.kind == "laser":
        density *= printer.density
        for c in range(3):
            dx, dy = rng.uniform(-0.45, 0.45, 2)
            m = np.float32([[1, 0, dx], [0, 1, dy]])
            density[..., c] = cv2.warpAffine(density[..., c], m, shape[::-1],
                                             flags=cv2.INTER_LINEAR,
                                             borderMode=cv2.BORDER_REPLICATE)
        grain = noise.tile(noise.fbm((128, 128), 1.5, rng, octaves=2), shape)
        density *= (1 + 0.08 * grain)[..., None]
    elif printer.kind == "inkjet-low":
        black = density.min(axis=2, keepdims=True)
        colour = density - black
        colour[..., printer.weak_channel] *= printer.weak
        density = black * printer.density + colour
        rows = np.arange(shape[0], dtype=np.float32) / ppt  # points
        pass_height = rng.uniform(18, 40)
        phase = rng.uniform(0, pass_height)
        edge = np.abs(((rows + phase) % pass_height) - pass_height / 2) / (pass_height / 2)
        band = 1 - printer.banding * np.clip((edge - 0.7) / 0.3, 0, 1) ** 2
        band *= 1 - printer.banding * 0.5 * (0.5 + 0.5 * np.sin(rows / pass_height * 2 * np.pi
                                                              * rng.uniform(0.3, 0.6)))
        dead = rng.uniform(0, shape[0], int(rng.integers(3, 12))).astype(int)
        band[dead] *= rng.uniform(0.1, 0.5)
        density *= band[:, None, None]
    elif printer.kind == "toner-save":
        cover = 1 - np.exp(-density)
        dots = _dots(shape, ppt, 45.0, rng.uniform(100, 150))
        cover = cover * printer.density * (1 + 0.35 * dots)[..., None]
        density = -np.log(np.clip(1 - cover, 1e-3, 1))
    elif printer.kind == "mono":
        grey = 0.2126 * t[..., 0] + 0.7152 * t[..., 1] + 0.0722 * t[..., 2]
        cover = (1 - grey) ** rng.uniform(0.8, 1.0) * printer.density
        mid = 4 * cover * (1 - cover)
        cover = np.clip(cover * (1 + 0.3 * mid * _dots(shape, ppt, 45.0, 120.0)), 0, 1)
        density = np.repeat(-np.log(np.clip(1 - cover, 1e-3, 1))[..., None], 3, axis=2)
    out = np.exp(-np.maximum(density, 0)).astype(np.float32)
    if printer.fit != 1.0:
        cx, cy = page[0] / 2 * ppt, page[1] / 2 * ppt
        s = printer.fit
        m = np.float32([[s, 0, cx - s * cx + printer.offset[0] * ppt],
                        [0, s, cy - s * cy + printer.offset[1] * ppt]])
        out = cv2.warpAffine(out, m, shape[::-1], flags=cv2.INTER_AREA,
                             borderMode=cv2.BORDER_CONSTANT, borderValue=(1.0, 1.0, 1.0))
    return out


@dataclass(frozen=True)
class Paper:
    white: float
    tint: tuple[float, float, float]
    fibres: float

    @staticmethod
    def pick(rng: np.random.Generator) -> Paper:
        tints = [(1.0, 0.99, 0.955), (0.975, 0.99, 1.0), (0.99, 0.975, 0.93), (1.0, 1.0, 1.0)]
        return Paper(float(rng.uniform(0.84, 0.92)), tints[int(rng.integers(len(tints)))],
                     float(rng.uniform(0.004, 0.015)))

    def reflectance(self, shape: tuple[int, int], ppt: float, rng: np.random.Generator
                    ) -> np.ndarray:
        """The paper's reflectance (H, W, 3): its white, tint and cloud of fibres."""
        small = (max(8, shape[0] // 4), max(8, shape[1] // 4))
        cloud = noise.fbm(small, 5.0 * ppt / 4, rng, octaves=4, gain=0.55)
        cloud = cv2.resize(cloud, shape[::-1], interpolation=cv2.INTER_LINEAR)
        base = self.white * (1 + self.fibres * cloud)
        return base[..., None] * np.asarray(self.tint, np.float32)[None, None, :]
