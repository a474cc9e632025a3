"""A phone photographing the printed page on a table.

- **geometry**: the page lies in the table's plane (millimetres, x right, y down the page,
  z away from the camera), lifted toward the camera where it curls; a pinhole camera
  (rotation angles, focal length from a phone's 24-28 mm equivalent, principal point a
  little off centre) is aimed at the page from the height at which the page fills the
  chosen share of the frame; Brown-Conrady lens distortion (radial k1, k2; tangential
  p1, p2). The photo is drawn by finding, for every pixel, the point of the table it sees:
  the forward projection is inverted by a fixed-point iteration on a coarse grid;
- **light**: ambient light, a lamp (inverse square and the cosine of the surface's own
  normal, so a curled edge is lit differently), a window's broad gradient, each its own
  colour; the shadow of a hand or a phone (a soft-edged shape blocking the lamp);
  vignetting;
- **sensor**: defocus and motion blur, a Bayer mosaic with shot and read noise, bilinear
  demosaicing, automatic white balance that corrects the light's colour only in part, the
  tone curve, sharpening, JPEG; a copy sent through a messaging app (1,280 pixels on the
  long side, JPEG quality 40).
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field

import cv2
import numpy as np
from PIL import Image

from bench.photo2 import noise

MM_PER_PT = 25.4 / 72
GRID = 8  # the coarse grid's step, pixels


@dataclass
class Shot:
    """Everything about one photo, drawn from the seed."""

    size: tuple[int, int]  # width, height in pixels
    focal_equiv: float  # mm, 35 mm equivalent
    roll: float  # degrees: the page's turn in the frame
    pitch: float  # degrees
    yaw: float  # degrees
    fill: float  # the page's share of the frame
    centre: tuple[float, float]  # where the page's centre lands, share of the frame
    k1: float
    k2: float
    p1: float
    p2: float
    curl_edge: int  # 0 top, 1 right, 2 bottom, 3 left
    curl_height: float  # mm
    curl_extent: float  # share of the page
    ambient: float
    lamp: float
    lamp_at: tuple[float, float, float]  # mm, over the page's centre
    lamp_colour: tuple[float, float, float]
    window: float
    window_dir: float  # degrees
    window_colour: tuple[float, float, float]
    shadow: str  # "", "hand", "phone"
    shadow_depth: float
    shadow_soft: float  # mm
    vignette: float
    defocus: float  # pixels (Gaussian sigma)
    motion: float  # pixels
    motion_angle: float  # degrees
    full_well: float  # electrons at the paper's white: fewer is a dimmer, noisier photo
    read_noise: float  # electrons
    awb: float  # the share of the light's colour the phone corrects
    sharpen: float
    quality: int
    messaging: bool
    table: str
    extra: dict[str, object] = field(default_factory=dict)

    def as_dict(self) -> dict[str, object]:
        out: dict[str, object] = {}
        for k, v in vars(self).items():
            if k == "extra":
                continue
            if isinstance(v, float):
                v = round(v, 5)
            elif isinstance(v, tuple):
                v = [round(x, 4) if isinstance(x, float) else x for x in v]
            out[k] = v
        out.update(self.extra)
        return out


def _rotation(roll: float, pitch: float, yaw: float) -> np.ndarray:
    r, p, y = np.deg2rad([roll, pitch, yaw])
    rz = np.array([[np.cos(r), -np.sin(r), 0], [np.sin(r), np.cos(r), 0], [0, 0, 1]])
    rx = np.array([[1, 0, 0], [0, np.cos(p), -np.sin(p)], [0, np.sin(p), np.cos(p)]])
    ry = np.array([[np.cos(y), 0, np.sin(y)], [0, 1, 0], [-np.sin(y), 0, np.cos(y)]])
    return rz @ rx @ ry


class Camera:
    """The pinhole camera of a shot, placed over a page of `page_mm` (width, height)."""

    def __init__(self, shot: Shot, page_mm: tuple[float, float]) -> None:
        self.shot = shot
        self.page = page_mm
        w, h = shot.size
        self.f = shot.focal_equiv / 43.27 * float(np.hypot(w, h))
        self.c = np.array([w * 0.504, h * 0.497])  # a lens is never quite centred
        self.r = _rotation(shot.roll, shot.pitch, shot.yaw)
        self.target = np.array([page_mm[0] / 2, page_mm[1] / 2, 0.0])
        self.distance = 400.0
        self.offset = np.zeros(2)
        for _ in range(4):
            corners = self.project(*self._corners(), distort=False)
            span = corners.max(axis=0) - corners.min(axis=0)
            self.distance *= float(max(span[0] / w, span[1] / h) / shot.fill)
        corners = self.project(*self._corners(), distort=False)
        want = np.array([shot.centre[0] * w, shot.centre[1] * h])
        self.offset = want - (corners.max(axis=0) + corners.min(axis=0)) / 2

    def _corners(self) -> tuple[np.ndarray, np.ndarray]:
        pw, ph = self.page
        return np.array([0, pw, pw, 0.0]), np.array([0, 0, ph, ph], np.float64)

    def _curl(self, x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """How far into the curl each point lies (1 at the curled edge, 0 where the curl
        starts, unclipped), and whether it is on the page: what `lift` and `slope` share."""
        s = self.shot
        pw, ph = self.page
        inward = [y / ph, 1 - x / pw, 1 - y / ph, x / pw][s.curl_edge]
        inside = (x >= 0) & (x <= pw) & (y >= 0) & (y <= ph)
        return (s.curl_extent - inward) / s.curl_extent, inside

    def lift(self, x: np.ndarray, y: np.ndarray, beyond: bool = False) -> np.ndarray:
        """The page's height above the table (mm) where it curls; `beyond`: the page's
        surface carried on past its edges (where the page is looked for, so that the
        search has one answer near a lifted edge)."""
        s = self.shot
        into, inside = self._curl(x, y)
        t = np.clip(into, 0, 1)
        if beyond:
            return s.curl_height * t * t
        return np.where(inside, s.curl_height * t * t, 0.0)

    def slope(self, x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The page's slope where it curls (dz/dx, dz/dy at points of its surface, mm per
        mm), from `lift`'s own formula: the same whichever way the camera is turned (a
        difference along the photo's rows, divided by how far x moves along them, is no
        slope when the page lies across the photo: x hardly moves there)."""
        s = self.shot
        pw, ph = self.page
        if s.curl_height <= 0:
            return np.zeros_like(x), np.zeros_like(y)
        t, inside = self._curl(x, y)
        # how `inward` (`_curl`) grows along x and y, for each curled edge
        dx, dy = [(0.0, 1 / ph), (-1 / pw, 0.0), (0.0, -1 / ph), (1 / pw, 0.0)][s.curl_edge]
        rise = np.where(inside & (t > 0) & (t < 1), -2 * s.curl_height * t / s.curl_extent, 0.0)
        return rise * dx, rise * dy

    def project(self, x: np.ndarray, y: np.ndarray, distort: bool = True,
                lifted: bool = True) -> np.ndarray:
        """Image pixels (n, 2) of points of the page's surface (mm; `lifted`: where it
        curls) or, not lifted, of the table's plane."""
        z = -self.lift(x, y, beyond=True) if lifted else np.zeros_like(x)
        world = np.stack([x, y, z], axis=-1) - self.target
        cam = world @ self.r.T
        cam[..., 2] += self.distance
        a, b = cam[..., 0] / cam[..., 2], cam[..., 1] / cam[..., 2]
        if distort:
            s = self.shot
            r2 = a * a + b * b
            radial = 1 + s.k1 * r2 + s.k2 * r2 * r2
            a, b = (a * radial + 2 * s.p1 * a * b + s.p2 * (r2 + 2 * a * a),
                    b * radial + s.p1 * (r2 + 2 * b * b) + 2 * s.p2 * a * b)
        return np.stack([self.f * a + self.c[0] + self.offset[0],
                         self.f * b + self.c[1] + self.offset[1]], axis=-1)

    def _flat_inverse(self, uv: np.ndarray) -> np.ndarray:
        """The table's plane point (mm) an undistorted pinhole pixel sees."""
        a = (uv[..., 0] - self.c[0] - self.offset[0]) / self.f
        b = (uv[..., 1] - self.c[1] - self.offset[1]) / self.f
        ray = np.stack([a, b, np.ones_like(a)], axis=-1) @ self.r  # camera -> world
        origin = -np.array([0, 0, self.distance]) @ self.r + self.target
        t = -origin[2] / ray[..., 2]
        return origin[:2] + ray[..., :2] * t[..., None]

    def table_points(self, lifted: bool = True) -> tuple[np.ndarray, np.ndarray]:
        """For every pixel of the coarse grid, the point (mm) of the page's surface it sees
        (`lifted`) or of the table's plane."""
        w, h = self.shot.size
        us = (np.arange(w // GRID) + 0.5) * GRID - 0.5
        vs = (np.arange(h // GRID) + 0.5) * GRID - 0.5
        uv = np.stack(np.meshgrid(us, vs), axis=-1)
        goal = self._flat_inverse(uv)
        p = goal.copy()
        for _ in range(12):
            seen = self.project(p[..., 0], p[..., 1], lifted=lifted)
            p = p + goal - self._flat_inverse(seen)
        return p[..., 0], p[..., 1]

    def corners_px(self) -> list[list[float]]:
        """The page's corners TL, TR, BR, BL in the photo, flat and without the lens."""
        pts = self.project(*self._corners(), distort=False, lifted=False)
        return [[round(float(u), 2), round(float(v), 2)] for u, v in pts]


def _upsample(coarse: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    return cv2.resize(coarse.astype(np.float32), size, interpolation=cv2.INTER_LINEAR)


def _table(kind: str, shape: tuple[int, int], rng: np.random.Generator) -> np.ndarray:
    """A table's linear reflectance, a texture of 1 mm pixels."""
    h, w = shape
    if kind == "wood":
        grain = noise.fbm(shape, 30, rng, octaves=4, stretch=8.0)
        rings = np.sin(grain * 3 + noise.fbm(shape, 120, rng, octaves=2) * 2)
        base = np.array([0.30, 0.17, 0.08]) * rng.uniform(0.6, 1.4)
        return (base * (1 + 0.25 * rings[..., None])).astype(np.float32)
    if kind == "cloth":
        yy, xx = np.mgrid[0:h, 0:w]
        weave = 0.5 + 0.25 * (np.sin(xx * 2.1) + np.sin(yy * 2.1))
        colours = [(0.05, 0.12, 0.3), (0.35, 0.05, 0.05), (0.1, 0.25, 0.1), (0.4, 0.38, 0.33)]
        base = np.array(colours[int(rng.integers(len(colours)))])
        mottle = noise.fbm(shape, 40, rng, octaves=3)
        return (base * (0.85 + 0.15 * weave[..., None]) * (1 + 0.1 * mottle[..., None])
                ).astype(np.float32)
    if kind == "dark":
        base = np.array([0.04, 0.04, 0.045])
        return (base * (1 + 0.2 * noise.fbm(shape, 20, rng, octaves=3)[..., None])
                ).astype(np.float32)
    base = np.array([0.55, 0.55, 0.52]) * rng.uniform(0.5, 1.1)  # a plain desk
    return (base * (1 + 0.05 * noise.fbm(shape, 60, rng, octaves=3)[..., None])
            ).astype(np.float32)


def _inside_rect(x: np.ndarray, y: np.ndarray, w: float, h: float) -> np.ndarray:
    """Distance (mm) outside the rectangle [0,w]x[0,h]; 0 inside."""
    dx = np.maximum(np.maximum(-x, x - w), 0)
    dy = np.maximum(np.maximum(-y, y - h), 0)
    return np.hypot(dx, dy)


def _shadow(kind: str, x: np.ndarray, y: np.ndarray, page: tuple[float, float],
            soft: float, rng: np.random.Generator) -> np.ndarray:
    """How much of the lamp a hand's or a phone's shadow blocks (0-1) at each point."""
    pw, ph = page
    side = int(rng.integers(4))
    reach = rng.uniform(0.15, 0.4)
    # the shape comes in from one edge of the page: a phone is a rounded oblong, a hand a
    # wide palm on an arm
    ex, ey = [(rng.uniform(0.2, 0.8) * pw, -40.0), (pw + 40, rng.uniform(0.2, 0.8) * ph),
              (rng.uniform(0.2, 0.8) * pw, ph + 40), (-40.0, rng.uniform(0.2, 0.8) * ph)][side]
    inward = [(0, 1), (-1, 0), (0, -1), (1, 0)][side]
    depth = reach * (ph if side % 2 == 0 else pw) + 40
    cx, cy = ex + inward[0] * depth / 2, ey + inward[1] * depth / 2
    if kind == "phone":
        half_along, half_across = depth / 2, rng.uniform(35, 42)
    else:
        half_along, half_across = depth / 2, rng.uniform(45, 70)
    along = (x - cx) * inward[0] + (y - cy) * inward[1]
    across = -(x - cx) * inward[1] + (y - cy) * inward[0]
    d = np.maximum(np.abs(along) - half_along, 0) ** 2
    d = np.sqrt(d + np.maximum(np.abs(across) - half_across, 0) ** 2)
    inner = np.minimum(half_along - np.abs(along), half_across - np.abs(across))
    signed = np.where(d > 0, d, -np.maximum(inner, 0))
    return np.clip(0.5 - signed / soft, 0, 1)


def light(cam: Camera, x: np.ndarray, y: np.ndarray, rng: np.random.Generator
          ) -> np.ndarray:
    """The light falling on each point (coarse grid, 3 channels), the page's white lit to
    about 1 at its centre."""
    s = cam.shot
    z = cam.lift(x, y)
    # the surface's normal toward the camera side (the table's normal is (0, 0, -1))
    nx, ny = cam.slope(x, y)
    norm = np.sqrt(nx * nx + ny * ny + 1)
    lx, ly, lz = s.lamp_at
    vx, vy, vz = lx - x, ly - y, lz - z
    dist = np.sqrt(vx * vx + vy * vy + vz * vz)
    cos = np.clip((-nx * vx - ny * vy + vz) / (norm * dist), 0, 1)
    lamp = s.lamp * cos / dist ** 2 * lz ** 2
    if s.shadow:
        lamp = lamp * (1 - s.shadow_depth * _shadow(s.shadow, x, y, cam.page, s.shadow_soft,
                                                    rng))
    a = np.deg2rad(s.window_dir)
    along = ((x - cam.page[0] / 2) * np.cos(a) + (y - cam.page[1] / 2) * np.sin(a)) / 300
    window = s.window * np.clip(1 + along, 0.2, 2)
    total = (s.ambient * np.ones_like(x))[..., None] * np.ones(3) \
        + lamp[..., None] * np.asarray(s.lamp_colour) \
        + window[..., None] * np.asarray(s.window_colour)
    centre = total[total.shape[0] // 2, total.shape[1] // 2].mean()
    return (total / centre).astype(np.float32)


def _motion_kernel(length: float, angle: float) -> np.ndarray:
    n = int(np.ceil(length)) | 1
    k = np.zeros((n + 2, n + 2), np.float32)
    c = (n + 1) / 2
    a = np.deg2rad(angle)
    for t in np.linspace(-length / 2, length / 2, 4 * n + 1):
        px, py = c + t * np.cos(a), c + t * np.sin(a)
        x0, y0 = int(np.floor(px)), int(np.floor(py))
        fx, fy = px - x0, py - y0
        k[y0, x0] += (1 - fx) * (1 - fy)
        k[y0, x0 + 1] += fx * (1 - fy)
        k[y0 + 1, x0] += (1 - fx) * fy
        k[y0 + 1, x0 + 1] += fx * fy
    return k / k.sum()


def _demosaic(raw: np.ndarray) -> np.ndarray:
    """Bilinear demosaicing of an RGGB mosaic."""
    h, w = raw.shape
    masks = np.zeros((3, h, w), np.float32)
    masks[0, 0::2, 0::2] = 1
    masks[1, 0::2, 1::2] = 1
    masks[1, 1::2, 0::2] = 1
    masks[2, 1::2, 1::2] = 1
    kg = np.array([[0, 1, 0], [1, 4, 1], [0, 1, 0]], np.float32) / 4
    krb = np.array([[1, 2, 1], [2, 4, 2], [1, 2, 1]], np.float32) / 4
    out = np.empty((h, w, 3), np.float32)
    for c, k in ((0, krb), (1, kg), (2, krb)):
        out[..., c] = cv2.filter2D(raw * masks[c], -1, k, borderType=cv2.BORDER_REFLECT)
    return out


_L = np.linspace(0, 1, 4096)
_SRGB = np.where(_L <= 0.0031308, _L * 12.92, 1.055 * np.power(_L, 1 / 2.4) - 0.055
                 ).astype(np.float32)


def srgb(v: np.ndarray) -> np.ndarray:
    """Linear light in sRGB's encoding, 0-1 (through a table of 4,096 steps)."""
    return _SRGB[(np.clip(v, 0, 1) * 4095 + 0.5).astype(np.int32)]


def _encoded(v: float) -> float:
    """sRGB's encoding of one linear value (the formula `srgb`'s table steps through)."""
    return v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055


def _decoded(e: float) -> float:
    """The linear value sRGB encodes as `e`."""
    return e / 12.92 if e <= 0.04045 else ((e + 0.055) / 1.055) ** 2.4


def seen_darkness(darkness: float, white: float) -> float:
    """How much darker than the paper a pen's line shows in the photo's pixel values (sRGB),
    its ink fully laid: `darkness` is the share of the light the pen takes (`ink.Pen`,
    linear), `white` the paper's (`printer.Paper`). A photo measures a pen so (the reader's
    `pen_darkness`; the first generator's `pen_darkness` is its pixels' too), and sRGB is
    flat near white: the light pencil of `hard` and `light`, 0.10-0.30 of the light, shows
    4.5-14.6 % darker than its paper on paper of 0.89 (docs/scan-measurement.md, "Two
    generators' light pencil")."""
    return 1.0 - _encoded(white * (1.0 - darkness)) / _encoded(white)


def darkness_seen(seen: float, white: float) -> float:
    """The share of the light a pen takes whose line shows `seen` darker than its paper in
    the photo's pixels (the inverse of `seen_darkness`)."""
    return 1.0 - _decoded((1.0 - seen) * _encoded(white)) / white


def photograph(page: np.ndarray, ppt: float, page_pt: tuple[float, float], shot: Shot,
               rng: np.random.Generator) -> tuple[bytes, dict[str, object]]:
    """The JPEG of the page (linear reflectance at `ppt` pixels a point) on a table, and
    where the page lies in it."""
    page_mm = (page_pt[0] * MM_PER_PT, page_pt[1] * MM_PER_PT)
    cam = Camera(shot, page_mm)
    w, h = shot.size
    px, py = cam.table_points()
    # what a pixel sees of the page: shrink the render first when the photo is coarser
    px_per_mm_page = ppt / MM_PER_PT
    seen = np.median(np.hypot(np.diff(px, axis=1), np.diff(py, axis=1))) / GRID
    ratio = float(seen * px_per_mm_page)
    if ratio > 1.2:
        page = cv2.GaussianBlur(page, (0, 0), 0.45 * ratio)
    map_x = _upsample(px * px_per_mm_page - 0.5, (w, h))
    map_y = _upsample(py * px_per_mm_page - 0.5, (w, h))
    image = cv2.remap(page, map_x, map_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT,
                      borderValue=(-1.0, -1.0, -1.0))
    del map_x, map_y
    # the table around the page, in millimetre pixels, and the page's own shadow on it
    on_page = _inside_rect(px, py, *page_mm) == 0
    cx, cy = cam.table_points(lifted=False)
    x0, y0 = float(cx.min()) - 5, float(cy.min()) - 5
    tw, th = int(cx.max() - x0) + 10, int(cy.max() - y0) + 10
    scale = max(1.0, max(tw, th) / 2500)
    table = _table(shot.table, (int(th / scale), int(tw / scale)), rng)
    tx = _upsample((cx - x0) / scale, (w, h))
    ty = _upsample((cy - y0) / scale, (w, h))
    table_img = cv2.remap(table, tx, ty, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)
    del tx, ty
    out = _inside_rect(cx - 1.5, cy - 2.0, *page_mm)
    edge_shadow = 1 - 0.45 * np.exp(-out / 3.0) * (out > 0)
    table_img *= _upsample(edge_shadow, (w, h))[..., None]
    outside = image[..., 0] < 0
    image[outside] = table_img[outside]
    del table_img
    # light, lens falloff
    lit = light(cam, np.where(on_page, px, cx), np.where(on_page, py, cy), rng)
    image *= _upsample(lit, (w, h))
    yy, xx = np.mgrid[0:h // GRID, 0:w // GRID].astype(np.float32) * GRID
    r2 = ((xx - cam.c[0]) ** 2 + (yy - cam.c[1]) ** 2) / cam.f ** 2
    vignette = (1 / (1 + r2)) ** 2 * (1 - shot.vignette * r2)
    image *= _upsample(vignette, (w, h))[..., None]
    # optics: focus and the hand's movement
    if shot.defocus > 0.3:
        image = cv2.GaussianBlur(image, (0, 0), shot.defocus)
    if shot.motion > 0.8:
        image = cv2.filter2D(image, -1, _motion_kernel(shot.motion, shot.motion_angle))
    # the sensor: a Bayer mosaic of photons, shot and read noise, demosaiced
    exposure = 0.82 * float(rng.uniform(0.85, 1.1))
    raw = np.empty((h, w), np.float32)
    raw[0::2, 0::2] = image[0::2, 0::2, 0]
    raw[0::2, 1::2] = image[0::2, 1::2, 1]
    raw[1::2, 0::2] = image[1::2, 0::2, 1]
    raw[1::2, 1::2] = image[1::2, 1::2, 2]
    del image
    electrons = np.clip(raw * exposure, 0, None) * shot.full_well
    electrons += rng.standard_normal(raw.shape, dtype=np.float32) * np.sqrt(electrons + 1e-3)
    electrons += rng.standard_normal(raw.shape, dtype=np.float32) * shot.read_noise
    rgb = _demosaic(electrons / shot.full_well)
    del raw, electrons
    # the phone's processing: white balance, tone, sharpening
    colour = np.asarray(shot.extra.get("light_colour", (1.0, 1.0, 1.0)), np.float32)
    gains = (colour[1] / colour) ** shot.awb
    rgb *= gains / exposure
    if shot.sharpen > 0:
        soft = cv2.GaussianBlur(rgb, (0, 0), 1.2)
        rgb += shot.sharpen * (rgb - soft)
    tone = srgb(rgb * 1.02)
    tone = tone + 0.25 * tone * (1 - tone) * (2 * tone - 1)  # a gentle S curve
    pixels = (np.clip(tone, 0, 1) * 255 + 0.5).astype(np.uint8)
    del rgb, tone
    buffer = io.BytesIO()
    Image.fromarray(pixels).save(buffer, "JPEG", quality=shot.quality, subsampling=2)
    data = buffer.getvalue()
    corners = cam.corners_px()
    size = [w, h]
    if shot.messaging:
        img = Image.open(io.BytesIO(data)).convert("RGB")
        k = 1280 / max(w, h)
        small = (round(w * k), round(h * k))
        img = img.resize(small, Image.Resampling.BILINEAR, reducing_gap=2.0)
        buffer = io.BytesIO()
        img.save(buffer, "JPEG", quality=40)
        data = buffer.getvalue()
        corners = [[round(u * k, 2), round(v * k, 2)] for u, v in corners]
        size = list(small)
    return data, {"page_corners": corners, "size": size,
                  "distance_mm": round(cam.distance, 1),
                  "focal_px": round(cam.f, 1)}
